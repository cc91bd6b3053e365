// The detail of one market (SPEC §1.6, §1.13): its price and change, the 24-hour and 52-week
// figures, the daily candle chart from Swift's layout, the order book and the trades — side by
// side on a wide page, one at a time (the output's pane, chosen by a tab) on a narrow one.
// Everything is text from the server, shown as text.
import { drawChart } from "./chart.js";
import { drawPriceChart } from "./pricechart.js";
import { caseName, setText } from "./dom.js";
import { DepthView } from "./depth.js";

const STATS = [
  ["high24h", "24h 고가"], ["low24h", "24h 저가"], ["volume24h", "24h 거래량"], ["value24h", "24h 거래대금"],
  ["high52Week", "52주 최고"], ["low52Week", "52주 최저"],
];

export class DetailView {
  constructor(section, handlers) {
    this.section = section;
    this.handlers = handlers;
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
    this.depth = new DepthView(section, handlers);
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
    // The price chart (issue 30): its interval, studies, zoom and pan, and the crosshair.
    this.chartTools = section.querySelector('[data-role="chart-tools"]');
    this.intervalButtons = section.querySelector('[data-role="chart-intervals"]');
    this.readout = section.querySelector('[data-role="chart-readout"]');
    this.newest = section.querySelector('[data-role="chart-newest"]');
    this.studyButtons = Array.from(section.querySelectorAll("[data-study]"));
    const studyInputs = { averages: "averagesToggled", bands: "bandsToggled", oscillator: "oscillatorCycled" };
    for (const button of this.studyButtons) {
      button.addEventListener("click", () => handlers.detail({ [studyInputs[button.dataset.study]]: {} }));
    }
    for (const button of section.querySelectorAll("[data-zoom]")) {
      button.addEventListener("click", () => handlers.detail({ chartZoomed: { by: button.dataset.zoom === "in" ? 1 : -1 } }));
    }
    this.newest.addEventListener("click", () => handlers.detail({ chartPannedToNewest: {} }));
    this.drawnPriceChart = null;
    this.geometry = null;
    this.hovered = null;
    this.followPointer(handlers);
  }

  /** The crosshair follows the pointer; the wheel zooms; a drag pans a column at a time. */
  followPointer(handlers) {
    const chart = this.chart;
    let drag = null;
    const column = (event) => {
      const geometry = this.geometry;
      if (!geometry) return null;
      const box = chart.getBoundingClientRect();
      const scale = (chart.viewBox.baseVal?.width || box.width) / Math.max(1, box.width);
      const x = (event.clientX - box.left) * scale;
      const index = Math.floor((x - geometry.left) / geometry.columnWidth);
      // The pointer's height in the chart's own units, for the price under it.
      this.hoveredY = (event.clientY - box.top) * scale + geometry.top;
      return index >= 0 && index < geometry.shown ? index : null;
    };
    chart.addEventListener("pointermove", (event) => {
      if (!this.geometry) return;
      if (drag && event.pointerId === drag.pointer) {
        const box = chart.getBoundingClientRect();
        const scale = (chart.viewBox.baseVal?.width || box.width) / Math.max(1, box.width);
        const moved = Math.trunc(((event.clientX - drag.x) * scale) / this.geometry.columnWidth);
        if (moved !== 0) {
          // Dragged right: older candles come in from the left.
          handlers.detail({ chartPanned: { by: moved } });
          drag.x += (moved * this.geometry.columnWidth) / scale;
        }
      }
      this.hovered = column(event);
      this.showReadout();
    });
    chart.addEventListener("pointerleave", () => {
      this.hovered = null;
      this.showReadout();
    });
    chart.addEventListener("pointerdown", (event) => {
      if (!this.geometry) return;
      drag = { pointer: event.pointerId, x: event.clientX };
      chart.setPointerCapture?.(event.pointerId);
    });
    const release = () => { drag = null; };
    chart.addEventListener("pointerup", release);
    chart.addEventListener("pointercancel", release);
    chart.addEventListener("wheel", (event) => {
      if (!this.geometry) return;
      event.preventDefault();
      handlers.detail({ chartZoomed: { by: event.deltaY < 0 ? 1 : -1 } });
    }, { passive: false });
  }

  /** The hovered candle's time, OHLC and volume (the newest's when none is), and the crosshair on it. */
  showReadout() {
    const layout = this.drawnPriceChart;
    const geometry = this.geometry;
    if (!layout || !geometry) {
      setText(this.readout, "");
      return;
    }
    const index = this.hovered ?? layout.bars.length - 1;
    setText(this.readout, layout.readouts[index] ?? "");
    this.readout.dataset.column = String(index);
    const crosshair = geometry.crosshair;
    if (this.hovered === null) {
      crosshair.setAttribute("visibility", "hidden");
      return;
    }
    const at = geometry.left + (index + 0.5) * geometry.columnWidth;
    const line = crosshair.firstChild;
    line.setAttribute("x1", at);
    line.setAttribute("x2", at);
    crosshair.setAttribute("visibility", "visible");
    this.showCrosshairPrice(layout, geometry);
  }

  /** The price under the pointer on the price axis, while it is over the price pane. */
  showCrosshairPrice(layout, geometry) {
    const y = this.hoveredY ?? -1;
    const inPane = y >= 0 && y <= geometry.priceHeight && layout.priceRows > 1;
    const shown = inPane ? "visible" : "hidden";
    geometry.across.setAttribute("visibility", shown);
    geometry.price.setAttribute("visibility", shown);
    if (!inPane) return;
    // Row r is drawn at (r + 0.5) of a row's height; row 0 is the top price, the last the bottom.
    const rows = layout.priceRows;
    const row = Math.min(rows - 1, Math.max(0, (y / geometry.priceHeight) * rows - 0.5));
    const price = layout.priceTop - (row / (rows - 1)) * (layout.priceTop - layout.priceBottom);
    const digits = Math.max(0, Math.min(8, layout.priceDecimals ?? 0));
    geometry.across.setAttribute("y1", y);
    geometry.across.setAttribute("y2", y);
    geometry.price.setAttribute("y", y);
    geometry.price.textContent = price.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  }

  /** The interval buttons, the studies and the way back to now, as the figures say. */
  drawChartTools(figures) {
    const intervals = figures.intervals || [];
    const names = intervals.map(intervalName);
    if (this.intervalButtons.dataset.names !== names.join(" ")) {
      this.intervalButtons.dataset.names = names.join(" ");
      this.intervalButtons.replaceChildren(...intervals.map((interval, index) => {
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.chartInterval = interval;
        button.textContent = names[index];
        button.addEventListener("click", () => this.handlers.detail({ chartIntervalChosen: { interval } }));
        return button;
      }));
    }
    for (const button of this.intervalButtons.children) {
      button.setAttribute("aria-pressed", String(button.dataset.chartInterval === figures.interval));
    }
    const studies = figures.studies || {};
    const oscillator = caseName(studies.oscillator) || "none";
    for (const button of this.studyButtons) {
      const on = button.dataset.study === "oscillator" ? oscillator !== "none" : Boolean(studies[button.dataset.study]);
      button.setAttribute("aria-pressed", String(on));
    }
    setText(this.studyButtons.find((button) => button.dataset.study === "oscillator"),
      oscillator === "macd" ? "MACD" : "RSI");
  }

  /** Draws the chart again at the size the page has now. */
  resized() {
    if (this.drawnChart) drawChart(this.chart, this.drawnChart);
    if (this.drawnPriceChart) {
      this.geometry = drawPriceChart(this.chart, this.drawnPriceChart);
      this.showReadout();
    }
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
    const interval = figures.interval || "1d";
    this.chart.setAttribute("aria-label", showsPremium ? "김프 history"
      : interval === "1d" ? "Daily candles" : `${intervalName(interval)} candles`);
    const status = showsPremium ? premium.status : figures.candleStatus;
    this.chartStatus.hidden = !status;
    this.chartStatus.textContent = status ?? "";
    this.chartTools.hidden = showsPremium;
    this.readout.hidden = showsPremium;
    this.drawChartTools(figures);
    const window = figures.window || {};
    this.newest.hidden = showsPremium || !(window.offset > 0);
    if (showsPremium) {
      this.drawnPriceChart = null;
      this.geometry = null;
      if (detail.chart && detail.chart !== this.drawnChart) {
        drawChart(this.chart, detail.chart);
        this.drawnChart = detail.chart;
      }
    } else if (detail.priceChart && detail.priceChart !== this.drawnPriceChart) {
      this.drawnChart = null;
      this.drawnPriceChart = detail.priceChart;
      this.geometry = drawPriceChart(this.chart, detail.priceChart);
      this.showReadout();
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

/** An interval's name on its button: `1m`, `1h`, `1D`, `1W`, `1M`. */
function intervalName(interval) {
  return { "1d": "1D", "1w": "1W" }[interval] ?? interval;
}
