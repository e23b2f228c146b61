"""The phone page's `none` in headless Chromium at 390x844, against a real `afterflow serve` on a
copy of ExampleVault (Sam R.: hitting, a count; tantrum, a duration; on-task, intervals;
incidents, ABC):

1. one hitting count is logged; the end form then lists the count, duration and abc goals with
   no line this session (incidents and tantrum, not hitting, not the interval goal), each a
   labelled checkbox and a large target, none ticked in advance;
2. the server stops; tantrum is ticked and the end confirmed: the none and the end wait in the
   page's queue, nothing is written;
3. the server starts again on the same port and the page opens its new address: the none is
   written once, before the end, with the time it was ticked; incidents has no line at all;
4. the none sent again with its id (an answer lost) is acknowledged as a duplicate and not
   written twice; the summary says tantrum did not occur.

Usage: serve_none.py AFTERFLOW VAULT  (exit 0 when every check holds)."""
import datetime
import os
import re
import sys
import time
from zoneinfo import ZoneInfo

from selenium.webdriver.common.by import By
import chromium
from steps import check, wait
from serve_process import ServeProcess, stop_all, trial_items

BINARY, VAULT = sys.argv[1], sys.argv[2]
ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"), "NO_COLOR": "1", "TZ": "UTC", "LANG": "C.UTF-8"}
ZONE = ZoneInfo(re.search(r"^time_zone: (\S+)", open(os.path.join(VAULT, ".afterflow", "config.yml")).read(), re.M).group(1))


def Server(port=0):
    return ServeProcess(BINARY, VAULT, port, env=ENV)


def read(path):
    with open(os.path.join(VAULT, path), encoding="utf-8") as f:
        return f.read()


def lines(path):
    return trial_items(VAULT, path)


driver, profile = chromium.phone(("browser",))
driver.set_page_load_timeout(30)


def queue():
    return driver.execute_script("return window.afterflow.queue()")


try:
    server = Server()
    driver.get(server.url)
    wait(lambda: driver.find_element(By.CSS_SELECTOR, '[data-client="sam-r"]'), "the client list shows Sam R.").click()
    driver.find_element(By.ID, "start").click()
    wait(lambda: driver.find_element(By.ID, "log").is_displayed(), "the logging screen")
    path = driver.execute_script("return window.afterflow.session().path")

    # 1. One count; then the end form offers the goals with no line.
    driver.find_element(By.CSS_SELECTOR, '#behaviours [data-goal="hitting"] [data-act="count"]').click()
    wait(lambda: not queue() and len(lines(path)) == 1, "the count on disk")
    driver.find_element(By.CSS_SELECTOR, '[aria-label="End session"]').click()
    wait(lambda: driver.find_element(By.ID, "confirm").is_displayed(), "the end form")
    check(driver.find_element(By.ID, "end-none-box").is_displayed(), "the form has its part for goals that did not occur")
    boxes = driver.find_elements(By.CSS_SELECTOR, "#end-none input[type=checkbox]")
    check([b.get_attribute("value") for b in boxes] == ["incidents", "tantrum"],
          "offered: the abc and duration goals with no line, not hitting (a count logged) nor on-task (intervals): %s" % [b.get_attribute("value") for b in boxes])
    check(not any(b.is_selected() for b in boxes), "none ticked in advance")
    names = [b.accessible_name for b in boxes]
    check(names == ["Incidents with their context: none", "Tantrums: none"], "each named by its label: %s" % names)
    sizes = driver.execute_script("return [...document.querySelectorAll('#end-none label')].map(l => { const r = l.getBoundingClientRect(); return [r.width, r.height]; })")
    check(all(w >= 44 and h >= 44 for w, h in sizes), "each a large target: %s" % sizes)
    legend = driver.find_element(By.CSS_SELECTOR, "#end-none-box legend").text
    check(legend == "Observed all session, did not occur", "the part says what a tick means: %r" % legend)

    # 2. Offline: tantrum ticked, the end confirmed; queued, nothing written.
    port = server.port
    server.stop()
    driver.find_element(By.CSS_SELECTOR, "label[for=none-tantrum]").click()
    ticked = int(driver.execute_script("return Date.now()"))
    driver.find_element(By.CSS_SELECTOR, '[aria-label="Confirm end"]').click()
    wait(lambda: driver.find_element(By.ID, "done").is_displayed(), "the summary screen waits")
    ops = queue()
    check([(o["kind"], o.get("goal"), o.get("words")) for o in ops] == [("event", "tantrum", ["none"]), ("end", None, None)],
          "the none queued before the end: %s" % [(o["kind"], o.get("goal"), o.get("words")) for o in ops])
    none_op = ops[0]
    check(abs(none_op["time"] - ticked) < 5000, "the none has the time the end was confirmed")
    time.sleep(2)
    check(len(lines(path)) == 1 and "\nend: " not in read(path), "nothing written while the server was away")

    # 3. Back: written once, before the end.
    server = Server(port)
    driver.get(server.url)
    wait(lambda: not queue() and "\nend: " in read(path), "the none and the end sent", timeout=30)
    when = datetime.datetime.fromtimestamp(none_op["time"] / 1000, ZONE).strftime("%H:%M:%S")
    written = lines(path)
    check(len(written) == 2 and written[1] == "- %s tantrum none" % when, "the file: the count, then tantrum's none at %s: %s" % (when, written))
    check(not any(" incidents " in l for l in written), "incidents, left unticked, has no line and no day")

    # 4. Sent again with its id: a duplicate, not written twice.
    answer = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('/api/event', {method: 'POST', headers: {'Authorization': 'Bearer ' + arguments[1], 'Content-Type': 'application/json'}, body: JSON.stringify(arguments[0])})
          .then(r => r.json().then(j => done({status: r.status, body: j})), e => done({error: String(e)}));
    """, {"session": path, "id": none_op["id"], "time": none_op["time"], "goal": "tantrum", "words": ["none"]}, server.token)
    check(answer.get("status") == 200 and answer["body"].get("duplicate") is True, "the none sent again is a duplicate: %s" % answer)
    check(lines(path) == written, "and not written twice")
    said = wait(lambda: driver.find_element(By.ID, "sum-behaviour").text, "the summary's behaviour sentences")
    check("Tantrums did not occur in" in said, "the summary says tantrum did not occur: %r" % said)
    server.stop()
    print("all checks passed")
finally:
    driver.quit()
    stop_all()
