// The screen as the server describes it (DashboardScreen): the board, the detail it opened, the
// Watchlist tab; a patch (DashboardScreenPatch) applied as DashboardScreenPatch.applied(to:) does
// in Swift.
import { applyPatch } from "./board.js";

/** `screen` with `changes` applied; `screen` itself is left as it was. */
export function applyScreenPatch(screen, changes) {
  const next = { ...screen };
  if (changes.board) next.board = applyPatch(screen.board, changes.board);
  if (changes.detailFigures && changes.detailChart) {
    next.detail = { figures: changes.detailFigures, chart: changes.detailChart };
  } else if (changes.detailFigures && screen.detail) {
    next.detail = { ...screen.detail, figures: changes.detailFigures };
  } else if (changes.detailChart && screen.detail) {
    next.detail = { ...screen.detail, chart: changes.detailChart };
  }
  if (changes.watchlist) next.watchlist = changes.watchlist;
  if (changes.stockChart) next.stockChart = changes.stockChart;
  for (const part of changes.cleared ?? []) delete next[part];
  return next;
}
