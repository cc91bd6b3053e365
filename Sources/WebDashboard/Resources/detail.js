// The detail of one market (SPEC §1.6, §1.13): its price and change, the 24-hour and 52-week
// figures, the daily candle chart from Swift's layout, the order book and the trades — side by
// side on a wide page, one at a time (the output's pane, chosen by a tab) on a narrow one.
// Everything is text from the server, shown as text.
import { drawChart } from "./chart.js";
import { caseName, setText } from "./board.js";
import { DepthView } from "./depth.js";

const STATS = [
  ["high24h", "24h 고가"], ["low24h", "24h 저가"], ["volume24h", "24h 거래량"], ["value24h", "24h 거래대금"],
  ["high52Week", "52주 최고"], ["low52Week", "52주 최저"],
];

export class DetailView {
  constructor(section, handlers) {
    this.section = section;
    this.name = section.querySelector('[data-role="detail-name"]');
    this.symbol = section.querySelector('[data-role="detail-symbol"]');
    this.quote = section.querySelector('[data-role="detail-quote"]');
    this.price = section.querySelector('[data-role="detail-price"]');
    this.rate = section.querySelector('[data-role="detail-rate"]');
    this.change = section.querySelector('[data-role="detail-change"]');
    this.stats = section.querySelector('[data-role="detail-stats"]');
    this.chartStatus = section.querySelector('[data-role="chart-status"]');
    this.chart = section.querySelector('[data-role="chart"]');
    this.warning = section.querySelector('[data-role="detail-warning"]');
    this.favorite = section.querySelector('[data-role="detail-favorite"]');
    this.cells = new Map();
    for (const [key, title] of STATS) {
      const term = document.createElement("dt");
      term.textContent = title;
      const value = document.createElement("dd");
      value.dataset.stat = key;
      this.stats.append(term, value);
      this.cells.set(key, value);
    }
    this.body = section.querySelector('[data-role="detail-body"]');
    this.paneTabs = Array.from(section.querySelectorAll("[data-pane]"));
    for (const tab of this.paneTabs) tab.addEventListener("click", () => handlers.pane(tab.dataset.pane));
    this.depth = new DepthView(section);
    section.querySelector('[data-role="back"]').addEventListener("click", handlers.close);
    this.favorite.addEventListener("click", handlers.favorite);
    this.drawnChart = null;
  }

  /** Draws the chart again at the size the page has now. */
  resized() {
    if (this.drawnChart) drawChart(this.chart, this.drawnChart);
  }

  /** Shows `detail` (figures and chart), its star from the board's row of the market. */
  draw(detail, isFavorite) {
    const figures = detail.figures;
    this.name.textContent = figures.name || figures.market;
    this.symbol.textContent = figures.symbol;
    this.warning.hidden = !figures.warning;
    this.warning.textContent = figures.warning ? `⚠ ${figures.warning}` : "";
    this.price.textContent = figures.price;
    this.rate.textContent = figures.changeRate;
    this.change.textContent = figures.changePrice;
    this.quote.dataset.direction = caseName(figures.direction);
    for (const [key] of STATS) this.cells.get(key).textContent = figures[key] || "–";
    this.chartStatus.hidden = !figures.candleStatus;
    this.chartStatus.textContent = figures.candleStatus ?? "";
    if (detail.chart !== this.drawnChart) {
      drawChart(this.chart, detail.chart);
      this.drawnChart = detail.chart;
    }
    const pane = caseName(figures.pane) || "chart";
    if (this.body.dataset.paneShown !== pane) this.body.dataset.paneShown = pane;
    for (const tab of this.paneTabs) tab.setAttribute("aria-selected", String(tab.dataset.pane === pane));
    // Without a depth feed there is nothing to choose between.
    this.paneTabs[0].parentElement.hidden = !figures.depth;
    this.depth.draw(figures.depth);
    setText(this.favorite, isFavorite ? "★" : "☆");
    this.favorite.setAttribute("aria-pressed", String(isFavorite));
  }
}
