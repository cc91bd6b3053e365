#!/usr/bin/env bash
# Measures what the terminal app alone costs: it runs `sise simulate` in its own process, the app
# in a private tmux server (120x40) against it with --base-url and a throwaway database, and prints
# the app's CPU time as a percentage of one core (utime+stime from /proc/PID/stat) over a window
# after a warm-up, and its memory at the end: RSS (VmRSS), and from smaps_rollup its PSS (shared
# pages divided among the processes mapping them) and its anonymous memory (the app's own heap
# and stacks; RSS is mostly the Swift runtime's, Foundation's and the binary's code pages). Five cases: an idle board
# (0.01 trades a second: nothing moves for a minute at a time), the default rate (100 ticks/s) and 1,000 ticks/s with
# 408 markets, and both rates with 2,000.
#
#   scripts/measure-terminal.sh            # 60 s windows, the release build (built if missing)
#   WINDOW=20 scripts/measure-terminal.sh  # shorter windows
#   SISE=path/to/sise scripts/measure-terminal.sh
#   CASES="100:408" scripts/measure-terminal.sh   # rate:markets, one case
#
# Each line also gives the app's context switches a second (every thread's, voluntary or not).
set -euo pipefail
cd "$(dirname "$0")/.."

window="${WINDOW:-60}"
warmup="${WARMUP:-10}"
sise="${SISE:-.build/release/sise}"
command -v tmux >/dev/null || { echo "measure-terminal: tmux is needed" >&2; exit 1; }
if [[ ! -x "$sise" ]]; then
    swift build -c release --product sise >&2
fi

work="$(mktemp -d)"
socket="sise-measure-$$"
simulator=""
cleanup() {
    tmux -S "$work/$socket" kill-server 2>/dev/null || true
    if [[ -n "$simulator" ]]; then kill "$simulator" 2>/dev/null || true; wait "$simulator" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

ticks_per_second="$(getconf CLK_TCK)"

# utime+stime of a process, in clock ticks.
cpu_ticks() {
    # The command name (field 2) may hold spaces: read past its closing parenthesis.
    local stat
    stat="$(cat "/proc/$1/stat")"
    stat="${stat##*) }"
    # Fields from 3 on: utime and stime are the 14th and 15th of the whole line.
    awk '{ print $12 + $13 }' <<<"$stat"
}

# Context switches of every thread of a process so far, voluntary and not.
context_switches() {
    cat /proc/"$1"/task/*/status 2>/dev/null |
        awk '/^(voluntary|nonvoluntary)_ctxt_switches:/ { total += $2 } END { print total + 0 }'
}

# Waits until the premium history's back-fill (issue 29: a year of daily premium for every compared
# coin, done once per database) has finished, so the window measures the app as it runs all day,
# not that one-time job (about 3 s of CPU over its first minute; 6 s before 2026-11-27). The cases share one
# database: only the first waits long.
wait_for_backfill() {
    local database="$1" before="" now
    if ! command -v sqlite3 >/dev/null; then
        echo "measure-terminal: sqlite3 is missing: the first window may include the premium back-fill" >&2
        return 0
    fi
    for _ in $(seq 1 120); do
        now="$(sqlite3 "$database" "select count(*) from premiumDay" 2>/dev/null || echo "")"
        if [[ -n "$now" && "$now" != "0" && "$now" == "$before" ]]; then return 0; fi
        before="$now"
        sleep 5
    done
    echo "measure-terminal: the premium back-fill did not settle in 10 minutes" >&2
}

# wait_for_port PORT
source scripts/wait-for-port.sh

measure() {
    local rate="$1" markets="$2" port="$3"
    "$sise" simulate --port "$port" --rate "$rate" --markets "$markets" --rest-limit 0 2>"$work/simulate.log" &
    simulator=$!
    wait_for_port "$port"
    tmux -S "$work/$socket" -f /dev/null new-session -d -x 120 -y 40 \
        "exec '$sise' --base-url http://127.0.0.1:$port --db '$work/sise.sqlite'"
    local pane app=""
    pane="$(tmux -S "$work/$socket" list-panes -F '#{pane_pid}' | head -1)"
    # The pane runs the app itself (exec), or a shell whose child it is.
    for _ in $(seq 1 100); do
        if grep -q sise "/proc/$pane/comm" 2>/dev/null; then app="$pane"; break; fi
        app="$(pgrep -P "$pane" | head -1 || true)"
        [[ -n "$app" ]] && break
        sleep 0.1
    done
    [[ -n "$app" ]] || { echo "measure-terminal: the app did not start" >&2; return 1; }
    wait_for_backfill "$work/sise.sqlite"
    sleep "$warmup"
    local before after switches_before switches_after rss pss anon
    before="$(cpu_ticks "$app")"
    switches_before="$(context_switches "$app")"
    sleep "$window"
    after="$(cpu_ticks "$app")"
    switches_after="$(context_switches "$app")"
    rss="$(awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$app/status")"
    pss="$(awk '/^Pss:/ { printf "%.1f", $2 / 1024 }' "/proc/$app/smaps_rollup")"
    anon="$(awk '/^Anonymous:/ { printf "%.1f", $2 / 1024 }' "/proc/$app/smaps_rollup")"
    awk -v rate="$rate" -v markets="$markets" -v used="$((after - before))" -v hz="$ticks_per_second" \
        -v window="$window" -v rss="$rss" -v pss="$pss" -v anon="$anon" \
        -v switches="$((switches_after - switches_before))" \
        'BEGIN { printf "rate=%s markets=%s cpu_percent=%.2f switches_per_s=%.0f rss_mb=%s pss_mb=%s anon_mb=%s window_s=%s\n", rate, markets, 100 * used / hz / window, switches / window, rss, pss, anon, window }'
    tmux -S "$work/$socket" kill-server 2>/dev/null || true
    kill "$simulator" 2>/dev/null || true
    wait "$simulator" 2>/dev/null || true
    simulator=""
}

base_port=$((20000 + ($$ % 200) * 20))
port="$base_port"
for case in ${CASES:-0.01:408 100:408 1000:408 100:2000 1000:2000}; do
    measure "${case%%:*}" "${case##*:}" "$port"
    port=$((port + 6))
done
