"""Bithumb's both API generations through clients nobody here wrote: ccxt (REST), ccxt.pro (the
legacy `/pub/ws` and the v1 `/websocket/v1`) and pybithumb, each pointed at the simulator by its
base URLs only."""

import asyncio

import ccxt
import ccxt.pro
import pybithumb
import pybithumb.core
import pybithumb.websocket
import pytest

# How long a WebSocket may take to deliver what was asked: generous, the machine is shared.
DEADLINE = 60


def rest_client(simulator, generation):
    exchange = ccxt.bithumb({"options": {"generation": generation}})
    exchange.urls["api"]["public"] = simulator.http("Bithumb")
    return exchange


def assert_sane_book(book):
    assert book["bids"] and book["asks"], book
    best_bid, best_ask = book["bids"][0][0], book["asks"][0][0]
    assert best_bid < best_ask, (best_bid, best_ask)
    assert all(a[0] > b[0] for a, b in zip(book["bids"], book["bids"][1:]))
    assert all(a[0] < b[0] for a, b in zip(book["asks"], book["asks"][1:]))


@pytest.mark.parametrize("generation", [1, 2])
def test_ccxt_rest(simulator, generation):
    exchange = rest_client(simulator, generation)
    markets = exchange.load_markets()
    assert "BTC/KRW" in markets and "ETH/KRW" in markets
    if generation == 1:
        assert any(m["quote"] == "BTC" for m in markets.values()), "ALL_BTC lists the BTC markets"
    ticker = exchange.fetch_ticker("BTC/KRW")
    assert ticker["last"] > 0 and ticker["high"] >= ticker["last"] >= ticker["low"] > 0
    book = exchange.fetch_order_book("BTC/KRW")
    assert_sane_book(book)
    trades = exchange.fetch_trades("BTC/KRW")
    assert trades and all(t["price"] > 0 and t["amount"] > 0 and t["side"] in ("buy", "sell") for t in trades)
    assert all(abs(t["timestamp"] - exchange.milliseconds()) < 86_400_000 for t in trades), "times in UTC"
    # Generation 1 maps ccxt's timeframes onto the legacy nine (and 1w, 1mm); generation 2 serves
    # the v1 minutes (ccxt's `timeframes`) and days, weeks and months.
    legacy = ["1m", "3m", "5m", "10m", "30m", "1h", "6h", "12h", "1d", "1w", "1M"]
    for timeframe in legacy if generation == 1 else [*exchange.timeframes, "1d", "1w", "1M"]:
        candles = exchange.fetch_ohlcv("BTC/KRW", timeframe)
        assert candles, timeframe
        for time, open_, high, low, close, volume in candles:
            assert high >= max(open_, close) and low <= min(open_, close) and volume >= 0, (timeframe, time)
        times = [c[0] for c in candles]
        assert times == sorted(times) and len(set(times)) == len(times), timeframe


def test_ccxt_rest_tickers_of_a_quote(simulator):
    exchange = rest_client(simulator, 1)
    exchange.load_markets()
    tickers = exchange.fetch_tickers()
    assert len(tickers) > 100
    assert all(t["last"] is None or t["last"] > 0 for t in tickers.values())


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, DEADLINE * 2))


@pytest.mark.parametrize("generation", [1, 2])
def test_ccxt_pro_follows_ticker_trades_and_book(simulator, generation):
    async def follow():
        exchange = ccxt.pro.bithumb({"options": {"generation": generation}})
        exchange.urls["api"]["public"] = simulator.http("Bithumb")
        exchange.urls["api"]["ws"]["public"] = simulator.ws("Bithumb") + "/pub/ws"
        exchange.urls["api"]["ws"]["publicGen2"] = simulator.ws("Bithumb") + "/websocket/v1"
        try:
            await exchange.load_markets()
            ticker = await asyncio.wait_for(exchange.watch_ticker("BTC/KRW"), DEADLINE)
            assert ticker["last"] > 0
            trades = await asyncio.wait_for(exchange.watch_trades("BTC/KRW"), DEADLINE)
            assert trades and trades[-1]["price"] > 0 and trades[-1]["amount"] > 0
            book = await asyncio.wait_for(exchange.watch_order_book("BTC/KRW"), DEADLINE)
            assert_sane_book(book)
            # The deltas keep the book whole: watched again after it changed, still sane.
            book = await asyncio.wait_for(exchange.watch_order_book("BTC/KRW"), DEADLINE)
            assert_sane_book(book)
        finally:
            await exchange.close()

    run(follow())


@pytest.fixture
def pybithumb_at(simulator, monkeypatch):
    monkeypatch.setattr(pybithumb.core.BithumbHttp, "base_url", property(lambda self: simulator.http("Bithumb")))


def test_pybithumb(pybithumb_at):
    tickers = pybithumb.get_tickers()
    assert isinstance(tickers, list) and "BTC" in tickers and "date" not in tickers
    price = pybithumb.get_current_price("BTC")
    assert isinstance(price, float) and price > 0
    every = pybithumb.get_current_price("ALL")
    assert "BTC" in every and "date" not in every
    detail = pybithumb.get_market_detail("BTC")
    assert isinstance(detail, tuple) and len(detail) == 5
    book = pybithumb.get_orderbook("BTC")
    assert isinstance(book, dict) and len(book["bids"]) == 5 and book["bids"][0]["price"] < book["asks"][0]["price"]
    trades = pybithumb.Bithumb.get_transaction_history("BTC")
    assert isinstance(trades, list) and trades and trades[0]["price"] > 0
    for interval in ["1m", "3m", "5m", "10m", "30m", "1h", "6h", "12h", "24h"]:
        frame = pybithumb.get_candlestick("BTC", chart_intervals=interval)
        assert frame is not None and hasattr(frame, "columns") and len(frame) > 0, interval
        assert (frame["high"] >= frame["low"]).all(), interval


def test_pybithumb_websocket(simulator, monkeypatch):
    """pybithumb's WebSocketManager dials Bithumb's address itself (in a child process): the test
    sends that address to the simulator's `/pub/ws`."""
    connect = pybithumb.websocket.websockets.connect
    legacy = simulator.ws("Bithumb")

    def redirected(uri, **options):
        return connect(uri.replace("wss://pubwss.bithumb.com", legacy), **options)

    monkeypatch.setattr(pybithumb.websocket.websockets, "connect", redirected)
    # The manager's child process runs the event loop it inherits: a fresh one, not one an earlier
    # client (python-binance's) left set and closed.
    asyncio.set_event_loop(asyncio.new_event_loop())
    for kind, check in [
        ("ticker", lambda content: float(content["closePrice"]) > 0),
        ("transaction", lambda content: float(content["list"][0]["contPrice"]) > 0),
        ("orderbookdepth", lambda content: any(float(level["quantity"]) > 0 for level in content["list"])),
    ]:
        manager = pybithumb.WebSocketManager(kind, ["BTC_KRW"])
        try:
            # What `manager.get()` does, with a deadline: it would wait forever.
            manager.alive = True
            manager.start()
            message = manager._WebSocketManager__q.get(timeout=DEADLINE)
            assert message["type"] == kind and check(message["content"]), message
        finally:
            manager.terminate()
            manager.kill()
