#!/usr/bin/env python3
"""A stand-in for a PostgreSQL server that misbehaves while a client connects.

    startup_server.py PORT_FILE MODE

Listens on 127.0.0.1 (a free port, written to PORT_FILE) and answers every connection by
MODE, speaking PostgreSQL's protocol 3.0 (the startup message, then the server's messages):

- `warning`: as a server does when it is stopped with `pg_ctl stop -m immediate` while a
  client logs in: authentication accepted, a WARNING notice ("terminating connection due to
  immediate shutdown command"), then a FATAL error, and the connection closed.
- `silent`: takes the connection and never says a word (a server hung, or a firewall that
  lets the handshake through): only the client's connect_timeout ends its wait.

SSL and GSSAPI encryption requests are declined with 'N', as a server without them does.
"""
import os, signal, socket, struct, sys, threading

def message(kind, body):
    return kind + struct.pack("!I", len(body) + 4) + body

def fields(severity, code, text):
    body = b""
    for tag, value in ((b"S", severity), (b"V", severity), (b"C", code), (b"M", text)):
        body += tag + value.encode() + b"\0"
    return body + b"\0"

def read_exactly(connection, count):
    data = b""
    while len(data) < count:
        chunk = connection.recv(count - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data

def serve(connection, mode):
    try:
        if mode == "silent":
            threading.Event().wait()
        while True:
            length = struct.unpack("!I", read_exactly(connection, 4))[0]
            body = read_exactly(connection, length - 4)
            code = struct.unpack("!I", body[:4])[0]
            if code in (80877103, 80877104):  # SSLRequest, GSSENCRequest
                connection.sendall(b"N")
                continue
            break  # the startup message
        text = "terminating connection due to immediate shutdown command"
        connection.sendall(
            message(b"R", struct.pack("!I", 0))
            + message(b"N", fields("WARNING", "57P01", text))
            + message(b"E", fields("FATAL", "57P01", text)))
    except (EOFError, OSError):
        pass
    finally:
        connection.close()

def main(port_file, mode):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    with open(port_file + ".tmp", "w") as f:
        f.write(str(listener.getsockname()[1]))
    os.rename(port_file + ".tmp", port_file)
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=serve, args=(connection, mode), daemon=True).start()

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
