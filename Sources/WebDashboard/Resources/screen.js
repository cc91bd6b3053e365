// The screen as the server describes it (DashboardScreen): the board, the detail it opened, the
// Watchlist tab. A patch (DashboardScreenPatch) carries the board's changes (BoardPatch, rows by
// id) and every other part as a JSON merge patch (RFC 7386): objects merged key by key, anything
// else taken whole, `null` for what closed — applied here as DashboardScreenPatch.applied(to:)
// does in Swift, for any key, so a part added to the screen needs no change here.
import { applyPatch } from "./board.js";

/** `target` with `patch` merged in (RFC 7386); `target` itself is left as it was, and what the
 * patch does not touch keeps its identity (the page redraws a chart only when it changed). */
export function mergePatch(target, patch) {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
  const isObject = target !== null && typeof target === "object" && !Array.isArray(target);
  const result = isObject ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

/** `screen` with `changes` applied; `screen` itself is left as it was. */
export function applyScreenPatch(screen, changes) {
  const { board, ...parts } = changes;
  const next = mergePatch(screen, parts);
  next.board = board ? applyPatch(screen.board, board) : screen.board;
  return next;
}
