"""Usage: page_width.py FILE.html…  -- opens each page in headless Chromium as a phone 390 px wide
and prints, per file, a JSON line: the page's scroll width, its client width, and the elements
that reach past the right edge outside a scrolling box (what makes the whole page scroll
sideways), and the smallest text of its charts in px as drawn. Nothing is fetched from anywhere: no host resolves and every proxied request fails."""
import json
import os
import sys

from selenium import webdriver
import chromium

driver, profile = chromium.phone()
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
            // The smallest text of any chart as drawn: its font size in the SVG's units times the
            // SVG's drawn width over its viewBox's width (null without a chart).
            let chartText = null;
            for (const svg of document.querySelectorAll('svg.progress-chart')) {
              const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
              for (const t of svg.querySelectorAll('text')) {
                const px = parseFloat(getComputedStyle(t).fontSize) * scale;
                if (chartText === null || px < chartText) chartText = px;
              }
            }
            return {scroll: document.documentElement.scrollWidth, client: W, past: past.slice(0, 10),
                    chart_text: chartText === null ? null : Math.round(chartText * 10) / 10};""")
        found["file"] = path
        print(json.dumps(found), flush=True)
finally:
    driver.quit()
