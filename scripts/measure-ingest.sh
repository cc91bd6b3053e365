#!/usr/bin/env bash
# Measures `sise bench ingest` against the peer it is compared with (issue 31: the client's ticks a
# second, ≥ 3× the peer's, and its CPU a tick, ≤ 2 µs), in pairs of windows: each round starts its
# own `sise simulate --rate 0` (a firehose), runs `sise bench ingest` against it, then
# `scripts/ingest-peer.py --format SIMPLE` (websockets + orjson, the same SIMPLE keys `sise` asks
# for) against the same one, and stops it. The two of a pair share the minute, so their ratio
# holds when a shared machine speeds up or slows down between rounds; each line gives it both
# ways: the ticks a second (what the firehose beside the client lets through) and the CPU a tick
# (what the client itself costs).
#
#   scripts/measure-ingest.sh              # 3 rounds of 5 s windows, the release build (built if missing)
#   ROUNDS=5 DURATION=10 SISE=path/to/sise scripts/measure-ingest.sh
#
# The peer needs Python 3 with websockets and orjson: PEER_PYTHON names that interpreter; without
# it a venv is made in .build/peer-venv (from PyPI) the first time.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds="${ROUNDS:-3}"
duration="${DURATION:-5}"
sise="${SISE:-.build/release/sise}"
if [[ ! -x "$sise" ]]; then
    swift build -c release --product sise >&2
fi
python="${PEER_PYTHON:-.build/peer-venv/bin/python}"
if [[ ! -x "$python" ]]; then
    echo "measure-ingest: making the peer's venv in .build/peer-venv (websockets, orjson)" >&2
    python3 -m venv .build/peer-venv >&2
    .build/peer-venv/bin/pip install --quiet websockets orjson >&2
    python=".build/peer-venv/bin/python"
fi

work="$(mktemp -d)"
simulator=""
cleanup() {
    if [[ -n "$simulator" ]]; then kill "$simulator" 2>/dev/null || true; wait "$simulator" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

# wait_for_port PORT
source scripts/wait-for-port.sh

# The value of `name=` in a line of `key=value` pairs.
figure() {
    sed -n "s/.*\\b$1=\\([0-9.]*\\).*/\\1/p" <<<"$2"
}

lines=()
port=$((21000 + ($$ % 200) * 20))
for round in $(seq 1 "$rounds"); do
    "$sise" simulate --rate 0 --port "$port" --rest-limit 0 2>"$work/simulate.log" >/dev/null &
    simulator=$!
    wait_for_port "$port"
    url="http://127.0.0.1:$port"
    ours="$("$sise" bench ingest --base-url "$url" --duration "$duration" 2>"$work/ingest.log" | tail -1)"
    peer="$("$python" scripts/ingest-peer.py --base-url "$url" --duration "$duration" --format SIMPLE \
        2>"$work/peer.log" | tail -1)"
    kill "$simulator" 2>/dev/null || true
    wait "$simulator" 2>/dev/null || true
    simulator=""
    port=$((port + 6))
    ours_rate="$(figure ticks_per_s "$ours")"
    ours_cost="$(figure us_per_tick "$ours")"
    peer_rate="$(figure ticks_per_s "$peer")"
    peer_cost="$(figure us_per_tick "$peer")"
    if [[ -z "$ours_rate" || -z "$ours_cost" || -z "$peer_rate" || -z "$peer_cost" ]]; then
        echo "measure-ingest: round $round read no figures: sise '$ours', peer '$peer'" >&2
        cat "$work/ingest.log" "$work/peer.log" >&2
        exit 1
    fi
    line="$(awk -v round="$round" -v ours_rate="$ours_rate" -v ours_cost="$ours_cost" \
        -v peer_rate="$peer_rate" -v peer_cost="$peer_cost" 'BEGIN {
            printf "round=%s sise_ticks_per_s=%s sise_us_per_tick=%s peer_ticks_per_s=%s peer_us_per_tick=%s ratio=%.2f cpu_ratio=%.2f\n",
                round, ours_rate, ours_cost, peer_rate, peer_cost, ours_rate / peer_rate, peer_cost / ours_cost }')"
    echo "$line"
    lines+=("$line")
done

# The medians of the rounds (the middle one, or the mean of the middle two).
median() {
    local name="$1" line
    for line in "${lines[@]}"; do figure "$name" "$line"; done | sort -g |
        awk '{ values[NR] = $1 } END { if (NR % 2) print values[(NR + 1) / 2]; else printf "%.2f\n", (values[NR / 2] + values[NR / 2 + 1]) / 2 }'
}
echo "rounds=$rounds sise_us_per_tick=$(median sise_us_per_tick) ratio=$(median ratio) cpu_ratio=$(median cpu_ratio)"
