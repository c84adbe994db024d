#!/usr/bin/env bash
# Installs the Debian packages Daybook builds against, only when some are missing.
# Uses sudo when not run as root. On systems without dpkg it only checks pkg-config.
set -euo pipefail

# libssl-dev: OpenSSL's libcrypto for encrypted sites and the picture cache (no Swift package to build).
# libvips-dev: pictures (HEIC and AVIF through libheif with libde265, SVG through librsvg).
# zlib1g-dev: ZIPFoundation (reading Day One's zip exports) links the system zlib through pkg-config.
# libcurl4-openssl-dev: Foundation's networking part (S3 deploy's requests) calls libcurl, whose
# functions CCurlOnDemand defines from its header <curl/curl.h>; Swift's own installation asks for
# it too, so it is usually there.
packages=(libcmark-gfm-dev libcmark-gfm-extensions-dev zlib1g-dev libvips-dev libssl-dev libcurl4-openssl-dev pkg-config)

if ! command -v dpkg-query >/dev/null 2>&1; then
    if pkg-config --exists libcmark-gfm vips libcrypto 2>/dev/null; then exit 0; fi
    echo "daybook needs cmark-gfm with its extensions, libvips and OpenSSL 3 (for example: brew install cmark-gfm vips openssl@3)" >&2
    exit 1
fi

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "Installing ${missing[*]}" >&2
$sudo apt-get update -qq
# Recommends would add libvips' documentation and command-line tools, which the build does not use.
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
