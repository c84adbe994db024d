#!/usr/bin/env bash
# Tests `make deb`: the package's control fields and files, then installs it with apt-get (through
# sudo when not root), uses the installed /usr/bin/daybook with no Swift toolchain on PATH (a new
# diary, and the repository's example diary with its pictures, built in a temporary folder), and
# removes it. Prints the package's size, its Depends and how long it took from `apt-get install` to a
# built example diary. Skips installing when a daybook package is installed already: it would be
# replaced, then removed.
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD
fail() { echo "test-package: $*" >&2; exit 1; }
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

DEB_COMPRESSION=gzip make --no-print-directory deb >/dev/null
version=$(sed -n 's/.*static let number = "\(.*\)"/\1/p' Sources/DiaryCommands/DaybookVersion.swift)
arch=$(dpkg --print-architecture)
deb=$repository/.build/daybook_${version}_${arch}.deb
[ -f "$deb" ] || fail "make deb wrote no $deb"

# The control fields.
field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = daybook ] && [ "$(field Version)" = "$version" ] && [ "$(field Architecture)" = "$arch" ] \
    || fail "wrong control fields: $(dpkg-deb --info "$deb")"
depends=$(field Depends)
for wanted in 'libvips42 (>= ' 'libssl3 (>= ' 'libcmark-gfm0' 'libcmark-gfm-extensions0' 'zlib1g' 'libc6'; do
    grep -qF "$wanted" <<<"$depends" || fail "Depends lacks $wanted: $depends"
done
depended=$(tr ',' '\n' <<<"$depends" | awk '{ print $1 }')
# The package that holds a library file: dpkg knows each file by the path its package gave it, which
# with Debian 12's merged /usr may differ from the loader's (/lib against /usr/lib, a link's name).
package_of() {
    local real
    real=$(realpath "$1")
    for candidate in "$1" "$real" "${1#/usr}" "/usr$1" "${real#/usr}"; do
        dpkg -S "$candidate" 2>/dev/null | cut -d: -f1 && return 0
    done
    fail "no package holds $1"
}
# Every library the binary links is in a package Depends names (dpkg -S of each NEEDED soname).
for soname in $(objdump -p .build/package/daybook | awk '/NEEDED/ { print $2 }'); do
    path=$(ldconfig -p | awk -v name="$soname" '$1 == name && /x86-64|aarch64|64bit/ && !found { print $NF; found = 1 }')
    [ -n "$path" ] || fail "no $soname on this machine"
    package=$(package_of "$path")
    grep -qxF "$package" <<<"$depended" || fail "Depends lacks $package, which holds $soname: $depends"
done
grep -q 'curl' <<<"$depends" && fail "Depends names libcurl, which daybook opens on first use only: $depends"

# The files.
contents=$(dpkg-deb --contents "$deb" | awk '$1 !~ /^d/ { print $NF }' | sed 's|^\./||' | sort)
expected="usr/bin/daybook
usr/share/bash-completion/completions/daybook
usr/share/doc/daybook/copyright
usr/share/fish/vendor_completions.d/daybook.fish
usr/share/man/man1/daybook.1.gz
usr/share/zsh/vendor-completions/_daybook"
[ "$contents" = "$expected" ] || fail "package files differ:"$'\n'"$(diff <(echo "$expected") <(echo "$contents"))"
copyright=$(dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/doc/daybook/copyright)
[ "${copyright%%$'\n'*}" = 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' ] || fail "copyright is not DEP-5"

size=$(du -h "$deb" | cut -f1)
if [ "$(dpkg-query -W -f='${Status}' daybook 2>/dev/null)" = "install ok installed" ]; then
    echo "test-package: a daybook package is installed already; not installing this one over it ($deb, $size)"
    exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
clean=(env -i HOME="$work/home" PATH=/usr/bin:/bin LANG=C.UTF-8)
mkdir -p "$work/home" "$work/example"
cp -R Content daybook.yml "$work/example/"
[ -d Templates ] && cp -R Templates "$work/example/"

start=$(date +%s.%N)
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$deb" >/dev/null 2>"$work/apt.log" || fail "apt-get install failed: $(cat "$work/apt.log")"
(cd "$work" && "${clean[@]}" /usr/bin/daybook build -C example >/dev/null 2>"$work/build.log") \
    || fail "the installed daybook could not build the example diary: $(cat "$work/build.log")"
end=$(date +%s.%N)
[ -n "$(find "$work/example/Output/images" -name '*_image_1.*')" ] || fail "the example diary's pictures were not published"

trap 'rm -rf "$work"; DEBIAN_FRONTEND=noninteractive $sudo apt-get remove -y -qq daybook >/dev/null 2>&1 || true' EXIT
libraries=$(ldd /usr/bin/daybook)
grep -q /opt/swift <<<"$libraries" && fail "the installed binary loads libraries from the toolchain: $libraries"
[ "$("${clean[@]}" daybook --version | cut -d' ' -f1)" = "$version" ] || fail "daybook --version is not $version"
report=$("${clean[@]}" daybook --version --verbose)
grep -qx 'Everything daybook uses was found.' <<<"$report" \
    || fail "the installed daybook misses a library: $("${clean[@]}" daybook --version --verbose)"
(cd "$work" && "${clean[@]}" daybook init new-diary >/dev/null 2>&1 && "${clean[@]}" daybook build -C new-diary >/dev/null 2>&1) \
    || fail "init and build with the installed daybook failed"
[ -f "$work/new-diary/Output/index.html" ] || fail "the new diary was not built"
page=$(MANPAGER=cat man daybook 2>/dev/null)
grep -q "Build the site into the output folder" <<<"$page" || fail "man daybook shows no page"

DEBIAN_FRONTEND=noninteractive $sudo apt-get remove -y -qq daybook >/dev/null 2>&1 || fail "apt-get remove failed"
[ ! -e /usr/bin/daybook ] || fail "apt-get remove left /usr/bin/daybook"
printf 'test-package: %s (%s) installs, builds the example diary %.1f s after apt-get install began, and is removed\n' \
    "$(basename "$deb")" "$size" "$(echo "$end - $start" | bc -l 2>/dev/null || python3 -c "print($end - $start)")"
echo "test-package: Depends: $depends"
