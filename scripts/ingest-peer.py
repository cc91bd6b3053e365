#!/usr/bin/env python3
"""The peer `sise bench ingest` is compared with (issue 31): the best plain Python client of the
same feed, written as people write them, with `websockets` and `orjson`.

It reads the Upbit dialect's KRW market list over REST, subscribes to every market's ticker on
`/websocket/v1`, decodes each binary frame with orjson and keeps the newest ticker of each market
in a dict (an older timestamp never overwrites a newer one), as a board does. `--format SIMPLE`
asks for Upbit's abbreviated keys, as `sise` does (`cd`, `tms` for `code`, `timestamp`); the
default is DEFAULT, as most scripts ask. After a warm-up it
counts the ticks applied for `--duration` seconds and prints the same last line as
`sise bench ingest`: `ticks_per_s=N cpu_s=X us_per_tick=U` (X: this process's CPU seconds in
the window; U: its CPU microseconds a tick).

    python3 -m venv .build/peer-venv && .build/peer-venv/bin/pip install websockets orjson
    sise simulate --rate 0 --port 8080 &
    .build/peer-venv/bin/python scripts/ingest-peer.py --base-url http://127.0.0.1:8080 --duration 10
"""

import argparse
import asyncio
import resource
import sys
import time
import urllib.request

import orjson
import websockets


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def ingest(base_url: str, duration: float, warmup: float, simple: bool) -> None:
    base = base_url.rstrip("/")
    with urllib.request.urlopen(f"{base}/v1/market/all", timeout=30) as answer:
        markets = [m["market"] for m in orjson.loads(answer.read()) if m["market"].startswith("KRW-")]
    if not markets:
        sys.exit("ingest-peer: the server lists no KRW market")
    socket_url = "ws" + base[len("http"):] + "/websocket/v1"
    board: dict[str, dict] = {}
    applied = 0
    async with websockets.connect(socket_url, max_size=1 << 22, ping_interval=30) as socket:
        request = [{"ticket": "ingest-peer"}, {"type": "ticker", "codes": markets}]
        if simple:
            request.append({"format": "SIMPLE"})
        await socket.send(orjson.dumps(request))
        code_key, time_key = ("cd", "tms") if simple else ("code", "timestamp")
        started = time.monotonic()
        window_start = None
        cpu_start = 0.0
        counted_from = 0
        async for frame in socket:
            ticker = orjson.loads(frame)
            code = ticker.get(code_key)
            if code is None:
                continue
            held = board.get(code)
            if held is None or ticker[time_key] >= held[time_key]:
                board[code] = ticker
                applied += 1
            now = time.monotonic()
            if window_start is None and now - started >= warmup:
                window_start, cpu_start, counted_from = now, cpu_seconds(), applied
            elif window_start is not None and now - window_start >= duration:
                seconds = now - window_start
                cpu = cpu_seconds() - cpu_start
                ticks = applied - counted_from
                print(f"ingest-peer: {ticks} ticks in {seconds:.2f} s, {100 * cpu / seconds:.0f}% of one core")
                per_tick = 1e6 * cpu / ticks if ticks else 0
                print(f"ticks_per_s={round(ticks / seconds)} cpu_s={cpu:.2f} us_per_tick={per_tick:.2f}")
                return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:8080")
    parser.add_argument("--duration", type=float, default=10)
    parser.add_argument("--warmup", type=float, default=2)
    parser.add_argument("--format", choices=["DEFAULT", "SIMPLE"], default="DEFAULT")
    arguments = parser.parse_args()
    asyncio.run(ingest(arguments.base_url, arguments.duration, arguments.warmup, arguments.format == "SIMPLE"))


if __name__ == "__main__":
    main()
