# Scrim's two set-up commands: `make demo` runs the demo scenario with the shipped plugins,
# `make test` runs the test suite. Each installs the system packages it needs when missing.

SWIFT ?= swift
SWIFTC ?= swiftc
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test test-busy sanitize bench fuzz build lib pc install docs deps lint-deps browser-deps bench-deps export-deps screenshot pictures

demo: build
	.build/debug/scrim run Scripts/demo.lua

# The tests load the C library (Examples/ are built and run against it), so it is built first;
# the DocC reference is built last, its warnings (a broken symbol link) as errors.
test: deps lint-deps browser-deps bench-deps export-deps
	$(SWIFT) build --product CScrim
	@$(MAKE) --no-print-directory pc CONFIG=debug
	$(SWIFT) test --disable-xctest
	@$(MAKE) --no-print-directory docs
	@if [ "$$CI" = true ]; then $(MAKE) --no-print-directory sanitize SANITIZER=address; fi

# `make test` on a busy machine: two CPU-bound processes run beside it for its whole length
# (docs/robustness.md). Every wait in the suite waits for its event, with a generous deadline.
test-busy:
	@yes > /dev/null & first=$$!; yes > /dev/null & second=$$!; \
	  $(MAKE) --no-print-directory test; status=$$?; kill $$first $$second; exit $$status

# The test suite under a sanitizer (SANITIZER=address or thread), in a build folder of its own;
# on CI (CI=true) `make test` runs it with AddressSanitizer after the plain run. Left out: the
# C-embedding tests, whose C host is not built with the sanitizer's runtime. LeakSanitizer is
# off: what it reports comes from tests that keep their own application alive (docs/robustness.md).
SANITIZER ?= address
sanitize: deps lint-deps browser-deps bench-deps export-deps
	ASAN_OPTIONS=detect_leaks=0 SCRIM_MODEL_SEQUENCES=300 SCRIM_API_PROGRAMS=300 SCRIM_C_ABI_PROGRAMS=300 \
	  $(SWIFT) test --disable-xctest --sanitize=$(SANITIZER) --scratch-path .build-$(SANITIZER) --skip EmbeddingTests

# The benchmarks (docs/performance.md), in a release build with the Swift runtime linked in (most
# of scrim's start-up was loading it): a table of each figure against its baseline and target, and
# scrim-bench.json. `make bench BENCH="--compare old.json"` passes options.
bench: deps bench-deps
	$(SWIFT) build -c release --static-swift-stdlib --product scrim
	.build/release/scrim bench $(BENCH)

build: deps
	$(SWIFT) build --product scrim

# libFuzzer on what reads untrusted bytes (docs/robustness.md): the control socket's lines,
# saved state, plugin source; and driving the hostile program generators (FUZZ_TARGETS="api
# c-abi"). FUZZ_TIME seconds per target; crashes land in .build-fuzz/.
FUZZ_TIME ?= 60
FUZZ_TARGETS ?= control restoration plugin
fuzz: deps
	$(SWIFT) build --target ScrimFuzzing --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address
	$(SWIFTC) -parse-as-library -sanitize=fuzzer,address Fuzz/Driver/main.swift \
	  -I .build-fuzz/debug/Modules -I Sources/CLua $$(pkg-config --cflags-only-I lua5.4 | sed 's/-I/-Xcc -I/g') \
	  -Xcc -fmodule-map-file=.build-fuzz/debug/CSandbox.build/module.modulemap -I Sources/CSandbox/include \
	  -Xcc -fmodule-map-file=.build-fuzz/debug/CLuaBridge.build/module.modulemap -I Sources/CLuaBridge/include \
	  $$(Fuzz/link-objects .build-fuzz/debug ScrimFuzzing CScrim ScrimControl ScrimLua LuaBridge CLuaBridge CSandbox ScrimCore) \
	  $$(pkg-config --libs lua5.4) -o .build-fuzz/scrim-fuzz > .build-fuzz/link.log 2>&1; \
	  status=$$?; grep -v 'Cannot export local symbol' .build-fuzz/link.log; exit $$status
	for target in $(FUZZ_TARGETS); do \
	  mkdir -p .build-fuzz/corpus-$$target; \
	  echo "fuzzing $$target for $(FUZZ_TIME) s"; \
	  ASAN_OPTIONS=detect_leaks=0 SCRIM_FUZZ_TARGET=$$target .build-fuzz/scrim-fuzz -max_total_time=$(FUZZ_TIME) \
	    -timeout=$$(case $$target in api|c-abi) echo 60;; *) echo 10;; esac) -rss_limit_mb=4096 -artifact_prefix=.build-fuzz/$$target- \
	    .build-fuzz/corpus-$$target Fuzz/corpus/$$target $$([ $$target = plugin ] && echo Plugins) || exit 1; \
	done

# The C library for embedding: .build/release/libCScrim.so, and scrim.pc beside it for
# pkg-config (PKG_CONFIG_PATH=.build/release). `make install PREFIX=…` copies them and scrim.h.
VERSION := $(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/ScrimLua/Runtime/Runtime.swift)
CONFIG ?= release
PREFIX ?= /usr/local

lib: deps
	$(SWIFT) build -c release --product CScrim
	@$(MAKE) --no-print-directory pc CONFIG=release

pc:
	@sed -e 's|@prefix@|$(CURDIR)|' -e 's|@libdir@|$(CURDIR)/.build/$(CONFIG)|' \
	  -e 's|@includedir@|$(CURDIR)/Sources/CScrim/include|' -e 's|@version@|$(VERSION)|' \
	  Sources/CScrim/scrim.pc.in > .build/$(CONFIG)/scrim.pc

install: lib
	install -d $(PREFIX)/lib/pkgconfig $(PREFIX)/include
	install -m 755 .build/release/libCScrim.so $(PREFIX)/lib/
	install -m 644 Sources/CScrim/include/scrim.h $(PREFIX)/include/
	sed -e 's|@prefix@|$(PREFIX)|' -e 's|@libdir@|$(PREFIX)/lib|' -e 's|@includedir@|$(PREFIX)/include|' \
	  -e 's|@version@|$(VERSION)|' Sources/CScrim/scrim.pc.in > $(PREFIX)/lib/pkgconfig/scrim.pc

# The DocC reference of ScrimCore and ScrimLua (with the getting-started article), as static
# sites in .build/docs/ScrimCore and .build/docs/ScrimLua.
docs: deps
	mkdir -p .build/docs
	for target in ScrimCore LuaBridge ScrimLua ScrimControl; do \
	  $(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target $$target --warnings-as-errors \
	    --disable-indexing --transform-for-static-hosting --output-path .build/docs/$$target || exit 1; \
	done

# Lua 5.4's headers and library (pkg-config lua5.4), libedit for the REPL's line editing, zlib
# for the tests that read screenshots, pkg-config itself, and the DejaVu Sans faces labels are
# measured and drawn with (Book and Bold in fonts-dejavu-core, ExtraLight in fonts-dejavu-extra).
FONTS := /usr/share/fonts/truetype/dejavu
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists lua5.4 || ! pkg-config --exists libedit \
	    || ! pkg-config --exists zlib || [ ! -f $(FONTS)/DejaVuSans-Bold.ttf ] || [ ! -f $(FONTS)/DejaVuSans-ExtraLight.ttf ]; then \
	  echo "Installing liblua5.4-dev, libedit-dev, zlib1g-dev, pkg-config and the DejaVu fonts with apt-get…"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq liblua5.4-dev libedit-dev zlib1g-dev pkg-config \
	    fonts-dejavu-core fonts-dejavu-extra >/dev/null && \
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

# The stand-alone Lua interpreter (Debian's lua5.4), the baseline of the start-up benchmark.
bench-deps:
	@if ! command -v lua5.4 >/dev/null 2>&1; then \
	  echo "Installing lua5.4 with apt-get (the start-up benchmark's baseline)…"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq lua5.4 >/dev/null && \
	  echo "Installed."; \
	fi

# Chromium (Debian's chromium), in which the tests open a rendered page and check its pixels.
# When it cannot be installed, those tests are skipped and say why; the rest still run.
browser-deps:
	@if ! command -v chromium >/dev/null 2>&1; then \
	  echo "Installing chromium with apt-get (for the browser tests)…"; \
	  { $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null && echo "Installed."; } \
	  || echo "Could not install chromium: the browser tests will be skipped."; \
	fi

# rsvg-convert (Debian's librsvg2-bin) and ffmpeg, with which `scrim render --out FILE.png|gif|mp4`
# draws frames and encodes them, and ffprobe (in ffmpeg), with which the tests read them back.
export-deps:
	@if ! command -v rsvg-convert >/dev/null 2>&1 || ! command -v ffmpeg >/dev/null 2>&1; then \
	  echo "Installing librsvg2-bin and ffmpeg with apt-get (PNG, GIF and MP4 export)…"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq librsvg2-bin ffmpeg >/dev/null && \
	  echo "Installed."; \
	fi

# The pictures in the README and docs/rendering.md, made by `scrim render` itself.
pictures: build export-deps
	.build/debug/scrim render Scripts/content.lua --out docs/images/content.png --scale 2
	.build/debug/scrim render Scripts/zoom.lua --out docs/images/zoom.gif --to 1.7 >/dev/null

# The README's screenshot: the demo's half sheet at rest, in the player page, in headless Chromium.
SCREENSHOT_AT ?= t=0.55
screenshot: build browser-deps
	.build/debug/scrim render Scripts/demo.lua --out .build/demo.html >/dev/null
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
	  --window-size=1200,920 --screenshot=docs/images/demo-half-sheet.png \
	  "file://$(CURDIR)/.build/demo.html#$(SCREENSHOT_AT)" 2>/dev/null
