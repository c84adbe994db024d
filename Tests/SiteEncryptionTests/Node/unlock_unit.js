// Unit tests of unlock.js's pure parts, run by Node: `node unlock_unit.js PATH/TO/unlock.js SITE.json`.
// SITE.json is what Swift published for a password: {"password", "settings" (the unlock page's),
// "files": [{"address", "published", "file" (base64), "content" (base64)}], "recoveryKey" (as
// printed), "recoveryBytes" (base64), "passkey": {"keyID", "salt", "wrapped", "credential" (base64),
// "code" (as Swift writes it)}}. With the script's own parameters and WebCrypto, the password's keys
// open those files, and the recovery key its slot.
// Prints {"failures": [...], "labels": {...}, "published": {address: path}, "contents": {address: base64},
// "recoveryOpened": bool}.
'use strict';
const api = require(process.argv[2]);
const site = JSON.parse(require('fs').readFileSync(process.argv[3], 'utf8'));
const subtle = globalThis.crypto.subtle;
const failures = [];
function equal(actual, expected, what) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) failures.push(`${what}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
}
const bytes = (...values) => new Uint8Array(values);
const list = (array) => array === null ? null : Array.from(array);

// MARK: - Bytes

equal(api.toBase64(bytes(0xfb, 0xff, 0x00)), '+/8A', 'base64 of bytes that need + and /');
equal(list(api.fromBase64('+/8A')), [0xfb, 0xff, 0x00], 'base64 back');
equal(api.toBase64URL(bytes(0xfb, 0xff)), '-_8', 'base64url: - and _, no padding');
equal(list(api.fromBase64URL('-_8')), [0xfb, 0xff], 'base64url back without padding');
equal(api.fromBase64URL('+/8A'), null, 'base64url refuses + and /');
equal(api.fromBase64URL('a'), null, 'base64url refuses a length no bytes have');
equal(list(api.fromBase64URL('')), [], 'base64url of nothing');
equal(api.toHex(bytes(0, 9, 16, 255)), '000910ff', 'hex keeps leading zeros');
equal(api.sameBytes(bytes(1, 2, 3), bytes(1, 2, 3)), true, 'same bytes');
equal(api.sameBytes(bytes(1, 2, 3), bytes(1, 2, 4)), false, 'a different last byte');
equal(api.sameBytes(bytes(1, 2), bytes(1, 2, 0)), false, 'a different length');

// MARK: - Settings and keys

const parameters = api.pbkdf2Parameters({ salt: 'EBESExQVFhcYGRobHB0eHw==', iterations: 600000 });
equal([parameters.name, parameters.hash, parameters.iterations], ['PBKDF2', 'SHA-256', 600000], 'PBKDF2 with SHA-256 and the slot\'s rounds');
equal(list(parameters.salt), Array.from({ length: 16 }, (_, i) => 0x10 + i), 'the slot\'s salt, decoded');
const keyID = api.hkdf(api.LABELS.keyID);
equal([keyID.name, keyID.hash, list(keyID.salt)], ['HKDF', 'SHA-256', []], 'HKDF with SHA-256 and an empty salt');
equal(new TextDecoder().decode(keyID.info), 'daybook 2 site key id', 'HKDF info is the label');
const slots = { slots: [{ id: 'a', kind: 'password' }, { id: 'b', kind: 'recovery' }, { id: 'c', kind: 'password' }] };
equal(api.slotsOf(slots, 'password').map((slot) => slot.id), ['a', 'c'], 'the slots of one kind, in order');
equal(api.slotsOf({}, 'passkey'), [], 'no slots');
const wrap = api.wrapParameters(new Uint8Array(60).map((_, i) => i), 'recovery');
equal([wrap.name, list(wrap.iv), wrap.tagLength], ['AES-GCM', Array.from({ length: 12 }, (_, i) => i), 128], 'the nonce is the first 12 bytes');
equal(new TextDecoder().decode(wrap.additionalData), 'daybook 2 recovery slot', 'authenticated with the kind\'s label');

// MARK: - Recovery keys and passkey codes

const parsed = api.recoveryKeyBytes(site.recoveryKey);
equal(parsed === null ? null : api.toBase64(parsed.subarray(0, 16)), site.recoveryBytes, 'the printed recovery key spells Swift\'s bytes');
equal(parsed === null ? 0 : parsed.length, 18, 'key, check and four zero bits');
equal(api.recoveryKeyBytes(site.recoveryKey.toUpperCase().replace(/-/g, ' ').replace(/0/g, 'O').replace(/1/g, 'I')) === null ? null
  : api.toBase64(api.recoveryKeyBytes(site.recoveryKey.toUpperCase().replace(/-/g, ' ').replace(/0/g, 'O').replace(/1/g, 'I')).subarray(0, 16)),
site.recoveryBytes, 'case, spaces, O and I as Crockford reads them');
equal(api.recoveryKeyBytes(site.recoveryKey.slice(1)), null, 'one character short');
equal(api.recoveryKeyBytes(site.recoveryKey.replace(/-/, 'U')), null, 'U is not in the alphabet');
const passkey = site.passkey;
equal(api.passkeyCode(api.fromBase64(passkey.keyID), api.fromBase64(passkey.salt), api.fromBase64(passkey.wrapped),
  api.fromBase64(passkey.credential)), passkey.code, 'the passkey code as Swift reads it');

// MARK: - Addresses

equal(api.basePath('/diary/index.html'), '/diary/', 'the base of the unlock page');
equal(api.basePath('/diary/'), '/diary/', 'the base of the site folder');
equal(api.basePath('/'), '/', 'a site at the root');
const origin = 'https://example.org';
const at = (text) => new URL(text, origin + '/diary/');
equal(api.siteAddress(at('2025/10/04/walk/'), origin, '/diary/'), '2025/10/04/walk/index.html', 'a folder is its index.html');
equal(api.siteAddress(at('/diary/'), origin, '/diary/'), 'index.html', 'the site itself');
equal(api.siteAddress(at('assets/style.css?v=2#x'), origin, '/diary/'), 'assets/style.css', 'query and fragment are not the file');
equal(api.siteAddress(at('2025/%EB%B4%84.html'), origin, '/diary/'), '2025/봄.html', 'percent escapes are decoded');
equal(api.siteAddress(at('2025/%E0%A4%A.html'), origin, '/diary/'), null, 'a broken escape is no address');
equal(api.siteAddress(at('/other/page.html'), origin, '/diary/'), null, 'outside the base');
equal(api.siteAddress(new URL('https://elsewhere.org/diary/a.html'), origin, '/diary/'), null, 'another origin');
equal(api.innerAddressIn(at('2025/10/04/walk/?q=rain#image-1'), '/diary/'), '2025/10/04/walk/?q=rain#image-1', 'inner address keeps query and fragment');
equal(api.publishedPathOf(new Uint8Array(32).fill(0xab), 'x'), 'x/ab/' + 'ab'.repeat(15) + '.bin', 'published path: 16 bytes of hex under two');

// MARK: - Files

equal(list(api.associatedData('a/é')), [1, 0x61, 0x2f, 0xc3, 0xa9], 'the version, then the address in UTF-8');
equal(api.isPublishedFile(new Uint8Array(30).fill(1)), true, 'a header, one byte and the tag');
equal(api.isPublishedFile(new Uint8Array(29).fill(1)), false, 'too short for a byte of content');
equal(api.isPublishedFile(new Uint8Array(30).fill(2)), false, 'another version');
equal(list(api.unpadded(bytes(104, 105, 0x80, 0, 0))), [104, 105], 'padding is 0x80 then zeros');
equal(list(api.unpadded(bytes(104, 0x80))), [104], 'padding of the marker alone');
equal(list(api.unpadded(bytes(0x80, 0x80))), [0x80], 'only the last marker is padding');
equal(api.unpadded(bytes(104, 105, 0, 0)), null, 'no marker');
equal(api.unpadded(bytes(0, 0)), null, 'nothing but zeros');
equal(api.typeOf('2025/photo.JPG'), 'image/jpeg', 'types ignore case');
equal(api.typeOf('index.html'), 'text/html; charset=utf-8', 'pages');
equal(api.typeOf('archive.tar.gz'), 'application/octet-stream', 'an unknown type');
equal(api.typeOf('README'), 'application/octet-stream', 'no extension');
equal(api.isCalendarDay('on-this-day/03-02.json'), true, 'a calendar day');
equal(api.isCalendarDay('on-this-day/3-2.json'), false, 'a day needs two digits');
equal(api.isCalendarDay('x/on-this-day/03-02.json'), false, 'only at the top');
equal(api.calendarDayName('on-this-day/03-02.json'), '03-02', 'the calendar names a day by month and day');

// MARK: - Opaque ids

equal(api.paddedAddress('').length, 32, 'an empty address pads to one block');
equal(api.paddedAddress('a'.repeat(31)).length, 32, '31 bytes and the marker fill one block');
equal(api.paddedAddress('a'.repeat(32)).length, 64, '32 bytes need a second block for the marker');
equal(api.unpaddedAddress(api.paddedAddress('2025/10/04/walk/#봄')), '2025/10/04/walk/#봄', 'padding comes off again');
equal(api.unpaddedAddress(new Uint8Array(32)), null, 'no marker');
equal(api.unpaddedAddress(bytes(0x61, 0x80, 0x62)), null, 'bytes after the marker');
equal(api.unpaddedAddress(bytes(0xff, 0x80, 0)), null, 'not UTF-8');
equal(api.opaqueIDBytes(api.toBase64URL(new Uint8Array(12 + 32))).length, 44, 'a tag and a block');
equal(api.opaqueIDBytes(api.toBase64URL(new Uint8Array(12))), null, 'a tag alone');
equal(api.opaqueIDBytes(api.toBase64URL(new Uint8Array(12 + 31))), null, 'not whole blocks');
equal(api.opaqueIDBytes('not an id!'), null, 'not base64url');
const counter = api.addressCounter(new Uint8Array(12).fill(7));
equal([counter.name, counter.length, list(counter.counter)], ['AES-CTR', 32, [...new Array(12).fill(7), 0, 0, 0, 0]],
  'the tag starts the counter, its last 32 bits count');

// MARK: - Words and the page

const words = { file_missing: '{address} is not in this diary', lock: 'Lock' };
equal(api.filledWord(words, 'file_missing', { address: 'a.html' }), 'a.html is not in this diary', 'a value in its place');
equal(api.filledWord(words, 'file_missing', {}), '{address} is not in this diary', 'a value not given stays named');
equal(api.filledWord(words, 'unlocking'), 'unlocking', 'a word the site lacks is its key');
equal(api.filledWord(words, 'toString'), 'toString', 'not a word of every object');
equal(api.escapeHTML(`<a href="x" title='y'>&</a>`), '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;', 'HTML escapes');
equal(api.daysToRemember(false, '7'), 0, 'not ticked');
equal(api.daysToRemember(true, '7'), 7, 'the days chosen');
equal(api.daysToRemember(true, undefined), 30, 'ticked without a choice');
equal(api.daysToRemember(true, '0'), 30, 'no days is the default');
equal(api.fittingCandidate('a.jpg 400w, b.jpg 800w, c.jpg 1600w', 700), 'b.jpg', 'the smallest wide enough');
equal(api.fittingCandidate('a.jpg 400w, b.jpg 800w', 2000), 'b.jpg', 'the widest when none is');
equal(api.fittingCandidate('a.jpg, b.jpg 2x', 500), 'a.jpg', 'densities');
equal(api.fittingCandidate('', 500), null, 'no candidate');

// MARK: - The files Swift published

async function openSite() {
  const settings = site.settings;
  const slot = api.slotsOf(settings, 'password')[0];
  const material = await subtle.importKey('raw', new TextEncoder().encode(site.password.normalize('NFC')), 'PBKDF2', false, ['deriveKey']);
  const kek = await subtle.deriveKey(api.pbkdf2Parameters(slot), material, { name: 'AES-GCM', length: 256 }, false, ['decrypt']);
  const wrapped = api.fromBase64(slot.wrapped);
  const siteKey = new Uint8Array(await subtle.decrypt(api.wrapParameters(wrapped, 'password'), kek, wrapped.subarray(12)));
  const master = await subtle.importKey('raw', siteKey, 'HKDF', false, ['deriveKey', 'deriveBits']);
  const id = new Uint8Array(await subtle.deriveBits(api.hkdf(api.LABELS.keyID), master, 128));
  if (!api.sameBytes(id, api.fromBase64(settings.key))) failures.push('the site key id differs from the published one');
  const content = await subtle.deriveKey(api.hkdf(api.LABELS.content), master, { name: 'AES-GCM', length: 256 }, false, ['decrypt']);
  const names = await subtle.deriveKey(api.hkdf(api.LABELS.names), master, { name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign']);
  const published = {};
  const contents = {};
  for (const file of site.files) {
    const code = new Uint8Array(await subtle.sign('HMAC', names, new TextEncoder().encode(file.address)));
    published[file.address] = api.publishedPathOf(code, settings.folder);
    const bytes = api.fromBase64(file.file);
    if (!api.isPublishedFile(bytes)) failures.push(`${file.address} is not taken for a published file`);
    const plain = new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv: bytes.subarray(1, 13),
      additionalData: api.associatedData(file.address), tagLength: 128 }, content, bytes.subarray(13)));
    const unpadded = api.unpadded(plain);
    contents[file.address] = unpadded === null ? null : api.toBase64(unpadded);
  }
  return { published, contents };
}

async function openRecoverySlot() {
  const bytes = api.recoveryKeyBytes(site.recoveryKey);
  const key = bytes.subarray(0, 16);
  const digest = new Uint8Array(await subtle.digest('SHA-256', key));
  if (!api.recoveryCheckHolds(bytes, digest)) failures.push('the recovery key\'s check does not hold');
  let changed = new Uint8Array(bytes);
  changed[0] ^= 1;
  if (api.recoveryCheckHolds(changed, new Uint8Array(await subtle.digest('SHA-256', changed.subarray(0, 16))))
      && api.recoveryCheckHolds(changed, digest)) failures.push('a changed key keeps the old check');
  const slot = api.slotsOf(site.settings, 'recovery')[0];
  const material = await subtle.importKey('raw', key, 'HKDF', false, ['deriveKey']);
  const kek = await subtle.deriveKey(api.hkdf(api.LABELS.recovery, api.fromBase64(slot.salt)), material, { name: 'AES-GCM', length: 256 },
    false, ['decrypt']);
  const wrapped = api.fromBase64(slot.wrapped);
  const siteKey = new Uint8Array(await subtle.decrypt(api.wrapParameters(wrapped, 'recovery'), kek, wrapped.subarray(12)));
  const master = await subtle.importKey('raw', siteKey, 'HKDF', false, ['deriveBits']);
  const id = new Uint8Array(await subtle.deriveBits(api.hkdf(api.LABELS.keyID), master, 128));
  return api.sameBytes(id, api.fromBase64(site.settings.key));
}

Promise.all([openSite(), openRecoverySlot()]).then(([{ published, contents }, recoveryOpened]) => {
  console.log(JSON.stringify({ failures, labels: api.LABELS, published, contents, recoveryOpened }));
}, (error) => {
  failures.push(`the published files do not open: ${error}`);
  console.log(JSON.stringify({ failures, labels: api.LABELS, published: {}, contents: {} }));
});
