#!/usr/bin/env bash
# Real exchange clients against `sise simulate` (issue 64): ccxt and ccxt.pro (Bithumb's both API
# generations, Binance spot), pybithumb, python-binance and PyGithub, each pointed at a fresh
# simulator by its base URLs only. Installs the pinned clients (Tests/Clients/requirements.txt) in
# a virtualenv under .build, builds sise, runs Tests/Clients. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/clients-venv
stamp="$venv/.requirements"
if [[ ! -x "$venv/bin/pytest" ]] || ! cmp -s Tests/Clients/requirements.txt "$stamp"; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet -r Tests/Clients/requirements.txt
    cp Tests/Clients/requirements.txt "$stamp"
fi

swift build --product sise
# A client that waits forever on a socket cannot hold the test command past 20 minutes.
SISE_BIN="$(swift build --show-bin-path)/sise" timeout 1200 "$venv/bin/pytest" -q -p no:cacheprovider Tests/Clients "$@"
