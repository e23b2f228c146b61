# Afterflow: `make demo` shows the example vault, `make test` runs every test.
# Both install what they need (the cmark and SQLite C libraries; for the tests also Chromium,
# poppler-utils, vim, nano, tmux, strace and two Python packages) when it is missing.

SWIFT ?= swift
# bash, for pipefail: a build whose output is filtered (below) still fails when the build fails.
SHELL := /bin/bash

# swift-distributed-tracing, which Hummingbird depends on, keeps CMakeLists.txt files among its
# sources, and SwiftPM warns about each of them ("found 1 file(s) which are unhandled", and the
# file's path on the next line) on a first build. They are that package's, harmless, and nothing
# a user of afterflow can act on, so the builds below leave those two-line warnings out; every
# other line, warnings of our own included, is shown as it comes.
QUIET_DEPENDENCIES := awk '/^warning: .swift-distributed-tracing.: found [0-9]+ file\(s\) which are unhandled/ { skip = 1; next } \
	skip && /^ +\// { skip = 0; next } { skip = 0; print; fflush() }'
VAULT ?= ExampleVault
BIN := .build/debug/afterflow

.PHONY: demo test test-lsp build install deps test-deps age bench bench-deps stress fuzz clean

demo: deps build
	@echo
	@echo "== afterflow list --vault $(VAULT)"
	@$(BIN) list --vault $(VAULT)
	@echo
	@echo "== afterflow show 2024-12-10 --vault $(VAULT)"
	@$(BIN) show 2024-12-10 --vault $(VAULT)
	@echo
	@echo "== afterflow check --vault $(VAULT)"
	@$(BIN) check --vault $(VAULT)

test: deps test-deps
	@echo "$(SWIFT) build --build-tests"; set -o pipefail; $(SWIFT) build --build-tests 2>&1 | $(QUIET_DEPENDENCIES)
	$(SWIFT) test
	$(MAKE) --no-print-directory test-lsp
	SWIFT=$(SWIFT) Tests/Fuzz/run.sh smoke $(FUZZ_SMOKE_SECONDS)

# afterflow lsp driven by an independent client, pytest-lsp (Tests/lsp), on a copy of ExampleVault.
test-lsp: test-deps
	@if python3 -c "import pytest_lsp" >/dev/null 2>&1; then \
		echo "AFTERFLOW_BIN=$(BIN) python3 -m pytest -q Tests/lsp"; \
		AFTERFLOW_BIN=$(BIN) PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q -p no:cacheprovider Tests/lsp; \
	else \
		echo "Skipped the pytest-lsp tests: pytest-lsp is not installed (python3 -m pip install pytest-lsp)"; \
	fi

# Tests check what afterflow writes with real, independent tools, and drive real programs:
#   chromium, poppler-utils  print a report to PDF and read it back (pdftotext, pdfinfo)
#   vim, nano, tmux          real editors driven through a pseudo-terminal
#   neovim                   its built-in LSP client shows afterflow lsp's diagnostics (headless)
#   strace                   watches for network connections
#   git                      real repositories
#   age                      encrypts and decrypts backups
#   chromium-driver          drives the phone page of afterflow serve in headless Chromium (WebDriver)
#   qrencode                 the QR code afterflow serve prints
#   fonts-noto-color-emoji   the check-in's emoji in the journal page's screenshots (Chromium draws
#                            boxes without a colour emoji font); a font, so looked for with fc-list
# and the Python packages icalendar, PyYAML and fhir.resources read the .ics, the front matter and
# the FHIR bundle back (fhirpathpy checks the bundle's FHIRPath invariants); selenium speaks WebDriver;
# pytest-lsp is an independent language client for afterflow lsp (make test-lsp).
# Installed with apt-get and pip when this is root and they are missing; otherwise the command
# to run is printed (and the tests that need them say what is missing).
TEST_APT := chromium chromium-driver qrencode poppler-utils vim nano tmux strace git age neovim fonts-noto-color-emoji
TEST_BINS := chromium chromedriver qrencode pdftotext pdfinfo vim nano tmux strace git age age-keygen nvim
TEST_PY := icalendar yaml selenium fhir.resources fhirpathpy pytest_lsp
TEST_PIP := icalendar pyyaml selenium fhir.resources fhirpathpy pytest-lsp

test-deps:
	@missing=""; for b in $(TEST_BINS); do command -v $$b >/dev/null 2>&1 || missing="$$missing $$b"; done; \
	[ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || fc-list 2>/dev/null | grep -qi "Noto Color Emoji" \
		|| missing="$$missing fonts-noto-color-emoji"; \
	if [ -z "$$missing" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing the test tools with apt-get (missing:$$missing)..."; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(TEST_APT)) >/dev/null \
			|| { echo "apt-get could not install them; run: apt-get update && apt-get install -y $(TEST_APT)"; exit 1; }; \
	else \
		echo "Some tests need$$missing; they are skipped without them. Install them with:"; \
		echo "    sudo apt-get install -y $(TEST_APT)"; \
	fi
	@if command -v python3 >/dev/null 2>&1; then \
		for m in $(TEST_PY); do python3 -c "import $$m" >/dev/null 2>&1 || need=1; done; \
		if [ -n "$$need" ]; then \
			echo "Installing the Python packages $(TEST_PIP) (the tests read afterflow's files back with them)..."; \
			python3 -m pip install --quiet $(TEST_PIP) >/dev/null 2>&1 \
				|| python3 -m pip install --quiet --user $(TEST_PIP) >/dev/null 2>&1 \
				|| echo "Could not install them; run: python3 -m pip install $(TEST_PIP)"; \
		fi; \
	fi

build: deps
	@echo "$(SWIFT) build --product afterflow"; set -o pipefail; $(SWIFT) build --product afterflow 2>&1 | $(QUIET_DEPENDENCIES)
	@echo "$(SWIFT) build --product afterflow-oembed"; set -o pipefail; $(SWIFT) build --product afterflow-oembed 2>&1 | $(QUIET_DEPENDENCIES)

# The optimised tool, copied to $(PREFIX)/bin, with shell completion for bash, zsh and fish and the
# man page. On Linux the Swift runtime and Foundation are linked in statically: start-up halves (no
# symbol binding across a dozen shared libraries) and the binary runs where Swift is not installed.
# It is linked at a fixed address (-no-pie): a position-independent one starts by rewriting 130,000
# pointers in Swift's metadata, a copied page each, which is a third of `afterflow show`'s time.
# The shared libraries, stack and heap are still placed at random; `make install PIE=1` keeps
# the binary position-independent too. Its own symbols are not exported (--no-export-dynamic,
# against the driver's default -export-dynamic): 43,000 of them made every start search them, in
# the runtime's dladdr at start and in the loader's binding of libstdc++, a quarter of `--version`.
# Unless PIE=1 it is a static executable (-static-executable: glibc, libstdc++, SQLite and cmark
# linked in too), so no loader runs at all: another 3 ms of every command. afterflow takes the
# home folder from $HOME and asks glibc's user database (NSS, which a static binary loads from the
# glibc it was built with) nothing; `make install` builds on the machine it installs to anyway.
PREFIX ?= $(HOME)/.local
LINUX := $(filter Linux,$(shell uname -s))
RELEASE_FLAGS := -c release $(if $(LINUX),--static-swift-stdlib -Xlinker --no-export-dynamic $(if $(PIE),,-Xswiftc -static-executable -Xlinker -no-pie),)
# Where bash-completion, zsh (fpath) and fish look for completions, and man for pages.
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d
MAN_DIR ?= $(PREFIX)/share/man/man1
MANUAL := .build/plugins/GenerateManual/outputs/afterflow

install: deps age
	$(SWIFT) build $(RELEASE_FLAGS) --product afterflow
	install -d $(PREFIX)/bin $(BASH_COMPLETION_DIR) $(ZSH_COMPLETION_DIR) $(FISH_COMPLETION_DIR) $(MAN_DIR)
	install -m 0755 .build/release/afterflow $(PREFIX)/bin/afterflow
# afterflow-oembed makes the one request of `music fetch --online`; afterflow runs it from its own
# folder. It links FoundationNetworking and so libcurl, which afterflow itself does not load; built
# without --static-swift-stdlib, which would need libcurl's development files to link.
	$(SWIFT) build -c release --product afterflow-oembed
	install -m 0755 .build/release/afterflow-oembed $(PREFIX)/bin/afterflow-oembed
	.build/release/afterflow --generate-completion-script bash > $(BASH_COMPLETION_DIR)/afterflow
	.build/release/afterflow --generate-completion-script zsh > $(ZSH_COMPLETION_DIR)/_afterflow
	.build/release/afterflow --generate-completion-script fish > $(FISH_COMPLETION_DIR)/afterflow.fish
# The man page comes from swift-argument-parser's GenerateManual plugin. It builds the tool it
# describes; from the debug build, which `make demo` and `make test` keep (the release one is
# linked with other flags, and building it both ways would rebuild it every time); the help is the same.
	rm -rf $(MANUAL)
	$(SWIFT) package plugin generate-manual --configuration debug >/dev/null
	install -m 0644 $(MANUAL)/afterflow.1 $(MAN_DIR)/afterflow.1
	@echo "Installed $(PREFIX)/bin/afterflow"
	@echo "  completion: $(BASH_COMPLETION_DIR)/afterflow, $(ZSH_COMPLETION_DIR)/_afterflow, $(FISH_COMPLETION_DIR)/afterflow.fish"
	@echo "  manual:     $(MAN_DIR)/afterflow.1 (man afterflow)"

# The benchmark's peers and floors, never installed by the tests: hyperfine, GNU time, cmark,
# pandoc, ripgrep and perf from Debian's packages (with apt-get when this is root; otherwise the
# command to run is printed), and jrnl, python-frontmatter and PyYAML from PyPI into a virtual
# environment of their own (BENCH_VENV), so that nothing else on the machine changes.
BENCH_VENV ?= Benchmarks/.venv
BENCH_TOOLS := hyperfine cmark pandoc rg
bench-deps: deps
	@missing=""; for tool in $(BENCH_TOOLS); do command -v $$tool >/dev/null 2>&1 || missing="$$missing $$tool"; done; \
	[ -x /usr/bin/time ] || missing="$$missing time"; \
	if [ -z "$$missing" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing hyperfine, time, cmark, pandoc, ripgrep and perf with apt-get..."; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine time cmark pandoc ripgrep) >/dev/null \
			|| { echo "apt-get could not install them; run: apt-get install -y hyperfine time cmark pandoc ripgrep"; exit 1; }; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq linux-perf >/dev/null 2>&1 || echo "(perf is not installed: the benchmark runs without its profiles)"; \
	else \
		echo "The benchmark needs:$$missing. Install them, then run make again:"; \
		echo "    sudo apt-get install -y hyperfine time cmark pandoc ripgrep linux-perf"; exit 1; \
	fi
	@[ -x $(BENCH_VENV)/bin/jrnl ] && [ -x $(BENCH_VENV)/bin/python ] && $(BENCH_VENV)/bin/python -c 'import frontmatter, yaml' 2>/dev/null || { \
		echo "Installing jrnl, python-frontmatter and PyYAML into $(BENCH_VENV)..."; \
		python3 -m venv $(BENCH_VENV) && $(BENCH_VENV)/bin/pip install -q jrnl==4.6 python-frontmatter==1.3.0 PyYAML==6.0.4; }

bench: deps bench-deps
	Benchmarks/run.sh

# The crash test longer than make test runs it: CRASH_RUNS kills per command (make test: 25).
CRASH_RUNS ?= 200
stress: deps test-deps
	CRASH_RUNS=$(CRASH_RUNS) $(SWIFT) test --filter CrashSafetyTests

# The fuzz targets (Tests/Fuzz) built with libFuzzer and the address sanitizer, each run for
# FUZZ_SECONDS; what they find that is new is kept in Tests/Fuzz/Corpus, a crash in
# Tests/Fuzz/Crashes (replayed by swift test). make test runs each for FUZZ_SMOKE_SECONDS.
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 5
fuzz: deps
	SWIFT=$(SWIFT) Tests/Fuzz/run.sh fuzz $(FUZZ_SECONDS)

# libcmark-dev and libsqlite3-dev: installed with apt-get when this is root on Debian or Ubuntu;
# otherwise the exact command to run is printed.
deps:
	@if [ -f /usr/include/cmark.h ] && [ -f /usr/include/sqlite3.h ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing libcmark-dev and libsqlite3-dev with apt-get..."; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcmark-dev libsqlite3-dev) >/dev/null \
			|| { echo "apt-get could not install them; run: apt-get update && apt-get install -y libcmark-dev libsqlite3-dev"; exit 1; }; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "The cmark and SQLite C libraries are needed. Install them, then run make again:"; \
		echo "    sudo apt-get install -y libcmark-dev libsqlite3-dev"; exit 1; \
	elif command -v brew >/dev/null 2>&1; then \
		echo "The cmark C library is missing. Install it, then run make again:"; \
		echo "    brew install cmark"; exit 1; \
	else \
		echo "The cmark and SQLite C libraries (with their headers) are missing; install them with your package manager."; exit 1; \
	fi

# age encrypts the archives of `afterflow backup` and decrypts them for `restore`: installed with
# apt-get when this is root and it is missing; otherwise the command is printed (nothing else needs it).
age:
	@if command -v age >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing age with apt-get (afterflow backup and restore use it)..."; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq age) >/dev/null \
			|| echo "apt-get could not install age; backup and restore need it: apt-get install -y age"; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "afterflow backup and restore need age: sudo apt-get install -y age"; \
	elif command -v brew >/dev/null 2>&1; then \
		echo "afterflow backup and restore need age: brew install age"; \
	else \
		echo "afterflow backup and restore need age (https://age-encryption.org); install it with your package manager."; \
	fi

clean:
	rm -rf .build
