"""The phone page's behaviour goals in headless Chromium at 390x844, driven by WebDriver against a
real `afterflow serve`, through a session of Sam R. (ExampleVault: hitting, a count; tantrum, a
duration; on-task, 10-second partial intervals; incidents, ABC) with two goals added to the copy
of the vault for the test (name-response, a latency; handwash, a task of three steps):

1. online: counts (one undone), a tantrum started and left running (its clock runs on the page),
   a latency cue and its response, interval 1 prompted at its end and scored, an ABC incident
   picked, a task run of three steps; each line on disk before the next step;
2. the server killed with SIGKILL midway; offline, more counts, the tantrum stopped, interval 2
   scored when prompted, an incident with a typed behaviour: kept in the page's queue, nothing
   written; the server started again on the same port, the page opened at its new address: every
   event saved once, with its original time;
3. each event sent again (an answer lost): acknowledged as a duplicate, not written twice;
4. the session file's `## Trials`, compared line by line with the lines worked out here from what
   was pressed and when (not from the server's answers).

Usage: serve_measures.py AFTERFLOW VAULT [--screenshot PNG]  (exit 0 when every check holds)."""
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
ZONE = ZoneInfo(re.search(r"^time_zone: (\S+)", open(os.path.join(VAULT, ".afterflow", "config.yml")).read(), re.M).group(1))
SAM = "E2AE4ED1-45B4-51AF-ADA2-E883C6FD3003"


def goal_file(short, title, lines, ident):
    text = "---\ntype: goal\nid: %s\nclient: %s\ntitle: %s\ncategory: behavior\n%s\nphase: active\nstarted: 2025-03-03\n---\n\n## Definition\n\n%s.\n" % (
        ident, SAM, title, "\n".join(lines), title)
    with open(os.path.join(VAULT, "clients", "sam-r", "goals", short + ".md"), "w", encoding="utf-8") as f:
        f.write(text)


goal_file("name-response", "Responds to his name", ["measure: latency"], "5B0E3C2A-1111-4C7D-9E21-0A6B3C4D5E01")
goal_file("handwash", "Washes his hands", ["measure: task", "steps: [wet hands, soap, rinse]", "chaining: forward"], "5B0E3C2A-2222-4C7D-9E21-0A6B3C4D5E02")


def Server(port=0):
    return ServeProcess(BINARY, VAULT, port)


def lines(path):
    return trial_items(VAULT, path)


driver, profile = chromium.phone(("browser",))
driver.set_page_load_timeout(30)


def queue():
    return driver.execute_script("return window.afterflow.queue().length")


def card(goal):
    return driver.find_element(By.CSS_SELECTOR, '#behaviours [data-goal="%s"]' % goal)


def press(goal, act):
    button = card(goal).find_element(By.CSS_SELECTOR, '[data-act="%s"]' % act)
    check(button.is_displayed() and button.get_attribute("aria-label"), "%s's %s button is shown, named %r" % (goal, act, button.get_attribute("aria-label")))
    button.click()


def figure(goal):
    return card(goal).find_element(By.CSS_SELECTOR, ".fig").text


def choose(name):
    wait(lambda: driver.find_element(By.CSS_SELECTOR, '#sheet [data-choice="%s"]' % name), "the choice %s is offered" % name).click()


def hms(ms):
    return datetime.datetime.fromtimestamp(ms / 1000, ZONE).strftime("%H:%M:%S")


# What was pressed, in order: (goal, words, cue or None, the page's time in ms), and the lines
# they are to be, worked out here from the measure's words (docs/FORMAT.md, Behaviour measures).
pressed = []


def expected_lines():
    out, intervals = [], {}
    for goal, words, cue, ms in pressed:
        if goal == "hitting":
            what = "count"
        elif goal == "on-task":
            # Numbered on from the last, or the number given first (a skip), which is marked.
            before = intervals.get(goal, 0)
            n = int(words[0]) if len(words) > 1 else before + 1
            intervals[goal] = n
            what = "interval %d %s" % (n, words[-1])
            if n == before + 2:
                what += "  interval %d not observed" % (before + 1)
            elif n > before + 2:
                what += "  intervals %d-%d not observed" % (before + 1, n - 1)
        elif goal == "incidents":
            what = "abc " + " ".join(words)
        elif goal == "handwash":
            what = "step %s %s" % (words[0], "n/a" if words[1] == "n/a" else words[1] + " " + (cue or "independent"))
        else:
            what = words[0]
        out.append("- %s %s %s" % (hms(ms), goal, what))
    return out


def last_item():
    """The page's newest logged item: its goal, words, cue and time (ms)."""
    item = driver.execute_script("const t = window.afterflow.session().trials; return t[t.length - 1]")
    return item


def record():
    item = last_item()
    pressed.append((item["goal"], item["words"], item.get("cue"), item["time"]))
    return item


server = None
try:
    server = Server()
    driver.get(server.url)
    wait(lambda: driver.find_element(By.CSS_SELECTOR, '[data-client="sam-r"]'), "the client list shows Sam R.").click()
    driver.find_element(By.ID, "start").click()
    wait(lambda: driver.find_element(By.ID, "log").is_displayed(), "the logging screen")
    session = driver.execute_script("return window.afterflow.session()")
    path, started = session["path"], session["started"]
    check(path.startswith("clients/sam-r/sessions/"), "a session file: " + path)
    check(not driver.find_element(By.ID, "trial-part").is_displayed(), "no trial buttons: Sam R. has no goal of discrete trials")
    cards = driver.find_elements(By.CSS_SELECTOR, "#behaviours .card")
    check(sorted(c.get_attribute("data-goal") for c in cards) == ["handwash", "hitting", "incidents", "name-response", "on-task", "tantrum"],
          "a card for each of his six behaviour goals")
    unnamed = driver.execute_script("return [...document.querySelectorAll('button, input')].filter(e => e.offsetParent && !(e.getAttribute('aria-label') || e.textContent.trim())).length")
    check(unnamed == 0, "every control shown has a name")

    # 1. Online. Two counts and a third undone.
    for _ in range(3):
        press("hitting", "count")
        record()
    wait(lambda: queue() == 0 and len(lines(path)) == 3, "three counts on disk")
    driver.find_element(By.CSS_SELECTOR, '[aria-label="Undo"]').click()
    pressed.pop()
    wait(lambda: queue() == 0 and len(lines(path)) == 2, "undo removes the last count from the file")
    check(figure("hitting") == "2 times this session", "the card counts 2 (%s)" % figure("hitting"))

    # A tantrum starts and runs: its clock counts on the page.
    press("tantrum", "toggle")
    record()
    wait(lambda: queue() == 0 and lines(path)[-1].endswith(" tantrum start"), "the tantrum's start on disk")
    toggle = card("tantrum").find_element(By.CSS_SELECTOR, '[data-act="toggle"]')
    check(toggle.text == "Stop" and toggle.get_attribute("aria-pressed") == "true", "the button now stops it, and is shown pressed")
    first = figure("tantrum")
    check(first.startswith("running 0:0"), "a running clock: " + first)
    wait(lambda: figure("tantrum") != first, "the running clock moves on", timeout=5)

    # A latency: the cue, then the response.
    press("name-response", "cue")
    record()
    wait(lambda: card("name-response").find_element(By.CSS_SELECTOR, '[data-act="response"]').is_displayed(), "after the cue: Response and None")
    check(figure("name-response").startswith("waiting 0:0"), "the latency's clock runs: " + figure("name-response"))
    time.sleep(1.2)
    press("name-response", "response")
    record()
    wait(lambda: queue() == 0 and lines(path)[-1].endswith(" name-response response"), "the response on disk")

    # Interval 1 (10 s from the session's start) is prompted at its end; + scores it.
    wait(lambda: "due" in card("on-task").get_attribute("class"), "interval 1 is prompted when it ends", timeout=20)
    check(figure("on-task").startswith("interval 1 ended"), "the card says so: " + figure("on-task"))
    press("on-task", "plus")
    item = record()
    check(item["time"] == started + 10_000, "an interval scored after its end takes its end's time (the start + 10 s)")
    wait(lambda: queue() == 0 and lines(path)[-1].endswith(" on-task interval 1 +"), "interval 1 on disk")
    check(lines(path)[-1].split()[1] == hms(started + 10_000), "written at the interval's end, %s" % hms(started + 10_000))

    # An incident: antecedent, behaviour, consequence; written at the time the picker opened.
    press("incidents", "incident")
    check(driver.find_element(By.ID, "sheet-title").text == "Antecedent?", "the picker asks for the antecedent")
    choose("demand")
    check(driver.find_element(By.ID, "sheet-title").text == "Behaviour?", "then the behaviour")
    check(driver.find_element(By.CSS_SELECTOR, '#sheet [data-choice="hitting"]').is_displayed(), "the count and duration goals offered as behaviours")
    choose("hitting")
    choose("escape")
    record()
    check(not driver.find_element(By.ID, "sheet").is_displayed(), "the picker closes when the consequence is chosen")
    wait(lambda: queue() == 0 and lines(path)[-1].endswith(" incidents abc demand hitting escape"), "the incident on disk")

    # A task run: step 1 at minimal, step 2 not applicable, step 3 independent.
    press("handwash", "run")
    check(driver.find_element(By.ID, "sheet-title").text == "Step 1 of 3", "the step list opens at step 1")
    choose("minimal")
    record()
    choose("n/a")
    record()
    choose("independent")
    record()
    check(not driver.find_element(By.ID, "sheet").is_displayed(), "the step list closes after the last step")
    wait(lambda: queue() == 0 and len(lines(path)) == 10, "the run's three steps on disk")
    check(lines(path) == expected_lines(), "online: the file line by line as pressed:\n%s" % "\n".join(lines(path)))
    if SCREENSHOT:
        press("hitting", "count")
        time.sleep(0.3)
        driver.save_screenshot(SCREENSHOT)
        driver.find_element(By.CSS_SELECTOR, '[aria-label="Undo"]').click()
        wait(lambda: queue() == 0 and len(lines(path)) == 10, "the screenshot's count undone")

    # 2. The server killed midway (the tantrum still running); the page goes on offline.
    port = server.port
    online = lines(path)
    server.kill()
    for _ in range(2):
        press("hitting", "count")
        record()
    press("tantrum", "toggle")
    record()
    # Interval 2 has ended by now, or ends soon: prompted (with any after it that ended too).
    wait(lambda: "due" in card("on-task").get_attribute("class") and re.match(r"intervals? 2(–\d+)? ended", figure("on-task")), "interval 2 is prompted offline", timeout=20)
    minus = card("on-task").find_element(By.CSS_SELECTOR, '[data-act="minus"]')
    check(minus.get_attribute("aria-label") == "Interval 2 not scored: On task during table work", "the button names the interval it scores")
    press("on-task", "minus")
    item = record()
    check(item["time"] == started + 20_000, "interval 2 scored at its end (the start + 20 s)")
    press("incidents", "incident")
    choose("transition")
    driver.find_element(By.CSS_SELECTOR, '[aria-label="Another behaviour"]').send_keys("spitting")
    driver.find_element(By.CSS_SELECTOR, '[aria-label="Use this behaviour"]').click()
    choose("ignored")
    record()
    time.sleep(1.5)  # the page tries the server meanwhile
    check(queue() == 5, "five events wait in the page's queue (%d)" % queue())
    stored = json.loads(driver.execute_script("return localStorage.getItem('afterflow.queue')"))
    check(len(stored) == 5 and all(o["kind"] == "event" for o in stored), "kept in the browser's storage")
    check(lines(path) == online, "nothing reached the file while the server was down")
    check(figure("hitting") == "4 times this session", "the card counts the pending ones: " + figure("hitting"))
    check(not card("tantrum").find_element(By.CSS_SELECTOR, '[data-act="toggle"]').get_attribute("aria-pressed") == "true", "the tantrum shown stopped")
    sent = [dict(o) for o in stored]

    # The server again on the same port, a new token: the page at the new address sends them once.
    server = Server(port)
    check(server.port == port, "the same port")
    driver.get(server.url)
    wait(lambda: queue() == 0 and len(lines(path)) == 15, "the five arrive once the page has the new token", timeout=20)
    check(lines(path) == expected_lines(), "after the restart: the file line by line as pressed, offline ones at their own times:\n%s" % "\n".join(lines(path)))
    check(driver.find_element(By.ID, "sync").text == "saved", "no longer pending")

    # 3. The same five sent again: duplicates.
    for op in sent:
        body = dict(op)
        del body["kind"]
        answer = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch('/api/event', {method: 'POST', headers: {'Authorization': 'Bearer ' + arguments[1], 'Content-Type': 'application/json'}, body: JSON.stringify(arguments[0])})
              .then(r => r.json()).then(done, e => done({error: String(e)}));
        """, body, server.token)
        check(answer.get("duplicate") is True, "event %s sent again: a duplicate" % op["id"][:8])
    check(lines(path) == expected_lines(), "still each line once")

    # The page opened again once intervals 3 and 4 have ended unscored (the phone's browser was
    # closed meanwhile): they are skipped and marked, not asked for one by one.
    time.sleep(max(0, (started + 41_000) / 1000 - time.time()))
    driver.refresh()
    wait(lambda: driver.find_element(By.ID, "log").is_displayed(), "the logging screen again")
    shown = wait(lambda: re.search(r"^interval (\d+) · .* · 3–(\d+) not observed$", figure("on-task")), "the card says which intervals were not observed: " + figure("on-task"))
    n = int(shown.group(1))
    check(n >= 5 and int(shown.group(2)) == n - 1, "the next asked for is the one running when the page opened: %d" % n)
    wait(lambda: "due" in card("on-task").get_attribute("class"), "interval %d is prompted when it ends" % n, timeout=20)
    press("on-task", "plus")
    item = record()
    check(item["words"] == [str(n), "+"], "sent with its number: %s" % item["words"])
    wait(lambda: queue() == 0 and len(lines(path)) == 16, "the interval on disk")
    check(lines(path)[-1].endswith(" on-task interval %d +  intervals 3-%d not observed" % (n, n - 1)), "marked in the file: " + lines(path)[-1])
    check(lines(path) == expected_lines(), "the file line by line as pressed")

    # 4. The end: the summary has each goal's sentence; the file passes check.
    driver.find_element(By.CSS_SELECTOR, '[aria-label="End session"]').click()
    driver.find_element(By.CSS_SELECTOR, '[aria-label="Confirm end"]').click()
    wait(lambda: driver.find_element(By.ID, "done").is_displayed() and driver.find_elements(By.CSS_SELECTOR, "#sum-behaviour li"), "the summary after the end")
    summary = driver.find_element(By.ID, "sum-behaviour").text
    check("occurred 4 times" in summary, "the summary: hitting occurred 4 times\n" + summary)
    check("scored in 2 of 3 intervals" in summary, "the summary: on task in 2 of the 3 intervals observed")
    problems = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE" and "Failed to load resource" not in e["message"]]
    check(not problems, "no error in the page's console: %s" % problems)
    server.stop()
    print("all checks passed")
finally:
    driver.quit()
    # A check that failed leaves no server behind.
    stop_all()
