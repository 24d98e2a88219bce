#!/usr/bin/env python3
"""A tap's round trip on the page of `checklist serve`: from the tap on one open page to the
change stored, pushed and shown on another open page, at 1,000 and 100,000 items; median and
worst of 100 taps. Also the first page's size and load time, which must not grow with the list
(it is a window of rows). A benchmark, not a test: it never fails on a timing.

    python3 bench/serve.py [--bin .build/release] [--sizes 1000,100000] [--taps 100]
                           [--settle 2] [--warmup 0]

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

# Where a slow tap waited: when the tapping page's POST was answered, and when the watching
# page's socket got the pushed state (both on the browser's clock, from the tap).
RECORD_POSTS = """(() => { const fetch = window.fetch; window.__posts = [];
  window.fetch = function (...args) { const start = Date.now();
    return fetch.apply(this, args).then(r => { window.__posts.push([start, Date.now()]); return r; }); }; })();"""
RECORD_PUSHES = """(() => { const Socket = window.WebSocket; window.__pushes = [];
  window.WebSocket = function (...args) { const socket = new Socket(...args);
    socket.addEventListener("message", () => window.__pushes.push(Date.now())); return socket; };
  window.WebSocket.prototype = Socket.prototype; })();"""


def run(browser, binary, n, taps, warmup, settle):
    folder = tempfile.mkdtemp(prefix="checklist-serve-bench-")
    db = os.path.join(folder, "bench.db")
    titles = "".join("item %d\n" % i for i in range(1, n + 1))
    subprocess.run([binary, "--db", db, "-l", "bench", "add", "-q", "-"], input=titles,
                   text=True, check=True, capture_output=True)
    # The new file's pages (10 MB at 100,000 items) go to the disk now, not during the first
    # taps, whose commits would wait behind them (seen: a tap answered after 409 ms).
    os.sync()
    server = subprocess.Popen([binary, "serve", "--db", db, "-l", "bench", "--port", "0"],
                              stdout=subprocess.PIPE, text=True)
    url = server.stdout.readline().strip()
    try:
        tapping, watching = browser.new_page(), browser.new_page()
        tapping.add_init_script(RECORD_POSTS)
        watching.add_init_script(RECORD_PUSHES)
        started = time.monotonic()
        response = tapping.goto(url)
        first_load = (time.monotonic() - started) * 1000
        page_bytes = len(response.body())
        watching.goto(url)
        # Let both sockets open before timing.
        for page in (tapping, watching):
            page.wait_for_function("document.getElementById('status').textContent === ''")
        def tap(item):
            watching.evaluate(WAIT, item)
            start = tapping.evaluate(TAP, item)
            seen = watching.evaluate("window.__seen")
            answered = tapping.evaluate("s => (window.__posts.find(p => p[0] >= s) || [0, NaN])[1] - s", start)
            pushed = watching.evaluate("s => (window.__pushes.find(t => t >= s) || NaN) - s", start)
            return seen - start, answered, pushed

        # A person looks at the page before the first tap. Taps in the first second after both
        # pages open waited behind the browser's and the machine's own settling (up to 408 ms
        # at 100,000 items, 2026-11-26); after 2 s the first tap took at most 52 ms.
        time.sleep(settle)
        # Optional warm-up taps, as hyperfine's warm-up runs, shown apart (none by default).
        warmup_times = [tap(101 + number % 100)[0] for number in range(warmup)]
        times, slowest = [], []
        for number in range(taps):
            total, answered, pushed = tap(number % 100 + 1)
            times.append(total)
            slowest.append((total, number + 1, answered, pushed))
        slowest.sort(reverse=True)
        return times, first_load, page_bytes, slowest[:3], warmup_times
    finally:
        server.terminate()
        server.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--sizes", default="1000,100000")
    parser.add_argument("--taps", type=int, default=100)
    parser.add_argument("--warmup", type=int, default=0, help="untimed taps before the timed ones")
    parser.add_argument("--settle", type=float, default=2.0,
                        help="seconds between the pages showing and the first tap")
    arguments = parser.parse_args()
    binary = os.path.join(arguments.bin, "checklist")
    if not os.path.exists(binary):
        sys.exit("bench/serve.py: no %s (swift build -c release)" % binary)
    with open("/proc/loadavg") as file:
        load = file.read().split()[0]
    print("load average (1 min) at the start: %s" % load)
    print()
    print("first tap %.1f s after the pages show; %d warm-up taps" % (arguments.settle, arguments.warmup))
    print()
    print("| items | tap round trip, median | 90th percentile | worst of %d | first page | its size"
          " | warm-up taps: first, worst |" % arguments.taps)
    print("| --- | --- | --- | --- | --- | --- | --- |")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--no-sandbox",
            # Each page stands for a phone of its own, in front: no background-tab throttling.
            "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
            "--disable-backgrounding-occluded-windows"])
        slow = []
        for n in (int(size) for size in arguments.sizes.split(",")):
            times, first_load, page_bytes, slowest, warmup = run(
                browser, binary, n, arguments.taps, arguments.warmup, arguments.settle)
            times.sort()
            print("| %s | %.0f ms | %.0f ms | %.0f ms (then %s) | %.0f ms | %.1f KB | %s |" % (
                format(n, ","), statistics.median(times), times[int(len(times) * 0.9)], times[-1],
                ", ".join("%d" % t for t in reversed(times[-4:-1])), first_load, page_bytes / 1000,
                "%.0f ms, %.0f ms" % (warmup[0], max(warmup)) if warmup else "none"))
            slow += [(n,) + tap for tap in slowest]
        browser.close()
    print()
    print("The three slowest taps of each run: the POST answered, the state pushed, shown")
    print()
    print("| items | tap | POST answered | pushed state received | shown on the other page |")
    print("| --- | --- | --- | --- | --- |")
    for n, total, tap, answered, pushed in slow:
        shown = lambda value: "-" if value != value else "%.0f ms" % value  # NaN: not recorded
        print("| %s | %d | %s | %s | %.0f ms |" % (format(n, ","), tap, shown(answered), shown(pushed), total))


if __name__ == "__main__":
    main()
