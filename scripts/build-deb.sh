#!/usr/bin/env bash
# Builds .build/daybook_<version>_<arch>.deb from the files `make package-files` made: what
# `make install PREFIX=/usr` installs (the man page compressed, as Debian wants), the licences in
# /usr/share/doc/daybook/copyright, and a control file whose Depends names the Debian packages of
# the libraries the binary needs, read from the binary itself:
#   - those it links (its NEEDED entries), with the versions their symbols files ask for
#     (dpkg-shlibdeps, from dpkg-dev);
#   - those it opens on first use (libvips, libcrypto), as `daybook --version --verbose` reports
#     them, each no older than the headers it was built with: the loaders refuse older ones.
# Usage: scripts/build-deb.sh VERSION ARCH (the Makefile's `make deb` passes them).
set -euo pipefail
cd "$(dirname "$0")/.."
version=$1
arch=$2
binary=.build/package/daybook
staging=.build/deb/daybook_${version}_${arch}
deb=.build/daybook_${version}_${arch}.deb

command -v dpkg-shlibdeps >/dev/null || { echo "make deb needs dpkg-shlibdeps: apt-get install dpkg-dev" >&2; exit 1; }

rm -rf "$staging"
make --no-print-directory install PREFIX=/usr DESTDIR="$PWD/$staging" >/dev/null
gzip -9n "$staging/usr/share/man/man1/daybook.1"
install -d "$staging/usr/share/doc/daybook" "$staging/DEBIAN"
install -m 644 packaging/copyright "$staging/usr/share/doc/daybook/copyright"

# Linked libraries: dpkg-shlibdeps reads the NEEDED entries and each library's shlibs or symbols
# file. It wants a debian/control, so it runs in a folder of its own.
shlibdeps=$(mktemp -d)
trap 'rm -rf "$shlibdeps"' EXIT
mkdir "$shlibdeps/debian"
printf 'Source: daybook\n\nPackage: daybook\nArchitecture: any\n' > "$shlibdeps/debian/control"
linked=$(cd "$shlibdeps" && dpkg-shlibdeps -O "$OLDPWD/$binary" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')

# Libraries opened on first use: `libvips 8.14.1 (built with 8.14.1, soname libvips.so.42): /path`.
# A library that is missing here would be missing from Depends: that is an error, not a smaller package.
opened=""
report=$("$binary" --version --verbose)
for name in libvips libcrypto; do
    line=$(grep "^$name " <<<"$report") || { echo "daybook --version --verbose names no $name" >&2; exit 1; }
    if grep -q "^$name missing" <<<"$line"; then
        echo "make deb: $name is not installed here, so its package cannot be named: $line" >&2
        exit 1
    fi
    built=$(sed -n 's/.*(built with \([^,]*\),.*/\1/p' <<<"$line")
    path=${line##*: }
    package=$(dpkg -S "$(realpath "$path")" | cut -d: -f1)  # the file, not the soname's link
    opened="$opened, $package (>= $built)"
done

depends="$linked$opened"
installed_size=$(du -sk --exclude=DEBIAN "$staging" | cut -f1)
maintainer=${DEB_MAINTAINER:-The Daybook authors <daybook@example.invalid>}
cat > "$staging/DEBIAN/control" <<CONTROL
Package: daybook
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Section: text
Priority: optional
Description: static site generator for a private emotion diary
 Daybook turns a diary written as Markdown files with a little front matter
 into a static website to browse by day, by emotion and by picture, and to
 search instantly, optionally encrypted so that it shows nothing without the
 password. The site runs from any static file server and asks nothing of any
 other host.
 .
 Swift's runtime and Foundation are inside the binary; no Swift toolchain is
 needed.
CONTROL
# xz for a package to hand out; DEB_COMPRESSION=gzip for a quick one (the package test: xz took
# most of its two minutes on 2 cores).
dpkg-deb --build --root-owner-group -Z"${DEB_COMPRESSION:-xz}" "$staging" "$deb" >/dev/null
echo "Wrote $deb ($(du -h "$deb" | cut -f1)); Depends: $depends"
