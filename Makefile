# The two commands of the README: `make run` and `make test`.
SWIFT ?= swift
DAYBOOK := .build/release/daybook

.PHONY: run test bench system-packages release

## Build the example diary in Content/ (installs missing system packages first).
run: release
	$(DAYBOOK) check

## Build everything and run every test.
test: system-packages
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
