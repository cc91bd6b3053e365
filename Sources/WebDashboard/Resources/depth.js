// The detail's order book and trades (SPEC §1.13), from the server's DepthOutput: the asks above
// the spread (the best nearest it), the bids below, each size with its bar and a flash when it
// just changed; the tape newest first with 체결강도. Every figure is Swift's text, shown as text.
import { caseName, setHidden, setText } from "./dom.js";

/** A row of cells in `body`, made or reused at `index`; `make` fills a new one. */
function rowAt(body, index, make) {
  let row = body.children[index];
  if (!row) {
    row = document.createElement("tr");
    make(row);
    body.append(row);
  }
  return row;
}

function cells(row, ...classNames) {
  for (const className of classNames) {
    const cell = document.createElement("td");
    cell.className = className;
    row.append(cell);
  }
}

/** Leaves `count` rows in `body`. */
function trim(body, count) {
  while (body.children.length > count) body.lastElementChild.remove();
}

export class DepthView {
  constructor(section, handlers) {
    this.book = section.querySelector('[data-role="orderbook"]');
    this.asks = this.book.querySelector('[data-role="asks"]');
    this.bids = this.book.querySelector('[data-role="bids"]');
    this.spread = this.book.querySelector('[data-role="spread"] td');
    // The book scrolls inside itself, centred on the spread when it first shows (issue 65, item 2).
    this.scroller = this.book.querySelector('[data-role="book-scroll"]');
    this.centered = false;
    this.totals = this.book.querySelector('[data-role="depth-totals"]');
    this.bookStatus = this.book.querySelector('[data-role="depth-status"]');
    this.tape = section.querySelector('[data-role="trades"]');
    this.trades = this.tape.querySelector('[data-role="trade-rows"]');
    this.strength = this.tape.querySelector('[data-role="strength"]');
    // 호가 모아보기: each click the next unit, round to none (g and G as in the terminal).
    this.grouping = this.book.querySelector('[data-role="book-grouping"]');
    this.grouping.addEventListener("click", () => handlers.detail({ bookGroupingStepped: { by: 1 } }));
  }

  /** Shows `depth` (a DepthOutput), or nothing when the detail has none. */
  draw(depth) {
    setHidden(this.book, !depth);
    setHidden(this.tape, !depth);
    if (!depth) {
      this.centered = false;
      return;
    }
    setHidden(this.bookStatus, !depth.status);
    setText(this.bookStatus, depth.status ?? "");
    setText(this.grouping, depth.grouping ? `모아보기 ${depth.grouping}` : "모아보기");
    this.grouping.setAttribute("aria-pressed", String(Boolean(depth.grouping)));
    this.book.dataset.grouping = depth.grouping ?? "";
    // The asks highest first, so the best of each side meets at the spread.
    this.drawLevels(this.asks, [...depth.asks].reverse(), "ask");
    this.drawLevels(this.bids, depth.bids, "bid");
    setText(this.spread, depth.spread ? `스프레드 ${depth.spread}` : "");
    this.centreOnSpread(depth);
    const totals = depth.totalAskSize || depth.totalBidSize
      ? `매도 ${depth.totalAskSize} · 매수 ${depth.totalBidSize}${depth.imbalance ? ` · 매수우위 ${depth.imbalance}` : ""}`
      : "";
    setText(this.totals, totals);
    setText(this.strength, depth.strength);
    this.drawTrades(depth.trades);
  }

  /** Scrolls the book once a book shows (again for each new one): the best ask, the spread and the
   * best bid in the middle of its box, as every Korean exchange app opens its 호가. */
  centreOnSpread(depth) {
    if (!depth.asks.length || !depth.bids.length) {
      this.centered = false;
      return;
    }
    if (this.centered || !this.scroller.clientHeight) return;
    const row = this.spread.parentElement;
    this.scroller.scrollTop = row.offsetTop + row.offsetHeight / 2 - this.scroller.clientHeight / 2;
    this.centered = true;
  }

  drawLevels(body, levels, side) {
    levels.forEach((level, index) => {
      const row = rowAt(body, index, (row) => {
        row.dataset.side = side;
        cells(row, "level-price", "level-size", "level-total");
      });
      row.dataset.level = String(index);
      row.dataset.price = level.price;
      const [price, size, total] = row.children;
      setText(price, level.price);
      setText(size, level.size);
      setText(total, level.total ?? "");
      size.style.setProperty("--share", `${Math.round(Math.min(1, Math.max(0, level.share)) * 100)}%`);
      const flash = level.flash ? `level-size flash-${caseName(level.flash)}` : "level-size";
      if (size.className !== flash) size.className = flash;
      // The hook a test reads: set for the flash's length on the level whose size changed.
      if (level.flash) size.dataset.changed = caseName(level.flash);
      else if (size.dataset.changed) delete size.dataset.changed;
    });
    trim(body, levels.length);
  }

  drawTrades(trades) {
    trades.forEach((trade, index) => {
      const row = rowAt(this.trades, index, (row) => cells(row, "trade-time", "trade-price", "trade-size"));
      row.dataset.trade = String(index);
      if (row.dataset.side !== trade.side) row.dataset.side = trade.side;
      const large = String(Boolean(trade.isLarge));
      if (row.dataset.large !== large) row.dataset.large = large;
      const [time, price, size] = row.children;
      setText(time, trade.time);
      setText(price, trade.price);
      setText(size, trade.size);
    });
    trim(this.trades, trades.length);
  }
}
