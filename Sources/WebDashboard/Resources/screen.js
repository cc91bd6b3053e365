// The screen as the server describes it (DashboardScreen): the board, the detail it opened, the
// Watchlist tab. A patch (DashboardScreenPatch) carries the board's changes (BoardPatch, rows by
// id) and every other part as a JSON merge patch (RFC 7386): objects merged key by key, anything
// else taken whole, `null` for what closed — applied here as DashboardScreenPatch.applied(to:)
// does in Swift, for any key, so a part added to the screen needs no change here.
import { mergePatch } from "./dom.js";

// The keys of a patch that are not fields of the output: the rows travel by id.
const ROW_KEYS = new Set(["rowIDs", "rows", "compareRowIDs", "compareRows", "cleared"]);

/** `output` with `changes` (a BoardPatch) applied; `output` itself is left as it was. Any field
 * the patch names is merged in (an object key by key, as RFC 7386 says; anything else whole),
 * as Swift derives the patch from the output's own form: a field added to the output needs no
 * change here. */
export function applyPatch(output, changes) {
  const next = { ...output };
  for (const [field, value] of Object.entries(changes)) {
    if (!ROW_KEYS.has(field)) next[field] = mergePatch(output[field], value);
  }
  next.rows = applyRows(output.rows, changes.rowIDs, changes.rows);
  next.compareRows = applyRows(output.compareRows, changes.compareRowIDs, changes.compareRows);
  for (const field of changes.cleared ?? []) delete next[field];
  return next;
}

// A row new in view comes whole; a row whose cells changed comes as its id and a merge patch
// of those cells.
function applyRows(old, ids, changed) {
  if (ids === undefined && changed === undefined) return old;
  const byID = new Map(old.map((row) => [row.id, row]));
  for (const row of changed ?? []) byID.set(row.id, mergePatch(byID.get(row.id), row));
  return (ids ?? old.map((row) => row.id)).map((id) => byID.get(id)).filter(Boolean);
}

/** `screen` with `changes` applied; `screen` itself is left as it was. */
export function applyScreenPatch(screen, changes) {
  const { board, ...parts } = changes;
  const next = mergePatch(screen, parts);
  next.board = board ? applyPatch(screen.board, board) : screen.board;
  return next;
}
