// The screen as the server describes it (DashboardScreen): the board, the detail it opened, the
// Watchlist tab. A patch (DashboardScreenPatch) carries the board's changes (BoardPatch, rows by
// id) and every other part as a JSON merge patch (RFC 7386): objects merged key by key, anything
// else taken whole, `null` for what closed — applied here as DashboardScreenPatch.applied(to:)
// does in Swift, for any key, so a part added to the screen needs no change here.
import { applyPatch, mergePatch } from "./board.js";

export { mergePatch };

/** `screen` with `changes` applied; `screen` itself is left as it was. */
export function applyScreenPatch(screen, changes) {
  const { board, ...parts } = changes;
  const next = mergePatch(screen, parts);
  next.board = board ? applyPatch(screen.board, board) : screen.board;
  return next;
}
