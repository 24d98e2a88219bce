#!/usr/bin/env python3
"""Times `checklist pick` against `checklist edit` on the same database (see bench/edit.sh).

Issue 33: the picker opens at 1,000,000 items as fast as the edit mode. Both are started in
turn on a pseudo-terminal of 80x24 (the picker's standard output goes to a pipe, as in
`checklist pick | checklist delete -`), from the start to the first complete screen; the
medians and their ratio are printed. Then the picker's Enter: from the key to its exit with
the chosen ID read from the pipe (it reads the list in order to print the choice in it). A
benchmark, not a test: it prints numbers, never fails on a timing.
"""
import fcntl, os, pty, select, statistics, struct, sys, termios, time

def spawn(binary, database, command):
    out_read, out_write = os.pipe()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(CHECKLIST_DB=database, TERM="xterm-256color", LANG="C.UTF-8")
        os.environ.pop("CHECKLIST_LIST", None)
        if command == "pick":
            os.dup2(out_write, 1)  # the choice goes to the pipe; the screen to /dev/tty
        os.close(out_read)
        os.close(out_write)
        os.execv(binary, [binary, command])
    os.close(out_write)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd, out_read

def read_until(fd, needle, deadline=30.0):
    seen = b""
    end = time.monotonic() + deadline
    while needle not in seen:
        left = end - time.monotonic()
        if left <= 0:
            raise SystemExit(f"pick bench: no {needle!r} within {deadline} s; got {seen[-300:]!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            seen += os.read(fd, 65536)
    return seen

def first_screen(binary, database, command):
    start = time.monotonic()
    pid, fd, out = spawn(binary, database, command)
    read_until(fd, b"q quit")
    elapsed = (time.monotonic() - start) * 1000
    return elapsed, pid, fd, out

def main(binary, database, total, rounds=15):
    times = {"edit": [], "pick": []}
    for _ in range(rounds):
        for command in ("edit", "pick"):
            elapsed, pid, fd, out = first_screen(binary, database, command)
            times[command].append(elapsed)
            os.write(fd, b"q")
            os.waitpid(pid, 0)
            os.close(fd)
            os.close(out)
    # In turn, so both see the same load; the fastest of each too, the least disturbed by a
    # shared machine.
    edit, pick = statistics.median(times["edit"]), statistics.median(times["pick"])
    print(f"{total:>9} items  first screen: pick median {pick:7.1f} ms (fastest"
          f" {min(times['pick']):6.1f}), edit median {edit:7.1f} ms (fastest"
          f" {min(times['edit']):6.1f}); {rounds} each, in turn; pick/edit medians {pick / edit:4.2f},"
          f" fastest {min(times['pick']) / min(times['edit']):4.2f}")
    # Enter: the last item (G), chosen and printed.
    _, pid, fd, out = first_screen(binary, database, "pick")
    os.write(fd, b"G")
    read_until(fd, b"\x1b[7m")
    before = time.monotonic()
    os.write(fd, b"\r")
    printed = b""
    while True:
        chunk = os.read(out, 65536)
        if not chunk:
            break
        printed += chunk
    _, status = os.waitpid(pid, 0)
    enter = (time.monotonic() - before) * 1000
    print(f"{total:>9} items  pick: Enter on the last item to its ID printed and exit {enter:7.1f} ms"
          f" (printed {printed.decode().strip()!r}, exit {os.waitstatus_to_exitcode(status)})")

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
