#!/usr/bin/env python3
"""A tap's round trip on the page of `checklist serve`: from the tap on one open page to the
change stored, pushed and shown on another open page, at 1,000 and 100,000 items; median and
worst of 100 taps. Also the first page's size and load time, which must not grow with the list
(it is a window of rows). A benchmark, not a test: it never fails on a timing.

    python3 bench/serve.py [--bin .build/release] [--sizes 1000,100000] [--taps 100]

Needs Chromium (Debian's) and Playwright (PyPI), as the browser test does. Both pages run in
one browser, so one clock (Date.now(), 1 ms) times both ends.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

WAIT = """id => {
  const input = document.getElementById("item-" + id);
  const want = !input.checked;
  window.__seen = new Promise(resolve => {
    const seen = () => {
      if (input.checked === want) {
        document.removeEventListener("checklist:applied", seen);
        resolve(Date.now());
      }
    };
    document.addEventListener("checklist:applied", seen);
  });
}"""

TAP = """id => { const start = Date.now(); document.getElementById("item-" + id).click(); return start; }"""


def run(browser, binary, n, taps):
    folder = tempfile.mkdtemp(prefix="checklist-serve-bench-")
    db = os.path.join(folder, "bench.db")
    titles = "".join("item %d\n" % i for i in range(1, n + 1))
    subprocess.run([binary, "--db", db, "-l", "bench", "add", "-q", "-"], input=titles,
                   text=True, check=True, capture_output=True)
    server = subprocess.Popen([binary, "serve", "--db", db, "-l", "bench", "--port", "0"],
                              stdout=subprocess.PIPE, text=True)
    url = server.stdout.readline().strip()
    try:
        tapping, watching = browser.new_page(), browser.new_page()
        started = time.monotonic()
        response = tapping.goto(url)
        first_load = (time.monotonic() - started) * 1000
        page_bytes = len(response.body())
        watching.goto(url)
        # Let both sockets open before timing.
        for page in (tapping, watching):
            page.wait_for_function("document.getElementById('status').textContent === ''")
        times = []
        for tap in range(taps):
            item = tap % 100 + 1
            watching.evaluate(WAIT, item)
            start = tapping.evaluate(TAP, item)
            seen = watching.evaluate("window.__seen")
            times.append(seen - start)
        return times, first_load, page_bytes
    finally:
        server.terminate()
        server.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--sizes", default="1000,100000")
    parser.add_argument("--taps", type=int, default=100)
    arguments = parser.parse_args()
    binary = os.path.join(arguments.bin, "checklist")
    if not os.path.exists(binary):
        sys.exit("bench/serve.py: no %s (swift build -c release)" % binary)
    with open("/proc/loadavg") as file:
        load = file.read().split()[0]
    print("load average (1 min) at the start: %s" % load)
    print()
    print("| items | tap round trip, median | 90th percentile | worst of %d | first page | its size |"
          % arguments.taps)
    print("| --- | --- | --- | --- | --- | --- |")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--no-sandbox",
            # Each page stands for a phone of its own, in front: no background-tab throttling.
            "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
            "--disable-backgrounding-occluded-windows"])
        for n in (int(size) for size in arguments.sizes.split(",")):
            times, first_load, page_bytes = run(browser, binary, n, arguments.taps)
            times.sort()
            print("| %s | %.0f ms | %.0f ms | %.0f ms (then %s) | %.0f ms | %.1f KB |" % (
                format(n, ","), statistics.median(times), times[int(len(times) * 0.9)], times[-1],
                ", ".join("%d" % t for t in reversed(times[-4:-1])), first_load, page_bytes / 1000))
        browser.close()


if __name__ == "__main__":
    main()
