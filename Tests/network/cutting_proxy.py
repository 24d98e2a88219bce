#!/usr/bin/env python3
"""A TCP front for the test server's Unix socket that cuts connections where it is told to.

    cutting_proxy.py SOCKET PORT_FILE MODE_FILE

Listens on 127.0.0.1 (a free port, written to PORT_FILE) and forwards each connection to the
PostgreSQL server's Unix socket SOCKET. Each new connection reads MODE_FILE, one line:

    pass          forward everything
    c2s N         forward the client's first N bytes, then cut
    s2c N         forward the server's first N bytes, then cut
    commit        cut when the server answers a COMMIT, without passing the answer on:
                  the server has committed, the client never hears it

A cut is a reset (SO_LINGER 0) to the client and a close to the server. Each connection's
byte counts and whether it was cut are appended to PORT_FILE.log.
"""
import os, socket, struct, sys, threading

def serve(client, unix_path, mode, log):
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.connect(unix_path)
    budget = {"c2s": None, "s2c": None}
    if mode[0] in budget:
        budget[mode[0]] = int(mode[1])
    counts = {"c2s": 0, "s2c": 0}
    cut = False
    lock = threading.Lock()

    def pump(source, target, direction):
        nonlocal cut
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                with lock:
                    if cut:
                        break
                    left = budget[direction]
                    if mode[0] == "commit" and direction == "s2c" and b"COMMIT\0" in data:
                        cut = True
                    elif left is not None and len(data) >= left:
                        target.sendall(data[:left])
                        counts[direction] += left
                        cut = True
                    else:
                        if left is not None:
                            budget[direction] = left - len(data)
                        target.sendall(data)
                        counts[direction] += len(data)
                        continue
                break
        except OSError:
            pass
        with lock:
            for sock in (client, server):
                try:
                    if cut and sock is client:
                        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                        struct.pack("ii", 1, 0))
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    threads = [threading.Thread(target=pump, args=(client, server, "c2s")),
               threading.Thread(target=pump, args=(server, client, "s2c"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    client.close()
    server.close()
    with open(log, "a") as f:
        f.write(f"{' '.join(mode)} c2s {counts['c2s']} s2c {counts['s2c']} cut {cut}\n")

def main(unix_path, port_file, mode_file):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    with open(port_file + ".tmp", "w") as f:
        f.write(str(listener.getsockname()[1]))
    os.rename(port_file + ".tmp", port_file)
    while True:
        client, _ = listener.accept()
        with open(mode_file) as f:
            mode = f.read().split() or ["pass"]
        threading.Thread(target=serve, args=(client, unix_path, mode, port_file + ".log"),
                         daemon=True).start()

if __name__ == "__main__":
    main(*sys.argv[1:4])
