#!/usr/bin/env python3
"""Many tabs acting at once on one `sise serve`, and a probe that opens a fresh tab every 5 s
and must get its first screen within 15 s. What it catches: a server that stops answering while
tabs switch screens, add and remove watchlist stocks, make and remove alert rules, favorite
coins and change market groups, all at once (a deadlock hangs every tab; a fresh tab then never
leaves "connecting"). On a stall it saves the server's threads (gdb) beside its database.

    .build/browser-venv/bin/python scripts/stress-serve.py [--sise PATH] [--tabs 20] [--seconds 240]

Exits 0 when the probe got every screen, 1 on a stall. Needs the `websockets` package (the
browser tests' virtualenv has it) and, for the threads, gdb."""

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

import websockets


def parse():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sise", default=".build/debug/sise", help="the sise binary")
    parser.add_argument("--tabs", type=int, default=20, help="tabs acting at once")
    parser.add_argument("--seconds", type=float, default=240, help="how long they act")
    return parser.parse_args()


def message(part, value):
    """One of the page's inputs, as the page sends it."""
    return json.dumps({"input": {part: value}})


def actions():
    """A random person's next few inputs."""
    tab = random.choice(["market", "favorites", "compare", "watchlist", "alerts"])
    return random.choice([
        [message("board", {"tabChosen": {"tab": tab}})],
        [message("board", {"quoteGroupChosen": {"quote": random.choice(["KRW", "BTC", "USDT"])}})],
        [message("board", {"searchTextChanged": {"text": random.choice(["", "B", "ㅂㅌ", "eth"])}})],
        [message("board", {"sortKeyChosen": {"key": random.choice(["change", "name", "price", "volume"])}})],
        [message("board", {"marketChosen": {"market": random.choice(["KRW-BTC", "KRW-ETH", "KRW-XRP"])}}),
         message("board", {"favoriteToggled": {}})],
        [message("board", {"marketChosen": {"market": "KRW-BTC"}}), message("board", {"detailOpened": {}})],
        [message("board", {"detailClosed": {}})],
        [message("board", {"tabChosen": {"tab": "watchlist"}}), message("watchlist", {"addRequested": {}}),
         message("watchlist", {"searchTextChanged": {"text": random.choice(["카카오", "삼성", "AAPL"])}}),
         message("watchlist", {"searchChosen": {}})],
        [message("board", {"tabChosen": {"tab": "watchlist"}}), message("watchlist", {"removeRequested": {}}),
         message("watchlist", {"confirmationAnswered": {"yes": True}})],
        [message("board", {"tabChosen": {"tab": "alerts"}}), message("alerts", {"formOpened": {}}),
         message("alerts", {"formTextChanged": {"text": random.choice(["BTC > 1", "ETH < 1", "XRP +5% 1m"])}}),
         message("alerts", {"formSubmitted": {}})],
    ])


async def tab(url, until, stalled):
    async with websockets.connect(url, max_size=None) as socket:
        await socket.send(message("board", {"viewportResized": {"rows": random.choice([20, 30, 40])}}))
        rules = []

        async def read():
            async for text in socket:
                rules.extend(int(found) for found in re.findall(r'"id":(\d+),"text"', text)[:3])

        reader = asyncio.create_task(read())
        while time.time() < until and not stalled.is_set():
            inputs = actions()
            if rules and random.random() < 0.3:
                inputs = [message("alerts", {"ruleRemoved": {"id": rules.pop()}})]
            for text in inputs:
                await socket.send(text)
                await asyncio.sleep(random.uniform(0.05, 0.3))
            await asyncio.sleep(random.uniform(0.2, 1.5))
        reader.cancel()


async def probe(url, until, stalled):
    while time.time() < until and not stalled.is_set():
        started = time.time()
        try:
            async with websockets.connect(url, max_size=None) as socket:
                await socket.send(message("board", {"viewportResized": {"rows": 30}}))
                while '"snapshot"' not in await asyncio.wait_for(socket.recv(), timeout=15):
                    pass
            print(f"{time.strftime('%T')} a fresh tab's first screen in {time.time() - started:.2f} s", flush=True)
        except (asyncio.TimeoutError, OSError, websockets.WebSocketException) as error:
            print(f"{time.strftime('%T')} STALL: a fresh tab got no screen in 15 s ({error!r})", flush=True)
            stalled.set()
        await asyncio.sleep(5)


async def run(url, tabs, seconds):
    until = time.time() + seconds
    stalled = asyncio.Event()
    await asyncio.gather(probe(url, until, stalled), *[tab(url, until, stalled) for _ in range(tabs)])
    return stalled.is_set()


def main():
    options = parse()
    folder = tempfile.mkdtemp(prefix="sise-stress-")
    database = os.path.join(folder, "sise.sqlite")
    with open(database + ".log", "wb") as log:
        server = subprocess.Popen([options.sise, "serve", "--port", "0", "--db", database],
                                  stdout=subprocess.PIPE, stderr=log, text=True)
    try:
        found = re.search(r":(\d+)/", server.stdout.readline())
        if not found:
            sys.exit("sise serve did not say where it listens")
        stalled = asyncio.run(run(f"ws://127.0.0.1:{found.group(1)}/ws", options.tabs, options.seconds))
        if stalled and shutil.which("gdb"):
            threads = subprocess.run(["gdb", "-p", str(server.pid), "-batch", "-ex", "thread apply all bt 40"],
                                     capture_output=True, text=True)
            with open(database + ".threads", "w") as out:
                out.write(threads.stdout)
            print(f"the server's threads: {database}.threads")
    finally:
        server.kill()
        server.wait()
    if not stalled:
        shutil.rmtree(folder, ignore_errors=True)
    print("stalled" if stalled else f"no stall: {options.tabs} tabs acting for {options.seconds:.0f} s")
    sys.exit(1 if stalled else 0)


if __name__ == "__main__":
    main()
