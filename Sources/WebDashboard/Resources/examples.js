// The example apps' pages (repo-search, numbers): each renders its view model's output, sent
// whole by the server, and sends the view model's inputs. Text from the network goes into the
// page with textContent only.
const root = document.querySelector(".example");
const page = root.dataset.page;
const $ = (role) => root.querySelector(`[data-role="${role}"]`);
let socket;
let output = null;

function connect() {
  socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${page}`);
  socket.onopen = () => { root.dataset.state = "live"; };
  socket.onclose = () => { root.dataset.state = "offline"; setTimeout(connect, 1000); };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "output") { output = message.output; render(); }
  };
}

function send(input) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ input }));
}

function render() {
  if (page === "repo-search") renderSearch(); else renderNumbers();
}

function renderSearch() {
  const query = $("query");
  if (document.activeElement !== query && query.value !== output.query) query.value = output.query;
  $("loading").hidden = !output.isLoading;
  $("error").hidden = !output.error;
  $("error").textContent = output.error || "";
  const list = $("repositories");
  list.replaceChildren(...output.rows.map((row) => {
    const item = document.createElement("li");
    item.dataset.id = String(row.id);
    const name = document.createElement("strong");
    name.textContent = row.fullName;
    const stars = document.createElement("span");
    stars.className = "stars";
    stars.textContent = row.stars;
    const language = document.createElement("span");
    language.className = "language";
    language.textContent = row.language;
    const about = document.createElement("p");
    about.textContent = row.description;
    item.append(name, " ", stars, " ", language, about);
    item.tabIndex = 0;
    item.addEventListener("click", () => send({ repositoryChosen: { id: row.id } }));
    item.addEventListener("keydown", (event) => { if (event.key === "Enter") send({ repositoryChosen: { id: row.id } }); });
    return item;
  }));
  $("modal").hidden = !output.alert;
  $("modal-text").textContent = output.alert || "";
  if (output.alert) $("modal-ok").focus();
}

function renderNumbers() {
  $("loading").hidden = !output.isLoading;
  $("numbers").replaceChildren(...output.numbers.map((number) => {
    const item = document.createElement("li");
    item.textContent = String(number);
    return item;
  }));
  $("failure").hidden = !output.failure;
  $("failure").textContent = output.failure ? `⚠ ${output.failure}` : "";
}

if (page === "repo-search") {
  $("query").addEventListener("input", (event) => send({ queryChanged: { query: event.target.value } }));
  $("modal-ok").addEventListener("click", () => send({ alertDismissed: {} }));
  document.addEventListener("keydown", (event) => {
    if (output && output.alert && (event.key === "Enter" || event.key === "Escape")) {
      event.preventDefault();
      send({ alertDismissed: {} });
    }
  });
} else {
  $("add").addEventListener("click", () => send({ addRandomNumberTapped: {} }));
  document.addEventListener("keydown", (event) => {
    if (event.key === "a" && event.target === document.body) send({ addRandomNumberTapped: {} });
  });
}
connect();
