#!/usr/bin/env bash
# Measures the dashboard in headless Chromium through the Chrome DevTools Protocol: the page's
# script time a second while the rows on screen change about 400 times a second (a separate
# `sise simulate` at RATE ticks a second, `sise serve --base-url` on it), and how long after a
# server restart the page is `live` again (RESTARTS times). Figures only, no assertion.
#
#   scripts/measure-browser.sh                 # release build (built if missing), RATE=20000, HEIGHT=2600
#   RATE=1000 WINDOW=20 SISE=.build/debug/sise scripts/measure-browser.sh
set -euo pipefail
cd "$(dirname "$0")/.."

sise="${SISE:-.build/release/sise}"
rate="${RATE:-20000}"
if [[ ! -x "$sise" ]]; then
    swift build -c release --product sise >&2
fi
venv=.build/browser-venv
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c "import playwright" 2>/dev/null; then
    scripts/test-browser.sh --co -q >/dev/null  # installs chromium, fonts and the venv
fi

log="$(mktemp)"
"$sise" simulate --port 0 --rate "$rate" --rest-limit 0 2>"$log" &
simulator=$!
trap 'kill "$simulator" 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 1 300); do
    url="$(grep -o 'Upbit on http://127.0.0.1:[0-9]*' "$log" | head -1 | sed 's/Upbit on //')" || true
    [[ -n "$url" ]] && break
    sleep 0.1
done
[[ -n "$url" ]] || { echo "measure-browser: the simulator did not start" >&2; cat "$log" >&2; exit 1; }
SISE_BIN="$sise" SIMULATOR_URL="$url" "$venv/bin/python" Tests/Browser/measure_dashboard.py
