// Generated from Browser/unlock.js by scripts/embed-theme.py (`make theme`). Do not edit.

/// The script of the unlock page and reader of an encrypted site (`unlock.js`).
enum UnlockScript {
    static let source = ##"""
/* Daybook: the unlock page and reader of an encrypted site. Plain JavaScript and WebCrypto: no
 * library, nothing from another host. The format is SiteEncryption's (Sources/SiteEncryption):
 * PBKDF2-HMAC-SHA256 over the password and the site's salt, HKDF-SHA256 to a content key (AES-256-
 * GCM) and a name key (HMAC-SHA256); a site file's address ("2025/10/04/walk/index.html") is
 * published as x/<HMAC of the address>.bin, holding version 1, a 12-byte nonce, the ciphertext of
 * the padded content and the tag, authenticated with the version and the address.
 *
 * How pages are shown. The reader keeps a page's address after '#' so the server never sees it,
 * decrypts the page and writes it into this same document with document.open/write/close. The
 * page then gets a fresh document of its own, parsed as a plain site's would be: its scripts run
 * in order, DOMContentLoaded and load fire, and the listeners of the page before are gone. The
 * window stays, and with it the keys, this script and the fetch it gives pages. An iframe
 * (srcdoc) would give pages the address about:srcdoc, so their location and history would need
 * plumbing through the parent; moving nodes into the live document would run no lifecycle
 * events and would keep every listener of every page seen before.
 *
 * Before a page is written, every address in it that the browser would load (pictures, styles,
 * scripts) is taken out, so no request ever names a site address: styles and scripts are
 * decrypted first and given as blob: URLs, pictures are decrypted when they come near the screen.
 * Links are rewritten to their '#' form, so they can be opened in a new tab, copied and
 * bookmarked; clicks on links that scripts add later are caught too. Pages' scripts get a fetch()
 * that maps site addresses to published files and decrypts them, which is all the search page
 * needs, window.daybookPageURL() for the page's own address, and history.pushState/replaceState
 * that take site addresses.
 *
 * Addresses after '#'. Browser history and the address bar keep what comes after '#', and the
 * tab title, for as long as the browser keeps history; so by default neither says anything of
 * the page. The '#' holds an opaque id: base64url(tag ‖ AES-CTR(address padded to 32-byte steps))
 * where the address is the page's path, query and fragment in the site ("2025/10/04/walk/#image-1")
 * and tag is the first 12 bytes of HMAC-SHA256 of the padded address; the tag is the counter's
 * start (a synthetic IV, as in SIV) and is checked on reading, so an id is deterministic (the same
 * page gives the same id in every build with the same password: bookmarks last), decodes without
 * a table, and a made-up id is refused. Both keys come from HKDF with labels of their own
 * ("daybook 1 address key", "daybook 1 address tag key"). The tab title stays the unlock page's;
 * a page's title stays in the page. With `encrypt_addresses: readable` in daybook.yml (settings
 * "addresses": "readable") the '#' holds the page's path (/diary/#/2025/10/04/walk/) and the tab
 * shows the page's title. A readable '#/…' address opened on an opaque site (an old bookmark)
 * shows its page and is replaced by its id.
 *
 * The keys. The site's files are encrypted under keys derived (HKDF) from a random site key,
 * which the settings publish only wrapped, in key slots (Sources/SiteEncryption/KeySlot.swift): a
 * password slot (PBKDF2-HMAC-SHA256 to an AES-GCM key), recovery slots (HKDF of a 128-bit
 * recovery key) and passkey slots (HKDF of a WebAuthn credential's PRF output). A slot's key opens
 * the site key's bytes; from them the content, name and address keys are derived as
 * non-extractable CryptoKeys. What this device keeps of them:
 * - Unlocking for this tab keeps the keys and the site key in this tab's memory only: nothing in
 *   IndexedDB, web storage, Cache Storage or cookies, so a copy of the browser's files holds none
 *   of them, and a reload asks again (or offers the passkey). Links, back and forward never reload:
 *   the reader writes each page into this same window.
 * - "Remember on this device" without a passkey keeps the site key for the chosen days (1, 7, 30
 *   or 90): wrapped (AES-GCM) under a new non-extractable device key kept in IndexedDB, the wrapped
 *   key in Cache Storage. The two together open the diary, which the unlock form says; neither
 *   alone does. Lock deletes the Cache Storage entry, whose file Chromium unlinks at once, while
 *   IndexedDB's LevelDB keeps a deleted value in its files until it compacts them: so after Lock a
 *   copy of the device holds at most the device key, which opens nothing.
 * - A passkey ("#daybook-passkey", offered after unlocking where WebAuthn and its PRF extension
 *   are there): the page makes a credential for the site's host with a random PRF salt, and keeps
 *   on this device only the site key wrapped under HKDF of the PRF output, with the credential's
 *   id and the salt. The next visit offers "#daybook-unlock-passkey": the authenticator evaluates
 *   the PRF, and nothing else on the device opens the site key. The page also shows a code for
 *   `daybook keys passkey`, which publishes the same as a slot, for the passkey's other devices.
 * - Every record holds the site key's published id, so what this device kept of an older site key
 *   (before `daybook keys rotate`) is deleted rather than tried.
 * - Lock deletes the database itself (not only its records) and the Cache Storage, then tells the
 *   other open tabs (BroadcastChannel, or a localStorage 'storage' event where there is none),
 *   which forget their keys and show the form.
 * What earlier versions kept (every tab's keys in IndexedDB version 1, a session handle, copies of
 * a PBKDF2 result in web storage) is deleted at start.
 *
 * Content-Security-Policy. The unlock page's <meta> allows scripts from the site's own files
 * ('self') and from blob: (the decrypted scripts of the site), styles from 'self', blob: and
 * inline style attributes, no inline script and no eval. Chromium keeps a document's policy
 * across document.open/write, and a page's own CSP <meta> would add to it (every policy must pass),
 * so a plain page's "script-src 'self'" would refuse the decrypted scripts: the reader removes a
 * page's CSP <meta> and puts the unlock page's in its place, so the policy in force is exactly the
 * one written in the page.
 *
 * The pure parts (bytes, padding, addresses, settings, words) are exported for Node (module.exports)
 * and unit-tested there; in a page, the script starts on the unlock page's settings element.
 */
(function () {
  'use strict';

  var FORMAT_VERSION = 1;
  var NONCE_BYTES = 12;
  var TAG_BYTES = 16;
  var LABELS = {
    keyID: 'daybook 2 site key id',
    content: 'daybook 1 content key',
    names: 'daybook 1 name key',
    addresses: 'daybook 1 address key',
    addressTags: 'daybook 1 address tag key',
    password: 'daybook 2 password slot',
    recovery: 'daybook 2 recovery slot',
    passkey: 'daybook 2 passkey slot'
  };
  var DAY_MS = 24 * 60 * 60 * 1000;
  var DEFAULT_REMEMBER_DAYS = 30;
  // The device's own wrapping of a remembered site key (never published).
  var REMEMBERED_LABEL = 'daybook 2 remembered site key';
  var DATABASE_VERSION = 2;
  var RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  var RECOVERY_CHARACTERS = 28;
  var RECOVERY_BYTES = 16;
  var PASSKEY_CODE_PREFIX = 'daybook-passkey:';
  var PASSKEY_SALT_BYTES = 32;
  var PASSKEY_TIMEOUT_MS = 60 * 1000;
  var ADDRESS_TAG_BYTES = 12;
  var ADDRESS_BLOCK_BYTES = 32;
  var TYPES = {
    html: 'text/html; charset=utf-8', css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8',
    json: 'application/json', txt: 'text/plain; charset=utf-8', xml: 'application/xml', svg: 'image/svg+xml',
    jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif',
    ico: 'image/x-icon', woff2: 'font/woff2', woff: 'font/woff'
  };

  // MARK: - Bytes

  function fromBase64(text) {
    var raw = atob(text);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function toBase64(bytes) {
    var raw = '';
    for (var i = 0; i < bytes.length; i++) raw += String.fromCharCode(bytes[i]);
    return btoa(raw);
  }

  function toBase64URL(bytes) {
    return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function fromBase64URL(text) {
    if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
    try { return fromBase64(text.replace(/-/g, '+').replace(/_/g, '/')); } catch (error) { return null; }
  }

  function toHex(bytes) {
    var hex = '';
    for (var i = 0; i < bytes.length; i++) hex += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    return hex;
  }

  function sameBytes(a, b) {
    if (a.length !== b.length) return false;
    var difference = 0;
    for (var i = 0; i < a.length; i++) difference |= a[i] ^ b[i];
    return difference === 0;
  }

  // MARK: - Pure parts

  var encoder = new TextEncoder();
  var decoder = new TextDecoder('utf-8');

  /** HKDF-SHA256's parameters: `info` the label, the salt empty unless given. */
  function hkdf(text, salt) { return { name: 'HKDF', hash: 'SHA-256', salt: salt || new Uint8Array(0), info: encoder.encode(text) }; }

  function concatenated() {
    var parts = Array.prototype.slice.call(arguments);
    var all = new Uint8Array(parts.reduce(function (sum, part) { return sum + part.length; }, 0));
    var at = 0;
    parts.forEach(function (part) { all.set(part, at); at += part.length; });
    return all;
  }

  /** The 18 bytes a recovery key's text spells (its 16 bytes, a 12-bit check and 4 zero bits), or
   * null when it is not 28 characters of Crockford's base32: case, spaces and dashes aside, O
   * reads as 0, I and L as 1. */
  function recoveryKeyBytes(text) {
    var values = [];
    var upper = String(text).toUpperCase();
    for (var i = 0; i < upper.length; i++) {
      var character = upper.charAt(i);
      if (/\s|-/.test(character)) continue;
      if (character === 'O') character = '0';
      if (character === 'I' || character === 'L') character = '1';
      var value = RECOVERY_ALPHABET.indexOf(character);
      if (value < 0) return null;
      values.push(value);
    }
    if (values.length !== RECOVERY_CHARACTERS) return null;
    var bytes = [];
    var buffer = 0;
    var bits = 0;
    values.forEach(function (fiveBits) {
      buffer = (buffer << 5) | fiveBits;
      bits += 5;
      if (bits >= 8) {
        bits -= 8;
        bytes.push((buffer >> bits) & 0xFF);
        buffer &= (1 << bits) - 1;
      }
    });
    if (bits > 0) bytes.push((buffer << (8 - bits)) & 0xFF);
    return new Uint8Array(bytes);
  }

  /** Whether a recovery key's bytes hold their check, given SHA-256 of its first 16 bytes. */
  function recoveryCheckHolds(bytes, digest) {
    return bytes[RECOVERY_BYTES] === digest[0] && bytes[RECOVERY_BYTES + 1] === (digest[1] & 0xF0);
  }

  /** What `daybook keys passkey` takes: the prefix, then base64url of the site key id, the PRF
   * salt, the wrapped site key and the credential id. */
  function passkeyCode(keyID, salt, wrapped, credential) {
    return PASSKEY_CODE_PREFIX + toBase64URL(concatenated(keyID, salt, wrapped, credential));
  }

  /** PBKDF2's parameters for a published password slot (its salt and rounds). */
  function pbkdf2Parameters(slot) {
    return { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64(slot.salt), iterations: slot.iterations };
  }

  /** The published slots of one kind ('password', 'recovery', 'passkey'). */
  function slotsOf(published, kind) {
    return (published.slots || []).filter(function (slot) { return slot.kind === kind; });
  }

  /** AES-GCM's parameters to open a wrapped site key (nonce ‖ ciphertext ‖ tag) of a slot of `kind`. */
  function wrapParameters(wrapped, kind) {
    return { name: 'AES-GCM', iv: wrapped.subarray(0, NONCE_BYTES), additionalData: encoder.encode(LABELS[kind]), tagLength: TAG_BYTES * 8 };
  }

  /** The site's base path for a page's path: the folder of the unlock page, the site's index.html. */
  function basePath(pathname) {
    return pathname.replace(/[^/]*$/, '');
  }

  /** The site file a URL names ("2025/10/04/walk/index.html"), or null when it is not inside the
   * site at `origin` and `sitePath`. */
  function siteAddress(url, origin, sitePath) {
    if (url.origin !== origin || url.pathname.indexOf(sitePath) !== 0) return null;
    var path;
    try { path = decodeURIComponent(url.pathname.slice(sitePath.length)); } catch (error) { return null; }
    if (path === '' || path.charAt(path.length - 1) === '/') path += 'index.html';
    return path;
  }

  /** A site URL's address inside the site at `sitePath`: path after it, query and fragment. */
  function innerAddressIn(url, sitePath) {
    return url.pathname.slice(sitePath.length) + url.search + url.hash;
  }

  /** The published file of a site file whose keyed hash of its address is `code`. */
  function publishedPathOf(code, folder) {
    var hex = toHex(code.subarray(0, 16));
    return folder + '/' + hex.slice(0, 2) + '/' + hex.slice(2) + '.bin';
  }

  /** What a site file's encryption authenticates besides its content: the version and the address. */
  function associatedData(address) {
    var addressBytes = encoder.encode(address);
    var associated = new Uint8Array(1 + addressBytes.length);
    associated[0] = FORMAT_VERSION;
    associated.set(addressBytes, 1);
    return associated;
  }

  /** Whether a published file is long enough, and of this format's version, to be decrypted. */
  function isPublishedFile(file) {
    return file.length >= 1 + NONCE_BYTES + 1 + TAG_BYTES && file[0] === FORMAT_VERSION;
  }

  /** A decrypted file without its padding (0x80, then zeros), or null when the padding is not there. */
  function unpadded(plain) {
    var end = plain.length;
    while (end > 0 && plain[end - 1] === 0) end--;
    if (end === 0 || plain[end - 1] !== 0x80) return null;
    return plain.subarray(0, end - 1);
  }

  function typeOf(address) {
    var match = /\.([a-z0-9]+)$/i.exec(address);
    return (match && TYPES[match[1].toLowerCase()]) || 'application/octet-stream';
  }

  function paddedAddress(inner) {
    var bytes = encoder.encode(inner);
    var padded = new Uint8Array((Math.floor(bytes.length / ADDRESS_BLOCK_BYTES) + 1) * ADDRESS_BLOCK_BYTES);
    padded.set(bytes);
    padded[bytes.length] = 0x80;
    return padded;
  }

  /** The address a decrypted id holds, or null when its padding or its UTF-8 is wrong. */
  function unpaddedAddress(padded) {
    var end = padded.lastIndexOf(0x80);
    if (end < 0 || padded.subarray(end + 1).some(function (byte) { return byte !== 0; })) return null;
    try { return new TextDecoder('utf-8', { fatal: true }).decode(padded.subarray(0, end)); } catch (error) { return null; }
  }

  /** An opaque id's bytes, or null when it cannot be one: not base64url, or not a tag and whole blocks. */
  function opaqueIDBytes(id) {
    var bytes = fromBase64URL(id);
    if (!bytes || bytes.length <= ADDRESS_TAG_BYTES || (bytes.length - ADDRESS_TAG_BYTES) % ADDRESS_BLOCK_BYTES !== 0) return null;
    return bytes;
  }

  function addressCounter(tag) {
    var counter = new Uint8Array(16);
    counter.set(tag);
    return { name: 'AES-CTR', counter: counter, length: 32 };
  }

  /** `key`'s text in `words` (the key itself when there is none), each `{name}` replaced by `values[name]`. */
  function filledWord(words, key, values) {
    var text = Object.prototype.hasOwnProperty.call(words, key) ? String(words[key]) : key;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  function escapeHTML(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; });
  }

  /** The days "remember on this device" keeps the keys: 0 when it is not ticked, else the days of
   * the control's value `chosen`, else the default. */
  function daysToRemember(ticked, chosen) {
    if (!ticked) return 0;
    var days = chosen === undefined ? NaN : parseInt(chosen, 10);
    return days > 0 ? days : DEFAULT_REMEMBER_DAYS;
  }

  /** Of a srcset, the candidate a picture shown `needed` device pixels wide loads: the smallest
   * that is wide enough, else the widest; null when there is none. */
  function fittingCandidate(srcset, needed) {
    var candidates = srcset.split(',').map(function (part) {
      var bits = part.trim().split(/\s+/);
      var size = parseFloat(bits[1] || '1x');
      return { target: bits[0], value: /w$/.test(bits[1] || '') ? size : size * needed };
    }).filter(function (candidate) { return candidate.target; }).sort(function (a, b) { return a.value - b.value; });
    var fitting = candidates.filter(function (candidate) { return candidate.value >= needed; })[0] || candidates[candidates.length - 1];
    return fitting ? fitting.target : null;
  }

  function isCalendarDay(address) {
    return /^on-this-day\/\d\d-\d\d\.json$/.test(address);
  }

  /** The calendar's name for a day's file ("03-02" for "on-this-day/03-02.json"). */
  function calendarDayName(address) {
    return address.slice('on-this-day/'.length, -'.json'.length);
  }

  var api = {
    fromBase64: fromBase64, toBase64: toBase64, toBase64URL: toBase64URL, fromBase64URL: fromBase64URL, toHex: toHex,
    sameBytes: sameBytes, hkdf: hkdf, concatenated: concatenated, recoveryKeyBytes: recoveryKeyBytes,
    recoveryCheckHolds: recoveryCheckHolds, passkeyCode: passkeyCode, pbkdf2Parameters: pbkdf2Parameters, slotsOf: slotsOf,
    wrapParameters: wrapParameters, basePath: basePath, siteAddress: siteAddress,
    innerAddressIn: innerAddressIn, publishedPathOf: publishedPathOf, associatedData: associatedData,
    isPublishedFile: isPublishedFile, unpadded: unpadded, typeOf: typeOf, paddedAddress: paddedAddress,
    unpaddedAddress: unpaddedAddress, opaqueIDBytes: opaqueIDBytes, addressCounter: addressCounter, filledWord: filledWord,
    escapeHTML: escapeHTML, daysToRemember: daysToRemember, fittingCandidate: fittingCandidate,
    isCalendarDay: isCalendarDay, calendarDayName: calendarDayName, LABELS: LABELS
  };
  if (typeof module === 'object' && module.exports) {
    module.exports = api;
    return;
  }

  // MARK: - The page

  var settingsElement = document.getElementById('daybook-lock');
  if (!settingsElement) return;
  var settings = JSON.parse(settingsElement.textContent);
  // The site's words (UnlockPage's daybook-words block) and language: the script has none of its own.
  var wordsElement = document.getElementById('daybook-words');
  var words = wordsElement ? JSON.parse(wordsElement.textContent) : {};
  var language = document.documentElement.lang || 'en';
  var subtle = window.crypto && window.crypto.subtle;
  var base = basePath(location.pathname);
  var readableAddresses = settings.addresses === 'readable';
  var lockTitle = document.title;
  var policyElement = document.querySelector('meta[http-equiv="Content-Security-Policy" i]');
  var policy = policyElement ? policyElement.content : null;
  var databaseName = 'daybook:' + base;
  var deviceCacheName = 'daybook-device:' + base;
  var rememberedURL = location.origin + base + 'daybook-remembered';
  var lockSignalName = 'daybook-lock:' + base;
  var passkeys = window.PublicKeyCredential && navigator.credentials ? navigator.credentials : null;
  var realFetch = window.fetch.bind(window);
  var realPushState = history.pushState.bind(history);
  var realReplaceState = history.replaceState.bind(history);

  var keys = null;
  // The site key's bytes, in this tab's memory while it is unlocked: to keep it wrapped when asked.
  var siteKeyBytes = null;
  var database = null;
  // This device's passkey record for the site key (credential id, PRF salt, wrapped site key).
  var devicePasskey = null;
  // The browser says it has no PRF extension: no passkey is offered.
  var prfRefused = false;
  // The passkey offer after unlocking: null, 'offered', 'made' (with its code) or 'closed'.
  var passkeyOffer = null;
  var passkeyCodeText = null;
  var lockChannel = 'BroadcastChannel' in window ? new BroadcastChannel('daybook:' + base) : null;
  var current = null;
  var asking = 0;
  var idsByAddress = new Map();
  var addressesByID = new Map();
  var shown = null;
  var pending = null;
  var navigation = 0;
  var assetURLs = new Map();
  var pictureURLs = [];
  var pictureObserver = null;

  // MARK: - Keys

  /** The site key a password opens from one of the site's password slots, as bytes; null when it
   * opens none. PBKDF2's bits become the slot's AES-GCM key without leaving WebCrypto. */
  async function siteKeyFromPassword(password) {
    var material = await subtle.importKey('raw', encoder.encode(password.normalize('NFC')), 'PBKDF2', false, ['deriveKey']);
    var slots = slotsOf(settings, 'password');
    for (var i = 0; i < slots.length; i++) {
      var kek = await subtle.deriveKey(pbkdf2Parameters(slots[i]), material, { name: 'AES-GCM', length: 256 }, false, ['decrypt']);
      var siteKey = await unwrapped(slots[i], kek);
      if (siteKey) return siteKey;
    }
    return null;
  }

  /** The site key a slot's key-encryption key opens, as bytes; null when it is not that slot's key. */
  async function unwrapped(slot, kek) {
    var wrapped = fromBase64(slot.wrapped);
    try {
      return new Uint8Array(await subtle.decrypt(wrapParameters(wrapped, slot.kind), kek, wrapped.subarray(NONCE_BYTES)));
    } catch (error) {
      return null;
    }
  }

  /** The site's keys, as non-extractable CryptoKeys, derived from the site key's bytes; null when
   * they are not the site key the settings name (a slot of another site key). */
  async function keysOfSiteKey(bytes) {
    var master = await subtle.importKey('raw', bytes, 'HKDF', false, ['deriveKey', 'deriveBits']);
    var id = new Uint8Array(await subtle.deriveBits(hkdf(LABELS.keyID), master, 128));
    if (!sameBytes(id, fromBase64(settings.key))) return null;
    var derived = await Promise.all([
      subtle.deriveKey(hkdf(LABELS.content), master, { name: 'AES-GCM', length: 256 }, false, ['decrypt']),
      subtle.deriveKey(hkdf(LABELS.names), master, { name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign']),
      subtle.deriveKey(hkdf(LABELS.addresses), master, { name: 'AES-CTR', length: 256 }, false, ['encrypt', 'decrypt']),
      subtle.deriveKey(hkdf(LABELS.addressTags), master, { name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign'])
    ]);
    return { content: derived[0], names: derived[1], addresses: derived[2], addressTags: derived[3] };
  }

  /** The site key a recovery key's text opens from one of the recovery slots, as bytes; null when
   * it opens none, 'typo' when the text is not a recovery key (its check fails). */
  async function siteKeyFromRecoveryKey(text) {
    var bytes = recoveryKeyBytes(text);
    if (!bytes) return 'typo';
    var key = bytes.subarray(0, RECOVERY_BYTES);
    if (!recoveryCheckHolds(bytes, new Uint8Array(await subtle.digest('SHA-256', key)))) return 'typo';
    var material = await subtle.importKey('raw', key, 'HKDF', false, ['deriveKey']);
    var slots = slotsOf(settings, 'recovery');
    for (var i = 0; i < slots.length; i++) {
      var kek = await subtle.deriveKey(hkdf(LABELS.recovery, fromBase64(slots[i].salt)), material, { name: 'AES-GCM', length: 256 },
        false, ['decrypt']);
      var siteKey = await unwrapped(slots[i], kek);
      if (siteKey) return siteKey;
    }
    return null;
  }

  // MARK: - What this device keeps, when asked

  function ignore() { /* nothing kept, or nothing left to delete */ }

  /** The site's database; null when there is none and `create` is false (an unlock for this tab
   * makes none), or IndexedDB cannot be used. A database of an earlier version, which kept every
   * tab's keys themselves, is deleted. */
  function openDatabase(create) {
    if (!database) {
      database = (async function () {
        if (indexedDB.databases) {
          var known = (await indexedDB.databases().catch(function () { return []; })).filter(function (info) {
            return info.name === databaseName;
          })[0];
          if (known && known.version < DATABASE_VERSION) {
            await deleteDatabase();
            known = null;
          }
          if (!known && !create) return null;
        }
        return new Promise(function (resolve) {
          var request;
          var made = false;
          try { request = indexedDB.open(databaseName, DATABASE_VERSION); } catch (error) { resolve(null); return; }
          request.onupgradeneeded = function (event) {
            var db = request.result;
            made = event.oldVersion === 0;
            if (db.objectStoreNames.contains('keys')) db.deleteObjectStore('keys');
            if (!db.objectStoreNames.contains('device')) db.createObjectStore('device', { keyPath: 'id' });
          };
          request.onsuccess = function () {
            var db = request.result;
            if (made && !create) {
              // A browser that cannot list its databases made one only to look: it goes again.
              db.close();
              deleteDatabase().then(function () { resolve(null); });
              return;
            }
            // Another tab deletes the database (Lock): let it.
            db.onversionchange = function () { db.close(); database = null; };
            resolve(db);
          };
          request.onerror = function () { resolve(null); };
        });
      })();
      var opening = database;
      opening.then(function (db) { if (!db && database === opening) database = null; });
    }
    return database;
  }

  function deleteDatabase() {
    return new Promise(function (resolve) {
      var request;
      try { request = indexedDB.deleteDatabase(databaseName); } catch (error) { resolve(); return; }
      request.onsuccess = request.onerror = function () { resolve(); };
    });
  }

  /** Runs `work(store, give)` in one transaction of the device's store; resolves, once it is
   * committed, with what `give` was last given (null without a database). */
  async function withDeviceStore(mode, work, create) {
    var db = await openDatabase(create);
    if (!db) return null;
    return new Promise(function (resolve, reject) {
      var transaction = db.transaction('device', mode);
      var result = null;
      work(transaction.objectStore('device'), function (value) { result = value; });
      transaction.oncomplete = function () { resolve(result); };
      transaction.onerror = transaction.onabort = function () { reject(transaction.error); };
    });
  }

  /** What this device keeps for the site, by record id ('remembered', 'passkey'). */
  async function deviceRecords() {
    var found = await withDeviceStore('readonly', function (store, give) {
      var all = store.getAll();
      all.onsuccess = function () {
        var byID = {};
        all.result.forEach(function (record) { byID[record.id] = record; });
        give(byID);
      };
    }, false);
    return found || {};
  }

  /** Keeps the site key on this device for `days` days without a passkey: wrapped under a new
   * non-extractable device key, which IndexedDB keeps, and the wrapped key in Cache Storage. */
  async function rememberSiteKey(days) {
    var deviceKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    var nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
    var sealed = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData: encoder.encode(REMEMBERED_LABEL) },
      deviceKey, siteKeyBytes));
    await (await caches.open(deviceCacheName)).put(new Request(rememberedURL), new Response(concatenated(nonce, sealed)));
    await withDeviceStore('readwrite', function (store) {
      store.put({ id: 'remembered', deviceKey: deviceKey, key: settings.key, expires: Date.now() + days * DAY_MS });
    }, true);
  }

  /** The site key `record` (this device's 'remembered') and Cache Storage keep, as bytes; null when
   * it has expired (by this browser's clock), is of another site key, or its halves are apart. */
  async function rememberedSiteKey(record) {
    if (!(record.expires > Date.now()) || record.key !== settings.key) return null;
    var response = await caches.match(rememberedURL, { cacheName: deviceCacheName });
    if (!response) return null;
    var wrapped = new Uint8Array(await response.arrayBuffer());
    try {
      return new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv: wrapped.subarray(0, NONCE_BYTES),
        additionalData: encoder.encode(REMEMBERED_LABEL) }, record.deviceKey, wrapped.subarray(NONCE_BYTES)));
    } catch (error) {
      return null;
    }
  }

  /** Deletes the records of `ids` and the remembered key's Cache Storage; the database itself when
   * nothing is left in it. */
  async function forgetRecords(ids) {
    if (ids.indexOf('remembered') >= 0) await caches.delete(deviceCacheName).catch(ignore);
    var left = await withDeviceStore('readwrite', function (store, give) {
      ids.forEach(function (id) { store.delete(id); });
      var count = store.count();
      count.onsuccess = function () { give(count.result); };
    }, false).catch(function () { return null; });
    if (left === 0) await deleteDeviceRecords();
  }

  /** Deletes every record the site made on this device: the Cache Storage of a remembered key, and
   * the database itself, not only its records. */
  async function deleteDeviceRecords() {
    await caches.delete(deviceCacheName).catch(ignore);
    var db = database ? await database.catch(function () { return null; }) : null;
    if (db) db.close();
    database = null;
    await deleteDatabase();
  }

  /** Removes what earlier versions of this script kept in web storage: a session handle, copies of the PBKDF2 result. */
  function dropOldCopies() {
    try {
      ['daybook-key:', 'daybook-session:'].forEach(function (name) {
        sessionStorage.removeItem(name + base);
        localStorage.removeItem(name + base);
      });
    } catch (error) { /* no storage */ }
  }

  /** Forgets the keys in this tab: memory, and what was decrypted with them. */
  function forgetHere() {
    keys = null;
    if (siteKeyBytes) siteKeyBytes.fill(0);
    siteKeyBytes = null;
    passkeyOffer = null;
    passkeyCodeText = null;
    calendar = null;
    idsByAddress.clear();
    addressesByID.clear();
    assetURLs.forEach(function (promise) { promise.then(URL.revokeObjectURL, function () {}); });
    assetURLs.clear();
    releasePictures();
  }

  /** Lock: every record the site made on this device is deleted, then every open tab of it is told to forget. */
  async function lock() {
    forgetHere();
    await deleteDeviceRecords();
    if (lockChannel) {
      lockChannel.postMessage('lock');
    } else {
      try {
        localStorage.setItem(lockSignalName, String(Date.now()));
        localStorage.removeItem(lockSignalName);
      } catch (error) { /* a tab without either keeps its keys until it is left */ }
    }
    location.replace(base);
  }

  /** Another tab locked the site. */
  function onLockSignal() {
    if (!keys) return;
    forgetHere();
    location.replace(base);
  }

  function onStorage(event) {
    if (event.key === lockSignalName && event.newValue) onLockSignal();
  }

  // MARK: - Site files

  /** A site file that is not published (`missing`) or does not decrypt (`damaged`). */
  function SiteFileError(address, kind) {
    this.name = 'SiteFileError';
    this.kind = kind;
    this.address = address;
    this.message = wordFor(kind === 'missing' ? 'file_missing' : 'file_damaged', { address: address });
  }
  SiteFileError.prototype = Object.create(Error.prototype);

  /** The site file an address-bearing URL names ("2025/10/04/walk/index.html"), or null when the
   * URL is not inside the site. */
  function addressOf(url) {
    return siteAddress(url, location.origin, base);
  }

  async function publishedPath(address) {
    var code = new Uint8Array(await subtle.sign('HMAC', keys.names, encoder.encode(address)));
    return publishedPathOf(code, settings.folder);
  }

  /** For the "Keep offline" control (assets/offline.js): the published path of a site file, which
   * it hands the site's service worker, so the worker fetches and keeps ciphertext only and is never
   * told an address, a key or a decrypted byte. */
  window.daybookPublishedPath = function (address) {
    return keys ? publishedPath(address) : Promise.reject(new SiteFileError(address, 'missing'));
  };

  /** The content of the site file at `address`. */
  async function readSiteFile(address) {
    if (!keys) throw new SiteFileError(address, 'missing');
    // Pages, index files and the calendar keep their published names when they change: always ask the server
    // whether the copy at hand is still current (a 304 costs no body).
    var current = /^(text\/html|application\/json)/.test(typeOf(address)) || address === CALENDAR ? 'no-cache' : 'default';
    var response = await realFetch(base + await publishedPath(address), { credentials: 'same-origin', cache: current });
    if (response.status === 404) throw new SiteFileError(address, 'missing');
    if (!response.ok) throw new Error(wordFor('file_unavailable', { address: address, status: response.status }));
    var file = new Uint8Array(await response.arrayBuffer());
    if (!isPublishedFile(file)) throw new SiteFileError(address, 'damaged');
    var plain;
    try {
      plain = new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv: file.subarray(1, 1 + NONCE_BYTES), additionalData: associatedData(address),
        tagLength: TAG_BYTES * 8 }, keys.content, file.subarray(1 + NONCE_BYTES)));
    } catch (error) {
      throw new SiteFileError(address, 'damaged');
    }
    var content = unpadded(plain);
    if (content === null) throw new SiteFileError(address, 'damaged');
    return content;
  }

  /** A blob: URL of the decrypted file at `address`, made once and kept for the session. */
  function assetURL(address, transform) {
    if (!assetURLs.has(address)) {
      var promise = readSiteFile(address).then(function (bytes) {
        return transform ? transform(bytes) : bytes;
      }).then(function (bytes) {
        return URL.createObjectURL(new Blob([bytes], { type: typeOf(address) }));
      });
      promise.catch(function () { assetURLs.delete(address); });
      assetURLs.set(address, promise);
    }
    return assetURLs.get(address);
  }

  // MARK: - Addresses after '#'

  /** The address of the page being shown, as the plain site would have it. */
  function pageURL() {
    return current || new URL(base, location.origin);
  }

  /** A site URL's address inside the site: path after the base, query and fragment. */
  function innerAddress(url) {
    return innerAddressIn(url, base);
  }

  /** The address in the bar for a site URL: the site's base, '#', then the page's opaque id (or
   * its own path when addresses are readable). */
  async function barAddress(url) {
    var inner = innerAddress(url);
    if (readableAddresses) return base + '#/' + inner;
    if (!idsByAddress.has(inner)) {
      var id = await opaqueID(inner);
      idsByAddress.set(inner, id);
      addressesByID.set(id, inner);
    }
    return base + '#' + idsByAddress.get(inner);
  }

  /** The bar address of a site URL when it is known without waiting, or null. */
  function knownBarAddress(url) {
    var inner = innerAddress(url);
    if (readableAddresses) return base + '#/' + inner;
    return idsByAddress.has(inner) ? base + '#' + idsByAddress.get(inner) : null;
  }

  /** The site URL the bar names, or null for an id that is not one of this site's. */
  async function urlInBar() {
    var after = location.hash.slice(1);
    if (after === '' || after === '/') return new URL(base, location.origin);
    if (after.charAt(0) === '/') return siteURL(base + after.slice(1), location.origin);
    if (readableAddresses) return null;
    if (!addressesByID.has(after)) {
      var inner = await addressOfID(after);
      if (inner === null) return null;
      addressesByID.set(after, inner);
      idsByAddress.set(inner, after);
    }
    return siteURL(base + addressesByID.get(after), location.origin);
  }

  /** The opaque id of an address: tag ‖ AES-CTR(padded address), the tag a keyed hash of the
   * padded address that also starts the counter, so one address always gives one id. */
  async function opaqueID(inner) {
    var padded = paddedAddress(inner);
    var tag = new Uint8Array(await subtle.sign('HMAC', keys.addressTags, padded)).subarray(0, ADDRESS_TAG_BYTES);
    var sealed = new Uint8Array(await subtle.encrypt(addressCounter(tag), keys.addresses, padded));
    var id = new Uint8Array(ADDRESS_TAG_BYTES + sealed.length);
    id.set(tag);
    id.set(sealed, ADDRESS_TAG_BYTES);
    return toBase64URL(id);
  }

  /** The address an opaque id stands for, or null when the id was not made with these keys. */
  async function addressOfID(id) {
    var bytes = opaqueIDBytes(id);
    if (!keys || !bytes) return null;
    var tag = bytes.subarray(0, ADDRESS_TAG_BYTES);
    var padded = new Uint8Array(await subtle.decrypt(addressCounter(tag), keys.addresses, bytes.subarray(ADDRESS_TAG_BYTES)));
    var expected = new Uint8Array(await subtle.sign('HMAC', keys.addressTags, padded)).subarray(0, ADDRESS_TAG_BYTES);
    if (!sameBytes(tag, expected)) return null;
    return unpaddedAddress(padded);
  }

  function siteURL(text, relativeTo) {
    try { return new URL(text, relativeTo); } catch (error) { return null; }
  }

  // MARK: - Pages

  /** Rewrites CSS so that every url() inside the site points to a decrypted blob: URL. */
  async function decryptedCSS(text, relativeTo) {
    var pattern = /url\(\s*(['"]?)([^'")]+)\1\s*\)/g;
    var found = [];
    text.replace(pattern, function (whole, quote, target) { found.push(target); return whole; });
    var urls = await Promise.all(found.map(function (target) {
      var url = siteURL(target, relativeTo);
      var address = url && addressOf(url);
      return address ? assetURL(address).catch(function () { return 'about:invalid'; }) : Promise.resolve(null);
    }));
    var index = 0;
    return text.replace(pattern, function (whole) {
      var replacement = urls[index++];
      return replacement ? 'url("' + replacement + '")' : whole;
    });
  }

  function stylesheetURL(address, url) {
    return assetURL(address, async function (bytes) {
      return encoder.encode(await decryptedCSS(decoder.decode(bytes), url));
    });
  }

  /** The page's HTML with no address the browser would load, and its pictures left to decrypt. */
  async function preparedPage(html, url) {
    var page = new DOMParser().parseFromString(html, 'text/html');
    var work = [];
    function inside(value) {
      var target = value === null ? null : siteURL(value, url);
      return target && addressOf(target) !== null ? target : null;
    }
    page.querySelectorAll('base, meta[http-equiv="refresh" i]').forEach(function (node) { node.remove(); });
    usePolicy(page);
    if (!readableAddresses) useLockTitle(page);
    // Without an icon of its own a page makes the browser ask the server for /favicon.ico.
    if (!page.querySelector('link[rel~="icon" i]')) {
      var icon = page.createElement('link');
      icon.rel = 'icon';
      icon.href = 'data:,';
      page.head.appendChild(icon);
    }
    page.querySelectorAll('a[href], area[href]').forEach(function (link) {
      // A link within the page (a skip link, a footnote) stays as written: a click on it is caught
      // (`linkTarget`), and tools that follow it to its target (assistive ones) find it.
      if (link.getAttribute('href').charAt(0) === '#') return;
      var target = inside(link.getAttribute('href'));
      if (target) work.push(barAddress(target).then(function (address) { link.setAttribute('href', address); }));
    });
    page.querySelectorAll('link[href]').forEach(function (link) {
      var target = inside(link.getAttribute('href'));
      if (!target) return;
      if (/(^|\s)stylesheet(\s|$)/i.test(link.getAttribute('rel') || '')) {
        work.push(stylesheetURL(addressOf(target), target).then(function (blob) { link.setAttribute('href', blob); },
          function () { link.remove(); }));
      } else {
        link.remove();
      }
    });
    page.querySelectorAll('script[src]').forEach(function (script) {
      var target = inside(script.getAttribute('src'));
      if (!target) return;
      work.push(assetURL(addressOf(target)).then(function (blob) { script.setAttribute('src', blob); },
        function () { script.remove(); }));
    });
    page.querySelectorAll('style').forEach(function (style) {
      work.push(decryptedCSS(style.textContent, url).then(function (text) { style.textContent = text; }));
    });
    page.querySelectorAll('[style]').forEach(function (node) {
      work.push(decryptedCSS(node.getAttribute('style'), url).then(function (text) { node.setAttribute('style', text); }));
    });
    page.querySelectorAll('img, source, video, audio, iframe, embed, object, input[type="image" i]').forEach(function (node) {
      ['src', 'srcset', 'poster', 'data'].forEach(function (name) {
        var value = node.getAttribute(name);
        if (value === null) return;
        var local = name === 'srcset' ? value.split(',').some(function (part) { return inside(part.trim().split(/\s+/)[0]); }) : inside(value);
        if (!local) return;
        node.removeAttribute(name);
        if (node.localName === 'img') node.setAttribute('data-daybook-' + name, value);
      });
    });
    page.querySelectorAll('svg [href], svg [*|href]').forEach(function (node) {
      ['href', 'xlink:href'].forEach(function (name) { if (inside(node.getAttribute(name))) node.removeAttribute(name); });
    });
    await Promise.all(work);
    return '<!DOCTYPE html>\n' + page.documentElement.outerHTML;
  }

  /** The unlock page's policy in place of the page's own: Chromium keeps the unlock page's
   * policy across document.open, and a page's "script-src 'self'" would add to it and refuse the
   * decrypted (blob:) scripts. */
  function usePolicy(page) {
    page.querySelectorAll('meta[http-equiv="Content-Security-Policy" i]').forEach(function (node) { node.remove(); });
    if (!policy) return;
    var meta = page.createElement('meta');
    meta.httpEquiv = 'Content-Security-Policy';
    meta.content = policy;
    page.head.insertBefore(meta, page.head.firstChild);
  }

  /** The tab keeps the unlock page's title: history and the tab strip name no page. */
  function useLockTitle(page) {
    page.querySelectorAll('title').forEach(function (node) { node.remove(); });
    var title = page.createElement('title');
    title.textContent = lockTitle;
    page.head.appendChild(title);
  }

  /** The CSS width a picture will be shown at, as the browser reckons it to choose from a srcset:
   * the first length of its `sizes` whose media condition matches, else its box, else its width
   * attribute. Not the box first: before its file is decrypted a picture may be laid out as its
   * alt text (a picture in an entry's text has no CSS width of its own). */
  function shownWidth(image) {
    var sizes = (image.getAttribute('sizes') || '').split(/,(?![^(]*\))/);
    for (var i = 0; i < sizes.length; i++) {
      var size = sizes[i].trim();
      var close = size.charAt(0) === '(' ? size.lastIndexOf(') ') : -1;
      if (close >= 0 && !window.matchMedia(size.slice(0, close + 1)).matches) continue;
      var width = lengthInPixels(close >= 0 ? size.slice(close + 2) : size);
      if (width) return width;
    }
    return image.getBoundingClientRect().width || image.width || 0;
  }

  /** A CSS length (`42rem`, `calc(100vw - 2rem)`) in pixels, or 0 when it is not one. */
  function lengthInPixels(length) {
    if (!length || !document.body) return 0;
    var probe = document.createElement('div');
    probe.style.cssText = 'position:absolute;visibility:hidden;height:0';
    probe.style.width = length;
    if (!probe.style.width) return 0;
    document.body.appendChild(probe);
    var width = probe.getBoundingClientRect().width;
    probe.remove();
    return width;
  }

  /** Decrypts a picture once it comes near the screen; from a srcset, the one candidate that fits. */
  function showPicture(image, url) {
    var chosen = image.getAttribute('data-daybook-src');
    var srcset = image.getAttribute('data-daybook-srcset');
    if (srcset) {
      var fitting = fittingCandidate(srcset, shownWidth(image) * (window.devicePixelRatio || 1));
      if (fitting) chosen = fitting;
    }
    var target = chosen && siteURL(chosen, url);
    var address = target && addressOf(target);
    if (!address) return;
    readSiteFile(address).then(function (bytes) {
      var blob = URL.createObjectURL(new Blob([bytes], { type: typeOf(address) }));
      pictureURLs.push(blob);
      image.src = blob;
    }, function (error) {
      image.setAttribute('data-daybook-error', error.message || String(error));
    });
  }

  function watchPictures(url) {
    var images = document.querySelectorAll('img[data-daybook-src], img[data-daybook-srcset]');
    if (!('IntersectionObserver' in window)) {
      images.forEach(function (image) { showPicture(image, url); });
      return;
    }
    pictureObserver = new IntersectionObserver(function (entries, observer) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        observer.unobserve(entry.target);
        showPicture(entry.target, url);
      });
    }, { rootMargin: '600px 0px' });
    images.forEach(function (image) { pictureObserver.observe(image); });
  }

  function releasePictures() {
    if (pictureObserver) pictureObserver.disconnect();
    pictureObserver = null;
    pictureURLs.forEach(function (url) { URL.revokeObjectURL(url); });
    pictureURLs = [];
  }

  /** The site's word for `key`, with each `{name}` replaced by `values[name]`. */
  function wordFor(key, values) {
    return filledWord(words, key, values);
  }

  /** A page of the reader's own: a message, or a picture or text file opened by itself. */
  function plainPage(title, body) {
    var shownTitle = readableAddresses ? title : lockTitle;
    return '<!DOCTYPE html>\n<html lang="' + escapeHTML(language) + '"><head><meta charset="utf-8">' +
      (policy ? '<meta http-equiv="Content-Security-Policy" content="' + escapeHTML(policy) + '">' : '') +
      '<meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>' + escapeHTML(shownTitle) + '</title></head><body class="daybook-reader-page">' +
      body + '</body></html>';
  }

  function problemPage(error) {
    var missing = error && error.kind === 'missing';
    var heading = wordFor(missing ? 'not_found' : 'page_failed');
    return plainPage(heading, '<main class="daybook-problem"><h1>' + escapeHTML(heading) + '</h1>' +
      '<p role="alert">' + escapeHTML(error && error.message ? error.message : String(error)) + '</p>' +
      '<p><a href="' + escapeHTML(base) + '">' + escapeHTML(wordFor('go_to_start')) + '</a></p></main>');
  }

  /** Writes `html` as the document, then, once it is parsed, adds what the reader adds to every
   * page; `pictures` are the blob: URLs the page holds, released when it is left. */
  function write(html, pictures) {
    releasePictures();
    pictureURLs = pictures || [];
    document.open();
    document.write(html);
    document.close();
    listen();
    return new Promise(function (resolve) {
      if (document.readyState !== 'loading') resolve();
      else document.addEventListener('DOMContentLoaded', function () { resolve(); }, { once: true });
    }).then(decorate);
  }

  /** Shows the page at the address after '#': decrypted, or a message saying why not. */
  async function show(scrollTo) {
    var asked = ++asking;
    var url = await urlInBar();
    // popstate and hashchange both ask for one move; a later question wins.
    if (asked !== asking || !keys) return;
    if (!url) {
      await showUnknownAddress();
      return;
    }
    if (!readableAddresses && location.hash.indexOf('#/') === 0) {
      // A readable address (an old bookmark): the bar and history keep its id instead.
      realReplaceState(history.state, '', await barAddress(url));
    }
    var key = url.pathname + url.search;
    if (shown === key) {
      current = url;
      settle(url, scrollTo);
      return;
    }
    if (pending === key) return;
    pending = key;
    var mine = ++navigation;
    var address = addressOf(url);
    var html;
    var pictures = [];
    try {
      var bytes = await readSiteFile(address);
      var type = typeOf(address);
      if (type.indexOf('text/html') === 0) {
        html = await preparedPage(decoder.decode(bytes), url);
      } else if (type.indexOf('image/') === 0) {
        pictures.push(URL.createObjectURL(new Blob([bytes], { type: type })));
        html = plainPage(address, '<img src="' + pictures[0] + '" alt="' + escapeHTML(address) + '" style="max-width:100%">');
      } else {
        html = plainPage(address, '<pre>' + escapeHTML(decoder.decode(bytes)) + '</pre>');
      }
    } catch (error) {
      html = problemPage(error);
      if (error && error.kind === 'missing') {
        try { html = await preparedPage(decoder.decode(await readSiteFile('404.html')), url); } catch (ignored) { /* the reader's own */ }
      }
    }
    if (mine !== navigation) {
      pictures.forEach(URL.revokeObjectURL);
      return;
    }
    pending = null;
    shown = key;
    current = url;
    await write(html, pictures);
    settle(url, scrollTo);
  }

  /** An id in the bar that these keys did not make: the site's not-found page. */
  async function showUnknownAddress() {
    var mine = ++navigation;
    var start = new URL(base, location.origin);
    var html = problemPage({ kind: 'missing', message: wordFor('nothing_here') });
    try { html = await preparedPage(decoder.decode(await readSiteFile('404.html')), start); } catch (ignored) { /* the reader's own */ }
    if (mine !== navigation) return;
    pending = null;
    shown = null;
    current = start;
    await write(html, []);
    window.scrollTo(0, 0);
  }

  /** Scrolls to the page's fragment, to a remembered position, or to the top. */
  function settle(url, scrollTo) {
    var fragment = url.hash ? decodeURIComponent(url.hash.slice(1)) : '';
    var target = fragment && document.getElementById(fragment);
    if (target && scrollTo === undefined) {
      target.scrollIntoView();
      if (target.tabIndex >= 0 || target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
    } else {
      window.scrollTo(0, scrollTo || 0);
    }
  }

  /** Goes to a site URL as a link would: a new history entry, the page shown from the top. */
  async function go(url) {
    var scroll = window.scrollY;
    goTo(await barAddress(url), scroll);
  }

  /** Goes to an address in '#' form; the position left is kept with the entry left. */
  function goTo(address, scroll) {
    realReplaceState({ daybookScroll: scroll }, '');
    realPushState(null, '', address);
    show();
  }

  // MARK: - What pages get

  /** The site URL a click on a link leads to, or null when the reader leaves the click alone. */
  function linkTarget(event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
    var link = event.target && event.target.closest ? event.target.closest('a[href], area[href]') : null;
    if (!link || link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
    var url = siteURL(link.getAttribute('href'), pageURL());
    if (!url) return null;
    if (isBarAddress(url)) return url;
    return addressOf(url) === null ? null : url;
  }

  /** Whether `url` is already in '#' form: the site's base with an address after '#'. */
  function isBarAddress(url) {
    return url.origin === location.origin && url.pathname === base && url.search === '' && url.hash.length > 1;
  }

  function onClick(event) {
    var url = linkTarget(event);
    if (!url) return;
    event.preventDefault();
    if (isBarAddress(url)) goTo(url.pathname + url.hash, window.scrollY);
    else go(url);
  }

  function onSubmit(event) {
    var form = event.target;
    if (event.defaultPrevented || !form || (form.method || 'get').toLowerCase() !== 'get') return;
    var url = siteURL(form.getAttribute('action') || '', pageURL());
    if (!url || addressOf(url) === null) return;
    event.preventDefault();
    url.search = new URLSearchParams(new FormData(form)).toString();
    go(url);
  }

  function onHistory() {
    var state = history.state;
    show(state && typeof state.daybookScroll === 'number' ? state.daybookScroll : undefined);
  }

  /** Catches links and forms to site pages, moves in history and other tabs' Lock (listeners a
   * new document needs at once: document.open removes the window's too). */
  function listen() {
    document.addEventListener('click', onClick);
    document.addEventListener('submit', onSubmit);
    window.addEventListener('popstate', onHistory);
    window.addEventListener('hashchange', onHistory);
    window.addEventListener('storage', onStorage);
  }

  /** Pictures, the lock control and its style, once the page is parsed. */
  function decorate() {
    watchPictures(pageURL());
    fetchCalendarFor(document);
    var style = document.createElement('link');
    style.rel = 'stylesheet';
    style.href = base + 'unlock.css';
    (document.head || document.documentElement).appendChild(style);
    var control = document.createElement('button');
    control.type = 'button';
    control.className = 'daybook-lock-control';
    control.textContent = wordFor('lock');
    control.title = wordFor('lock_title');
    control.addEventListener('click', lock);
    (document.body || document.documentElement).appendChild(control);
    showPasskeyOffer();
  }

  // MARK: - Passkeys

  /** Whether the browser says it has no PRF extension (where it can say: getClientCapabilities). */
  async function checkPasskeySupport() {
    if (!passkeys || !window.PublicKeyCredential.getClientCapabilities) return;
    try {
      var capabilities = await window.PublicKeyCredential.getClientCapabilities();
      prfRefused = Boolean(capabilities) && capabilities['extension:prf'] === false;
    } catch (error) { /* not told */ }
  }

  /** A passkey slot's key-encryption key: HKDF of the credential's PRF output. */
  async function passkeyKEK(prfOutput, usages) {
    var material = await subtle.importKey('raw', prfOutput, 'HKDF', false, ['deriveKey']);
    return subtle.deriveKey(hkdf(LABELS.passkey), material, { name: 'AES-GCM', length: 256 }, false, usages);
  }

  /** Why a passkey could not be used: 'no_prf' (the browser or authenticator has no PRF), 'not_opened'. */
  function PasskeyError(kind) {
    this.name = 'PasskeyError';
    this.kind = kind;
    this.message = kind;
  }
  PasskeyError.prototype = Object.create(Error.prototype);

  /** The passkeys that may open the site key here: this device's, and the site's published passkey slots. */
  function passkeyCandidates() {
    var candidates = slotsOf(settings, 'passkey').map(function (slot) {
      return { credential: fromBase64(slot.credential), salt: fromBase64(slot.salt), wrapped: fromBase64(slot.wrapped) };
    });
    if (devicePasskey) candidates.unshift(devicePasskey);
    return candidates;
  }

  /** The PRF output of `credential` (bytes) at `salt`, asking the authenticator (one touch). */
  async function prfOutput(candidates) {
    var evaluations = {};
    candidates.forEach(function (candidate) { evaluations[toBase64URL(candidate.credential)] = { first: candidate.salt }; });
    var assertion = await passkeys.get({ publicKey: {
      challenge: crypto.getRandomValues(new Uint8Array(32)), timeout: PASSKEY_TIMEOUT_MS, userVerification: 'required',
      allowCredentials: candidates.map(function (candidate) { return { type: 'public-key', id: candidate.credential }; }),
      extensions: { prf: { evalByCredential: evaluations } }
    } });
    var prf = assertion.getClientExtensionResults().prf;
    if (!prf || !prf.results || !prf.results.first) throw new PasskeyError('no_prf');
    return { credential: new Uint8Array(assertion.rawId), output: new Uint8Array(prf.results.first) };
  }

  /** The site key a passkey opens, as bytes. */
  async function siteKeyFromPasskey() {
    var candidates = passkeyCandidates();
    var answer = await prfOutput(candidates);
    var kek = await passkeyKEK(answer.output, ['decrypt']);
    answer.output.fill(0);
    var used = candidates.filter(function (candidate) { return sameBytes(candidate.credential, answer.credential); });
    for (var i = 0; i < used.length; i++) {
      var siteKey = await unwrapped({ wrapped: toBase64(used[i].wrapped), kind: 'passkey' }, kek);
      if (siteKey) return siteKey;
    }
    throw new PasskeyError('not_opened');
  }

  /** Makes a passkey for the site's host and keeps, on this device, the site key wrapped under its
   * PRF output only (in place of a key remembered without one); returns the code for `daybook keys passkey`. */
  async function makePasskey() {
    var salt = crypto.getRandomValues(new Uint8Array(PASSKEY_SALT_BYTES));
    var created = await passkeys.create({ publicKey: {
      rp: { name: lockTitle },
      user: { id: crypto.getRandomValues(new Uint8Array(16)), name: lockTitle, displayName: lockTitle },
      challenge: crypto.getRandomValues(new Uint8Array(32)),
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }, { type: 'public-key', alg: -257 }],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      timeout: PASSKEY_TIMEOUT_MS,
      extensions: { prf: { eval: { first: salt } } }
    } });
    var credential = new Uint8Array(created.rawId);
    var prf = created.getClientExtensionResults().prf;
    if (!prf || (!prf.enabled && !prf.results)) throw new PasskeyError('no_prf');
    // Some authenticators evaluate the PRF only when the credential is used: then it is used once.
    var output = prf.results && prf.results.first ? new Uint8Array(prf.results.first)
      : (await prfOutput([{ credential: credential, salt: salt }])).output;
    var kek = await passkeyKEK(output, ['encrypt']);
    output.fill(0);
    var nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
    var sealed = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData: encoder.encode(LABELS.passkey) },
      kek, siteKeyBytes));
    var record = { id: 'passkey', credential: credential, salt: salt, wrapped: concatenated(nonce, sealed), key: settings.key };
    await withDeviceStore('readwrite', function (store) {
      store.put(record);
      store.delete('remembered');
    }, true);
    await caches.delete(deviceCacheName).catch(ignore);
    devicePasskey = record;
    return passkeyCode(fromBase64(settings.key), salt, record.wrapped, credential);
  }

  /** After unlocking, where a passkey could keep the site key: the offer, on every page of this tab until answered. */
  function offerPasskey() {
    if (passkeys && !prfRefused && !devicePasskey && siteKeyBytes) passkeyOffer = 'offered';
  }

  function element(name, attributes, text) {
    var node = document.createElement(name);
    Object.keys(attributes || {}).forEach(function (attribute) { node.setAttribute(attribute, attributes[attribute]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** The offer (or, once made, the passkey's code), added to the page. */
  function showPasskeyOffer() {
    if (passkeyOffer !== 'offered' && passkeyOffer !== 'made') return;
    var panel = element('section', { class: 'daybook-passkey-offer', 'aria-labelledby': 'daybook-passkey-offer-title' });
    var made = passkeyOffer === 'made';
    panel.appendChild(element('h2', { id: 'daybook-passkey-offer-title' }, wordFor(made ? 'passkey_ready' : 'passkey_offer_title')));
    panel.appendChild(element('p', {}, wordFor(made ? 'passkey_code_text' : 'passkey_offer_text')));
    if (made) panel.appendChild(element('code', { id: 'daybook-passkey-code' }, 'daybook keys passkey ' + passkeyCodeText));
    var actions = element('p', { class: 'daybook-passkey-actions' });
    var status = element('p', { class: 'daybook-passkey-status', role: 'status' });
    var primary = element('button', { type: 'button', id: made ? 'daybook-passkey-copy' : 'daybook-passkey' },
      wordFor(made ? 'passkey_copy' : 'passkey_offer'));
    var close = element('button', { type: 'button', class: 'daybook-secondary' }, wordFor(made ? 'passkey_done' : 'passkey_not_now'));
    actions.appendChild(primary);
    actions.appendChild(close);
    panel.appendChild(actions);
    panel.appendChild(status);
    close.addEventListener('click', function () {
      passkeyOffer = 'closed';
      passkeyCodeText = null;
      panel.remove();
    });
    primary.addEventListener('click', made ? function () {
      if (!navigator.clipboard) return;
      navigator.clipboard.writeText('daybook keys passkey ' + passkeyCodeText).then(function () {
        status.textContent = wordFor('passkey_copied');
      }, ignore);
    } : async function () {
      primary.disabled = true;
      status.textContent = wordFor('unlocking_passkey');
      try {
        passkeyCodeText = await makePasskey();
        passkeyOffer = 'made';
        panel.remove();
        showPasskeyOffer();
        var shown = document.getElementById('daybook-passkey-copy');
        if (shown) shown.focus();
      } catch (error) {
        primary.disabled = false;
        if (error && error.kind === 'no_prf') {
          primary.remove();
          status.textContent = wordFor('passkey_no_prf');
        } else {
          status.textContent = wordFor('passkey_not_made', { error: error && error.name ? error.name : String(error) });
        }
      }
    });
    (document.body || document.documentElement).appendChild(panel);
  }

  // MARK: - On this day

  /* The site publishes no file per calendar day ("on-this-day/03-02.json"): their sizes would tell
   * how many entries each day has, and a request for one the reader's date. It publishes one
   * calendar of them all, compressed, which the home page always fetches, whatever the date; a
   * page's request for a day's file is answered from it. */
  var CALENDAR = 'on-this-day/calendar.deflate';
  var calendar = null;

  /** The calendar, day name → that day's file as text; read once a session. */
  function readCalendar() {
    if (!calendar) {
      calendar = readSiteFile(CALENDAR).then(function (bytes) {
        var inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
        return new Response(inflated).json();
      });
      calendar.catch(function () { calendar = null; });
    }
    return calendar;
  }

  function calendarDay(address) {
    var name = calendarDayName(address);
    return readCalendar().then(function (days) {
      if (!Object.prototype.hasOwnProperty.call(days, name)) throw new SiteFileError(address, 'missing');
      return encoder.encode(days[name]);
    });
  }

  /** On a page with an "on this day" section (the home page), the calendar is fetched whether or
   * not today has entries, so the requests are the same on every date. */
  function fetchCalendarFor(page) {
    if (page.querySelector('[data-on-this-day]')) readCalendar().catch(function () {});
  }

  /** fetch() for pages: a URL inside the site is read from its published file and decrypted. */
  function pageFetch(input, init) {
    var url = siteURL(typeof input === 'string' || input instanceof URL ? String(input) : input.url, pageURL());
    var address = url && addressOf(url);
    if (!address || (init && init.method && init.method.toUpperCase() !== 'GET')) return realFetch(input, init);
    return (isCalendarDay(address) ? calendarDay(address) : readSiteFile(address)).then(function (bytes) {
      return new Response(bytes, { status: 200, headers: { 'Content-Type': typeOf(address) } });
    }, function (error) {
      if (error && error.kind === 'missing') return new Response('', { status: 404, statusText: 'Not Found' });
      throw error;
    });
  }

  /** history.pushState/replaceState for pages: a site URL is kept after '#'. They must return at
   * once, so an id not yet made is put in the bar as soon as it is ready, if the page is still
   * the one shown (the entry keeps the bar's address until then). */
  function pageHistory(original) {
    return function (state, title, address) {
      if (address !== undefined && address !== null) {
        var url = siteURL(String(address), pageURL());
        if (url && addressOf(url) !== null) {
          current = url;
          shown = url.pathname + url.search;
          address = knownBarAddress(url);
          if (address === null) {
            barAddress(url).then(function (ready) {
              if (current === url) realReplaceState(history.state, '', ready);
            }, function () {});
            address = undefined;
          }
        }
      }
      return original(state, title, address);
    };
  }

  function open(siteKeys) {
    keys = siteKeys;
    window.fetch = pageFetch;
    history.pushState = pageHistory(realPushState);
    history.replaceState = pageHistory(realReplaceState);
    window.daybookPageURL = pageURL;
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    if (lockChannel) lockChannel.onmessage = onLockSignal;
    show();
  }

  // MARK: - The unlock form

  var form = document.getElementById('daybook-unlock');
  var message = document.getElementById('daybook-message');
  var progress = document.getElementById('daybook-progress');
  var passkeyButton = document.getElementById('daybook-unlock-passkey');
  var rememberNote = document.getElementById('daybook-remember-note');

  function say(text) { if (message) message.textContent = text; }

  function busy(text) { if (progress) progress.textContent = text; }

  /** The days "remember on this device" keeps the keys, or 0 when it is not ticked. */
  function rememberDays() {
    var ticked = Boolean(form.elements.remember && form.elements.remember.checked);
    return daysToRemember(ticked, form.elements.remember_days ? form.elements.remember_days.value : undefined);
  }

  /** The remember note (what this device's storage can read) shows while "remember" is ticked. */
  function showRememberNote() {
    if (rememberNote && form.elements.remember) rememberNote.hidden = !form.elements.remember.checked;
  }

  /** Opens the site with the site key's bytes, kept for `days` days when asked; false when they are
   * not the key the settings name (a slot of another site key). */
  async function unlockWith(siteKey, days, offer) {
    var found = await keysOfSiteKey(siteKey);
    if (!found) {
      siteKey.fill(0);
      return false;
    }
    siteKeyBytes = siteKey;
    if (days) await rememberSiteKey(days).catch(ignore);
    if (offer) offerPasskey();
    open(found);
    return true;
  }

  /** The password (or, from its own button or field, the recovery key) opens a slot, or says why not. */
  async function unlock(event) {
    event.preventDefault();
    var recoveryField = form.elements.recovery_key;
    var viaRecovery = Boolean(recoveryField) && ((event.submitter && event.submitter.id === 'daybook-unlock-recovery')
      || document.activeElement === recoveryField);
    var field = viaRecovery ? recoveryField : form.elements.password;
    if (!field.value.trim()) {
      say(wordFor(viaRecovery ? 'enter_recovery_key' : 'enter_password'));
      field.focus();
      return;
    }
    var buttons = form.querySelectorAll('button[type="submit"]');
    buttons.forEach(function (button) { button.disabled = true; });
    say('');
    busy(wordFor('unlocking'));
    try {
      var found = viaRecovery ? await siteKeyFromRecoveryKey(field.value) : await siteKeyFromPassword(field.value);
      busy('');
      if (!found || found === 'typo') {
        say(wordFor(found === 'typo' ? 'recovery_key_typo' : viaRecovery ? 'wrong_recovery_key' : 'wrong_password'));
        field.select();
        return;
      }
      form.elements.password.value = '';
      if (recoveryField) recoveryField.value = '';
      if (!await unlockWith(found, rememberDays(), true)) say(wordFor('unlock_failed', { error: 'key id' }));
    } catch (error) {
      busy('');
      say(wordFor('unlock_failed', { error: error && error.message ? error.message : String(error) }));
    } finally {
      buttons.forEach(function (button) { button.disabled = false; });
    }
  }

  /** One touch of a passkey that this device keeps, or that the site publishes, opens the site. */
  async function unlockWithPasskey() {
    passkeyButton.disabled = true;
    say('');
    busy(wordFor('unlocking_passkey'));
    try {
      var siteKey = await siteKeyFromPasskey();
      busy('');
      if (!await unlockWith(siteKey, 0, false)) say(wordFor('passkey_failed', { error: 'key id' }));
    } catch (error) {
      busy('');
      var reason = error && error.kind === 'no_prf' ? 'PRF' : error && error.name ? error.name : String(error);
      say(wordFor('passkey_failed', { error: reason }));
      if (form && form.elements.password) form.elements.password.focus();
    } finally {
      passkeyButton.disabled = false;
    }
  }

  /** What this device kept: a remembered key opens the site at once; a passkey is offered; what
   * was kept of another site key is deleted. True when the site is open. */
  async function openKept() {
    var kept = await deviceRecords().catch(function () { return {}; });
    var stale = [];
    if (kept.passkey) {
      if (kept.passkey.key === settings.key) devicePasskey = kept.passkey;
      else stale.push('passkey');
    }
    if (kept.remembered) {
      var siteKey = await rememberedSiteKey(kept.remembered).catch(function () { return null; });
      if (siteKey && await unlockWith(siteKey, 0, true)) return true;
      stale.push('remembered');
    }
    if (stale.length) {
      await forgetRecords(stale);
      if (stale.some(function (id) { return kept[id].key !== settings.key; })) say(wordFor('key_changed'));
    }
    return false;
  }

  async function start() {
    if (!subtle) {
      say(wordFor('unlock_needs_https'));
      return;
    }
    dropOldCopies();
    await checkPasskeySupport();
    if (await openKept()) return;
    if (!form) return;
    form.addEventListener('submit', unlock);
    if (form.elements.remember) form.elements.remember.addEventListener('change', showRememberNote);
    showRememberNote();
    form.querySelectorAll('button[type="submit"]').forEach(function (button) { button.disabled = false; });
    if (passkeyButton && passkeys && (devicePasskey || slotsOf(settings, 'passkey').length)) {
      passkeyButton.hidden = false;
      passkeyButton.addEventListener('click', unlockWithPasskey);
      passkeyButton.focus();
    } else if (form.elements.password) {
      form.elements.password.focus();
    }
  }

  start();
})();
"""## + "\n"
}
