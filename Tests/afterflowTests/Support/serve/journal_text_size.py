"""The journal page's tab bar and content at larger text, in headless Chromium at 390x844: the
root font size set to 100 %, 150 % and 200 % (what a phone's text size setting does to rem-sized
pages), on every tab. At each size:

- the tab bar is one row: its five buttons share one top, and it is no taller than 12 % of the
  screen (at 200 %: icons 1.4rem = 45 px, so a row is about 87 px, 10 % of 844);
- each tab button is at least 44x44 px (a finger's target) and keeps its word as its name;
- the content is usable: at least 75 % of the screen's height is above the tab bar, the page is no
  wider than the screen, and scrolled to its end, the last control is wholly above the tab bar.

Usage: journal_text_size.py URL [--shots DIR]  (exit 0 when every check holds)."""
import os
import sys
import time

import chromium
from steps import check, wait

URL = sys.argv[1]
SHOTS = sys.argv[sys.argv.index("--shots") + 1] if "--shots" in sys.argv else None
NAMES = ["Check in", "Reflect", "New", "Questions", "Due"]


MEASURE = """
const nav = document.querySelector('nav'), r = nav.getBoundingClientRect();
const buttons = [...nav.querySelectorAll('button')].map(b => { const q = b.getBoundingClientRect(); return {top: Math.round(q.top), w: q.width, h: q.height}; });
const section = [...document.querySelectorAll('main > section')].find(s => !s.hidden);
const controls = [...section.querySelectorAll('button, input, select, textarea')].filter(e => e.offsetParent !== null);
window.scrollTo(0, document.documentElement.scrollHeight);
const last = controls.length ? controls[controls.length - 1].getBoundingClientRect().bottom : 0;
const navTop = nav.getBoundingClientRect().top;
window.scrollTo(0, 0);
return {navTop: r.top, navHeight: r.height, buttons, last, navTopScrolled: navTop, controls: controls.length,
        width: document.documentElement.scrollWidth, inner: window.innerWidth, height: window.innerHeight,
        font: getComputedStyle(document.documentElement).fontSize};
"""

driver, profile = chromium.phone()
try:
    driver.get(URL)
    wait(lambda: driver.execute_script("return window.journal && window.journal.idle()"), "the page drawn")
    for tab in ["checkin", "reflect", "new", "assess", "due"]:
        driver.execute_script("document.documentElement.style.fontSize = ''")
        driver.execute_script("window.journal.show(arguments[0])", tab)
        wait(lambda: driver.execute_script("return window.journal.idle()"), "the %s tab drawn" % tab)
        for size in ["100%", "150%", "200%"]:
            driver.execute_script("document.documentElement.style.fontSize = arguments[0]", size)
            time.sleep(0.1)  # the container query applies on the next layout
            m = driver.execute_script(MEASURE)
            where = "%s at %s text (root %s)" % (tab, size, m["font"])
            tops = {b["top"] for b in m["buttons"]}
            check(len(m["buttons"]) == 5 and len(tops) == 1, "%s: the tab bar is one row (button tops %s)" % (where, sorted(tops)))
            check(m["navHeight"] <= 0.12 * m["height"], "%s: the tab bar is %.0f px of %d, at most 12 %%" % (where, m["navHeight"], m["height"]))
            small = [b for b in m["buttons"] if b["w"] < 44 or b["h"] < 44]
            check(not small, "%s: every tab at least 44x44 px (%s)" % (where, [(round(b["w"]), round(b["h"])) for b in m["buttons"]]))
            names = [b.accessible_name.strip() for b in driver.find_elements("css selector", "nav button")]
            check([n.split(" ")[0] for n in names] == [n.split(" ")[0] for n in NAMES], "%s: the tabs keep their names %s" % (where, names))
            check(m["navTop"] >= 0.75 * m["height"], "%s: %.0f px of %d above the tab bar, at least 75 %%" % (where, m["navTop"], m["height"]))
            check(m["width"] <= m["inner"], "%s: nothing wider than the screen (%s > %s)" % (where, m["width"], m["inner"]))
            check(m["controls"] == 0 or m["last"] <= m["navTopScrolled"] + 0.5,
                  "%s: scrolled to the end, the last control (bottom %.0f) is above the tab bar (top %.0f)" % (where, m["last"], m["navTopScrolled"]))
            if SHOTS and size == "200%":
                driver.save_screenshot(os.path.join(SHOTS, "journal-%s-200.png" % tab))
    print("all checks passed")
finally:
    driver.quit()
