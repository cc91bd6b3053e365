"""What a failing browser test reports besides its own assertion: what its pages said went wrong,
the state of the `sise serve` it ran against, the end of what that server wrote to stderr and,
while it runs, its threads' stacks."""

import pytest


def pytest_runtest_setup(item):
    said = getattr(item.module, "PAGE_ERRORS", None)
    if said is not None:
        said.clear()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    said = getattr(item.module, "PAGE_ERRORS", None)
    if said:
        report.sections.append(("what the pages said went wrong", "\n".join(said)[-8000:]))
    server = getattr(item, "funcargs", {}).get("server")
    if server is None or not hasattr(server, "said"):
        return
    code = server.process.poll() if server.process else None
    state = "running" if code is None else f"exited with {code}"
    report.sections.append((f"sise serve ({state}), the end of its stderr", server.said() or "(nothing)"))
    if code is None and not getattr(server, "threads_shown", False):
        server.threads_shown = True  # once a server: a stuck one fails every test after
        report.sections.append(("sise serve's threads", threads_of(server.process.pid)))


def threads_of(pid, limit=30000):
    """Every thread's stack of a running process (gdb's), to tell a stuck server's waits."""
    import shutil
    import subprocess
    gdb = shutil.which("gdb")
    if not gdb:
        return "(no gdb to read the threads with)"
    try:
        done = subprocess.run(
            [gdb, "-p", str(pid), "-batch", "-ex", "thread apply all bt 30"],
            capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return "(gdb took over 2 minutes)"
    lines = [line for line in done.stdout.splitlines() if line.startswith(("#", "Thread"))]
    return "\n".join(lines)[:limit]
