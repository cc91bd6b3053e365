"""Measures the dashboard in headless Chromium through the Chrome DevTools Protocol (figures, not
assertions): the page's script time a second while the rows on screen change a few hundred
times a second, and how long after a server restart the page is `live` again.

Run by scripts/measure-browser.sh, which starts `sise simulate` and passes its Upbit URL.
WINDOW (s), HEIGHT (px), RESTARTS, COUNT=0 (no row counting, whose own cost is script time too)
and PROFILE=1 (the page's hottest functions from the CPU profiler) change what it does."""

import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import expect, sync_playwright

SISE = os.environ.get("SISE_BIN", ".build/release/sise")
SIMULATOR = os.environ["SIMULATOR_URL"]
WINDOW = float(os.environ.get("WINDOW", "10"))
DEADLINE = 30_000


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(port, db):
    process = subprocess.Popen(
        [SISE, "serve", "--port", str(port), "--db", db, "--base-url", SIMULATOR],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    assert re.search(r"http://127\.0\.0\.1:\d+/", line), f"sise serve printed {line!r}"
    return process, time.monotonic()


def metrics(client):
    return {entry["name"]: entry["value"] for entry in client.send("Performance.getMetrics")["metrics"]}


def main():
    port = free_port()
    db = os.path.join(tempfile.mkdtemp(prefix="sise-measure-"), "sise.sqlite")
    server, _ = start_server(port, db)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
        # Tall enough for about 80 rows: with the simulator busy, a few hundred row changes a second.
        page = browser.new_page(viewport={"width": 1440, "height": int(os.environ.get("HEIGHT", "2600"))})
        page.goto(f"http://127.0.0.1:{port}/")
        expect(page.locator("#app")).to_have_attribute("data-state", "live", timeout=DEADLINE)
        expect(page.locator("tr[data-market]").nth(29)).to_be_attached(timeout=DEADLINE)
        # Every change of a row's cells on screen, counted in the page (its cost counts in the
        # script time too: COUNT=0 leaves it out).
        counting = os.environ.get("COUNT", "1") != "0"
        page.evaluate("""counting => {
            window.siseRowChanges = 0;
            if (!counting) return;
            new MutationObserver((records) => {
                const rows = new Set();
                for (const record of records) {
                    const row = (record.target.nodeType === 1 ? record.target : record.target.parentElement)?.closest('tr[data-market]');
                    if (row) rows.add(row);
                }
                window.siseRowChanges += rows.size;
            }).observe(document.querySelector('tbody'), {subtree: true, childList: true, characterData: true});
        }""", counting)
        client = page.context.new_cdp_session(page)
        client.send("Performance.enable")
        time.sleep(2)
        before = metrics(client)
        changes_before = page.evaluate("window.siseRowChanges")
        time.sleep(WINDOW)
        after = metrics(client)
        changes = page.evaluate("window.siseRowChanges") - changes_before
        seconds = after["Timestamp"] - before["Timestamp"]
        script = (after["ScriptDuration"] - before["ScriptDuration"]) / seconds * 1000
        task = (after["TaskDuration"] - before["TaskDuration"]) / seconds * 1000
        layout = (after["LayoutDuration"] + after["RecalcStyleDuration"]
                  - before["LayoutDuration"] - before["RecalcStyleDuration"]) / seconds * 1000
        print(f"row_changes_per_s={changes / seconds:.0f} script_ms_per_s={script:.2f} "
              f"layout_style_ms_per_s={layout:.2f} task_ms_per_s={task:.2f} window_s={seconds:.1f}")

        # A restart: the server is killed, comes back on the same port; the page reconnects.
        if os.environ.get("PROFILE"):
            client.send("Profiler.enable")
            client.send("Profiler.setSamplingInterval", {"interval": 200})
            client.send("Profiler.start")
            time.sleep(8)
            profile = client.send("Profiler.stop")["profile"]
            totals = {}
            for node in profile["nodes"]:
                frame = node["callFrame"]
                key = f'{frame["functionName"] or "(anon)"} {frame["url"].split("/")[-1]}:{frame["lineNumber"]}'
                totals[key] = totals.get(key, 0) + node.get("hitCount", 0)
            busy = sum(v for k, v in totals.items() if not k.startswith("(idle)") and not k.startswith("(program)"))
            for key, hits in sorted(totals.items(), key=lambda item: -item[1])[:25]:
                print(f"{hits:6d} {key}")
            print("busy samples", busy)
        restarts = []
        for _ in range(int(os.environ.get("RESTARTS", "5"))):
            server.send_signal(signal.SIGKILL)
            server.wait(timeout=10)
            expect(page.locator("#app")).to_have_attribute("data-state", "reconnecting", timeout=DEADLINE)
            server, listening = start_server(port, db)
            expect(page.locator("#app")).to_have_attribute("data-state", "live", timeout=DEADLINE)
            restarts.append((time.monotonic() - listening) * 1000)
        restarts.sort()
        print("restart_to_live_ms=" + ",".join(f"{value:.0f}" for value in restarts)
              + f" median={restarts[len(restarts) // 2]:.0f}")
        browser.close()
    server.send_signal(signal.SIGKILL)
    server.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
