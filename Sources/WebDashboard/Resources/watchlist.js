// The Watchlist tab (SPEC §1.7): the rows as placeholders that fill in, sparklines, the add-a-stock
// search (its rules stay in Swift), remove with a confirmation, reorder, and a stock's chart.
// Every person's action is the tab's Input; every string from the server is shown as text.
import { drawChart } from "./chart.js";
import { caseName } from "./dom.js";

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export class WatchlistView {
  constructor(section, send, sendKey) {
    this.section = section;
    this.send = send;
    this.body = section.querySelector('[data-role="watchlist-rows"]');
    this.placeholder = section.querySelector('[data-role="watchlist-placeholder"]');
    this.status = section.querySelector('[data-role="watchlist-status"]');
    this.searchBox = section.querySelector('[data-role="stock-search-box"]');
    this.search = section.querySelector('[data-role="stock-search"]');
    this.searchState = section.querySelector('[data-role="stock-search-state"]');
    this.results = section.querySelector('[data-role="stock-results"]');
    this.stock = section.querySelector('[data-view="stock-detail"]');
    this.stockChart = this.stock.querySelector('[data-role="stock-chart"]');
    this.output = null;
    this.drawnChart = null;
    const actions = {
      add: { addRequested: {} }, remove: { removeRequested: {} }, up: { selectedMoved: { by: -1 } },
      down: { selectedMoved: { by: 1 } }, refresh: { refreshRequested: {} }, open: { detailOpened: {} },
    };
    for (const button of section.querySelectorAll("[data-action]")) {
      button.addEventListener("click", () => send(actions[button.dataset.action]));
    }
    this.stock.querySelector('[data-role="stock-back"]').addEventListener("click", () => send({ detailClosed: {} }));
    this.search.addEventListener("input", () => send({ searchTextChanged: { text: this.search.value } }));
    this.search.addEventListener("keydown", (event) => {
      // Typing is the field's own; the keys that choose or leave mean what the key table says.
      if (["Enter", "Escape", "ArrowDown", "ArrowUp"].includes(event.key)) {
        event.preventDefault();
        sendKey(event.key);
      }
      event.stopPropagation();
    });
  }

  /** Draws the chart again at the size the page has now. */
  resized() {
    if (this.drawnChart && !this.stock.hidden) drawChart(this.stockChart, this.drawnChart);
  }

  /** Shows the tab's output and the open stock's chart. */
  draw(output, chart) {
    const before = this.output;
    this.output = output;
    this.drawRows(output);
    this.placeholder.hidden = !output.placeholder;
    this.placeholder.textContent = output.placeholder ?? "";
    this.status.textContent = [output.source, output.status].filter(Boolean).join(" · ");
    this.drawSearch(output.search, before?.search);
    this.drawStock(output.detail, chart);
  }

  drawRows(output) {
    // A phone shows the last two weeks of the sparkline, a wider screen all of it.
    const days = window.matchMedia("(max-width: 640px)").matches ? 12 : undefined;
    const rows = output.rows.map((row, index) => {
      const tr = element("tr");
      tr.dataset.code = row.id;
      tr.dataset.state = caseName(row.state);
      tr.dataset.direction = caseName(row.direction);
      tr.classList.toggle("selected", row.isSelected);
      const failed = row.state && typeof row.state === "object" && row.state.failed;
      const loading = caseName(row.state) === "loading";
      tr.append(
        element("td", "name", row.name),
        element("td", "code", `${row.id} ${row.market}`),
        element("td", "price", loading ? "…" : row.price),
        element("td", "rate", failed ? failed.reason : row.changeRate),
        element("td", "diff", row.changePrice),
        element("td", "volume", row.volume),
        element("td", "spark", days ? Array.from(row.sparkline).slice(-days).join("") : row.sparkline),
      );
      tr.addEventListener("click", () => {
        const selected = this.output?.selectedIndex ?? 0;
        if (index !== selected) this.send({ selectionMoved: { by: index - selected } });
        else this.send({ detailOpened: {} });
      });
      return tr;
    });
    this.body.replaceChildren(...rows);
  }

  drawSearch(search, before) {
    this.searchBox.hidden = !search;
    if (!search) return;
    if (!before) {
      this.search.value = search.text;
      this.search.focus();
    } else if (document.activeElement !== this.search && this.search.value !== search.text) {
      this.search.value = search.text;
    }
    this.searchState.textContent = search.remoteError ?? (search.isLoading ? "Searching…" : "");
    const items = search.results.map((stock, index) => {
      const item = element("li", index === search.selectedIndex ? "selected" : "");
      item.dataset.code = stock.code;
      item.append(
        element("span", "name", stock.koreanName || stock.englishName),
        element("span", "code", `${stock.code} ${stock.englishName && stock.koreanName ? stock.englishName : ""}`),
      );
      item.addEventListener("mousedown", (event) => {
        event.preventDefault();
        const moved = index - search.selectedIndex;
        if (moved !== 0) this.send({ searchSelectionMoved: { by: moved } });
        this.send({ searchChosen: {} });
      });
      return item;
    });
    this.results.replaceChildren(...items);
  }

  drawStock(detail, chart) {
    this.stock.hidden = !detail;
    if (!detail) return;
    this.stock.querySelector('[data-role="stock-name"]').textContent = `${detail.name} ${detail.code} ${detail.market}`;
    this.stock.querySelector('[data-role="stock-summary"]').textContent =
      detail.error ?? (detail.isLoading ? "Loading daily bars…" : detail.summary);
    if (chart && chart !== this.drawnChart) {
      // Drawn once it shows: its size is read from the page.
      drawChart(this.stockChart, chart);
      this.drawnChart = chart;
    }
  }
}
