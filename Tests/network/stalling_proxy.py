#!/usr/bin/env python3
"""A TCP front for the test server's Unix socket that stops reading on cue.

    stalling_proxy.py SOCKET PORT_FILE TRIGGER [once]

Listens on 127.0.0.1 (a free port, written to PORT_FILE), and forwards each connection to the
PostgreSQL server's Unix socket SOCKET. When a client sends bytes containing TRIGGER, the
proxy stops: it forwards nothing more in either direction and reads nothing more from either
side, but keeps both connections open, so the client's kernel still gets its TCP
acknowledgements (keepalives are answered) while its writes fill the buffers and its reads get
nothing: a proxy, a NAT or a tunnel that hangs. It writes PORT_FILE.stalled then. Small
receive buffers make a long write stall soon. SIGTERM closes everything: the server then sees
the connection gone and rolls its transaction back. With `once`, only the first connection to
send TRIGGER stalls: the next ones pass (a client that connects again gets through).
"""
import os, selectors, signal, socket, sys

def main(unix_path, port_file, trigger, once):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8192)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    with open(port_file + ".tmp", "w") as f:
        f.write(str(listener.getsockname()[1]))
    os.rename(port_file + ".tmp", port_file)

    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    peers, held, stalls = {}, [], 0
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
            if key.data == "client" and trigger in data and not (once and stalls):
                stalls += 1
                # Stalled: this connection's two sides are kept open and never read again.
                other = peers[source]
                selector.unregister(source)
                selector.unregister(other)
                held += [source, other]
                open(port_file + ".stalled", "w").close()
                continue
            try:
                peers[source].sendall(data)
            except OSError:
                pass

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3].encode(), sys.argv[4:] == ["once"])
