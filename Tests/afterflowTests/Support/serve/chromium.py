"""Headless Chromium at a phone's size (390x844), for the page tests: one copy of the flags that
keep it off the network, shared by every script here."""
import os
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# No network but this machine: no host resolves, any proxied request goes to a closed port, and
# the services that phone home are off. 127.0.0.1 is reached directly.
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--no-default-browser-check", "--disable-extensions", "--disable-sync", "--disable-background-networking",
         "--disable-component-update", "--disable-default-apps", "--mute-audio", "--window-size=390,844",
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--proxy-server=socks5://127.0.0.1:9",
         "--disable-features=OptimizationHints,MediaRouter,DialMediaRouteProvider,Translate,NetworkTimeServiceQuerying,AutofillServerCommunication,CertificateTransparencyComponentUpdater,DnsOverHttps,AsyncDns",
         "--disable-domain-reliability", "--disable-client-side-phishing-detection", "--no-pings", "--disable-breakpad",
         "--dns-prefetch-disable", "--metrics-recording-only",
         # A container's /dev/shm is often 64 MB, too small for several Chromiums at once.
         "--disable-dev-shm-usage"]


def phone(logs=(), flags=()):
    """A driver and its profile folder (the caller removes it). `logs`: the log types to keep,
    such as ("performance", "browser"); `flags`: more of Chromium's flags, after these."""
    profile = tempfile.mkdtemp(prefix="afterflow-chromium-")
    options = webdriver.ChromeOptions()
    # Debian's Chromium and its driver, named here so that Selenium Manager never reaches for the network.
    options.binary_location = next(p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome") if os.path.exists(p))
    for flag in FLAGS + list(flags) + ["--user-data-dir=" + profile]:
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2.0, "touch": True}})
    if logs:
        options.set_capability("goog:loggingPrefs", {kind: "ALL" for kind in logs})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options), profile
