# Scrim's two set-up commands: `make demo` runs the demo scenario with the shipped plugins,
# `make test` runs the test suite. Each installs the system packages it needs when missing.

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test build deps lint-deps

demo: build
	.build/debug/scrim run Scripts/demo.lua

test: deps lint-deps
	$(SWIFT) test --disable-xctest

build: deps
	$(SWIFT) build --product scrim

# Lua 5.4's headers and library (pkg-config lua5.4), libedit for the REPL's line editing, and
# pkg-config itself.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists lua5.4 || ! pkg-config --exists libedit; then \
	  echo "Installing liblua5.4-dev, libedit-dev and pkg-config with apt-get…"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq liblua5.4-dev libedit-dev pkg-config >/dev/null && \
	  echo "Installed."; \
	fi

# luacheck (Debian's lua-check), which the tests run over the shipped plugins and scenarios.
lint-deps:
	@if ! command -v luacheck >/dev/null 2>&1; then \
	  echo "Installing lua-check with apt-get…"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq lua-check >/dev/null && \
	  echo "Installed."; \
	fi
