// The board as the server describes it: applying patches (as BoardPatch.applied(to:) does in
// Swift) and drawing the output into the page with as few DOM changes as possible. Every string
// from the network reaches the page as text (textContent), never as HTML.

import { ColumnFit } from "./columns.js";
import { caseName, element, setHidden, setText } from "./dom.js";

// Each column's `col` is its key in Swift's BoardColumn (the `data-col` of its header and cells):
// the output says in which order they give way on a narrow screen (columnsGivingWay).
const MARKET_COLUMNS = [
  { className: "star", col: "star", title: "★" },
  { className: "name", col: "name", title: "이름", key: "name" },
  { className: "price", col: "price", title: "현재가", key: "price" },
  { className: "rate", col: "changeRate", title: "전일대비", key: "change" },
  { className: "diff", col: "change", title: "변동" },
  { className: "value", col: "value", title: "거래대금", key: "value" },
  // The moves over 1, 5 and 15 minutes, from the board's own ticks (blank until covered).
  { className: "move", col: "d1m", title: "Δ1m", key: "move1m" },
  { className: "move", col: "d5m", title: "Δ5m", key: "move5m" },
  { className: "move", col: "d15m", title: "Δ15m", key: "move15m" },
];
const BADGE_LABELS = { warning: "유의", caution: "주의", new: "NEW" };
const MOVES = [["d1m", "move1m"], ["d5m", "move5m"], ["d15m", "move15m"]];
// A market row's cells by class name, and the column key each carries.
const MARKET_CELLS = { name: "name", price: "price", rate: "changeRate", diff: "change", value: "value" };
const COMPARE_CELLS = { name: "name", krw0: "upbit", krw1: "bithumb", krw2: "korbit", spread: "spread", global: "global", premium: "premium" };

function compareColumns() {
  const korean = ["Upbit", "Bithumb", "Korbit"];
  return [
    { className: "star", col: "star", title: "★" },
    { className: "name", col: "name", title: "이름", key: "name" },
    // As in the terminal: 1–4 sort by name, price, premium and spread.
    ...korean.map((name, index) => ({
      className: "krw", col: name.toLowerCase(), title: name, key: index === 0 ? "price" : undefined,
    })),
    { className: "spread", col: "spread", title: "차이", key: "value" },
    { className: "global", col: "global", title: "Binance" },
    { className: "premium", col: "premium", title: "김프", key: "change" },
  ];
}


/** Draws outputs into the page's elements, remembering what it drew to change only what moved. */
export class BoardView {
  constructor(root, handlers) {
    this.root = root;
    this.handlers = handlers;
    this.head = root.querySelector('[data-role="head"]');
    this.body = root.querySelector('[data-role="rows"]');
    this.placeholder = root.querySelector('[data-role="placeholder"]');
    this.status = root.querySelector('[data-role="status"]');
    this.toast = root.querySelector('[data-role="toast"]');
    this.confirmation = root.querySelector('[data-role="confirmation"]');
    this.question = this.confirmation.querySelector('[data-role="question"]');
    this.search = root.querySelector('[data-role="search"]');
    this.exchange = root.querySelector('[data-role="exchange"]');
    this.groups = root.querySelector('[data-role="groups"]');
    this.table = root.querySelector('[data-role="table"]');
    this.movers = root.querySelector('[data-view="movers"]');
    this.moversButton = root.querySelector('[data-role="movers-button"]');
    this.moversKey = "";
    this.fxLine = root.querySelector('[data-role="fx-line"]');
    this.fxLine.addEventListener("click", () => this.handlers.send({ premiumBasisToggled: {} }));
    this.groupsKey = "";
    this.rowsByID = new Map();
    this.drawn = null;
    this.headKey = "";
    this.columns = new ColumnFit(this.table, root.querySelector('[data-role="board"]'));
  }

  draw(output) {
    const before = this.drawn ?? {};
    for (const tab of this.root.querySelectorAll("[data-tab]")) {
      const selected = String(tab.dataset.tab === output.tab);
      if (tab.getAttribute("aria-selected") !== selected) tab.setAttribute("aria-selected", selected);
    }
    if (document.activeElement !== this.search && this.search.value !== output.searchText) {
      this.search.value = output.searchText;
    }
    const isCompare = output.tab === "compare";
    this.drawGroups(output);
    this.drawHead(isCompare, output);
    if (isCompare) this.drawRows(output.compareRows, before.compareRows, (tr, row) => this.fillCompareRow(tr, row));
    else this.drawRows(output.rows, before.rows, (tr, row, shown) => this.fillMarketRow(tr, row, shown));
    this.columns.fit(output);
    this.drawMovers(output.movers);
    setHidden(this.fxLine, !output.forexLine);
    setText(this.fxLine, output.forexLine ?? "");
    const placeholder = output.movers ? "" : output.placeholder ?? "";
    setHidden(this.placeholder, placeholder === "");
    setText(this.placeholder, placeholder);
    if (before.status !== output.status) this.drawStatus(output.status);
    setHidden(this.toast, !output.toast);
    setText(this.toast, output.toast ?? "");
    setHidden(this.confirmation, !output.confirmation);
    setText(this.question, output.confirmation ?? "");
    this.drawn = output;
  }

  /** The movers view instead of the table (`m`): the top risers and fallers of a window. */
  drawMovers(movers) {
    setHidden(this.table, Boolean(movers));
    setHidden(this.movers, !movers);
    const pressed = String(Boolean(movers));
    if (this.moversButton.getAttribute("aria-pressed") !== pressed) this.moversButton.setAttribute("aria-pressed", pressed);
    const key = movers ? JSON.stringify(movers) : "";
    if (!movers || key === this.moversKey) return;
    this.moversKey = key;
    setText(this.movers.querySelector('[data-role="movers-window"]'), movers.window);
    const placeholder = this.movers.querySelector('[data-role="movers-placeholder"]');
    setHidden(placeholder, !movers.placeholder);
    setText(placeholder, movers.placeholder ?? "");
    // While the windows fill from candles (and once some are filled), how far the fill has come.
    const progress = this.movers.querySelector('[data-role="movers-progress"]');
    setHidden(progress, !movers.progress || Boolean(movers.placeholder));
    setText(progress, movers.progress ? movers.progress + "…" : "");
    for (const [role, rows] of [["risers", movers.risers], ["fallers", movers.fallers]]) {
      const items = rows.map((row) => {
        const item = document.createElement("li");
        item.dataset.mover = row.id;
        item.dataset.direction = caseName(row.direction);
        for (const [className, text] of [["name", row.name], ["symbol", row.symbol], ["change", row.change], ["price", row.price]]) {
          const span = document.createElement("span");
          span.className = className;
          span.textContent = text;
          item.append(span);
        }
        item.addEventListener("click", () => this.handlers.choose(row.id));
        return item;
      });
      this.movers.querySelector(`[data-role="${role}"]`).replaceChildren(...items);
    }
  }

  /** The Market tab's market groups (KRW · BTC · USDT), when the exchange lists more than one. */
  drawGroups(output) {
    const groups = output.quoteGroups ?? [];
    setHidden(this.groups, output.tab !== "market" || groups.length < 2 || Boolean(output.detailMarket));
    const key = groups.join(",");
    if (key !== this.groupsKey) {
      this.groupsKey = key;
      this.groups.replaceChildren(...groups.map((group) => {
        const button = element("button", "", group);
        button.type = "button";
        button.dataset.role = "group";
        button.dataset.group = group;
        button.title = "Market group ([ ])";
        button.addEventListener("click", () => this.handlers.group(group));
        return button;
      }));
    }
    for (const button of this.groups.children) {
      const pressed = String(button.dataset.group === output.quoteGroup);
      if (button.getAttribute("aria-pressed") !== pressed) button.setAttribute("aria-pressed", pressed);
    }
  }

  drawHead(isCompare, output) {
    const order = output.order ?? { key: "value", direction: "descending" };
    // The headers' words come from Swift, in the language of the names (`--names`).
    const titles = output.columnTitles ?? {};
    const key = `${isCompare}:${order.key}:${order.direction}:${JSON.stringify(titles)}`;
    if (key === this.headKey) return;
    this.headKey = key;
    const row = element("tr");
    for (const column of isCompare ? compareColumns() : MARKET_COLUMNS) {
      const th = element("th", column.className, titles[column.col] ?? column.title);
      if (column.col) th.dataset.col = column.col;
      if (column.key) {
        th.dataset.sort = column.key;
        if (order.key === column.key) th.textContent += order.direction === "descending" ? " ▼" : " ▲";
        th.addEventListener("click", () => this.handlers.sort(column.key));
      }
      row.append(th);
    }
    this.head.replaceChildren(row);
    // Rows of the other kind of table are of no use now.
    this.rowsByID.clear();
    this.body.replaceChildren();
  }

  drawRows(rows, previous, fill) {
    const ids = rows.map((row) => row.id);
    const known = new Map(this.rowsByID);
    this.rowsByID.clear();
    const ordered = [];
    for (const row of rows) {
      let tr = known.get(row.id);
      if (!tr) {
        tr = this.makeRow(row.id);
        tr.row = null;
      }
      if (tr.row !== row) {
        fill(tr, row, tr.row);
        tr.row = row;
      }
      this.rowsByID.set(row.id, tr);
      ordered.push(tr);
    }
    // Only the rows out of place move: a row that stays where it was is never taken out of the
    // page, so a click or a tap on it lands while the order around it changes.
    const children = this.body.children;
    ordered.forEach((tr, index) => {
      if (children[index] !== tr) this.body.insertBefore(tr, children[index] ?? null);
    });
    while (children.length > ordered.length) children[children.length - 1].remove();
    return ids;
  }

  makeRow(id) {
    const tr = element("tr");
    tr.dataset.market = id;
    tr.addEventListener("click", (event) => {
      if (event.target.closest('[data-role="favorite"]')) return;
      this.handlers.choose(id);
    });
    return tr;
  }

  starCell(tr, row) {
    let td = tr.querySelector("td.star");
    if (!td) {
      td = element("td", "star");
      td.dataset.col = "star";
      const button = element("button", "", "☆");
      button.type = "button";
      button.dataset.role = "favorite";
      button.addEventListener("click", () => this.handlers.favorite(tr.dataset.market));
      td.append(button);
    }
    const button = td.firstChild;
    button.textContent = row.isFavorite ? "★" : "☆";
    button.setAttribute("aria-pressed", String(row.isFavorite));
    button.setAttribute("aria-label", row.isFavorite ? "Remove from favorites" : "Add to favorites");
    return td;
  }

  cells(tr, classNames) {
    if (tr.cellsByClass) return tr.cellsByClass;
    tr.cellsByClass = {};
    for (const className of classNames) tr.cellsByClass[className] = element("td", className);
    return tr.cellsByClass;
  }

  /** Fills a board row, touching only what differs from `before` (the row it showed): at a few
   * hundred changes a second, every DOM write that changes nothing is time and a style pass. */
  fillMarketRow(tr, row, before) {
    const cells = this.cells(tr, ["name", "price", "rate", "diff", "value", ...MOVES.map(([col]) => col)]);
    if (tr.childElementCount === 0) {
      for (const [className, col] of Object.entries(MARKET_CELLS)) cells[className].dataset.col = col;
      for (const [col] of MOVES) {
        cells[col].className = "move";
        cells[col].dataset.col = col;
      }
      tr.append(this.starCell(tr, row), cells.name, cells.price, cells.rate, cells.diff, cells.value,
        ...MOVES.map(([col]) => cells[col]));
    } else if (!before || before.isFavorite !== row.isFavorite) {
      this.starCell(tr, row);
    }
    const badges = (row.badges ?? []).join(",");
    if (!before || before.name !== row.name || before.symbol !== row.symbol || (before.badges ?? []).join(",") !== badges) {
      cells.name.replaceChildren(element("span", "", row.name), element("span", "symbol", row.symbol),
        ...(row.badges ?? []).map((badge) => {
          const span = element("span", "badge", BADGE_LABELS[badge] ?? badge);
          span.dataset.badge = badge;
          return span;
        }));
    }
    if (before?.price !== row.price) setText(cells.price, row.price);
    if (before?.changeRate !== row.changeRate) setText(cells.rate, row.changeRate);
    if (before?.changePrice !== row.changePrice) setText(cells.diff, row.changePrice);
    if (before?.tradeValue !== row.tradeValue) setText(cells.value, row.tradeValue);
    for (const [col, field] of MOVES) {
      const move = row[field] ?? "";
      if (before?.[field] === move) continue;
      setText(cells[col], move);
      cells[col].dataset.direction = move.startsWith("+") ? "rise" : move.startsWith("-") ? "fall" : "even";
    }
    const direction = caseName(row.direction);
    if (tr.dataset.direction !== direction) tr.dataset.direction = direction;
    const flash = row.flash ? `price flash-${caseName(row.flash)}` : "price";
    if (cells.price.className !== flash) cells.price.className = flash;
    if (!before || before.isSelected !== row.isSelected) tr.classList.toggle("selected", row.isSelected);
  }

  fillCompareRow(tr, row) {
    const names = ["name", "krw0", "krw1", "krw2", "spread", "global", "premium"];
    const cells = this.cells(tr, names);
    const star = this.starCell(tr, row);
    if (tr.childElementCount === 0) {
      for (const [className, col] of Object.entries(COMPARE_CELLS)) cells[className].dataset.col = col;
      tr.append(star, ...names.map((name) => cells[name]));
    }
    const name = [element("span", "", row.name), element("span", "symbol", row.symbol)];
    if (row.wallet) {
      // Deposits or withdrawals suspended (입출금 중단): a premium nobody can take.
      const badge = element("span", "badge", row.wallet.replaceAll("⛔", ""));
      badge.dataset.badge = "wallet";
      badge.title = "입출금 중단";
      name.push(badge);
    }
    cells.name.replaceChildren(...name);
    if (row.wallet) tr.dataset.wallet = row.wallet;
    else delete tr.dataset.wallet;
    row.prices.forEach((price, index) => {
      const cell = cells[`krw${index}`];
      if (!cell) return;
      cell.textContent = price;
      cell.className = index === row.highestIndex ? "krw high" : index === row.lowestIndex ? "krw low" : "krw";
    });
    cells.spread.textContent = row.spread;
    cells.global.textContent = row.globalPrice;
    cells.premium.textContent = row.premium;
    cells.premium.className = `premium ${caseName(row.premiumDirection)}`;
    tr.classList.toggle("selected", row.isSelected);
  }

  drawStatus(status) {
    if (this.exchange.textContent !== status.exchange) this.exchange.textContent = status.exchange;
    const parts = [
      element("span", "", status.exchange),
      element("span", "mode", status.isSimulated ? "SIMULATED" : "LIVE"),
    ];
    const feeds = status.feeds.length
      ? status.feeds
      : [{ exchange: status.exchange, feed: caseName(status.connection), label: caseName(status.connection) }];
    for (const feed of feeds) {
      // The words and the state come from Swift (FeedStatus): a feed not started says so.
      const part = element("span", `state-${feed.feed}`, `${feed.exchange}: ${feed.label}`);
      part.dataset.exchange = feed.exchange;
      part.dataset.feed = feed.feed;
      parts.push(part);
    }
    parts.push(element("span", "", `${status.ticksPerSecond} ticks/s`));
    if (status.lastUpdate) parts.push(element("span", "", `updated ${status.lastUpdate} KST`));
    // Mostly only the rate and the time change: the spans stay, their texts move.
    const shown = Array.from(this.status.children);
    if (shown.length === parts.length && shown.every((span, index) => span.className === parts[index].className)) {
      shown.forEach((span, index) => setText(span, parts[index].textContent));
    } else {
      this.status.replaceChildren(...parts);
    }
  }
}
