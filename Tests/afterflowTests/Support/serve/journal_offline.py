"""The journal page's service worker in a browser: `afterflow serve --journal` over HTTPS (the
server registers its worker only there), the page loaded twice so that the worker keeps it, the
server stopped, the page reloaded: it opens from the worker's cache, a check-in made then waits on
the phone, and once the server is back (same port and certificate, a new token) and its new
address is opened, the check-in is saved once, dated when it was typed.

Chromium trusts the test's own certificate by its public key (--ignore-certificate-errors-spki-list),
which makes the origin secure as a real certificate would: a worker is refused on an origin whose
certificate has errors.

Usage: journal_offline.py AFTERFLOW VAULT CERT KEY [--shots DIR]  (exit 0 when every check holds)."""
import base64
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import time

from selenium.webdriver.common.by import By
import chromium
import steps
from steps import check, wait
from serve_process import ServeProcess, stop_all

BINARY, VAULT, CERT, KEY = sys.argv[1:5]
SHOTS = sys.argv[sys.argv.index("--shots") + 1] if "--shots" in sys.argv else None
if SHOTS:
    steps.on_failure.append(lambda: "driver" in globals() and driver.save_screenshot(os.path.join(SHOTS, "journal-offline-failed.png")))
HOME = tempfile.mkdtemp(prefix="afterflow-home-")
ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": HOME, "NO_COLOR": "1", "TZ": "UTC", "LANG": "C.UTF-8"}



def Server(port=0):
    server = ServeProcess(BINARY, VAULT, port, ["--journal", "--tls-cert", CERT, "--tls-key", KEY], env=ENV, ready="The token is new")
    check(re.match(r"https://127\.0\.0\.1:\d+/journal\?token=[0-9a-f]+$", server.url) is not None, "the journal's address is HTTPS: " + server.url)
    return server


def spki_hash(cert):
    """base64 of SHA-256 of the certificate's public key (its DER SubjectPublicKeyInfo)."""
    pem = subprocess.run(["openssl", "x509", "-in", cert, "-pubkey", "-noout"], capture_output=True, check=True, timeout=30).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=pem, capture_output=True, check=True, timeout=30).stdout
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


def moods():
    found = set()
    for root, _, names in os.walk(os.path.join(VAULT, "moods")):
        found |= {os.path.relpath(os.path.join(root, n), VAULT) for n in names if n.endswith(".md")}
    return found


def cached():
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        caches.keys().then(keys => Promise.all(keys.map(k => caches.open(k).then(c => c.match('/journal')))))
          .then(found => done(found.some(r => !!r))).catch(() => done(false));
    """)


driver, profile = chromium.phone(flags=["--ignore-certificate-errors-spki-list=" + spki_hash(CERT)])
driver.set_page_load_timeout(60)
try:
    server = Server()
    driver.get(server.url)
    wait(lambda: driver.execute_script("return window.journal.idle()"), "the page drawn online")
    # The first load registers the worker; it takes the page (clients.claim), and the next load of
    # /journal goes through it and is kept.
    wait(lambda: driver.execute_script("return !!navigator.serviceWorker.controller"), "the service worker controls the page", timeout=30)
    driver.refresh()
    wait(lambda: driver.execute_script("return window.journal.idle()"), "the page drawn again online")
    wait(cached, "the worker has kept /journal in its cache")

    port = server.port
    server.stop()
    # Nothing answers on the port now: the page can only come from the worker.
    driver.refresh()
    wait(lambda: driver.find_element(By.ID, "checkin-h").is_displayed(), "the page opens with the server stopped")
    wait(lambda: driver.execute_script("return window.journal.idle()"), "and is drawn from what the phone kept")
    check(driver.title == "Afterflow", "the same calm title offline: %r" % driver.title)
    if SHOTS:
        driver.save_screenshot(os.path.join(SHOTS, "journal-offline-open.png"))

    before = moods()
    score = driver.find_element(By.CSS_SELECTOR, '[data-score="6"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", score)
    score.click()
    driver.find_element(By.ID, "mood-notes").send_keys("Typed with the server away.")
    save = driver.find_element(By.ID, "mood-save")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", save)
    save.click()
    wait(lambda: driver.execute_script("return window.journal.queue().length") == 1, "the check-in waits on the phone")
    typed = driver.execute_script("return window.journal.queue()[0].body.time")
    check(moods() == before, "nothing written while the server is away")

    time.sleep(1.1)  # the saved file's date must be the typed time, not the time of sending
    server = Server(port)
    driver.get(server.url)
    wait(lambda: driver.execute_script("return window.journal.queue().length") == 0, "the waiting check-in is sent once the server is back", timeout=30)
    made = moods() - before
    check(len(made) == 1, "saved once: %s" % sorted(made))
    path = made.pop()
    text = open(os.path.join(VAULT, path), encoding="utf-8").read()
    check("Typed with the server away." in text and "\nscore: 6\n" in text, "the check-in as typed: %s" % path)
    import datetime
    date = datetime.datetime.fromisoformat(re.search(r"^date: (.*)$", text, re.M).group(1))
    check(int(date.timestamp()) == typed // 1000, "dated when it was typed (%s, typed %d)" % (date, typed))
    # Reloaded again online: nothing more is sent or written.
    driver.refresh()
    wait(lambda: driver.execute_script("return window.journal.idle()"), "the page drawn online once more")
    time.sleep(1)
    check(len(moods() - before) == 1, "still one file after another load")
    print("all checks passed")
except Exception as error:
    # Selenium's own errors (a page load that timed out) say which step failed, as check() does.
    import traceback
    traceback.print_exc()
    check(False, "the step after the last ok: %r" % error)
finally:
    driver.quit()
    stop_all()
