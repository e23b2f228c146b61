"""The phone page in headless Chromium, driven by WebDriver (Debian's chromium-driver, Python's
selenium), against a real `afterflow serve`:

1. log trials by clicking and by swipes (pointer events dispatched on the swipe area), choose
   cues, let the countdown default, switch goals, undo, end; the session file is checked after
   each step, and the summary shown;
2. stop the server, log five trials (the page offline), start it again on the same port (a new
   token), open the new address: all five arrive once, with their original times;
3. the page loads nothing from anywhere but the server (Chromium's own network log), breaks no
   rule of its Content-Security-Policy, and Chromium itself runs with no network.

With --neutral, instead: `serve --neutral` shows no Success or Failure word, flash or colour,
while the controls keep their accessible names.

Usage: serve_browser.py AFTERFLOW VAULT [--screenshot PNG | --neutral]  (exit 0 when every check holds)."""
import datetime
import json
import os
import re
import sys
import time
from zoneinfo import ZoneInfo

from selenium import webdriver
from selenium.webdriver.common.by import By
import chromium
from steps import check, wait
from serve_process import ServeProcess, stop_all, trial_items

BINARY, VAULT = sys.argv[1], sys.argv[2]
SCREENSHOT = sys.argv[sys.argv.index("--screenshot") + 1] if "--screenshot" in sys.argv else None
NEUTRAL = "--neutral" in sys.argv
ZONE = ZoneInfo(re.search(r"^time_zone: (\S+)", open(os.path.join(VAULT, ".afterflow", "config.yml")).read(), re.M).group(1))
TRIAL = re.compile(r"^- (\d\d:\d\d:\d\d) (\S+) ([+-]) (\S+)(?:  (.*))?$")


def Server(port=0, extra=()):
    return ServeProcess(BINARY, VAULT, port, extra)


def trials(path):
    return [TRIAL.match(line).groups()[:4] for line in trial_items(VAULT, path) if TRIAL.match(line)]


driver, profile = chromium.phone(("performance", "browser"))
driver.set_page_load_timeout(30)
requested = []


def collect_requests():
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            requested.append((message["params"]["request"]["url"], message["params"].get("documentURL", "")))


def named(name):
    return driver.find_element(By.CSS_SELECTOR, '[aria-label="%s"]' % name)


def queue():
    return driver.execute_script("return window.afterflow.queue().length")


def swipe(dx, dy):
    driver.execute_script("""
        const pad = document.getElementById('pad'), r = pad.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const opts = (cx, cy) => ({bubbles: true, cancelable: true, pointerId: 7, pointerType: 'touch', isPrimary: true, clientX: cx, clientY: cy});
        pad.dispatchEvent(new PointerEvent('pointerdown', opts(x, y)));
        pad.dispatchEvent(new PointerEvent('pointermove', opts(x + arguments[0] / 2, y + arguments[1] / 2)));
        pad.dispatchEvent(new PointerEvent('pointerup', opts(x + arguments[0], y + arguments[1])));
    """, dx, dy)


def picker_open():
    return driver.find_element(By.ID, "picker").is_displayed()


def neutral():
    server = Server(extra=["--neutral"])
    driver.get(server.url)
    wait(lambda: driver.find_element(By.CSS_SELECTOR, '[data-client="maya-t"]'), "the client list").click()
    driver.find_element(By.ID, "start").click()
    wait(lambda: driver.find_element(By.ID, "log").is_displayed(), "the logging screen")
    path = driver.execute_script("return window.afterflow.session().path")
    named("Success").click()
    check(driver.find_element(By.ID, "flash").text == "+1 ▲", "the flash is +1 ▲, no word")
    visible = driver.find_element(By.TAG_NAME, "body").text
    check("Success" not in visible and "Failure" not in visible, "no Success or Failure word shown")
    named("Independent").click()
    wait(lambda: queue() == 0 and len(trials(path)) == 1, "the trial on disk")
    colour = lambda id: driver.execute_script("return getComputedStyle(document.getElementById(arguments[0])).color", id)
    text = driver.execute_script("return getComputedStyle(document.body).color")
    check(driver.find_element(By.ID, "goal-score").text == "1/1 · 100%", "the score")
    check(colour("goal-score") == text and colour("success") == text and colour("failure") == text,
          "the score and the buttons in the text's colour, no green or red (%s, %s, %s; text %s)" % (colour("goal-score"), colour("success"), colour("failure"), text))
    named("Failure").click()
    check(driver.find_element(By.ID, "flash").text == "+1 ▼", "a failure flashes +1 ▼")
    wait(lambda: queue() == 0 and len(trials(path)) == 2, "the failure on disk")
    check([t[2] for t in trials(path)] == ["+", "-"], "the file says + and - as always")
    check(named("Success").get_attribute("aria-label") == "Success", "the accessible names stay, for a screen reader in the clinician's ear")
    server.stop()
    print("all checks passed")


try:
    if NEUTRAL:
        neutral()
        sys.exit(0)
    server = Server()
    driver.get_log("performance")  # Chromium's own start-up (its new-tab page): not the page's
    driver.get(server.url)
    # 1. Pick a client and start.
    wait(lambda: driver.find_element(By.CSS_SELECTOR, '[data-client="maya-t"]'), "the client list shows Maya T.").click()
    check(driver.find_element(By.CSS_SELECTOR, '[data-client="maya-t"]').text.startswith("Maya T."), "the badge is first name and last initial")
    check("Thompson" not in driver.page_source, "no full name on the page")
    driver.find_element(By.ID, "start").click()
    wait(lambda: driver.find_element(By.ID, "log").is_displayed(), "the logging screen")
    path = driver.execute_script("return window.afterflow.session().path")
    check(path.startswith("clients/maya-t/sessions/"), "a session file: " + path)
    for name in ["Success", "Failure", "Undo", "End session", "Previous goal", "Next goal"]:
        check(named(name).is_displayed(), "a control named %r" % name)
    check(driver.find_element(By.ID, "goal-title").text == "Produce /s/ in word-initial position", "the first goal shown")
    check(wait(lambda: re.fullmatch(r"\d\d:\d\d", driver.find_element(By.ID, "timer").text), "the timer runs"), "the session timer shows MM:SS")

    # Click Success, choose Minimal on the circular picker.
    named("Success").click()
    check(picker_open(), "the cue picker opens after a trial")
    check(driver.find_element(By.ID, "flash").text == "+1 Success", "the flash says +1 Success")
    for level in ["Independent", "Minimal", "Moderate", "Maximal"]:
        check(named(level).is_displayed(), "the cue %s is offered by name" % level)
    check(driver.find_element(By.CSS_SELECTOR, "#ring button.default").get_attribute("aria-label") == "Independent", "the goal's cue is the marked default")
    check(driver.find_element(By.ID, "count-n").text in ("3", "2"), "a visible countdown from 3")
    named("Minimal").click()
    wait(lambda: queue() == 0 and trials(path) == [trials(path)[0]] and trials(path)[0][1:] == ("s-initial", "+", "minimal"), "the trial on disk with the cue chosen")
    check(True, "click Success, cue Minimal: on disk")

    # Click Failure and let the countdown run out: the goal's default cue.
    named("Failure").click()
    seen = set()
    deadline = time.time() + 5
    while picker_open() and time.time() < deadline:
        seen.add(driver.find_element(By.ID, "count-n").text)
        time.sleep(0.1)
    check(not picker_open(), "the picker closes by itself after 3 seconds")
    check({"3", "2", "1"} <= seen, "the countdown showed 3, 2, 1 (%s)" % sorted(seen))
    wait(lambda: queue() == 0 and len(trials(path)) == 2, "the failure on disk")
    check(trials(path)[1][1:] == ("s-initial", "-", "independent"), "the countdown's default: independent")

    # A swipe up: a success; choose Moderate.
    swipe(0, -60)
    check(picker_open() and driver.find_element(By.ID, "flash").text == "+1 Success", "a swipe up is a success")
    named("Moderate").click()
    wait(lambda: queue() == 0 and len(trials(path)) == 3 and trials(path)[2][1:] == ("s-initial", "+", "moderate"), "swipe up on disk, cue moderate")
    check(True, "swipe up, cue Moderate: on disk")
    score = driver.find_element(By.ID, "goal-score")
    check(score.text == "2/3 · 66%" and score.get_attribute("class") == "mid", "2 of 3 is 66%% (rounded down, as everywhere), orange (%s, %s)" % (score.text, score.get_attribute("class")))

    # A short movement is no swipe.
    swipe(0, -20)
    time.sleep(0.3)
    check(not picker_open() and len(trials(path)) == 3, "a 20 px movement logs nothing (the threshold is 25 px)")

    # Swipe left: the next goal; swipe down: a failure, the countdown defaults to its cue (minimal).
    swipe(-80, 5)
    check(driver.find_element(By.ID, "goal-title").text == "Follow two-step directions", "a swipe left: the next goal")
    dots = driver.find_elements(By.CSS_SELECTOR, "#dots span")
    check(len(dots) == 2 and dots[1].get_attribute("class") == "on", "one dot per goal, the current one marked")
    swipe(3, 70)
    check(driver.find_element(By.ID, "flash").text == "+1 Failure", "a swipe down is a failure")
    wait(lambda: not picker_open(), "the countdown ends", timeout=6)
    wait(lambda: queue() == 0 and len(trials(path)) == 4, "swipe down on disk")
    check(trials(path)[3][1:] == ("two-step", "-", "minimal"), "the two-step goal's own default cue: minimal")
    score = driver.find_element(By.ID, "goal-score")
    check(score.text == "0/1 · 0%" and score.get_attribute("class") == "low", "0 of 1 is red")

    # Buttons for the goals; swipe right.
    named("Next goal").click()
    check(driver.find_element(By.ID, "goal-title").text == "Produce /s/ in word-initial position", "Next goal wraps to the first")
    named("Previous goal").click()
    check(driver.find_element(By.ID, "goal-title").text == "Follow two-step directions", "Previous goal")
    swipe(80, 0)
    check(driver.find_element(By.ID, "goal-title").text == "Produce /s/ in word-initial position", "a swipe right: the previous goal")

    # A success, then undo: it is gone from the file.
    named("Success").click()
    named("Independent").click()
    wait(lambda: queue() == 0 and len(trials(path)) == 5, "the fifth trial on disk")
    score = driver.find_element(By.ID, "goal-score")
    check(score.text == "3/4 · 75%" and score.get_attribute("class") == "good", "3 of 4 is 75%, green")
    named("Undo").click()
    wait(lambda: queue() == 0 and len(trials(path)) == 4, "undo removes the last trial from the file")
    check([t[1:] for t in trials(path)] == [("s-initial", "+", "minimal"), ("s-initial", "-", "independent"), ("s-initial", "+", "moderate"), ("two-step", "-", "minimal")], "the file holds the four trials, in order")
    if SCREENSHOT:
        named("Success").click()
        named("Minimal").click()
        swipe(0, -60)
        time.sleep(0.6)
        driver.save_screenshot(SCREENSHOT)
        wait(lambda: not picker_open(), "the picker closes", timeout=6)
        named("Undo").click()
        named("Undo").click()
        wait(lambda: queue() == 0 and len(trials(path)) == 4, "the screenshot's trials undone")

    # End: the summary.
    named("End session").click()
    named("Confirm end").click()
    wait(lambda: driver.find_element(By.ID, "done").is_displayed() and "4 trials" in driver.find_element(By.ID, "sum-body").text, "the summary after the end")
    check("50%" in driver.find_element(By.ID, "sum-body").text, "the summary: 2 of 4, 50%")
    with open(os.path.join(VAULT, path), encoding="utf-8") as f:
        check(re.search(r"^end: \S+", f.read(), re.M), "the file has its end")
    collect_requests()

    # 2. Offline: a new session, one trial online, then the server stops.
    driver.find_element(By.ID, "again").click()
    wait(lambda: driver.find_element(By.CSS_SELECTOR, '[data-client="maya-t"]'), "the client list again").click()
    driver.find_element(By.ID, "start").click()
    wait(lambda: driver.find_element(By.ID, "log").is_displayed(), "a second session")
    second = driver.execute_script("return window.afterflow.session().path")
    check(second != path, "a second session file: " + second)
    named("Success").click()
    wait(lambda: queue() == 0 and len(trials(second)) == 1, "one trial online")
    port = server.port
    server.stop()
    for success, cue in [(True, None), (False, "Maximal"), (True, None), (False, None), (True, "Moderate")]:
        named("Success" if success else "Failure").click()
        if cue:
            named(cue).click()
        else:
            time.sleep(0.3)
    queued = driver.execute_script("return window.afterflow.queue()")
    ops = [dict(o) for o in queued if o["kind"] == "trial"]
    check(len(ops) == 5, "five trials wait in the page's queue")
    for o in queued:
        if o["kind"] == "cue":  # chosen while the trial was on its way: sent after it
            next(t for t in ops if t["id"] == o["id"])["cue"] = o["cue"]
    stored = json.loads(driver.execute_script("return localStorage.getItem('afterflow.queue')"))
    check(stored == queued, "kept in the browser's storage (localStorage)")
    pending = driver.find_elements(By.CSS_SELECTOR, '#recent li[data-state="pending"]')
    check(len(pending) == 3 and driver.find_element(By.ID, "sync").text == "%d pending" % len(queued), "shown as pending until acknowledged")
    check(len(trials(second)) == 1, "nothing reached the file while the server was away")
    time.sleep(2)  # the page retries meanwhile

    # The server again, same port, a new token: the old page is refused and says what to do.
    server = Server(port)
    check(server.port == port, "the same port")
    wait(lambda: "open the new address" in driver.find_element(By.ID, "banner").text, "the page with the old token says to open the new address", timeout=10)
    check(len(trials(second)) == 1, "the old token wrote nothing")
    driver.get(server.url)
    wait(lambda: queue() == 0 and len(trials(second)) == 6, "the five arrive once the page has the new token", timeout=20)
    rows = trials(second)[1:]
    expected = []
    for op in ops:
        local = datetime.datetime.fromtimestamp(op["time"] / 1000, ZONE).strftime("%H:%M:%S")
        expected.append((local, "s-initial", "+" if op["success"] else "-", op["cue"]))
    check(rows == expected, "all five, once, with their original times and cues: %s" % rows)
    check([r[3] for r in rows] == ["independent", "maximal", "independent", "independent", "moderate"], "the cues chosen offline kept")
    check(driver.find_element(By.ID, "sync").text == "saved", "no longer pending")
    # The same five sent again (an answer lost on the way): not written twice.
    token = re.search(r"token=([0-9a-f]+)", server.url).group(1)
    for op in [o for o in queued if o["kind"] == "trial"]:
        body = dict(op)
        del body["kind"]
        answer = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch('/api/trial', {method: 'POST', headers: {'Authorization': 'Bearer ' + arguments[1], 'Content-Type': 'application/json'}, body: JSON.stringify(arguments[0])})
              .then(r => r.json()).then(done, e => done({error: String(e)}));
        """, body, token)
        check(answer.get("duplicate") is True, "trial %s sent again: a duplicate" % op["id"][:8])
    check(len(trials(second)) == 6, "still six trials")
    collect_requests()

    # 3. Nothing from elsewhere.
    # The page's own requests all go to the server; nothing at all (Chromium's own pages
    # included, whose chrome:// files are built in) goes to any other address.
    base = server.base + "/"
    own = [u for u, document in requested if document.startswith(base)]
    outside = [u for u in own if not u.startswith(base)]
    check(len(own) > 20 and not outside, "every request the page made went to the server (%d requests); elsewhere: %s" % (len(own), outside))
    network = [u for u, _ in requested if not u.startswith((base, "data:", "chrome://", "chrome-untrusted://", "about:"))]
    check(not network, "Chromium asked for nothing on the network: %s" % network)
    problems = [e["message"] for e in driver.get_log("browser") if "Content Security Policy" in e["message"] or "Refused" in e["message"]]
    check(not problems, "no Content-Security-Policy violation: %s" % problems)
    server.stop()
    print("all checks passed")
finally:
    driver.quit()
    stop_all()
