#!/usr/bin/env python3
"""Times `checklist edit` on a pseudo-terminal of 80x24 (see bench/edit.sh).

For each database: from starting the editor to its first complete screen (the footer drawn),
then from a key to the screen that shows its effect (`space`, with its write, and `j`), and
the editor's peak memory (VmHWM). A benchmark, not a test: it prints numbers, never fails on
a timing.
"""
import fcntl, os, pty, select, statistics, struct, sys, termios, time

def spawn(binary, database):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(CHECKLIST_DB=database, TERM="xterm-256color", LANG="C.UTF-8")
        os.environ.pop("CHECKLIST_LIST", None)
        os.execv(binary, [binary, "edit"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd

def read_until(fd, needle, deadline=30.0):
    """Reads output until `needle` (bytes) appears in what was read since the call."""
    seen = b""
    end = time.monotonic() + deadline
    while needle not in seen:
        left = end - time.monotonic()
        if left <= 0:
            raise SystemExit(f"edit bench: no {needle!r} within {deadline} s; got {seen[-300:]!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            seen += os.read(fd, 65536)
    return seen

def peak_memory_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0

def main(binary, database, total, presses):
    start = time.monotonic()
    pid, fd = spawn(binary, database)
    read_until(fd, b"q quit")
    first = (time.monotonic() - start) * 1000
    space, move = [], []
    for index in range(presses):
        # space checks the item under the cursor: the header's count goes up by one.
        before = time.monotonic()
        os.write(fd, b" ")
        read_until(fd, f" {index + 1} of {total} checked".encode())
        space.append((time.monotonic() - before) * 1000)
        before = time.monotonic()
        os.write(fd, b"j")
        read_until(fd, b"\x1b[7m")  # the cursor row drawn again, in reverse video
        move.append((time.monotonic() - before) * 1000)
    before = time.monotonic()
    os.write(fd, b"G")
    read_until(fd, b"\x1b[7m")
    end_ms = (time.monotonic() - before) * 1000
    # The filter, typed a letter at a time: from a key to the screen showing it (the rows are
    # read before the screen is drawn), then, after the last letter, until the header's count.
    filters = {}
    for pattern in ["item 5", "999999"]:
        os.write(fd, b"g")
        read_until(fd, b"\x1b[7m")
        os.write(fd, b"/")
        read_until(fd, b"/\x1b[7m_")
        keys = []
        for length in range(1, len(pattern) + 1):
            before = time.monotonic()
            os.write(fd, pattern[length - 1].encode())
            seen = read_until(fd, f"{pattern[:length]}\x1b[7m_".encode())
            keys.append((time.monotonic() - before) * 1000)
        before = time.monotonic()
        if b" shown)" not in seen:
            read_until(fd, b" shown)", deadline=120.0)
        filters[pattern] = (statistics.median(keys), max(keys), (time.monotonic() - before) * 1000)
        os.write(fd, b"\x1b")
        time.sleep(0.1)
    memory = peak_memory_kib(pid)
    os.write(fd, b"q")
    _, status = os.waitpid(pid, 0)
    print(f"{total:>9} items  first screen {first:7.1f} ms  "
          f"space median {statistics.median(space):6.2f} ms (max {max(space):6.2f})  "
          f"j median {statistics.median(move):6.2f} ms  G {end_ms:6.2f} ms  "
          f"peak memory {memory / 1024:5.1f} MiB  exit {os.waitstatus_to_exitcode(status)}")
    for pattern, (median, worst, count) in filters.items():
        print(f"{total:>9} items  filter '{pattern}': a key to its screen median {median:6.2f} ms"
              f" (max {worst:6.2f}), then the count {count:7.1f} ms")

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 50)
