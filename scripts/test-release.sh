#!/usr/bin/env bash
# The release build, run as the README's benchmarks and a user's `swift build -c release` run it:
# the debug suites never run optimised code. Checks that it works, not how fast (the machines are
# shared and noisy): the terminal app shows a full board in tmux, the client reads a firehose
# end to end (and so does the Python peer it is compared with, in a venv made from PyPI), and
# `sise serve` feeds tabs their patches with no gap. CI runs it after the suites.
#
#   scripts/test-release.sh                       # builds the release product, then checks it
#   SISE=.build-release/release/sise scripts/test-release.sh   # checks a binary already built
set -euo pipefail
cd "$(dirname "$0")/.."

sise="${SISE:-}"
if [[ -z "$sise" ]]; then
    swift build -c release --product sise
    sise=.build/release/sise
fi

fail() {
    echo "test-release: $*" >&2
    exit 1
}

echo "test-release: the terminal app's first full board"
RUNS=1 SISE="$sise" scripts/measure-startup.sh | grep -q '^first_board_ms_median=' || fail "no full board in tmux"

echo "test-release: the client against a firehose"
ingest="$("$sise" bench ingest --duration 2 | tail -1)"
echo "$ingest"
[[ "$ingest" =~ ticks_per_s=([0-9]+) ]] && ((BASH_REMATCH[1] > 1000)) || fail "bench ingest read: $ingest"

echo "test-release: the client and the Python peer against firehoses of their own (scripts/measure-ingest.sh)"
compare="$(ROUNDS=1 DURATION=2 SISE="$sise" scripts/measure-ingest.sh | tail -1)"
echo "$compare"
[[ "$compare" =~ sise_us_per_tick=[0-9.]+\ ratio=[0-9.]+\ cpu_ratio=[0-9.]+$ ]] || fail "measure-ingest read: $compare"

echo "test-release: sise serve with 50 tabs"
serve="$("$sise" bench serve --viewers 50 --duration 3 --settle 0 | tail -1)"
echo "$serve"
[[ "$serve" =~ patches_per_viewer_s=([0-9]+) ]] && ((BASH_REMATCH[1] >= 1)) || fail "bench serve read: $serve"
[[ "$serve" == *" gaps=0"* ]] || fail "bench serve saw gaps: $serve"

echo "test-release: the release build works"
