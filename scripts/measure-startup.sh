#!/usr/bin/env bash
# Measures how long the terminal app takes, from launch, to show its first full board: it starts
# `sise` (the embedded simulator, a throwaway database) in a private tmux server at 120x40 and
# looks at the pane until a whole page of rows with prices shows. Prints each run and the median,
# then what the first board waited for: the median time from launch to each phase the app marks
# on the way (`SISE_STARTUP_TRACE`, see StartupTrace).
#
# The app's marks come to this script through a FIFO, and it blocks on them while the app starts:
# looking at the pane means a tmux client and a grep each time, and looking in a loop from launch
# took most of a core from the app on a two-core machine (its own mark of the first board drawn
# read 40-55 ms later than beside this script, in the same minutes). The pane is looked at from
# the app's mark of its first frame of the board on, and the figure is the time the look that
# finds it there starts.
#
#   scripts/measure-startup.sh            # 7 runs, the release build (built if missing)
#   RUNS=3 SISE=path/to/sise scripts/measure-startup.sh
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${RUNS:-7}"
sise="${SISE:-.build/release/sise}"
command -v tmux >/dev/null || { echo "measure-startup: tmux is needed" >&2; exit 1; }
if [[ ! -x "$sise" ]]; then
    swift build -c release --product sise >&2
fi
sise="$(cd "$(dirname "$sise")" && pwd)/$(basename "$sise")"

work="$(mktemp -d)"
socket="sise-startup-$$"
cleanup() {
    tmux -S "$work/$socket" kill-server 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# Rows of the board that show a price and a change (e.g. `139,872,000    -0.09%`).
price_rows() {
    tmux -S "$work/$socket" capture-pane -p 2>/dev/null | grep -cE '[0-9][0-9,.]* +[+-]?[0-9]+\.[0-9]+%' || true
}

# The wall-clock time in nanoseconds, as `date +%s%N` prints it, into `now` (no process started:
# a command substitution would fork).
now=0
clock() {
    now="${EPOCHREALTIME//[.,]/}000"
}

results=()
for run in $(seq 1 "$runs"); do
    tmux -S "$work/$socket" kill-server 2>/dev/null || true
    # Each run has its own tmux server: a server just killed may still be going away.
    socket="sise-startup-$$-$run"
    # Opened for reading and writing, the FIFO neither blocks this script nor the app opening it.
    marks="$work/marks-$run"
    mkfifo "$marks"
    exec 3<>"$marks"
    : >"$work/trace-$run"
    clock
    start="$now"
    tmux -S "$work/$socket" -f /dev/null new-session -d -x 120 -y 40 \
        "SISE_STARTUP_TRACE='$marks' exec '$sise' --db '$work/sise-$run.sqlite'" 3<&-
    # Each mark as it comes (a minute at most for all of them), until the first board is drawn.
    while IFS= read -r -t 60 mark <&3; do
        echo "$mark" >>"$work/trace-$run"
        [[ "$mark" == *" first board drawn" ]] && break
    done
    shown=""
    for _ in $(seq 1 3000); do
        # The time a look starts: the board it finds was written before it (the app's mark of it
        # came first), and the look's own tmux client and grep are not the app's time.
        clock
        looked="$now"
        # A full page at 120x40 holds 36 rows.
        if (($(price_rows) >= 36)); then
            shown="$looked"
            break
        fi
    done
    if [[ -z "$shown" ]]; then
        exec 3<&-
        echo "measure-startup: no full board on run $run" >&2
        exit 1
    fi
    exec 3<&-
    milliseconds=$(((shown - start) / 1000000))
    results+=("$milliseconds")
    echo "run=$run first_board_ms=$milliseconds"
    # Each phase's offset from launch, in ms, for the medians below.
    awk -v start="$start" '{ phase = $2; for (i = 3; i <= NF; i++) phase = phase "_" $i; printf "%s %.1f\n", phase, ($1 - start) / 1e6 }' \
        "$work/trace-$run" >>"$work/phases" 2>/dev/null || true
done
tmux -S "$work/$socket" kill-server 2>/dev/null || true
median="$(printf '%s\n' "${results[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')"
# The phases in the order they came, each with its median offset from launch.
if [[ -s "$work/phases" ]]; then
    echo "what the first board waited for (median ms from launch):"
    awk '!seen[$1]++ { print $1 }' "$work/phases" | while read -r phase; do
        awk -v phase="$phase" '$1 == phase { print $2 }' "$work/phases" | sort -n |
            awk -v phase="$phase" '{ a[NR] = $1 } END { printf "  %-20s %6.1f\n", phase, a[int((NR + 1) / 2)] }'
    done
fi
echo "first_board_ms_median=$median runs=$runs"
