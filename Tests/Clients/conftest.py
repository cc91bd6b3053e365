"""The simulated market as real clients meet it: one `sise simulate` on free loopback ports for
the whole session, its dialects' base URLs read from the lines it prints at start."""

import os
import re
import subprocess
import time

import pytest


class Simulator:
    """A running `sise simulate`: each dialect's HTTP base URL by name (`Upbit`, `Bithumb`, …)."""

    def __init__(self, process, urls):
        self.process = process
        self.urls = urls

    def http(self, name):
        return self.urls[name]

    def ws(self, name):
        return self.urls[name].replace("http://", "ws://")

    def alive(self):
        return self.process.poll() is None


@pytest.fixture(scope="session")
def simulator():
    binary = os.environ.get("SISE_BIN", ".build/debug/sise")
    # No REST limit: the clients pace themselves (ccxt's rateLimit) and a refusal is not under test.
    process = subprocess.Popen(
        [binary, "simulate", "--port", "0", "--rest-limit", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    urls = {}
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        found = re.match(r"sise simulate: (.+?)(?: \(.*\))? on (http://[0-9.:]+)", line)
        if found:
            urls[found.group(1)] = found.group(2)
        if "Ctrl-C stops" in line:
            break
    if "Bithumb" not in urls:
        process.kill()
        pytest.fail(f"sise simulate did not start: {urls}")
    yield Simulator(process, urls)
    process.terminate()
    process.wait(timeout=30)
