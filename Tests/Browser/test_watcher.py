"""What a watcher meets on the page (issue 65): a premium of now that waits for its feeds instead
of showing a back-filled day, movers filled from candles, `?` on the detail, and columns that
give way by the priority Swift declares (the sorted column and the name last)."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from test_dashboard import DEADLINE, Server, browser, open_page  # noqa: F401 (browser is a fixture)


@pytest.fixture(scope="module")
def fresh():
    """A server on a new database whose Compare tab nobody has opened."""
    server = Server()
    server.start()
    yield server
    server.stop()


def open_bitcoin(page):
    page.locator('[data-role="search"]').fill("BTC")
    bitcoin = page.locator('tr[data-market="KRW-BTC"]')
    expect(bitcoin).to_be_visible(timeout=DEADLINE)
    bitcoin.dispatch_event("click")
    expect(page.locator('[data-view="detail"]')).to_be_visible(timeout=DEADLINE)
    # A tap takes the focus from the search field; the dispatched click does not.
    page.evaluate("document.activeElement.blur()")


def test_a_premium_chart_opened_before_compare_waits_for_its_feeds_then_shows_the_premium_of_now(browser, fresh):
    page = open_page(browser, fresh)
    open_bitcoin(page)
    page.locator('[data-role="premium-chart-button"]').click()
    headline = page.locator('[data-role="premium-headline"]')
    # Never the back-filled day's close: waiting for the feeds, then the premium of now.
    expect(headline).to_contain_text(re.compile(r"^김프 (waiting for .+…|vs USDT [+-]\d+\.\d\d%)"), timeout=DEADLINE)
    expect(headline).to_contain_text(
        re.compile(r"^김프 vs USDT [+-]\d+\.\d\d% · vs USD/KRW [+-]\d+\.\d\d%$"), timeout=2 * DEADLINE)
    page.close()


@pytest.mark.parametrize("width,height", [(1440, 900), (390, 844)])
def test_question_mark_on_the_detail_lists_its_keys_from_the_key_table(browser, fresh, width, height):
    page = open_page(browser, fresh, width=width, height=height)
    open_bitcoin(page)
    # On a phone the board's search and buttons give their room to the detail.
    tools = page.locator("header .tools")
    if width < 600:
        expect(tools).to_be_hidden(timeout=DEADLINE)
    else:
        expect(tools).to_be_visible()
    page.keyboard.press("?")
    keys = page.locator('[data-role="help"] [data-help="detail"]')
    expect(keys).to_be_visible(timeout=DEADLINE)
    expect(page.locator('[data-role="help-title"]')).to_have_text("Keys — Detail")
    expect(keys.locator("dt", has_text=re.compile(r"^z x$"))).to_have_count(1)
    expect(keys).to_contain_text("zoom the chart in / out")
    page.keyboard.press("Escape")
    expect(page.locator('[data-role="help"]')).to_be_hidden(timeout=DEADLINE)
    # Back on the board, ? lists the board's keys.
    page.keyboard.press("Escape")
    expect(page.locator('[data-view="detail"]')).to_be_hidden(timeout=DEADLINE)
    expect(tools).to_be_visible(timeout=DEADLINE)
    page.keyboard.press("?")
    expect(page.locator('[data-role="help"] [data-help="board"]')).to_contain_text("favorite", timeout=DEADLINE)
    page.screenshot(path=f".build/help-board-{width}x{height}.png")
    page.close()


def test_the_movers_fill_from_candles_with_their_progress(browser, fresh):
    page = open_page(browser, fresh)
    page.locator('[data-role="movers-button"]').click()
    page.keyboard.press("7")
    movers = page.locator('[data-view="movers"]')
    expect(movers.locator('[data-role="movers-window"]')).to_have_text("15m", timeout=DEADLINE)
    expect(movers.locator('[data-role="risers"] [data-mover]').first).to_be_visible(timeout=90_000)
    page.screenshot(path=".build/movers-filled.png")
    page.close()


@pytest.mark.parametrize("width,height", [(1440, 900), (390, 844)])
def test_columns_give_way_by_their_priority_keeping_the_premium_and_the_sorted_column(browser, fresh, width, height):
    page = open_page(browser, fresh, width=width, height=height)
    # Every header and cell names its column.
    head = page.locator('[data-role="table"] thead th')
    expect(head.first).to_have_attribute("data-col", "star", timeout=DEADLINE)
    assert all(th.get_attribute("data-col") for th in head.all())
    row = page.locator("tr[data-market]").first
    assert all(td.get_attribute("data-col") for td in row.locator("td").all())
    # Sorted by a move, that column stays on a phone; the change in won gives way first.
    page.keyboard.press("6")
    expect(page.locator('th[data-col="d5m"]')).to_contain_text("▼", timeout=DEADLINE)
    expect(page.locator('th[data-col="d5m"]')).to_be_visible()
    expect(page.locator('th[data-col="name"]')).to_be_visible()
    if width < 600:
        expect(page.locator('th[data-col="change"]')).to_be_hidden()
    page.keyboard.press("4")
    # Compare sorts by the premium at first, and shows it on a phone.
    page.locator('[data-tab="compare"]').click()
    premium = page.locator('th[data-col="premium"]')
    expect(premium).to_be_visible(timeout=DEADLINE)
    expect(premium).to_contain_text("▼")
    expect(page.locator("tr[data-market] td[data-col='premium']").first).to_be_visible(timeout=DEADLINE)
    overflow = "() => document.querySelector('[data-role=\"table\"]').offsetWidth - document.querySelector('[data-role=\"board\"]').clientWidth"
    assert page.evaluate(overflow) <= 0
    page.screenshot(path=f".build/compare-columns-{width}x{height}.png")
    page.locator('[data-tab="market"]').click()
    page.close()


@pytest.mark.parametrize("width,height", [(1440, 900), (390, 844)])
def test_axe_core_finds_nothing_serious_on_the_board_or_the_detail(browser, fresh, width, height):
    """axe-core, the engine of browsers' accessibility audits: no serious or critical violation
    (contrast of 4.5:1 and more, landmarks, a scrollable book reachable by the keyboard)."""
    page = open_page(browser, fresh, width=width, height=height)
    expect(page.locator("tr[data-market]").nth(5)).to_be_visible(timeout=DEADLINE)
    axe = Axe()

    def serious(where):
        found = [
            f"{where}: {violation['id']} ({violation['impact']}) at {[node['target'] for node in violation['nodes'][:3]]}"
            for violation in axe.run(page).response["violations"]
            if violation["impact"] in ("serious", "critical")
        ]
        return found

    problems = serious("board")
    open_bitcoin(page)
    expect(page.locator('svg[data-role="chart"] g.candle').first).to_be_attached(timeout=DEADLINE)
    expect(page.locator('[data-role="orderbook"] [data-level]').first).to_be_attached(timeout=DEADLINE)
    problems += serious("detail")
    if width < 1100:
        # A phone shows one pane at a time: the book's own.
        page.locator('[data-pane="orderBook"]').click()
        expect(page.locator('[data-role="orderbook"] [data-level]').first).to_be_visible(timeout=DEADLINE)
        problems += serious("detail's book")
    assert problems == [], problems
    page.close()
