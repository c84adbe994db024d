# The two commands of the README: `make run` and `make test`. Installing: `make install`
# (PREFIX, DESTDIR), `make uninstall`, `make deb` and `make dist` (README, "Installing").
SWIFT ?= swift
CC ?= cc
DAYBOOK := .build/release/daybook
# Release builds carry Swift's runtime and Foundation inside the binary: each start of `daybook`
# binds 38 shared libraries instead of 53 and resolves far fewer symbols (a no-op build of a
# 10,950-entry diary: 96 → 79 ms here). Nor do they link libcurl, which Foundation's URLSession
# calls for S3 deploy: CCurlOnDemand opens it on first use (its header says why). Every module that
# imports Foundation, those of the packages Daybook uses too, asks the link for libcurl, and only a
# flag given to every compilation can tell them not to; Package.swift cannot give one to a dependency.
RELEASE_BUILD := $(SWIFT) build -c release --static-swift-stdlib \
	-Xswiftc -Xfrontend -Xswiftc -disable-autolink-library -Xswiftc -Xfrontend -Xswiftc curl

# The release as the Debian package and the tarball name it, and the commit the binary records: the
# Makefile links an object file defining it (Sources/CBuildCommit says how); without git there is none.
VERSION := $(shell sed -n 's/.*static let number = "\(.*\)"/\1/p' Sources/DiaryCommands/DaybookVersion.swift)
COMMIT := $(shell git describe --always --dirty --abbrev=12 --exclude '*' 2>/dev/null)
COMMIT_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date +%Y-%m-%d)
COMMIT_OBJECT := $(if $(COMMIT),.build/commit/$(COMMIT).o)
ARCH := $(shell dpkg --print-architecture 2>/dev/null || uname -m)

# Where `make install` puts things; DESTDIR is prepended for packagers. Each shell looks in its own
# folder: bash-completion loads completions/<command> on demand, zsh reads $$fpath (Debian's zsh has
# /usr/local/share/zsh/site-functions and, for packages, /usr/share/zsh/vendor-completions), fish
# its vendor_completions.d under /usr/local/share and /usr/share.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(if $(filter /usr,$(PREFIX)),$(PREFIX)/share/zsh/vendor-completions,$(PREFIX)/share/zsh/site-functions)
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d
# What `make install` writes, relative to DESTDIR (scripts/test-install.sh checks exactly these).
INSTALLED_FILES := $(BINDIR)/daybook $(MANDIR)/man1/daybook.1 $(BASH_COMPLETION_DIR)/daybook \
	$(ZSH_COMPLETION_DIR)/_daybook $(FISH_COMPLETION_DIR)/daybook.fish

# The files installed, built once from the release binary into .build/package/.
PACKAGE_FILES := .build/package/daybook .build/package/daybook.1 .build/package/daybook.bash \
	.build/package/_daybook .build/package/daybook.fish

.PHONY: run test bench system-packages release theme install uninstall deb dist package-files

## Build the example diary in Content/ into Output/ (installs missing system packages first).
run: release
	$(DAYBOOK) build
	@echo "Site written to $(CURDIR)/Output/index.html"
	@echo "View it with: $(DAYBOOK) serve  (then open http://127.0.0.1:4000/)"

## Build everything and run every test (two test processes at once, the command-line and browser
## tests on the release binary), then install the release build into a folder and test it there,
## and build, install (apt-get), use and remove the Debian package; prints each part's time
## (scripts/test.sh). TEST_WORKERS=N: N test processes at once.
test: system-packages
	@SWIFT="$(SWIFT)" scripts/test.sh

## Speed figures: Daybook against Hugo and the floor, builds and `serve` (save → served page), and pictures
## (a photo diary, against vipsthumbnail, ImageMagick and Hugo), written to BENCHMARKS.md (a few hours;
## corpora are kept in /tmp/daybook-bench). Installs hugo, valgrind, time, cmark-gfm, libvips-tools,
## imagemagick and lomiri-wallpapers-16.04 (the photographs the photo diary is made from) when missing,
## and for the deploy section git, rsync and rclone (scripts/install-test-tools.sh rclone).
## BENCH_QUICK=1 make bench: 1,095 and 10,950 entries only, fewer runs, 200 photos.
## BENCH_ONLY=pictures (or deploy, or search) make bench: that section alone. More settings: scripts/bench/settings.py.
bench: system-packages
	@if command -v dpkg-query >/dev/null 2>&1; then \
	  sudo=""; if [ "$$(id -u)" -ne 0 ]; then sudo="sudo"; fi; \
	  missing=""; for p in hugo time cmark-gfm valgrind libvips-tools imagemagick lomiri-wallpapers-16.04 git rsync; do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	  done; \
	  if [ -n "$$missing" ]; then \
	    echo "Installing$$missing" >&2; \
	    $$sudo apt-get update -qq; \
	    $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null \
	      || $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hugo time cmark-gfm libvips-tools imagemagick \
	           lomiri-wallpapers-16.04 git rsync >/dev/null; \
	  fi; \
	fi
	$(RELEASE_BUILD) --product daybook
ifneq ($(BENCH_ONLY),pictures)
	$(RELEASE_BUILD) --product daybook-corpus
	$(RELEASE_BUILD) --product template-bench
	$(RELEASE_BUILD) --product stat-floor
	@[ "$(BENCH_DEPLOY)" = 0 ] || scripts/install-test-tools.sh rclone
endif
	python3 scripts/bench

release: system-packages
	$(RELEASE_BUILD) --product daybook $(if $(COMMIT_OBJECT),-Xlinker $(CURDIR)/$(COMMIT_OBJECT))

# The commit, as a C definition that takes the place of CBuildCommit's empty one. Named after the
# commit, so that a new commit changes the link command and the binary is linked again.
release: $(COMMIT_OBJECT)
.build/commit/%.o:
	@mkdir -p .build/commit
	printf 'const char daybook_build_commit_text[] = "%s";\n' '$*' > .build/commit/$*.c
	$(CC) -c -o $@ .build/commit/$*.c

## The files `make install`, `make deb` and `make dist` install: the release binary without its
## symbol table (95 → 65 MB; Swift's own metadata stays), the manual page from the command
## definitions (swift-argument-parser's generate-manual, the tool behind its plugin, run on this
## binary: the plugin would build daybook again without the release flags) and the completions.
package-files: $(PACKAGE_FILES)
$(PACKAGE_FILES) &: release
	$(RELEASE_BUILD) --product generate-manual
	@mkdir -p .build/package
	strip -o .build/package/daybook $(DAYBOOK)
	.build/release/generate-manual .build/package/daybook --date $(COMMIT_DATE) \
	  --authors 'The Daybook authors' --output-directory .build/package
	.build/package/daybook --generate-completion-script bash > .build/package/daybook.bash
	.build/package/daybook --generate-completion-script zsh > .build/package/_daybook
	.build/package/daybook --generate-completion-script fish > .build/package/daybook.fish

## Install the binary, daybook(1) and the bash, zsh and fish completions under PREFIX (/usr/local).
install: package-files
	install -d $(sort $(dir $(addprefix $(DESTDIR),$(INSTALLED_FILES))))
	install -m 755 .build/package/daybook $(DESTDIR)$(BINDIR)/daybook
	install -m 644 .build/package/daybook.1 $(DESTDIR)$(MANDIR)/man1/daybook.1
	install -m 644 .build/package/daybook.bash $(DESTDIR)$(BASH_COMPLETION_DIR)/daybook
	install -m 644 .build/package/_daybook $(DESTDIR)$(ZSH_COMPLETION_DIR)/_daybook
	install -m 644 .build/package/daybook.fish $(DESTDIR)$(FISH_COMPLETION_DIR)/daybook.fish

## Remove what `make install` installed (same PREFIX and DESTDIR).
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED_FILES))

## A Debian package, .build/daybook_<version>_<arch>.deb, that needs no Swift toolchain.
deb: package-files
	scripts/build-deb.sh $(VERSION) $(ARCH)

## A tarball for other Linux distributions, with its SHA-256 file beside it.
dist: package-files
	rm -rf .build/dist && mkdir -p .build/dist/daybook-$(VERSION)-linux-$(shell uname -m)
	$(MAKE) --no-print-directory install PREFIX= DESTDIR=$(CURDIR)/.build/dist/daybook-$(VERSION)-linux-$(shell uname -m) \
	  ZSH_COMPLETION_DIR=/share/zsh/site-functions
	cp README.md LICENSE .build/dist/daybook-$(VERSION)-linux-$(shell uname -m)/
	cp packaging/copyright .build/dist/daybook-$(VERSION)-linux-$(shell uname -m)/THIRD-PARTY-LICENSES
	cd .build/dist && tar --owner=0 --group=0 --mtime=$(COMMIT_DATE) --sort=name \
	  -czf daybook-$(VERSION)-linux-$(shell uname -m).tar.gz daybook-$(VERSION)-linux-$(shell uname -m) \
	  && sha256sum daybook-$(VERSION)-linux-$(shell uname -m).tar.gz > daybook-$(VERSION)-linux-$(shell uname -m).tar.gz.sha256
	@echo "Wrote .build/dist/daybook-$(VERSION)-linux-$(shell uname -m).tar.gz and its .sha256"

system-packages:
	@scripts/install-system-packages.sh

## Re-embed Templates/ and the unlock script (Sources/SiteEncryption/Browser/unlock.js) into the binary after editing them.
theme:
	python3 scripts/embed-theme.py
