#!/usr/bin/env python3
"""Load test of `mazegraph serve` (BENCHMARKS.md, "The playground server under load").

Starts the server on a free loopback port, then runs CLIENTS concurrent clients of small
requests (GET /, POST /api/generate of a 10x10 maze, POST /api/solve of a 10x10 maze) for
SECONDS, twice: alone, then with SLOW slow clients held open beside them (half connect and send
nothing, half send a request head a byte a second; each reconnects when the server closes it).
Prints requests per second and the median and 99th-percentile latency of each run.

Python 3.11 standard library only (asyncio streams); loopback only; builds nothing. Bounded:
at most 1000 clients, 120 s a run, 30 s a request (a request over it counts as an error).

    python3 scripts/load_server.py [BINARY] [--clients 200] [--slow 50] [--seconds 10] [--close]

--close sends `Connection: close` (a connection per request, as the old server worked).
Requests per second count the answers over the time until the last one came.

BINARY defaults to target/release/mazegraph.
"""

import argparse
import asyncio
import json
import subprocess
import sys
import time

REQUEST_TIMEOUT = 30.0


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("binary", nargs="?", default="target/release/mazegraph")
    p.add_argument("--clients", type=int, default=200)
    p.add_argument("--slow", type=int, default=50)
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--close", action="store_true", help="a connection per request")
    a = p.parse_args()
    a.clients = max(1, min(a.clients, 1000))
    a.slow = max(0, min(a.slow, 1000))
    a.seconds = max(1.0, min(a.seconds, 120.0))
    return a


def request_bytes(host, method, path, body=b"", close=False):
    head = f"{method} {path} HTTP/1.1\r\nHost: {host}\r\n"
    if close:
        head += "Connection: close\r\n"
    if body:
        head += "Content-Type: application/json\r\n"
    head += f"Content-Length: {len(body)}\r\n\r\n"
    return head.encode() + body


class Client:
    """One keep-alive connection (reopened when the server closes it)."""

    def __init__(self, host, port):
        self.host, self.port = host, port
        self.reader = self.writer = None

    async def close(self):
        if self.writer is not None:
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except OSError:
                pass
        self.reader = self.writer = None

    async def send(self, raw):
        """Sends one request; returns (status, body)."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        self.writer.write(raw)
        await self.writer.drain()
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {}
        for line in lines[1:]:
            if ":" in line:
                k, v = line.split(":", 1)
                headers[k.strip().lower()] = v.strip()
        if "content-length" in headers:
            body = await self.reader.readexactly(int(headers["content-length"]))
        else:
            body = await self.reader.read()
        if headers.get("connection", "").lower() == "close" or "content-length" not in headers:
            await self.close()
        return status, body


async def worker(host, port, requests, deadline, latencies, errors, statuses, k):
    client = Client(host, port)
    while time.monotonic() < deadline:
        raw = requests[k % len(requests)]
        k += 1
        start = time.monotonic()
        try:
            status, _ = await asyncio.wait_for(client.send(raw), REQUEST_TIMEOUT)
            latencies.append(time.monotonic() - start)
            statuses[status] = statuses.get(status, 0) + 1
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError, IndexError):
            errors.append(time.monotonic() - start)
            await client.close()
    await client.close()


async def slow_client(host, port, dribble, stop):
    """Holds a connection open: silent, or sending a head a byte a second."""
    text = f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\nX-Slow: {'a' * 100}\r\n\r\n".encode()
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            await asyncio.sleep(0.5)
            continue
        try:
            i = 0
            while not stop.is_set():
                if dribble and i < len(text):
                    writer.write(text[i : i + 1])
                    await writer.drain()
                    i += 1
                # A closed connection reads as the end: reconnect.
                try:
                    data = await asyncio.wait_for(reader.read(4096), 1.0)
                    if not data:
                        break
                except asyncio.TimeoutError:
                    pass
        except OSError:
            pass
        finally:
            writer.close()


def percentile(sorted_values, p):
    if not sorted_values:
        return float("nan")
    i = min(len(sorted_values) - 1, int(round(p / 100 * (len(sorted_values) - 1))))
    return sorted_values[i]


async def run(host, port, requests, clients, slow, seconds):
    stop = asyncio.Event()
    slow_tasks = [
        asyncio.create_task(slow_client(host, port, k % 2 == 1, stop)) for k in range(slow)
    ]
    if slow:
        await asyncio.sleep(2.0)  # let them connect and start dribbling
    latencies, errors, statuses = [], [], {}
    start = time.monotonic()
    deadline = start + seconds
    await asyncio.gather(
        *(
            worker(host, port, requests, deadline, latencies, errors, statuses, k)
            for k in range(clients)
        )
    )
    elapsed = time.monotonic() - start
    stop.set()
    for t in slow_tasks:
        t.cancel()
    await asyncio.gather(*slow_tasks, return_exceptions=True)
    latencies.sort()
    return {
        "requests": len(latencies),
        "rps": len(latencies) / elapsed,
        "p50_ms": 1000 * percentile(latencies, 50),
        "p99_ms": 1000 * percentile(latencies, 99),
        "max_ms": 1000 * (latencies[-1] if latencies else float("nan")),
        "errors": len(errors),
        "statuses": dict(sorted(statuses.items())),
    }


async def prepare(host, port, close):
    """The three requests, the solve one on a maze the server generates."""
    hp = f"{host}:{port}"
    generate = json.dumps({"size": [10, 10], "seed": 1}).encode()
    client = Client(host, port)
    status, body = await client.send(request_bytes(hp, "POST", "/api/generate", generate))
    await client.close()
    if status != 200:
        sys.exit(f"load_server: generate answered {status}: {body[:200]!r}")
    solve = json.dumps({"maze": json.loads(body)["maze"]}).encode()
    return [
        request_bytes(hp, "GET", "/", close=close),
        request_bytes(hp, "POST", "/api/generate", generate, close),
        request_bytes(hp, "POST", "/api/solve", solve, close),
    ]


def main():
    a = parse_args()
    server = subprocess.Popen(
        [a.binary, "serve", "--port", "0", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        url = server.stdout.readline().strip()
        if not url.startswith("http://127.0.0.1:"):
            sys.exit(f"load_server: the server printed {url!r}")
        host, port = "127.0.0.1", int(url.rstrip("/").rsplit(":", 1)[1])
        requests = asyncio.run(prepare(host, port, a.close))
        mode = "a connection per request" if a.close else "keep-alive"
        print(f"server {a.binary} at {url}; {a.clients} clients ({mode}), {a.seconds:g} s a run")
        for slow in (0, a.slow):
            r = asyncio.run(run(host, port, requests, a.clients, slow, a.seconds))
            print(
                f"{slow:4d} slow clients: {r['rps']:8.1f} requests/s  p50 {r['p50_ms']:8.1f} ms  "
                f"p99 {r['p99_ms']:8.1f} ms  max {r['max_ms']:8.1f} ms  "
                f"({r['requests']} answered, {r['errors']} errors, statuses {r['statuses']})"
            )
            if server.poll() is not None:
                sys.exit(f"load_server: the server exited with {server.returncode}")
    finally:
        server.kill()
        server.wait()


if __name__ == "__main__":
    main()
