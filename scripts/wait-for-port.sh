# Sourced by the measuring scripts: `wait_for_port PORT` waits (60 s at most) until a TCP port on
# loopback accepts connections, and fails with a word on stderr when nothing listens by then.
wait_for_port() {
    for _ in $(seq 1 600); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
        sleep 0.1
    done
    echo "$(basename "$0" .sh): nothing listens on port $1" >&2
    return 1
}
