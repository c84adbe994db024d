/* Daybook: the service worker (sw.js) that keeps a site for offline reading. Plain JavaScript, no
 * library. The build puts one line before this file: `var DAYBOOK_OFFLINE = {…}` with the build's
 * version (a hash of its offline list) and the shell to store at install (the site's 404 page, and
 * an encrypted site's public files), or {"off": true} for a site built with `offline: false`.
 *
 * What it keeps. One cache per site (named after the worker's scope). An entry's key is the
 * file's URL with `?daybook=<token>`:
 * - a file of the offline list (offline.json) is kept under its token there, which changes with
 *   its content (keyed on an encrypted site): two builds' copies of a changed file never share a
 *   key, and an unchanged file serves every build that has it;
 * - a file read before the worker was given the list (a page the reader opened, the shell) is kept
 *   under `v<version>`: it belongs to one build.
 * The worker answers from its own version's entries only: those its version's list names (kept
 * under __daybook/list?daybook=<version>) and those of `v<version>`. It never shows two builds.
 *
 * Reading. Pages, JSON files (the search index, "on this day") and anything asked for with
 * cache: 'no-cache' (how the encrypted reader asks for pages) come from the network first and are
 * kept. The network is asked to check its answer with the server (cache: 'no-cache'), so a page
 * opened online after a build shows the new text, not a copy the browser's HTTP cache still deems
 * fresh. When the network fails, or has not answered within NETWORK_SECONDS while a kept copy is
 * at hand, the kept copy (the network's late answer is still kept for next time). A page that is
 * not kept, offline: the site's 404 page, which every worker stores when it installs. Other files
 * (pictures, styles, scripts), kept first.
 *
 * Order. A keep fetches its files in a random order, drawn anew each time, and stores the list in
 * that order: on an encrypted site the list's own order (the pages' addresses) would group each
 * day's files in the host's log, which would tell how many entries each day has.
 *
 * A new build. A page's navigation makes the browser fetch sw.js; a changed one installs beside
 * the running one and waits. At install it stores the shell and, if it holds only files the reader
 * opened, fetches those again (a file the new build no longer has is not kept). If the reader kept
 * a level offline, it needs the new list: the page sends it ('prepare'), and the worker keeps what
 * is unchanged and fetches the rest, while the old worker still answers from the old entries. The
 * page then offers "The diary has changed — reload"; on reload the new worker takes over and
 * deletes every entry that is not its version's. A worker that takes over before any page sent it
 * the list (every tab was closed) answers from the version it replaced, keeping nothing new, until
 * a page does.
 *
 * Removing. A page's 'forget' deletes the site's cache: nothing is kept until pages are read again.
 *
 * An encrypted site. The worker sees published files only (x/…/….bin, ciphertext) and the public
 * shell: the reader tells it which published paths to fetch. It never receives a key or a
 * decrypted byte, so its cache holds nothing the password does not protect.
 *
 * The pure parts are exported for Node (module.exports) and tested there
 * (Tests/SiteBuilderTests/Scripts/offline_test.js).
 */
(function (settings) {
  'use strict';

  var PARAM = 'daybook';
  var INTERNAL = '__daybook/';
  var CONCURRENCY = 6;
  /** How long a page waits for the network before a kept copy answers (Workbox calls it networkTimeoutSeconds). */
  var NETWORK_SECONDS = 4;
  var NOT_FOUND_PAGE = '404.html';

  // MARK: - Keys and plans (pure)

  /** A file's URL without its query and fragment. */
  function fileURL(href) {
    var url = new URL(href);
    url.search = '';
    url.hash = '';
    return url.href;
  }

  function keyOf(url, token) {
    return fileURL(url) + '?' + PARAM + '=' + encodeURIComponent(token);
  }

  /** The file and token of a key; token null for a key that is not the worker's. */
  function entryOf(key) {
    var url = new URL(key);
    var token = url.searchParams.get(PARAM);
    url.search = '';
    return { url: url.href, token: token, internal: url.pathname.indexOf('/' + INTERNAL) >= 0 };
  }

  function visitToken(version) { return 'v' + version; }

  /** Whether a request goes to the network first (a page, or a file that keeps its name when it changes). */
  function networkFirst(request) {
    if (request.mode === 'navigate' || request.cache === 'no-cache' || request.cache === 'reload') return true;
    return /(\/|\.html|\.json|\.webmanifest)$/.test(new URL(request.url).pathname);
  }

  /** The list as a page sends it, [[url, token, size, level]…], as url → {token, size, level}. */
  function listMap(files) {
    var map = new Map();
    files.forEach(function (file) { map.set(fileURL(file[0]), { token: file[1], size: file[2], level: file[3] }); });
    return map;
  }

  /** Whether `key` (an entry's) belongs to `version`, given that version's list (or null). */
  function isOwn(entry, list, version) {
    if (entry.token === visitToken(version)) return true;
    var wanted = list && list.get(entry.url);
    return Boolean(wanted && wanted.token === entry.token);
  }

  /** What bringing the entries at `keys` to `version` takes: entries to copy under a new key
   * (`move`), files to fetch again (`refetch`: kept from another build) or for the first time
   * (`fetch`: of a kept `level`). Without a list, only files kept under another version's
   * visit token are fetched again. */
  function plan(keys, list, version, level) {
    var entries = keys.map(entryOf).filter(function (entry) { return entry.token !== null && !entry.internal; });
    var held = new Set();
    entries.forEach(function (entry) { if (isOwn(entry, list, version)) held.add(entry.url + ' ' + entry.token); });
    var result = { move: [], refetch: [], fetch: [] };
    var planned = new Set();
    var visit = visitToken(version);
    entries.forEach(function (entry) {
      if (isOwn(entry, list, version) && !(list && entry.token === visit && list.has(entry.url))) return;
      var wanted = list ? list.get(entry.url) : { token: visit, size: 0 };
      if (!wanted || (!list && entry.token.charAt(0) !== 'v') || planned.has(entry.url)) return;
      var target = keyOf(entry.url, wanted.token);
      if (held.has(entry.url + ' ' + wanted.token)) return;
      planned.add(entry.url);
      if (entry.token === visit) result.move.push({ from: keyOf(entry.url, entry.token), to: target });
      else result.refetch.push({ url: entry.url, key: target, size: wanted.size });
    });
    if (list && level >= 0) {
      list.forEach(function (wanted, url) {
        if (wanted.level > level || planned.has(url) || held.has(url + ' ' + wanted.token)) return;
        result.fetch.push({ url: url, key: keyOf(url, wanted.token), size: wanted.size });
      });
    }
    return result;
  }

  /** The keys a worker of `version` (with its list, or null) deletes once it answers alone. */
  function strayKeys(keys, list, version) {
    return keys.filter(function (key) {
      var entry = entryOf(key);
      if (entry.internal) return entry.token !== null && entry.token !== version;
      return !isOwn(entry, list, version);
    });
  }

  /** Whether the worker needs its version's list before it can bring the entries over. */
  function needsList(keys, version, level, hasList) {
    if (hasList) return false;
    if (level >= 0) return true;
    return keys.some(function (key) {
      var entry = entryOf(key);
      return !entry.internal && entry.token !== null && entry.token.charAt(0) !== 'v';
    });
  }

  /** A copy of `items` in a random order: `randomBelow(n)` draws a whole number below n. */
  function shuffled(items, randomBelow) {
    var copy = items.slice();
    for (var i = copy.length - 1; i > 0; i--) {
      var j = randomBelow(i + 1);
      var held = copy[i];
      copy[i] = copy[j];
      copy[j] = held;
    }
    return copy;
  }

  /** `items` ({url, …}) in the order of `list` (a listMap); those it does not name keep theirs, after. */
  function inListOrder(items, list) {
    if (!list) return items;
    var position = new Map();
    list.forEach(function (wanted, url) { position.set(url, position.size); });
    function rank(item) { return position.has(item.url) ? position.get(item.url) : position.size; }
    return items.map(function (item, index) { return { item: item, rank: rank(item), index: index }; })
      .sort(function (a, b) { return a.rank - b.rank || a.index - b.index; })
      .map(function (ranked) { return ranked.item; });
  }

  var api = { fileURL: fileURL, keyOf: keyOf, entryOf: entryOf, networkFirst: networkFirst, listMap: listMap, plan: plan,
    strayKeys: strayKeys, needsList: needsList, visitToken: visitToken, shuffled: shuffled, inListOrder: inListOrder };
  if (typeof module === 'object' && module.exports) {
    module.exports = api;
    return;
  }

  var scope = self.registration.scope;
  var cacheName = 'daybook:' + scope;

  if (settings.off) {
    removeItself();
    return;
  }

  var VERSION = settings.version;
  var levelKey = scope + INTERNAL + 'level';

  // MARK: - Kept state

  var serving = null;

  function open() { return caches.open(cacheName); }

  function listKey(version) { return scope + INTERNAL + 'list?' + PARAM + '=' + version; }

  async function readJSON(cache, key, fallback) {
    var response = await cache.match(key);
    return response ? response.json() : fallback;
  }

  function writeJSON(cache, key, value) {
    return cache.put(key, new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } }));
  }

  async function keysOf(cache) {
    return (await cache.keys()).map(function (request) { return request.url; });
  }

  /** The version whose entries the worker answers with: its own, or, until it has its list while
   * entries of a kept level wait for it, the version whose list is kept (storing nothing new). */
  async function servingState() {
    if (serving) return serving;
    var cache = await open();
    var keys = await keysOf(cache);
    var own = await readJSON(cache, listKey(VERSION), null);
    var level = await readJSON(cache, levelKey, -1);
    var state = { version: VERSION, list: own ? listMap(own) : null, store: true, level: level };
    if (!own && needsList(keys, VERSION, level, false)) {
      var other = keys.map(entryOf).filter(function (entry) { return entry.internal && entry.token; })[0];
      if (other) state = { version: other.token, list: listMap(await readJSON(cache, listKey(other.token), [])), store: false, level: level };
    }
    serving = state;
    return state;
  }

  // MARK: - Answering requests

  async function kept(url) {
    var state = await servingState();
    var cache = await open();
    var wanted = state.list && state.list.get(fileURL(url));
    var found = wanted ? await cache.match(keyOf(url, wanted.token)) : undefined;
    return found || cache.match(keyOf(url, visitToken(state.version)));
  }

  async function keep(url, response) {
    var state = await servingState();
    if (!state.store || !response.ok || response.status !== 200 || response.type !== 'basic') return;
    var wanted = state.list && state.list.get(fileURL(url));
    var cache = await open();
    await cache.put(keyOf(url, wanted ? wanted.token : visitToken(VERSION)), response);
  }

  /** The request as the network is asked it: an ordinary one checks with the server (cache:
   * 'no-cache'), so the browser's HTTP cache cannot answer with a page of an earlier build. */
  function checked(request) {
    return request.cache === 'default' ? new Request(request, { cache: 'no-cache' }) : request;
  }

  /** The network's answer to the event's request, kept once it comes, however late. */
  function fetchAndKeep(event) {
    var request = event.request;
    var keeping = Promise.resolve();
    var network = fetch(checked(request)).then(function (response) {
      keeping = keep(request.url, response.clone()).catch(function () {});
      return response;
    });
    event.waitUntil(network.then(function () { return keeping; }, function () {}));
    return network;
  }

  function after(seconds) {
    return new Promise(function (resolve) { setTimeout(resolve, seconds * 1000); });
  }

  /** The site's 404 page for a page that is neither reachable nor kept. */
  async function notFound(request) {
    if (request.mode !== 'navigate') return null;
    var page = await kept(scope + NOT_FOUND_PAGE);
    return page ? new Response(page.body, { status: 404, statusText: 'Not Found', headers: page.headers }) : null;
  }

  /** Network first: its answer, or the kept copy when it fails or keeps the reader waiting. */
  async function fromNetworkFirst(event) {
    var request = event.request;
    var network = fetchAndKeep(event);
    try {
      var answered = await Promise.race([network, after(NETWORK_SECONDS).then(function () { return null; })]);
      if (answered) return answered;
      return (await kept(request.url)) || (await network);
    } catch (offline) {
      var copy = (await kept(request.url)) || (await notFound(request));
      if (copy) return copy;
      throw offline;
    }
  }

  async function fromKeptFirst(event) {
    var request = event.request;
    var stored = await kept(request.url);
    if (stored) return stored;
    var fetched = await fetch(request);
    event.waitUntil(keep(request.url, fetched.clone()).catch(function () {}));
    return fetched;
  }

  function answer(event) {
    return networkFirst(event.request) ? fromNetworkFirst(event) : fromKeptFirst(event);
  }

  self.addEventListener('fetch', function (event) {
    var request = event.request;
    if (request.method !== 'GET' || request.url.indexOf(scope) !== 0 || request.url.indexOf(scope + INTERNAL) === 0) return;
    if (fileURL(request.url) === scope + 'sw.js') return;
    event.respondWith(answer(event));
  });

  // MARK: - Installing and taking over

  /** Fetches `items` ({url, key, size}) into the cache, a few at a time, asking the server whether a
   * copy at hand is current (`mode` 'no-cache') unless told otherwise; tells `progress` each one. */
  async function fetchAll(cache, items, progress, mode) {
    var next = 0;
    var report = { done: 0, total: items.length, bytes: 0, failed: 0 };
    async function one() {
      while (next < items.length) {
        var item = items[next++];
        try {
          var response = await fetch(item.url, { cache: mode || 'no-cache', credentials: 'same-origin' });
          if (response.ok) await cache.put(item.key, response);
          else if (response.status !== 404) report.failed++;
        } catch (error) {
          report.failed++;
        }
        report.done++;
        report.bytes += item.size || 0;
        if (progress) progress(report);
      }
    }
    var workers = [];
    for (var i = 0; i < CONCURRENCY; i++) workers.push(one());
    await Promise.all(workers);
    return report;
  }

  /** Brings the entries to this version (`plan`), with the list when there is one, fetching in its order. */
  async function bringOver(cache, list, level, progress) {
    var steps = plan(await keysOf(cache), list, VERSION, level);
    for (var i = 0; i < steps.move.length; i++) {
      var copy = await cache.match(steps.move[i].from);
      if (copy) await cache.put(steps.move[i].to, copy);
    }
    return fetchAll(cache, inListOrder(steps.refetch.concat(steps.fetch), list), progress);
  }

  async function storeShell(cache) {
    var items = (settings.shell || []).map(function (path) {
      return { url: scope + path, key: keyOf(scope + path, visitToken(VERSION)) };
    });
    await fetchAll(cache, items);
  }

  async function install() {
    var cache = await open();
    await storeShell(cache);
    var level = await readJSON(cache, levelKey, -1);
    var own = await readJSON(cache, listKey(VERSION), null);
    if (!needsList(await keysOf(cache), VERSION, level, Boolean(own))) await bringOver(cache, own && listMap(own), own ? level : -1);
  }

  /** Deletes what is not this version's, once this worker answers alone with its own version. */
  async function tidy() {
    serving = null;
    var state = await servingState();
    if (state.version !== VERSION || !isActive()) return;
    var cache = await open();
    var stray = strayKeys(await keysOf(cache), state.list, VERSION);
    await Promise.all(stray.map(function (key) { return cache.delete(key); }));
  }

  function isActive() {
    return self.serviceWorker ? self.serviceWorker.state === 'activated' || self.serviceWorker.state === 'activating'
      : !self.registration.waiting && !self.registration.installing;
  }

  self.addEventListener('install', function (event) { event.waitUntil(install()); });
  self.addEventListener('activate', function (event) {
    event.waitUntil(tidy().then(function () { return self.clients.claim(); }));
  });

  // MARK: - What pages ask

  async function hello() {
    var cache = await open();
    var level = await readJSON(cache, levelKey, -1);
    var hasList = Boolean(await cache.match(listKey(VERSION)));
    return { type: 'hello', version: VERSION, level: level, kept: hasList && level >= 0,
      needsList: needsList(await keysOf(cache), VERSION, level, hasList) };
  }

  /** Keeps the files a page loaded before this worker was there to keep them. */
  async function remember(urls) {
    var state = await servingState();
    if (!state.store) return { type: 'done' };
    var cache = await open();
    var missing = [];
    for (var i = 0; i < urls.length; i++) {
      if (urls[i].indexOf(scope) === 0 && !(await kept(urls[i]))) {
        var wanted = state.list && state.list.get(fileURL(urls[i]));
        missing.push({ url: urls[i], key: keyOf(urls[i], wanted ? wanted.token : visitToken(VERSION)) });
      }
    }
    // Loaded a moment ago: the browser's HTTP cache has them.
    await fetchAll(cache, missing, null, 'force-cache');
    return { type: 'done' };
  }

  /** A uniformly drawn whole number below `n`, from the browser's cryptographic source. */
  function randomBelow(n) {
    var limit = Math.floor(0x100000000 / n) * n;
    var word = new Uint32Array(1);
    do { crypto.getRandomValues(word); } while (word[0] >= limit);
    return word[0] % n;
  }

  /** Stores this version's list in a new random order (and the level to keep), then brings the
   * entries over in that order. */
  async function takeList(message, level, progress) {
    if (message.version !== VERSION) return { type: 'stale' };
    var cache = await open();
    var files = shuffled(message.files, randomBelow);
    var list = listMap(files);
    await writeJSON(cache, listKey(VERSION), files);
    if (level !== null) await writeJSON(cache, levelKey, level);
    var report = await bringOver(cache, list, level !== null ? level : await readJSON(cache, levelKey, -1), progress);
    await tidy();
    return { type: 'done', done: report.done, bytes: report.bytes, failed: report.failed };
  }

  /** Deletes everything the site stored on this device; pages read from now on are kept as they are read. */
  async function forget() {
    serving = null;
    await caches.delete(cacheName);
    return { type: 'done' };
  }

  function handle(message, reply) {
    function progress(report) { reply({ type: 'progress', done: report.done, total: report.total, bytes: report.bytes }); }
    switch (message.type) {
      case 'hello': return hello();
      case 'remember': return remember(message.urls || []);
      case 'prepare': return takeList(message, null, progress);
      case 'keep': return takeList(message, message.level, progress);
      case 'forget': return forget();
      case 'activate': return self.skipWaiting().then(function () { return { type: 'done' }; });
      default: return Promise.resolve({ type: 'unknown' });
    }
  }

  self.addEventListener('message', function (event) {
    var port = event.ports && event.ports[0];
    function reply(answer) { if (port) port.postMessage(answer); }
    event.waitUntil(handle(event.data || {}, reply).then(reply, function (error) {
      reply({ type: 'failed', error: String(error && error.message ? error.message : error) });
    }));
  });

  // MARK: - offline: false

  /** The worker of a site built with `offline: false`: it deletes what it kept and unregisters. */
  function removeItself() {
    self.addEventListener('install', function () { self.skipWaiting(); });
    self.addEventListener('activate', function (event) {
      event.waitUntil(caches.delete(cacheName).then(function () { return self.registration.unregister(); }));
    });
    self.addEventListener('message', function (event) {
      if (event.ports && event.ports[0]) event.ports[0].postMessage({ type: 'off' });
    });
  }
})(typeof DAYBOOK_OFFLINE === 'object' ? DAYBOOK_OFFLINE : {});
