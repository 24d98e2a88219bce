#!/usr/bin/env python3
"""The page of `checklist serve` in a real browser: Chromium (Debian's), driven by Playwright.

Run by .ci/run after `swift test` has built the binaries:
    python3 Tests/browser/test_page.py [--bin .build/debug] [--screenshots DIR]

At 360x740 and 1280x800: a tap is stored; edit mode's "Delete (N)" follows the marks and deletes
exactly the items it counted; a `checklist check` from the command line shows within a second;
the keyboard alone checks and adds; the page without JavaScript still checks an item; no control
is unlabeled (axe-core). Then 20 pages and the command line tap 200 times at once, and the
database and every page agree. Exits 1 on the first failure, naming it.
"""
import argparse
import socket
import json
import urllib.request
import urllib.parse
import zlib
import struct
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from playwright.sync_api import expect, sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def chromium_path():
    for path in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.path.exists(path):
            return path
    sys.exit("test_page: no chromium here (apt-get install chromium)")


class Served:
    """A database and `checklist serve` on it, on a free port."""

    def __init__(self, bin_dir, titles, list_name="camping", db=None):
        self.bin = os.path.join(bin_dir, "checklist")
        self.folder = tempfile.mkdtemp(prefix="checklist-page-")
        self.db = db or os.path.join(self.folder, "c.db")
        self.list = list_name
        if titles:
            subprocess.run([self.bin, "--db", self.db, "-l", list_name, "add", "-q", "-"],
                           input="\n".join(titles) + "\n", text=True, check=True,
                           capture_output=True)
        self.process = subprocess.Popen(
            [self.bin, "serve", "--db", self.db, "-l", list_name, "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            raise AssertionError("serve printed no URL: %r %s" % (self.url, self.process.stderr.read()))

    def checklist(self, *arguments):
        return subprocess.run([self.bin, "--db", self.db, *arguments], check=True,
                              capture_output=True, text=True).stdout

    def items(self):
        """Every stored item: {title: checked}."""
        rows = json.loads(self.checklist("list", "--all", "--format", "json"))
        return {row["title"]: row["isSelected"] for row in rows}

    def stop(self):
        self.process.terminate()
        status = self.process.wait(timeout=10)
        if status != 0:
            raise AssertionError("serve exited %d after SIGTERM" % status)


def row(page, title):
    return page.locator("#rows li").filter(has_text=title)


def wait_for_worker(page, seconds=10):
    """Until a service worker controls the page. Polled with evaluate: wait_for_function, once
    its first look fails, polls with a predicate compiled in the page, which the page's
    policy (no 'unsafe-eval') refuses."""
    deadline = time.time() + seconds
    while not page.evaluate("navigator.serviceWorker.controller !== null"):
        assert time.time() < deadline, "no service worker controls the page"
        time.sleep(0.1)


def rows_id(page, title):
    return row(page, title).get_attribute("data-id")


def check_width(browser, bin_dir, width, height, screenshots):
    served = Served(bin_dir, ["Tent", "Stove", "Map", "Lamp", "Rope", "Sleeping bag"])
    try:
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(served.url)
        expect(page.locator("#counts")).to_have_text("0 of 6 checked")

        # A tap on the row's title is stored, and a second one undoes it.
        with page.expect_response(lambda r: r.url.endswith("/toggle")) as answer:
            row(page, "Stove").locator("label").click()
        assert answer.value.status == 200, answer.value.status
        assert served.items()["Stove"] is True, served.items()
        expect(page.locator("#counts")).to_have_text("1 of 6 checked")
        with page.expect_response(lambda r: r.url.endswith("/toggle")):
            row(page, "Stove").locator("input").click()
        assert served.items()["Stove"] is False

        # Edit mode: mark three, unmark one, delete the two, confirming once.
        # Waits for the new page's load: its script (deferred) has run, so a tap is heard.
        with page.expect_navigation():
            page.get_by_role("link", name="Edit").click()
        delete = page.locator("#delete")
        expect(delete).to_have_text("Delete (0)")
        expect(delete).to_be_disabled()
        for title in ("Tent", "Map", "Lamp"):
            with page.expect_response(lambda r: r.url.endswith("/toggle")):
                row(page, title).locator("label").click()
        expect(delete).to_have_text("Delete (3)")
        with page.expect_response(lambda r: r.url.endswith("/toggle")):
            row(page, "Map").locator("label").click()
        expect(delete).to_have_text("Delete (2)")
        if screenshots:
            page.screenshot(path=os.path.join(screenshots, "serve-%d.png" % width), full_page=True)
        dialogs = []
        page.once("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.accept()))
        with page.expect_response(lambda r: r.url.endswith("/delete")):
            delete.click()
        assert dialogs == ["Delete 2 checked items?"], dialogs
        assert sorted(served.items()) == ["Map", "Rope", "Sleeping bag", "Stove"], served.items()
        expect(page.locator("#rows li")).to_have_count(4)
        expect(delete).to_have_text("Delete (0)")

        # Live: the command line checks Rope; the open page shows it within a second.
        rope = [r for r in json.loads(served.checklist("list", "-l", "camping", "--format", "json"))
                if r["title"] == "Rope"][0]["id"]
        served.checklist("check", "-q", str(rope))
        expect(row(page, "Rope").locator("input")).to_be_checked(timeout=1000)
        expect(page.locator("#counts")).to_have_text("1 of 4 checked", timeout=1000)

        # The keyboard alone: Space on a focused box, and an item added with Enter.
        # Waits for the new page's load: its script (deferred) has run, so a tap is heard.
        with page.expect_navigation():
            page.get_by_role("link", name="Done").click()
        page.locator("#list-menu").focus()
        box = row(page, "Map").locator("input")
        for _ in range(20):
            page.keyboard.press("Tab")
            if box.evaluate("element => element === document.activeElement"):
                break
        else:
            raise AssertionError("Tab never reached Map's checkbox")
        with page.expect_response(lambda r: r.url.endswith("/toggle")):
            page.keyboard.press("Space")
        assert served.items()["Map"] is True
        for _ in range(30):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "new-title":
                break
        else:
            raise AssertionError("Tab never reached the new item's field")
        page.keyboard.type("Headlamp")
        with page.expect_response(lambda r: r.url.endswith("/add")):
            page.keyboard.press("Enter")
        expect(row(page, "Headlamp")).to_have_count(1)
        assert served.items()["Headlamp"] is False

        # Edit mode and its delete by keyboard too: Enter on Edit, Space on a box, Enter on
        # Delete (1), and the confirmation (accepted by the dialog's handler).
        def tab_to(predicate, what):
            for _ in range(40):
                page.keyboard.press("Tab")
                if page.evaluate(predicate):
                    return
            raise AssertionError("Tab never reached " + what)
        tab_to("document.activeElement.id === 'edit'", "Edit")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        tab_to("document.activeElement.value === '%s'" % rows_id(page, "Headlamp"), "Headlamp's box")
        with page.expect_response(lambda r: r.url.endswith("/toggle")):
            page.keyboard.press("Space")
        expect(page.locator("#delete")).to_have_text("Delete (3)")
        tab_to("document.activeElement.id === 'delete'", "Delete")
        page.once("dialog", lambda dialog: dialog.accept())
        with page.expect_response(lambda r: r.url.endswith("/delete")):
            page.keyboard.press("Enter")
        assert sorted(served.items()) == ["Sleeping bag", "Stove"], served.items()

        # No unlabeled control (axe-core's rules for names and labels).
        try:
            from axe_playwright_python.sync_playwright import Axe
            results = Axe().run(page)
            unlabeled = [v for v in results.response["violations"]
                         if v["id"] in ("label", "button-name", "select-name", "link-name",
                                        "input-button-name", "aria-input-field-name")]
            assert not unlabeled, json.dumps(unlabeled, indent=1)
        except ImportError:
            tree = page.accessibility.snapshot()
            def walk(node):
                if node.get("role") in ("checkbox", "radio", "button", "textbox", "combobox", "link"):
                    assert node.get("name"), node
                for child in node.get("children", []):
                    walk(child)
            walk(tree)
        context.close()

        # Without JavaScript: check a box, press Save, the page reloads with it stored.
        context = browser.new_context(viewport={"width": width, "height": height},
                                      java_script_enabled=False)
        page = context.new_page()
        page.goto(served.url)
        row(page, "Stove").locator("input").check()
        with page.expect_navigation():
            page.get_by_role("button", name="Save").click()
        assert served.items()["Stove"] is True, served.items()
        expect(row(page, "Stove").locator("input")).to_be_checked()
        context.close()
        served.stop()
    finally:
        if served.process.poll() is None:
            served.process.kill()


def check_lists_and_failures(browser, bin_dir):
    """Lists switch from the menu; a single-choice list has radio buttons; a tap that cannot be
    saved says so on its row, which goes back to what is stored."""
    served = Served(bin_dir, ["Tent", "Map"])
    try:
        served.checklist("lists", "add", "-q", "tents", "--mode", "single")
        served.checklist("add", "-q", "-l", "tents", "Big", "Small")
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.goto(served.url)
        with page.expect_navigation():
            page.locator("#list-menu").select_option("tents")
        expect(page.locator("#counts")).to_have_text("0 of 2 checked")
        for title in ("Big", "Small"):
            with page.expect_response(lambda r: r.url.endswith("/toggle")):
                row(page, title).locator("label").click()
            expect(row(page, title).locator("input[type=radio]")).to_be_checked()
        expect(row(page, "Big").locator("input")).not_to_be_checked()
        stored = json.loads(served.checklist("list", "-l", "tents", "--format", "json"))
        assert [r["title"] for r in stored if r["isSelected"]] == ["Small"], stored

        with page.expect_navigation():
            page.locator("#list-menu").select_option("camping")
        # Issue 32, 16: a failed add is said beside the add form, and goes as one types again.
        page.fill("#new-title", "   ")
        with page.expect_response(lambda r: r.url.endswith("/add")):
            page.click("#add-form button")
        expect(page.locator("#add-form #add-note")).to_contain_text("Not added", timeout=3000)
        expect(page.locator("#status")).to_be_empty()
        page.fill("#new-title", "Rope")
        expect(page.locator("#add-note")).to_be_empty()
        served.process.kill()
        served.process.wait()
        # Issue 32, 15: said before anyone taps; a failed tap's note in the page's words, under
        # the title, which keeps its width; nothing wider than the screen.
        expect(page.locator("#status")).to_contain_text("cannot be reached", timeout=3000)
        header = page.locator("header").bounding_box()
        notice = page.locator("#status").bounding_box()
        assert notice["y"] >= header["y"] + header["height"], "the status line covers the header"
        # Issue 32, 12: a tap the server cannot take now is kept on the phone and said so.
        row(page, "Map").locator("label").click()
        expect(page.locator("#pending")).to_have_text(
            "1 tap not sent yet: kept on this phone, and sent when the server is back.",
            timeout=3000)
        expect(row(page, "Map").locator("input")).to_be_checked()
        assert served.items()["Map"] is False
        pending = page.locator("#pending").bounding_box()
        assert pending["y"] >= header["y"] + header["height"], "the pending line covers the header"
        title = row(page, "Map").locator("label").bounding_box()
        whole = row(page, "Map").bounding_box()
        assert title["width"] >= 0.6 * whole["width"], (title, whole)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.close()
    finally:
        if served.process.poll() is None:
            served.process.kill()


def check_link_and_storage(browser, bin_dir):
    """Issue 32, 9 and 11: once loaded, the link's secret leaves the address bar and a reload
    still opens the page; the link lasts across a restart of serve, and the open page keeps
    working; a link replaced by `serve --new-link` makes the open page say so. Issue 48, 4: no
    cookie holds the secret (a browser sends a host's cookies to every port of it): another
    server on another port of the same host is sent nothing, and its page holds no link."""
    served = Served(bin_dir, ["Tent", "Map"])
    second = None
    other = None
    try:
        secret = served.url.rstrip("/").rsplit("/", 1)[1]
        root = served.url[:-len(secret) - 1]
        context = browser.new_context(viewport={"width": 360, "height": 740})
        page = context.new_page()
        page.goto(served.url)
        expect(page).to_have_url(root)
        assert secret not in page.url, page.url
        assert context.cookies() == [], context.cookies()
        assert page.evaluate("localStorage.getItem('checklist-link')") == secret
        page.reload()
        expect(page.locator("#counts")).to_have_text("0 of 2 checked")
        assert secret not in page.url, page.url
        # Another service on another port of 127.0.0.1 (here a second serve of another file):
        # every request the browser makes to it carries no secret, and its page holds no link.
        other = Served(bin_dir, ["Rope"])
        other_root = other.url[:other.url.index("/", len("http://"))] + "/"
        seen = []
        page.on("request", lambda r: seen.append(r.headers) if r.url.startswith(other_root) else None)
        page.goto(other_root)
        expect(page.locator("#boot")).to_contain_text("holds no link for this address")
        assert seen and all(secret not in str(headers) for headers in seen), seen
        page.goto(root)
        expect(page.locator("#counts")).to_have_text("0 of 2 checked")
        with page.expect_response(lambda r: r.url == root + "toggle") as answer:
            row(page, "Tent").locator("label").click()
        assert answer.value.status == 200 and served.items()["Tent"] is True, served.items()
        assert secret not in page.url, page.url

        # A restart on the same port: the same link, and the open page carries on.
        port = root.rsplit(":", 1)[1].strip("/")
        served.stop()
        served.process = subprocess.Popen(
            [served.bin, "serve", "--db", served.db, "-l", "camping", "--port", port],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = served.process.stdout.readline()
        assert "still works" in line, line
        served.checklist("check", "-q", "2")
        expect(row(page, "Map").locator("input")).to_be_checked(timeout=8000)
        expect(page.locator("#status")).to_have_text("")
        page.reload()
        expect(page.locator("#counts")).to_have_text("2 of 2 checked")

        # serve --new-link elsewhere: the open page says its link was replaced, not Reconnecting.
        second = subprocess.Popen(
            [served.bin, "serve", "--db", served.db, "-l", "camping", "--port", "0", "--new-link"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        new = second.stdout.readline().strip()
        assert secret not in new and new.startswith("http://127.0.0.1:"), new
        expect(page.locator("#status")).to_contain_text("link was replaced", timeout=5000)
        expect(page.locator("#status")).to_contain_text("checklist serve --new-link")
        expect(row(page, "Tent").locator("input")).to_be_disabled()
        page.reload()
        expect(page.locator("body")).to_contain_text("This page's link was replaced")
        page.goto(new)
        expect(page.locator("#counts")).to_have_text("2 of 2 checked")
        context.close()
        served.stop()
    finally:
        for process in (served.process, second, other and other.process):
            if process is not None and process.poll() is None:
                process.kill()


def check_person_undo(browser, bin_dir):
    """Issue 32, 10: a person's link; the page offers Undo of that person's own newest change,
    and says why when another author has changed the same item since."""
    served = Served(bin_dir, ["Tent", "Map"])
    try:
        served.stop()
        served.process = subprocess.Popen(
            [served.bin, "serve", "--db", served.db, "-l", "camping", "--port", "0", "--person", "ana"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = served.process.stdout.readline().strip()
        assert line.startswith("ana: http://127.0.0.1:"), line
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.goto(line.split(" ", 1)[1])
        expect(page.locator("#person")).to_have_text("Your changes are recorded as ana")
        with page.expect_response(lambda r: r.url.endswith("/toggle")):
            row(page, "Tent").locator("label").click()
        assert served.items()["Tent"] is True
        history = served.checklist("history")
        assert "  ana  checked 1 item (ID 1)" in history.splitlines()[0], history
        with page.expect_response(lambda r: r.url.endswith("/undo")):
            page.get_by_role("button", name="Undo my last change").click()
        expect(page.locator("#status")).to_have_text("Undone: checked 1 item (ID 1)")
        expect(row(page, "Tent").locator("input")).not_to_be_checked()
        assert served.items()["Tent"] is False

        with page.expect_response(lambda r: r.url.endswith("/toggle")):
            row(page, "Map").locator("label").click()
        served.checklist("uncheck", "-q", "2")
        expect(row(page, "Map").locator("input")).not_to_be_checked(timeout=3000)
        with page.expect_response(lambda r: r.url.endswith("/undo")) as answer:
            page.get_by_role("button", name="Undo my last change").click()
        assert answer.value.status == 409, answer.value.status
        expect(page.locator("#status")).to_contain_text("Not undone:")
        assert served.items() == {"Tent": False, "Map": False}, served.items()
        page.close()
        served.stop()
    finally:
        if served.process.poll() is None:
            served.process.kill()


def check_edit_mode(browser, bin_dir):
    """Issue 32, 18: edit mode on the page moves an item up and down (live, the page's own
    order follows), renames one in a field of its own, and a single-choice list's None clears
    its choice; at 360 px the title keeps room beside the controls."""
    served = Served(bin_dir, ["Tent", "Stove", "Map"])
    try:
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.goto(served.url)
        # Waits for the new page's load: its script (deferred) has run, so a tap is heard.
        with page.expect_navigation():
            page.get_by_role("link", name="Edit").click()
        expect(page.locator("#rows li button.up").first).to_be_disabled()
        order = lambda: [li.get_attribute("data-id") for li in page.locator("#rows li").all()]
        with page.expect_response(lambda r: r.url.endswith("/move")):
            row(page, "Stove").get_by_role("button", name="Move up").click()
        expect(page.locator("#rows li").first).to_contain_text("Stove")
        assert order() == ["2", "1", "3"], order()
        listed = served.checklist("-l", "camping", "list")
        assert listed.splitlines()[0].endswith("Stove"), listed
        with page.expect_response(lambda r: r.url.endswith("/move")):
            row(page, "Tent").get_by_role("button", name="Move down").click()
        expect(page.locator("#rows li").last).to_contain_text("Tent")
        assert order() == ["2", "3", "1"], order()
        # The controls follow the new order: the first row cannot go up, the last not down.
        expect(row(page, "Stove").get_by_role("button", name="Move up")).to_be_disabled()
        expect(row(page, "Tent").get_by_role("button", name="Move down")).to_be_disabled()
        title = row(page, "Map").locator("label")
        label_width = title.bounding_box()["width"]
        assert label_width >= 100, label_width
        row(page, "Map").get_by_role("link", name="Rename").click()
        field = page.get_by_label("New title")
        expect(field).to_have_value("Map")
        expect(field).to_be_focused()
        field.fill("Trail")
        # The list changes elsewhere while the title is typed (the row being renamed moves to
        # the top): the field keeps its focus and what was typed, and typing goes on in it.
        # (The page's first update once moved every row, and a focused field lost its focus.)
        served.checklist("-l", "camping", "move", "3", "--to", "1")
        expect(page.locator("#rows li").first).to_have_attribute("data-id", "3")
        assert order() == ["3", "2", "1"], order()
        expect(field).to_be_focused()
        expect(field).to_have_value("Trail")
        field.press_sequentially(" map")
        expect(field).to_have_value("Trail map")
        # Saved, then the list page reopened at its clean address (the boot page reads it with
        # the kept secret): a chain of requests a loaded machine may take seconds over.
        with page.expect_response(lambda r: r.url.endswith("/rename")) as renamed:
            page.get_by_role("button", name="Save").click()
        assert renamed.value.status in (200, 303), renamed.value.status
        try:
            expect(row(page, "Trail map")).to_have_count(1, timeout=15000)
        except AssertionError:
            print("the page after the rename (%s): %r" % (page.url, page.locator("body").inner_text()[:400]))
            raise
        assert "Trail map" in served.items(), served.items()
        # A tap in edit mode still checks, and the title field never sent a tap.
        assert served.checklist("history").splitlines()[0].split("  ")[-1].startswith("renamed"), \
            served.checklist("history")
        served.checklist("lists", "add", "tent", "--mode", "single")
        served.checklist("-l", "tent", "add", "-q", "Big", "Small")
        page.goto(served.url.rsplit("/", 1)[0] + "/?list=tent")
        expect(page.locator("#none")).to_be_disabled()
        with page.expect_response(lambda r: r.url.endswith("/toggle")):
            row(page, "Small").locator("label").click()
        expect(page.locator("#none")).to_be_enabled()
        with page.expect_response(lambda r: r.url.endswith("/none")):
            page.locator("#none").click()
        expect(row(page, "Small").locator("input")).not_to_be_checked()
        expect(page.locator("#none")).to_be_disabled()
        assert served.items()["Small"] is False, served.items()
        page.close()
        served.stop()
    finally:
        if served.process.poll() is None:
            served.process.kill()


def check_quantities_and_notes(browser, bin_dir):
    """Contract v5, "Quantities and notes": the page shows each item's quantity and note after
    its title, follows a change made elsewhere live, and edit mode's Rename changes the title,
    the quantity and the note as one change (one line of history, undone as one)."""
    served = Served(bin_dir, ["Tent", "Socks"])
    try:
        served.checklist("set", "-q", "2", "--quantity", "5", "--note", "borrow Ben's")
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.goto(served.url)
        expect(row(page, "Socks").locator("label")).to_have_text("Socks ×5 — borrow Ben's")
        expect(row(page, "Tent").locator("label")).to_have_text("Tent")
        # Changed elsewhere: the open page follows, as it follows checks.
        served.checklist("set", "-q", "1", "--quantity", "2")
        expect(row(page, "Tent").locator("label")).to_have_text("Tent ×2")
        served.checklist("set", "-q", "1", "--quantity", "1")
        expect(row(page, "Tent").locator("label")).to_have_text("Tent")
        with page.expect_navigation():
            page.get_by_role("link", name="Edit").click()
        row(page, "Socks").get_by_role("link", name="Rename").click()
        quantity, note = page.get_by_label("Quantity"), page.get_by_label("Note")
        expect(quantity).to_have_value("5")
        expect(note).to_have_value("borrow Ben's")
        page.get_by_label("New title").fill("Wool socks")
        quantity.fill("3")
        note.fill("")
        with page.expect_response(lambda r: r.url.endswith("/rename")) as renamed:
            page.get_by_role("button", name="Save").click()
        assert renamed.value.status in (200, 303), renamed.value.status
        expect(row(page, "Wool socks").locator("label")).to_have_text("Wool socks ×3", timeout=15000)
        listed = json.loads(served.checklist("list", "--format", "json", "-l", "camping"))
        socks = [item for item in listed if item["id"] == 2][0]
        assert socks["title"] == "Wool socks" and socks["quantity"] == 3 and "note" not in socks, socks
        history = served.checklist("history").splitlines()
        assert history[0].endswith("renamed item 2 to 'Wool socks'; set quantity of 1 item to 3"
                                   " and note to ''"), history
        served.checklist("undo", "-q")
        expect(row(page, "Socks").locator("label")).to_have_text("Socks ×5 — borrow Ben's")
        page.close()
        served.stop()
    finally:
        if served.process.poll() is None:
            served.process.kill()


def png_size(data):
    """The PNG's width after checking it as a decoder would: signature, every chunk's CRC, and
    the image data inflated by zlib to the size its header says."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, width = 8, b"", None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        assert zlib.crc32(kind + body) == crc, kind
        if kind == b"IHDR":
            width, height, depth = struct.unpack(">IIB", body[:9])
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    assert len(zlib.decompress(idat)) == height * (1 + (width * depth + 7) // 8)
    return width


def check_installable_and_offline(browser, bin_dir):
    """Issue 32, 13: the page is installable (Chrome's own check finds nothing missing; the
    icons decode), and once its service worker runs, the list opens with what the phone saw
    last when the server is gone."""
    served = Served(bin_dir, ["Tent", "Stove"])
    try:
        context = browser.new_context(viewport={"width": 360, "height": 740})
        page = context.new_page()
        page.goto(served.url)
        expect(row(page, "Tent")).to_have_count(1)
        origin = "/".join(served.url.split("/")[:3])
        for size in (192, 512):
            with urllib.request.urlopen("%s/icon-%d.png" % (origin, size)) as answer:
                assert png_size(answer.read()) == size
        with urllib.request.urlopen(origin + "/favicon.ico") as answer:
            assert answer.status == 200
        # Chrome's own installability check, in a profile of its own (a test context is
        # incognito, which Chrome reports first and alone).
        profile = tempfile.mkdtemp(prefix="checklist-profile-")
        installing = browser.browser_type.launch_persistent_context(
            profile, executable_path=chromium_path(), args=["--no-sandbox"])
        try:
            tab = installing.new_page()
            tab.goto(served.url)
            expect(row(tab, "Tent")).to_have_count(1)
            session = installing.new_cdp_session(tab)
            errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert errors == [], errors
            manifest = session.send("Page.getAppManifest")
            assert manifest["url"].endswith("/manifest.webmanifest"), manifest
            assert not manifest["errors"], manifest["errors"]
        finally:
            installing.close()
            shutil.rmtree(profile, ignore_errors=True)
        wait_for_worker(page)
        page.reload()
        expect(row(page, "Stove")).to_have_count(1)
        served.checklist("-l", "camping", "check", "-q", "1")
        expect(row(page, "Tent").locator("input")).to_be_checked(timeout=3000)
        page.reload()
        expect(row(page, "Tent").locator("input")).to_be_checked()
        served.stop()
        page.reload()
        expect(row(page, "Tent").locator("input")).to_be_checked()
        expect(row(page, "Stove")).to_have_count(1)
        expect(page.locator("#status")).to_contain_text("cannot be reached", timeout=5000)
        # The page's own reads are never answered from what was kept: a tap stays unsent (a
        # kept state would have looked like the server's answer).
        row(page, "Stove").locator("label").click()
        expect(page.locator("#pending")).to_contain_text("1 tap not sent yet", timeout=3000)
        page.wait_for_timeout(1500)
        expect(page.locator("#pending")).to_contain_text("1 tap not sent yet")
        expect(row(page, "Stove").locator("input")).to_be_checked()
        assert served.items()["Stove"] is False
        context.close()
    finally:
        if served.process.poll() is None:
            served.process.kill()


def check_taps_kept_offline(browser, bin_dir, width=360, height=740):
    """Issue 32, 12 and 13: taps made while the server is stopped are kept in the page, shown as
    not sent yet, and kept across a reload (the service worker opens the page with no server,
    with the state the phone saw last); when the server is back they are all stored, in the
    order they were made and at the times they were made, and those that lost to a later
    change made elsewhere meanwhile (a later uncheck, a delete) are said, with who and when."""
    served = Served(bin_dir, ["Tent", "Stove", "Map", "Rope"])
    try:
        served.checklist("check", "-q", "2")
        root = served.url.rstrip("/").rsplit("/", 1)[0] + "/"
        port = root.rsplit(":", 1)[1].strip("/")
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(served.url)
        wait_for_worker(page)
        page.reload()
        expect(page.locator("#counts")).to_have_text("1 of 4 checked")
        # A change the page sees live, after its load: the kept state is newer than the page.
        served.checklist("check", "-q", "4")
        expect(page.locator("#counts")).to_have_text("2 of 4 checked", timeout=3000)
        last = json.loads(served.checklist("history", "--format", "json"))[0]["id"]
        served.stop()
        expect(page.locator("#status")).to_contain_text("cannot be reached", timeout=5000)
        # Issue 48, 13: while taps wait, the count agrees with the boxes.
        row(page, "Tent").locator("label").click()
        expect(page.locator("#pending")).to_contain_text("1 tap not sent yet", timeout=3000)
        expect(page.locator("#counts")).to_have_text("3 of 4 checked")
        page.wait_for_timeout(30)
        for title in ("Stove", "Tent", "Tent", "Map", "Rope"):
            row(page, title).locator("label").click()
            page.wait_for_timeout(30)
        expect(page.locator("#pending")).to_contain_text("6 taps not sent yet", timeout=3000)
        # Elsewhere, meanwhile: Map checked and unchecked after the page's check of it, Rope
        # deleted after the page's uncheck of it.
        served.checklist("check", "-q", "3")
        served.checklist("uncheck", "-q", "3")
        served.checklist("delete", "-q", "4")
        page.reload()
        expect(page.locator("#pending")).to_contain_text("6 taps not sent yet", timeout=5000)
        expect(page.locator("#counts")).to_have_text("2 of 4 checked")
        for title, checked in (("Tent", True), ("Stove", False), ("Map", True), ("Rope", False)):
            box = row(page, title).locator("input")
            (expect(box).to_be_checked if checked else expect(box).not_to_be_checked)()
        assert served.items() == {"Tent": False, "Stove": True, "Map": False}, served.items()
        served.process = subprocess.Popen(
            [served.bin, "serve", "--db", served.db, "-l", "camping", "--port", port],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        served.process.stdout.readline()
        expect(page.locator("#pending")).to_be_empty(timeout=15000)
        lost = page.locator("#lost li")
        expect(lost).to_have_count(2, timeout=3000)
        user = json.loads(served.checklist("history", "--format", "json"))[0]["author"]
        expect(lost.nth(0)).to_contain_text("“Map”: your check at ")
        expect(lost.nth(0)).to_contain_text("was not kept; %s unchecked it at " % user)
        expect(lost.nth(1)).to_contain_text("“Rope”: your uncheck at ")
        expect(lost.nth(1)).to_contain_text("%s deleted it at " % user)
        assert served.items() == {"Tent": True, "Stove": False, "Map": False}, served.items()
        expect(page.locator("#counts")).to_have_text("1 of 3 checked")
        # Stored in order, each at the time it was made (before the server was back).
        history = json.loads(served.checklist("history", "--format", "json"))
        taps = [entry for entry in history if entry["id"] > last
                and entry["description"].endswith(("(ID 1)", "(ID 2)"))]
        taps.sort(key=lambda entry: entry["id"])
        described = [(entry["command"], entry["description"]) for entry in taps]
        assert described[:4] == [("check", "checked 1 item (ID 1)"),
                                 ("uncheck", "unchecked 1 item (ID 2)"),
                                 ("uncheck", "unchecked 1 item (ID 1)"),
                                 ("check", "checked 1 item (ID 1)")], described
        times = [entry["createdAt"] for entry in taps[:4]]
        assert times == sorted(times) and len(set(times)) == 4, times
        # The page's taps were made before the uncheck of Map elsewhere.
        elsewhere = [entry for entry in history if entry["description"] == "checked 1 item (ID 3)"
                     and entry["id"] > last]
        assert elsewhere and times[-1] < elsewhere[0]["createdAt"], (times, elsewhere)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.reload()
        expect(page.locator("#pending")).to_be_empty()
        context.close()
        served.stop()
    finally:
        if served.process.poll() is None:
            served.process.kill()


def check_taps_kept_while_busy(browser, bin_dir):
    """Issue 32, 12 and 15: a tap the server answers "not now" (503: the database held locked by
    another process past the 5 s busy timeout) is kept too, said beside the rows, and sent
    again until it is stored."""
    import sqlite3
    served = Served(bin_dir, ["Tent", "Stove"])
    try:
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.goto(served.url)
        expect(page.locator("#counts")).to_have_text("0 of 2 checked")
        holder = sqlite3.connect(served.db, isolation_level=None, timeout=10)
        holder.execute("BEGIN IMMEDIATE")
        try:
            with page.expect_response(lambda r: r.url.endswith("/toggle"), timeout=15000) as answer:
                row(page, "Stove").locator("label").click()
            assert answer.value.status == 503, answer.value.status
            expect(page.locator("#status")).to_contain_text("busy or cannot be reached")
            expect(page.locator("#pending")).to_contain_text("1 tap not sent yet")
            expect(row(page, "Stove").locator("input")).to_be_checked()
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        expect(page.locator("#pending")).to_be_empty(timeout=15000)
        expect(page.locator("#status")).to_be_empty()
        expect(page.locator("#counts")).to_have_text("1 of 2 checked")
        assert served.items()["Stove"] is True, served.items()
        page.close()
        served.stop()
    finally:
        if served.process.poll() is None:
            served.process.kill()


def check_long_list_and_quick_taps(browser, bin_dir):
    """A 250-item list: the first page has 200 rows and "Next items"; a tap there is stored
    and the page keeps its 50 rows. Two quick taps on one row end as the box shows."""
    served = Served(bin_dir, ["item %d" % n for n in range(1, 251)])
    try:
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.goto(served.url)
        expect(page.locator("#rows li")).to_have_count(200)
        box = page.locator("#item-7")
        with page.expect_response(lambda r: r.url.endswith("/toggle")) as second:
            box.click()
            box.click()
        page.wait_for_timeout(300)
        expect(box).not_to_be_checked()
        assert served.items()["item 7"] is False, "two taps: unchecked, as the box shows"
        with page.expect_navigation():
            page.get_by_role("link", name="Next items").click()
        expect(page.locator("#rows li")).to_have_count(50)
        with page.expect_response(lambda r: r.url.endswith("/toggle")):
            page.locator("#item-230").click()
        page.wait_for_timeout(300)
        expect(page.locator("#rows li")).to_have_count(50)
        assert served.items()["item 230"] is True
        served.checklist("check", "-q", "240")
        expect(page.locator("#item-240")).to_be_checked(timeout=1000)
        # Issue 32, 19: where the window is, and the way back; nothing wider than the screen.
        expect(page.locator("#range")).to_have_text("Items 201–250 of 250")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        with page.expect_navigation():
            page.get_by_role("link", name="Previous items").click()
        expect(page.locator("#range")).to_have_text("Items 1–200 of 250")
        expect(page.locator("#rows li")).to_have_count(200)
        page.close()
        served.stop()
    finally:
        if served.process.poll() is None:
            served.process.kill()


def check_without_javascript(browser, bin_dir):
    """Issue 32, 17: without JavaScript at 360 px, nothing is wider than the screen, in the
    list and in edit mode, and Delete (N) can be reached."""
    served = Served(bin_dir, ["Tent", "A title long enough to wrap over two or three lines of a phone", "Stove"])
    try:
        served.checklist("check", "-q", "1")
        context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
        page = context.new_page()
        for query in ("", "?edit=1"):
            page.goto(served.url + query)
            wide = page.evaluate("[...document.querySelectorAll('body *')]"
                                 ".filter(e => e.getBoundingClientRect().right > 360.5).map(e => e.tagName + '#' + e.id)")
            assert wide == [], "wider than 360 px without JavaScript%s: %r" % (query, wide)
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
        expect(page.locator("#delete")).to_be_visible()
        expect(page.locator("#delete")).to_have_text("Delete (1)")
        # Without a script nothing but the address can hold the link's secret (issue 48, 4: no
        # cookie, which every port of the host would be sent): Save leads back under it.
        page.goto(served.url)
        page.locator("#item-3").check()
        page.click("#save")
        page.wait_for_load_state()
        secret = urllib.parse.urlsplit(served.url).path.strip("/")
        assert urllib.parse.urlsplit(page.url).path == "/%s/" % secret, page.url
        expect(page.locator("#item-3")).to_be_checked()
        assert context.cookies() == [], context.cookies()
        # A Save that cannot be done (the item was deleted elsewhere) is a page with the reason
        # and the way back to the list, not a dead end of plain text.
        served.checklist("delete", "-q", "2")
        page.locator("#item-2").check()
        page.click("#save")
        expect(page.locator("#gone")).to_contain_text("the item is gone (deleted elsewhere)")
        page.click("#back")
        expect(page.locator("#item-2")).to_have_count(0)
        expect(page.locator("#item-3")).to_be_checked()
        context.close()
        served.stop()
    finally:
        if served.process.poll() is None:
            served.process.kill()


def check_drag_reorder(browser, bin_dir):
    """Issue 51, 3 (contract v5, "The page"): in edit mode a row is moved by dragging its
    handle, with the mouse at 1280x800 and by touch at 360x740: the row follows the pointer,
    the rows it passes make room, and where it is let go is the order `checklist list` shows;
    ↑ and ↓ stay."""
    served = Served(bin_dir, ["Tent", "Stove", "Map", "Rope"])
    try:
        listed = lambda: [line.split(" ", 3)[3] for line in
                          served.checklist("-l", "camping", "list").splitlines()]
        for width, height, touch in ((1280, 800, False), (360, 740, True)):
            context = browser.new_context(viewport={"width": width, "height": height},
                                          has_touch=touch)
            page = context.new_page()
            page.goto(served.url + "?edit=1")
            expect(page.locator("#rows li .handle")).to_have_count(4)
            expect(page.locator("#rows li button.up").first).to_be_visible()
            titles = lambda: [t.strip() for t in page.locator("#rows li label").all_inner_texts()]
            before = titles()
            # The last row, taken by its handle, is put first.
            moving, first = before[-1], before[0]
            handle = row(page, moving).locator(".handle").bounding_box()
            x, y = handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2
            top = row(page, first).bounding_box()["y"] + 2
            steps = [y - (y - top) * k / 8 for k in range(1, 9)]
            if touch:
                cdp = context.new_cdp_session(page)
                touches = lambda kind, at: cdp.send("Input.dispatchTouchEvent", {
                    "type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": x, "y": at}]})
                touches("touchStart", y)
                for at in steps:
                    touches("touchMove", at)
            else:
                page.mouse.move(x, y)
                page.mouse.down()
                for at in steps:
                    page.mouse.move(x, at)
            # Mid-drag: the row follows the pointer, and the first row made room below.
            held = row(page, moving).bounding_box()
            assert abs(held["y"] + held["height"] / 2 - steps[-1]) < held["height"], (held, steps[-1])
            room = page.evaluate("getComputedStyle(document.querySelector('#rows li')).transform")
            assert room not in ("none", ""), room
            with page.expect_response(lambda r: r.url.endswith("/move")) as answer:
                if touch:
                    touches("touchEnd", steps[-1])
                else:
                    page.mouse.up()
            assert answer.value.status == 200, answer.value.status
            expected = [moving] + before[:-1]
            expect(page.locator("#rows li").first).to_contain_text(moving)
            assert titles() == expected, (titles(), expected)
            assert listed() == expected, (listed(), expected)
            # A row dropped where it was taken moves nothing.
            handle = row(page, expected[1]).locator(".handle")
            box = handle.bounding_box()
            if not touch:
                page.mouse.move(box["x"] + 5, box["y"] + 5)
                page.mouse.down()
                page.mouse.move(box["x"] + 5, box["y"] + 8)
                page.mouse.up()
                assert listed() == expected, listed()
            expect_within(page, width, "edit mode with handles, %d px" % width)
            context.close()
        served.stop()
    finally:
        if served.process.poll() is None:
            served.process.kill()


def check_long_names(browser, bin_dir):
    """Issue 48, 12 and issue 51, 3 (contract v5, "The page"): a long list name or title never
    makes the page wider than the window, at 360x740 and at 1280x800, with or without
    JavaScript, in the list and in edit mode (the list menu included), and a failed tap's note
    keeps it so; the full name stays readable (the page's title line). Names of 200
    characters, one with no space to break at."""
    unbroken = "Wrappingpaperforthebigpresentsunderthetreeandribbons" * 5
    for long_name, title in (("Christmas at grandma's: presents and food", unbroken[:62]),
                             (("Christmas at grandma's: presents, food and " + unbroken)[:200],
                              unbroken[:200])):
        served = Served(bin_dir, ["Tent", title], list_name=long_name)
        try:
            served.checklist("-l", "short", "add", "-q", "Map")
            for width, height in ((360, 740), (1280, 800)):
                for scripts in (True, False):
                    context = browser.new_context(java_script_enabled=scripts,
                                                  viewport={"width": width, "height": height})
                    page = context.new_page()
                    for query in ("", "?edit=1"):
                        page.goto(served.url + query)
                        where = "%d px, JavaScript %s%s, %d characters" % (
                            width, scripts, query, len(long_name))
                        expect_within(page, width, where)
                        menu = page.locator("#list-menu").bounding_box()
                        assert menu["x"] + menu["width"] <= width + 0.5, (where, menu)
                        assert long_name in page.title(), (where, page.title())
                    if scripts:
                        # A tap the server refuses: its note goes under the title, the page
                        # keeps its width. (The state read next would clear the note, as the
                        # page does once the server answers again: that read fails here, so
                        # the note stays to be measured, on a loaded machine too; so does
                        # the live updates' socket, which pushes states.)
                        page.route_web_socket("**/events", lambda socket: None)
                        page.goto(served.url)
                        page.route("**/toggle", lambda route: route.fulfill(
                            status=409, content_type="application/json",
                            body='{"error": "the list changed meanwhile; nothing changed"}'))
                        page.route("**/state?*", lambda route: route.abort())
                        row(page, title).locator("label").click()
                        expect(row(page, title).locator(".note")).not_to_be_empty()
                        expect_within(page, width, "%d px, a refused tap's note" % width)
                    context.close()
            served.stop()
        finally:
            if served.process.poll() is None:
                served.process.kill()


def expect_within(page, width, where):
    """Every element of the page ends within `width` pixels, and the page does not scroll
    sideways."""
    wide = page.evaluate("(w) => [...document.querySelectorAll('body *')]"
                         ".filter(e => e.getBoundingClientRect().right > w + 0.5)"
                         ".map(e => e.tagName + '#' + e.id + ' ' + "
                         "Math.round(e.getBoundingClientRect().right))", width)
    assert wide == [], "wider than %d px (%s): %r" % (width, where, wide)
    assert page.evaluate("document.documentElement.scrollWidth") <= width, where


def check_two_links_in_one_browser(browser, bin_dir):
    """Issue 48, 5: ana's and ben's links opened in one browser, ben's last: ana's open page
    stays ana's (its taps and a reload of its tab), never acting as ben; a forged change that
    names ana with ben's secret is refused and said."""
    served = Served(bin_dir, ["Tent", "Map"])
    try:
        served.stop()
        served.process = subprocess.Popen(
            [served.bin, "serve", "--db", served.db, "-l", "camping", "--port", "0",
             "--person", "ana", "--person", "ben"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        links = dict(served.process.stdout.readline().strip().split(": ", 1) for _ in range(2))
        context = browser.new_context(viewport={"width": 360, "height": 740})
        ana = context.new_page()
        ana.goto(links["ana"])
        expect(ana.locator("#person")).to_have_text("Your changes are recorded as ana")
        ben = context.new_page()
        ben.goto(links["ben"])
        expect(ben.locator("#person")).to_have_text("Your changes are recorded as ben")
        with ana.expect_response(lambda r: r.url.endswith("/toggle")) as answer:
            row(ana, "Tent").locator("label").click()
        assert answer.value.status == 200, answer.value.status
        assert served.items()["Tent"] is True, served.items()
        history = served.checklist("history")
        assert "ana" in history and "ben" not in history, history
        ana.reload()
        expect(ana.locator("#person")).to_have_text("Your changes are recorded as ana")
        ben.reload()
        expect(ben.locator("#person")).to_have_text("Your changes are recorded as ben")
        # A page that says it is ana's but sends ben's secret: refused, nothing changed.
        answer = ben.evaluate("""async () => {
            const body = new URLSearchParams({ id: "2", to: "checked", list: "camping", person: "ana" });
            const response = await fetch("/toggle", { method: "POST", body, headers: {
                "Accept": "application/json", "X-Checklist-Link": localStorage.getItem("checklist-link") } });
            return [response.status, (await response.json()).error];
        }""")
        assert answer[0] == 409 and "ana's link" in answer[1], answer
        assert served.items()["Map"] is False, served.items()
        context.close()
        served.stop()
    finally:
        if served.process.poll() is None:
            served.process.kill()


def check_through_caddy(browser, bin_dir):
    """Issue 32, 14: the page behind Caddy over HTTPS, as the README shows it (Debian's caddy,
    `tls internal`): it loads, a tap is stored, and a change made elsewhere arrives over the
    secure web socket."""
    served = Served(bin_dir, ["Tent", "Stove"])
    caddy = None
    folder = tempfile.mkdtemp(prefix="checklist-caddy-")
    try:
        upstream = served.url.split("/")[2]  # 127.0.0.1:PORT
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        caddyfile = os.path.join(folder, "Caddyfile")
        with open(caddyfile, "w") as f:
            f.write("{\n\tadmin off\n\tskip_install_trust\n\tstorage file_system %s\n}\n" % folder
                    + "https://localhost:%d {\n\ttls internal\n\treverse_proxy %s\n}\n" % (port, upstream))
        caddy = subprocess.Popen(["caddy", "run", "--config", caddyfile, "--adapter", "caddyfile"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                 env={**os.environ, "HOME": folder, "XDG_DATA_HOME": folder,
                                      "XDG_CONFIG_HOME": folder})
        url = "https://localhost:%d/%s" % (port, served.url.split("/", 3)[3])
        # Caddy's own authority is not one this browser trusts: a browser of its own that takes
        # the certificate as a trusted one would (a service worker is refused on a certificate
        # error, whatever the context allows).
        trusting = browser.browser_type.launch(
            executable_path=chromium_path(), args=["--no-sandbox", "--ignore-certificate-errors"])
        context = trusting.new_context(ignore_https_errors=True, viewport={"width": 360, "height": 740})
        page = context.new_page()
        for attempt in range(100):
            try:
                page.goto(url)
                break
            except Exception:
                if caddy.poll() is not None:
                    raise AssertionError("caddy exited: " + caddy.stderr.read())
                time.sleep(0.1)
        assert page.url.startswith("https://"), page.url
        expect(page.locator("#rows li")).to_have_count(2)
        with page.expect_response(lambda r: r.url.endswith("/toggle")) as answer:
            row(page, "Stove").locator("label").click()
        assert answer.value.status == 200, answer.value.status
        assert served.items()["Stove"] is True
        served.checklist("check", "-q", "1")
        expect(row(page, "Tent").locator("input")).to_be_checked(timeout=3000)
        # Issue 32, 13: over HTTPS the service worker opens the list with no connection at all
        # (Caddy gone too), with what the phone saw last, and a tap made then is kept and sent
        # once the way to the server is back.
        wait_for_worker(page)
        page.reload()
        expect(row(page, "Tent").locator("input")).to_be_checked()
        served.checklist("uncheck", "-q", "1")
        expect(row(page, "Tent").locator("input")).not_to_be_checked(timeout=3000)
        caddy.terminate()
        caddy.wait(timeout=10)
        page.reload()
        expect(row(page, "Tent").locator("input")).not_to_be_checked()
        expect(page.locator("#status")).to_contain_text("cannot be reached", timeout=5000)
        row(page, "Tent").locator("label").click()
        expect(page.locator("#pending")).to_contain_text("1 tap not sent yet", timeout=3000)
        assert served.items()["Tent"] is False
        caddy = subprocess.Popen(["caddy", "run", "--config", caddyfile, "--adapter", "caddyfile"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                 env={**os.environ, "HOME": folder, "XDG_DATA_HOME": folder,
                                      "XDG_CONFIG_HOME": folder})
        expect(page.locator("#pending")).to_be_empty(timeout=15000)
        assert served.items()["Tent"] is True, served.items()
        # Issue 48, 9: serve stopped behind a running Caddy (its 502): a reload opens the list
        # the phone saw last and says the server cannot be reached, not Caddy's error page; a
        # tap made then is sent once serve is back, by the page reopened only then.
        served.process.terminate()
        served.process.wait(timeout=10)
        page.reload()
        expect(row(page, "Tent").locator("input")).to_be_checked(timeout=5000)
        expect(page.locator("#status")).to_contain_text("cannot be reached", timeout=5000)
        row(page, "Stove").locator("label").click()
        expect(page.locator("#pending")).to_contain_text("1 tap not sent yet", timeout=3000)
        served.process = subprocess.Popen(
            [served.bin, "serve", "--db", served.db, "-l", served.list, "--port",
             upstream.split(":")[1]], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert served.process.stdout.readline().startswith("http://127.0.0.1:")
        # The reopened page has not been told the server was away, so it shows nothing
        # pending: the kept tap's answer is what is waited for.
        with page.expect_response(lambda r: r.url.endswith("/toggle"), timeout=15000) as sent:
            page.reload()
        assert sent.value.status == 200, sent.value.status
        expect(page.locator("#pending")).to_be_empty()
        assert served.items()["Stove"] is False, served.items()
        context.close()
        trusting.close()
        served.stop()
    finally:
        if caddy is not None and caddy.poll() is None:
            caddy.terminate()
            caddy.wait(timeout=10)
        if served.process.poll() is None:
            served.process.kill()


def check_identity_and_live_menu(browser, bin_dir):
    """Issue 32, 7 and 8: the page follows its list by identity, and its menu is live. A rename
    elsewhere shows the new name and a tap and an add still land in the list; a list added
    elsewhere joins the menu; a delete elsewhere is said beside the rows, never over the menu,
    and nothing the page sends recreates the list."""
    served = Served(bin_dir, ["Tent", "Stove"])
    try:
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.goto(served.url)
        expect(page.locator("#rows li")).to_have_count(2)
        served.checklist("add", "-q", "-l", "groceries", "Milk")
        expect(page.locator("#list-menu option")).to_have_count(2, timeout=3000)
        page.evaluate("""window.statusSaid = [];
            new MutationObserver(() => { const t = document.getElementById('status').textContent;
                if (t) window.statusSaid.push(t); })
              .observe(document.getElementById('status'), {childList: true, characterData: true, subtree: true});""")
        served.checklist("lists", "rename", "-q", "camping", "camp")
        expect(page.locator("#list-menu")).to_have_value("camp", timeout=3000)
        expect(page).to_have_title("camp · checklist", timeout=3000)
        page.wait_for_timeout(500)
        said = page.evaluate("window.statusSaid")
        assert said == [], "a rename is no lost connection, yet the page said %r" % said
        with page.expect_response(lambda r: r.url.endswith("/toggle")):
            page.locator("#rows input").first.click()
        page.fill("#new-title", "Rope")
        with page.expect_response(lambda r: r.url.endswith("/add")):
            page.click("#add-form button")
        expect(page.locator("#rows li")).to_have_count(3, timeout=3000)
        items = json.loads(served.checklist("list", "-l", "camp", "--format", "json"))
        assert [(i["title"], i["isSelected"]) for i in items] == [("Tent", True), ("Stove", False), ("Rope", False)], items
        assert "camping" not in served.checklist("lists"), "a rename never splits the list"

        # Issue 48, 8: in edit mode, renamed elsewhere again: ✎ and Done follow the list.
        page.click("#edit")
        expect(page.locator("a.rename").first).to_be_visible(timeout=3000)
        served.checklist("lists", "rename", "-q", "camp", "camp site")
        expect(page).to_have_title("camp site · checklist", timeout=3000)
        page.locator("a.rename").first.click()
        expect(page.locator(".title-field")).to_be_visible(timeout=3000)
        expect(page).to_have_title("camp site · checklist")
        page.click("#edit")
        expect(page.locator("a.rename")).to_have_count(0, timeout=3000)
        expect(page).to_have_title("camp site · checklist")
        served.checklist("lists", "rename", "-q", "camp site", "camp")
        expect(page).to_have_title("camp · checklist", timeout=3000)

        served.checklist("lists", "delete", "-q", "camp", "--force")
        expect(page.locator("#gone")).to_be_visible(timeout=3000)
        expect(page.locator("#gone")).to_contain_text("was deleted elsewhere")
        expect(page.locator("#add-form button")).to_be_disabled()
        menu = page.locator("#list-menu").bounding_box()
        notice = page.locator("#gone").bounding_box()
        overlap = not (notice["y"] >= menu["y"] + menu["height"] or menu["y"] >= notice["y"] + notice["height"])
        assert not overlap, "the notice covers the menu: %r %r" % (notice, menu)
        expect(page.locator("#list-menu option")).to_have_count(1, timeout=3000)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert "camp" not in served.checklist("lists"), "nothing recreated the deleted list"
        # Reloaded, the gone list's address gives a page in the page's words, with the menu.
        page.reload()
        expect(page.locator("#gone")).to_have_text("The list “camp” was deleted elsewhere. Choose another list.")
        expect(page.locator("#list-menu option")).to_have_count(1)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.select_option("#list-menu", "groceries")
        page.click("#open-list")
        expect(page.locator("#rows li")).to_have_count(1, timeout=3000)
        assert "camp" not in served.checklist("lists"), "nothing recreated the deleted list"
        page.close()
        served.stop()
    finally:
        if served.process.poll() is None:
            served.process.kill()


def check_postgres(browser, bin_dir, base):
    """The same page over a PostgreSQL server: a tap is stored there, and another machine's
    change (NOTIFY) shows within a second."""
    name = "page_%d" % os.getpid()
    subprocess.run(["psql", base, "-q", "-c", "CREATE DATABASE " + name], check=True)
    served = Served(bin_dir, ["Tent", "Map"], db=base.replace("/postgres?", "/%s?" % name))
    try:
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.goto(served.url)
        with page.expect_response(lambda r: r.url.endswith("/toggle")):
            row(page, "Tent").locator("label").click()
        assert served.items() == {"Tent": True, "Map": False}, served.items()
        served.checklist("check", "-q", "2")
        expect(row(page, "Map").locator("input")).to_be_checked(timeout=1000)
        page.close()
        served.stop()
    finally:
        if served.process.poll() is None:
            served.process.kill()


def check_copy_with_sync_watch(browser, bin_dir, base):
    """Issue 31, 9: `serve` on an offline copy with `sync --watch` beside it keeps the page, the
    copy and the server in step: a change on the server shows on the page within 2 s, and a
    tap on the page reaches the server."""
    name = "page_copy_%d" % os.getpid()
    subprocess.run(["psql", base, "-q", "-c", "CREATE DATABASE " + name], check=True)
    server = base.replace("/postgres?", "/%s?" % name)
    binary = os.path.join(bin_dir, "checklist")
    subprocess.run([binary, "--db", server, "-l", "camping", "add", "-q", "Tent", "Map"],
                   check=True, capture_output=True)
    folder = tempfile.mkdtemp(prefix="checklist-copy-")
    copy = os.path.join(folder, "copy.db")
    subprocess.run([binary, "clone", server, copy, "-q"], check=True, capture_output=True)
    watch = subprocess.Popen([binary, "sync", "--watch", "--db", copy],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    served = Served(bin_dir, [], db=copy)
    try:
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.goto(served.url)
        expect(row(page, "Map")).to_be_visible()
        time.sleep(0.5)  # sync --watch is listening by now
        subprocess.run([binary, "--db", server, "check", "-q", "2"], check=True)
        expect(row(page, "Map").locator("input")).to_be_checked(timeout=2000)
        with page.expect_response(lambda r: r.url.endswith("/toggle")):
            row(page, "Tent").locator("label").click()
        deadline = time.time() + 5
        listed = ""
        while time.time() < deadline:
            listed = subprocess.run([binary, "--db", server, "list", "-l", "camping"],
                                    check=True, capture_output=True, text=True).stdout
            if listed.startswith("[x] 1 Tent"):
                break
            time.sleep(0.1)
        assert listed == "[x] 1 Tent\n[x] 2 Map\n", listed
        page.close()
        served.stop()
    finally:
        if served.process.poll() is None:
            served.process.kill()
        watch.terminate()
        watch.wait(timeout=10)


def check_load(browser, bin_dir):
    """20 pages open; the command line checks items 1-100 while the pages tap 101-200."""
    served = Served(bin_dir, ["item %d" % n for n in range(1, 201)])
    try:
        context = browser.new_context(viewport={"width": 360, "height": 740})
        pages = [context.new_page() for _ in range(20)]
        for page in pages:
            page.goto(served.url)
            expect(page.locator("#counts")).to_have_text("0 of 200 checked")
        errors = []

        def command_line():
            try:
                for n in range(1, 101):
                    served.checklist("check", "-q", str(n))
            except Exception as error:  # noqa: BLE001 - reported below
                errors.append(error)

        thread = threading.Thread(target=command_line)
        thread.start()
        for round_ in range(5):
            for index, page in enumerate(pages):
                n = 101 + index * 5 + round_
                with page.expect_response(lambda r: r.url.endswith("/toggle")) as answer:
                    page.locator("#item-%d" % n).click()
                if answer.value.status != 200:
                    errors.append("tap on %d: %d" % (n, answer.value.status))
        thread.join()
        assert not errors, errors
        stored = served.items()
        assert all(stored.values()) and len(stored) == 200, stored
        for page in pages:
            expect(page.locator("#counts")).to_have_text("200 of 200 checked", timeout=3000)
            unchecked = page.locator("#rows input:not(:checked)")
            expect(unchecked).to_have_count(0, timeout=3000)
        context.close()
        served.stop()
    finally:
        if served.process.poll() is None:
            served.process.kill()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "debug"))
    parser.add_argument("--screenshots")
    arguments = parser.parse_args()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(),
                                             args=["--no-sandbox"])
        for width, height in ((360, 740), (1280, 800)):
            check_width(browser, arguments.bin, width, height, arguments.screenshots)
            print("ok: the page at %dx%d" % (width, height))
        check_lists_and_failures(browser, arguments.bin)
        print("ok: lists from the menu, radio buttons, a tap that cannot be saved")
        check_link_and_storage(browser, arguments.bin)
        print("ok: the secret leaves the address bar, a reload and a restart keep the page, a replaced link says so")
        check_person_undo(browser, arguments.bin)
        print("ok: a person's link: their taps, their Undo, refused after another's change")
        check_two_links_in_one_browser(browser, arguments.bin)
        print("ok: two people's links in one browser: one's page never acts as the other (issue 48, 5)")
        check_installable_and_offline(browser, arguments.bin)
        print("ok: installable, and the list opens with the server gone (issue 32, 13)")
        for width, height in ((360, 740), (1280, 800)):
            check_taps_kept_offline(browser, arguments.bin, width, height)
            print("ok: taps kept while the server is stopped, across a reload, then merged in order, at %dx%d (issue 32, 12)"
                  % (width, height))
        check_taps_kept_while_busy(browser, arguments.bin)
        print("ok: a tap the server cannot take now (a lock held too long) is kept and sent again")
        check_edit_mode(browser, arguments.bin)
        print("ok: edit mode moves, renames; a single-choice list's None (issue 32, 18)")
        check_quantities_and_notes(browser, arguments.bin)
        print("ok: quantities and notes shown, followed live, and changed by Rename in edit mode")
        check_long_list_and_quick_taps(browser, arguments.bin)
        print("ok: a long list's next items, two quick taps")
        check_identity_and_live_menu(browser, arguments.bin)
        print("ok: a rename and a delete elsewhere, and the live menu (issue 32, 7 and 8)")
        check_without_javascript(browser, arguments.bin)
        print("ok: without JavaScript at 360 px (issue 32, 17)")
        check_long_names(browser, arguments.bin)
        print("ok: long list names and titles keep the page's width at 360 and 1280 px (issues 48, 12; 51, 3)")
        check_drag_reorder(browser, arguments.bin)
        print("ok: edit mode's rows move by dragging, with the mouse and by touch (issue 51, 3)")
        if shutil.which("caddy"):
            check_through_caddy(browser, arguments.bin)
            print("ok: the page behind Caddy over HTTPS, live (issue 32, 14)")
        elif os.environ.get("CI") == "true":
            sys.exit("missing tool: caddy is not installed (apt-get install caddy): the page behind HTTPS")
        else:
            print("missing tool: caddy is not installed (apt-get install caddy): the page behind HTTPS")
        base = os.environ.get("CHECKLIST_TEST_POSTGRES")
        if base:
            check_postgres(browser, arguments.bin, base)
            print("ok: the page over a PostgreSQL server")
            check_copy_with_sync_watch(browser, arguments.bin, base)
            print("ok: the page on an offline copy with sync --watch beside it (issue 31, 9)")
        else:
            print("skipped: the page over a PostgreSQL server (CHECKLIST_TEST_POSTGRES is not set)")
        check_load(browser, arguments.bin)
        print("ok: 20 pages and the command line, 200 taps")
        browser.close()


if __name__ == "__main__":
    main()
