# The two commands of the README: `make run` and `make test`.
SWIFT ?= swift
DAYBOOK := .build/release/daybook

.PHONY: run test bench system-packages release theme

## Build the example diary in Content/ into Output/ (installs missing system packages first).
run: release
	$(DAYBOOK) build
	@echo "Site written to $(CURDIR)/Output/index.html"
	@echo "View it with: python3 -m http.server 8000 --bind 127.0.0.1 --directory Output  (then open http://127.0.0.1:8000/)"

## Build everything and run every test.
test: system-packages
	@scripts/install-test-tools.sh
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## Speed figures (see BENCHMARKS.md).
bench: system-packages
	$(SWIFT) build -c release --product template-bench
	.build/release/template-bench

release: system-packages
	$(SWIFT) build -c release --product daybook

system-packages:
	@scripts/install-system-packages.sh

## Re-embed Templates/ into the binary after editing the default theme.
theme:
	python3 scripts/embed-theme.py
