/* Daybook: offline reading, the page's side (SPEC §13). Plain JavaScript, no library.
 *
 * Registers the site's service worker (<base_url>sw.js), hands it the files of a first visit
 * (loaded before it was there to keep them), offers a new build once the worker has it ready
 * ("The diary has changed — reload", never a reload under the reader), and drives the "Keep
 * offline" control, #daybook-offline: on every visit it marks the level kept on this device
 * (data-kept); when the reader opens it, its words (assets/offline-words.json) and what each
 * level costs in all (offline.json) are fetched — never before — then the storing with its
 * progress, the space the browser grants, and the removal of what is kept. The worker does the
 * fetching, keeping and removing; this script only tells it what.
 *
 * On an encrypted site this script runs inside the reader (unlock.js): fetch() decrypts
 * offline.json, and window.daybookPublishedPath names each file's published path, so the worker
 * is told published paths only and never sees a key or a decrypted byte.
 *
 * The pure functions are exported for Node (module.exports) and tested there.
 */
(function () {
  'use strict';

  var LEVELS = ['text', 'thumbnails', 'pictures'];
  var UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

  // MARK: - Pure parts

  /** "12 MB", "1.5 GB" (powers of 1000, as storage is sold), digits as `lang` writes them. */
  function formatBytes(bytes, lang) {
    var value = bytes;
    var unit = 0;
    while (value >= 1000 && unit < UNITS.length - 1) {
      value /= 1000;
      unit++;
    }
    var digits = unit > 0 && value < 10 ? 1 : 0;
    return new Intl.NumberFormat(lang || undefined, { maximumFractionDigits: digits }).format(value) + ' ' + UNITS[unit];
  }

  /** `template` with each {name} replaced by values[name]. */
  function fill(template, values) {
    return String(template).replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  /** Bytes and files of each level with the levels below it, from the list's [path, size, level, token]. */
  function levelTotals(files) {
    var totals = LEVELS.map(function () { return { bytes: 0, files: 0 }; });
    files.forEach(function (file) {
      for (var level = file[2]; level < LEVELS.length; level++) {
        totals[level].bytes += file[1];
        totals[level].files++;
      }
    });
    return totals;
  }

  /** The URL a file of the list is read at: a page's folder, not its index.html. */
  function fileAddress(base, path) {
    return base + path.replace(/(^|\/)index\.html$/, '$1');
  }

  function isIOS(userAgent, touchPoints) {
    return /iP(hone|ad|od)/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
  }

  /** Of `urls`, those inside the site at `scope` that the worker may keep. */
  function keepable(urls, scope) {
    var seen = new Set();
    return urls.map(function (url) { return url.split('#')[0]; }).filter(function (url) {
      if (url.indexOf(scope) !== 0 || url === scope + 'sw.js' || seen.has(url)) return false;
      seen.add(url);
      return true;
    });
  }

  var api = { formatBytes: formatBytes, fill: fill, levelTotals: levelTotals, fileAddress: fileAddress, isIOS: isIOS,
    keepable: keepable };
  if (typeof module === 'object' && module.exports) {
    module.exports = api;
    return;
  }

  // MARK: - The worker

  /** Sends `message` to `worker` and resolves with its answer; `onProgress` hears the progress on the way. */
  function ask(worker, message, onProgress) {
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) {
        var data = event.data || {};
        if (data.type === 'progress') {
          if (onProgress) onProgress(data);
        } else {
          resolve(data);
        }
      };
      worker.postMessage(message, [channel.port2]);
    });
  }

  var list = null;

  /** The offline list ({version, files}), fetched once a page. */
  function loadList(base) {
    if (!list) {
      list = fetch(base + 'offline.json', { cache: 'no-cache' }).then(function (response) {
        if (!response.ok) throw new Error('offline.json: ' + response.status);
        return response.json();
      });
      list.catch(function () { list = null; });
    }
    return list;
  }

  /** The list as the worker takes it: [absolute URL, token, size, level], published paths on an encrypted site. */
  async function workerFiles(base, site) {
    var published = window.daybookPublishedPath;
    var files = site.files;
    if (!published) {
      return files.map(function (file) { return [new URL(fileAddress(base, file[0]), location.href).href, file[3], file[1], file[2]]; });
    }
    var out = [];
    for (var start = 0; start < files.length; start += 512) {
      var part = files.slice(start, start + 512);
      var names = await Promise.all(part.map(function (file) { return published(file[0]); }));
      part.forEach(function (file, i) { out.push([new URL(base + names[i], location.href).href, file[3], file[1], file[2]]); });
    }
    return out;
  }

  function prepare(worker, base) {
    return loadList(base).then(function (site) {
      return workerFiles(base, site).then(function (files) {
        return ask(worker, { type: 'prepare', version: site.version, files: files });
      });
    });
  }

  // MARK: - Words

  var words = null;

  /** The control's words (offline_… of site.strings), fetched once a page, when first needed. */
  function loadWords(panel) {
    if (!words) {
      words = fetch(panel.getAttribute('data-words'), { cache: 'no-cache' }).then(function (response) {
        if (!response.ok) throw new Error('offline-words.json: ' + response.status);
        return response.json();
      });
      words.catch(function () { words = null; });
    }
    return words;
  }

  function element(name, attributes, text) {
    var node = document.createElement(name);
    Object.keys(attributes || {}).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // MARK: - A new build

  function offerUpdate(worker, panel, base) {
    ask(worker, { type: 'hello' }).then(function (hello) {
      return hello.needsList ? prepare(worker, base) : null;
    }).catch(function () { /* offered all the same: the new worker asks for the list once it runs */ }).then(function () {
      return loadWords(panel);
    }).then(function (said) {
      if (document.querySelector('.offline-update')) return;
      var bar = element('div', { class: 'offline-update', role: 'status' });
      var button = element('button', { type: 'button' }, said.offline_reload);
      button.addEventListener('click', function () {
        button.disabled = true;
        navigator.serviceWorker.addEventListener('controllerchange', function () { location.reload(); }, { once: true });
        ask(worker, { type: 'activate' });
      });
      bar.append(element('span', {}, said.offline_update), ' — ', button);
      document.body.appendChild(bar);
    }).catch(function () {});
  }

  function watchForUpdates(registration, panel, base) {
    function check() {
      if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting, panel, base);
    }
    registration.addEventListener('updatefound', function () {
      var worker = registration.installing;
      if (worker) worker.addEventListener('statechange', function () { if (worker.state === 'installed') check(); });
    });
    check();
  }

  // MARK: - The control

  /** The control's inside, made once it is opened: each level with what it costs in all and whether
   * it is the one kept, the progress, and the way to remove what is kept. */
  function fillIn(panel, said) {
    var buttons = LEVELS.map(function (level) {
      var button = element('button', { type: 'button', class: 'offline-level', 'data-offline-level': level, 'aria-pressed': 'false',
        disabled: '' });
      button.append(element('span', { class: 'offline-level-name' }, said['offline_' + level]),
        element('span', { class: 'offline-size', 'data-offline-size': '' }),
        element('span', { class: 'offline-kept-mark', 'data-offline-kept-mark': '' }, said.offline_kept_level));
      return button;
    });
    var levels = element('div', { class: 'offline-levels', role: 'group', 'aria-label': said.offline_levels });
    levels.append.apply(levels, buttons);
    var progress = element('progress', { class: 'offline-progress', max: '1', value: '0', hidden: '' });
    var status = element('p', { class: 'offline-status', role: 'status', 'aria-live': 'polite' });
    var remove = element('button', { type: 'button', class: 'offline-remove', 'data-offline-remove': '' }, said.offline_remove);
    var space = element('p', { class: 'offline-space muted', 'data-offline-space': '' });
    var note = element('p', { class: 'offline-ios muted', 'data-offline-ios': '' }, said.offline_ios);
    note.hidden = !isIOS(navigator.userAgent, navigator.maxTouchPoints || 0);
    var inside = element('div', { class: 'offline-panel' });
    inside.append(element('p', { class: 'offline-intro' }, said.offline_intro), levels, progress, status, remove, space, note);
    panel.appendChild(inside);
    var parts = {
      status: status, space: space, progress: progress, buttons: buttons, remove: remove, lang: panel.getAttribute('data-lang') || undefined,
      text: function (name, values) { return fill(said['offline_' + name] || '', values || {}); }
    };
    showKept(panel, parts, LEVELS.indexOf(panel.getAttribute('data-kept')));
    return parts;
  }

  /** Marks `level` (an index of LEVELS, -1 for none) as the one kept on this device. */
  function showKept(panel, parts, level) {
    if (level >= 0) panel.setAttribute('data-kept', LEVELS[level]);
    else panel.removeAttribute('data-kept');
    if (!parts) return;
    parts.buttons.forEach(function (button, index) { button.setAttribute('aria-pressed', String(index === level)); });
    parts.remove.hidden = level < 0;
  }

  function showSpace(parts) {
    if (!navigator.storage || !navigator.storage.estimate) return;
    navigator.storage.estimate().then(function (estimate) {
      parts.space.textContent = parts.text('space', { quota: formatBytes(estimate.quota || 0, parts.lang),
        usage: formatBytes(estimate.usage || 0, parts.lang) });
    }, function () {});
  }

  /** Shows each level's size, from the list. */
  function measure(panel, parts, base) {
    var kept = panel.getAttribute('data-state') === 'done';
    parts.status.textContent = parts.text(kept ? 'kept' : 'measuring');
    showSpace(parts);
    return loadList(base).then(function (site) {
      var totals = levelTotals(site.files);
      parts.buttons.forEach(function (button, level) {
        button.querySelector('[data-offline-size]').textContent = parts.text('size', { size: formatBytes(totals[level].bytes, parts.lang) });
        button.disabled = false;
      });
      if (!kept) parts.status.textContent = '';
    });
  }

  /** Stores the site at `level` (and the levels below it). */
  async function store(panel, parts, base, registration, level) {
    panel.setAttribute('data-state', 'working');
    parts.buttons.forEach(function (button) { button.disabled = true; });
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(function () {});
    var number = new Intl.NumberFormat(parts.lang);
    try {
      var site = await loadList(base);
      var files = await workerFiles(base, site);
      parts.progress.hidden = false;
      var answer = await ask(registration.active, { type: 'keep', level: level, version: site.version, files: files }, function (report) {
        parts.progress.value = report.total ? report.done / report.total : 1;
        parts.status.textContent = parts.text('progress', { done: number.format(report.done), total: number.format(report.total),
          size: formatBytes(report.bytes, parts.lang) });
      });
      if (answer.type !== 'done' || answer.failed) {
        if (answer.type === 'stale') registration.update().catch(function () {});
        throw new Error(answer.error || (answer.failed ? answer.failed + ' ✕' : answer.type));
      }
      parts.progress.value = 1;
      panel.setAttribute('data-state', 'done');
      showKept(panel, parts, level);
      parts.status.textContent = parts.text('done', { size: formatBytes(levelTotals(site.files)[level].bytes, parts.lang) });
    } catch (error) {
      panel.setAttribute('data-state', 'failed');
      parts.status.textContent = parts.text('failed', { error: error.message });
    }
    parts.buttons.forEach(function (button) { button.disabled = false; });
    showSpace(parts);
  }

  /** Deletes everything the site stored on this device. */
  async function remove(panel, parts, registration) {
    parts.remove.disabled = true;
    var answer = await ask(registration.active, { type: 'forget' });
    parts.remove.disabled = false;
    if (answer.type !== 'done') {
      parts.status.textContent = parts.text('failed', { error: answer.error || answer.type });
      return;
    }
    panel.removeAttribute('data-state');
    parts.progress.hidden = true;
    showKept(panel, parts, -1);
    parts.status.textContent = parts.text('removed');
    showSpace(parts);
  }

  /** Fills the control in and measures the levels, the first time it is opened. */
  function open(panel, base, registration) {
    if (panel.hasAttribute('data-filled')) return;
    panel.setAttribute('data-filled', '');
    loadWords(panel).then(function (said) {
      var parts = fillIn(panel, said);
      parts.buttons.forEach(function (button, level) {
        button.addEventListener('click', function () { store(panel, parts, base, registration, level); });
      });
      parts.remove.addEventListener('click', function () { remove(panel, parts, registration); });
      return measure(panel, parts, base).catch(function (error) {
        parts.status.textContent = parts.text('failed', { error: error.message });
      });
    }).catch(function () { panel.removeAttribute('data-filled'); });
  }

  /** The open panel lies over the page: a tap outside it or Escape closes it, as a menu would. */
  function closeWhenLeft(panel) {
    document.addEventListener('click', function (event) {
      if (panel.open && !panel.contains(event.target)) panel.open = false;
    });
    panel.addEventListener('keydown', function (event) {
      if (event.key !== 'Escape' || !panel.open) return;
      panel.open = false;
      panel.querySelector('summary').focus();
    });
  }

  function showControl(panel, base, registration, hello) {
    panel.hidden = false;
    closeWhenLeft(panel);
    if (hello.kept) panel.setAttribute('data-state', 'done');
    showKept(panel, null, hello.level);
    panel.addEventListener('toggle', function () { if (panel.open) open(panel, base, registration); });
    if (panel.open) open(panel, base, registration);
  }

  // MARK: - Start

  function start() {
    var panel = document.getElementById('daybook-offline');
    if (!panel || !('serviceWorker' in navigator) || !('caches' in window)) return;
    var base = panel.getAttribute('data-base') || '/';
    var container = navigator.serviceWorker;
    var wasControlled = Boolean(container.controller);
    container.register(base + 'sw.js', { scope: base }).then(function (registration) {
      watchForUpdates(registration, panel, base);
      return container.ready;
    }).then(function (registration) {
      var worker = registration.active;
      return ask(worker, { type: 'hello' }).then(function (hello) {
        if (hello.type !== 'hello') return;
        if (!wasControlled) {
          var scope = new URL(base, location.href).href;
          var loaded = [location.href].concat(performance.getEntriesByType('resource').map(function (entry) { return entry.name; }));
          ask(worker, { type: 'remember', urls: keepable(loaded, scope) });
        }
        if (hello.needsList) prepare(worker, base).catch(function () {});
        showControl(panel, base, registration, hello);
      });
    }).catch(function () { /* no worker (a preview, a private window): the control stays hidden */ });
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();
