# slotchain build, demo and test entry points.
#
#   make demo   install what is missing, build the wasm + sample index, serve www/ on :8080
#   make test   fmt + clippy + cargo test, then the wasm build, then the Node/browser tests
#
# Every target is idempotent: tools already present are detected and skipped.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

CARGO      ?= cargo
NPM        ?= npm
NODE       ?= node
PORT       ?= 8080
HOST       ?= 127.0.0.1
CHROMIUM   ?= /usr/bin/chromium

WASM_TARGET := wasm32-unknown-unknown
# Shared target dir: honour CARGO_TARGET_DIR when the caller sets it.
TARGET_DIR  := $(or $(CARGO_TARGET_DIR),target)
WASM_RAW    := $(TARGET_DIR)/$(WASM_TARGET)/wasm/slotchain.wasm
CLI         := $(TARGET_DIR)/release/slotchain
PKG         := pkg
WWW         := www
CORPUS      := corpus/helpcentre
SAMPLE_IDX  := $(WWW)/sample.idx
# The demo's open-text index: encyclopedia-style pages, no entity catalog.
OPEN_CORPUS := corpus/encyclopedia
OPEN_IDX    := $(WWW)/open.idx
# The help widget's demo index (www/docs.html): a small Markdown docs site.
DOCS_SITE   := js-tests/fixtures/docs-site
DOCS_IDX    := $(WWW)/docs.idx
DOCS_BUNDLE := $(WWW)/docs
WASM_OPT    := node_modules/.bin/wasm-opt
# Sizes are judged gzipped. Inlining every single-caller function (wasm-opt's
# default) makes fewer, huge functions that gzip ~11 KB worse; capping it
# measured smallest (raw +6 KB, gzip -12 KB; zstd agrees). With the cap, -O2
# gzips 0.3 KB smaller than -Oz (raw 8 KB larger) and ran `search` 1% and
# `ask` 3% faster in Node; caps of 5 and 15 and -O3 were larger.
WASM_OPT_FLAGS := -O2 --one-caller-inline-max-function-size 10 --converge
# rustc 1.95's wasm32 default features; wasm-opt must accept all of them.
WASM_FEATURES := --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
                 --enable-mutable-globals --enable-reference-types --enable-multivalue

# The CLI built for WASI, which the npm package's `slotchain` bin runs under
# node:wasi (package/node/wasi.js), and the package itself.
WASI_TARGET := wasm32-wasip1
WASI_CLI    := $(TARGET_DIR)/$(WASI_TARGET)/release/slotchain.wasm
PACKAGE_DIR := $(TARGET_DIR)/package

# The minimum supported Rust version (Cargo.toml's rust-version), which
# `make msrv` builds the wasm module with.
MSRV := $(shell awk -F'"' '/^rust-version/ { print $$2; exit }' Cargo.toml)
# The debug module the panic test loads (js-tests/panic.test.mjs).
PKG_DEBUG := $(TARGET_DIR)/pkg-debug

# The wasm-bindgen CLI must match the wasm-bindgen crate in Cargo.lock exactly.
WBG_VERSION = $(shell awk '/^name = "wasm-bindgen"$$/ { getline; gsub(/"/, "", $$3); print $$3; exit }' Cargo.lock)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: help tools tools-build rust-target wasm-bindgen-cli npm-deps chromium \
        cli wasm wasm-debug msrv demo demo-site serve test rust-checks js-test eval bench clean \
        fuzz fuzz-seeds wasi wasi-target package bench-wasi generator-sites

help:
	@echo "make demo    build everything and serve the demo on http://$(HOST):$(PORT)/"
	@echo "make test    cargo fmt/clippy/test, wasm build, Node + browser tests"
	@echo "make tools   install missing tools (wasm target, wasm-bindgen-cli, npm deps, chromium)"
	@echo "make wasm    build pkg/ (wasm-bindgen + wasm-opt), www/pkg/, www/sample.idx, www/open.idx and www/docs.idx"
	@echo "make msrv    check that the wasm module builds with the minimum Rust version ($(MSRV))"
	@echo "make package build the npm package $(PACKAGE_DIR)/slotchain-VERSION.tgz (wasm module, widget, WASI CLI)"
	@echo "make bench-wasi  time the WASI CLI against the native one on the Astro docs (needs ../shared/data)"
	@echo "make serve   serve www/ without rebuilding (PORT=8080 HOST=127.0.0.1)"
	@echo "make eval    run the evaluation    make bench   run the benchmarks"
	@echo "make fuzz    run each fuzz target FUZZ_SECONDS (default 60) seconds; nightly + cargo-fuzz"

# ---------------------------------------------------------------- tools
tools: tools-build chromium

# What the wasm build needs (no browser).
tools-build: rust-target wasm-bindgen-cli npm-deps

# Installs the rustup target $(1) when it is missing.
define rustup-target
	@if rustup target list --installed | grep -qx '$(1)'; then \
	  echo "==> rust target $(1): present"; \
	else \
	  echo "==> installing rust target $(1) (a few seconds, once)"; \
	  rustup target add $(1); \
	fi
endef

rust-target:
	$(call rustup-target,$(WASM_TARGET))

wasm-bindgen-cli:
	@want='$(WBG_VERSION)'; \
	if [ -z "$$want" ]; then echo "error: no wasm-bindgen entry in Cargo.lock" >&2; exit 1; fi; \
	have=$$(wasm-bindgen --version 2>/dev/null | awk '{print $$2}' || true); \
	if [ "$$have" = "$$want" ]; then \
	  echo "==> wasm-bindgen-cli $$want: present"; \
	else \
	  echo "==> installing wasm-bindgen-cli $$want (found: $${have:-none}; about 4 minutes, once)"; \
	  $(CARGO) install wasm-bindgen-cli --version "$$want" --force; \
	fi

# node_modules/.package-lock.json is written by npm on every install; it is
# older than package.json / package-lock.json exactly when node_modules is stale.
npm-deps: node_modules/.package-lock.json
	@echo "==> npm devDependencies: up to date (binaryen $$(node -p 'require("./node_modules/binaryen/package.json").version'), playwright-core $$(node -p 'require("./node_modules/playwright-core/package.json").version'))"

node_modules/.package-lock.json: package.json $(wildcard package-lock.json)
	@if [ -f package-lock.json ]; then \
	  echo "==> npm ci (binaryen, playwright-core; a few seconds)"; $(NPM) ci --no-audit --no-fund; \
	else \
	  echo "==> npm install (binaryen, playwright-core; a few seconds)"; $(NPM) install --no-audit --no-fund; \
	fi
	@touch $@

chromium:
	@if [ -x '$(CHROMIUM)' ]; then \
	  echo "==> chromium: present ($(CHROMIUM))"; \
	else \
	  echo "==> installing chromium via apt (about 1 minute, once)"; \
	  $(SUDO) apt-get update; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y chromium; \
	fi
	@# A CJK font, so screenshots of the Chinese examples show text, not boxes.
	@if fc-list 2>/dev/null | grep -qi 'wqy\|noto.*cjk'; then \
	  echo "==> CJK font: present"; \
	else \
	  echo "==> installing fonts-wqy-microhei via apt (once)"; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y fonts-wqy-microhei || \
	    { $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y fonts-wqy-microhei; }; \
	fi

# ---------------------------------------------------------------- build
cli:
	@echo "==> cargo build --release --bin slotchain"
	$(CARGO) build --release --bin slotchain

wasm: tools-build cli
	@echo "==> cargo build --lib --target $(WASM_TARGET) --profile wasm"
	$(CARGO) build --lib --target $(WASM_TARGET) --profile wasm
	@echo "==> wasm-bindgen --target web --out-dir $(PKG)"
	rm -rf $(PKG)
	wasm-bindgen --target web --out-dir $(PKG) $(WASM_RAW)
	@echo "==> wasm-opt $(WASM_OPT_FLAGS)"
	$(WASM_OPT) $(WASM_OPT_FLAGS) --strip-debug --strip-producers $(WASM_FEATURES) $(PKG)/slotchain_bg.wasm -o $(PKG)/slotchain_bg.opt.wasm
	mv $(PKG)/slotchain_bg.opt.wasm $(PKG)/slotchain_bg.wasm
	cp js/bundle.js js/bundle.d.ts $(PKG)/
	$(NODE) scripts/pkg-json.mjs $(PKG)
	rm -rf $(WWW)/pkg
	cp -r $(PKG) $(WWW)/pkg
	@echo "==> building the sample index $(SAMPLE_IDX)"
	$(CLI) index $(CORPUS)/passages.jsonl --entities $(CORPUS)/entities.jsonl \
	  --cues $(CORPUS)/cues.json -o $(SAMPLE_IDX)
	@$(MAKE) --no-print-directory $(OPEN_IDX) $(DOCS_IDX) $(DOCS_BUNDLE)/manifest.slc
	@scripts/sizes.sh $(PKG)/slotchain_bg.wasm $(SAMPLE_IDX) $(OPEN_IDX) $(DOCS_IDX) $(WWW)/widget/slotchain-search.js

# A debug build of the module with the `panic-test` feature (it exports
# __panicForTest), for the test that a panic's message reaches the console.
# Never copied into pkg/.
wasm-debug: tools-build
	@echo "==> cargo build --lib --target $(WASM_TARGET) --features panic-test (debug, for the panic test)"
	$(CARGO) build --lib --target $(WASM_TARGET) --features panic-test
	rm -rf $(PKG_DEBUG)
	wasm-bindgen --target web --out-dir $(PKG_DEBUG) $(TARGET_DIR)/$(WASM_TARGET)/debug/slotchain.wasm

# The wasm module builds with the declared minimum Rust version: installs that
# toolchain when missing (minimal profile, wasm target only), then checks the
# library for wasm with it, in its own target directory.
msrv:
	@if rustup toolchain list | grep -q '^$(MSRV)-'; then \
	  echo "==> rust $(MSRV) (MSRV): present"; \
	else \
	  echo "==> installing rust $(MSRV) (MSRV; minimal profile, about 20 s once)"; \
	  rustup toolchain install $(MSRV) --profile minimal --target $(WASM_TARGET); \
	fi
	@if ! rustup target list --toolchain $(MSRV) --installed | grep -qx '$(WASM_TARGET)'; then \
	  rustup target add --toolchain $(MSRV) $(WASM_TARGET); \
	fi
	@echo "==> cargo +$(MSRV) check --lib --target $(WASM_TARGET) --release (the MSRV builds the module)"
	CARGO_TARGET_DIR=$(TARGET_DIR)/msrv $(CARGO) +$(MSRV) check --lib --target $(WASM_TARGET) --release

# The demo's open-text index (its bridge and comparison examples): rebuilt when
# the pages (or the CLI) change. The CLI is built by `wasm`.
$(OPEN_IDX): $(OPEN_CORPUS)/passages.jsonl $(CLI)
	@echo "==> building the open-text index $@ from $(OPEN_CORPUS)/"
	$(CLI) index $(OPEN_CORPUS)/passages.jsonl -o $@

# The help widget's docs index (www/docs.html), public pages only: rebuilt when
# a page of the fixture site (or the CLI) changes. The CLI is built by `wasm`.
$(DOCS_IDX): $(shell find $(DOCS_SITE) 2>/dev/null) $(CLI)
	@echo "==> building the widget's docs index $@ (public pages only)"
	$(CLI) index $(DOCS_SITE) -o $@

# The same site as a sharded bundle (www/docs.html's widget loads this one).
$(DOCS_BUNDLE)/manifest.slc: $(shell find $(DOCS_SITE) 2>/dev/null) $(CLI)
	@echo "==> building the widget's docs bundle $(DOCS_BUNDLE)/ (public pages only)"
	$(CLI) index $(DOCS_SITE) --bundle -o $(DOCS_BUNDLE)

# The CLI for wasm32-wasip1 (release: `npx slotchain` indexes at this speed).
wasi-target:
	$(call rustup-target,$(WASI_TARGET))

wasi: wasi-target
	@echo "==> cargo build --release --bin slotchain --target $(WASI_TARGET)"
	$(CARGO) build --release --bin slotchain --target $(WASI_TARGET)

# The npm package `slotchain` (package/build.mjs): staged in
# $(PACKAGE_DIR)/slotchain/, packed into $(PACKAGE_DIR)/slotchain-VERSION.tgz.
package: wasm wasi
	$(NODE) package/build.mjs --out $(PACKAGE_DIR)

# ---------------------------------------------------------------- run
demo: wasm demo-site serve

# The "Docs search" tab over a real docs site: the Astro docs (MDX, English and
# Chinese) from ../shared/data when present, as a bundle in www/astro/ (then
# http://HOST:PORT/docs.html?site=astro). Skipped, saying so, without the data.
ASTRO_DOCS := $(or $(SLOTCHAIN_DATA),../shared/data)/astro-docs/docs
demo-site: cli
	@if [ -d "$(ASTRO_DOCS)" ]; then \
	  if [ -f $(WWW)/astro/manifest.slc ] && [ -z "$$(find $(ASTRO_DOCS) $(CLI) -newer $(WWW)/astro/manifest.slc -print -quit)" ]; then \
	    echo "==> Astro docs bundle up to date: $(WWW)/astro/ (docs.html?site=astro)"; \
	  else \
	    echo "==> building the Astro docs bundle $(WWW)/astro/ from $(ASTRO_DOCS)"; \
	    $(CLI) index $(ASTRO_DOCS) --bundle -o $(WWW)/astro; \
	  fi; \
	else \
	  echo "==> skipping the Astro docs bundle: $(ASTRO_DOCS) not found (docs.html shows the fixture site)"; \
	fi

# Serve www/ as it is (no rebuild).
serve:
	@test -f $(WWW)/pkg/slotchain_bg.wasm -a -f $(SAMPLE_IDX) -a -f $(OPEN_IDX) || { echo "error: run make wasm first" >&2; exit 1; }
	@echo "==> serving $(WWW)/ on http://$(HOST):$(PORT)/  (Ctrl-C to stop)"
	$(NODE) scripts/serve.mjs --root $(WWW) --host $(HOST) --port $(PORT)

# ---------------------------------------------------------------- test
rust-checks: wasi-target
	@echo "==> cargo fmt --check"
	$(CARGO) fmt --all -- --check
	@echo "==> cargo clippy --all-targets -- -D warnings"
	$(CARGO) clippy --all-targets -- -D warnings
	@echo "==> cargo clippy --lib --target $(WASM_TARGET) -- -D warnings (the wasm shell)"
	$(CARGO) clippy --lib --target $(WASM_TARGET) -- -D warnings
	@echo "==> cargo clippy --bin slotchain --target $(WASI_TARGET) -- -D warnings (the CLI under WASI)"
	$(CARGO) clippy --bin slotchain --target $(WASI_TARGET) -- -D warnings
	@echo "==> cargo test"
	$(CARGO) test

# wasi: js-tests/package.test.mjs packs the npm package, which holds the WASI CLI.
js-test: tools wasm-debug wasi
	@echo "==> node --test js-tests/"
	$(NODE) --test js-tests/

# The docs fixture built by mkdocs (material) and Sphinx (myst-parser) from
# PyPI, for tests/generators.rs: a venv in $(TARGET_DIR)/tmp/generators,
# installed once; skips, saying so, without python3 or PyPI.
generator-sites:
	bash tests/fixtures/generators/build.sh $(TARGET_DIR)/tmp/generators

# Sequential on purpose: the Rust checks fail fast before the slower wasm build.
test: tools
	$(MAKE) --no-print-directory generator-sites
	$(MAKE) --no-print-directory rust-checks
	$(MAKE) --no-print-directory msrv
	$(MAKE) --no-print-directory wasm
	$(MAKE) --no-print-directory js-test
	@echo "==> all tests passed"

# ---------------------------------------------------------------- fuzzing
# Coverage-guided fuzzing (cargo-fuzz/libFuzzer on nightly, installed when
# missing; a developer tool, not part of `make test`): each target of fuzz/
# runs FUZZ_SECONDS seconds, and a table of executions, coverage, slowest
# input, peak RSS and findings is printed (fuzz/run.sh). `make test` replays
# the committed seeds and minimised crashes on stable (tests/fuzz_replay.rs).
FUZZ_SECONDS ?= 60
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash fuzz/run.sh

# Rewrites the generated seeds of fuzz/seeds/ (after a format change).
fuzz-seeds:
	SLOTCHAIN_WRITE_SEEDS=1 $(CARGO) test --test fuzz_replay

# ---------------------------------------------------------------- lead-owned placeholders
# Evaluation on ../shared/data (skips, saying so, when it is absent).
eval:
	bash scripts/eval.sh

# Comparison with JS search libraries on ../shared/data (bench/README.md), the
# bytes a question fetches from a bundle (bench/bundle-fetch.mjs), then
# the native criterion bench (ask latency on a 10k-passage corpus). Skips, saying
# so, when the data is absent. Not part of make test. BENCH_ARGS go to run.mjs.
BENCH_DATA ?= ../shared/data
BENCH_ARGS ?=
BENCH_NPM  := minisearch flexsearch lunr @orama/orama pagefind playwright-core
bench:
	@if [ ! -d '$(BENCH_DATA)' ]; then echo "make bench: skipped — $(BENCH_DATA) not found"; exit 0; fi; \
	if [ ! -x '$(CLI)' ] || [ ! -f '$(PKG)/slotchain_bg.wasm' ] || [ ! -f '$(PKG)/slotchain.js' ]; then \
	  $(MAKE) --no-print-directory wasm; \
	fi; \
	for p in $(BENCH_NPM); do \
	  if [ ! -f "node_modules/$$p/package.json" ]; then \
	    echo "==> npm install (bench devDependencies missing: $$p)"; $(NPM) install --no-audit --no-fund; break; \
	  fi; \
	done; \
	echo "==> node --expose-gc bench/run.mjs $(BENCH_ARGS)"; \
	SLOTCHAIN_DATA='$(BENCH_DATA)' $(NODE) --expose-gc bench/run.mjs $(BENCH_ARGS); \
	echo "==> node bench/bundle-fetch.mjs (bytes per question from bundles of the Python and Astro docs)"; \
	SLOTCHAIN_DATA='$(BENCH_DATA)' $(NODE) bench/bundle-fetch.mjs; \
	echo "==> cargo bench --bench ask (native, criterion)"; \
	$(CARGO) bench --bench ask; \
	echo "==> results: bench/results.md, bench/results.json, bench/chart.svg; criterion: $(TARGET_DIR)/criterion/"

# The WASI CLI against the native one, indexing the Astro docs as a bundle:
# the bytes must be identical; times for the README (bench/wasi.mjs).
bench-wasi: cli package
	SLOTCHAIN_DATA='$(BENCH_DATA)' $(NODE) bench/wasi.mjs

clean:
	rm -rf $(PKG) $(WWW)/pkg $(SAMPLE_IDX) $(OPEN_IDX) $(WWW)/docs.idx $(DOCS_BUNDLE) $(WWW)/astro test-results
