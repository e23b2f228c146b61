"""The journal page (`afterflow serve --journal`, /journal) in headless Chromium at 390x844, driven
by WebDriver against a real server:

1. a check-in, a reflection on a session that needs one, a new session and its later fields, a
   PHQ-9 with item 9 above 0 (the vault's crisis line shown), MEQ-30 (item numbers only) from a
   session's page and linked to it, EDI on its 0-100 slider: each file compared with the one the
   command writes (mood, reflect, new, set, assess) for the same input at the same time, in TWIN,
   a second copy of the vault, with only the new document's id and the times of saving told apart;
2. the server stopped, three entries made offline a second or more apart, the server started on
   the same port (a new token), the new address opened: each saved once, dated when it was typed;
   sent again, an entry is answered as a duplicate and nothing is written;
3. a reflection racing `afterflow set` on the computer: every reflection and the last value set
   are in the file;
4. every page: accessible names on every control, no sideways scroll at 200 % text, no rule of
   the Content-Security-Policy broken, nothing loaded from elsewhere, the page under 80 KB, a
   neutral title; screenshots of each (--shots DIR);
5. the server's output carries none of the text typed.

Usage: journal_browser.py AFTERFLOW VAULT TWIN [--shots DIR]  (exit 0 when every check holds)."""
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
import chromium
import steps
from steps import check, wait
from serve_process import ServeProcess, stop_all

BINARY, VAULT, TWIN = sys.argv[1], sys.argv[2], sys.argv[3]
SHOTS = sys.argv[sys.argv.index("--shots") + 1] if "--shots" in sys.argv else None
if SHOTS:
    steps.on_failure.append(lambda: "driver" in globals() and driver.save_screenshot(os.path.join(SHOTS, "journal-failed.png")))
HOME = tempfile.mkdtemp(prefix="afterflow-home-")
ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": HOME, "NO_COLOR": "1", "TZ": "UTC", "LANG": "C.UTF-8"}
SECRET = "Quiet lake at dawn"  # typed into the page; never in the server's output



def Server(port=0):
    server = ServeProcess(BINARY, VAULT, port, ["--journal"], env=ENV, ready="The token is new")
    check(re.match(r"http://127\.0\.0\.1:\d+/journal\?token=[0-9a-f]+$", server.url) is not None, "the address printed is the journal's: " + server.url)
    return server


def cli(vault, args, now=None):
    env = dict(ENV)
    if now:
        env["AFTERFLOW_NOW"] = now
    run = subprocess.run([BINARY] + args + ["--vault", vault], env=env, capture_output=True, text=True, timeout=60)
    check(run.returncode == 0, "afterflow %s: %s%s" % (" ".join(args), run.stdout, run.stderr))
    return run.stdout


def files(vault, folder):
    found = set()
    for root, _, names in os.walk(os.path.join(vault, folder)):
        found |= {os.path.relpath(os.path.join(root, n), vault) for n in names if n.endswith(".md")}
    return found


def read(vault, path):
    with open(os.path.join(vault, path), encoding="utf-8") as f:
        return f.read()


def key(text, name):
    m = re.search(r"^%s: (.*)$" % name, text, re.M)
    return m.group(1) if m else None


def without(text, names):
    """The text with these front-matter keys' values blanked: what is told apart on purpose."""
    for name in names:
        text = re.sub(r"^(%s): .*$" % name, r"\1: …", text, flags=re.M)
    return text


def new_file(vault, folder, before):
    after = files(vault, folder)
    made = after - before
    check(len(made) == 1, "one new file in %s (%s)" % (folder, sorted(made)))
    return made.pop()


driver, profile = chromium.phone(("performance", "browser"))
driver.set_page_load_timeout(30)
requested, console = [], []


def collect():
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            requested.append(message["params"]["request"]["url"])
    console.extend(driver.get_log("browser"))


def css(selector):
    return driver.find_element(By.CSS_SELECTOR, selector)


def tap(element):
    """A tap: the element scrolled to the middle of the screen first (the tab bar is fixed at the bottom)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def queue():
    return driver.execute_script("return window.journal.queue().length")


def tab(name):
    tap(css('nav [data-tab="%s"]' % name))
    wait(lambda: driver.find_element(By.ID, name).is_displayed(), "the %s page" % name)
    wait(lambda: driver.execute_script("return window.journal.idle()"), "the %s page drawn" % name)


def shot(name):
    if SHOTS:
        driver.save_screenshot(os.path.join(SHOTS, "journal-%s.png" % name))


def page_rules(name):
    """Accessible names on every visible control; no sideways scroll at 100 % and 200 % text."""
    controls = [e for e in driver.find_elements(By.CSS_SELECTOR, "button, input, select, textarea") if e.is_displayed()]
    unnamed = [e.get_attribute("outerHTML")[:80] for e in controls if not (e.accessible_name or "").strip()]
    check(controls and not unnamed, "%s: every control has an accessible name (%d controls; unnamed: %s)" % (name, len(controls), unnamed))
    for size in ["100%", "200%"]:
        driver.execute_script("document.documentElement.style.fontSize = arguments[0]", size)
        wide = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        check(wide[0] <= wide[1], "%s at %s text: nothing wider than the screen (%s)" % (name, size, wide))
    if SHOTS:
        shot(name + "-200")
    driver.execute_script("document.documentElement.style.fontSize = ''")


try:
    server = Server()
    page = urllib.request.urlopen(server.url, timeout=10)
    body = page.read()
    check(len(body) < 80 * 1024, "the page is %d bytes, under 80 KB" % len(body))
    policy = page.headers["Content-Security-Policy"]
    check("default-src 'none'" in policy and "manifest-src 'self'" in policy and "worker-src" not in policy, "a strict policy, no worker over HTTP: " + policy)
    manifest = json.loads(urllib.request.urlopen(server.base + "/journal/manifest.webmanifest?token=" + server.token, timeout=10).read())
    check(manifest["display"] == "standalone" and manifest["start_url"] == "/journal?token=" + server.token and manifest["icons"], "a manifest that opens /journal full-screen, with an icon")
    icon = urllib.request.urlopen(server.base + manifest["icons"][0]["src"], timeout=10)
    check(icon.headers["Content-Type"].startswith("image/svg+xml") and b"<svg" in icon.read(), "the icon is served")
    for path in ["/journal", "/journal/manifest.webmanifest", "/api/journal"]:
        try:
            urllib.request.urlopen(server.base + path, timeout=10)
            check(False, path + " without the token is refused")
        except urllib.error.HTTPError as e:
            check(e.code == 401, path + " without the token: 401")
    try:
        urllib.request.urlopen(server.base + "/journal-sw.js", timeout=10)
        check(False, "no service worker over plain HTTP")
    except urllib.error.HTTPError as e:
        check(e.code == 404, "no service worker over plain HTTP (404)")

    driver.get_log("performance")
    driver.get(server.url)
    wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#scale button")) == 10, "the scale of ten")
    check(driver.title == "Afterflow", "a neutral title: " + driver.title)
    shot("home")

    # 1a. A check-in: a score, a note, save (labels left as the score's suggestion).
    page_rules("checkin")
    tap(css('[data-score="8"]'))
    pressed = [b.get_attribute("data-label") for b in driver.find_elements(By.CSS_SELECTOR, '#labels button[aria-pressed="true"]')]
    check(pressed == ["confident", "happy"], "the score's suggestion pre-selected (8: happy, confident): %s" % pressed)
    check("suggested" in css('[data-label="happy"]').get_attribute("class"), "and shown as a suggestion")
    driver.find_element(By.ID, "mood-notes").send_keys("Great workout today! " + SECRET)
    shot("checkin")
    before = files(VAULT, "moods")
    tap(driver.find_element(By.ID, "mood-save"))
    wait(lambda: queue() == 0 and len(files(VAULT, "moods")) == len(before) + 1, "the check-in on disk")
    mood = new_file(VAULT, "moods", before)
    text = read(VAULT, mood)
    when = key(text, "date")
    twin_before = files(TWIN, "moods")
    cli(TWIN, ["mood", "8", "Great workout today! " + SECRET], now=when)
    twin = read(TWIN, new_file(TWIN, "moods", twin_before))
    check(without(text, ["id", "created", "updated"]) == without(twin, ["id", "created", "updated"]), "the check-in is the file afterflow mood writes:\n%s\n---\n%s" % (text, twin))
    check("suggested_labels: [happy, confident]" in text and "associations: [fitness]" in text, "suggested labels, association from the note")

    # 1b. A reflection on a session that needs one, newest first, with its reminder's state.
    tab("reflect")
    rows = driver.find_elements(By.CSS_SELECTOR, "#reflect-list button")
    titles = [r.find_element(By.TAG_NAME, "b").text for r in rows]
    check(titles[:2] == ["Ketamine • Oct 4, 2025", "Psilocybin • Sep 20, 2025"], "needing reflection, newest first: %s" % titles)
    check("Reminder due" in rows[0].text, "each with its reminder's state: " + rows[0].text)
    page_rules("reflect")
    shot("reflect")
    session_id, session_path = "DD66A156-EE2B-4BB8-8521-226FBAADABDD", "sessions/2025/2025-10-04-ketamine.md"
    tap(rows[0])
    wait(lambda: "Loosen the grip" in driver.find_element(By.ID, "s-intention").text, "the session's page with its intention")
    check(driver.title == "Afterflow", "still a neutral title on the session's page")
    page_rules("session")
    shot("session")
    driver.find_element(By.ID, "s-text").send_keys("Lighter than I expected.")
    tap(driver.find_element(By.ID, "s-save"))
    wait(lambda: queue() == 0 and "Lighter than I expected." in read(VAULT, session_path), "the reflection on disk")
    text = read(VAULT, session_path)
    entry = re.search(r"^\[(\d{4}-\d\d-\d\d \d\d:\d\d)\] Lighter than I expected\.$", text, re.M)
    check(entry is not None and key(text, "reminder") is None and key(text, "status") == "complete", "a timestamped entry, the reminder cleared, complete")
    updated = key(text, "updated")
    cli(TWIN, ["reflect", session_id, "Lighter than I expected."], now=updated)
    twin = read(TWIN, session_path)
    # reflect stamps the entry with the time typed, which is the command's now here: the phone's minute.
    check(without(text, ["updated"]) == without(twin, ["updated"]), "the session is the file afterflow reflect writes:\n%s\n---\n%s" % (text, twin))

    # 1c. A new session, then its later fields on its page.
    tab("new")
    driver.execute_script("const s = document.getElementById('n-treatment'); s.value = 'ketamine'; s.dispatchEvent(new Event('change'))")
    driver.execute_script("const s = document.getElementById('n-route'); s.value = 'intramuscular'; s.dispatchEvent(new Event('change'))")
    driver.find_element(By.ID, "n-dose").send_keys("0.5 mg/kg")
    driver.find_element(By.ID, "n-intention").send_keys("Listen to the body.")
    tap(css('[data-before="6"]'))
    page_rules("new")
    shot("new")
    before = files(VAULT, "sessions")
    tap(driver.find_element(By.ID, "n-save"))
    wait(lambda: queue() == 0 and len(files(VAULT, "sessions")) == len(before) + 1, "the new session on disk")
    made = new_file(VAULT, "sessions", before)
    text = read(VAULT, made)
    twin_before = files(TWIN, "sessions")
    cli(TWIN, ["new", "--treatment", "ketamine", "--administration", "intramuscular", "--dose", "0.5 mg/kg",
               "--intention", "Listen to the body.", "--mood-before", "6", "--remind", "none"], now=key(text, "created"))
    twin_path = new_file(TWIN, "sessions", twin_before)
    twin = read(TWIN, twin_path)
    check(made == twin_path and without(text, ["id"]) == without(twin, ["id"]), "the session is the file afterflow new writes:\n%s\n---\n%s" % (text, twin))
    new_id = key(text, "id")
    tab("reflect")
    tap(wait(lambda: css('#reflect-list [data-session="%s"]' % new_id), "the new session needs reflection"))
    wait(lambda: "Listen to the body." in driver.find_element(By.ID, "s-intention").text, "its page")
    driver.find_element(By.ID, "s-environment").send_keys("Clinic room, low light.")
    driver.find_element(By.ID, "s-music").send_keys("https://open.spotify.com/playlist/37i9dQZF1DX4dyzvuaRJ0n")
    tap(css('[data-after="8"]'))
    tap(driver.find_element(By.ID, "s-later-save"))
    wait(lambda: queue() == 0 and key(read(VAULT, made), "mood_after") == "8", "the later fields on disk")
    text = read(VAULT, made)
    cli(TWIN, ["set", key(twin, "id"), "environment=Clinic room, low light.",
               "music=https://open.spotify.com/playlist/37i9dQZF1DX4dyzvuaRJ0n", "mood_after=8"], now=key(text, "updated"))
    twin = read(TWIN, twin_path)
    check(without(text, ["id"]) == without(twin, ["id"]), "the later fields as afterflow set writes them:\n%s\n---\n%s" % (text, twin))

    # 1c'. From the session's page, MEQ-30 about it: an instrument of the catalogue with item numbers
    # only ("item N" shown), answered 0-5 on numbered buttons, linked to the session.
    tap(driver.find_element(By.ID, "s-assess"))
    wait(lambda: driver.find_element(By.ID, "assess").is_displayed(), "the questionnaires, from the session")
    listed = [b.get_attribute("data-instrument") for b in driver.find_elements(By.CSS_SELECTOR, "#instruments button")]
    check(listed == ["phq9", "gad7", "meq30", "ceq", "edi", "ebi"], "every instrument of the catalogue listed: %s" % listed)
    tap(css('[data-instrument="meq30"]'))
    check("Ketamine" in driver.find_element(By.ID, "q-about").text, "the session it is about named: " + driver.find_element(By.ID, "q-about").text)
    check(driver.find_element(By.ID, "q-unworded").is_displayed(), "the wording not shipped, said so")
    # Item i answered i mod 6: 1, 2, 3, 4, 5, 0, 1, … (five runs of six adding to 15: a sum of 75 of
    # 150, 50%). Positive mood (items 2, 8, 12, 17, 27, 30) is 2+2+0+5+3+0 = 12 of 30, 40%, under 60%:
    # no complete mystical experience.
    meq = [i % 6 for i in range(1, 31)]
    before = files(VAULT, "assessments")
    for i, a in enumerate(meq):
        wait(lambda: driver.find_element(By.ID, "q-progress").text == "Question %d of 30" % (i + 1), "MEQ-30 question %d" % (i + 1))
        check(driver.find_element(By.ID, "q-item").text == "item %d" % (i + 1), "item %d by its number" % (i + 1))
        if i == 0:
            labels = [b.get_attribute("aria-label") for b in driver.find_elements(By.CSS_SELECTOR, "#q-answers button")]
            check(labels == ["0, none", "1", "2", "3", "4", "5, extreme"], "six answers, the ends with their words: %s" % labels)
            page_rules("question-meq30")
            shot("question-meq30")
        tap(css('#q-answers [data-answer="%d"]' % a))
    wait(lambda: queue() == 0, "MEQ-30 sent")
    wait(lambda: driver.find_element(By.ID, "q-result").text == "MEQ-30: 50%; complete mystical experience: no",
         "the score the library computes shown: " + driver.find_element(By.ID, "q-result").text)
    check(not driver.find_element(By.ID, "q-safety").is_displayed(), "no crisis line for MEQ-30")
    made = new_file(VAULT, "assessments", before)
    text = read(VAULT, made)
    check(key(text, "instrument") == "meq30" and key(text, "session") == new_id, "an MEQ-30 file linked to the session: " + text)
    twin_before = files(TWIN, "assessments")
    cli(TWIN, ["assess", "meq30", "--answers", ",".join(map(str, meq)), "--session", key(twin, "id")], now=key(text, "date"))
    twin_meq = read(TWIN, new_file(TWIN, "assessments", twin_before))
    check(key(twin_meq, "session") == key(twin, "id"), "the command links its own copy's session")
    check(without(text, ["id", "created", "updated", "session"]) == without(twin_meq, ["id", "created", "updated", "session"]),
          "MEQ-30 is the file afterflow assess writes:\n%s\n---\n%s" % (text, twin_meq))

    # 1d. A questionnaire, item by item; PHQ-9 item 9 above 0 shows the vault's crisis line.
    tab("assess")
    page_rules("assess")
    tap(css('[data-instrument="phq9"]'))
    answers = [1, 0, 2, 1, 0, 0, 1, 0, 1]
    before = files(VAULT, "assessments")
    for i, a in enumerate(answers):
        wait(lambda: driver.find_element(By.ID, "q-progress").text == "Question %d of 9" % (i + 1), "question %d" % (i + 1))
        if i == 8:
            page_rules("question")
            shot("question")
        tap(css('#q-answers [data-answer="%d"]' % a))
    wait(lambda: queue() == 0, "the questionnaire sent")
    safety = driver.find_element(By.ID, "q-safety")
    check(safety.is_displayed() and "Call the Harbor line: 555-0100." in safety.text, "the vault's crisis line shown: " + safety.text)
    # 1+0+2+1+0+0+1+0+1 = 6 of 27: mild (5-9).
    wait(lambda: driver.find_element(By.ID, "q-result").text == "PHQ-9: 6 of 27, mild", "the total and band shown: " + driver.find_element(By.ID, "q-result").text)
    check(driver.find_element(By.ID, "q-about").text == "", "not about a session when opened from the tab")
    shot("questionnaire-done")
    made = new_file(VAULT, "assessments", before)
    text = read(VAULT, made)
    check(key(text, "instrument") == "phq9", "a PHQ-9 file: " + made)
    twin_before = files(TWIN, "assessments")
    out = subprocess.run([BINARY, "assess", "phq9", "--answers", ",".join(map(str, answers)), "--vault", TWIN],
                         env=dict(ENV, AFTERFLOW_NOW=key(text, "date")), capture_output=True, text=True, timeout=60)
    check(out.returncode == 0 and "Call the Harbor line: 555-0100." in out.stdout, "afterflow assess shows the same line: " + out.stdout)
    twin = read(TWIN, new_file(TWIN, "assessments", twin_before))
    check(without(text, ["id", "created", "updated"]) == without(twin, ["id", "created", "updated"]), "the questionnaire is the file afterflow assess writes:\n%s\n---\n%s" % (text, twin))

    # 1d'. EDI on its 0-100 line: a slider and a number field, Next only once an answer is given
    # (the slider's middle is not taken for one). Item 1 by the slider, 50 moved one step right to
    # 51; the others typed: 40, 60, 30, 70, 45, 55, 100. Their sum: 51 + 40 + 60 + 30 + 70 + 45 +
    # 55 + 100 = 451; their mean 451 / 8 = 56.375, shown to one decimal: 56.4. A screen reader hears
    # the line's value (aria-valuetext): none yet with the two ends' words, then "51 of 100", and
    # at the top end the end's word, "100 of 100, completely".
    tab("assess")
    tap(css('[data-instrument="edi"]'))
    edi = [51, 40, 60, 30, 70, 45, 55, 100]
    valuetext = lambda: driver.find_element(By.ID, "q-range").get_attribute("aria-valuetext")
    before = files(VAULT, "assessments")
    for i, a in enumerate(edi):
        wait(lambda: driver.find_element(By.ID, "q-progress").text == "Question %d of 8" % (i + 1), "EDI question %d" % (i + 1))
        check(not driver.find_element(By.ID, "q-answers").is_displayed() and driver.find_element(By.ID, "q-range").is_displayed(), "a slider, not 101 buttons")
        check(not driver.find_element(By.ID, "q-next").is_enabled(), "Next waits for an answer")
        if i == 0:
            check(driver.find_element(By.ID, "q-range").get_attribute("value") == "50", "the slider starts in the middle")
            check(valuetext() == "no answer yet; 0 no more than usual to 100 completely", "the line before an answer: %s" % valuetext())
            page_rules("question-edi")
            shot("question-edi")
            tap(driver.find_element(By.ID, "q-range"))
            driver.execute_script("arguments[0].value = 50", driver.find_element(By.ID, "q-range"))
            driver.find_element(By.ID, "q-range").send_keys(Keys.ARROW_RIGHT)
            wait(lambda: driver.find_element(By.ID, "q-number").get_attribute("value") == "51", "the slider's value in the number field")
            check(valuetext() == "51 of 100", "the line's value spoken: %s" % valuetext())
        else:
            driver.find_element(By.ID, "q-number").send_keys(str(a))
            check(driver.find_element(By.ID, "q-range").get_attribute("value") == str(a), "the number typed moves the slider to %d" % a)
            if a == 100:
                check(valuetext() == "100 of 100, completely", "the top end spoken with its word: %s" % valuetext())
        tap(driver.find_element(By.ID, "q-next"))
    wait(lambda: queue() == 0, "EDI sent")
    wait(lambda: driver.find_element(By.ID, "q-result").text == "EDI: 56.4/100", "EDI's mean shown: " + driver.find_element(By.ID, "q-result").text)
    made = new_file(VAULT, "assessments", before)
    text = read(VAULT, made)
    check(key(text, "items") == "[51, 40, 60, 30, 70, 45, 55, 100]", "the answers as given: " + text)
    twin_before = files(TWIN, "assessments")
    cli(TWIN, ["assess", "edi", "--answers", ",".join(map(str, edi))], now=key(text, "date"))
    twin = read(TWIN, new_file(TWIN, "assessments", twin_before))
    check(without(text, ["id", "created", "updated"]) == without(twin, ["id", "created", "updated"]), "EDI is the file afterflow assess writes:\n%s\n---\n%s" % (text, twin))
    check(driver.execute_script("return window.journal.kept().length") == 0, "nothing refused so far: %s" % driver.execute_script("return window.journal.kept()"))

    # 1e. Due: the reminders that have come, each opening its session.
    tab("due")
    due = driver.find_elements(By.CSS_SELECTOR, "#due-list button")
    check([d.find_element(By.TAG_NAME, "b").text for d in due] == ["Psilocybin • Sep 20, 2025"], "the one reminder still due (the other was cleared by the reflection)")
    page_rules("due")
    shot("due")
    tap(due[0])
    wait(lambda: "anxious about work" in driver.find_element(By.ID, "s-intention").text, "a due reminder opens its session")

    # 2. Offline: the server stopped, three entries, the server back on the same port.
    port = server.port
    printed = server.stop()
    tab("checkin")
    typed = []
    for score, note in [(3, "Tired."), (5, "Better after lunch.")]:
        tap(css('[data-score="%d"]' % score))
        driver.find_element(By.ID, "mood-notes").send_keys(note)
        tap(driver.find_element(By.ID, "mood-save"))
        typed.append(driver.execute_script("return window.journal.queue().slice(-1)[0].body.time"))
        time.sleep(1.1)
    tab("assess")
    tap(css('[data-instrument="gad7"]'))
    for i in range(7):
        wait(lambda: driver.find_element(By.ID, "q-progress").text == "Question %d of 7" % (i + 1),
             "GAD-7 question %d offline (%r)" % (i + 1, driver.find_element(By.ID, "q-progress").text))
        tap(css('#q-answers [data-answer="1"]'))
    typed.append(driver.execute_script("return window.journal.queue().slice(-1)[0].body.time"))
    check(queue() == 3, "three entries wait on the phone")
    check("3 waiting" in driver.find_element(By.ID, "sync").text, "and say so: " + driver.find_element(By.ID, "sync").text)
    shot("offline")
    moods_before, assessments_before = files(VAULT, "moods"), files(VAULT, "assessments")
    time.sleep(1.5)
    server = Server(port)
    driver.get(server.url)
    wait(lambda: queue() == 0, "the three sent once the new address is open", timeout=30)
    moods = sorted(files(VAULT, "moods") - moods_before, key=lambda p: key(read(VAULT, p), "date"))
    assessments = sorted(files(VAULT, "assessments") - assessments_before)
    check(len(moods) == 2 and len(assessments) == 1, "each saved once: %s %s" % (moods, assessments))
    import datetime
    for path, millis in zip(moods + assessments, typed):
        date = datetime.datetime.fromisoformat(key(read(VAULT, path), "date"))
        check(int(date.timestamp()) == millis // 1000, "%s is dated when it was typed (%s)" % (path, date))
    # Sent again (the answer lost): a duplicate, nothing written.
    again = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('/api/journal/mood', {method: 'POST', headers: {'Authorization': 'Bearer ' + arguments[0], 'Content-Type': 'application/json'},
              body: JSON.stringify(arguments[1])}).then(r => r.json()).then(done);
    """, server.token, {"id": "replayed-entry-1", "time": typed[0], "score": 3, "notes": "Tired."})
    count = len(files(VAULT, "moods"))
    again2 = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('/api/journal/mood', {method: 'POST', headers: {'Authorization': 'Bearer ' + arguments[0], 'Content-Type': 'application/json'},
              body: JSON.stringify(arguments[1])}).then(r => r.json()).then(done);
    """, server.token, {"id": "replayed-entry-1", "time": typed[0], "score": 3, "notes": "Tired."})
    check(again["duplicate"] is False and again2["duplicate"] is True and again2["path"] == again["path"] and len(files(VAULT, "moods")) == count,
          "the same id twice: saved once, the second a duplicate (%s, %s)" % (again, again2))

    # 3. A reflection racing afterflow set on the computer.
    race_id, race_path = "29F8F0B2-69AA-439D-B61D-2A8079CCB844", "sessions/2025/2025-09-20-psilocybin.md"
    errors = []

    def computer():
        for n in range(1, 7):
            run = subprocess.run([BINARY, "set", race_id, "mood_after=%d" % n, "--vault", VAULT], env=ENV, capture_output=True, text=True, timeout=60)
            if run.returncode != 0:
                errors.append(run.stderr)
    thread = threading.Thread(target=computer)
    thread.start()
    sent = []
    for n in range(6):
        sent.append(driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch('/api/journal/reflect', {method: 'POST', headers: {'Authorization': 'Bearer ' + arguments[0], 'Content-Type': 'application/json'},
                  body: JSON.stringify({id: 'race-reflection-' + arguments[1], time: Date.now(), session: arguments[2], text: 'Race ' + arguments[1]})})
              .then(r => r.json()).then(done);
        """, server.token, n, race_id))
    thread.join()
    text = read(VAULT, race_path)
    check(not errors and all(s.get("ok") for s in sent), "every set and every reflection saved (%s %s)" % (errors, sent))
    check(all(re.search(r"^\[\d{4}-\d\d-\d\d \d\d:\d\d\] Race %d$" % n, text, re.M) for n in range(6)), "every reflection is its own entry")
    check(key(text, "mood_after") == "6", "and the computer's last change is kept (mood_after 6)")
    check("Check in with the part of me" in text, "nothing else lost")

    # 4. Nothing from elsewhere, no policy broken; 5. none of the text in the server's output.
    collect()
    # chrome:// is Chromium's own new-tab page at start-up, from inside the browser: not the network.
    foreign = [u for u in requested if not u.startswith("http://127.0.0.1:%d/" % port) and not u.startswith(("data:", "chrome:", "chrome-untrusted:"))]
    check(not foreign, "nothing loaded from elsewhere: %s" % foreign)
    violations = [e["message"] for e in console if "Content Security Policy" in e["message"] or "Refused to" in e["message"]]
    check(not violations, "no rule of the policy broken: %s" % violations)
    printed += server.stop()
    check(SECRET not in printed and "Lighter than" not in printed and "Listen to the body" not in printed, "the server printed none of the text typed")
    print("all checks passed")
finally:
    driver.quit()
    stop_all()
