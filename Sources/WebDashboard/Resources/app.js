// The dashboard's connection to `sise serve`: one WebSocket per tab at /ws. The server sends
// `hello`, a numbered `snapshot` of the screen, then numbered `patch`es; a gap in the numbers
// asks for a resync. Every person's action is sent as the root view model's Input, tagged JSON
// (`{"board":…}` or `{"watchlist":…}`), and the screen is whatever the server's view model says:
// matching, sorting, formatting, which screen shows and the chart's geometry all stay in Swift.
import { BoardView, caseName, setHidden, setText } from "./board.js";
import { applyScreenPatch } from "./screen.js";
import { DetailView } from "./detail.js";
import { WatchlistView } from "./watchlist.js";

const PROTOCOL_VERSION = 2;
const root = document.getElementById("app");
const banner = root.querySelector('[data-role="banner"]');
const search = root.querySelector('[data-role="search"]');
const board = root.querySelector('[data-role="board"]');
const detailSection = root.querySelector('[data-view="detail"]');
const watchlistSection = root.querySelector('[data-view="watchlist"]');
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

function sendInput(input) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ input }));
}
/** Sends a board Input. */
const send = (input) => sendInput({ board: input });
/** Sends a Watchlist tab Input. */
const sendWatchlist = (input) => sendInput({ watchlist: input });

const view = new BoardView(root, {
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
});
const detailView = new DetailView(detailSection, {
  close: () => send({ detailClosed: {} }),
  favorite: () => send({ favoriteToggled: {} }),
});
const watchlistView = new WatchlistView(watchlistSection, sendWatchlist);

/** Whether the Watchlist tab shows (the board on it, no detail over it). */
function watchlistShows() {
  return Boolean(screen && !screen.detail && screen.board.tab === "watchlist" && screen.watchlist);
}

/** Draws the screen: the board, or the detail over it, or the Watchlist tab. */
function draw() {
  view.draw(output);
  const detail = screen.detail;
  const showsWatchlist = watchlistShows();
  setHidden(board, Boolean(detail) || showsWatchlist);
  setHidden(detailSection, !detail);
  setHidden(watchlistSection, !showsWatchlist);
  setHidden(help, !output.isHelpVisible);
  if (output.isHelpVisible) {
    for (const list of help.querySelectorAll("[data-help]")) {
      setHidden(list, (list.dataset.help === "watchlist") !== (output.tab === "watchlist"));
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

function setState(state, message) {
  root.dataset.state = state;
  setHidden(banner, !message);
  setText(banner, message ?? "");
}

/** The page's state: the server's socket first, then the exchange's feed behind it. */
function showFeedState() {
  if (!output) return;
  const feed = caseName(output.status.connection);
  if (feed === "live") setState("live");
  else if (feed === "stale") setState("stale", "No update for a while: prices may be stale");
  else if (feed === "reconnecting") setState("reconnecting", `${output.status.exchange}: reconnecting…`);
  else setState("connecting", `Connecting to ${output.status.exchange}…`);
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
      send({ viewportResized: { rows: viewportRows() } });
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
  });
  socket.addEventListener("message", (event) => {
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
  if (event.key === "Escape") {
    search.value = "";
    send({ searchCleared: {} });
    search.blur();
  } else if (event.key === "Enter" || event.key === "ArrowDown" || event.key === "ArrowUp") {
    send({ searchSubmitted: {} });
    search.blur();
  }
  event.stopPropagation();
});
root.querySelector('[data-role="clear-favorites"]').addEventListener("click", () => send({ clearFavoritesRequested: {} }));
/** Answers the question showing: the board's, or else the Watchlist tab's. */
function answer(yes) {
  if (!output?.confirmation && watchlistShows() && screen.watchlist.confirmation) {
    sendWatchlist({ confirmationAnswered: { yes } });
  } else {
    send({ confirmationAnswered: { yes } });
  }
}
for (const button of root.querySelectorAll("[data-answer]")) {
  button.addEventListener("click", () => answer(button.dataset.answer === "yes"));
}
root.querySelector('[data-role="help-button"]').addEventListener("click", () => send({ helpToggled: {} }));
help.addEventListener("click", () => send({ helpToggled: {} }));
const colors = root.querySelector('[data-role="colors"]');
root.dataset.colors = localStorage.getItem("sise.colors") ?? "korean";
colors.addEventListener("click", () => {
  root.dataset.colors = root.dataset.colors === "korean" ? "global" : "korean";
  localStorage.setItem("sise.colors", root.dataset.colors);
});

// The terminal app's keys (SPEC §1.10).
const KEYS = {
  ArrowUp: { selectionMoved: { by: -1 } }, k: { selectionMoved: { by: -1 } },
  ArrowDown: { selectionMoved: { by: 1 } }, j: { selectionMoved: { by: 1 } },
  PageUp: { pageMoved: { by: -1 } }, PageDown: { pageMoved: { by: 1 } },
  Home: { selectionMovedToFirst: {} }, g: { selectionMovedToFirst: {} },
  End: { selectionMovedToLast: {} }, G: { selectionMovedToLast: {} },
  "1": { sortKeyChosen: { key: "name" } }, "2": { sortKeyChosen: { key: "price" } },
  "3": { sortKeyChosen: { key: "change" } }, "4": { sortKeyChosen: { key: "value" } },
  f: { favoriteToggled: {} }, " ": { favoriteToggled: {} }, X: { clearFavoritesRequested: {} },
  ArrowRight: { nextTabChosen: {} }, l: { nextTabChosen: {} },
  ArrowLeft: { previousTabChosen: {} }, h: { previousTabChosen: {} },
  Escape: { searchCleared: {} }, Enter: { detailOpened: {} },
};
// The detail's keys, and the Watchlist tab's (as the terminal's WatchlistKeyMap).
const CLOSE_KEYS = new Set(["Escape", "Enter", "Backspace", "ArrowLeft", "h"]);
const WATCHLIST_KEYS = {
  ArrowUp: { selectionMoved: { by: -1 } }, k: { selectionMoved: { by: -1 } },
  ArrowDown: { selectionMoved: { by: 1 } }, j: { selectionMoved: { by: 1 } },
  K: { selectedMoved: { by: -1 } }, J: { selectedMoved: { by: 1 } },
  a: { addRequested: {} }, "/": { addRequested: {} }, d: { removeRequested: {} }, x: { removeRequested: {} },
  r: { refreshRequested: {} }, Enter: { detailOpened: {} },
};

/** The Watchlist tab's answer to a key: true when it took the key. */
function watchlistKey(event) {
  const tab = screen.watchlist;
  if (tab.search) return false;
  if (tab.detail) {
    if (CLOSE_KEYS.has(event.key)) sendWatchlist({ detailClosed: {} });
    return true;
  }
  if (tab.confirmation) {
    if (event.key === "y" || event.key === "Y") sendWatchlist({ confirmationAnswered: { yes: true } });
    if (event.key === "n" || event.key === "N" || event.key === "Escape") {
      sendWatchlist({ confirmationAnswered: { yes: false } });
    }
    return true;
  }
  const input = WATCHLIST_KEYS[event.key];
  if (!input) return false;
  sendWatchlist(input);
  return true;
}
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || !screen) return;
  if (event.target instanceof HTMLInputElement) return;
  if (output.confirmation) {
    if (event.key === "y" || event.key === "Y") send({ confirmationAnswered: { yes: true } });
    if (event.key === "n" || event.key === "N" || event.key === "Escape") send({ confirmationAnswered: { yes: false } });
    return;
  }
  if (output.isHelpVisible) {
    event.preventDefault();
    send({ helpToggled: {} });
    return;
  }
  if (event.key === "?") {
    send({ helpToggled: {} });
    return;
  }
  if (screen.detail) {
    if (CLOSE_KEYS.has(event.key)) send({ detailClosed: {} });
    if (event.key === "f" || event.key === " ") send({ favoriteToggled: {} });
    event.preventDefault();
    return;
  }
  if (watchlistShows() && !output.isHelpVisible && watchlistKey(event)) {
    event.preventDefault();
    return;
  }
  if (event.key === "/") {
    event.preventDefault();
    search.focus();
    return;
  }
  if (event.key === "Tab") {
    event.preventDefault();
    send(event.shiftKey ? { previousTabChosen: {} } : { nextTabChosen: {} });
    return;
  }
  const input = KEYS[event.key];
  if (input) {
    event.preventDefault();
    send(input);
  }
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
  send({ viewportResized: { rows: viewportRows() } });
  detailView.resized();
  watchlistView.resized();
});

connect();
