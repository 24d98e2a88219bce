#!/usr/bin/env python3
"""A TCP front for the test server's Unix socket whose network goes silent on cue.

    silent_proxy.py SOCKET PORT_FILE TRIGGER

Listens on 127.0.0.1 (a free port, written to PORT_FILE), and forwards each connection to the
PostgreSQL server's Unix socket SOCKET. When a client sends bytes containing TRIGGER, the
network goes silent as a dropped link does, with no reset: packets to and from the port are
dropped by netfilter (iptables, before the triggering bytes go on), so the client's kernel
sees nothing at all, and only TCP keepalives and TCP_USER_TIMEOUT can end its wait. The rules
are removed when the proxy gets SIGTERM (and by the test, whatever happens).
"""
import os, selectors, shutil, signal, socket, subprocess, sys

IPTABLES = shutil.which("iptables") or "/usr/sbin/iptables"

def rules(port, action):
    for match in ("--dport", "--sport"):
        subprocess.run([IPTABLES, action, "INPUT", "-p", "tcp", "-i", "lo", match, str(port),
                        "-j", "DROP"], check=action == "-I",
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

def main(unix_path, port_file, trigger):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    port = listener.getsockname()[1]
    silent = False

    def stop(*_):
        if silent:
            rules(port, "-D")
        sys.exit(0)
    signal.signal(signal.SIGTERM, stop)
    with open(port_file + ".tmp", "w") as f:
        f.write(str(port))
    os.rename(port_file + ".tmp", port_file)

    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    peers = {}
    while True:
        for key, _ in selector.select():
            if key.fileobj is listener:
                client, _ = listener.accept()
                server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                server.connect(unix_path)
                peers[client], peers[server] = server, client
                selector.register(client, selectors.EVENT_READ, "client")
                selector.register(server, selectors.EVENT_READ, "server")
                continue
            source = key.fileobj
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            if not data:
                other = peers.pop(source, None)
                selector.unregister(source)
                source.close()
                if other is not None:
                    peers.pop(other, None)
                    selector.unregister(other)
                    other.close()
                continue
            if key.data == "client" and not silent and trigger in data:
                rules(port, "-I")
                silent = True
                open(port_file + ".silent", "w").close()  # the test checks that it went silent
            try:
                peers[source].sendall(data)
            except OSError:
                pass

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3].encode())
