// The dashboard's connection to `sise serve`: one WebSocket per tab at /ws. The server sends
// `hello`, a numbered `snapshot` of the screen, then numbered `patch`es; a gap in the numbers
// asks for a resync. Every person's action is sent as the root view model's Input, tagged JSON
// (`{"board":…}`, `{"watchlist":…}` or `{"alerts":…}`), and the screen is whatever the server's view model says:
// matching, sorting, formatting, which screen shows and the chart's geometry all stay in Swift.
import { BoardView } from "./board.js";
import { caseName, setHidden, setText } from "./dom.js";
import { applyScreenPatch } from "./screen.js";
import { DetailView } from "./detail.js";
import { WatchlistView } from "./watchlist.js";
import { AlertsView, notify } from "./alerts.js";

const PROTOCOL_VERSION = 5;
const root = document.getElementById("app");
const banner = root.querySelector('[data-role="banner"]');
const search = root.querySelector('[data-role="search"]');
const board = root.querySelector('[data-role="board"]');
const detailSection = root.querySelector('[data-view="detail"]');
const watchlistSection = root.querySelector('[data-view="watchlist"]');
const alertsSection = root.querySelector('[data-view="alerts"]');
const alertNotice = root.querySelector('[data-role="alert-notice"]');
const toast = root.querySelector('[data-role="toast"]');
const confirmation = root.querySelector('[data-role="confirmation"]');
const help = root.querySelector('[data-role="help"]');

let socket = null;
/** The screen as the server last described it (DashboardScreen); `output` is its board. */
let screen = null;
let output = null;
let sequence = 0;
let attempts = 0;
let everConnected = false;
let countdown = null;

/** Sends an Input; whether the socket took it. */
function sendInput(input) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify({ input }));
  return true;
}
/** Sends a board Input. */
const send = (input) => sendInput({ board: input });
/** Sends a Watchlist tab Input. */
const sendWatchlist = (input) => sendInput({ watchlist: input });
/** Keys sent on this connection (the server's screen says how many it has read). */
let keysSent = 0;
/** Sends a key, by its name, to mean what the server's key table says. */
const sendKey = (name) => {
  if (sendInput({ key: name })) keysSent += 1;
};

const view = new BoardView(root, {
  send: (input) => send(input),
  sort: (key) => send({ sortKeyChosen: { key } }),
  // A click or a tap opens the row's detail.
  choose: (market) => {
    send({ marketChosen: { market } });
    send({ detailOpened: {} });
  },
  favorite: (market) => {
    send({ marketChosen: { market } });
    send({ favoriteToggled: {} });
  },
  group: (quote) => send({ quoteGroupChosen: { quote } }),
});
const detailView = new DetailView(detailSection, {
  close: () => send({ detailClosed: {} }),
  favorite: () => send({ favoriteToggled: {} }),
  pane: (pane) => sendInput({ detail: { paneChosen: { pane } } }),
  detail: (input) => sendInput({ detail: input }),
});
const watchlistView = new WatchlistView(watchlistSection, sendWatchlist, sendKey);
const alertsView = new AlertsView(alertsSection, (input) => sendInput({ alerts: input }));
/** The last alert notice told (a notice shows for seconds; it is notified once). */
let notifiedAlert = 0;

/** Whether the Watchlist tab shows (the board on it, no detail over it). */
function watchlistShows() {
  return Boolean(screen && !screen.detail && screen.board.tab === "watchlist" && screen.watchlist);
}

/** Whether the Alerts tab shows. */
function alertsShows() {
  return Boolean(screen && !screen.detail && screen.board.tab === "alerts" && screen.alerts);
}

/** Shows the alert notice over any screen, and notifies once for a new one. */
function drawAlertNotice() {
  const notice = screen.alert;
  setHidden(alertNotice, !notice);
  if (!notice) return;
  setText(alertNotice, notice.text);
  alertNotice.dataset.direction = notice.direction ?? "summary";
  if (notice.number > notifiedAlert) {
    notifiedAlert = notice.number;
    notify(notice);
  }
}

/** Draws the screen: the board, or the detail over it, or the Watchlist or Alerts tab. */
/** The keys of the screen under the help, as the one key table lists them for both faces. */
let helpKey = "";
function drawHelp(sheet) {
  const key = JSON.stringify(sheet);
  if (key === helpKey) return;
  helpKey = key;
  setText(help.querySelector('[data-role="help-title"]'), sheet.title);
  const list = help.querySelector('[data-role="help-keys"]');
  list.dataset.help = sheet.screen;
  const term = (tag, text) => {
    const node = document.createElement(tag);
    node.textContent = text;
    return node;
  };
  list.replaceChildren(...sheet.lines.flatMap((line) => [term("dt", line.keys), term("dd", line.meaning)]));
}

let searchWasFocused = false;
function draw() {
  view.draw(output);
  if (output.isSearchFocused && !searchWasFocused && document.activeElement !== search) search.focus();
  searchWasFocused = output.isSearchFocused;
  const detail = screen.detail;
  const showsWatchlist = watchlistShows();
  const showsAlerts = alertsShows();
  setHidden(board, Boolean(detail) || showsWatchlist || showsAlerts);
  setHidden(detailSection, !detail);
  // Which screen shows, for the stylesheet (a phone's detail gives the board's tools its room).
  const shown = detail ? "detail" : showsWatchlist ? "watchlist" : showsAlerts ? "alerts" : "board";
  if (root.dataset.screen !== shown) root.dataset.screen = shown;
  setHidden(watchlistSection, !showsWatchlist);
  setHidden(alertsSection, !showsAlerts);
  setHidden(help, !screen.help);
  if (screen.help) drawHelp(screen.help);
  drawAlertNotice();
  if (showsAlerts) {
    alertsView.draw(screen.alerts);
    if (screen.alerts.toast && !output.toast) {
      setHidden(toast, false);
      setText(toast, screen.alerts.toast);
    }
  }
  if (detail) {
    const row = output.rows.find((candidate) => candidate.id === detail.figures.market);
    detailView.draw(detail, row?.isFavorite ?? false);
  }
  if (showsWatchlist) {
    const tab = screen.watchlist;
    watchlistView.draw(tab, screen.stockChart);
    // The tab's own toast and question, where the board has none.
    if (tab.toast && !output.toast) {
      setHidden(toast, false);
      setText(toast, tab.toast);
    }
    if (tab.confirmation && !output.confirmation) {
      setHidden(confirmation, false);
      setText(confirmation.querySelector('[data-role="question"]'), tab.confirmation);
    }
  }
}

/** While the page is not connected nothing it shows is live (issue 65, item 4): every feed of the
 * status line reads offline, the rows dim and flashes end, until the server's next message. */
function showOffline() {
  root.dataset.connection = "offline";
  for (const part of root.querySelectorAll('[data-role="status"] [data-feed]')) {
    part.dataset.feed = "offline";
    part.className = "state-offline";
    part.textContent = `${part.dataset.exchange}: offline`;
  }
  for (const cell of root.querySelectorAll(".flash-rise, .flash-fall")) {
    cell.classList.remove("flash-rise", "flash-fall");
  }
  for (const cell of root.querySelectorAll("[data-changed]")) delete cell.dataset.changed;
}

function setState(state, message) {
  root.dataset.state = state;
  setHidden(banner, !message);
  setText(banner, message ?? "");
}

/** The page's state: the server's socket first, then the exchange's feed behind it, its words
 * from Swift (BoardStatus.notice). */
function showFeedState() {
  if (!output) return;
  const feed = caseName(output.status.connection);
  setState(["live", "stale", "reconnecting"].includes(feed) ? feed : "connecting", output.status.notice);
}

function viewportRows() {
  const head = root.querySelector("thead tr");
  const rowHeight = root.querySelector("tbody tr")?.getBoundingClientRect().height || 30;
  const room = board.clientHeight - (head?.getBoundingClientRect().height || rowHeight);
  return Math.max(3, Math.floor(room / rowHeight));
}

function receive(message) {
  switch (message.type) {
    case "hello":
      if (message.version !== PROTOCOL_VERSION) {
        setState("stale", `This page speaks protocol ${PROTOCOL_VERSION}, the server ${message.version}: reload it`);
        socket.close();
      }
      break;
    case "snapshot":
      screen = message.output;
      output = screen.board;
      sequence = message.seq;
      draw();
      showFeedState();
      releaseKeysTypedAhead();
      fittingRows = viewportRows();
      send({ viewportResized: { rows: fittingRows } });
      break;
    case "patch":
      if (!output || message.seq !== sequence + 1) {
        socket.send(JSON.stringify({ resync: {} }));
        return;
      }
      sequence = message.seq;
      screen = applyScreenPatch(screen, message.changes);
      output = screen.board;
      draw();
      showFeedState();
      releaseKeysTypedAhead();
      break;
    case "error":
      showMessage(`⚠ ${message.message}`);
      break;
  }
}

let messageTimer = null;
function showMessage(text) {
  const toast = root.querySelector('[data-role="toast"]');
  toast.hidden = false;
  toast.textContent = text;
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => {
    if (screen) draw();
    else toast.hidden = true;
  }, 3000);
}

function connect() {
  clearInterval(countdown);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.addEventListener("open", () => {
    attempts = 0;
    everConnected = true;
    // A new connection is a new tab on the server: it has read none of this one's keys.
    keysSent = 0;
    keysTypedAhead = [];
  });
  socket.addEventListener("message", (event) => {
    if (root.dataset.connection) delete root.dataset.connection;
    try {
      receive(JSON.parse(event.data));
    } catch (error) {
      console.error("sise: a message the page cannot read", error);
    }
  });
  socket.addEventListener("close", () => {
    socket = null;
    screen = null;
    output = null;
    showOffline();
    scheduleReconnect();
  });
}

/** Back-off with jitter: 100 ms, then doubling up to 2 s, each ±50 %. */
function scheduleReconnect() {
  const base = Math.min(2000, 100 * 2 ** attempts);
  const delay = Math.round(base * (0.5 + Math.random()));
  attempts += 1;
  const until = Date.now() + delay;
  const state = everConnected ? "reconnecting" : "connecting";
  const tell = () => {
    const seconds = Math.max(0, (until - Date.now()) / 1000).toFixed(1);
    setState(state, `Connection to Sise lost: reconnecting in ${seconds} s`);
  };
  tell();
  clearInterval(countdown);
  countdown = setInterval(tell, 100);
  setTimeout(connect, delay);
}

// Tabs, search, the buttons.
for (const tab of root.querySelectorAll("[data-tab]")) {
  tab.addEventListener("click", () => send({ tabChosen: { tab: tab.dataset.tab } }));
}
search.addEventListener("input", () => send({ searchTextChanged: { text: search.value } }));
search.addEventListener("focus", () => send({ searchFocused: {} }));
search.addEventListener("keydown", (event) => {
  // Typing and editing are the field's own; the keys that leave it mean what the table says.
  if (["Escape", "Enter", "ArrowDown", "ArrowUp"].includes(event.key)) {
    event.preventDefault();
    sendKey(event.key);
    if (event.key === "Escape") search.value = "";
    search.blur();
  }
  event.stopPropagation();
});
// The field leaves the search as Enter does when it loses the keyboard some other way.
search.addEventListener("blur", () => {
  if (output?.isSearchFocused) send({ searchSubmitted: {} });
});
root.querySelector('[data-role="clear-favorites"]').addEventListener("click", () => send({ clearFavoritesRequested: {} }));
// A question's buttons are its y and n: the key table knows whose question shows.
for (const button of root.querySelectorAll("[data-answer]")) {
  button.addEventListener("click", () => sendKey(button.dataset.answer === "yes" ? "y" : "n"));
}
root.querySelector('[data-role="help-button"]').addEventListener("click", () => send({ helpToggled: {} }));
root.querySelector('[data-role="movers-button"]').addEventListener("click", () => send({ moversToggled: {} }));
help.addEventListener("click", () => send({ helpToggled: {} }));
const colors = root.querySelector('[data-role="colors"]');
root.dataset.colors = localStorage.getItem("sise.colors") ?? "korean";
colors.addEventListener("click", () => {
  root.dataset.colors = root.dataset.colors === "korean" ? "global" : "korean";
  localStorage.setItem("sise.colors", root.dataset.colors);
});

// Keys mean what the server's key table (KeyTable, the terminal's own) says in the screen's
// focus: the page sends the key's name and decides nothing. Keys with Ctrl, Alt or ⌘ stay the
// browser's, and so do the ones the table has no name for (F5, Shift alone, …).
const NAMED_KEYS = new Set([
  "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "PageUp", "PageDown", "Home", "End",
  "Enter", "Escape", "Tab", "Backspace", "Delete",
]);
/** The key table's name for a keydown, or null for a key the page leaves to the browser. */
function keyName(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key.length === 1) return event.key;
  if (!NAMED_KEYS.has(event.key)) return null;
  const shifted = event.shiftKey && ["Tab", "ArrowLeft", "ArrowRight"].includes(event.key);
  return shifted ? `Shift+${event.key}` : event.key;
}
// A key's answer comes with a screen: `/` gives the search field the keyboard there, and the
// letters of `/btc` typed at once would reach the board as keys before that field has it. So
// while a key sent is not read yet (the screen's `keysRead` behind the keys sent), the keys typed
// wait, in order, and then go where the keyboard is: the letters into the text field that took
// it, the rest to the server as keys, one at a time as each may change what the next means.
// A second without the screen that reads them (a key the server refused) lets them go anyway.
let keysTypedAhead = [];
let typedAheadTimer = null;
function keysUnread() {
  return Boolean(screen) && (screen.keysRead ?? 0) < keysSent;
}
function holdKey(name) {
  keysTypedAhead.push(name);
  clearTimeout(typedAheadTimer);
  typedAheadTimer = setTimeout(() => releaseKeysTypedAhead(true), 1000);
}
function releaseKeysTypedAhead(anyway = false) {
  if (keysTypedAhead.length === 0 || (keysUnread() && !anyway)) return;
  clearTimeout(typedAheadTimer);
  let typed = keysTypedAhead;
  keysTypedAhead = [];
  const field = document.activeElement;
  if (field instanceof HTMLInputElement && !field.disabled) {
    const letters = typed.findIndex((name) => name.length !== 1);
    const text = typed.slice(0, letters < 0 ? typed.length : letters);
    typed = typed.slice(text.length);
    if (text.length) {
      field.value += text.join("");
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
  if (typed.length === 0) return;
  sendKey(typed[0]);
  // What follows the letters (Enter, Escape…) means what the table says in the field's focus,
  // and leaves it, as it does typed in the field.
  if (field instanceof HTMLInputElement && field === document.activeElement) field.blur();
  for (const name of typed.slice(1)) holdKey(name);
}
document.addEventListener("keydown", (event) => {
  if (!screen || event.target instanceof HTMLInputElement) return;
  const name = keyName(event);
  if (!name) return;
  event.preventDefault();
  // A letter waits for the keys before it; so does any key behind a waiting one (order kept).
  if (keysTypedAhead.length > 0 || (name.length === 1 && keysUnread())) {
    holdKey(name);
    return;
  }
  sendKey(name);
});

// A wheel moves the selection; a horizontal swipe changes tab.
board.addEventListener("wheel", (event) => {
  event.preventDefault();
  send({ selectionMoved: { by: Math.sign(event.deltaY) * 3 } });
}, { passive: false });
let touch = null;
root.addEventListener("touchstart", (event) => {
  touch = { x: event.touches[0].clientX, y: event.touches[0].clientY };
}, { passive: true });
root.addEventListener("touchend", (event) => {
  if (!touch) return;
  const dx = event.changedTouches[0].clientX - touch.x;
  const dy = event.changedTouches[0].clientY - touch.y;
  touch = null;
  if (Math.abs(dx) > 60 && Math.abs(dy) < 40) send(dx < 0 ? { nextTabChosen: {} } : { previousTabChosen: {} });
});
window.addEventListener("resize", () => {
  detailView.resized();
  watchlistView.resized();
});
// The rows that fit follow the board's own height: a window resized, or the group bar shown.
let fittingRows = 0;
new ResizeObserver(() => {
  if (board.hidden || board.clientHeight === 0) return;
  const rows = viewportRows();
  if (rows !== fittingRows) {
    fittingRows = rows;
    send({ viewportResized: { rows } });
  }
}).observe(board);

connect();
