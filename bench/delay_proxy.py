#!/usr/bin/env python3
"""A TCP front for a PostgreSQL server's Unix socket that delays every byte, as a network does.

    delay_proxy.py SOCKET PORT_FILE DELAY_MS

Listens on 127.0.0.1 (a free port, written to PORT_FILE) and forwards each connection to
SOCKET, holding what it reads DELAY_MS milliseconds in each direction, in order: a network
whose round trip is twice DELAY_MS (`bench/server.sh --delay`). The kernel's own netem would do
this, but containers rarely have it.
"""
import asyncio, os, sys

async def pipe(reader, writer, delay):
    queue = asyncio.Queue()
    async def sender():
        while True:
            due, data = await queue.get()
            if data is None:
                writer.close(); return
            wait = due - asyncio.get_running_loop().time()
            if wait > 0: await asyncio.sleep(wait)
            writer.write(data); await writer.drain()
    task = asyncio.create_task(sender())
    while True:
        data = await reader.read(65536)
        now = asyncio.get_running_loop().time()
        await queue.put((now + delay, data if data else None))
        if not data: break
    await task

async def main(path, port_file, delay):
    async def handle(creader, cwriter):
        sreader, swriter = await asyncio.open_unix_connection(path)
        await asyncio.gather(pipe(creader, swriter, delay), pipe(sreader, cwriter, delay),
                             return_exceptions=True)
    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    with open(port_file + ".tmp", "w") as f: f.write(str(server.sockets[0].getsockname()[1]))
    os.rename(port_file + ".tmp", port_file)
    async with server: await server.serve_forever()

asyncio.run(main(sys.argv[1], sys.argv[2], float(sys.argv[3]) / 1000))
