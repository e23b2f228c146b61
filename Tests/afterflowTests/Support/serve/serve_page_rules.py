"""The phone page's own rules against the library's, in headless Chromium (WebDriver):

- `percent EXPECTED`: the page's percentage and colour for every s of n trials in EXPECTED (a JSON
  list of [s, n, whole percent, colour] made by AfterflowKit's Percent and LiveColor) agree with
  the library's; and a session of 2 successes in 3 trials shows the library's figure and colour;
- `clock-differs`: on a phone in another time zone than the vault's, the vault's clock is shown
  beside the phone's, with the vault's place;
- `clock-same`: on a phone in the vault's time zone, one clock only;
- `interval-clock EXPECTED`: the page's interval clock (observed seconds, less the pauses, and
  back) for each case in EXPECTED (a JSON list of [pauses, seconds, observed, elapsed] made by
  AfterflowKit's ObservedClock) agrees with the library's.

Usage: serve_page_rules.py AFTERFLOW VAULT MODE [EXPECTED] [--screenshot PNG]  (exit 0 when every check holds)."""
import datetime
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from zoneinfo import ZoneInfo

from selenium import webdriver
from selenium.webdriver.common.by import By
import chromium
from steps import check, wait

BINARY, VAULT, MODE = sys.argv[1], sys.argv[2], sys.argv[3]
SCREENSHOT = sys.argv[sys.argv.index("--screenshot") + 1] if "--screenshot" in sys.argv else None
ZONE = re.search(r"^time_zone: (\S+)", open(os.path.join(VAULT, ".afterflow", "config.yml")).read(), re.M).group(1)
OTHER = "Asia/Tokyo" if ZONE != "Asia/Tokyo" else "Europe/London"


out = tempfile.NamedTemporaryFile(prefix="serve-", suffix=".out", delete=False)
env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"), "NO_COLOR": "1", "TZ": "UTC", "LANG": "C.UTF-8"}
server = subprocess.Popen([BINARY, "serve", "--vault", VAULT, "--port", "0"], stdout=out, stderr=subprocess.STDOUT, env=env)
deadline = time.time() + 60
while not re.search(r"^Open: (\S+)$", open(out.name, encoding="utf-8").read(), re.M):
    if server.poll() is not None or time.time() > deadline:
        check(False, "afterflow serve printed its address:\n" + open(out.name, encoding="utf-8").read())
    time.sleep(0.05)
url = re.search(r"^Open: (\S+)$", open(out.name, encoding="utf-8").read(), re.M).group(1)

driver, profile = chromium.phone()
driver.set_page_load_timeout(30)


def start_session():
    driver.get(url)
    wait(lambda: driver.find_element(By.CSS_SELECTOR, '[data-client="maya-t"]'), "the client list").click()
    driver.find_element(By.ID, "start").click()
    wait(lambda: driver.find_element(By.ID, "log").is_displayed(), "the logging screen")


try:
    if MODE == "interval-clock":
        expected = json.load(open(sys.argv[4]))
        driver.get(url)
        wait(lambda: driver.execute_script("return !!window.afterflow"), "the page's script runs")
        wrong = driver.execute_script("""
            const a = window.afterflow, wrong = [];
            for (const [pauses, seconds, observed, elapsed] of arguments[0]) {
              const ms = pauses.map(p => [p[0] * 1000, p[1] * 1000]);
              const o = a.observedIn(seconds * 1000, ms), e = a.elapsedIn(seconds * 1000, ms);
              if (o !== observed * 1000 || e !== elapsed * 1000) wrong.push([pauses, seconds, o / 1000, e / 1000, observed, elapsed]);
            }
            return wrong;""", expected)
        check(wrong == [], "the page's interval clock agrees with the library's for all %d cases (disagreeing: %s)" % (len(expected), wrong[:5]))
    elif MODE == "percent":
        expected = json.load(open(sys.argv[4]))
        driver.get(url)
        wait(lambda: driver.execute_script("return !!window.afterflow"), "the page's script runs")
        wrong = driver.execute_script("""
            const a = window.afterflow, wrong = [];
            for (const [s, n, whole, colour] of arguments[0]) {
              if (a.percent(s, n) !== whole || a.colour(s, n) !== colour) wrong.push([s, n, a.percent(s, n), a.colour(s, n), whole, colour]);
            }
            return wrong;""", expected)
        check(wrong == [], "the page's percentage and colour agree with the library's for all %d cases (disagreeing: %s)" % (len(expected), wrong[:5]))
        start_session()
        for button in ["Success", "Success", "Failure"]:
            driver.find_element(By.CSS_SELECTOR, '[aria-label="%s"]' % button).click()
        whole, colour = next((w, c) for s, n, w, c in expected if (s, n) == (2, 3))
        shown = {"green": "good", "orange": "mid", "red": "low"}[colour]
        score = wait(lambda: driver.find_element(By.ID, "goal-score").text.startswith("2/3") and driver.find_element(By.ID, "goal-score"), "three trials shown")
        check(score.text == "2/3 · %d%%" % whole and score.get_attribute("class") == shown,
              "2 of 3 on the page: %r, %s; the library: %d %%, %s" % (score.text, score.get_attribute("class"), whole, colour))
    else:
        phone = OTHER if MODE == "clock-differs" else ZONE
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": phone})
        start_session()
        wait(lambda: re.fullmatch(r"\d\d:\d\d", driver.find_element(By.ID, "clock").text), "the phone's clock shown")
        vault_clock = driver.find_element(By.ID, "vault-clock")
        if MODE == "clock-differs":
            moments = [datetime.datetime.now(ZoneInfo(ZONE)) - datetime.timedelta(minutes=m) for m in (0, 1)]
            wanted = ["%02d:%02d %s" % (t.hour, t.minute, ZONE.split("/")[-1].replace("_", " ")) for t in moments]
            shown = wait(lambda: vault_clock.is_displayed() and vault_clock.text, "the vault's clock shown")
            check(shown in wanted, "the phone in %s, the vault in %s: the vault's clock beside the phone's (%r, expected one of %s)" % (phone, ZONE, shown, wanted))
            if SCREENSHOT:
                driver.save_screenshot(SCREENSHOT)
        else:
            # The clock shown is set by the same tick that shows or hides the vault's.
            check(not vault_clock.is_displayed(), "the phone in the vault's time zone (%s): one clock (%r)" % (phone, driver.find_element(By.CSS_SELECTOR, ".meta").text))
    print("all checks passed")
finally:
    driver.quit()
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=30)
    os.unlink(out.name)
