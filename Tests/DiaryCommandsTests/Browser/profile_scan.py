"""Reads every file of a Chromium profile (after the browser quit) and looks for any 32-byte value
in them that opens an encrypted Daybook site: the probe's method, with the format's words
(site_decryptor.py) and no knowledge of where the browser keeps what.

Usage: profile_scan.py PROFILE_DIR OUTPUT_DIR PASSWORD BLOBS_JSON

OUTPUT_DIR is the encrypted site the browser read, PASSWORD opens it (to know its home page and
what the home page's first bytes decrypt to, the check of a candidate). BLOBS_JSON is a JSON list
of {"hex", "label"}: wrapped keys the site's page kept on the device (a remembered site key, a
passkey's), as its script read them before the browser quit; each counts only where the profile's
files hold its bytes, as a copy of the profile would.

Every run of 32 bytes with at least 20 different byte values (a random key has about 30; text,
tables and padding have far fewer) is tried as:
- the content key: the home page's first block decrypts (AES-CTR, as GCM encrypts) to its bytes;
- the site key: the content key derived from it does;
- a key that opens a wrapped key found in the profile (AES-256-GCM with its label), giving a site
  key that does;
- a passkey's PRF output, whose HKDF opens a passkey's wrapped key found in the profile.
A candidate is confirmed by decrypting the whole home page. Prints one JSON object: "files",
"bytes", "windows" (runs tried), "blobs_found" (the wrapped keys whose bytes the profile holds, and
where), and "found": [{"file", "offset", "as", "site_key" (hex, when what was found gives it)}].
"""
import json
import os
import sys

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from site_decryptor import Site, hkdf, open_site_key, settings_of  # noqa: E402

WINDOW = 32
LEAST_DISTINCT = 20


def profile_files(profile):
    for directory, _, names in os.walk(profile):
        for name in names:
            path = os.path.join(directory, name)
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            try:
                with open(path, "rb") as handle:
                    yield os.path.relpath(path, profile), handle.read()
            except OSError:
                continue


def random_looking_windows(data):
    """(offset, window) of every run of 32 bytes with at least LEAST_DISTINCT different values."""
    counts = [0] * 256
    distinct = 0
    for index, byte in enumerate(data):
        if counts[byte] == 0:
            distinct += 1
        counts[byte] += 1
        if index >= WINDOW:
            gone = data[index - WINDOW]
            counts[gone] -= 1
            if counts[gone] == 0:
                distinct -= 1
        if index >= WINDOW - 1 and distinct >= LEAST_DISTINCT:
            yield index - WINDOW + 1, data[index - WINDOW + 1:index + 1]


class HomePage:
    """The site's home page as published, and a quick and a full check of a content key."""

    def __init__(self, output, password):
        settings = settings_of(output)
        site = Site(open_site_key(settings, "password", password), settings["folder"])
        with open(os.path.join(output, site.published_path("index.html")), "rb") as handle:
            self.file = handle.read()
        self.plain = site.decrypt(self.file, "index.html")
        self.content_key = site.content_key
        # GCM encrypts the first block with the counter nonce ‖ 2.
        self.counter = self.file[1:13] + (2).to_bytes(4, "big")
        self.first_block = bytes(a ^ b for a, b in zip(self.file[13:29], self.plain[:16]))

    def quick(self, key):
        encryptor = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
        return encryptor.update(self.counter) == self.first_block

    def opens(self, key):
        try:
            plain = AESGCM(key).decrypt(self.file[1:13], self.file[13:], b"\x01index.html")
        except Exception:
            return False
        return plain.startswith(self.plain)


def unwrap(key, blob, label):
    try:
        return AESGCM(key).decrypt(blob[:12], blob[12:], label.encode())
    except Exception:
        return None


def main():
    profile, output, password, blobs_file = sys.argv[1:5]
    with open(blobs_file, encoding="utf-8") as handle:
        blobs = [(bytes.fromhex(blob["hex"]), blob["label"]) for blob in json.load(handle)]
    home = HomePage(output, password)
    files = list(profile_files(profile))
    answer = {"files": len(files), "bytes": sum(len(data) for _, data in files), "windows": 0, "blobs_found": [], "found": []}
    present = []
    for blob, label in blobs:
        where = [name for name, data in files if blob in data]
        if where:
            present.append((blob, label))
            answer["blobs_found"].append({"label": label, "files": where})
    tried = set()
    for name, data in files:
        for offset, window in random_looking_windows(data):
            if window in tried:
                continue
            tried.add(window)
            kinds = []
            if home.quick(window) and home.opens(window):
                kinds.append(("content key", None))
            derived = hkdf(window, "daybook 1 content key")
            if home.quick(derived) and home.opens(derived):
                kinds.append(("site key", window))
            for blob, label in present:
                candidates = [("key that opens the wrapped key labelled '%s'" % label, window)]
                if label == "daybook 2 passkey slot":
                    candidates.append(("PRF output that opens the passkey's wrapped key", hkdf(window, label)))
                for kind, key in candidates:
                    site_key = unwrap(key, blob, label)
                    if site_key and home.opens(hkdf(site_key, "daybook 1 content key")):
                        kinds.append((kind, site_key))
            for kind, site_key in kinds:
                found = {"file": name, "offset": offset, "as": kind}
                if site_key:
                    found["site_key"] = site_key.hex()
                answer["found"].append(found)
    answer["windows"] = len(tried)
    print(json.dumps(answer))


if __name__ == "__main__":
    main()
