# Afterflow: `make demo` shows the example vault, `make test` runs every test.
# Both install what they need (the cmark C library; for the tests also Chromium and poppler-utils)
# when it is missing.

SWIFT ?= swift
VAULT ?= ExampleVault
BIN := .build/debug/afterflow

.PHONY: demo test build install deps test-deps bench clean

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
	$(SWIFT) test

# The calendar test reads afterflow's .ics back with an independent parser, Python's icalendar
# package. Installed when python3 is there and the package is not; offline, the test says what
# is missing (and it is skipped, with the reason, on a machine without python3).
# The browser test prints a report to PDF with headless Chromium and reads it back with poppler's
# pdftotext and pdfinfo: chromium and poppler-utils, installed with apt-get when this is root
# and they are missing; otherwise the command to run is printed (and that test is skipped).
test-deps:
	@if command -v chromium >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1 && command -v pdfinfo >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing chromium and poppler-utils with apt-get (for the browser test)..."; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils) >/dev/null \
			|| { echo "apt-get could not install them; run: apt-get update && apt-get install -y chromium poppler-utils"; exit 1; }; \
	else \
		echo "The browser test needs Chromium and poppler-utils; it is skipped without them. Install them with:"; \
		echo "    sudo apt-get install -y chromium poppler-utils"; \
	fi
	@if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import icalendar' >/dev/null 2>&1; then \
		echo "Installing the Python package icalendar (for the calendar test)..."; \
		python3 -m pip install --quiet icalendar >/dev/null 2>&1 \
			|| python3 -m pip install --quiet --user icalendar >/dev/null 2>&1 \
			|| { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 \
				&& DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-icalendar >/dev/null 2>&1; } \
			|| echo "Could not install icalendar; run: python3 -m pip install icalendar"; \
	fi

build: deps
	$(SWIFT) build --product afterflow

# The optimised tool, copied to $(PREFIX)/bin. On Linux the Swift runtime and Foundation are linked
# in statically: start-up halves (no symbol binding across a dozen shared libraries) and the binary
# runs where Swift is not installed.
PREFIX ?= $(HOME)/.local
RELEASE_FLAGS := -c release $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)

install: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product afterflow
	install -d $(PREFIX)/bin
	install -m 0755 .build/release/afterflow $(PREFIX)/bin/afterflow
	@echo "Installed $(PREFIX)/bin/afterflow"

bench: deps
	Benchmarks/run.sh

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

clean:
	rm -rf .build
