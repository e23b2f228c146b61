"""One `afterflow serve` started by a page script: the command run in its own process, its output
kept in a temporary file until it prints the address to open (`Open: URL`), and stopped at the end
of the script even when a check fails (through `steps.on_failure`)."""
import os
import re
import signal
import subprocess
import tempfile
import time

import steps
from steps import check

RUNNING = []


def quiet_env(home=None):
    """What the server sees of the environment: no colour, UTC, a UTF-8 locale, nothing else."""
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home or os.environ.get("HOME", "/tmp"),
            "NO_COLOR": "1", "TZ": "UTC", "LANG": "C.UTF-8"}


class ServeProcess:
    """`BINARY serve --vault VAULT --port PORT EXTRA…`, started and waited for: `url` is the address it
    printed, `port` and `base` (scheme, host and port) are read from it, `token` when it has one.
    `ready` is a further text the output must hold before the address counts (the journal prints
    whether its token is new after the address)."""

    def __init__(self, binary, vault, port=0, extra=(), env=None, ready=None):
        self.out = tempfile.NamedTemporaryFile(prefix="serve-", suffix=".out", delete=False)
        command = [binary, "serve", "--vault", vault, "--port", str(port)] + list(extra)
        self.process = subprocess.Popen(command, stdout=self.out, stderr=subprocess.STDOUT, env=env or quiet_env())
        RUNNING.append(self)
        deadline = time.time() + 60
        while True:
            text = open(self.out.name, encoding="utf-8").read()
            m = re.search(r"^Open: (\S+)$", text, re.M)
            if m and (ready is None or ready in text):
                self.url = m.group(1)
                break
            if self.process.poll() is not None or time.time() > deadline:
                check(False, " ".join(["afterflow serve"] + list(extra)) + " printed its address:\n" + text)
            time.sleep(0.05)
        address = re.match(r"(https?)://127\.0\.0\.1:(\d+)/", self.url)
        check(address is not None, "the address printed is on this machine: " + self.url)
        self.port = int(address.group(2))
        self.base = "%s://127.0.0.1:%d" % (address.group(1), self.port)
        token = re.search(r"token=([0-9a-f]+)", self.url)
        self.token = token.group(1) if token else None

    def stop(self, how=signal.SIGTERM):
        """Stops the server (SIGTERM: it finishes what it writes; SIGKILL: killed mid-work) and
        returns what it printed."""
        RUNNING.remove(self)
        self.process.send_signal(how)
        self.process.wait(timeout=20)
        self.printed = open(self.out.name, encoding="utf-8").read()
        os.unlink(self.out.name)
        return self.printed

    def kill(self):
        return self.stop(signal.SIGKILL)


def stop_all():
    """Every server still running, stopped: at the end of a script and when a check fails."""
    for server in list(RUNNING):
        if server.process.poll() is None:
            server.stop()
        else:
            RUNNING.remove(server)


steps.on_failure.append(stop_all)


def trial_items(vault, path):
    """The list items of a session's `## Trials` section as written (up to the next heading): the
    trial and event lines the server appended."""
    with open(os.path.join(vault, path), encoding="utf-8") as f:
        text = f.read()
    section = text.split("## Trials", 1)[1] if "## Trials" in text else ""
    section = re.split(r"^#{1,2} ", section, flags=re.M)[0]
    return [line for line in section.splitlines() if line.startswith("- ")]
