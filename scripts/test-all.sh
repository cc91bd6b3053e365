#!/usr/bin/env bash
# The README's test command: every suite. The Swift tests (`swift test`, which must run some),
# then the dashboard's browser tests (scripts/test-browser.sh installs Chromium, fonts and
# playwright when missing), then real exchange clients against the simulator
# (scripts/test-clients.sh installs them, pinned, in a virtualenv).
set -euo pipefail
cd "$(dirname "$0")/.."

log="$(mktemp)"
status=0
swift test 2>&1 | tee "$log" || status="${PIPESTATUS[0]}"
if [[ "$status" -ne 0 ]]; then
    echo "test-all: swift test failed with status $status" >&2
    exit "$status"
fi
# `swift test` exits 0 when nothing ran; insist on a real count.
count="$(grep -Eo 'Test run with [0-9]+ tests' "$log" | grep -Eo '[0-9]+' | tail -1 || true)"
if [[ -z "$count" || "$count" -eq 0 ]]; then
    echo "test-all: no Swift tests ran" >&2
    exit 1
fi
echo "test-all: $count Swift tests passed"

scripts/test-browser.sh 2>&1 | tee "$log"
browser_count="$(grep -Eo '[0-9]+ passed' "$log" | grep -Eo '[0-9]+' | tail -1 || true)"
if [[ -z "$browser_count" || "$browser_count" -eq 0 ]]; then
    echo "test-all: no browser tests ran" >&2
    exit 1
fi

scripts/test-clients.sh 2>&1 | tee "$log"
client_count="$(grep -Eo '[0-9]+ passed' "$log" | grep -Eo '[0-9]+' | tail -1 || true)"
if [[ -z "$client_count" || "$client_count" -eq 0 ]] || grep -Eq '[0-9]+ (failed|error)' "$log"; then
    echo "test-all: the client tests failed or ran nothing" >&2
    exit 1
fi
echo "test-all: $count Swift tests, $browser_count browser tests and $client_count client tests passed"
