"""An Upbit-dialect server whose market list carries a hostile name: it passes every request to a
real `sise simulate` Upbit port (REST and the WebSocket alike) and rewrites only one market's
Korean name in `/v1/market/all` to HTML that would run script if a page ever parsed it.

    python hostile_upbit.py UPSTREAM_PORT   # prints "listening PORT", serves until killed"""

import asyncio
import json
import sys
import urllib.request

from websockets.asyncio.client import connect
from websockets.asyncio.server import serve

HOSTILE = '<img src=x onerror="document.body.dataset.owned=1">'
TARGET = "KRW-BTC"


def rewritten(path, body):
    if not path.startswith("/v1/market/all"):
        return body
    markets = json.loads(body)
    for market in markets:
        if market.get("market") == TARGET:
            market["korean_name"] = HOSTILE
    return json.dumps(markets, ensure_ascii=False)


async def main(upstream):
    async def rest(connection, request):
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return None
        url = f"http://127.0.0.1:{upstream}{request.path}"
        reply = await asyncio.to_thread(lambda: urllib.request.urlopen(url, timeout=10).read().decode())
        response = connection.respond(200, rewritten(request.path, reply))
        response.headers["Content-Type"] = "application/json; charset=utf-8"
        return response

    async def pipe(client):
        async with connect(f"ws://127.0.0.1:{upstream}{client.request.path}", max_size=None) as server:
            async def up():
                async for message in client:
                    await server.send(message)

            async def down():
                async for message in server:
                    await client.send(message)

            await asyncio.gather(up(), down())

    async with serve(pipe, "127.0.0.1", 0, process_request=rest, max_size=None) as server:
        port = server.sockets[0].getsockname()[1]
        print(f"listening {port}", flush=True)
        await asyncio.get_running_loop().create_future()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1])))
