// The price chart of a detail in SVG (issue 30), drawn from the layout Swift computed
// (PriceChartLayout: the geometry the terminal draws in character cells): one column a candle,
// its wick and body, the moving averages and Bollinger bands over them, the volume under them and
// the RSI or MACD pane, the price axis on the right and the times below. Every label reaches the
// page as text. The drawing is in the page's own pixels, so a column's place is known for the
// crosshair, the wheel and a drag.

import { svgElement } from "./dom.js";

/** Room for the price axis and the times, and the labels' size, in pixels. */
const AXIS_PX = 92;
const TIMES_PX = 20;
const FONT_PX = 11;
const GAP_PX = 6;


/** The one case name of a Swift enum value in JSON (`"rise"` or `{"rise":{}}` → "rise"). */
function caseOf(value) {
  if (typeof value === "string") return value;
  return value && typeof value === "object" ? Object.keys(value)[0] : "even";
}

/** A line's points as a path, broken where it is not defined. */
function linePath(points, x, y) {
  let path = "";
  let drawing = false;
  points.forEach((row, column) => {
    if (row === null || row === undefined) {
      drawing = false;
      return;
    }
    path += `${drawing ? "L" : "M"}${x(column).toFixed(1)} ${y(row).toFixed(1)} `;
    drawing = true;
  });
  return path.trim();
}

/** Draws `layout` into `svg` at the width it has now, replacing what it held; returns where its
 * columns are (`left`, `columnWidth`, `columns`) for the pointer, or null when it is empty. */
export function drawPriceChart(svg, layout) {
  if (!layout.bars.length) {
    svg.replaceChildren();
    return null;
  }
  const width = Math.max(240, svg.parentElement?.getBoundingClientRect().width || 720);
  const plotWidth = width - AXIS_PX;
  const columns = Math.max(1, layout.columns);
  const shown = layout.bars.length;
  // The candles fill the plot from the right when fewer than the window's count are there.
  const columnWidth = plotWidth / Math.max(columns, 1);
  const left = plotWidth - shown * columnWidth;
  const priceHeight = Math.min(Math.max(180, width * 0.42), Math.max(180, window.innerHeight * 0.45));
  const volumeHeight = priceHeight * 0.2;
  const oscillatorHeight = layout.oscillator ? priceHeight * 0.3 : 0;
  const volumeTop = priceHeight + GAP_PX;
  const oscillatorTop = volumeTop + volumeHeight + GAP_PX;
  const plotBottom = oscillatorTop + (layout.oscillator ? oscillatorHeight : -GAP_PX);
  const height = plotBottom + TIMES_PX;
  svg.setAttribute("viewBox", `0 ${-FONT_PX} ${width} ${height + FONT_PX}`);
  svg.setAttribute("preserveAspectRatio", "xMinYMin meet");
  svg.style.fontSize = `${FONT_PX}px`;
  svg.dataset.interval = layout.interval;
  const x = (column) => left + column * columnWidth + columnWidth / 2;
  const priceY = (row) => (row + 0.5) * priceHeight / Math.max(1, layout.priceRows);
  const body = Math.max(1, columnWidth * 0.7);

  const candles = svgElement("g", { "data-role": "candles" });
  const volume = svgElement("g", { "data-role": "volume" });
  for (const bar of layout.bars) {
    const center = x(bar.column);
    const direction = caseOf(bar.direction);
    const group = svgElement("g", { class: `candle ${direction}`, "data-start": bar.start });
    group.append(svgElement("line", { x1: center, x2: center, y1: priceY(bar.high), y2: priceY(bar.low) }));
    const top = priceY(bar.bodyTop);
    group.append(svgElement("rect", {
      x: center - body / 2, width: body, y: top, height: Math.max(1, priceY(bar.bodyBottom) - top),
    }));
    candles.append(group);
    if (bar.volume > 0) {
      const barHeight = bar.volume / Math.max(1, layout.volumeRows) * volumeHeight;
      volume.append(svgElement("rect", {
        class: `volume ${direction}`, x: center - body / 2, width: body, y: volumeTop + volumeHeight - barHeight,
        height: barHeight,
      }));
    }
  }
  const overlays = svgElement("g", { "data-role": "overlays" });
  for (const line of layout.overlays) {
    overlays.append(svgElement("path", { class: `study ${line.kind}`, "data-line": line.kind, d: linePath(line.points, x, priceY) }));
  }
  const tick = 4;
  const prices = svgElement("g", { "data-role": "price-axis", class: "axis" });
  prices.append(svgElement("line", { x1: plotWidth + 1, x2: plotWidth + 1, y1: 0, y2: plotBottom }));
  for (const label of layout.priceLabels) {
    const y = priceY(label.position);
    prices.append(svgElement("line", { x1: plotWidth + 1, x2: plotWidth + tick, y1: y, y2: y }));
    prices.append(svgElement("text", { x: plotWidth + tick * 2, y, "dominant-baseline": "middle" }, label.text));
  }
  volume.append(svgElement("text", {
    class: "axis-text", x: plotWidth + tick * 2, y: volumeTop, "dominant-baseline": "hanging",
  }, `V ${layout.volumeLabel}`));
  const times = svgElement("g", { "data-role": "date-axis", class: "axis" });
  times.append(svgElement("line", { x1: 0, x2: plotWidth + 1, y1: plotBottom, y2: plotBottom }));
  for (const label of layout.timeLabels) {
    const at = x(label.position);
    times.append(svgElement("line", { x1: at, x2: at, y1: plotBottom, y2: plotBottom + tick }));
    times.append(svgElement("text", { x: at, y: height - 4, "text-anchor": "start" }, label.text));
  }
  const parts = [volume, candles, overlays, prices, times];
  if (layout.oscillator) {
    const rows = Math.max(1, layout.oscillatorRows);
    parts.push(drawOscillator(layout.oscillator, rows, x, oscillatorTop, oscillatorHeight, plotWidth, body));
  }
  // The crosshair: a line down the hovered candle, and across the price pane with the price
  // under the pointer on the axis (issue 65).
  const crosshair = svgElement("g", { "data-role": "crosshair", visibility: "hidden" });
  crosshair.append(svgElement("line", { x1: 0, x2: 0, y1: 0, y2: plotBottom }));
  const across = svgElement("line", { "data-role": "crosshair-across", x1: 0, x2: plotWidth, y1: 0, y2: 0, visibility: "hidden" });
  const price = svgElement("text", {
    "data-role": "crosshair-price", x: plotWidth + tick * 2, y: 0, "dominant-baseline": "middle", visibility: "hidden",
  }, "");
  crosshair.append(across, price);
  parts.push(crosshair);
  svg.replaceChildren(...parts);
  return shown ? { left, columnWidth, shown, crosshair, across, price, plotBottom, priceHeight, top: -FONT_PX } : null;
}

/** RSI's or MACD's pane of `rows` rows at `top`: its guides, histogram, lines and title. */
function drawOscillator(pane, rows, x, top, height, plotWidth, body) {
  const y = (row) => top + (row + 0.5) * height / rows;
  const group = svgElement("g", { "data-role": "oscillator", "data-kind": caseOf(pane.kind) });
  group.append(svgElement("rect", { class: "pane-frame", x: 0, y: top, width: plotWidth, height }));
  for (const label of pane.labels) {
    const at = y(label.position);
    group.append(svgElement("line", { class: "guide", x1: 0, x2: plotWidth, y1: at, y2: at }));
    group.append(svgElement("text", { class: "axis-text", x: plotWidth + 8, y: at, "dominant-baseline": "middle" }, label.text));
  }
  pane.histogram.forEach((end, column) => {
    // A bar on the zero row is nothing: no one-pixel stub under every candle after a spike.
    if (end === null || end === undefined || end === pane.zeroRow) return;
    const from = y(Math.min(end, pane.zeroRow));
    const to = y(Math.max(end, pane.zeroRow));
    group.append(svgElement("rect", {
      class: `histogram ${end < pane.zeroRow ? "rise" : "fall"}`, x: x(column) - body / 2, width: body, y: from,
      height: Math.max(1, to - from),
    }));
  });
  for (const line of pane.lines) {
    group.append(svgElement("path", { class: `study ${line.kind}`, "data-line": line.kind, d: linePath(line.points, x, y) }));
  }
  group.append(svgElement("text", { class: "pane-title", x: 4, y: top + 12 }, pane.title));
  return group;
}
