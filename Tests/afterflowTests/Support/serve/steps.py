"""The page scripts' two steps, one copy for all: `check` prints "ok: …" or "FAILED: …" and ends
the script at the first check that fails (exit 1), and `wait` retries a condition that may raise
while the page is still being drawn, then fails as `check` does. A script that keeps pictures or
starts servers adds what to do before that exit to `on_failure`."""
import sys
import time

on_failure = []


def check(condition, message):
    if not condition:
        print("FAILED:", message)
        for hook in on_failure:
            try:
                hook()
            except Exception as error:  # the failure is the check's; a hook's own is only noted
                print("(while failing: %r)" % error)
        sys.exit(1)
    print("ok:", message)


def wait(condition, message, timeout=20):
    """The condition's first true value, tried every 50 ms for `timeout` seconds."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            value = condition()
            if value:
                return value
        except Exception:
            pass
        time.sleep(0.05)
    check(False, message)
