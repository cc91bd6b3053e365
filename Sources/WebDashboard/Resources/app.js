// The dashboard's connection to `sise serve`: one WebSocket per tab at /ws. The server sends
// `hello`, a numbered `snapshot`, then numbered `patch`es; a gap in the numbers asks for a
// resync. Every person's action is sent as the board's Input, tagged JSON, and the screen is
// whatever the server's view model says: matching, sorting and formatting all stay in Swift.
import { applyPatch, BoardView, caseName } from "./board.js";

const PROTOCOL_VERSION = 1;
const root = document.getElementById("app");
const banner = root.querySelector('[data-role="banner"]');
const search = root.querySelector('[data-role="search"]');
const board = root.querySelector('[data-role="board"]');

let socket = null;
let output = null;
let sequence = 0;
let attempts = 0;
let everConnected = false;
let countdown = null;

const view = new BoardView(root, {
  sort: (key) => send({ sortKeyChosen: { key } }),
  choose: (market) => send({ marketChosen: { market } }),
  favorite: (market) => {
    send({ marketChosen: { market } });
    send({ favoriteToggled: {} });
  },
});

function send(input) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ input }));
}

function setState(state, message) {
  root.dataset.state = state;
  banner.hidden = !message;
  banner.textContent = message ?? "";
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
      output = message.output;
      sequence = message.seq;
      view.draw(output);
      showFeedState();
      send({ viewportResized: { rows: viewportRows() } });
      break;
    case "patch":
      if (!output || message.seq !== sequence + 1) {
        socket.send(JSON.stringify({ resync: {} }));
        return;
      }
      sequence = message.seq;
      output = applyPatch(output, message.changes);
      view.draw(output);
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
  messageTimer = setTimeout(() => view.draw(output ?? {}), 3000);
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
for (const button of root.querySelectorAll("[data-answer]")) {
  button.addEventListener("click", () => send({ confirmationAnswered: { yes: button.dataset.answer === "yes" } }));
}
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
  Escape: { searchCleared: {} },
};
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (output?.confirmation) {
    if (event.key === "y" || event.key === "Y") send({ confirmationAnswered: { yes: true } });
    if (event.key === "n" || event.key === "N" || event.key === "Escape") send({ confirmationAnswered: { yes: false } });
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
board.addEventListener("touchstart", (event) => {
  touch = { x: event.touches[0].clientX, y: event.touches[0].clientY };
}, { passive: true });
board.addEventListener("touchend", (event) => {
  if (!touch) return;
  const dx = event.changedTouches[0].clientX - touch.x;
  const dy = event.changedTouches[0].clientY - touch.y;
  touch = null;
  if (Math.abs(dx) > 60 && Math.abs(dy) < 40) send(dx < 0 ? { nextTabChosen: {} } : { previousTabChosen: {} });
});
window.addEventListener("resize", () => send({ viewportResized: { rows: viewportRows() } }));

connect();
