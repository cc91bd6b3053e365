// The page's lowest layer (issue 66): the DOM helpers and the JSON merge patch every feature
// module uses. It imports nothing; the feature modules (board, detail, depth, watchlist, alerts)
// import it and never each other for a helper.

const SVG = "http://www.w3.org/2000/svg";

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

/** Sets a node's text only when it differs: writing the same text still replaces the node's
 * child and costs a style pass, ten times a second per field. */
export function setText(node, text) {
  const only = node.firstChild;
  if (only && only === node.lastChild && only.nodeType === Node.TEXT_NODE) {
    // The text node stays; only its value changes (no new node, no child list change).
    if (only.nodeValue !== text) only.nodeValue = text;
  } else if (node.textContent !== text) {
    node.textContent = text;
  }
}

/** Shows or hides a node, only when that changes. */
export function setHidden(node, hidden) {
  if (node.hidden !== hidden) node.hidden = hidden;
}

/** The one case name of a Swift enum value in JSON (`{"live":{}}` → "live"). */
export function caseName(value) {
  if (typeof value === "string") return value;
  return value && typeof value === "object" ? Object.keys(value)[0] : "";
}

/** A new element with a class and its text (as text, never as HTML). */
export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A new SVG element with its attributes and its text. */
export function svgElement(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}
