"""Usage: page_width.py FILE.html…  -- opens each page in headless Chromium as a phone 390 px wide
and prints, per file, a JSON line: the page's scroll width, its client width, and the elements
that reach past the right edge outside a scrolling box (what makes the whole page scroll
sideways). Nothing is fetched from anywhere: no host resolves and every proxied request fails."""
import json
import os
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

profile = tempfile.mkdtemp(prefix="afterflow-chromium-")
options = webdriver.ChromeOptions()
options.binary_location = next(p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome") if os.path.exists(p))
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + profile, "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--disable-sync", "--disable-background-networking",
             "--disable-component-update", "--disable-default-apps", "--mute-audio",
             "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=socks5://127.0.0.1:9", "--no-pings", "--disable-breakpad"]:
    options.add_argument(flag)
options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2.0, "touch": True}})
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
try:
    for path in sys.argv[1:]:
        driver.get("file://" + os.path.abspath(path))
        found = driver.execute_script("""
            const W = document.documentElement.clientWidth, past = [];
            for (const e of document.querySelectorAll('body *')) {
              let a = e.parentElement, scrolls = false;
              while (a) { if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(a).overflowX)) { scrolls = true; break; } a = a.parentElement; }
              if (!scrolls && e.getBoundingClientRect().right > W + 1) past.push(e.tagName.toLowerCase() + (e.className ? '.' + e.className : ''));
            }
            return {scroll: document.documentElement.scrollWidth, client: W, past: past.slice(0, 10)};""")
        found["file"] = path
        print(json.dumps(found), flush=True)
finally:
    driver.quit()
