#!/usr/bin/env bash
# The dashboard's browser tests: `sise serve` driven by headless Chromium through playwright.
# Installs what a fresh machine lacks (Debian's chromium and fonts-nanum; playwright and pytest
# in a virtualenv under .build), builds sise, runs Tests/Browser. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v chromium >/dev/null || need_apt+=(chromium)
[[ -d /usr/share/fonts/truetype/nanum ]] || need_apt+=(fonts-nanum)
if ((${#need_apt[@]})); then
    echo "test-browser: installing ${need_apt[*]}" >&2
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need_apt[@]}"
fi

venv=.build/browser-venv
if [[ ! -x "$venv/bin/pytest" ]] || ! "$venv/bin/python" -c "import playwright, websockets, axe_playwright_python" 2>/dev/null; then
    python3 -m venv "$venv"
    # axe-playwright-python carries axe-core (4.12.1), the accessibility engine browsers' audits use.
    "$venv/bin/pip" install --quiet playwright pytest websockets axe-playwright-python==0.1.8
fi

swift build --product sise
SISE_BIN="$(swift build --show-bin-path)/sise" SCREENSHOT_DIR=.build "$venv/bin/pytest" -q Tests/Browser "$@"
