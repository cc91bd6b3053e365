"""Binance spot through clients nobody here wrote: ccxt (REST), ccxt.pro (the raw `/ws/<stream>`
and its diff-depth book kept by update ids) and python-binance (REST, and its raw and combined
stream sockets), each pointed at the simulator by its base URLs only."""

import asyncio
import json

import binance
import binance.ws.streams
import ccxt
import ccxt.pro
import pytest
import websockets

DEADLINE = 60


def point_ccxt(exchange, simulator):
    base = simulator.http("Binance")
    exchange.urls["api"]["public"] = base + "/api/v3"
    if "ws" in exchange.urls["api"]:
        exchange.urls["api"]["ws"]["spot"] = simulator.ws("Binance") + "/ws"
    exchange.options["fetchMarkets"] = {"types": ["spot"]}
    return exchange


def test_ccxt_rest(simulator):
    exchange = point_ccxt(ccxt.binance(), simulator)
    markets = exchange.load_markets()
    btc = markets["BTC/USDT"]
    assert btc["precision"]["price"] and btc["precision"]["amount"], btc["precision"]
    assert btc["limits"]["price"]["min"] is not None
    ticker = exchange.fetch_ticker("BTC/USDT")
    assert ticker["bid"] < ticker["ask"], (ticker["bid"], ticker["ask"])
    book = exchange.fetch_order_book("BTC/USDT")
    assert book["bids"][0][0] == ticker["bid"] and book["asks"][0][0] == ticker["ask"]
    trades = exchange.fetch_trades("BTC/USDT")
    assert trades and all(t["price"] > 0 and t["amount"] > 0 for t in trades)
    for timeframe in exchange.timeframes:
        candles = exchange.fetch_ohlcv("BTC/USDT", timeframe, limit=50)
        assert candles, timeframe
        assert all(c[2] >= max(c[1], c[4]) and c[3] <= min(c[1], c[4]) for c in candles), timeframe


def test_ccxt_pro_follows_ticker_trades_and_book(simulator):
    async def follow():
        exchange = point_ccxt(ccxt.pro.binance(), simulator)
        try:
            await exchange.load_markets()
            ticker = await asyncio.wait_for(exchange.watch_ticker("BTC/USDT"), DEADLINE)  # @miniTicker
            assert ticker["last"] > 0 and ticker["high"] >= ticker["last"] >= ticker["low"]
            ticker = await asyncio.wait_for(exchange.watch_ticker("ETH/USDT", {"name": "ticker"}), DEADLINE)
            assert ticker["bid"] < ticker["ask"]
            trades = await asyncio.wait_for(exchange.watch_trades("BTC/USDT"), DEADLINE)
            assert trades and trades[-1]["price"] > 0
            for _ in range(3):  # the snapshot, then the diffs chained by their update ids
                book = await asyncio.wait_for(exchange.watch_order_book("BTC/USDT"), DEADLINE)
                assert book["bids"][0][0] < book["asks"][0][0]
        finally:
            await exchange.close()

    asyncio.run(asyncio.wait_for(follow(), DEADLINE * 3))


@pytest.fixture
def python_binance(simulator, monkeypatch):
    base = simulator.http("Binance")
    monkeypatch.setattr(binance.Client, "API_URL", base + "/api")
    monkeypatch.setattr(binance.AsyncClient, "API_URL", base + "/api")
    monkeypatch.setattr(binance.ws.streams.BinanceSocketManager, "STREAM_URL", simulator.ws("Binance") + "/")
    return base


def test_python_binance_rest(python_binance):
    client = binance.Client()  # pings /api/v3/ping as it starts
    assert abs(client.get_server_time()["serverTime"] - client.get_server_time()["serverTime"]) < 60_000
    info = client.get_symbol_info("BTCUSDT")
    assert {f["filterType"] for f in info["filters"]} >= {"PRICE_FILTER", "LOT_SIZE"}
    ticker = client.get_ticker(symbol="BTCUSDT")
    assert float(ticker["bidPrice"]) < float(ticker["askPrice"])
    assert float(client.get_symbol_ticker(symbol="BTCUSDT")["price"]) > 0
    assert len(client.get_symbol_ticker()) > 10
    best = client.get_orderbook_ticker(symbol="BTCUSDT")
    assert float(best["bidPrice"]) < float(best["askPrice"])
    book = client.get_order_book(symbol="BTCUSDT", limit=10)
    assert len(book["bids"]) == 10 and float(book["bids"][0][0]) < float(book["asks"][0][0])
    assert client.get_recent_trades(symbol="BTCUSDT", limit=20)
    aggregated = client.get_aggregate_trades(symbol="BTCUSDT", limit=20)
    assert aggregated and {"a", "p", "q", "f", "l", "T", "m"} <= set(aggregated[0])
    assert all(a["a"] < b["a"] for a, b in zip(aggregated, aggregated[1:]))
    for interval in ["1s", "1m", "3m", "5m", "15m", "30m", "1h", "2h", "4h", "6h", "8h", "12h", "1d", "3d", "1w", "1M"]:
        rows = client.get_klines(symbol="BTCUSDT", interval=interval, limit=10)
        assert rows, interval


def test_python_binance_streams(python_binance):
    async def follow():
        client = await binance.AsyncClient.create()
        manager = binance.BinanceSocketManager(client)
        try:
            async with manager.symbol_ticker_socket("BTCUSDT") as stream:
                event = await asyncio.wait_for(stream.recv(), DEADLINE)
                assert event["e"] == "24hrTicker" and float(event["b"]) < float(event["a"])
            async with manager.trade_socket("BTCUSDT") as stream:
                event = await asyncio.wait_for(stream.recv(), DEADLINE)
                assert event["e"] == "trade" and float(event["p"]) > 0
            async with manager.multiplex_socket(["btcusdt@ticker", "ethusdt@trade"]) as stream:
                event = await asyncio.wait_for(stream.recv(), DEADLINE)
                assert event["stream"] in ("btcusdt@ticker", "ethusdt@trade") and "data" in event
            async with manager.depth_socket("BTCUSDT", depth=binance.BinanceSocketManager.WEBSOCKET_DEPTH_5) as stream:
                book = await asyncio.wait_for(stream.recv(), DEADLINE)
                assert len(book["bids"]) == 5 and float(book["bids"][0][0]) < float(book["asks"][0][0])
            # The diff stream on a REST snapshot, kept by python-binance's own book.
            async with binance.DepthCacheManager(client, "BTCUSDT") as cache:
                for _ in range(3):
                    depth = await asyncio.wait_for(cache.recv(), DEADLINE)
                    assert depth.get_bids()[0][0] < depth.get_asks()[0][0]
        finally:
            await client.close_connection()

    asyncio.run(asyncio.wait_for(follow(), DEADLINE * 3))


def test_combined_stream_wraps_every_event(simulator):
    async def follow():
        url = simulator.ws("Binance") + "/stream?streams=btcusdt@ticker/btcusdt@depth5"
        async with websockets.connect(url) as socket:
            seen = set()
            while seen != {"btcusdt@ticker", "btcusdt@depth5"}:
                event = json.loads(await asyncio.wait_for(socket.recv(), DEADLINE))
                assert set(event) == {"stream", "data"}, event
                seen.add(event["stream"])

    asyncio.run(follow())
