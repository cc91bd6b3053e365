"""The dashboard in a real browser: `sise serve` on the embedded simulator, driven by headless
Chromium through playwright. Every wait is on the page's hooks (data-state, data-market, …) with
a generous deadline, never a fixed sleep."""

import atexit
import os
import re
from decimal import Decimal
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

import pytest
from playwright.sync_api import expect, sync_playwright

SISE = os.environ.get("SISE_BIN", ".build/debug/sise")
DEADLINE = 20_000  # ms
# Every server's database lives in this run's folder, removed when the run ends.
SCRATCH = tempfile.mkdtemp(prefix="sise-browser-")
atexit.register(shutil.rmtree, SCRATCH, True)


class Server:
    """A `sise serve` process on its own database; restartable on the same port."""

    def __init__(self, arguments=()):
        self.db = os.path.join(tempfile.mkdtemp(dir=SCRATCH), "sise.sqlite")
        self.port = 0
        self.process = None
        self.arguments = list(arguments)

    def start(self):
        # What the server says goes to a file, never to a pipe nobody reads: a server that fills
        # a pipe's buffer blocks on its next write.
        self.log = self.db + ".log"
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [SISE, "serve", "--port", str(self.port), "--db", self.db, *self.arguments],
                stdout=subprocess.PIPE, stderr=log, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, f"sise serve printed {line!r}; it said: {self.said()}"
        self.port = int(match.group(1))
        # Whatever else it prints is read, so that it never blocks on a full pipe.
        threading.Thread(target=self.process.stdout.read, daemon=True).start()

    def said(self, limit=4000):
        """The end of what the server wrote to stderr (for a failing test's report)."""
        with open(self.log, errors="replace") as log:
            return log.read()[-limit:]

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/"

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def server():
    server = Server()
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
        yield browser
        browser.close()


# What every page of the running test said went wrong (its uncaught errors and console errors),
# for the report of a test that fails (conftest.py).
PAGE_ERRORS = []


def watch_errors(page):
    """The page's uncaught errors, as a list the test checks; they and its console errors also go
    to PAGE_ERRORS."""
    errors = []

    def uncaught(error):
        errors.append(str(error))
        PAGE_ERRORS.append(f"{page.url}: {error}")

    page.on("pageerror", uncaught)
    page.on("console", lambda message: message.type == "error" and PAGE_ERRORS.append(
        f"{page.url}: console: {message.text}"))
    return errors


def open_page(browser, server, width=1440, height=1300):
    page = browser.new_page(viewport={"width": width, "height": height})
    errors = watch_errors(page)
    page.goto(server.url)
    expect(page.locator("#app")).to_have_attribute("data-state", "live", timeout=DEADLINE)
    page.errors = errors
    return page


def test_first_paint_shows_at_least_30_rows_with_live_prices(browser, server):
    page = open_page(browser, server)
    rows = page.locator("tr[data-market]")
    expect(rows.nth(29)).to_be_visible(timeout=DEADLINE)
    prices = lambda: page.locator("tr[data-market] td.price").all_text_contents()
    before = prices()
    page.wait_for_function(
        "before => Array.from(document.querySelectorAll('tr[data-market] td.price'))"
        ".map(cell => cell.textContent).join('|') !== before",
        arg="|".join(before), timeout=DEADLINE)
    assert page.errors == []
    page.screenshot(path=os.environ.get("SCREENSHOT_DIR", ".build") + "/dashboard-1440x900.png",
                    clip={"x": 0, "y": 0, "width": 1440, "height": 900})
    page.close()


def test_rows_patched_cell_by_cell_keep_every_cell_a_fresh_page_shows(browser, server):
    # A tick's row travels as its id and the cells that changed: after many patches each row
    # still has its name, symbol and value, as a page that just opened shows them.
    page = open_page(browser, server)
    expect(page.locator("tr[data-market]").nth(29)).to_be_visible(timeout=DEADLINE)
    cells = ("td.name", "td.price", "td.rate", "td.value")
    read_rows = lambda tab: tab.evaluate(
        "cells => Array.from(document.querySelectorAll('tr[data-market]')).map(row =>"
        " [row.dataset.market, ...cells.map(cell => row.querySelector(cell)?.textContent ?? '')])",
        list(cells))
    changed_prices = 0
    before = read_rows(page)
    while changed_prices < 20:
        page.wait_for_function(
            "before => Array.from(document.querySelectorAll('tr[data-market] td.price'))"
            ".map(cell => cell.textContent).join('|') !== before",
            arg="|".join(row[2] for row in before), timeout=DEADLINE)
        after = read_rows(page)
        changed_prices += sum(1 for old, new in zip(before, after) if old[0] == new[0] and old[2] != new[2])
        before = after
    fresh = open_page(browser, server)
    expect(fresh.locator("tr[data-market]").nth(29)).to_be_visible(timeout=DEADLINE)
    names = {row[0]: row[1] for row in read_rows(fresh)}
    for market, name, price, change, value in read_rows(page):
        assert name and price and change and value, (market, name, price, change, value)
        assert "undefined" not in name + price + change + value, (market, name, price, change, value)
        if market in names:
            assert name == names[market], (market, name, names[market])
    assert page.errors == [] and fresh.errors == []
    fresh.close()
    page.close()


def test_initial_consonants_narrow_to_bitcoin(browser, server):
    page = open_page(browser, server)
    expect(page.locator("tr[data-market]").nth(29)).to_be_visible(timeout=DEADLINE)
    page.locator('[data-role="search"]').fill("ㅂㅌ")
    # The server narrows the rows (matching stays in Swift): wait for the patch, not a fixed time.
    page.wait_for_function(
        "() => { const rows = document.querySelectorAll('tr[data-market]');"
        " return rows.length > 0 && rows.length < 30 && document.querySelector('tr[data-market=\"KRW-BTC\"]'); }",
        timeout=DEADLINE)
    names = page.locator("tr[data-market] td.name span:first-child").all_text_contents()
    assert "비트코인" in names and len(names) < 30, names
    page.keyboard.press("Escape")
    page.close()


# The page's screens arrive 300 ms late, as on a slow phone network (the order kept);
# `window.keysReadOnTheWire` is what the newest screen on the socket has read, before the page
# hears of it.
SLOW_SCREENS = """
window.keysReadOnTheWire = 0;
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  addEventListener(type, listener, options) {
    if (type !== "message") return super.addEventListener(type, listener, options);
    return super.addEventListener(type, (event) => {
      const message = JSON.parse(event.data);
      const read = message.output?.keysRead ?? message.changes?.keysRead;
      if (read !== undefined) window.keysReadOnTheWire = read;
      setTimeout(() => listener(event), 300);
    }, options);
  }
};
"""


def test_slash_then_letters_typed_before_its_screen_all_land_in_the_search(browser, server):
    # `/` opens the search on the server; the letters typed behind it, while the screen that
    # focuses the field is still on its way, land in it, none of them taken as a board key.
    page = browser.new_page(viewport={"width": 1440, "height": 1300})
    page.add_init_script(SLOW_SCREENS)
    errors = watch_errors(page)
    page.goto(server.url)
    expect(page.locator("#app")).to_have_attribute("data-state", "live", timeout=DEADLINE)
    expect(page.locator("tr[data-market]").nth(29)).to_be_visible(timeout=DEADLINE)
    page.keyboard.press("/")
    # The server's screen with the empty search focused is on its way, not yet drawn.
    page.wait_for_function("() => window.keysReadOnTheWire === 1", timeout=DEADLINE)
    page.keyboard.type("btc")
    search = page.locator('[data-role="search"]')
    expect(search).to_have_value("btc", timeout=DEADLINE)
    expect(search).to_be_focused()
    page.wait_for_function(
        "() => { const rows = document.querySelectorAll('tr[data-market]');"
        " return rows.length > 0 && rows.length < 30 && document.querySelector('tr[data-market=\"KRW-BTC\"]'); }",
        timeout=DEADLINE)
    # Typed on: the field has the keyboard now, and what the server searches follows it.
    page.keyboard.type("x")
    expect(page.locator("tr[data-market]")).to_have_count(0, timeout=DEADLINE)
    page.keyboard.press("Escape")
    expect(search).to_have_value("", timeout=DEADLINE)
    assert errors == []
    page.close()


def test_clicking_a_header_sorts_and_clicking_again_reverses(browser, server):
    page = open_page(browser, server)
    header = page.locator('th[data-sort="price"]')
    header.click()
    expect(page.locator('th[data-sort="price"]')).to_contain_text("▼", timeout=DEADLINE)
    page.locator('th[data-sort="price"]').click()
    expect(page.locator('th[data-sort="price"]')).to_contain_text("▲", timeout=DEADLINE)
    page.locator('th[data-sort="value"]').click()
    expect(page.locator('th[data-sort="value"]')).to_contain_text("▼", timeout=DEADLINE)
    page.close()


def test_question_mark_shows_the_keys_and_any_key_closes_them(browser, server):
    page = open_page(browser, server)
    expect(page.locator("tr[data-market]").nth(9)).to_be_visible(timeout=DEADLINE)
    page.keyboard.press("?")
    help = page.locator('[data-role="help"]')
    expect(help).to_be_visible(timeout=DEADLINE)
    expect(help.locator('[data-help="board"]')).to_contain_text("favorite")
    page.keyboard.press("Escape")
    expect(help).to_be_hidden(timeout=DEADLINE)
    page.close()


def test_a_favorite_shows_a_toast_survives_a_reload_and_reaches_another_tab(browser, server):
    first = open_page(browser, server)
    second = open_page(browser, server)
    row = first.locator('tr[data-market="KRW-BTC"]')
    expect(row).to_be_visible(timeout=DEADLINE)
    row.locator('[data-role="favorite"]').click()
    expect(first.locator('[data-role="toast"]')).to_contain_text("비트코인", timeout=DEADLINE)
    expect(row.locator('[data-role="favorite"]')).to_have_attribute("aria-pressed", "true", timeout=DEADLINE)
    # The other browser tab, never reloaded, sees it on its Favorites tab.
    second.locator('[data-tab="favorites"]').click()
    expect(second.locator('tr[data-market="KRW-BTC"]')).to_be_visible(timeout=DEADLINE)
    first.reload()
    expect(first.locator('tr[data-market="KRW-BTC"] [data-role="favorite"]')).to_have_attribute(
        "aria-pressed", "true", timeout=DEADLINE)
    second.locator('[data-tab="market"]').click()
    first.close()
    second.close()


def test_two_tabs_of_different_sizes_keep_their_own_search_and_tab(browser, server):
    # Issue 26, item 7: a tab's choices never reach another tab, open or opened later.
    wide = open_page(browser, server, width=1440, height=1300)
    narrow = open_page(browser, server, width=390, height=844)
    expect(wide.locator("tr[data-market]").nth(9)).to_be_visible(timeout=DEADLINE)
    expect(narrow.locator("tr[data-market]").nth(5)).to_be_visible(timeout=DEADLINE)
    wide.locator('[data-role="search"]').fill("zzz")
    expect(wide.locator('[data-role="placeholder"]')).to_contain_text("zzz", timeout=DEADLINE)
    narrow.locator('[data-tab="compare"]').click()
    expect(narrow.locator('[data-tab="compare"]')).to_have_attribute("aria-selected", "true", timeout=DEADLINE)
    # Each keeps its own, whatever the other did.
    expect(wide.locator('[data-tab="market"]')).to_have_attribute("aria-selected", "true", timeout=DEADLINE)
    expect(wide.locator('[data-role="search"]')).to_have_value("zzz")
    expect(narrow.locator('[data-role="search"]')).to_have_value("")
    wide.close()
    # A new tab of yet another size opens on the defaults: not the closed tab's search, not the
    # other tab's Compare.
    fresh = open_page(browser, server, width=1100, height=1750)
    expect(fresh.locator("tr[data-market]").nth(5)).to_be_visible(timeout=DEADLINE)
    expect(fresh.locator('[data-tab="market"]')).to_have_attribute("aria-selected", "true", timeout=DEADLINE)
    expect(fresh.locator('[data-role="search"]')).to_have_value("")
    assert fresh.locator('[data-role="placeholder"]').count() == 0 or "zzz" not in (
        fresh.locator('[data-role="placeholder"]').text_content() or "")
    # Its first click lands where it was aimed: the star it shows is the one it saved.
    row = fresh.locator('tr[data-market="KRW-ETH"]')
    row.locator('[data-role="favorite"]').click()
    expect(row.locator('[data-role="favorite"]')).to_have_attribute("aria-pressed", "true", timeout=DEADLINE)
    expect(fresh.locator('[data-role="toast"]')).to_contain_text("이더리움", timeout=DEADLINE)
    row.locator('[data-role="favorite"]').click()
    expect(row.locator('[data-role="favorite"]')).to_have_attribute("aria-pressed", "false", timeout=DEADLINE)
    narrow.locator('[data-tab="market"]').click()
    fresh.close()
    narrow.close()


def test_the_status_bar_of_a_fresh_page_does_not_say_connecting_for_feeds_not_started(browser):
    # Issue 27, point 2: the other exchanges' feeds start when Compare first shows. A server of
    # its own, so that no other test has opened Compare yet.
    server = Server()
    server.start()
    try:
        page = open_page(browser, server)
        status = page.locator('[data-role="status"]')
        expect(status.locator('[data-exchange="Upbit"]')).to_have_attribute("data-feed", "live", timeout=DEADLINE)
        for exchange in ["Bithumb", "Korbit", "Binance"]:
            part = status.locator(f'[data-exchange="{exchange}"]')
            expect(part).to_have_attribute("data-feed", "idle", timeout=DEADLINE)
            # Issue 65, item 4: what starts it, not a word that reads as broken.
            expect(part).to_have_text(f"{exchange}: with Compare")
        assert "connecting" not in status.text_content()
        page.locator('[data-tab="compare"]').click()
        expect(status.locator('[data-exchange="Bithumb"]')).to_have_attribute("data-feed", "live", timeout=DEADLINE)
        page.close()
    finally:
        server.stop()


@pytest.mark.parametrize("width", [360, 390])
def test_nothing_is_wider_than_a_phone(browser, server, width):
    # Issue 27, point 8: the board, a coin's detail and the Watchlist fit the viewport.
    page = open_page(browser, server, width=width, height=800)
    expect(page.locator("tr[data-market]").nth(5)).to_be_visible(timeout=DEADLINE)
    overflow = "() => document.scrollingElement.scrollWidth - window.innerWidth"
    assert page.evaluate(overflow) <= 0, f"the board is {page.evaluate(overflow)} px too wide at {width} px"
    page.locator('tr[data-market="KRW-BTC"] td.name').click()
    expect(page.locator('[data-view="detail"]')).to_be_visible(timeout=DEADLINE)
    expect(page.locator('[data-role="price-axis"]')).to_be_visible(timeout=DEADLINE)
    assert page.evaluate(overflow) <= 0, f"the detail is {page.evaluate(overflow)} px too wide at {width} px"
    page.keyboard.press("Escape")
    expect(page.locator('[data-view="detail"]')).to_be_hidden(timeout=DEADLINE)
    page.locator('[data-tab="watchlist"]').click()
    expect(page.locator('[data-view="watchlist"]')).to_be_visible(timeout=DEADLINE)
    assert page.evaluate(overflow) <= 0, f"the Watchlist is {page.evaluate(overflow)} px too wide at {width} px"
    page.locator('[data-tab="market"]').click()
    page.close()


def test_network_text_is_shown_as_text_never_as_html(browser, server):
    page = open_page(browser, server)
    hostile = '<img src=x onerror="document.body.dataset.owned=1">'
    page.locator('[data-role="search"]').fill(hostile)
    placeholder = page.locator('[data-role="placeholder"]')
    expect(placeholder).to_contain_text(hostile, timeout=DEADLINE)
    assert page.locator("main img").count() == 0
    assert page.evaluate("document.body.dataset.owned") is None
    page.locator('[data-role="search"]').press("Escape")
    page.close()


def test_a_market_name_holding_html_is_shown_as_text(browser):
    """A server of the Upbit dialect names a market with HTML that would run script: the page
    shows the name as text, in the row and in the detail."""
    simulator = subprocess.Popen(
        [SISE, "simulate", "--port", "0", "--rest-limit", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        text=True)
    proxy = server = None
    try:
        upstream = None
        for line in simulator.stderr:
            match = re.search(r"Upbit on http://127\.0\.0\.1:(\d+)", line)
            if match:
                upstream = match.group(1)
                break
        assert upstream, "the simulator did not say where Upbit listens"
        # Whatever else it says is read, so that it never blocks on a full pipe.
        threading.Thread(target=simulator.stderr.read, daemon=True).start()
        proxy = subprocess.Popen(
            [sys.executable, os.path.join(os.path.dirname(__file__), "hostile_upbit.py"), upstream],
            stdout=subprocess.PIPE, text=True)
        port = re.search(r"listening (\d+)", proxy.stdout.readline()).group(1)
        server = Server(["--base-url", f"http://127.0.0.1:{port}"])
        server.start()
        page = open_page(browser, server)
        row = page.locator('tr[data-market="KRW-BTC"]')
        expect(row.locator("td.name")).to_contain_text("<img src=x", timeout=DEADLINE)
        row.locator("td.name").click()
        expect(page.locator('[data-role="detail-name"]')).to_contain_text("<img src=x", timeout=DEADLINE)
        assert page.locator("#app img").count() == 0
        assert page.evaluate("document.body.dataset.owned") is None
        page.keyboard.press("Escape")
        page.close()
    finally:
        if server is not None:
            server.stop()
        for process in (proxy, simulator):
            if process is not None:
                process.kill()
                process.wait(timeout=10)


def test_a_server_restart_shows_reconnecting_then_live_with_the_rows_rebuilt(browser, server):
    page = open_page(browser, server)
    expect(page.locator("tr[data-market]").nth(9)).to_be_visible(timeout=DEADLINE)
    server.stop()
    expect(page.locator("#app")).to_have_attribute("data-state", "reconnecting", timeout=DEADLINE)
    expect(page.locator('[data-role="banner"]')).to_contain_text("reconnecting", timeout=DEADLINE)
    # Issue 65, item 4: while disconnected no status part says live, every feed reads offline,
    # the rows are dimmed and no cell stays flashed.
    status = page.locator('[data-role="status"]')
    expect(status.locator('[data-feed="live"]')).to_have_count(0, timeout=DEADLINE)
    expect(status.locator('[data-exchange="Upbit"]')).to_have_attribute("data-feed", "offline")
    expect(status.locator('[data-exchange="Upbit"]')).to_have_text("Upbit: offline")
    assert "live" not in status.text_content().replace("LIVE", "")
    assert page.locator(".flash-rise, .flash-fall").count() == 0
    opacity = page.locator("tr[data-market]").first.evaluate("row => getComputedStyle(row).opacity")
    assert float(opacity) < 1, opacity
    server.start()
    expect(page.locator("#app")).to_have_attribute("data-state", "live", timeout=DEADLINE)
    expect(page.locator("tr[data-market]").nth(9)).to_be_visible(timeout=DEADLINE)
    expect(status.locator('[data-exchange="Upbit"]')).to_have_attribute("data-feed", "live", timeout=DEADLINE)
    opacity = page.locator("tr[data-market]").first.evaluate("row => getComputedStyle(row).opacity")
    assert float(opacity) == 1, opacity
    assert page.errors == []
    page.close()


def test_a_tap_on_a_row_opens_its_detail_with_a_candle_chart_its_axes_and_dates(browser, server):
    page = open_page(browser, server, width=390, height=844)
    row = page.locator('tr[data-market="KRW-BTC"]')
    expect(row).to_be_visible(timeout=DEADLINE)
    row.locator("td.name").click()
    detail = page.locator('[data-view="detail"]')
    expect(detail).to_be_visible(timeout=DEADLINE)
    expect(detail.locator('[data-role="detail-name"]')).to_have_text("비트코인", timeout=DEADLINE)
    chart = detail.locator('svg[data-role="chart"]')
    # The server lays the chart out (CandleChartLayout) once the daily candles have loaded.
    expect(chart.locator("g.candle").nth(29)).to_be_attached(timeout=DEADLINE)
    prices = chart.locator('[data-role="price-axis"] text').all_text_contents()
    dates = chart.locator('[data-role="date-axis"] text').all_text_contents()
    assert len(prices) >= 2 and all(re.fullmatch(r"[\d,.]+", text) for text in prices), prices
    assert len(dates) >= 2 and all(re.fullmatch(r"\d\d-\d\d", text) for text in dates), dates
    expect(detail.locator('[data-stat="high52Week"]')).not_to_have_text("–", timeout=DEADLINE)
    # Live: the price in the detail moves with the ticks.
    price = detail.locator('[data-role="detail-price"]')
    before = price.text_content()
    page.wait_for_function(
        "before => document.querySelector('[data-role=\"detail-price\"]').textContent !== before",
        arg=before, timeout=DEADLINE)
    page.screenshot(path=os.environ.get("SCREENSHOT_DIR", ".build") + "/dashboard-detail-390x844.png")
    page.keyboard.press("Escape")
    expect(detail).to_be_hidden(timeout=DEADLINE)
    expect(page.locator('tr[data-market="KRW-BTC"]')).to_be_visible(timeout=DEADLINE)
    assert page.errors == []
    page.close()


def order_book_rows_change(page, timeout=DEADLINE):
    """Waits until the order book's rows (prices and sizes) differ from what they are now."""
    script = """() => Array.from(document.querySelectorAll('[data-role="orderbook"] [data-level]'))
        .map(row => row.dataset.side + row.dataset.price + row.textContent).join('|')"""
    before = page.evaluate(script)
    page.wait_for_function(f"before => ({script})() !== before", arg=before, timeout=timeout)


def expect_a_live_book_and_tape(page, detail):
    book = detail.locator('[data-role="orderbook"]')
    # Upbit's 30 levels a side (issue 30), each with its running total (누적).
    expect(book.locator('[data-level][data-side="ask"]')).to_have_count(30, timeout=DEADLINE)
    expect(book.locator('[data-level][data-side="bid"]')).to_have_count(30, timeout=DEADLINE)
    # Both sides read at one moment: the book moves between two reads.
    sides = book.evaluate("""book => ["ask", "bid"].map(side =>
        Array.from(book.querySelectorAll(`[data-level][data-side="${side}"]`))
            .map(row => Number(row.dataset.price.replaceAll(",", ""))))""")
    asks, bids = sides
    # Shown highest first on both sides: the best ask (the lowest) meets the best bid at the spread.
    assert asks == sorted(asks, reverse=True) and bids == sorted(bids, reverse=True), (asks, bids)
    assert min(asks) > max(bids), (asks, bids)
    expect(book.locator('[data-role="spread"]')).to_contain_text("스프레드", timeout=DEADLINE)
    expect(book.locator('[data-role="depth-totals"]')).to_contain_text("매도", timeout=DEADLINE)
    order_book_rows_change(page)
    tape = detail.locator('[data-role="trades"]')
    expect(tape.locator("[data-trade]").nth(4)).to_be_attached(timeout=DEADLINE)
    for side in tape.locator("[data-trade]").evaluate_all("rows => rows.map(row => row.dataset.side)"):
        assert side in ("buy", "sell"), side
    expect(tape.locator('[data-role="strength"]')).to_have_text(re.compile(r"^[\d,.]+%$"), timeout=DEADLINE)
    first = tape.locator("[data-trade]").first
    before = first.text_content()
    page.wait_for_function(
        """before => document.querySelector('[data-role="trades"] [data-trade]').textContent !== before""",
        arg=before, timeout=DEADLINE)


def open_first_detail_by_keys(page):
    """`g` then Enter, as a keyboard user opens the first coin (Bitcoin, by trade value)."""
    expect(page.locator('tr[data-market="KRW-BTC"]')).to_be_visible(timeout=DEADLINE)
    page.keyboard.press("g")
    expect(page.locator("tr.selected")).to_have_count(1, timeout=DEADLINE)
    page.keyboard.press("Enter")
    detail = page.locator('[data-view="detail"]')
    expect(detail).to_be_visible(timeout=DEADLINE)
    return detail


def test_enter_on_a_coin_shows_its_order_book_and_trades_live_beside_the_chart(browser, server):
    # Issue 27, point 4: the page's detail has the terminal's depth, side by side on a wide page.
    page = open_page(browser, server, width=1440, height=900)
    detail = open_first_detail_by_keys(page)
    expect_a_live_book_and_tape(page, detail)
    chart = detail.locator('svg[data-role="chart"]').bounding_box()
    book = detail.locator('[data-role="orderbook"]').bounding_box()
    tape = detail.locator('[data-role="trades"]').bounding_box()
    # Side by side: the chart, the book and the tape in one row, left to right.
    assert chart["x"] + chart["width"] <= book["x"] + 1 and book["x"] + book["width"] <= tape["x"] + 1, (chart, book, tape)
    assert abs(book["y"] - tape["y"]) < 40, (book, tape)
    expect(detail.locator('[data-role="panes"]')).to_be_hidden()
    # Every trade says whether it is large for the market (worth 5× the tape's median or more).
    flags = detail.locator("[data-trade]").evaluate_all("rows => rows.map(row => row.dataset.large)")
    assert flags and set(flags) <= {"true", "false"}, flags
    page.screenshot(path=os.environ.get("SCREENSHOT_DIR", ".build") + "/dashboard-depth-1440x900.png")
    assert page.errors == []
    page.close()


@pytest.mark.parametrize("width,height", [(1440, 900), (390, 844)])
def test_the_book_opens_centred_on_the_spread(browser, server, width, height):
    # Issue 65, item 2: the book started at the deepest ask (the first bid at y = 882 of 900, on a
    # phone 1096 of 844). It scrolls inside itself, opened with the best ask, the spread row and
    # the best bid in view, without scrolling the page.
    page = open_page(browser, server, width=width, height=height)
    page.locator('tr[data-market="KRW-BTC"] td.name').click()
    detail = page.locator('[data-view="detail"]')
    expect(detail).to_be_visible(timeout=DEADLINE)
    if width < 900:
        detail.locator('[data-pane="orderBook"]').click()
    book = detail.locator('[data-role="orderbook"]')
    expect(book.locator('[data-level][data-side="bid"]')).to_have_count(30, timeout=DEADLINE)
    expect(book.locator('[data-role="spread"]')).to_contain_text("스프레드", timeout=DEADLINE)
    best_ask = book.locator('[data-side="ask"]').last
    spread = book.locator('[data-role="spread"]')
    best_bid = book.locator('[data-side="bid"]').first
    # The centring lands with the first book drawn while the book shows.
    page.wait_for_function(
        """() => { const row = document.querySelector('[data-view="detail"] [data-role="spread"]');
                   const box = row && row.getBoundingClientRect();
                   return box && box.top > 0 && box.bottom < window.innerHeight; }""", timeout=DEADLINE)
    for name, row in [("best ask", best_ask), ("spread", spread), ("best bid", best_bid)]:
        box = row.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, (name, box)
    assert page.evaluate("() => document.scrollingElement.scrollTop") == 0
    page.screenshot(path=os.environ.get("SCREENSHOT_DIR", ".build") + f"/dashboard-book-centred-{width}x{height}.png")
    assert page.errors == []
    page.close()


def test_only_the_levels_whose_size_changed_flash(browser, server):
    # Issue 65, item 3: once a second nearly every size cell flashed at once (31 of 32). A size cell
    # that flashes carries data-changed for the flash's length; a few flash at a time, outlined.
    page = open_page(browser, server, width=1440, height=900)
    book = open_first_detail_by_keys(page).locator('[data-role="orderbook"]')
    expect(book.locator("[data-level]")).to_have_count(60, timeout=DEADLINE)
    samples = []
    deadline = time.monotonic() + 8
    while time.monotonic() < deadline:
        samples.append(book.evaluate("""book => [
            book.querySelectorAll('td.level-size[data-changed]').length,
            book.querySelectorAll('td.level-size').length]"""))
        page.wait_for_timeout(100)
    most = max(changed / total for changed, total in samples)
    assert any(changed for changed, _ in samples), samples
    assert most < 0.5, samples
    # Quietly: outlined, at a moment one flashes.
    outlines = set()
    deadline = time.monotonic() + 5
    while not outlines and time.monotonic() < deadline:
        outline = book.evaluate("""book => {
            const cell = book.querySelector('td.level-size[data-changed]');
            return cell ? getComputedStyle(cell).outlineStyle : null; }""")
        if outline:
            outlines.add(outline)
        page.wait_for_timeout(50)
    assert outlines == {"solid"}, outlines
    assert page.errors == []
    page.close()


def test_the_detail_charts_any_interval_with_studies_a_crosshair_zoom_and_pan(browser, server):
    # Issue 30, point 4: the chart of the terminal's layout, its interval by buttons or keys, the
    # moving averages, Bollinger bands, RSI and MACD, the crosshair's readout, the wheel and a drag.
    page = open_page(browser, server, width=1280, height=900)
    page.locator('tr[data-market="KRW-BTC"] td.name').click()
    detail = page.locator('[data-view="detail"]')
    chart = detail.locator('svg[data-role="chart"]')
    expect(chart.locator("g.candle").nth(29)).to_be_attached(timeout=DEADLINE)
    expect(chart).to_have_attribute("data-interval", "1d", timeout=DEADLINE)
    # Upbit serves seconds to months: a button each, the chosen one pressed.
    names = detail.locator("[data-chart-interval]").all_text_contents()
    assert names == ["1s", "1m", "3m", "5m", "15m", "30m", "1h", "4h", "1D", "1W", "1M"], names
    detail.locator('[data-chart-interval="5m"]').click()
    expect(chart).to_have_attribute("data-interval", "5m", timeout=DEADLINE)
    expect(detail.locator('[data-chart-interval="5m"]')).to_have_attribute("aria-pressed", "true")
    # The window's 120 candles, with volume bars and the two moving averages on by default.
    expect(chart.locator("g.candle")).to_have_count(120, timeout=DEADLINE)
    expect(chart.locator('[data-role="volume"] rect').first).to_be_attached()
    expect(chart.locator('path[data-line="average20"]')).to_be_attached()
    times = chart.locator('[data-role="date-axis"] text').all_text_contents()
    assert len(times) >= 3 and all(re.fullmatch(r"\d\d:\d\d", text) for text in times), times
    detail.locator('[data-study="bands"]').click()
    expect(chart.locator('path[data-line="bandUpper"]')).to_be_attached(timeout=DEADLINE)
    detail.locator('[data-study="oscillator"]').click()
    expect(chart.locator('[data-role="oscillator"][data-kind="rsi"]')).to_be_attached(timeout=DEADLINE)
    expect(chart.locator('[data-role="oscillator"] .pane-title')).to_contain_text("RSI(14) ")
    # The key table's r, as the terminal's: RSI → MACD.
    page.keyboard.press("r")
    expect(chart.locator('[data-role="oscillator"][data-kind="macd"]')).to_be_attached(timeout=DEADLINE)
    expect(detail.locator('[data-study="oscillator"]')).to_have_text("MACD")
    # The crosshair: the candle under the pointer, its time, OHLC and volume.
    box = chart.bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.4, box["y"] + box["height"] * 0.3)
    readout = detail.locator('[data-role="chart-readout"]')
    expect(readout).to_have_text(
        re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d KST  O [\d,]+  H [\d,]+  L [\d,]+  C [\d,]+  V [\d.]+"),
        timeout=DEADLINE)
    expect(chart.locator('[data-role="crosshair"]')).to_have_attribute("visibility", "visible")
    # Over the price pane the crosshair says the price under the pointer (issue 65), and the
    # axis's prices are round: evenly spaced, each a multiple of the step.
    under = chart.locator('[data-role="crosshair-price"]')
    expect(under).to_have_attribute("visibility", "visible", timeout=DEADLINE)
    expect(under).to_have_text(re.compile(r"^[\d,]+(\.\d+)?$"))
    axis = [float(text.replace(",", "")) for text in chart.locator('[data-role="price-axis"] text').all_text_contents()]
    steps = {round(a - b, 6) for a, b in zip(axis, axis[1:])}
    assert len(axis) >= 2 and len(steps) == 1, axis
    step = steps.pop()
    assert all(abs(value / step - round(value / step)) < 1e-6 for value in axis), axis
    # The wheel zooms in: 120 candles become 96.
    page.mouse.wheel(0, -100)
    expect(chart.locator("g.candle")).to_have_count(96, timeout=DEADLINE)
    # A drag to the right brings older candles in; "Now" goes back to the live one.
    newest = chart.locator("g.candle").last.get_attribute("data-start")
    page.mouse.move(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.3)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.6, box["y"] + box["height"] * 0.3, steps=8)
    page.mouse.up()
    expect(detail.locator('[data-role="chart-newest"]')).to_be_visible(timeout=DEADLINE)
    assert chart.locator("g.candle").last.get_attribute("data-start") < newest
    detail.locator('[data-role="chart-newest"]').click()
    expect(detail.locator('[data-role="chart-newest"]')).to_be_hidden(timeout=DEADLINE)
    # A digit chooses the interval as in the terminal: 1 is a minute.
    page.keyboard.press("1")
    expect(chart).to_have_attribute("data-interval", "1m", timeout=DEADLINE)
    page.screenshot(path=os.environ.get("SCREENSHOT_DIR", ".build") + "/dashboard-chart-1280x900.png")
    assert page.errors == []
    page.close()


def test_the_book_has_running_totals_and_groups_its_prices_by_ten_ticks(browser, server):
    # Issue 30, point 5: 누적 beside each level, and 호가 모아보기 by the button (or g), as Upbit groups.
    page = open_page(browser, server, width=1440, height=900)
    page.locator('tr[data-market="KRW-BTC"] td.name').click()
    book = page.locator('[data-view="detail"] [data-role="orderbook"]')
    expect(book.locator('[data-level][data-side="bid"]')).to_have_count(30, timeout=DEADLINE)
    expect(book.locator("thead th").nth(2)).to_have_text("누적")
    rows = book.evaluate("""book => Array.from(book.querySelectorAll('[data-level][data-side="bid"]'))
        .map(row => [row.children[1].textContent, row.children[2].textContent].map(text => Number(text.replaceAll(",", ""))))""")
    sizes = [size for size, _ in rows]
    totals = [total for _, total in rows]
    # From the best bid out: the first total is its size, each next adds its level's.
    assert abs(totals[0] - sizes[0]) < 1e-3 and totals == sorted(totals), rows
    assert abs(totals[-1] - sum(sizes)) < 0.01, rows
    grouping = book.locator('[data-role="book-grouping"]')
    grouping.click()
    expect(grouping).to_have_attribute("aria-pressed", "true", timeout=DEADLINE)
    expect(grouping).to_have_text("모아보기 10,000")
    expect(book).to_have_attribute("data-grouping", "10,000")
    page.wait_for_function("""() => Array.from(document.querySelectorAll('[data-role="orderbook"] [data-level]'))
        .every(row => Number(row.dataset.price.replaceAll(",", "")) % 10000 === 0)""", timeout=DEADLINE)
    # G as in the terminal: back to the book as it is.
    page.keyboard.press("G")
    expect(grouping).to_have_attribute("aria-pressed", "false", timeout=DEADLINE)
    expect(grouping).to_have_text("모아보기")
    assert page.errors == []
    page.close()


def test_a_book_quoted_in_btc_groups_by_ten_of_the_tick_read_off_its_levels(browser, server):
    # Issue 30, point 5: no exchange groups a book quoted in BTC; its units are ten, a hundred, …
    # of the tick its levels step by, and every grouped price is a multiple of the one named.
    page = open_page(browser, server, width=1440, height=900)
    page.locator('[data-role="group"][data-group="BTC"]').click()
    row = page.locator('tr[data-market^="BTC-"]').first
    expect(row).to_be_visible(timeout=DEADLINE)
    row.locator("td.name").click()
    book = page.locator('[data-view="detail"] [data-role="orderbook"]')
    expect(book.locator('[data-level][data-side="bid"]').first).to_be_visible(timeout=DEADLINE)
    grouping = book.locator('[data-role="book-grouping"]')
    grouping.click()
    expect(grouping).to_have_attribute("aria-pressed", "true", timeout=DEADLINE)
    unit = book.get_attribute("data-grouping")
    assert re.fullmatch(r"0\.0*10*", unit), unit
    prices = book.locator("[data-level]").evaluate_all("rows => rows.map(row => row.dataset.price)")
    assert prices and all(Decimal(price.replace(",", "")) % Decimal(unit) == 0 for price in prices), (unit, prices)
    assert page.errors == []
    page.close()


def test_on_a_phone_the_order_book_and_the_trades_are_tabs_of_the_detail(browser, server):
    page = open_page(browser, server, width=390, height=844)
    page.locator('tr[data-market="KRW-BTC"] td.name').click()
    detail = page.locator('[data-view="detail"]')
    expect(detail).to_be_visible(timeout=DEADLINE)
    expect(detail.locator('svg[data-role="chart"]')).to_be_visible(timeout=DEADLINE)
    expect(detail.locator('[data-role="orderbook"]')).to_be_hidden()
    detail.locator('[data-pane="orderBook"]').click()
    expect(detail.locator('[data-pane="orderBook"]')).to_have_attribute("aria-selected", "true", timeout=DEADLINE)
    expect(detail.locator('[data-role="orderbook"]')).to_be_visible(timeout=DEADLINE)
    expect(detail.locator('svg[data-role="chart"]')).to_be_hidden()
    expect_a_live_book_and_tape(page, detail)
    overflow = "() => document.scrollingElement.scrollWidth - window.innerWidth"
    assert page.evaluate(overflow) <= 0, f"the order book is {page.evaluate(overflow)} px too wide"
    page.screenshot(path=os.environ.get("SCREENSHOT_DIR", ".build") + "/dashboard-orderbook-390x844.png")
    detail.locator('[data-pane="chart"]').click()
    expect(detail.locator('svg[data-role="chart"]')).to_be_visible(timeout=DEADLINE)
    # The keys of the terminal's detail (the tmux test of the same keys presses them too).
    page.keyboard.press("o")
    expect(detail.locator('[data-role="orderbook"]')).to_be_visible(timeout=DEADLINE)
    page.keyboard.press("t")
    expect(detail.locator('[data-role="trades"]')).to_be_visible(timeout=DEADLINE)
    expect(detail.locator('[data-role="orderbook"]')).to_be_hidden()
    expect(page.locator('[data-role="groups"]')).to_be_hidden()
    page.keyboard.press("c")
    expect(detail.locator('svg[data-role="chart"]')).to_be_visible(timeout=DEADLINE)
    page.keyboard.press("Escape")
    expect(detail).to_be_hidden(timeout=DEADLINE)
    assert page.errors == []
    page.close()


@pytest.mark.parametrize("width,height", [(1440, 900), (390, 844)])
def test_the_group_selector_shows_the_btc_market_priced_in_btc(browser, server, width, height):
    # Issue 27, point 4: KRW · BTC · USDT on the Market tab; `]` is the terminal's key for the
    # next group (TerminalAppEndToEndTests.theSameKeysAsThePageChooseTheGroupAndTheDetailsPanes).
    page = open_page(browser, server, width=width, height=height)
    groups = page.locator('[data-role="group"]')
    expect(groups).to_have_count(3, timeout=DEADLINE)
    assert groups.evaluate_all("buttons => buttons.map(b => b.dataset.group)") == ["KRW", "BTC", "USDT"]
    expect(page.locator('[data-role="group"][data-group="KRW"]')).to_have_attribute("aria-pressed", "true")
    page.locator('[data-role="group"][data-group="BTC"]').click()
    expect(page.locator('[data-role="group"][data-group="BTC"]')).to_have_attribute(
        "aria-pressed", "true", timeout=DEADLINE)
    expect(page.locator('[data-role="group"][data-group="KRW"]')).to_have_attribute("aria-pressed", "false")
    expect(page.locator('tr[data-market^="BTC-"]').first).to_be_visible(timeout=DEADLINE)
    markets = page.locator("tr[data-market]").evaluate_all("rows => rows.map(row => row.dataset.market)")
    assert markets and all(market.startswith("BTC-") for market in markets), markets
    # Prices in BTC: small numbers with eight decimals, not won.
    price = page.locator('tr[data-market^="BTC-"] td.price').first.text_content()
    assert re.fullmatch(r"0\.\d{8}|\d+\.\d{8}", price), price
    overflow = "() => document.scrollingElement.scrollWidth - window.innerWidth"
    assert page.evaluate(overflow) <= 0
    page.keyboard.press("]")
    expect(page.locator('[data-role="group"][data-group="USDT"]')).to_have_attribute(
        "aria-pressed", "true", timeout=DEADLINE)
    page.locator('[data-tab="compare"]').click()
    expect(page.locator('[data-role="groups"]')).to_be_hidden(timeout=DEADLINE)
    page.locator('[data-tab="market"]').click()
    page.locator('[data-role="group"][data-group="KRW"]').click()
    expect(page.locator('tr[data-market="KRW-BTC"]')).to_be_visible(timeout=DEADLINE)
    assert page.errors == []
    page.close()


def test_a_stock_added_through_the_watchlist_search_fills_in_and_can_be_removed(browser, server):
    page = open_page(browser, server)
    page.locator('[data-tab="watchlist"]').click()
    tab = page.locator('[data-view="watchlist"]')
    expect(tab).to_be_visible(timeout=DEADLINE)
    tab.locator('[data-action="add"]').click()
    search = tab.locator('[data-role="stock-search"]')
    expect(search).to_be_visible(timeout=DEADLINE)
    search.fill("카카오")
    result = tab.locator('[data-role="stock-results"] li[data-code="035720"]')
    expect(result).to_be_visible(timeout=DEADLINE)
    result.click()
    expect(page.locator('[data-role="toast"]')).to_contain_text("카카오", timeout=DEADLINE)
    row = tab.locator('tr[data-code="035720"]')
    expect(row).to_be_visible(timeout=DEADLINE)
    # A placeholder first, then the source's figures.
    expect(row).to_have_attribute("data-state", "loaded", timeout=DEADLINE)
    assert re.search(r"\d", row.locator("td.price").text_content())
    # The stock added is the one selected: remove it again with d, then yes.
    expect(row).to_have_class(re.compile("selected"), timeout=DEADLINE)
    page.keyboard.press("d")
    confirmation = page.locator('[data-role="confirmation"]')
    expect(confirmation).to_be_visible(timeout=DEADLINE)
    page.keyboard.press("y")
    expect(row).to_have_count(0, timeout=DEADLINE)
    page.locator('[data-tab="market"]').click()
    expect(page.locator('tr[data-market="KRW-BTC"]')).to_be_visible(timeout=DEADLINE)
    assert page.errors == []
    page.close()


def open_example(browser, server, path, width=1200, height=900):
    page = browser.new_page(viewport={"width": width, "height": height})
    errors = watch_errors(page)
    page.goto(server.url + path)
    expect(page.locator(".example")).to_have_attribute("data-state", "live", timeout=DEADLINE)
    page.errors = errors
    return page


def test_the_repo_search_page_searches_swift_then_what_is_typed_and_shows_the_chosen_id(browser, server):
    # The example apps are linked from the help (not the header, which must fit a phone).
    board = open_page(browser, server)
    expect(board.locator("tr[data-market]").nth(5)).to_be_visible(timeout=DEADLINE)
    board.keyboard.press("?")
    link = board.locator("a.example-link[href='/repo-search']")
    expect(link).to_be_visible(timeout=DEADLINE)
    link.click()
    board.wait_for_url("**/repo-search", timeout=DEADLINE)
    board.close()
    page = open_example(browser, server, "repo-search")
    rows = page.locator("[data-role=repositories] li")
    expect(rows.first).to_contain_text("swiftlang/swift", timeout=DEADLINE)
    expect(page.locator("[data-role=query]")).to_have_value("swift")
    page.locator("[data-role=query]").fill("tokio")
    expect(page.locator("[data-role=repositories]")).to_contain_text("tokio-rs/tokio", timeout=DEADLINE)
    chosen = page.locator("[data-role=repositories] li", has_text="tokio-rs/tokio").first
    repository_id = chosen.get_attribute("data-id")
    chosen.click()
    modal = page.locator("[data-role=modal]")
    expect(modal).to_be_visible(timeout=DEADLINE)
    expect(page.locator("[data-role=modal-text]")).to_contain_text(f"id {repository_id}")
    page.locator("[data-role=modal-ok]").click()
    expect(modal).to_be_hidden(timeout=DEADLINE)
    page.screenshot(path=os.path.join(os.environ.get("SCREENSHOT_DIR", ".build"), "example-repo-search.png"))
    assert not page.errors, page.errors
    page.close()


def test_the_numbers_page_shows_five_and_appends_one_a_click(browser, server):
    page = open_example(browser, server, "numbers")
    items = page.locator("[data-role=numbers] li")
    expect(items).to_have_count(5, timeout=DEADLINE)
    values = [int(text) for text in items.all_text_contents()]
    assert all(100 <= value <= 1000 for value in values), values
    page.locator("[data-role=add]").click()
    expect(items).to_have_count(6, timeout=DEADLINE)
    assert [int(text) for text in items.all_text_contents()][:5] == values
    assert not page.errors, page.errors
    page.close()


# Issue 28: alerts made on the page fire on the simulator's scripted move.
NOTIFICATION_SPY = """
  window.__notifications = [];
  const Real = window.Notification;
  window.Notification = class extends Real {
    constructor(title, options) { super(title, options); window.__notifications.push(options.body); }
  };
  Object.defineProperty(window.Notification, "permission", { get: () => Real.permission });
  window.Notification.requestPermission = (...args) => Real.requestPermission(...args);
"""


def open_alerts(browser, server, width=1440, height=900):
    """A page allowed to notify (its notifications recorded), on the Alerts tab."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.grant_permissions(["notifications"], origin=server.url.rstrip("/"))
    context.add_init_script(NOTIFICATION_SPY)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server.url)
    expect(page.locator("#app")).to_have_attribute("data-state", "live", timeout=DEADLINE)
    page.locator('[data-tab="alerts"]').click()
    expect(page.locator('[data-view="alerts"]')).to_be_visible(timeout=DEADLINE)
    page.errors = errors
    return context, page


def add_rule(page, text):
    field = page.locator('[data-role="alert-text"]')
    field.fill(text)
    field.press("Enter")


@pytest.mark.parametrize("width,height", [(1440, 900), (390, 844)])
def test_a_rule_made_on_the_page_fires_with_a_toast_a_notification_and_a_history_entry(browser, width, height):
    # XRP climbs 12 % over a minute from the server's start: +1 % within 1m fires within seconds.
    server = Server(["--pump", "KRW-XRP:+12:60"])
    server.start()
    try:
        context, page = open_alerts(browser, server, width, height)
        add_rule(page, "BTC above lots")
        expect(page.locator('[data-role="alert-hint"]')).to_contain_text(
            "'above' needs one positive price after it", timeout=DEADLINE)
        add_rule(page, "XRP +1% 1m")
        rule = page.locator("[data-rule]")
        expect(rule).to_have_count(1, timeout=DEADLINE)
        expect(rule).to_contain_text("+1% within 1m on Upbit")
        expect(page.locator('[data-role="alert-text"]')).to_have_value("")
        firing = page.locator("[data-firing]")
        expect(firing).to_have_count(1, timeout=60_000)
        expect(firing).to_contain_text("KRW-XRP rose to")
        notice = page.locator('[data-role="alert-notice"]')
        expect(notice).to_be_visible(timeout=DEADLINE)
        expect(notice).to_contain_text("KRW-XRP rose to")
        page.wait_for_function("() => window.__notifications.length === 1", timeout=DEADLINE)
        assert "KRW-XRP rose to" in page.evaluate("window.__notifications[0]")
        overflow = "() => document.scrollingElement.scrollWidth - window.innerWidth"
        assert page.evaluate(overflow) <= 0, f"the Alerts tab is {page.evaluate(overflow)} px too wide at {width} px"
        page.screenshot(path=os.environ.get("SCREENSHOT_DIR", ".build") + f"/alerts-{width}x{height}.png")
        # The rule and its firing are the store's: another tab sees both; × removes the rule.
        other_context, other = open_alerts(browser, server)
        expect(other.locator("[data-rule]")).to_have_count(1, timeout=DEADLINE)
        expect(other.locator("[data-firing]")).to_have_count(1, timeout=DEADLINE)
        other.locator("[data-rule] button.remove").click()
        expect(page.locator("[data-rule]")).to_have_count(0, timeout=DEADLINE)
        assert page.errors == [] and other.errors == []
        other_context.close()
        context.close()
    finally:
        server.stop()


def test_large_trade_premium_warning_and_listing_rules_are_made_on_the_page_and_a_large_trade_fires(browser):
    server = Server([])
    server.start()
    try:
        context, page = open_alerts(browser, server)
        add_rule(page, "KRW-XRP listing")
        expect(page.locator('[data-role="alert-hint"]')).to_contain_text(
            "Upbit lists KRW-XRP already", timeout=DEADLINE)
        add_rule(page, "BTC premium maybe 5")
        expect(page.locator('[data-role="alert-hint"]')).to_contain_text(
            "'premium' needs above or below", timeout=DEADLINE)
        for text, summary in [
            ("BTC premium above 40", "premium above 40% on Upbit"),
            ("warning", "warned (유의/주의) on Upbit"),
            ("new listing", "listed on Upbit"),
        ]:
            add_rule(page, text)
            expect(page.locator("[data-rule]", has_text=summary)).to_have_count(1, timeout=DEADLINE)
        expect(page.locator("[data-rule]", has_text="any KRW")).to_have_count(2)
        # Every trade of Bitcoin is worth more than 1,000 won: the once rule fires, then leaves
        # (perhaps before a frame showed it).
        add_rule(page, "BTC trade over 1,000 once")
        firing = page.locator("[data-firing]")
        expect(firing).to_have_count(1, timeout=60_000)
        expect(firing).to_contain_text("KRW-BTC: a ")
        expect(firing).to_have_attribute("data-tone", re.compile("^(rise|fall)$"))
        assert firing.locator(".arrow").inner_text() in ("▲", "▼")
        expect(page.locator('[data-role="alert-notice"]')).to_contain_text("trade over 1,000 KRW", timeout=DEADLINE)
        expect(page.locator("[data-rule]")).to_have_count(3, timeout=DEADLINE)
        page.screenshot(path=os.environ.get("SCREENSHOT_DIR", ".build") + "/alerts-kinds.png")
        assert page.errors == []
        context.close()
    finally:
        server.stop()


def test_in_quiet_hours_a_firing_is_only_in_the_history_then_one_summary_tells_it(browser):
    server = Server(["--pump", "KRW-XRP:+30:300"])
    # Quiet from the minute before now to two minutes on, in the server's local time.
    now = time.localtime()
    start, end = (now.tm_hour * 60 + now.tm_min - 1) % 1440, (now.tm_hour * 60 + now.tm_min + 2) % 1440
    quiet = f"{start // 60:02d}:{start % 60:02d}-{end // 60:02d}:{end % 60:02d}"
    subprocess.run([SISE, "alerts", "quiet", quiet, "--db", server.db], check=True, capture_output=True)
    server.start()
    try:
        context, page = open_alerts(browser, server)
        expect(page.locator('[data-role="alert-quiet"]')).to_contain_text(f"quiet hours {quiet}", timeout=DEADLINE)
        add_rule(page, "XRP +0.5% 1m")
        firing = page.locator("[data-firing]")
        expect(firing).to_have_count(1, timeout=60_000)
        expect(firing.locator(".quiet")).to_be_visible()
        assert page.locator('[data-role="alert-notice"]').is_hidden()
        assert page.evaluate("window.__notifications.length") == 0
        # The quiet hours end within three minutes: one summary, one notification.
        notice = page.locator('[data-role="alert-notice"]')
        expect(notice).to_contain_text("held back during quiet hours: KRW-XRP", timeout=200_000)
        page.wait_for_function("() => window.__notifications.length === 1", timeout=DEADLINE)
        assert page.errors == []
        context.close()
    finally:
        server.stop()


def test_the_move_columns_fill_once_a_minute_is_covered_and_sort_the_pumped_market_first(browser):
    server = Server(["--pump", "KRW-XRP:+6:60"])
    server.start()
    try:
        page = open_page(browser, server, width=1440, height=900)
        for col in ["d1m", "d5m", "d15m"]:
            expect(page.locator(f'th[data-col="{col}"]')).to_be_visible(timeout=DEADLINE)
        # Blank, never a made-up figure, until the board's own ticks reach back a minute.
        first_cells = page.locator('tr[data-market] td[data-col="d1m"]').all_text_contents()
        assert all(text == "" for text in first_cells), first_cells
        page.locator('th[data-col="d1m"]').click()
        expect(page.locator('th[data-col="d1m"]')).to_contain_text("▼", timeout=DEADLINE)
        # XRP's minute is covered a minute after the start (a market quiet since before the start
        # is at once); the search shows it meanwhile.
        page.locator('[data-role="search"]').fill("XRP")
        expect(page.locator('tr[data-market="KRW-XRP"] td[data-col="d1m"]')).to_have_text(
            re.compile(r"^\+\d"), timeout=100_000)
        page.locator('[data-role="search"]').press("Escape")
        # The view follows the selected market through a re-sort: Home puts the top in view.
        page.keyboard.press("Home")
        top = page.locator("tr[data-market]").first
        expect(top).to_have_attribute("data-market", "KRW-XRP", timeout=DEADLINE)
        expect(top.locator('td[data-col="d1m"]')).to_have_attribute("data-direction", "rise")
        assert top.locator('td[data-col="d1m"]').text_content().startswith("+")
        assert page.locator('tr[data-market] td[data-col="d15m"]').first.text_content() == ""
        # The movers view (▲▼ or m) over the sorted window: XRP tops the risers; a tap opens it.
        page.locator('[data-role="movers-button"]').click()
        movers = page.locator('[data-view="movers"]')
        expect(movers).to_be_visible(timeout=DEADLINE)
        expect(page.locator('[data-role="table"]')).to_be_hidden()
        expect(movers.locator('[data-role="movers-window"]')).to_have_text("1m")
        first = movers.locator('[data-role="risers"] [data-mover]').first
        expect(first).to_have_attribute("data-mover", "KRW-XRP", timeout=DEADLINE)
        expect(first).to_have_attribute("data-direction", "rise")
        expect(first.locator(".change")).to_have_text(re.compile(r"^\+\d"))
        page.set_viewport_size({"width": 390, "height": 844})
        overflow = "() => document.scrollingElement.scrollWidth - window.innerWidth"
        expect(first).to_be_visible()
        assert page.evaluate(overflow) <= 0, f"the movers view is {page.evaluate(overflow)} px too wide on a phone"
        page.screenshot(path=os.environ.get("SCREENSHOT_DIR", ".build") + "/movers-390x844.png")
        page.keyboard.press("m")
        expect(page.locator('[data-role="table"]')).to_be_visible(timeout=DEADLINE)
        expect(movers).to_be_hidden()
        assert page.errors == []
        page.close()
    finally:
        server.stop()


def test_a_warned_market_shows_its_badge_on_the_board_and_its_reason_in_the_detail(browser, server):
    # The embedded simulator's lasting 유의 markets, as `sise quotes` reads them.
    quotes = subprocess.run([SISE, "quotes", "--format", "json", "--db", server.db + "-quotes"],
                            check=True, capture_output=True, text=True)
    import json
    warned = next(row for row in json.loads(quotes.stdout) if row.get("warning", "").startswith("유의"))
    page = open_page(browser, server)
    page.locator('[data-role="search"]').fill(warned["symbol"])
    row = page.locator(f'tr[data-market="{warned["market"]}"]')
    expect(row.locator('[data-badge="warning"]')).to_have_text("유의", timeout=DEADLINE)
    row.locator("td.name").click()
    expect(page.locator('[data-role="detail-warning"]')).to_have_text(f"⚠ {warned['warning']}", timeout=DEADLINE)
    page.keyboard.press("Escape")
    page.locator('[data-role="search"]').fill("")
    page.locator('[data-role="search"]').press("Escape")
    assert page.errors == []
    page.close()


# Issue 29: the Compare tab's premium against tether or the bank rate, and the line that says which.
@pytest.mark.parametrize("width,height", [(1440, 900), (390, 844)])
def test_the_compare_tab_says_its_premium_basis_the_bank_rate_and_tethers_premium_and_switches(browser, server, width, height):
    page = open_page(browser, server, width=width, height=height)
    page.locator('[data-tab="compare"]').click()
    line = page.locator('[data-role="fx-line"]')
    expect(line).to_contain_text("김프 vs USDT · USD/KRW ", timeout=DEADLINE)
    expect(line).to_contain_text("Dunamu (하나은행)")
    expect(line).to_contain_text(re.compile(r"테더 [+-]\d+\.\d\d%"))
    premium = page.locator("tr[data-market] td.premium").filter(has_text=re.compile("%$")).first
    expect(premium).to_have_text(re.compile(r"^[+-]?\d+\.\d\d%$"), timeout=DEADLINE)
    # A click on the line (or p) measures against the bank rate; p again against tether.
    line.click()
    expect(line).to_contain_text("김프 vs USD/KRW", timeout=DEADLINE)
    expect(line).to_contain_text("p: vs USDT")
    expect(premium).to_have_text(re.compile(r"^[+-]?\d+\.\d\d%$"), timeout=DEADLINE)
    overflow = "() => document.scrollingElement.scrollWidth - window.innerWidth"
    assert page.evaluate(overflow) <= 0, f"the Compare tab is {page.evaluate(overflow)} px too wide at {width} px"
    page.screenshot(path=os.environ.get("SCREENSHOT_DIR", ".build") + f"/compare-fx-{width}x{height}.png")
    page.keyboard.press("p")
    expect(line).to_contain_text("김프 vs USDT", timeout=DEADLINE)
    page.locator('[data-tab="market"]').click()
    expect(line).to_be_hidden(timeout=DEADLINE)
    assert page.errors == []
    page.close()


# Issue 29: the premium's history, charted in a coin's detail (opened from the Compare tab on the
# premium chart) by minute, hour and day, with where the premium of now stands.
@pytest.mark.parametrize("width,height", [(1440, 900), (390, 844)])
def test_a_coin_opened_from_the_compare_tab_charts_its_premium_history_by_minute_hour_and_day(browser, server, width, height):
    page = open_page(browser, server, width=width, height=height)
    page.locator('[data-tab="compare"]').click()
    # The rows re-sort every second: Bitcoin's is found by search, and tapped where it is.
    page.locator('[data-role="search"]').fill("BTC")
    bitcoin = page.locator('tr[data-market="KRW-BTC"]')
    expect(bitcoin).to_be_visible(timeout=DEADLINE)
    bitcoin.dispatch_event("click")
    detail = page.locator('[data-view="detail"]')
    expect(detail).to_have_attribute("data-chart", "premium", timeout=DEADLINE)
    headline = page.locator('[data-role="premium-headline"]')
    expect(headline).to_contain_text(re.compile(r"^김프 vs USDT [+-]\d+\.\d\d% · vs USD/KRW [+-]\d+\.\d\d%$"), timeout=DEADLINE)
    # A new database is back-filled with a year of daily premium, Bitcoin first: the day chart
    # fills its 90 columns, and the month and 90 days have a percentile.
    page.locator('[data-premium-interval="1d"]').click()
    expect(page.locator('[data-premium-interval="1d"]')).to_have_attribute("aria-pressed", "true", timeout=DEADLINE)
    expect(page.locator('[data-role="chart"] g.candle')).to_have_count(90, timeout=DEADLINE)
    standing = page.locator('[data-role="premium-standing"]')
    expect(standing).to_contain_text(re.compile(r"1m p\d+ · 90d p\d+$"), timeout=DEADLINE)
    labels = page.locator('[data-role="price-axis"] text').all_text_contents()
    assert labels and all(re.fullmatch(r"[+-]?\d+\.\d\d%", label) for label in labels), labels
    # What both books would fill for ₩10,000,000, and the + button for ten times as much.
    fillable = page.locator('[data-role="premium-fillable"]')
    expect(fillable).to_contain_text(re.compile(r"^₩10,000,000 filled: 한국 매수 [+-]\d+\.\d\d% · 한국 매도 "), timeout=DEADLINE)
    page.locator('[data-role="fill-more"]').click()
    expect(fillable).to_contain_text("₩100,000,000 filled: 한국 매수 ", timeout=DEADLINE)
    # The basis: the same history against the bank rate.
    page.locator('[data-role="premium-basis-button"]').click()
    expect(headline).to_contain_text(re.compile(r"^김프 vs USD/KRW "), timeout=DEADLINE)
    overflow = "() => document.scrollingElement.scrollWidth - window.innerWidth"
    assert page.evaluate(overflow) <= 0, f"the detail is {page.evaluate(overflow)} px too wide at {width} px"
    page.screenshot(path=os.environ.get("SCREENSHOT_DIR", ".build") + f"/premium-history-{width}x{height}.png")
    # Minutes: at least the one being filled, labelled with its KST time.
    page.keyboard.press("i")
    expect(page.locator('[data-premium-interval="1m"]')).to_have_attribute("aria-pressed", "true", timeout=DEADLINE)
    expect(page.locator('[data-role="chart"] g.candle').first).to_be_attached(timeout=DEADLINE)
    expect(page.locator('[data-role="date-axis"] text').first).to_have_text(re.compile(r"^\d\d:\d\d$"), timeout=DEADLINE)
    # k (or the button) goes back to the daily candles.
    page.locator('[data-role="premium-chart-button"]').click()
    expect(detail).to_have_attribute("data-chart", "price", timeout=DEADLINE)
    expect(page.locator('[data-role="premium-line"]')).to_be_hidden()
    assert page.errors == []
    page.close()


# Issue 29: a coin whose withdrawals an exchange suspends says so on its Compare row and in its
# detail, so a premium nobody can take is not mistaken for one.
def test_a_coin_whose_withdrawals_bithumb_suspends_says_so_on_its_compare_row_and_in_its_detail(browser):
    suspending = Server(arguments=["--suspend", "XRP"])
    suspending.start()
    try:
        page = open_page(browser, suspending, width=390, height=844)
        page.locator('[data-tab="compare"]').click()
        ripple = page.locator('tr[data-market="KRW-XRP"]')
        page.locator('[data-role="search"]').fill("XRP")
        # (Upbit may suspend a coin now and then too: its part comes first when it does.)
        expect(ripple).to_have_attribute("data-wallet", re.compile("⛔빗썸 출금$"), timeout=DEADLINE)
        expect(ripple.locator('[data-badge="wallet"]')).to_contain_text("빗썸 출금")
        bitcoin_row = page.locator('tr[data-market="KRW-BTC"]')
        expect(bitcoin_row).to_have_count(0)
        overflow = "() => document.scrollingElement.scrollWidth - window.innerWidth"
        assert page.evaluate(overflow) <= 0
        page.screenshot(path=os.environ.get("SCREENSHOT_DIR", ".build") + "/wallet-390x844.png")
        ripple.dispatch_event("click")
        expect(page.locator('[data-role="detail-wallet"]')).to_contain_text("Bithumb 출금 중단", timeout=DEADLINE)
        assert page.errors == []
        page.close()
    finally:
        suspending.stop()
