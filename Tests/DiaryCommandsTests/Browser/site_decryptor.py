"""A decryptor of Daybook's encrypted sites written from the README's words alone ("Encrypted
sites", "The published format"), not from Daybook's code: it reads the unlock page's settings,
opens the site key from one slot, derives the keys, and decrypts every published file.

Usage: site_decryptor.py OUTPUT_DIR PLAIN_DIR (--password P | --recovery-key K | --passkey-prf HEX | --site-key HEX)

OUTPUT_DIR is an encrypted build, PLAIN_DIR the plain build of the same diary. Prints one JSON
object: "slot" (the kind of slot that opened), "site_key" (hex), "compared" (plain files whose
published file decrypts to their bytes), "differ" and "missing" (addresses), "published" (encrypted
files in OUTPUT_DIR), "opened" (of those, how many decrypt under an address of the plain site or
the calendar), "calendar_days" (days in the calendar equal to the plain site's day files). With
--site-key (a key found elsewhere, no slot opened), also "opened_any": how many published files
decrypt under any address of the plain site.

Runs on Debian's python3 with its python3-cryptography (AES-GCM); the rest is the standard library.
"""
import base64
import hashlib
import hmac
import json
import os
import re
import sys
import unicodedata
import zlib

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CALENDAR = "on-this-day/calendar.deflate"


def hkdf(key_material, info, length=32, salt=b""):
    """HKDF-SHA256 (RFC 5869); an empty salt is 32 zero bytes."""
    prk = hmac.new(salt or b"\0" * 32, key_material, hashlib.sha256).digest()
    output, block, counter = b"", b"", 1
    while len(output) < length:
        block = hmac.new(prk, block + info.encode() + bytes([counter]), hashlib.sha256).digest()
        output += block
        counter += 1
    return output[:length]


def settings_of(output):
    with open(os.path.join(output, "index.html"), encoding="utf-8") as handle:
        page = handle.read()
    match = re.search(r'<script type="application/json" id="daybook-lock">(.*?)</script>', page, re.S)
    return json.loads(match.group(1))


def recovery_key_bytes(text):
    """The 16 bytes a printed recovery key stands for, its 12-bit check verified."""
    values = []
    for character in text.upper():
        if character in " -\t\n":
            continue
        character = {"O": "0", "I": "1", "L": "1"}.get(character, character)
        values.append(CROCKFORD.index(character))
    assert len(values) == 28, "a recovery key is 28 characters"
    number = 0
    for value in values:
        number = number << 5 | value
    key, check = number >> 12, number & 0xFFF
    key = key.to_bytes(16, "big")
    digest = hashlib.sha256(key).digest()
    assert check == (digest[0] << 4 | digest[1] >> 4), "the recovery key's check"
    return key


def slot_key(slot, secret):
    """The key-encryption key of `slot` for a password, a recovery key's text, or a PRF output (bytes)."""
    if slot["kind"] == "password":
        password = unicodedata.normalize("NFC", secret).encode("utf-8")
        return hashlib.pbkdf2_hmac("sha256", password, base64.b64decode(slot["salt"]), slot["iterations"], 32)
    if slot["kind"] == "recovery":
        return hkdf(recovery_key_bytes(secret), "daybook 2 recovery slot", salt=base64.b64decode(slot["salt"]))
    return hkdf(secret, "daybook 2 passkey slot")


def open_site_key(settings, kind, secret):
    """The site key a slot of `kind` opens with `secret`, checked against the published key id."""
    for slot in settings["slots"]:
        if slot["kind"] != kind:
            continue
        wrapped = base64.b64decode(slot["wrapped"])
        try:
            site_key = AESGCM(slot_key(slot, secret)).decrypt(wrapped[:12], wrapped[12:], ("daybook 2 %s slot" % kind).encode())
        except Exception:
            continue
        assert hkdf(site_key, "daybook 2 site key id", 16) == base64.b64decode(settings["key"]), "the site key id"
        return site_key
    raise SystemExit("no %s slot opens with this secret" % kind)


class Site:
    """The keys of a site key, and its files."""

    def __init__(self, site_key, folder="x"):
        self.content = AESGCM(hkdf(site_key, "daybook 1 content key"))
        self.content_key = hkdf(site_key, "daybook 1 content key")
        self.names = hkdf(site_key, "daybook 1 name key")
        self.folder = folder

    def published_path(self, address):
        name = hmac.new(self.names, address.encode("utf-8"), hashlib.sha256).hexdigest()[:32]
        return "%s/%s/%s.bin" % (self.folder, name[:2], name[2:])

    def decrypt(self, published, address):
        assert published[0] == 1, "version 1"
        plain = self.content.decrypt(published[1:13], published[13:], b"\x01" + address.encode("utf-8"))
        content = plain.rstrip(b"\0")
        assert content.endswith(b"\x80"), "padding"
        return content[:-1]


def files_below(folder):
    found = {}
    for directory, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(directory, name)
            found[os.path.relpath(path, folder)] = path
    return found


def read(path):
    with open(path, "rb") as handle:
        return handle.read()


def main():
    output, plain_folder, option, secret = sys.argv[1:5]
    kind = {"--password": "password", "--recovery-key": "recovery", "--passkey-prf": "passkey", "--site-key": "none"}[option]
    settings = settings_of(output)
    if kind == "none":
        site_key = bytes.fromhex(secret)
    else:
        site_key = open_site_key(settings, kind, bytes.fromhex(secret) if kind == "passkey" else secret)
    site = Site(site_key, settings["folder"])
    plain = files_below(plain_folder)
    published = {path: full for path, full in files_below(output).items() if path.startswith(settings["folder"] + "/")}
    answer = {"slot": kind, "site_key": site_key.hex(), "compared": 0, "differ": [], "missing": [], "published": len(published)}
    opened = set()
    day_files = {}
    for address, path in sorted(plain.items()):
        if re.fullmatch(r"on-this-day/\d\d-\d\d\.json", address):
            day_files[address[len("on-this-day/"):-len(".json")]] = read(path).decode("utf-8")
            continue
        target = site.published_path(address)
        if target not in published:
            answer["missing"].append(address)
            continue
        try:
            content = site.decrypt(read(published[target]), address)
        except Exception:
            answer["differ"].append(address)
            continue
        opened.add(target)
        # The offline list is a site file of its own on an encrypted site (published sizes, keyed tokens).
        if address == "offline.json":
            continue
        if content == read(path):
            answer["compared"] += 1
        else:
            answer["differ"].append(address)
    calendar_path = site.published_path(CALENDAR)
    if calendar_path in published and opens(site, read(published[calendar_path]), CALENDAR):
        days = json.loads(zlib.decompress(site.decrypt(read(published[calendar_path]), CALENDAR), -15))
        opened.add(calendar_path)
        answer["calendar_days"] = sum(1 for day, text in days.items() if day_files.get(day) == text)
        answer["calendar_extra"] = sorted(set(days) ^ set(day_files))
    answer["opened"] = len(opened)
    if kind == "none":
        answer["opened_any"] = sum(1 for path in published.values() if any(opens(site, read(path), address) for address in list(plain) + [CALENDAR]))
    print(json.dumps(answer))


def opens(site, file, address):
    try:
        site.decrypt(file, address)
        return True
    except Exception:
        return False


if __name__ == "__main__":
    main()
