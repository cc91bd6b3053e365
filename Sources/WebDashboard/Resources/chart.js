// A daily candle chart in SVG, drawn from the layout Swift computed (CandleChartLayout: the same
// geometry the terminal draws in character cells): one column a day, the wick from the high's row
// to the low's, the body between the open's and the close's, the price axis on the right and the
// dates below. Every label reaches the page as text.

import { svgElement } from "./dom.js";

/** A day's width in the drawing's own units. */
const COLUMN = 8;
/** Room for the price axis, the dates and the labels' size, in screen pixels at any width. */
const AXIS_PX = 92;
const DATES_PX = 20;
const FONT_PX = 11;


/** The one case name of a Swift enum value in JSON (`"rise"` or `{"rise":{}}` → "rise"). */
function direction(value) {
  if (typeof value === "string") return value;
  return value && typeof value === "object" ? Object.keys(value)[0] : "even";
}

/** Draws `layout` into `svg`, replacing what it held; an empty layout leaves it empty. Sized to
 * the width it has now: the axis, the dates and the labels keep their size in pixels from a
 * phone to a desktop, and the plot is at most half the window high. */
export function drawChart(svg, layout) {
  const available = svg.parentElement?.getBoundingClientRect().width || 720;
  const width = layout.columns * COLUMN;
  const scale = Math.max(120, available - AXIS_PX) / width;
  const plotHeight = Math.min(width * 0.45 * scale, Math.max(160, window.innerHeight * 0.5));
  const ROW = plotHeight / scale / Math.max(1, layout.rows);
  const height = layout.rows * ROW;
  const AXIS = AXIS_PX / scale;
  const DATES = DATES_PX / scale;
  // Half a label's height above the plot, for the top price's label.
  const TOP = FONT_PX / scale;
  svg.setAttribute("viewBox", `0 ${-TOP} ${width + AXIS} ${height + DATES + TOP}`);
  svg.setAttribute("preserveAspectRatio", "xMinYMin meet");
  svg.style.fontSize = `${FONT_PX / scale}px`;
  const bars = svgElement("g", { "data-role": "candles" });
  for (const bar of layout.bars) {
    const x = bar.column * COLUMN;
    const group = svgElement("g", { class: `candle ${direction(bar.direction)}`, "data-day": bar.day });
    group.append(svgElement("line", {
      x1: x + COLUMN / 2, x2: x + COLUMN / 2, y1: bar.highRow * ROW, y2: (bar.lowRow + 1) * ROW,
      "vector-effect": "non-scaling-stroke",
    }));
    group.append(svgElement("rect", {
      x: x + 1, width: COLUMN - 2, y: bar.bodyTopRow * ROW,
      height: Math.max(ROW, (bar.bodyBottomRow - bar.bodyTopRow + 1) * ROW),
    }));
    bars.append(group);
  }
  const prices = svgElement("g", { "data-role": "price-axis", class: "axis" });
  const tick = 4 / scale;
  prices.append(svgElement("line", { x1: width + tick / 2, x2: width + tick / 2, y1: 0, y2: height }));
  for (const label of layout.priceLabels) {
    const y = label.row * ROW + ROW / 2;
    prices.append(svgElement("line", { x1: width + tick / 2, x2: width + tick * 1.5, y1: y, y2: y }));
    prices.append(svgElement("text", { x: width + tick * 2, y, "dominant-baseline": "middle" }, label.text));
  }
  const dates = svgElement("g", { "data-role": "date-axis", class: "axis" });
  dates.append(svgElement("line", { x1: 0, x2: width + tick / 2, y1: height + tick / 2, y2: height + tick / 2 }));
  for (const label of layout.dateLabels) {
    const x = label.column * COLUMN + COLUMN / 2;
    dates.append(svgElement("line", { x1: x, x2: x, y1: height + tick / 2, y2: height + tick * 1.5 }));
    dates.append(svgElement("text", { x, y: height + DATES - tick, "text-anchor": "start" }, label.text));
  }
  svg.replaceChildren(bars, prices, dates);
}
