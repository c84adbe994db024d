# The two commands of the README: `make run` and `make test`.
SWIFT ?= swift
DAYBOOK := .build/release/daybook
# Release builds carry Swift's runtime and Foundation inside the binary: each start of `daybook`
# binds 38 shared libraries instead of 53 and resolves far fewer symbols (a no-op build of a
# 10,950-entry diary: 96 → 79 ms here). Nor do they link libcurl, which Foundation's URLSession
# names but Daybook never calls: CCurlOnDemand opens it on first use, and the 30 libraries it
# needs are not loaded at each start (no-op build 55 → 47 ms, `daybook --version` 11 → 7 ms).
RELEASE_BUILD := $(SWIFT) build -c release --static-swift-stdlib \
	-Xswiftc -Xfrontend -Xswiftc -disable-autolink-library -Xswiftc -Xfrontend -Xswiftc curl

.PHONY: run test bench system-packages release theme

## Build the example diary in Content/ into Output/ (installs missing system packages first).
run: release
	$(DAYBOOK) build
	@echo "Site written to $(CURDIR)/Output/index.html"
	@echo "View it with: $(DAYBOOK) serve  (then open http://127.0.0.1:4000/)"

## Build everything and run every test.
test: system-packages
	@scripts/install-test-tools.sh
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## Speed figures: Daybook against Hugo and the floor, builds and `serve` (save → served page), and pictures
## (a photo diary, against vipsthumbnail, ImageMagick and Hugo), written to BENCHMARKS.md (a few hours;
## corpora are kept in /tmp/daybook-bench). Installs hugo, valgrind, time, cmark-gfm, libvips-tools,
## imagemagick and lomiri-wallpapers-16.04 (the photographs the photo diary is made from) when missing.
## BENCH_QUICK=1 make bench: 1,095 and 10,950 entries only, fewer runs, 200 photos.
## BENCH_ONLY=pictures make bench: the pictures section alone. More settings: scripts/bench.py.
bench: system-packages
	@if command -v dpkg-query >/dev/null 2>&1; then \
	  sudo=""; if [ "$$(id -u)" -ne 0 ]; then sudo="sudo"; fi; \
	  missing=""; for p in hugo time cmark-gfm valgrind libvips-tools imagemagick lomiri-wallpapers-16.04; do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	  done; \
	  if [ -n "$$missing" ]; then \
	    echo "Installing$$missing" >&2; \
	    $$sudo apt-get update -qq; \
	    $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null \
	      || $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hugo time cmark-gfm libvips-tools imagemagick \
	           lomiri-wallpapers-16.04 >/dev/null; \
	  fi; \
	fi
	$(RELEASE_BUILD) --product daybook
ifneq ($(BENCH_ONLY),pictures)
	$(RELEASE_BUILD) --product daybook-corpus
	$(RELEASE_BUILD) --product template-bench
	$(RELEASE_BUILD) --product stat-floor
endif
	python3 scripts/bench.py

release: system-packages
	$(RELEASE_BUILD) --product daybook

system-packages:
	@scripts/install-system-packages.sh

## Re-embed Templates/ and the unlock script (Sources/SiteEncryption/Browser/unlock.js) into the binary after editing them.
theme:
	python3 scripts/embed-theme.py
