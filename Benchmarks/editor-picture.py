#!/usr/bin/env python3
# docs/images/editor-neovim.png: real Neovim (`nvim --clean`, the built-in client configured as in
# docs/EDITORS.md) in tmux at 120x26, on a copy of ExampleVault whose 2025-09-20 session is dated
# September 31st, showing the diagnostic `afterflow lsp` sends and the completion menu of
# `treatment:`. The pane is captured with its colours (`tmux capture-pane -e -p`), turned into
# HTML here and drawn by headless Chromium (Debian's, with the flags that keep it off the network).
#
#   Benchmarks/editor-picture.py AFTERFLOW_BINARY [OUT.png]
#
# Needs tmux, nvim, chromium, chromedriver and selenium (`make test-deps`). Prints the captured
# text too, to be read beside the picture.
import html, os, re, shutil, subprocess, sys, tempfile, time

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(root, "Tests", "afterflowTests", "Support", "serve"))
from chromium import FLAGS  # noqa: E402  the shared no-network flags
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

binary = os.path.abspath(sys.argv[1])
out = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.path.join(root, "docs", "images", "editor-neovim.png")
COLUMNS, ROWS = 120, 26
SESSION = "sessions/2025/2025-09-20-psilocybin.md"

work = tempfile.mkdtemp(prefix="afterflow-picture-")
vault = os.path.join(work, "Journal")
shutil.copytree(os.path.join(root, "ExampleVault"), vault)
for state in ("index.sqlite", "index.sqlite-wal", "index.sqlite-shm"):
    if os.path.exists(os.path.join(vault, ".afterflow", state)):
        os.unlink(os.path.join(vault, ".afterflow", state))
path = os.path.join(vault, SESSION)
text = open(path).read().replace("date: 2025-09-20T", "date: 2025-09-31T")
open(path, "w").write(text)
bindir = os.path.join(work, "bin")
os.mkdir(bindir)
os.symlink(binary, os.path.join(bindir, "afterflow"))

# docs/EDITORS.md's set-up for Neovim 0.7 to 0.9 (Debian's is 0.7), with completion on CTRL-X CTRL-O.
init = os.path.join(work, "init.lua")
open(init, "w").write("""
vim.opt.completeopt = { "menuone", "noinsert" }
vim.opt.termguicolors = false
vim.diagnostic.config({ update_in_insert = true })
vim.cmd("highlight link markdownError NONE")  -- Vim's Markdown syntax paints the _ of mood_before red
vim.api.nvim_create_autocmd("FileType", { pattern = "markdown", callback = function(args)
  local marker = vim.fn.finddir(".afterflow", vim.fn.expand("%:p:h") .. ";")
  if marker == "" then return end
  local id = vim.lsp.start_client({ name = "afterflow", cmd = { "afterflow", "lsp" },
    root_dir = vim.fn.fnamemodify(marker, ":p:h:h"),
    on_attach = function(_, buf) vim.bo[buf].omnifunc = "v:lua.vim.lsp.omnifunc" end })
  vim.lsp.buf_attach_client(args.buf, id)
end })
""")

session = "afterflow-picture-%d" % os.getpid()
env = dict(os.environ, PATH=bindir + ":" + os.environ["PATH"], TERM="xterm-256color")
tmux = ["tmux", "-L", session, "-f", "/dev/null"]
subprocess.run(tmux + ["new-session", "-d", "-s", session, "-x", str(COLUMNS), "-y", str(ROWS),
                       "cd %s && nvim --clean -u %s %s" % (vault, init, SESSION)], env=env, check=True)
subprocess.run(tmux + ["set-option", "-t", session, "status", "off"], check=True)


def keys(*sequence):
    subprocess.run(tmux + ["send-keys", "-t", session] + list(sequence), check=True)


def capture(escapes=True):
    return subprocess.run(tmux + ["capture-pane", "-p", "-t", session] + (["-e"] if escapes else []),
                          capture_output=True, text=True, check=True).stdout


def wait_for(words, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(w in capture(False) for w in words):
            return
        time.sleep(0.2)
    print(capture(False))
    sys.exit("the pane never showed %s" % words)


try:
    wait_for(["■"])  # the diagnostic, as virtual text
    line = text.split("\n").index("treatment: psilocybin") + 1
    keys("%dG" % line, "cc", "treatment: ")
    keys("C-x", "C-o")
    wait_for(["ketamine", "ayahuasca"])
    time.sleep(1.0)
    pane = capture()
    plain = capture(False)
finally:
    subprocess.run(tmux + ["kill-server"])

# ANSI (SGR) to HTML: the 16 colours as xterm draws them, the 256-colour cube and grays, 24-bit.
BASE = ["#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
        "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"]


def color256(n):
    if n < 16:
        return BASE[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[n // 36], steps[n // 6 % 6], steps[n % 6])
    gray = 8 + (n - 232) * 10
    return "#%02x%02x%02x" % (gray, gray, gray)


FG, BG = "#d0d0d0", "#1c1c1c"


def to_html(captured):
    state = {}
    lines = []
    for raw in captured.rstrip("\n").split("\n")[:ROWS]:
        spans, width = [], 0
        for part in re.split(r"(\x1b\[[0-9;]*m)", raw):
            if part.startswith("\x1b["):
                codes = [int(c) if c else 0 for c in part[2:-1].split(";")]
                i = 0
                while i < len(codes):
                    c = codes[i]
                    if c == 0: state = {}
                    elif c == 1: state["bold"] = True
                    elif c == 3: state["italic"] = True
                    elif c == 4: state["underline"] = True
                    elif c == 7: state["reverse"] = True
                    elif c == 22: state.pop("bold", None)
                    elif c == 23: state.pop("italic", None)
                    elif c == 24: state.pop("underline", None)
                    elif c == 27: state.pop("reverse", None)
                    elif 30 <= c <= 37: state["fg"] = BASE[c - 30]
                    elif 90 <= c <= 97: state["fg"] = BASE[c - 82]
                    elif 40 <= c <= 47: state["bg"] = BASE[c - 40]
                    elif 100 <= c <= 107: state["bg"] = BASE[c - 92]
                    elif c == 39: state.pop("fg", None)
                    elif c == 49: state.pop("bg", None)
                    elif c in (38, 48) and i + 1 < len(codes):
                        key = "fg" if c == 38 else "bg"
                        if codes[i + 1] == 5 and i + 2 < len(codes):
                            state[key] = color256(codes[i + 2]); i += 2
                        elif codes[i + 1] == 2 and i + 4 < len(codes):
                            state[key] = "#%02x%02x%02x" % tuple(codes[i + 2:i + 5]); i += 4
                    i += 1
                continue
            if not part:
                continue
            fg, bg = state.get("fg", FG), state.get("bg", BG)
            if state.get("reverse"):
                fg, bg = bg, fg
            style = "color:%s;background:%s" % (fg, bg)
            if state.get("bold"): style += ";font-weight:bold"
            if state.get("italic"): style += ";font-style:italic"
            if state.get("underline"): style += ";text-decoration:underline"
            spans.append('<span style="%s">%s</span>' % (style, html.escape(part)))
            width += len(part)
        spans.append(" " * max(0, COLUMNS - width))
        lines.append("<div>" + "".join(spans) + "</div>")
    # Each row a block and each run an inline block of the row's full height, so that a menu's
    # background has no gaps between its rows.
    return ("<!doctype html><meta charset=utf-8><style>body{margin:0;background:%s}"
            "pre{margin:0;padding:12px;font:15px 'DejaVu Sans Mono',monospace;color:%s;background:%s;display:inline-block}"
            "pre div{height:19px}pre span{display:inline-block;height:19px;line-height:19px;vertical-align:top}"
            "</style><pre>%s</pre>" % (BG, FG, BG, "".join(lines)))


page = os.path.join(work, "pane.html")
open(page, "w").write(to_html(pane))
options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
profile = os.path.join(work, "profile")
for flag in [f for f in FLAGS if not f.startswith("--window-size")] + ["--window-size=1400,1000", "--user-data-dir=" + profile]:
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
try:
    driver.get("file://" + page)
    driver.find_element("css selector", "pre").screenshot(out)
finally:
    driver.quit()
shutil.rmtree(work)
print(plain)
print("wrote", out)
