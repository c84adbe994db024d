#!/usr/bin/env bash
# Tests `make install`: it puts exactly the expected files under DESTDIR, and what it installs works
# outside the repository with no Swift toolchain on PATH: the binary makes, builds (with a picture)
# and encrypts a diary, `man -l` renders daybook(1), and each shell's completion completes
# `daybook bu` to `build` (bash, and zsh and fish, which scripts/install-test-tools.sh installs);
# and `make dist` makes a tarball of the same files with the README and licences, and its SHA-256.
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
fail() { echo "test-install: $*" >&2; exit 1; }

make --no-print-directory install DESTDIR="$root/dest" >/dev/null
prefix=$root/dest/usr/local

# Exactly these files, nothing else.
expected="bin/daybook
share/bash-completion/completions/daybook
share/fish/vendor_completions.d/daybook.fish
share/man/man1/daybook.1
share/zsh/site-functions/_daybook"
actual=$(cd "$prefix" && find . -type f -o -type l | sed 's|^\./||' | sort)
[ "$actual" = "$expected" ] || fail "installed files differ:"$'\n'"$(diff <(echo "$expected") <(echo "$actual"))"
[ -z "$(find "$root/dest" -mindepth 1 -maxdepth 1 ! -name usr)$(find "$root/dest/usr" -mindepth 1 -maxdepth 1 ! -name local)" ] \
    || fail "files outside PREFIX"

# The binary, as a person without the toolchain runs it: a PATH and a loader path without /opt/swift.
daybook=$prefix/bin/daybook
libraries=$(ldd "$daybook")
grep -q /opt/swift <<<"$libraries" && fail "the binary loads libraries from the toolchain: $libraries"
clean=(env -i HOME="$root/home" PATH="$prefix/bin:/usr/bin:/bin" LANG=C.UTF-8)
mkdir -p "$root/home" "$root/work"
cd "$root/work"
printed=$("${clean[@]}" daybook --version)
grep -q "^$(sed -n 's/.*static let number = "\(.*\)"/\1/p' "$repository/Sources/DiaryCommands/DaybookVersion.swift") (commit [0-9a-f]" <<<"$printed" \
    || fail "--version names no commit: $("${clean[@]}" daybook --version)"
"${clean[@]}" daybook init diary >/dev/null 2>&1 || fail "init failed"
cp "$repository/Content/photos/sea.png" diary/Content/
printf -- '---\ndate: 2025-10-20 09:30\nemotion: calm\nimages:\n  - sea.png\n---\nThe sea.\n' > diary/Content/sea.md
"${clean[@]}" daybook build -C diary >/dev/null 2>"$root/build.log" || fail "build failed: $(cat "$root/build.log")"
[ -n "$(find diary/Output/images -name '*_image_1.*')" ] || fail "build published no picture"
[ -f diary/Output/index.html ] || fail "build wrote no home page"
"${clean[@]}" DAYBOOK_PASSWORD='correct horse battery staple' daybook build --encrypt -C diary >/dev/null 2>"$root/build.log" \
    || fail "encrypted build failed: $(cat "$root/build.log")"
grep -q 'daybook-unlock' diary/Output/index.html || fail "the encrypted site has no unlock page"
! grep -rq 'The sea' diary/Output || fail "the encrypted site shows an entry's text"

# The manual page renders.
page=$(man -l -P cat "$prefix/share/man/man1/daybook.1" 2>/dev/null)
grep -q "Build the site into the output folder" <<<"$page" || fail "man -l does not render daybook(1): $page"

# Completions: `daybook bu<TAB>` becomes `daybook build` in each shell.
completion=$(bash -c 'source "$1"; COMP_WORDS=(daybook bu); COMP_CWORD=1; COMP_LINE="daybook bu"; COMP_POINT=${#COMP_LINE}
                      _daybook daybook bu daybook; echo "${COMPREPLY[*]}"' bash "$prefix/share/bash-completion/completions/daybook")
[ "$completion" = build ] || fail "bash completes 'daybook bu' to '$completion'"
if command -v fish >/dev/null; then
    completion=$(fish -c "source '$prefix/share/fish/vendor_completions.d/daybook.fish'; complete -C 'daybook bu'" | cut -f1)
    [ "$completion" = build ] || fail "fish completes 'daybook bu' to '$completion'"
fi
if command -v zsh >/dev/null; then
    # zsh completes only inside its line editor: an interactive zsh on a pseudo-terminal, typed at.
    screen=$(PATH="$prefix/bin:/usr/bin:/bin" HOME="$root/home" timeout 30 zsh -f -c '
        zmodload zsh/zpty
        zpty shell "PS1=\"> \" zsh -f -i"
        zpty -w shell "fpath=($1 \$fpath); autoload -U compinit; compinit -u -D; print READY"
        zpty -r shell line "*READY*"
        zpty -w -n shell $'"'"'daybook bu\t'"'"'
        sleep 1
        zpty -w shell ""
        sleep 0.5
        out=""; while zpty -r -t shell chunk; do out+=$chunk; done
        print -r -- "$out"; zpty -d shell' zsh "$prefix/share/zsh/site-functions")
    grep -q "daybook build" <<<"$screen" || fail "zsh does not complete 'daybook bu' to 'daybook build': $screen"
fi

cd "$repository"
make --no-print-directory uninstall DESTDIR="$root/dest" >/dev/null
[ -z "$(find "$root/dest" -type f)" ] || fail "make uninstall left $(find "$root/dest" -type f)"
# The tarball holds the same files, with the README and the licences, and its SHA-256 checks.
make --no-print-directory dist >/dev/null
(cd .build/dist && sha256sum --quiet -c daybook-*.tar.gz.sha256) || fail "the tarball's SHA-256 does not match"
listing=$(tar -tzf .build/dist/daybook-*.tar.gz | grep -v '/$' | cut -d/ -f2- | sort)
expected_dist=$(printf '%s\n' LICENSE README.md THIRD-PARTY-LICENSES $expected | sort)
[ "$listing" = "$expected_dist" ] || fail "the tarball's files differ:"$'\n'"$(diff <(echo "$expected_dist") <(echo "$listing"))"

echo "test-install: make install and uninstall, make dist, the installed binary, daybook(1) and the bash, zsh and fish completions work"
