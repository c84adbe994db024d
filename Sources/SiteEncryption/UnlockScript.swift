// Generated from Browser/unlock.js by scripts/embed-theme.py (`make theme`). Do not edit.

/// The script of the unlock page and reader of an encrypted site (`unlock.js`).
enum UnlockScript {
    static let source = #"""
/* Daybook: the unlock page and reader of an encrypted site. Plain JavaScript and WebCrypto: no
 * library, nothing from another host. The format is SiteEncryption's (Sources/SiteEncryption):
 * PBKDF2-HMAC-SHA256 over the password and the site's salt, HKDF-SHA256 to a content key (AES-256-
 * GCM) and a name key (HMAC-SHA256); a site file's address ("2025/10/04/walk/index.html") is
 * published as x/<HMAC of the address>.bin, holding version 1, a 12-byte nonce, the ciphertext of
 * the padded content and the tag, authenticated with the version and the address.
 *
 * How pages are shown. The reader keeps a page's address after '#' (/diary/#/2025/10/04/walk/) so
 * the server never sees it, decrypts the page and writes it into this same document with
 * document.open/write/close. The page then gets a fresh document of its own, parsed as a plain
 * site's would be: its scripts run in order, DOMContentLoaded and load fire, and the listeners of
 * the page before are gone. The window stays, and with it the keys, this script and the fetch it
 * gives pages. An iframe (srcdoc) would give pages the address about:srcdoc, so their location and
 * history would need plumbing through the parent; moving nodes into the live document would run
 * no lifecycle events and would keep every listener of every page seen before.
 *
 * Before a page is written, every address in it that the browser would load (pictures, styles,
 * scripts) is taken out, so no request ever names a site address: styles and scripts are
 * decrypted first and given as blob: URLs, pictures are decrypted when they come near the screen.
 * Links are rewritten to their '#' form, so they can be opened in a new tab, copied and
 * bookmarked; clicks on links that scripts add later are caught too. Pages' scripts get a fetch()
 * that maps site addresses to published files and decrypts them, which is all the search page
 * needs, and window.daybookPageURL() for the page's own address.
 *
 * The key: after unlocking, the PBKDF2 result (from which every key is derived again in
 * milliseconds) is kept in sessionStorage, which lasts as long as the tab, survives reloads and
 * back/forward and is not shared with other tabs; in localStorage only when "remember on this
 * device" is ticked. A non-extractable CryptoKey in IndexedDB would keep the bytes from this
 * origin's scripts, but those scripts could still use it to decrypt everything, and IndexedDB
 * outlives the tab, which a key for one tab session must not. Lock forgets both.
 */
(function () {
  'use strict';

  var FORMAT_VERSION = 1;
  var NONCE_BYTES = 12;
  var TAG_BYTES = 16;
  var LABELS = {
    content: 'daybook 1 content key',
    names: 'daybook 1 name key',
    check: 'daybook 1 password check'
  };
  var TYPES = {
    html: 'text/html; charset=utf-8', css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8',
    json: 'application/json', txt: 'text/plain; charset=utf-8', xml: 'application/xml', svg: 'image/svg+xml',
    jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif',
    ico: 'image/x-icon', woff2: 'font/woff2', woff: 'font/woff'
  };

  var settingsElement = document.getElementById('daybook-lock');
  if (!settingsElement) return;
  var settings = JSON.parse(settingsElement.textContent);
  var subtle = window.crypto && window.crypto.subtle;
  var encoder = new TextEncoder();
  var decoder = new TextDecoder('utf-8');
  // The site's base path: the folder of this page, which is the site's index.html.
  var base = location.pathname.replace(/[^/]*$/, '');
  var storageName = 'daybook-key:' + base;
  var realFetch = window.fetch.bind(window);
  var realPushState = history.pushState.bind(history);
  var realReplaceState = history.replaceState.bind(history);

  var keys = null;
  var shown = null;
  var pending = null;
  var navigation = 0;
  var assetURLs = new Map();
  var pictureURLs = [];
  var pictureObserver = null;

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

  // MARK: - Keys

  /** The PBKDF2 result for `password`: what is stored for the session. */
  async function masterKey(password) {
    var material = await subtle.importKey('raw', encoder.encode(password.normalize('NFC')), 'PBKDF2', false, ['deriveBits']);
    var bits = await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64(settings.salt), iterations: settings.iterations },
      material, 256);
    return new Uint8Array(bits);
  }

  /** The site's keys from the master key, or null when they do not match the published check. */
  async function siteKeys(master) {
    var material = await subtle.importKey('raw', master, 'HKDF', false, ['deriveKey', 'deriveBits']);
    function label(text) { return { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode(text) }; }
    var check = new Uint8Array(await subtle.deriveBits(label(LABELS.check), material, 128));
    if (!sameBytes(check, fromBase64(settings.check))) return null;
    return {
      content: await subtle.deriveKey(label(LABELS.content), material, { name: 'AES-GCM', length: 256 }, false, ['decrypt']),
      names: await subtle.deriveKey(label(LABELS.names), material, { name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign'])
    };
  }

  function storedMaster() {
    var text = null;
    try { text = sessionStorage.getItem(storageName) || localStorage.getItem(storageName); } catch (error) { text = null; }
    return text ? fromBase64(text) : null;
  }

  function store(master, remember) {
    try {
      sessionStorage.setItem(storageName, toBase64(master));
      if (remember) localStorage.setItem(storageName, toBase64(master));
    } catch (error) { /* storage refused (private mode): the key lasts until the page is left */ }
  }

  function forget() {
    try {
      sessionStorage.removeItem(storageName);
      localStorage.removeItem(storageName);
    } catch (error) { /* nothing stored */ }
    keys = null;
    calendar = null;
    assetURLs.forEach(function (promise) { promise.then(URL.revokeObjectURL, function () {}); });
    assetURLs.clear();
    releasePictures();
  }

  // MARK: - Site files

  /** A site file that is not published (`missing`) or does not decrypt (`damaged`). */
  function SiteFileError(address, kind) {
    this.name = 'SiteFileError';
    this.kind = kind;
    this.address = address;
    this.message = kind === 'missing' ? 'there is no ' + address
      : address + ' could not be decrypted: it was changed or damaged after the diary was built';
  }
  SiteFileError.prototype = Object.create(Error.prototype);

  /** The site file an address-bearing URL names ("2025/10/04/walk/index.html"), or null when the
   * URL is not inside the site. */
  function addressOf(url) {
    if (url.origin !== location.origin || url.pathname.indexOf(base) !== 0) return null;
    var path;
    try { path = decodeURIComponent(url.pathname.slice(base.length)); } catch (error) { return null; }
    if (path === '' || path.charAt(path.length - 1) === '/') path += 'index.html';
    return path;
  }

  async function publishedPath(address) {
    var code = new Uint8Array(await subtle.sign('HMAC', keys.names, encoder.encode(address)));
    var hex = toHex(code.subarray(0, 16));
    return settings.folder + '/' + hex.slice(0, 2) + '/' + hex.slice(2) + '.bin';
  }

  /** The content of the site file at `address`. */
  async function readSiteFile(address) {
    if (!keys) throw new SiteFileError(address, 'missing');
    // Pages and index files keep their published names when they change: always ask the server
    // whether the copy at hand is still current (a 304 costs no body).
    var current = /^(text\/html|application\/json)/.test(typeOf(address)) ? 'no-cache' : 'default';
    var response = await realFetch(base + await publishedPath(address), { credentials: 'same-origin', cache: current });
    if (response.status === 404) throw new SiteFileError(address, 'missing');
    if (!response.ok) throw new Error('could not load ' + address + ' (' + response.status + ')');
    var file = new Uint8Array(await response.arrayBuffer());
    if (file.length < 1 + NONCE_BYTES + 1 + TAG_BYTES || file[0] !== FORMAT_VERSION) throw new SiteFileError(address, 'damaged');
    var addressBytes = encoder.encode(address);
    var associated = new Uint8Array(1 + addressBytes.length);
    associated[0] = FORMAT_VERSION;
    associated.set(addressBytes, 1);
    var plain;
    try {
      plain = new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv: file.subarray(1, 1 + NONCE_BYTES), additionalData: associated,
        tagLength: TAG_BYTES * 8 }, keys.content, file.subarray(1 + NONCE_BYTES)));
    } catch (error) {
      throw new SiteFileError(address, 'damaged');
    }
    var end = plain.length;
    while (end > 0 && plain[end - 1] === 0) end--;
    if (end === 0 || plain[end - 1] !== 0x80) throw new SiteFileError(address, 'damaged');
    return plain.subarray(0, end - 1);
  }

  function typeOf(address) {
    var match = /\.([a-z0-9]+)$/i.exec(address);
    return (match && TYPES[match[1].toLowerCase()]) || 'application/octet-stream';
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
    var inner = location.hash.slice(1);
    if (inner.charAt(0) !== '/') inner = '/';
    return new URL(base + inner.slice(1), location.origin);
  }

  /** The address in the bar for a site URL: the site's base, '#', then the page's own path. */
  function barAddress(url) {
    return base + '#/' + url.pathname.slice(base.length) + url.search + url.hash;
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
    // Without an icon of its own a page makes the browser ask the server for /favicon.ico.
    if (!page.querySelector('link[rel~="icon" i]')) {
      var icon = page.createElement('link');
      icon.rel = 'icon';
      icon.href = 'data:,';
      page.head.appendChild(icon);
    }
    page.querySelectorAll('a[href], area[href]').forEach(function (link) {
      var target = inside(link.getAttribute('href'));
      if (target) link.setAttribute('href', barAddress(target));
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

  /** Decrypts a picture once it comes near the screen; from a srcset, the one candidate that fits. */
  function showPicture(image, url) {
    var chosen = image.getAttribute('data-daybook-src');
    var srcset = image.getAttribute('data-daybook-srcset');
    if (srcset) {
      var needed = (image.getBoundingClientRect().width || image.width || 0) * (window.devicePixelRatio || 1);
      var candidates = srcset.split(',').map(function (part) {
        var bits = part.trim().split(/\s+/);
        var size = parseFloat(bits[1] || '1x');
        return { target: bits[0], value: /w$/.test(bits[1] || '') ? size : size * needed };
      }).filter(function (candidate) { return candidate.target; }).sort(function (a, b) { return a.value - b.value; });
      var fitting = candidates.filter(function (candidate) { return candidate.value >= needed; })[0] || candidates[candidates.length - 1];
      if (fitting) chosen = fitting.target;
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

  function escapeHTML(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; });
  }

  /** A page of the reader's own: a message, or a picture or text file opened by itself. */
  function plainPage(title, body) {
    return '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>' + escapeHTML(title) + '</title></head><body class="daybook-reader-page">' +
      body + '</body></html>';
  }

  function problemPage(error) {
    var missing = error && error.kind === 'missing';
    return plainPage(missing ? 'Not found' : 'Could not open this page',
      '<main class="daybook-problem"><h1>' + (missing ? 'Not found' : 'Could not open this page') + '</h1>' +
      '<p role="alert">' + escapeHTML(error && error.message ? error.message : String(error)) + '</p>' +
      '<p><a href="' + escapeHTML(base) + '#/">Go to the start</a></p></main>');
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
    var url = pageURL();
    var key = url.pathname + url.search;
    if (shown === key) {
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
    await write(html, pictures);
    settle(url, scrollTo);
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
  function go(url, replace) {
    var state = { daybookScroll: window.scrollY };
    realReplaceState(state, '');
    (replace ? realReplaceState : realPushState)(null, '', barAddress(url));
    show();
  }

  // MARK: - What pages get

  function linkTarget(event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
    var link = event.target && event.target.closest ? event.target.closest('a[href], area[href]') : null;
    if (!link || link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
    var href = link.getAttribute('href');
    var url = siteURL(href, pageURL());
    if (!url) return null;
    // A link already in '#' form leads to the page after its '#'.
    if (url.origin === location.origin && url.pathname === base && url.hash.indexOf('#/') === 0) {
      url = new URL(base + url.hash.slice(2), location.origin);
    }
    return addressOf(url) === null ? null : url;
  }

  function onClick(event) {
    var url = linkTarget(event);
    if (!url) return;
    event.preventDefault();
    go(url);
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

  /** Catches links and forms to site pages (listeners a new document needs at once). */
  function listen() {
    document.addEventListener('click', onClick);
    document.addEventListener('submit', onSubmit);
    window.addEventListener('popstate', onHistory);
    window.addEventListener('hashchange', onHistory);
  }

  /** Pictures, the lock control and its style, once the page is parsed. */
  function decorate() {
    watchPictures(pageURL());
    fetchCalendarFor(addressOf(pageURL()));
    var style = document.createElement('link');
    style.rel = 'stylesheet';
    style.href = base + 'unlock.css';
    (document.head || document.documentElement).appendChild(style);
    var lock = document.createElement('button');
    lock.type = 'button';
    lock.className = 'daybook-lock-control';
    lock.textContent = 'Lock';
    lock.title = 'Lock the diary: forget its password on this device';
    lock.addEventListener('click', function () {
      forget();
      location.replace(base);
    });
    (document.body || document.documentElement).appendChild(lock);
  }

  // MARK: - On this day

  /* The site publishes no file per calendar day ("on-this-day/03-02.json"): their sizes would tell
   * how many entries each day has, and a request for one the reader's date. It publishes one
   * calendar of them all, compressed, which the home page always fetches, whatever the date; a
   * page's request for a day's file is answered from it. */
  var CALENDAR = 'on-this-day/calendar.deflate';
  var calendar = null;

  function isCalendarDay(address) {
    return /^on-this-day\/\d\d-\d\d\.json$/.test(address);
  }

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
    var name = address.slice('on-this-day/'.length, -'.json'.length);
    return readCalendar().then(function (days) {
      if (!Object.prototype.hasOwnProperty.call(days, name)) throw new SiteFileError(address, 'missing');
      return encoder.encode(days[name]);
    });
  }

  /** On the home page, the calendar is fetched whether or not today has entries. */
  function fetchCalendarFor(address) {
    if (address === 'index.html' || document.querySelector('[data-on-this-day]')) readCalendar().catch(function () {});
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

  /** history.pushState/replaceState for pages: a site URL is kept after '#'. */
  function pageHistory(original) {
    return function (state, title, address) {
      if (address !== undefined && address !== null) {
        var url = siteURL(String(address), pageURL());
        if (url && addressOf(url) !== null) {
          address = barAddress(url);
          shown = url.pathname + url.search;
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
    show();
  }

  // MARK: - The unlock form

  var form = document.getElementById('daybook-unlock');
  var message = document.getElementById('daybook-message');
  var progress = document.getElementById('daybook-progress');

  function say(text) { if (message) message.textContent = text; }

  async function unlock(event) {
    event.preventDefault();
    var button = form.querySelector('button[type="submit"]');
    var password = form.elements.password.value;
    if (!password) { say('Enter the password.'); return; }
    button.disabled = true;
    say('');
    if (progress) progress.textContent = 'Unlocking…';
    try {
      var master = await masterKey(password);
      var found = await siteKeys(master);
      if (progress) progress.textContent = '';
      if (!found) {
        say('Wrong password. Try again.');
        form.elements.password.select();
        return;
      }
      store(master, form.elements.remember && form.elements.remember.checked);
      open(found);
    } catch (error) {
      if (progress) progress.textContent = '';
      say('Could not unlock: ' + (error && error.message ? error.message : String(error)));
    } finally {
      button.disabled = false;
    }
  }

  async function start() {
    if (!subtle) {
      say('This diary can be unlocked only over https:// (or on this computer, http://localhost): the browser keeps its cryptography from other pages.');
      return;
    }
    var master = storedMaster();
    if (master) {
      var found = await siteKeys(master).catch(function () { return null; });
      if (found) { open(found); return; }
      forget();
    }
    if (form) {
      form.addEventListener('submit', unlock);
      form.querySelector('button[type="submit"]').disabled = false;
      if (form.elements.password) form.elements.password.focus();
    }
  }

  start();
})();
"""# + "\n"
}
