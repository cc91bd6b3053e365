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
    this.wallet = section.querySelector('[data-role="detail-wallet"]');
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
    // The premium history (issue 29): the chart's kind, its bars' interval and its basis.
    this.premiumTools = section.querySelector('[data-role="premium-tools"]');
    this.premiumButton = section.querySelector('[data-role="premium-chart-button"]');
    this.premiumIntervals = Array.from(section.querySelectorAll("[data-premium-interval]"));
    this.premiumBasis = section.querySelector('[data-role="premium-basis-button"]');
    this.premiumLine = section.querySelector('[data-role="premium-line"]');
    this.premiumHeadline = section.querySelector('[data-role="premium-headline"]');
    this.premiumStanding = section.querySelector('[data-role="premium-standing"]');
    this.premiumButton.addEventListener("click", () => handlers.detail({ chartToggled: {} }));
    for (const button of this.premiumIntervals) {
      button.addEventListener("click", () =>
        handlers.detail({ premiumIntervalChosen: { interval: button.dataset.premiumInterval } }));
    }
    this.premiumBasis.addEventListener("click", () => handlers.detail({ premiumBasisToggled: {} }));
    this.fillLine = section.querySelector('[data-role="premium-fill-line"]');
    this.fillable = section.querySelector('[data-role="premium-fillable"]');
    section.querySelector('[data-role="fill-less"]').addEventListener("click", () =>
      handlers.detail({ fillAmountStepped: { by: -1 } }));
    section.querySelector('[data-role="fill-more"]').addEventListener("click", () =>
      handlers.detail({ fillAmountStepped: { by: 1 } }));
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
    this.wallet.hidden = !figures.wallet;
    setText(this.wallet, figures.wallet ? `⛔ ${figures.wallet}` : "");
    this.price.textContent = figures.price;
    this.rate.textContent = figures.changeRate;
    this.change.textContent = figures.changePrice;
    this.quote.dataset.direction = caseName(figures.direction);
    for (const [key] of STATS) this.cells.get(key).textContent = figures[key] || "–";
    const premium = figures.premium;
    const showsPremium = Boolean(premium) && caseName(figures.chart) === "premium";
    this.premiumTools.hidden = !premium;
    this.section.dataset.chart = showsPremium ? "premium" : "price";
    if (premium) {
      setText(this.premiumButton, showsPremium ? "가격 차트" : "김프 차트");
      this.premiumButton.setAttribute("aria-pressed", String(showsPremium));
      for (const button of this.premiumIntervals) {
        button.hidden = !showsPremium;
        button.setAttribute("aria-pressed", String(button.dataset.premiumInterval === premium.interval));
      }
      this.premiumBasis.hidden = !showsPremium;
      setText(this.premiumBasis, premium.basis === "fx" ? "vs USD/KRW" : "vs USDT");
      setText(this.premiumHeadline, premium.headline);
      setText(this.premiumStanding, premium.standing);
    }
    this.premiumLine.hidden = !showsPremium;
    this.fillLine.hidden = !showsPremium || !premium.fillable;
    if (premium) setText(this.fillable, premium.fillable ?? "");
    this.chart.setAttribute("aria-label", showsPremium ? "김프 history" : "Daily candles");
    const status = showsPremium ? premium.status : figures.candleStatus;
    this.chartStatus.hidden = !status;
    this.chartStatus.textContent = status ?? "";
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
