// The Alerts tab (issue 28): the rules stored, a form for a new one (read by Swift's
// AlertRuleText, the terminal's own), removal, and the history of firings. Every person's action
// is the tab's Input; every string from the server is shown as text.

import { element } from "./dom.js";

export class AlertsView {
  constructor(section, send) {
    this.section = section;
    this.send = send;
    this.form = section.querySelector('[data-role="alert-form"]');
    this.text = section.querySelector('[data-role="alert-text"]');
    this.hint = section.querySelector('[data-role="alert-hint"]');
    this.rules = section.querySelector('[data-role="alert-rules"]');
    this.history = section.querySelector('[data-role="alert-history"]');
    this.placeholder = section.querySelector('[data-role="alert-placeholder"]');
    this.permission = section.querySelector('[data-role="notify-permission"]');
    this.output = null;
    this.text.addEventListener("focus", () => send({ formOpened: {} }));
    this.text.addEventListener("input", () => send({ formTextChanged: { text: this.text.value } }));
    this.text.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        this.text.value = "";
        send({ formCancelled: {} });
        this.text.blur();
      }
      event.stopPropagation();
    });
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      send({ formOpened: {} });
      send({ formTextChanged: { text: this.text.value } });
      send({ formSubmitted: {} });
      this.submitted = true;
    });
    // The browser asks for the permission only on a person's click.
    this.permission.addEventListener("click", async () => {
      if (typeof Notification === "undefined") return;
      await Notification.requestPermission();
      this.drawPermission();
    });
  }

  /** Shows the tab's output. */
  draw(output) {
    const before = this.output;
    this.output = output;
    this.section.querySelector('[data-role="alert-exchange"]').textContent = `— added here for ${output.exchange}`;
    this.section.querySelector('[data-role="alert-quiet"]').textContent =
      output.quietHours ? `quiet hours ${output.quietHours}` : "";
    const form = output.form;
    // A rule stored closes the form: the field empties for the next one (also when the form
    // opened and closed between two frames, as a paste and Enter do).
    if (!form && (before?.form || this.submitted)) this.text.value = "";
    if (!form || form.error) this.submitted = false;
    // `a` opened the form: the field takes the keyboard.
    if (form && !before?.form && document.activeElement !== this.text) {
      this.text.value = form.text;
      this.text.focus();
    }
    this.hint.textContent = form?.error ? `⚠ ${form.error}` : `e.g. ${output.example}`;
    this.hint.classList.toggle("error", Boolean(form?.error));
    this.placeholder.hidden = !output.placeholder;
    this.placeholder.textContent = output.placeholder ?? "";
    this.drawRules(output.rules);
    this.drawHistory(output.history);
    this.drawPermission();
  }

  drawRules(rules) {
    const items = rules.map((rule) => {
      const item = element("li", rule.isSelected ? "selected" : "");
      item.dataset.rule = String(rule.id);
      const remove = element("button", "remove", "×");
      remove.type = "button";
      remove.title = "Remove the rule";
      remove.addEventListener("click", (event) => {
        event.stopPropagation();
        this.send({ ruleRemoved: { id: rule.id } });
      });
      item.append(element("b", "market", rule.market), element("span", "summary", rule.summary),
        element("span", "details", rule.details), remove);
      item.addEventListener("click", () => this.send({ ruleChosen: { id: rule.id } }));
      return item;
    });
    this.rules.replaceChildren(...items);
  }

  drawHistory(history) {
    const items = history.map((firing) => {
      const item = element("li");
      item.dataset.firing = firing.id;
      item.dataset.direction = firing.direction;
      item.dataset.tone = firing.tone;
      item.append(element("time", "", firing.time), element("span", "arrow", firing.mark),
        element("span", "message", firing.message));
      if (firing.heldBack) item.append(element("span", "quiet", "quiet"));
      return item;
    });
    if (history.length === 0) items.push(element("li", "muted", "No firings yet"));
    this.history.replaceChildren(...items);
  }

  drawPermission() {
    const state = typeof Notification === "undefined" ? "unsupported" : Notification.permission;
    this.permission.dataset.permission = state;
    this.permission.hidden = state === "granted" || state === "unsupported";
  }
}

/** Tells a new notice once: the browser's notification when allowed (the page's own toast always shows it). */
export function notify(notice) {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  try {
    new Notification("Sise", { body: notice.text, tag: `sise-alert-${notice.number}` });
  } catch (error) {
    console.error("sise: no notification", error);
  }
}
