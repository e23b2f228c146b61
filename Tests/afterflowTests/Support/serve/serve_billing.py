"""The phone page's probe sessions and end form in headless Chromium at 390x844, against a real
`afterflow serve` on a copy of ExampleVault whose settings name a default service (92507):

1. the start screen offers "Probe session" as a labelled checkbox, a large target; a probe session
   is started and written `probe: true`, and the page marks it;
2. two trials are logged; the end form offers the vault's services with their names (92507
   chosen first, the vault's default), its places and its participants (several may be chosen);
   every control is labelled and a large target, at the page's size and at 200 % text;
3. a service the vault does not bill, sent from the form, is refused by the server with its
   message, shown in the form; the session is not ended;
4. the server stops; the end is chosen (92507, 11 Office, client and parent) and queued on the
   phone; the server starts again (a new token, the same port), the new address is opened: the
   end is written once, as chosen;
5. the file holds `probe`, `service`, `place` and `participants` byte for byte as
   `afterflow trials start --probe` and `trials end --service … --place … --participants …` write
   them in a session made by the command line, in the same order among the keys;
6. the API refuses a bad place and a bad participant with the command line's words, nothing written.

Usage: serve_billing.py AFTERFLOW VAULT [--shots DIR]  (exit 0 when every check holds)."""
import json
import os
import re
import subprocess
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
import chromium
from steps import check, wait
from serve_process import ServeProcess, stop_all

BINARY, VAULT = sys.argv[1], sys.argv[2]
SHOTS = sys.argv[sys.argv.index("--shots") + 1] if "--shots" in sys.argv else None
ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"), "NO_COLOR": "1", "TZ": "UTC", "LANG": "C.UTF-8"}
BILLING_KEYS = ("probe", "service", "place", "participants")




def Server(port=0):
    return ServeProcess(BINARY, VAULT, port, env=ENV)


def read(path):
    with open(os.path.join(VAULT, path), encoding="utf-8") as f:
        return f.read()


def front_matter(text):
    """The front matter's lines, between the two --- lines."""
    return text.split("---\n", 2)[1].splitlines()


def keyed(text):
    """key -> its line, and the keys in order."""
    lines = [l for l in front_matter(text) if re.match(r"^[a-z_]+:", l)]
    return {l.split(":", 1)[0]: l for l in lines}, [l.split(":", 1)[0] for l in lines]


def trial_lines(text):
    return [l for l in text.split("## Trials", 1)[1].splitlines() if l.startswith("- ")] if "## Trials" in text else []


def run(*arguments):
    done = subprocess.run([BINARY] + list(arguments) + ["--vault", VAULT], capture_output=True, text=True, env=ENV, timeout=60)
    check(done.returncode == 0, "afterflow %s: %s%s" % (" ".join(arguments), done.stdout, done.stderr))
    return done.stdout.strip()


# The vault's default service, which the end form chooses first.
with open(os.path.join(VAULT, ".afterflow", "config.yml"), "a", encoding="utf-8") as f:
    f.write("default_service: 92507\n")

driver, profile = chromium.phone(("performance",))
driver.set_page_load_timeout(30)


def named(name):
    return driver.find_element(By.CSS_SELECTOR, '[aria-label="%s"]' % name)


def queue():
    return driver.execute_script("return window.afterflow.queue()")


def end_responses():
    """The answers to POST /api/end Chromium saw since the last call: (status, url)."""
    seen = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.responseReceived" and message["params"]["response"]["url"].split("?")[0].endswith("/api/end"):
            seen.append(message["params"]["response"]["status"])
    return seen


# Each control of the end form: its accessible name, and its box.
MEASURE = """
const form = document.getElementById('end-form');
const controls = [...form.querySelectorAll('select, input, button')].filter(e => e.offsetParent !== null);
const box = e => { const t = e.type === 'checkbox' ? e.closest('label') : e; const r = t.getBoundingClientRect(); return {w: r.width, h: r.height}; };
return {controls: controls.map(e => Object.assign({id: e.id, tag: e.tagName, labels: e.labels ? [...e.labels].map(l => l.textContent.trim()) : [], aria: e.getAttribute('aria-label')}, box(e))),
        width: document.documentElement.scrollWidth, panel: document.querySelector('#confirm .panel').scrollWidth, inner: window.innerWidth};
"""


def measure_form(where):
    m = driver.execute_script(MEASURE)
    check(m["width"] <= m["inner"] and m["panel"] <= m["inner"], "%s: nothing wider than the screen (%s, %s, %s)" % (where, m["width"], m["panel"], m["inner"]))
    for c in m["controls"]:
        name = c["aria"] or " ".join(c["labels"])
        check(name, "%s: the %s %s has a name (%s)" % (where, c["tag"].lower(), c["id"], name))
        check(c["h"] >= 44 and c["w"] >= 44, "%s: %s is a large target (%.0f x %.0f px)" % (where, name, c["w"], c["h"]))
    # The last control can be scrolled to and lies wholly on the screen.
    last = driver.find_element(By.ID, "end-no")
    driver.execute_script("arguments[0].scrollIntoView({block: 'end'})", last)
    r = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom, window.innerHeight]", last)
    check(r[0] >= 0 and r[1] <= r[2] + 0.5, "%s: scrolled, Keep logging is wholly on the screen (%s)" % (where, r))


try:
    server = Server()
    driver.get(server.url)
    # 1. The probe choice.
    wait(lambda: driver.find_element(By.CSS_SELECTOR, '[data-client="maya-t"]'), "the client list").click()
    probe = driver.find_element(By.ID, "probe")
    check(probe.accessible_name.startswith("Probe session"), "the probe checkbox is named by its label (%r)" % probe.accessible_name)
    label = driver.execute_script("const r = document.querySelector('label[for=probe]').getBoundingClientRect(); return [r.width, r.height]")
    check(label[0] >= 300 and label[1] >= 44, "the probe choice is a large target, the whole label (%.0f x %.0f px)" % tuple(label))
    check(not probe.is_selected(), "a teaching session unless chosen")
    driver.find_element(By.CSS_SELECTOR, "label[for=probe]").click()
    check(probe.is_selected(), "a tap on the label chooses it")
    if SHOTS:
        driver.save_screenshot(os.path.join(SHOTS, "phone-probe-start.png"))
    driver.find_element(By.ID, "start").click()
    wait(lambda: driver.find_element(By.ID, "log").is_displayed(), "the logging screen")
    path = driver.execute_script("return window.afterflow.session().path")
    fields, _ = keyed(read(path))
    check(fields.get("probe") == "probe: true", "the file says probe: true (%s)" % fields.get("probe"))
    check(driver.find_element(By.ID, "probe-tag").is_displayed() and driver.find_element(By.ID, "probe-tag").text == "Probe", "the page marks the session a probe")

    # 2. Two trials, then the end form.
    named("Success").click()
    named("Independent").click()
    named("Failure").click()
    named("Minimal").click()
    wait(lambda: not queue() and len(trial_lines(read(path))) == 2, "two trials on disk")
    named("End session").click()
    wait(lambda: driver.find_element(By.ID, "confirm").is_displayed(), "the end form")
    service = Select(driver.find_element(By.ID, "end-service"))
    check(service.first_selected_option.get_attribute("value") == "92507", "the vault's default service is chosen first (%s)" % service.first_selected_option.text)
    check(service.first_selected_option.text == "92507 · speech-language treatment, individual", "a service is shown with its name")
    offered = [o.get_attribute("value") for o in service.options]
    check(offered == ["", "97151", "97152", "97153", "97154", "97155", "97156", "97157", "97158", "92507", "92523", "92526"],
          "the vault's services, and none (%s)" % offered)
    place = Select(driver.find_element(By.ID, "end-place"))
    check([o.get_attribute("value") for o in place.options] == ["", "02 Telehealth not in the home", "03 School", "10 Telehealth in the home", "11 Office", "12 Home", "99 Other"],
          "the vault's places, and none")
    check(place.first_selected_option.get_attribute("value") == "", "no place chosen for the clinician")
    who = driver.find_elements(By.CSS_SELECTOR, "#end-who input[type=checkbox]")
    check([w.get_attribute("value") for w in who] == ["client", "parent", "caregiver", "sibling", "teacher", "peer"], "the vault's participants, as checkboxes")
    check(driver.find_element(By.ID, "end-service").accessible_name == "Service" and driver.find_element(By.ID, "end-place").accessible_name == "Place",
          "the lists are named Service and Place")
    measure_form("at 390x844")
    if SHOTS:
        driver.execute_script("document.getElementById('confirm').querySelector('.panel').scrollTop = 0")
        driver.save_screenshot(os.path.join(SHOTS, "phone-end-form.png"))
    # 200 % text: every size on the page doubled (its root and its body, which set 16 px).
    driver.execute_script("document.documentElement.style.fontSize = '32px'; document.body.style.fontSize = '32px'")
    time.sleep(0.2)
    measure_form("at 200 % text")
    if SHOTS:
        driver.execute_script("document.getElementById('confirm').querySelector('.panel').scrollTop = 0")
        driver.save_screenshot(os.path.join(SHOTS, "phone-end-form-200.png"))
    driver.execute_script("document.documentElement.style.fontSize = ''; document.body.style.fontSize = ''")

    # 3. A service the vault does not bill, sent anyway: refused with the command line's words.
    driver.execute_script("const o = document.createElement('option'); o.value = '99999'; o.textContent = '99999'; document.getElementById('end-service').append(o)")
    service.select_by_value("99999")
    named("Confirm end").click()
    problem = wait(lambda: driver.find_element(By.ID, "end-problem").is_displayed() and driver.find_element(By.ID, "end-problem").text, "the refusal shown in the form")
    check("Service 99999 is not one of the vault's services" in problem and "the session was not ended" in problem, "the server's message: %s" % problem)
    check(driver.find_element(By.ID, "end-problem").get_attribute("role") == "alert", "read out by a screen reader")
    check(driver.find_element(By.ID, "log").is_displayed() and driver.find_element(By.ID, "confirm").is_displayed(), "back on the session with the form open")
    check("end" not in keyed(read(path))[0], "the session was not ended")
    check(Select(driver.find_element(By.ID, "end-service")).first_selected_option.get_attribute("value") == "99999", "the choice kept, to change")
    end_responses()

    # 4. Offline: the end chosen while the server is away, queued, sent once when it is back.
    port = server.port
    server.stop()
    Select(driver.find_element(By.ID, "end-service")).select_by_value("92507")
    Select(driver.find_element(By.ID, "end-place")).select_by_value("11 Office")
    for name in ["client", "parent"]:
        driver.find_element(By.CSS_SELECTOR, "label[for=who-%s]" % name).click()
    named("Confirm end").click()
    wait(lambda: driver.find_element(By.ID, "done").is_displayed(), "the summary screen waits")
    ops = [o for o in queue() if o["kind"] == "end"]
    check(len(ops) == 1 and ops[0]["service"] == "92507" and ops[0]["place"] == "11 Office" and ops[0]["participants"] == ["client", "parent"],
          "one end queued with what was chosen: %s" % ops)
    check(json.loads(driver.execute_script("return localStorage.getItem('afterflow.queue')")) == queue(), "kept in the browser's storage")
    time.sleep(2)  # the page retries meanwhile
    check("end" not in keyed(read(path))[0], "nothing written while the server was away")
    server = Server(port)
    driver.get(server.url)
    wait(lambda: not queue() and "2 trials" in driver.find_element(By.ID, "sum-body").text, "the end sent once the page has the new token", timeout=20)
    check(driver.find_element(By.ID, "sum-claim").text == "Probe · 92507 · 11 Office · client, parent", "the summary says what the file now says")
    time.sleep(2)
    answers = end_responses()
    check(answers.count(200) == 1, "one end accepted by the server (answers to /api/end since: %s)" % answers)
    text = read(path)
    fields, order = keyed(text)
    check(len(re.findall(r"^end: ", text, re.M)) == 1, "one end in the file")
    # The code quoted, as the canonical writer quotes what a YAML reader would take for a number.
    for key, want in [("service", 'service: "92507"'), ("place", "place: 11 Office"), ("participants", "participants: [client, parent]")]:
        check(fields.get(key) == want and len(re.findall("^%s:" % key, text, re.M)) == 1, "%s written once as chosen (%s)" % (key, fields.get(key)))
    check(len(trial_lines(text)) == 2, "the two trials kept")

    # 5. As the command line writes the same session.
    cli = json.loads(run("trials", "start", "maya-t", "--probe", "--format", "json"))["path"]
    run("trials", "end", cli, "--service", "92507", "--place", "11 Office", "--participants", "client,parent")
    theirs, their_order = keyed(read(cli))
    for key in BILLING_KEYS:
        check(fields[key].encode() == theirs[key].encode(), "%s byte for byte as the command line writes it (%r)" % (key, theirs[key]))
    check([k for k in order if k in BILLING_KEYS + ("end", "provider")] == [k for k in their_order if k in BILLING_KEYS + ("end", "provider")],
          "in the command line's order among the keys (%s)" % order)

    # 6. The API refuses a bad place and a bad participant, as the command line does.
    second = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('/api/sessions', {method: 'POST', headers: {'Authorization': 'Bearer ' + arguments[0], 'Content-Type': 'application/json'}, body: JSON.stringify({client: 'maya-t'})})
          .then(r => r.json()).then(done, e => done({error: String(e)}));
    """, server.token)
    check(second.get("probe") is False, "a session started without probe is none")
    for body, words in [({"place": "Office"}, "place must be a two-digit place-of-service code and its name"),
                        ({"participants": ["client", "big brother"]}, "participants must be words separated by commas"),
                        ({"service": "9250"}, "service must be a CPT code of five digits or letters")]:
        body = dict(body, session=second["path"])
        answer = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch('/api/end', {method: 'POST', headers: {'Authorization': 'Bearer ' + arguments[1], 'Content-Type': 'application/json'}, body: JSON.stringify(arguments[0])})
              .then(r => r.json().then(j => done({status: r.status, body: j})), e => done({error: String(e)}));
        """, body, server.token)
        check(answer.get("status") == 422 and words in answer["body"].get("error", ""), "%s refused: %s" % (body, answer))
    check("end" not in keyed(read(second["path"]))[0], "nothing written for the refused ends")
    server.stop()
    print("all checks passed")
finally:
    driver.quit()
    stop_all()
