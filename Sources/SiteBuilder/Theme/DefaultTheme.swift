// Generated from Templates/ by scripts/embed-theme.py (`make theme`). Do not edit.

/// The default theme, built into the binary so a diary without Templates/ still builds.
enum DefaultTheme {
    static let files: [String: String] = [
        "404.html": #"""
{% extends "layout.html" %}

{% block main %}
<div class="not-found">
  <p class="big-emoji" aria-hidden="true">🍂</p>
  <h1>{{ page.title }}</h1>
  <p>{{ site.strings.not_found_text }}</p>
  <ul class="inline-list">
    <li><a href="{{ site.urls.home }}">{{ site.strings.go_to_latest }}</a></li>
    <li><a href="{{ site.urls.archive }}">{{ site.strings.browse_archive }}</a></li>
    <li><a href="{{ site.urls.search }}">{{ site.strings.search }}</a></li>
  </ul>
</div>
{% endblock %}
"""# + "\n",
        "archive.html": #"""
{% extends "layout.html" %}

{% block main %}
<header class="page-header">
  <h1>{{ page.title }}</h1>
  <p class="muted">{{ site.entry_count | pluralize: site.strings.entry_count }}</p>
</header>
{%- if jump %}
<nav class="jump" aria-label="{{ site.strings.years_and_months }}">
  <ul>
    {%- for y in jump %}
    <li>
      <a class="jump-year" href="{{ y.url }}">{{ y.year }}</a>
      <ul class="jump-months">
        {%- for m in y.months %}
        <li><a href="{{ m.url }}" title="{{ m.count | pluralize: site.strings.entry_count }}"><time datetime="{{ m.date | date: "yyyy-MM" }}">{{ m.date | date: "MMM" }}</time></a></li>
        {%- endfor %}
      </ul>
    </li>
    {%- endfor %}
  </ul>
</nav>
{%- endif %}
{%- for day in days %}
{% include "partials/day-section.html" %}
{%- else %}
<p class="empty">{{ site.strings.nothing_written }}</p>
{%- endfor %}
{% include "partials/pagination.html" %}
{% endblock %}
"""# + "\n",
        "assets/offline.js": #"""
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
"""# + "\n",
        "assets/on-this-day.js": #"""
// "On this day" on the home page: the entries written on the reader's today in earlier years.
// Decided here, in the reader's browser and by its clock, so a static site is right on any day
// without a rebuild. The build writes one small file per calendar day that has entries
// (on-this-day/MM-DD.json) and tells the page which days have one (data-days: a bit per day of
// a leap year, as hexadecimal digits), so only a file that exists is asked for. When it is done
// (cards shown, or nothing to show) the section gets a `data-ready` attribute.
(function () {
  "use strict";

  var section = document.querySelector("[data-on-this-day]");
  if (!section || !window.fetch) return;

  // Days before the first of each month in a leap year.
  var monthStarts = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335];

  function hasFile(month, day) {
    var position = monthStarts[month - 1] + day - 1;
    var digit = parseInt(section.getAttribute("data-days").charAt(position >> 2), 16);
    return (digit & (8 >> (position & 3))) !== 0;
  }

  function pad(number) {
    return (number < 10 ? "0" : "") + number;
  }

  function isLeap(year) {
    return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  }

  // "{n} year ago|{n} years ago": the form before "|" for 1, the other otherwise.
  function yearsAgo(count) {
    var forms = section.getAttribute("data-years-ago").split("|");
    var form = count === 1 || forms.length === 1 ? forms[0] : forms[1];
    return form.replace("{n}", String(count));
  }

  function card(entry, emotion, thisYear) {
    var template = section.querySelector("[data-on-this-day-card]");
    var node = template.content.firstElementChild.cloneNode(true);
    function slot(name) { return node.querySelector('[data-slot="' + name + '"]'); }
    node.style.setProperty("--emotion", emotion.color);
    slot("title").href = entry.url;
    var when = document.createElement("time");
    when.dateTime = entry.datetime;
    when.textContent = entry.when;
    if (entry.untitled) {
      // Titled by its date, as the theme's cards are: the meta line does not say it again.
      slot("title").appendChild(when);
      slot("when").parentNode.replaceChildren(slot("ago"));
    } else {
      slot("title").textContent = entry.title;
      slot("when").replaceWith(when);
    }
    slot("ago").textContent = yearsAgo(thisYear - entry.year);
    slot("emotion").href = emotion.url;
    slot("emotion").style.setProperty("--emotion", emotion.color);
    slot("emoji").textContent = emotion.emoji;
    slot("label").textContent = emotion.label;
    if (entry.excerpt) {
      slot("excerpt").textContent = entry.excerpt;
    } else {
      slot("excerpt").remove();
    }
    return node;
  }

  // `files`: the day files read, each {emotions: {id: emotion}, entries: [...]}.
  function show(files, thisYear) {
    var earlier = [];
    section.setAttribute("data-ready", "");
    files.forEach(function (file) {
      file.entries.forEach(function (entry) {
        // The year the entry was written in, where it was written (its date is in the diary's timezone).
        entry.year = parseInt(entry.datetime.slice(0, 4), 10);
        if (entry.year < thisYear) earlier.push({ entry: entry, emotion: file.emotions[entry.emotion] });
      });
    });
    if (earlier.length === 0) return;
    // Newest first; 29 February's entries among the 28th's by year.
    earlier.sort(function (a, b) {
      return a.entry.datetime < b.entry.datetime ? 1 : a.entry.datetime > b.entry.datetime ? -1 : 0;
    });
    var list = section.querySelector("[data-on-this-day-cards]");
    earlier.forEach(function (item) { list.appendChild(card(item.entry, item.emotion, thisYear)); });
    section.hidden = false;
  }

  var today = new Date();
  var year = today.getFullYear();
  var month = today.getMonth() + 1;
  var day = today.getDate();
  var days = [[month, day]];
  // In a year without 29 February, its entries come back on the 28th.
  if (month === 2 && day === 28 && !isLeap(year)) days.push([2, 29]);
  var base = section.getAttribute("data-files");
  var requests = days.filter(function (d) { return hasFile(d[0], d[1]); }).map(function (d) {
    return fetch(base + pad(d[0]) + "-" + pad(d[1]) + ".json").then(function (response) {
      if (!response.ok) throw new Error(response.status + " " + response.url);
      return response.json();
    });
  });
  Promise.all(requests).then(function (files) {
    show(files, year);
  }).catch(function () {
    // The section stays hidden: the rest of the page does not depend on it.
    section.setAttribute("data-ready", "");
  });
})();
"""# + "\n",
        "assets/search.js": #"""
/* Daybook search page: plain JavaScript, no library, no other host.
 *
 * Reads the index that `daybook build` writes under <base_url>search/ (see
 * Sources/DiarySearch/SearchIndexBuilder.swift for the layout) and answers exactly as
 * `daybook search` does: the same normalisation, the same shards, the same algorithm.
 * A query fetches search/index.json once, one shard per word, and the chunk files that hold
 * the results it shows (K consecutive entries each; each chunk is fetched once and kept).
 * Only a word with a Korean initial consonant fetches search/initials.json and the shards of
 * the initials keys. Once a page session, after the first results are shown, it fetches
 * search/facets.json and keeps it, to count every result set by emotion, tag and year.
 * Only a phrase with more than 20 candidates fetches search/positions.json and
 * the files of its words' places (`withPhrases`).
 * Every string from the index is inserted as text, never as HTML.
 *
 * The pure functions are exported for Node (module.exports) so they can be tested outside a
 * browser; in a page, the script starts on the element with `data-search` and reads the site's
 * base URL from its `data-base-url` attribute.
 */
(function () {
  'use strict';

  // MARK: - Normalisation (twin of SearchText.swift)

  var IGNORABLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;
  var SPACE_CHAR = /[\t-\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]/g;
  var MARK = /\p{M}/gu;

  /** Text folded for search, white space kept as one space per character. */
  function fold(text) {
    return String(text).replace(IGNORABLE, '').normalize('NFKC').toLowerCase().normalize('NFD')
      .replace(MARK, '').normalize('NFC').replace(/\u03C2/g, '\u03C3').replace(SPACE_CHAR, ' ');
  }

  /** NFKC, lower case, no diacritics, Hangul syllables kept, runs of white space as one space. */
  function normalize(text) {
    return fold(text).replace(/ {2,}/g, ' ').replace(/^ | $/g, '');
  }

  // MARK: - Queries (twin of SearchQuery.swift)

  var SPACE_RUN = /[\t-\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/;
  var PERIOD = /^[0-9]{4}(-(0[1-9]|1[0-2]))?$/;
  var EMOTION_PREFIX = 'emotion:';

  /** The one slug rule of the diary (twin of Slug.swift). */
  function slug(text) {
    var result = '';
    var pendingDash = false;
    Array.from(String(text).normalize('NFC').toLowerCase()).forEach(function (character) {
      if (/[\p{Alphabetic}\p{Nd}]/u.test(character)) {
        if (pendingDash && result !== '') result += '-';
        pendingDash = false;
        result += character;
      } else {
        pendingDash = true;
      }
    });
    return result;
  }

  // MARK: - Korean particles (twin of KoreanParticles.swift)

  var PARTICLES = ['에게서', '했는데', '에서', '에게', '한테', '께서', '으로', '부터', '까지', '처럼', '보다', '이랑', '했다', '했던',
    '하고', '해서', '하는', '은', '는', '이', '가', '을', '를', '에', '로', '와', '과', '도', '만', '의'];

  /** A word without its particle, when the stem keeps two characters and ends in two Hangul syllables. */
  function stemOf(word) {
    var chars = Array.from(word);
    for (var i = 0; i < PARTICLES.length; i++) {
      var ending = Array.from(PARTICLES[i]);
      if (chars.length < ending.length + 2 || chars.slice(chars.length - ending.length).join('') !== PARTICLES[i]) continue;
      var stem = chars.slice(0, chars.length - ending.length);
      var lastTwo = stem.slice(stem.length - 2);
      return lastTwo.every(function (c) { return isSyllable(c.codePointAt(0)); }) ? stem.join('') : word;
    }
    return word;
  }

  /**
   * A query as words, phrases, excluded words and filters: text between double quotes is a
   * phrase; other terms are `#tag` (by slug), `emotion:<name>`, a year `2025` or month
   * `2025-10`, `-word`; everything else is normalised into distinct words, each looked up as
   * its stem when it ends in a Korean particle.
   */
  function parseQuery(query) {
    var result = { words: [], phrases: [], excluded: [], filters: [] };
    var filterSeen = Object.create(null);
    var insert = function (list, word) { if (word !== '' && list.indexOf(word) === -1) list.push(word); };
    var addTerm = function (term) {
      if (term === '') return;
      var scalars = Array.from(term);
      var filter = null;
      if (scalars[0] === '#' && scalars.length > 1) filter = { kind: 'tag', value: slug(scalars.slice(1).join('')) };
      else if (term.toLowerCase().indexOf(EMOTION_PREFIX) === 0 && scalars.length > EMOTION_PREFIX.length) {
        filter = { kind: 'emotion', value: scalars.slice(EMOTION_PREFIX.length).join('') };
      } else if (PERIOD.test(term)) filter = { kind: 'period', value: term };
      if (filter) {
        var name = filter.kind + ' ' + filter.value;
        if (!filterSeen[name]) { filterSeen[name] = true; result.filters.push(filter); }
        return;
      }
      if (scalars[0] === '-' && scalars.length > 1) {
        normalize(scalars.slice(1).join('')).split(' ').forEach(function (word) { insert(result.excluded, word); });
        return;
      }
      normalize(term).split(' ').forEach(function (word) { if (word !== '') insert(result.words, stemOf(word)); });
    };
    String(query).split('"').forEach(function (segment, position) {
      if (position % 2 === 0) {
        segment.split(SPACE_RUN).forEach(addTerm);
        return;
      }
      var tokens = normalize(segment).split(' ').filter(function (word) { return word !== ''; });
      tokens.forEach(function (word) { insert(result.words, word); });
      var phrase = tokens.join(' ');
      if (tokens.length > 1 && result.phrases.indexOf(phrase) === -1) result.phrases.push(phrase);
    });
    return result;
  }

  /** The distinct normalised words of a query, in order (its filters left out). */
  function words(query) {
    return parseQuery(query).words;
  }

  /** The id of the emotion `name` names in the manifest's emotions: an id first, then a label or alias. */
  function emotionID(name, emotions) {
    var wanted = String(name).normalize('NFC').toLowerCase();
    var ids = Object.keys(emotions || {});
    var folded = function (text) { return String(text).normalize('NFC').toLowerCase(); };
    for (var i = 0; i < ids.length; i++) if (folded(ids[i]) === wanted) return ids[i];
    for (var j = 0; j < ids.length; j++) {
      var names = emotions[ids[j]];
      for (var k = 1; k < names.length; k++) if (k !== 2 && folded(names[k]) === wanted) return ids[j];
    }
    return null;
  }

  // MARK: - Korean initial consonants (twin of HangulInitials.swift)

  function isInitial(code) { return code >= 0x1100 && code <= 0x1112; }
  function isSyllable(code) { return code >= 0xAC00 && code <= 0xD7A3; }
  function initialOf(code) { return isSyllable(code) ? 0x1100 + Math.floor((code - 0xAC00) / 588) : code; }
  function codes(text) { return Array.from(text).map(function (c) { return c.codePointAt(0); }); }

  function hasInitial(part) { return codes(part).some(isInitial); }

  /** How many runs of `token` `part` matches: an initial matches itself and the syllables it starts. */
  function initialsOccurrences(part, token) {
    var wanted = codes(part);
    var found = codes(token);
    var count = 0;
    for (var start = 0; start + wanted.length <= found.length; start++) {
      var isMatch = true;
      for (var k = 0; k < wanted.length && isMatch; k++) {
        var c = found[start + k];
        isMatch = wanted[k] === c || (isInitial(wanted[k]) && isSyllable(c) && initialOf(c) === wanted[k]);
      }
      if (isMatch) count++;
    }
    return count;
  }

  /** Whether `part` matches a run of `token`. */
  function matchesInitials(part, token) { return initialsOccurrences(part, token) > 0; }

  /** How many times (overlapping) `part` occurs in `token`. */
  function occurrences(part, token) {
    var count = 0;
    for (var at = token.indexOf(part); at !== -1; at = token.indexOf(part, at + 1)) count++;
    return count;
  }

  // MARK: - Index layout (twin of SearchIndexLayout.swift)

  var VERSION = 9;
  var INITIALS_PREFIX = '\uCD08 ';
  var PIECE_LENGTH = 32;
  var PIECE_STEP = 16;
  var LONGEST_WORD = PIECE_LENGTH - PIECE_STEP + 1;

  /**
   * The key spaces (twin of SearchIndexLayout.KeySpace): where each one's manifest, shards and
   * heavy-key files are. Every query reads WORDS' manifest; only a word with an initial reads INITIALS'.
   */
  var WORDS = { manifest: 'search/index.json', folder: 'search/' };
  var INITIALS = { manifest: 'search/initials.json', folder: 'search/initials/' };
  var POSITIONS = { manifest: 'search/positions.json', folder: 'search/positions/' };

  function manifestPath() { return WORDS.manifest; }
  function shardPath(space, number) { return space.folder + 'shards/' + number + '.json'; }
  function heavyKeyPath(space, number) { return space.folder + 'keys/' + number + '.json'; }
  function chunkPath(number) { return 'search/chunks/' + number + '.json'; }
  /** Heavy-key files are numbered from HEAVY_FILE_NUMBERS to twice that, less one (7 digits). */
  var HEAVY_FILE_NUMBERS = 1000000;
  var FACETS_PATH = 'search/facets.json';

  /** A word as its lookup parts: itself, or overlapping parts of LONGEST_WORD characters. */
  function parts(word) {
    var chars = Array.from(word);
    if (chars.length <= LONGEST_WORD) return [word];
    var result = [];
    for (var start = 0; ; start += LONGEST_WORD - 1) {
      var end = Math.min(chars.length, start + LONGEST_WORD);
      result.push(chars.slice(end - LONGEST_WORD, end).join(''));
      if (end === chars.length) return result;
    }
  }

  /**
   * The key a part is looked up under: the part itself when it has one or two characters
   * (its value lists entries); else one of its three-character runs (whose values list
   * tokens): the first that is not heavy, else the lightest heavy one.
   */
  function keyOf(part, heavy) {
    var chars = Array.from(part);
    if (chars.length <= 2) return part;
    var best = null;
    var bestRank = 0;
    for (var start = 0; start + 3 <= chars.length; start++) {
      var key = chars.slice(start, start + 3).join('');
      var known = heavy ? heavy.get(key) : null;
      if (!known) return key;
      if (best === null || known.rank < bestRank) { best = key; bestRank = known.rank; }
    }
    return best;
  }

  /** The key of an initials lookup of a part that holds an initial (twin of SearchIndexLayout.initialsKey). */
  function initialsKeyOf(part, heavy) {
    var initials = codes(part).map(initialOf);
    var text = function (list) { return INITIALS_PREFIX + String.fromCodePoint.apply(null, list); };
    if (initials.length <= 2) return text(initials);
    var best = null;
    var bestRank = 0;
    for (var start = 0; start + 3 <= initials.length; start++) {
      var run = initials.slice(start, start + 3);
      if (!run.some(isInitial)) continue;
      var key = text(run);
      var known = heavy ? heavy.get(key) : null;
      if (!known) return key;
      if (best === null || known.rank < bestRank) { best = key; bestRank = known.rank; }
    }
    return best;
  }

  /**
   * The heavy keys a manifest lists, lightest first, as a Map key → {file, rank} (twin of
   * SearchIndexLayout.heavyKeys): a key's file number is its hash's, in 1,000,000..1,999,999,
   * the keys taking their numbers in UTF-8 order, each whose number is taken the next free one.
   */
  function heavyKeys(listed) {
    var heavy = new Map();
    var names = Array.from(new Set(listed || [])).map(function (key) { return { key: key, bytes: utf8(key) }; });
    names.sort(function (a, b) {
      for (var i = 0; i < a.bytes.length && i < b.bytes.length; i++) {
        if (a.bytes[i] !== b.bytes[i]) return a.bytes[i] - b.bytes[i];
      }
      return a.bytes.length - b.bytes.length;
    });
    var taken = new Set();
    var files = new Map();
    names.forEach(function (name) {
      var number = hashOf(name.key) % HEAVY_FILE_NUMBERS;
      while (taken.has(number)) number = (number + 1) % HEAVY_FILE_NUMBERS;
      taken.add(number);
      files.set(name.key, HEAVY_FILE_NUMBERS + number);
    });
    (listed || []).forEach(function (key, rank) {
      if (!heavy.has(key)) heavy.set(key, { file: files.get(key), rank: rank });
    });
    return heavy;
  }

  /**
   * The file that holds `key` of `space`, whose manifest is `m`: its own when it is heavy, else
   * the shard its hash picks.
   */
  function pathOf(key, space, m) {
    var known = m.heavyKeys.get(key);
    if (known) return heavyKeyPath(space, known.file);
    return shardPath(space, shardOf(key, Math.max(1, m.shards)));
  }

  function utf8(text) {
    var bytes = [];
    for (var i = 0; i < text.length; i++) {
      var c = text.codePointAt(i);
      if (c > 0xFFFF) i++;
      if (c < 0x80) bytes.push(c);
      else if (c < 0x800) bytes.push(0xC0 | c >> 6, 0x80 | c & 63);
      else if (c < 0x10000) bytes.push(0xE0 | c >> 12, 0x80 | c >> 6 & 63, 0x80 | c & 63);
      else bytes.push(0xF0 | c >> 18, 0x80 | c >> 12 & 63, 0x80 | c >> 6 & 63, 0x80 | c & 63);
    }
    return bytes;
  }

  /** The key's hash modulo the number of shards. */
  function shardOf(key, shardCount) {
    return hashOf(key) % shardCount;
  }

  /** FNV-1a (32 bits) over the key's UTF-8 bytes. */
  function hashOf(key) {
    var hash = 0x811C9DC5;
    var bytes = utf8(key);
    for (var i = 0; i < bytes.length; i++) {
      hash ^= bytes[i];
      hash = Math.imul(hash, 0x01000193);
    }
    return hash >>> 0;
  }

  // MARK: - Entry lists (twin of PostingsCoding.swift)

  var ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';
  var DIGIT = Object.create(null);
  for (var d = 0; d < ALPHABET.length; d++) DIGIT[ALPHABET[d]] = d;

  function digitOf(character) {
    var value = DIGIT[character];
    if (value === undefined) throw new Error('bad entry list in the search index');
    return value;
  }

  /** Calls `each` with every entry number of an encoded list, ascending. */
  function forEachPosting(text, each) {
    var i;
    if (text.charAt(0) === '~') {
      for (i = 1; i < text.length; i++) {
        var bits = digitOf(text[i]);
        for (var bit = 0; bit < 6; bit++) if (bits & (1 << bit)) each((i - 1) * 6 + bit);
      }
      return;
    }
    var value = 0;
    var previous = -1;
    for (i = 0; i < text.length; i++) {
      var digit = digitOf(text[i]);
      value = value * 32 + (digit & 31);
      if (digit < 32) {
        previous += value + 1;
        each(previous);
        value = 0;
      }
    }
    if (value !== 0) throw new Error('bad entry list in the search index');
  }

  function decodePostings(text) {
    var numbers = [];
    forEachPosting(String(text).split(' ')[0], function (n) { numbers.push(n); });
    return numbers;
  }

  // MARK: - Phrases (twin of PhrasePositions.swift and PhraseCheck.swift)

  /** At most this many candidates are checked against their records; what a shard and a record are expected to weigh. */
  var PHRASE_RECORD_CANDIDATES = 20;
  var SHARD_BYTES = 8000;
  var RECORD_BYTES = 2500;
  var AFFIX_LENGTH = 2;

  /** Where word `index` of a phrase of `count` words must stand: at a token's end, as a whole token, or at a token's start. */
  function phraseRole(index, count) { return index === 0 ? 'end' : index === count - 1 ? 'start' : 'whole'; }

  /** The key that lists the tokens a phrase word of `role` may be: itself, or the affix key of its last (first) two characters. */
  function phraseKey(word, role) {
    if (role === 'whole') return word;
    var chars = Array.from(word);
    return role === 'end' ? '< ' + chars.slice(-AFFIX_LENGTH).join('') : '> ' + chars.slice(0, AFFIX_LENGTH).join('');
  }

  /** Whether `token` may hold a phrase word of `role`. */
  function fitsPhrase(token, word, role) {
    if (role === 'whole') return token === word;
    return role === 'end' ? token.endsWith(word) : token.startsWith(word);
  }

  /** A token's value in the positions keys: [{entry, item}], the entries ascending. */
  function decodePositions(text) {
    var space = text.indexOf(' ');
    if (space < 0) throw new Error('bad positions in the search index');
    var entries = [];
    forEachPosting(text.slice(0, space), function (n) { entries.push(n); });
    var items = text.slice(space + 1).split('.');
    if (items.length !== entries.length || entries.length === 0) throw new Error('bad positions in the search index');
    return entries.map(function (entry, i) { return { entry: entry, item: items[i] }; });
  }

  /** An item's places: {body: [...], title: [...]}, token positions ascending. */
  function placesOf(item) {
    var colon = item.indexOf(':');
    var places = { body: [], title: [] };
    forEachPosting(colon < 0 ? item : item.slice(0, colon), function (n) { places.body.push(n); });
    if (colon >= 0) forEachPosting(item.slice(colon + 1), function (n) { places.title.push(n); });
    if (places.body.length === 0 && places.title.length === 0) throw new Error('bad positions in the search index');
    return places;
  }

  // MARK: - Ranking (twin of RankWeights.swift)

  var K1 = 1.2;
  /** Weight q (1–63) → frequency in 1/1024 units. */
  var DEQUANTISED = [];
  for (var q = 0; q < 64; q++) DEQUANTISED.push(q === 0 ? 0 : Math.round(64 * Math.pow(2, (q - 1) / 6)));

  /** A part's contribution for frequency `tf` (1/1024 units), in millionths: BM25 with idf from `df` of `count`. */
  function contribution(tf, df, count) {
    var idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
    return Math.floor(idf * tf * (K1 + 1) / (tf + 1024 * K1) * 1000000 + 0.5);
  }

  // MARK: - Engine (twin of SearchEngine.swift)

  /** A set of entry numbers as a bitmap. */
  function EntrySet(count) {
    this.count = count;
    this.bits = new Uint32Array((count + 31) >>> 5);
  }
  /** Adds a list's entries; with `tf` (a Map), adds each weight `times` over to the entry's frequency. */
  EntrySet.prototype.insert = function (postings, tf, times) {
    var bits = this.bits, count = this.count;
    var halves = String(postings).split(' ');
    var weights = halves[1];
    var position = 0;
    forEachPosting(halves[0], function (n) {
      if (n < count) bits[n >>> 5] |= 1 << (n & 31);
      if (tf && weights !== undefined) tf.set(n, (tf.get(n) || 0) + times * DEQUANTISED[digitOf(weights[position])]);
      position++;
    });
  };
  EntrySet.prototype.fill = function (start, end) {
    for (var n = start; n < end && n < this.count; n++) this.bits[n >>> 5] |= 1 << (n & 31);
  };
  EntrySet.prototype.subtract = function (other) {
    for (var i = 0; i < this.bits.length; i++) this.bits[i] &= ~other.bits[i];
  };
  EntrySet.prototype.size = function () {
    var size = 0;
    for (var i = 0; i < this.bits.length; i++) for (var w = this.bits[i]; w !== 0; w &= w - 1) size++;
    return size;
  };
  EntrySet.prototype.intersect = function (other) {
    for (var i = 0; i < this.bits.length; i++) this.bits[i] &= other.bits[i];
  };
  EntrySet.prototype.isEmpty = function () {
    for (var i = 0; i < this.bits.length; i++) if (this.bits[i] !== 0) return false;
    return true;
  };
  EntrySet.prototype.newestFirst = function () {
    var numbers = [];
    for (var i = this.bits.length - 1; i >= 0; i--) {
      var word = this.bits[i];
      if (word === 0) continue;
      for (var bit = 31; bit >= 0; bit--) if (word & (1 << bit)) numbers.push(i * 32 + bit);
    }
    return numbers;
  };

  /**
   * An engine over the index; `loadJSON(path)` returns a promise of the parsed file at
   * `path` under the site (`search/index.json`). Files are fetched once and kept.
   */
  function createEngine(loadJSON) {
    var cache = new Map();
    function load(path) {
      if (!cache.has(path)) {
        var promise = Promise.resolve().then(function () { return loadJSON(path); });
        promise.catch(function () { cache.delete(path); });
        cache.set(path, promise);
      }
      return cache.get(path);
    }
    function manifest() {
      return load(manifestPath()).then(function (m) {
        if (!m || m.version !== VERSION) throw new Error('the search index has an unknown format; build the site again');
        return withHeavyKeys(m);
      });
    }
    /** The initials keys' manifest, fetched by the first query that needs it. */
    function initialsManifest() {
      return load(INITIALS.manifest).then(withHeavyKeys);
    }
    /** A key space's manifest with its heavy keys' files and ranks (`heavyKeys`), worked out once. */
    function withHeavyKeys(m) {
      if (m && !m.heavyKeys) m.heavyKeys = heavyKeys(m.heavy);
      return m;
    }
    /**
     * The entries `lookup.key` lists, or those of its tokens in which the part occurs
     * (`lookup.occurrences`), as `{entries, tf}`: tf maps an entry to its frequency (1/1024 units).
     */
    function entriesUnder(m, lookup) {
      var key = lookup.key;
      return load(pathOf(key, lookup.space, lookup.manifest)).then(function (shard) {
        var found = { entries: new EntrySet(m.entries), tf: new Map() };
        var value = Object.prototype.hasOwnProperty.call(shard, key) ? shard[key] : null;
        if (typeof value === 'string') {
          found.entries.insert(value, found.tf, 1);
        } else if (Array.isArray(value)) {
          for (var i = 0; i + 1 < value.length; i += 2) {
            var times = lookup.occurrences(String(value[i]));
            if (times > 0) found.entries.insert(String(value[i + 1]), found.tf, times);
          }
        }
        return found;
      });
    }
    /**
     * The lookups of a parsed query: filters first, then every part of every word; `initials`
     * is the initials keys' manifest, or null when no word holds an initial.
     */
    function lookupsOf(query, m, initials) {
      var lookups = [];
      var never = function () { return 0; };
      var filterLookup = function (key) { return { key: key, space: WORDS, manifest: m, occurrences: never, isFilter: true }; };
      query.filters.forEach(function (filter) {
        if (filter.kind === 'tag') lookups.push(filterLookup('tag ' + filter.value));
        else if (filter.kind === 'period') lookups.push(filterLookup('date ' + filter.value));
        else {
          var id = emotionID(filter.value, m.emotions);
          lookups.push(id === null ? null : filterLookup('emotion ' + id));
        }
      });
      query.words.forEach(function (word) {
        parts(word).forEach(function (part) { lookups.push(partLookup(part, m, initials)); });
      });
      return lookups;
    }
    function partLookup(part, m, initials) {
      if (hasInitial(part)) {
        return { key: initialsKeyOf(part, initials.heavyKeys), space: INITIALS, manifest: initials,
          occurrences: function (token) { return initialsOccurrences(part, token); } };
      }
      return { key: keyOf(part, m.heavyKeys), space: WORDS, manifest: m,
        occurrences: function (token) { return occurrences(part, token); } };
    }
    /**
     * Entry numbers matching `query`, best first (by score, newest first among equals), or
     * newest first when `order` is 'date'. An empty query fetches nothing.
     */
    function entryNumbers(query, order) {
      var parsed = parseQuery(query);
      if (parsed.words.length === 0 && parsed.filters.length === 0) return Promise.resolve([]);
      var needsInitials = parsed.words.concat(parsed.excluded).some(hasInitial);
      return Promise.all([manifest(), needsInitials ? initialsManifest() : null]).then(function (manifests) {
        var m = manifests[0];
        var lookups = lookupsOf(parsed, m, manifests[1]);
        if (lookups.indexOf(null) !== -1) return [];
        var matches = new EntrySet(m.entries);
        matches.fill(0, m.entries);
        var scored = [];
        var step = function (index) {
          if (index === lookups.length) return excluding(parsed, m, manifests[1], matches);
          return entriesUnder(m, lookups[index]).then(function (found) {
            matches.intersect(found.entries);
            if (!lookups[index].isFilter) scored.push({ df: found.entries.size(), tf: found.tf });
            return matches.isEmpty() ? null : step(index + 1);
          });
        };
        return step(0).then(function (set) {
          if (set === null) return [];
          return withPhrases(parsed.phrases, set.newestFirst()).then(function (numbers) {
            return order === 'date' ? numbers : ranked(numbers, scored, m.entries);
          });
        });
      });
    }
    /** `matches` without the entries that hold an excluded word (every part of it). */
    function excluding(parsed, m, initials, matches) {
      return Promise.all(parsed.excluded.map(function (word) {
        return Promise.all(parts(word).map(function (part) { return entriesUnder(m, partLookup(part, m, initials)); }))
          .then(function (found) {
            var all = found[0].entries;
            found.slice(1).forEach(function (each) { all.intersect(each.entries); });
            return all;
          });
      })).then(function (sets) {
        sets.forEach(function (set) { matches.subtract(set); });
        return matches;
      });
    }
    /**
     * The numbers (newest first) whose title or text holds every phrase: from the records when
     * they are few or the positions would weigh more, else from the places of the phrases' words
     * (twin of PhraseCheck.swift, which says how).
     */
    function withPhrases(phrases, numbers) {
      if (phrases.length === 0 || numbers.length === 0) return Promise.resolve(numbers);
      if (numbers.length <= PHRASE_RECORD_CANDIDATES) return phrasesInRecords(phrases, numbers);
      return load(POSITIONS.manifest).then(function (pm) {
        withHeavyKeys(pm);
        var heavyBytes = new Map();
        (pm.heavy || []).forEach(function (key, rank) {
          var path = heavyKeyPath(POSITIONS, pm.heavyKeys.get(key).file);
          heavyBytes.set(path, Math.max(heavyBytes.get(path) || 0, (pm.bytes || [])[rank] || 0));
        });
        var files = {
          path: function (key) { return pathOf(key, POSITIONS, pm); },
          expected: function (path) { return heavyBytes.has(path) ? heavyBytes.get(path) : SHARD_BYTES; },
          value: function (key) {
            return load(pathOf(key, POSITIONS, pm)).then(function (shard) {
              return Object.prototype.hasOwnProperty.call(shard, key) ? shard[key] : null;
            });
          },
        };
        return Promise.all(phrases.map(function (phrase) {
          var words = phrase.split(' ');
          return Promise.all(words.map(function (word, index) {
            var role = phraseRole(index, words.length);
            if (role === 'whole') return [word];
            return files.value(phraseKey(word, role)).then(function (listed) {
              var tokens = [];
              if (Array.isArray(listed)) {
                for (var i = 0; i + 1 < listed.length; i += 2) if (fitsPhrase(String(listed[i]), word, role)) tokens.push(String(listed[i]));
              }
              return tokens;
            });
          }));
        })).then(function (lookups) {
          var paths = new Set();
          lookups.forEach(function (words) { words.forEach(function (tokens) { tokens.forEach(function (t) { paths.add(files.path(t)); }); }); });
          var expected = 0;
          paths.forEach(function (path) { expected += files.expected(path); });
          if (expected > numbers.length * RECORD_BYTES) return phrasesInRecords(phrases, numbers);
          var step = function (index, kept) {
            if (index === lookups.length || kept.size === 0) return Promise.resolve(kept);
            return phraseEntries(files, lookups[index], kept).then(function (next) { return step(index + 1, next); });
          };
          return step(0, new Set(numbers)).then(function (kept) {
            return numbers.filter(function (n) { return kept.has(n); });
          });
        });
      });
    }
    /**
     * The entries of `candidates` (a Set) in whose title or text the words (each a list of the
     * tokens it may be) stand one after the other, the words read from the one expected to weigh least.
     */
    function phraseEntries(files, words, candidates) {
      var sizes = words.map(function (tokens) {
        var total = 0;
        new Set(tokens.map(files.path)).forEach(function (path) { total += files.expected(path); });
        return total;
      });
      var order = words.map(function (_, i) { return i; }).sort(function (a, b) { return sizes[a] - sizes[b] || a - b; });
      var starts = null;
      var next = function (k) {
        if (k === order.length || (starts !== null && starts.size === 0)) return Promise.resolve(starts);
        var index = order[k];
        return Promise.all(words[index].map(files.value)).then(function (values) {
          var found = new Map();
          values.forEach(function (text) {
            if (typeof text !== 'string') return;
            decodePositions(text).forEach(function (listed) {
              if (starts !== null ? !starts.has(listed.entry) : !candidates.has(listed.entry)) return;
              var places = placesOf(listed.item);
              var add = function (start) {
                if (!found.has(listed.entry)) found.set(listed.entry, new Set());
                found.get(listed.entry).add(start);
              };
              // A start is a place times two, plus one in the title.
              places.body.forEach(function (p) { if (p >= index) add((p - index) * 2); });
              places.title.forEach(function (p) { if (p >= index) add((p - index) * 2 + 1); });
            });
          });
          if (starts === null) {
            starts = found;
          } else {
            var kept = new Map();
            found.forEach(function (set, entry) {
              var before = starts.get(entry);
              if (!before) return;
              var both = new Set();
              set.forEach(function (start) { if (before.has(start)) both.add(start); });
              if (both.size > 0) kept.set(entry, both);
            });
            starts = kept;
          }
          return next(k + 1);
        });
      };
      return next(0).then(function (final) { return new Set(final ? final.keys() : []); });
    }
    /** The numbers (newest first) whose title or text holds every phrase, read from their records. */
    function phrasesInRecords(phrases, numbers) {
      return Promise.all(numbers.map(entry)).then(function (records) {
        return numbers.filter(function (number, i) {
          var texts = [normalize(records[i].title || ''), normalize(records[i].text || '')];
          return phrases.every(function (phrase) { return texts.some(function (text) { return text.indexOf(phrase) !== -1; }); });
        });
      });
    }
    /** Numbers (newest first) by the sum of their parts' contributions, newest first among equals. */
    function ranked(numbers, scored, count) {
      if (scored.length === 0) return numbers;
      var parts = scored.map(function (part) { return { df: part.df, tf: part.tf }; });
      var scores = new Map();
      numbers.forEach(function (n) {
        var score = 0;
        parts.forEach(function (part) { score += contribution(part.tf.get(n) || 0, part.df, count); });
        scores.set(n, score);
      });
      return numbers.slice().sort(function (a, b) { return scores.get(b) - scores.get(a) || b - a; });
    }
    /** The record of entry `number`, from the chunk of `m.chunk` entries that holds it. */
    function entry(number) {
      return manifest().then(function (m) {
        var size = Math.max(1, m.chunk || 1);
        var chunk = Math.floor(number / size);
        return load(chunkPath(chunk)).then(function (records) {
          var record = Array.isArray(records) ? records[number - chunk * size] : undefined;
          if (!record) throw new Error('the search index has no entry ' + number + '; build the site again');
          return record;
        });
      });
    }
    /** The facets (`readFacets`), fetched by the first call and kept. */
    var facetsRead = null;
    function facets() {
      if (!facetsRead) {
        facetsRead = load(FACETS_PATH).then(readFacets);
        facetsRead.catch(function () { facetsRead = null; });
      }
      return facetsRead;
    }
    return { manifest: manifest, entryNumbers: entryNumbers, entry: entry, facets: facets };
  }

  // MARK: - Facets (twin of SearchFacets.swift)

  /**
   * search/facets.json as lists to count against: `emotions` [{id, entries}], `tags` [{slug, label,
   * entries}] and `years` [{year, start, end}] (entries start ..< end) or [{year, entries}].
   */
  function readFacets(json) {
    var own = function (object) { return object && typeof object === 'object' ? Object.keys(object) : []; };
    var facets = { emotions: [], tags: [], years: [] };
    own(json && json.emotions).forEach(function (id) {
      facets.emotions.push({ id: id, entries: decodePostings(json.emotions[id]) });
    });
    own(json && json.tags).forEach(function (slug) {
      var value = json.tags[slug];
      if (Array.isArray(value) && value.length === 2) facets.tags.push({ slug: slug, label: String(value[0]), entries: decodePostings(value[1]) });
    });
    own(json && json.years).forEach(function (year) {
      var value = json.years[year];
      facets.years.push(Array.isArray(value) ? { year: year, start: Number(value[0]), end: Number(value[1]) }
        : { year: year, entries: decodePostings(value) });
    });
    return facets;
  }

  /**
   * How many of the results `numbers` (entry numbers, any order, no repeats) each facet holds, those
   * with none left out: {emotions: [{id, count}], tags: [{slug, label, count}], years: [{year, count}]};
   * emotions and tags with the most first (then by id or slug), years newest first.
   */
  function countFacets(facets, numbers) {
    var size = 0;
    numbers.forEach(function (n) { if (n >= size) size = n + 1; });
    var isResult = new Uint8Array(size);
    numbers.forEach(function (n) { isResult[n] = 1; });
    var inList = function (entries) {
      var count = 0;
      for (var i = 0; i < entries.length; i++) if (entries[i] < size && isResult[entries[i]]) count++;
      return count;
    };
    var inRange = function (start, end) {
      var count = 0;
      numbers.forEach(function (n) { if (n >= start && n < end) count++; });
      return count;
    };
    var order = function (name) {
      return function (a, b) { return b.count - a.count || (a[name] < b[name] ? -1 : a[name] > b[name] ? 1 : 0); };
    };
    var some = function (item) { return item.count > 0; };
    return {
      emotions: facets.emotions.map(function (e) { return { id: e.id, count: inList(e.entries) }; }).filter(some).sort(order('id')),
      tags: facets.tags.map(function (t) { return { slug: t.slug, label: t.label, count: inList(t.entries) }; }).filter(some).sort(order('slug')),
      years: facets.years.map(function (y) {
        return { year: y.year, count: y.entries ? inList(y.entries) : inRange(y.start, y.end) };
      }).filter(some).sort(function (a, b) { return a.year < b.year ? 1 : a.year > b.year ? -1 : 0; }),
    };
  }

  /**
   * The query with the filter term `term` added at its end (after a space), unless it already
   * holds that very term.
   */
  function withFilter(query, term) {
    var text = String(query).replace(/\s+$/, '');
    // An unclosed quote would take the term into its phrase.
    if (text.split('"').length % 2 === 0) text += '"';
    if (text.split(SPACE_RUN).indexOf(term) !== -1) return text;
    return text === '' ? term : text + ' ' + term;
  }

  // MARK: - Excerpts

  var CLUSTER = /[\s\S]\p{M}*/gu;

  /**
   * Where `queryWords` (normalised words) occur in `text`: merged [start, end) ranges of `text`,
   * and the set of offsets where a character (with its combining marks) starts. Each character
   * is folded alone, so a match is found as the index finds it, and mapped back to the original.
   */
  function findMatches(text, queryWords) {
    var folded = '';
    var origin = [];
    var starts = [];
    var match;
    CLUSTER.lastIndex = 0;
    while ((match = CLUSTER.exec(text)) !== null) {
      var piece = fold(match[0]);
      for (var k = 0; k < piece.length; k++) origin.push(starts.length);
      starts.push(match.index);
      folded += piece;
    }
    starts.push(text.length);
    var ranges = [];
    queryWords.forEach(function (word) {
      if (!word) return;
      for (var at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) {
        ranges.push([starts[origin[at]], starts[origin[at + word.length - 1] + 1]]);
      }
    });
    ranges.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });
    var merged = [];
    ranges.forEach(function (range) {
      var last = merged[merged.length - 1];
      if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
      else merged.push([range[0], range[1]]);
    });
    return { ranges: merged, boundaries: new Set(starts) };
  }

  /** `text` from `start` to `end` as segments `{text, mark}`, the matches marked. */
  function segmentsOf(text, ranges, start, end) {
    var segments = [];
    var position = start;
    ranges.forEach(function (range) {
      var from = Math.max(range[0], start);
      var to = Math.min(range[1], end);
      if (from >= to) return;
      if (from > position) segments.push({ text: text.slice(position, from), mark: false });
      segments.push({ text: text.slice(from, to), mark: true });
      position = to;
    });
    if (position < end) segments.push({ text: text.slice(position, end), mark: false });
    return segments;
  }

  /** The whole of `text` as segments `{text, mark}`, every match of `queryWords` marked. */
  function highlight(text, queryWords) {
    text = String(text || '');
    return segmentsOf(text, findMatches(text, queryWords).ranges, 0, text.length);
  }

  /**
   * A piece of `text` of about `length` characters around the first match of any of
   * `queryWords` (or from the start when none matches), as segments `{text, mark}`; every
   * match inside the piece is marked, and "…" stands for what is left out.
   */
  function excerpt(text, queryWords, length) {
    text = String(text || '');
    length = length || 180;
    var found = findMatches(text, queryWords);
    var first = found.ranges[0];
    var start = 0;
    if (first && first[0] > 40) {
      start = first[0] - 40;
      var space = text.indexOf(' ', start);
      if (space !== -1 && space < first[0] && space - start < 20) start = space + 1;
    }
    var end = Math.min(text.length, start + length);
    if (end < text.length) {
      var cut = text.lastIndexOf(' ', end);
      if (cut > start + length - 30 && (!first || cut >= first[1])) end = cut;
    }
    // Never cut a surrogate pair, or a character from its marks.
    while (start > 0 && !found.boundaries.has(start)) start--;
    while (end < text.length && !found.boundaries.has(end)) end++;
    var segments = segmentsOf(text, found.ranges, start, end);
    if (start > 0) segments.unshift({ text: '… ', mark: false });
    if (end < text.length) segments.push({ text: ' …', mark: false });
    return segments;
  }

  // MARK: - Page

  var PAGE_SIZE = 20;
  /** The most tags the facets show: those with the most results among the listed (SearchFacets.tagLimit). */
  var SHOWN_TAGS = 12;

  /** The status lines of a search page that does not give its own (a theme's older search.html). */
  var STATUS_TEXTS = {
    searching: 'Searching…', matches: '{n} entry matches.|{n} entries match.',
    'no-matches': 'No entries match “{q}”.', failed: 'Search failed: {error}',
  };

  /**
   * A status line in the site's words: the page's `data-<name>` text (STATUS_TEXTS without one),
   * its form for `values.n` chosen as the templates' `pluralize` does (the form before `|` for 1,
   * the one after it otherwise), and `{n}`, `{q}` and `{error}` filled in.
   */
  function statusText(root, name, values) {
    var text = root.getAttribute('data-' + name) || STATUS_TEXTS[name];
    values = values || {};
    var forms = text.split('|');
    if (typeof values.n === 'number') {
      text = forms.length > 1 && values.n !== 1 ? forms[1] : forms[0];
      values.n = values.n.toLocaleString(root.getAttribute('data-lang') || undefined);
    }
    return text.replace(/\{(n|q|error)\}/g, function (all, key) { return values[key] === undefined ? all : String(values[key]); });
  }

  /**
   * The page's own address. The reader of an encrypted site keeps it after '#' and gives it as
   * window.daybookPageURL(); its history.replaceState takes the plain address back.
   */
  function pageURL() {
    return window.daybookPageURL ? window.daybookPageURL() : new URL(window.location.href);
  }

  function start(doc) {
    var root = doc.querySelector('[data-search]');
    if (!root) return;
    var base = root.getAttribute('data-base-url') || '/';
    if (base.charAt(base.length - 1) !== '/') base += '/';
    var form = root.querySelector('form');
    var input = root.querySelector('input[name="q"]');
    var status = root.querySelector('[data-search-status]');
    var list = root.querySelector('[data-search-results]');
    var more = root.querySelector('[data-search-more]');
    var sort = root.querySelector('[data-search-sort]');
    var order = function () { return sort && sort.value === 'date' ? 'date' : 'rank'; };
    var facetsBlock = root.querySelector('[data-search-facets]');
    var lang = root.getAttribute('data-lang') || undefined;
    if (!form || !input || !status || !list) return;

    var engine = createEngine(function (path) {
      return fetch(base + path, { credentials: 'same-origin' }).then(function (response) {
        if (!response.ok) throw new Error('could not load ' + path + ' (' + response.status + ')');
        return response.json();
      });
    });
    var generation = 0;
    var timer = null;
    var current = { numbers: [], shown: 0, words: [], manifest: null, generation: 0 };

    /** The status line, and its state for scripts and tests: `searching`, `done` (with the count) or `failed`. */
    function setStatus(text, state, count) {
      status.textContent = text;
      if (state) status.setAttribute('data-state', state); else status.removeAttribute('data-state');
      if (count === undefined) status.removeAttribute('data-count'); else status.setAttribute('data-count', String(count));
    }

    function clear() {
      while (list.firstChild) list.removeChild(list.firstChild);
      if (more) more.hidden = true;
      if (facetsBlock) facetsBlock.hidden = true;
    }

    function element(name, className, text) {
      var node = doc.createElement(name);
      if (className) node.className = className;
      if (text !== undefined) node.textContent = String(text);
      return node;
    }

    function appendSegments(parent, segments) {
      segments.forEach(function (segment) {
        parent.appendChild(segment.mark ? element('mark', null, segment.text) : doc.createTextNode(segment.text));
      });
    }

    function resultItem(record, m, queryWords) {
      var item = element('li', 'search-result');
      var card = element('article', 'card');
      var emotions = Array.isArray(record.emotions) ? record.emotions : [];
      var first = m.emotions && Object.prototype.hasOwnProperty.call(m.emotions, emotions[0]) ? m.emotions[emotions[0]] : null;
      if (first && first[2]) card.style.setProperty('--emotion', String(first[2]));
      var body = element('div', 'card-text');
      var heading = element('h2', 'card-title');
      var link = element('a');
      appendSegments(link, highlight(record.title, queryWords));
      link.setAttribute('href', String(record.url));
      heading.appendChild(link);
      body.appendChild(heading);

      // An entry without a title is titled by its date and time: shown once, as its title.
      if (String(record.title) !== String(record.date)) {
        var meta = element('p', 'meta');
        var time = element('time', null, record.date);
        time.setAttribute('datetime', String(record.date).replace(' ', 'T'));
        meta.appendChild(time);
        body.appendChild(meta);
      }

      if (emotions.length > 0) {
        var badges = element('ul', 'badges');
        emotions.forEach(function (id) {
          var known = m.emotions && Object.prototype.hasOwnProperty.call(m.emotions, id) ? m.emotions[id] : null;
          var badge = element('span', 'emotion');
          if (known && known[2]) badge.style.setProperty('--emotion', String(known[2]));
          var emoji = element('span', 'emoji', known ? known[0] : '•');
          emoji.setAttribute('aria-hidden', 'true');
          badge.appendChild(emoji);
          badge.appendChild(doc.createTextNode(' '));
          badge.appendChild(element('span', 'emotion-label', known ? known[1] : id));
          var li = element('li');
          li.appendChild(badge);
          badges.appendChild(li);
        });
        body.appendChild(badges);
      }

      var segments = excerpt(record.text, queryWords);
      if (segments.length > 0) {
        var paragraph = element('p', 'excerpt');
        appendSegments(paragraph, segments);
        body.appendChild(paragraph);
      }
      card.appendChild(body);
      item.appendChild(card);
      return item;
    }

    function showMore() {
      var mine = current.generation;
      var next = current.numbers.slice(current.shown, current.shown + PAGE_SIZE);
      current.shown += next.length;
      if (more) more.hidden = true;
      return Promise.all(next.map(engine.entry)).then(function (records) {
        if (mine !== generation) return;
        records.forEach(function (record) { list.appendChild(resultItem(record, current.manifest, current.words)); });
        if (more) more.hidden = current.shown >= current.numbers.length;
      });
    }

    // MARK: Facets

    /** The facets once fetched (`readFacets`): later queries count with them at once. */
    var facetsKept = null;
    /** Whether the facets block takes the focus when next shown (its button was clicked and is gone). */
    var facetsTakeFocus = false;

    /** The filters `parsed` already applies, so that the facets do not offer them again. */
    function appliedFilters(parsed, m) {
      var applied = { emotion: {}, tag: {}, periods: [] };
      parsed.filters.forEach(function (filter) {
        if (filter.kind === 'tag') applied.tag[filter.value] = true;
        else if (filter.kind === 'period') applied.periods.push(filter.value);
        else {
          var id = emotionID(filter.value, m.emotions);
          if (id !== null) applied.emotion[id] = true;
        }
      });
      return applied;
    }

    function facetButton(term, count, className) {
      var button = element('button', 'facet ' + className);
      button.type = 'button';
      button.setAttribute('data-filter', term);
      var label = element('span', 'facet-label');
      button.appendChild(label);
      var number = element('span', 'facet-count', count.toLocaleString(lang));
      number.setAttribute('data-count', String(count));
      button.appendChild(number);
      return { button: button, label: label };
    }

    /** Fills the group `name` with `items` (each made by `make`) and shows it when it has any. */
    function fillGroup(name, items, make) {
      var group = facetsBlock.querySelector('[data-facet-group="' + name + '"]');
      var groupList = group && group.querySelector('ul');
      if (!groupList) return 0;
      while (groupList.firstChild) groupList.removeChild(groupList.firstChild);
      items.forEach(function (item) {
        var li = element('li');
        li.appendChild(make(item));
        groupList.appendChild(li);
      });
      group.hidden = items.length === 0;
      return items.length;
    }

    /** Shows how many of the current results have each emotion, tag and year (none: the block is hidden). */
    function showFacets(facets, query) {
      if (!facetsBlock) return;
      var m = current.manifest || {};
      var emotions = m.emotions || {};
      var counts = countFacets(facets, current.numbers);
      var applied = appliedFilters(parseQuery(query), m);
      var shown = fillGroup('emotion', counts.emotions.filter(function (e) { return !applied.emotion[e.id]; }), function (e) {
        var known = Object.prototype.hasOwnProperty.call(emotions, e.id) ? emotions[e.id] : null;
        var made = facetButton(EMOTION_PREFIX + e.id, e.count, 'facet-emotion');
        if (known && known[2]) made.button.style.setProperty('--emotion', String(known[2]));
        var emoji = element('span', 'emoji', known ? known[0] : '•');
        emoji.setAttribute('aria-hidden', 'true');
        made.label.appendChild(emoji);
        made.label.appendChild(doc.createTextNode(' ' + (known ? known[1] : e.id)));
        return made.button;
      });
      shown += fillGroup('tag', counts.tags.filter(function (t) { return !applied.tag[t.slug]; }).slice(0, SHOWN_TAGS), function (t) {
        var made = facetButton('#' + t.slug, t.count, 'facet-tag');
        var mark = element('span', null, '#');
        mark.setAttribute('aria-hidden', 'true');
        made.label.appendChild(mark);
        made.label.appendChild(doc.createTextNode(t.label));
        return made.button;
      });
      shown += fillGroup('year', counts.years.filter(function (y) {
        return !applied.periods.some(function (period) { return period.slice(0, 4) === y.year; });
      }), function (y) {
        var made = facetButton(y.year, y.count, 'facet-year');
        made.label.textContent = y.year;
        return made.button;
      });
      facetsBlock.setAttribute('data-query', query);
      facetsBlock.hidden = shown === 0;
      if (facetsTakeFocus) {
        facetsTakeFocus = false;
        (shown > 0 ? facetsBlock : input).focus({ preventScroll: true });
      }
    }

    /**
     * The facets of the current results: at once when kept; else, the first time, fetched after the
     * results are shown (a query fetches no more for them) and kept.
     */
    function facetsFor(query, mine) {
      if (!facetsBlock || current.numbers.length === 0) return;
      if (facetsKept) {
        showFacets(facetsKept, query);
        return;
      }
      return engine.facets().then(function (facets) {
        facetsKept = facets;
        if (mine === generation) showFacets(facets, query);
      }, function () { /* Without facets the results still stand. */ });
    }

    function fail(error) {
      setStatus(statusText(root, 'failed', { error: error && error.message ? error.message : String(error) }), 'failed');
    }

    function run(query) {
      var mine = ++generation;
      var parsed = parseQuery(query);
      var queryWords = parsed.words;
      if (queryWords.length === 0 && parsed.filters.length === 0) {
        clear();
        setStatus('');
        return;
      }
      setStatus(statusText(root, 'searching'), 'searching');
      Promise.all([engine.entryNumbers(query, order()), engine.manifest()]).then(function (answer) {
        if (mine !== generation) return;
        clear();
        current = { numbers: answer[0], shown: 0, words: queryWords, manifest: answer[1], generation: mine };
        var count = answer[0].length;
        if (count === 0) {
          facetsTakeFocus = false;
          setStatus(statusText(root, 'no-matches', { q: query.trim() }), 'done', 0);
          return;
        }
        setStatus(statusText(root, 'matches', { n: count }), 'done', count);
        if (facetsKept) facetsFor(query, mine);
        return showMore().then(function () { if (!facetsKept && mine === generation) return facetsFor(query, mine); });
      }).catch(function (error) { if (mine === generation) fail(error); });
    }

    function updateAddress(query) {
      if (!window.history || !window.history.replaceState) return;
      var url = pageURL();
      if (query.trim() === '') url.searchParams.delete('q'); else url.searchParams.set('q', query);
      if (order() === 'date') url.searchParams.set('sort', 'date'); else url.searchParams.delete('sort');
      window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    }

    input.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        updateAddress(input.value);
        run(input.value);
      }, 200);
    });
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      clearTimeout(timer);
      updateAddress(input.value);
      run(input.value);
    });
    if (more) {
      more.addEventListener('click', function () {
        var before = list.children.length;
        showMore().then(function () {
          // Keyboard users continue from the first new result, not from a hidden button.
          var link = list.children[before] && list.children[before].querySelector('a');
          if (link) link.focus();
        }).catch(fail);
      });
    }

    if (facetsBlock) {
      facetsBlock.addEventListener('click', function (event) {
        var button = event.target && event.target.closest ? event.target.closest('button[data-filter]') : null;
        if (!button) return;
        input.value = withFilter(input.value, button.getAttribute('data-filter'));
        clearTimeout(timer);
        facetsTakeFocus = true;
        updateAddress(input.value);
        run(input.value);
      });
    }

    if (sort) {
      sort.value = pageURL().searchParams.get('sort') === 'date' ? 'date' : 'rank';
      sort.addEventListener('change', function () {
        updateAddress(input.value);
        run(input.value);
      });
    }
    var initial = pageURL().searchParams.get('q') || '';
    if (initial !== '') {
      input.value = initial;
      run(initial);
    }
  }

  var api = {
    fold: fold, normalize: normalize, words: words, parseQuery: parseQuery, slug: slug, matchesInitials: matchesInitials,
    initialsKeyOf: initialsKeyOf, parts: parts, keyOf: keyOf, heavyKeys: heavyKeys, pathOf: pathOf, shardOf: shardOf,
    decodePostings: decodePostings, readFacets: readFacets, countFacets: countFacets, withFilter: withFilter,
    decodePositions: decodePositions, placesOf: placesOf, phraseKey: phraseKey, fitsPhrase: fitsPhrase,
    phraseRole: phraseRole, createEngine: createEngine, stemOf: stemOf, contribution: contribution, highlight: highlight, excerpt: excerpt, start: start,
    statusText: statusText,
  };
  if (typeof module === 'object' && module.exports) {
    module.exports = api;
  } else if (typeof document !== 'undefined') {
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', function () { start(document); });
    } else {
      start(document);
    }
  }
})();
"""# + "\n",
        "assets/style.css": #"""
/* Daybook default theme: a calm diary. One file, no external resources. */

:root {
  color-scheme: light dark;
  --bg: #f8f6f2;
  --surface: #fff;
  --text: #2a2825;
  --muted: #655f57;
  --border: #e3ded5;
  --accent: #3f5b9a;
  --focus: #2f62d8;
  --cell-empty: #e9e4dc;
  --shadow: 0 1px 2px rgb(60 50 40 / 0.06);
  --radius: 12px;
  --font: system-ui, -apple-system, "Segoe UI", "Apple SD Gothic Neo", "Noto Sans KR", "Malgun Gothic", sans-serif;
  --emoji: "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif;
  --mono: ui-monospace, Menlo, Consolas, "D2Coding", monospace;
}

@media (prefers-color-scheme: dark) {
  :root {
    --bg: #1a1917;
    --surface: #23211f;
    --text: #ebe7e1;
    --muted: #aaa398;
    --border: #3a3733;
    --accent: #a8bbf0;
    --focus: #8fb0ff;
    --cell-empty: #302d2a;
    --shadow: none;
  }
}

*, ::before, ::after { box-sizing: border-box; }

body {
  margin: 0;
  background: var(--bg);
  color: var(--text);
  font: 1.0625rem/1.75 var(--font);
  word-break: keep-all; /* Korean breaks between words */
  overflow-wrap: break-word;
}

a { color: var(--accent); text-underline-offset: 0.2em; }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; border-radius: 4px; }
main:focus { outline: none; }
img, svg { max-width: 100%; height: auto; }

h1, h2, h3, h4 { line-height: 1.35; margin: 0 0 0.5rem; text-wrap: balance; }
h1 { font-size: 1.75rem; }
h2 { font-size: 1.3rem; }
h3, h4 { font-size: 1.1rem; }

.wrap { max-width: 44rem; margin: 0 auto; padding: 0 1rem; }
main.wrap { padding-top: 2.25rem; padding-bottom: 3rem; min-height: 60vh; }
.muted, .breadcrumbs, .meta, .empty, .excerpt, .nav-dir, figcaption { color: var(--muted); }
.empty { font-style: italic; }
.emoji { font-family: var(--emoji); font-style: normal; }

.visually-hidden {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
}
.skip-link {
  position: absolute; left: 0.5rem; top: 0.5rem; z-index: 10; transform: translateY(-200%);
  padding: 0.5rem 1rem; border-radius: 8px; background: var(--surface); color: var(--text);
  box-shadow: 0 2px 8px rgb(0 0 0 / 0.25);
}
.skip-link:focus { transform: none; }

/* Shared shapes */

ul.badges, ul.tags, .inline-list, .site-nav ul, .tag-cloud, .emotion-grid, .gallery, .month-list, .jump ul, .entry-nav ul, .page-numbers {
  list-style: none; margin: 0; padding: 0;
}
.card, .jump, .gallery a, .prose pre, .page-numbers a, .tag-cloud .tag {
  background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius);
}
.entry-title a, .card-title a, .day-title a, .site-title, .emotion, .emotion-tile, .gallery a {
  color: var(--text); text-decoration: none;
}
.entry-title a:hover, .card-title a:hover, .day-title a:hover, .gallery a:hover .gallery-title { text-decoration: underline; }

/* Header and footer */

.site-header { border-bottom: 1px solid var(--border); background: var(--surface); }
/* The title at the left, the rest packed at the right: the navigation, then the "Keep offline"
   control, which goes on a line of its own, at the right, where the links leave it no room. */
.header-inner {
  position: relative; display: flex; flex-wrap: wrap; align-items: center; justify-content: flex-end;
  gap: 0.25rem 1rem; padding-top: 0.75rem; padding-bottom: 0.75rem;
}
.site-title { font-weight: 700; font-size: 1.1rem; margin-right: auto; }
.site-nav ul { display: flex; flex-wrap: wrap; gap: 0.1rem; margin-left: -0.45rem; }
.site-nav a { display: inline-block; padding: 0.2rem 0.45rem; border-radius: 8px; color: var(--muted); text-decoration: none; font-size: 0.95rem; }
.site-nav a:hover, .site-nav a[aria-current="page"] { color: var(--text); background: var(--bg); }
.site-nav a[aria-current="page"] { font-weight: 600; }

.site-footer { border-top: 1px solid var(--border); padding: 1.5rem 0 2rem; font-size: 0.9rem; }
.site-footer p { margin: 0.5rem 0 0; }
.inline-list { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }

/* Page headers */

.page-header { margin-bottom: 2rem; }
.page-header p { margin: 0; }
.breadcrumbs { font-size: 0.95rem; }
.eyebrow, .section-title {
  font-size: 0.85rem; font-weight: 600; letter-spacing: 0.06em; text-transform: uppercase;
  color: var(--muted); margin: 2.5rem 0 1rem;
}
.eyebrow { margin: 0 0 0.5rem; }
.emotion-header, .kind-entry .entry-header, .kind-day .entry-header, .latest .entry-header {
  border-left: 4px solid var(--emotion); padding-left: 1rem;
}
.read-more { margin: 1rem 0 0; }

/* Emotion badges, tags, flags */

ul.badges, ul.tags { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.5rem 0; }
.emotion {
  display: inline-flex; align-items: center; gap: 0.3rem; padding: 0.05rem 0.6rem; border-radius: 999px;
  font-size: 0.9rem; line-height: 1.6;
  background: var(--surface);
  background: color-mix(in srgb, var(--emotion) 18%, var(--surface));
  border: 1px solid color-mix(in srgb, var(--emotion) 55%, var(--surface));
}
.emotion:hover, .emotion-tile:hover { border-color: var(--emotion); }
/* The search page's emotion facets wear their emotion's tint, as badges do (an unknown one the border's). */
.search-facets .facet-emotion {
  --emotion: var(--border);
  background: color-mix(in srgb, var(--emotion) 18%, var(--surface));
  border: 1px solid color-mix(in srgb, var(--emotion) 55%, var(--surface));
}
.search-facets .facet-emotion:hover { border-color: var(--emotion); }
.tag { display: inline-block; padding: 0 0.5rem; border-radius: 6px; font-size: 0.9rem; color: var(--muted); text-decoration: none; border: 1px solid var(--border); }
.tag:hover { color: var(--text); border-color: var(--muted); }
.tag .count { font-size: 0.85em; margin-left: 0.25rem; }
.draft-flag {
  display: inline-block; padding: 0 0.45rem; margin-left: 0.25rem; border-radius: 6px;
  font-size: 0.8rem; font-weight: 600; border: 1px dashed; color: var(--muted);
}

/* Entries */

.entry { margin-bottom: 2.5rem; }
.entry-header { margin-bottom: 1.5rem; }
.latest .entry-title { font-size: 1.6rem; }
.meta { font-size: 0.95rem; margin: 0.25rem 0; }
.meta a { color: inherit; }
.kind-day .entry + .entry { padding-top: 1.5rem; border-top: 1px solid var(--border); }

.prose > :first-child { margin-top: 0; }
.prose :is(p, ul, ol, blockquote, pre, table, figure) { margin: 0 0 1.1rem; }
.prose :is(h1, h2, h3, h4, h5, h6) { margin-top: 2rem; font-size: 1.15rem; }
.prose :is(ul, ol) { padding-left: 1.5rem; }
/* A task list's boxes stand where its bullets would: one marker, not two. */
.prose li:has(> input[type="checkbox"]:first-child, > p:first-child > input[type="checkbox"]:first-child) { list-style: none; }
.prose li > input[type="checkbox"]:first-child, .prose li > p:first-child > input[type="checkbox"]:first-child { width: 1rem; height: 1rem; margin: 0 0.25rem 0 -1.5rem; vertical-align: -0.15em; }
.prose a { overflow-wrap: anywhere; }
.prose blockquote { margin-left: 0; padding: 0.25rem 1rem; border-left: 3px solid var(--border); color: var(--muted); }
.prose img { border-radius: 8px; }
.prose hr { border: 0; border-top: 1px solid var(--border); margin: 2rem 0; }
code, pre { font-family: var(--mono); font-size: 0.9em; }
:not(pre) > code { background: var(--surface); border: 1px solid var(--border); border-radius: 4px; padding: 0 0.3em; }
.prose pre { overflow-x: auto; padding: 0.75rem 1rem; line-height: 1.5; border-radius: 8px; }
/* A wide table scrolls inside its own box. */
.prose table { display: block; width: max-content; max-width: 100%; overflow-x: auto; border-collapse: collapse; font-size: 0.95rem; line-height: 1.5; }
.prose :is(th, td) { min-width: 4.5em; padding: 0.4rem 0.75rem; border: 1px solid var(--border); text-align: left; vertical-align: top; }
.prose th { background: var(--surface); }
.prose .footnotes { font-size: 0.9rem; color: var(--muted); border-top: 1px solid var(--border); }

.photo-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr)); gap: 1rem; margin-top: 1.5rem; }
.photo { margin: 0; scroll-margin-top: 1rem; }
.photo img, .gallery img { display: block; width: 100%; background: var(--cell-empty); }
.photo img { border-radius: 8px; }
.photo figcaption { font-size: 0.9rem; margin-top: 0.4rem; line-height: 1.5; }
.photo:target img { outline: 3px solid var(--emotion); outline-offset: 3px; }

.entry-nav { margin-top: 2.5rem; border-top: 1px solid var(--border); padding-top: 1rem; }
.entry-nav ul { display: grid; grid-template-columns: 1fr auto 1fr; gap: 1rem; align-items: start; }
.entry-nav li:only-child { grid-column: 1 / -1; }
.entry-nav a { display: block; text-decoration: none; }
.nav-next { text-align: right; }
.nav-day, .entry-nav li:only-child { text-align: center; font-size: 0.95rem; }
.nav-dir, .nav-title { display: block; }
.nav-dir { font-size: 0.85rem; }
.nav-title { line-height: 1.45; }
.entry-nav a:hover .nav-title { text-decoration: underline; }

/* Cards and days */

.cards { display: grid; gap: 0.75rem; }
.card { display: flex; gap: 1rem; align-items: flex-start; padding: 0.9rem 1rem; border-left: 4px solid var(--emotion); box-shadow: var(--shadow); }
.card.is-draft { border-style: dashed; border-left-style: solid; }
.card-text { flex: 1; min-width: 0; }
.card-title { font-size: 1.1rem; margin: 0; }
.card .meta { margin: 0.1rem 0 0.25rem; font-size: 0.9rem; }
.card ul.badges, .card ul.tags { margin: 0.35rem 0; }
.excerpt {
  margin: 0.25rem 0; font-size: 0.95rem; line-height: 1.7;
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; overflow: hidden;
}
.card-cover img { display: block; width: 5.5rem; height: 5.5rem; object-fit: cover; border-radius: 8px; }

.day { margin-bottom: 2rem; }
.day-title { font-size: 1.05rem; margin-bottom: 0.6rem; }
.day-title a { display: inline-flex; align-items: center; gap: 0.5rem; }
.day-dot { flex: none; width: 0.7rem; height: 0.7rem; border-radius: 50%; background: var(--emotion); }

.empty-state, .not-found { text-align: center; padding: 2rem 0; }
.not-found .inline-list { justify-content: center; }
.big-emoji { font-size: 3rem; margin: 0; line-height: 1.3; }

/* Year in review and facts */

.subsection-title { font-size: 1.05rem; margin: 1.75rem 0 0.75rem; }
.subsection-title .muted { font-weight: 400; font-size: 0.9rem; }
.facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 15rem), 1fr)); gap: 0.75rem; margin: 0; }
.facts > div { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); padding: 0.75rem 1rem; }
.facts dt { font-size: 0.85rem; color: var(--muted); }
.facts dd { margin: 0; line-height: 1.6; }
.facts a, .emotion-count { white-space: nowrap; }
.fact-note { display: block; font-size: 0.85rem; color: var(--muted); }
.note { font-size: 0.9rem; }
.review-months { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(6.5rem, 1fr)); gap: 0.4rem; }
.review-months li { display: flex; }
.review-months li > * { flex: 1; display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 0.35rem; padding: 0.35rem 0.6rem; border-radius: 8px; font-size: 0.9rem; line-height: 1.5; }
.review-months a {
  color: var(--text); text-decoration: none;
  background: var(--surface);
  background: color-mix(in srgb, var(--emotion) 18%, var(--surface));
  border: 1px solid color-mix(in srgb, var(--emotion) 55%, var(--surface));
}
.review-months a:hover { border-color: var(--emotion); }
.review-months .is-empty > * { border: 1px dashed var(--border); color: var(--muted); }
.review-month { flex-basis: 100%; font-size: 0.8rem; color: var(--muted); }
/* On an emotion's tint the muted colour is too faint to read (4.2:1 in the dark scheme). */
.review-months a .review-month { color: color-mix(in srgb, var(--muted) 50%, var(--text)); }

/* Year in pixels: months are rows on a wide screen, columns on a phone (see year.html) */

.pixels-box { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); padding: 0.75rem; }
.pixels { display: grid; grid-template-columns: 2.2rem repeat(31, minmax(0, 1fr)); gap: 2px; }
.px { display: block; aspect-ratio: 1; border-radius: 3px; background: var(--cell-empty); }
a.px { background: var(--px); }
a.px:is(:hover, :focus-visible) { outline: 2px solid var(--text); outline-offset: 0; }
.px-none { visibility: hidden; }
.px-day, .px-month { font-size: 0.65rem; line-height: 1.2; color: var(--muted); align-self: center; white-space: nowrap; overflow: hidden; }
.px-day { text-align: center; }
.px-month-short { display: none; }
@media (max-width: 40rem) {
  .px-month-long { display: none; }
  .px-month-short { display: inline; }
  .pixels { grid-template-columns: 1.6rem repeat(12, minmax(0, 1fr)); grid-template-rows: repeat(32, auto); grid-auto-flow: column; gap: 2px 3px; }
  .px { aspect-ratio: auto; height: 0.95rem; }
  .px-day { text-align: right; padding-right: 0.3rem; }
  .px-month { text-align: center; padding-bottom: 0.15rem; }
}
.month-list li { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 1rem; padding: 0.5rem 0; border-bottom: 1px solid var(--border); }

/* Statistics charts */

.chart-grid-2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr)); gap: 1rem; }
.time-charts { gap: 0 1rem; }
.chart-figure { margin: 0 0 1rem; padding: 0.75rem 0.75rem 0.5rem; background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); }
.chart-caption { font-size: 0.9rem; font-weight: 600; margin-bottom: 0.25rem; }
.time-chart .chart-caption {
  position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
}
.chart { display: block; width: 100%; max-width: 34rem; margin: 0 auto; }
/* In the viewBox's units: every chart is about as wide as its 320 units (two to a row, or a phone's
   width), so this is about the size of the text around it. */
.chart text { font-size: 11px; fill: var(--muted); }
.chart-grid { stroke: var(--border); stroke-width: 1; }
.chart-bar { fill: var(--accent); }
.chart rect { shape-rendering: crispEdges; }
.chart-data summary { cursor: pointer; font-size: 0.85rem; color: var(--muted); margin-top: 0.25rem; }
.chart-data table { border-collapse: collapse; width: 100%; font-size: 0.85rem; line-height: 1.5; margin: 0.5rem 0; }
.chart-data :is(th, td) { padding: 0.25rem 0.4rem; border-bottom: 1px solid var(--border); text-align: left; vertical-align: top; }
.chart-data thead th { font-weight: 600; }
.chart-data tbody th { font-weight: 400; white-space: nowrap; }
.chart-data .number { text-align: right; font-variant-numeric: tabular-nums; }
.legend .count { color: var(--muted); font-size: 0.85em; }

.tag-moods { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.9rem; }
.tag-moods p { margin: 0; }
.tag-mood-name { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 0.5rem; }
.tag-mood-name .muted { font-size: 0.85rem; }
.tag-mood-bar { display: block; width: 100%; height: 0.6rem; margin: 0.3rem 0; border-radius: 3px; background: var(--cell-empty); }
.tag-mood-text { font-size: 0.85rem; color: var(--muted); line-height: 1.5; }
.more-tags { margin-top: 1.25rem; }
.more-tags summary { cursor: pointer; color: var(--accent); font-weight: 600; margin-bottom: 0.9rem; }

/* Archive jump index */

.jump { margin-bottom: 2rem; padding: 0.75rem 1rem; }
.jump > ul > li { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.25rem 0.75rem; padding: 0.25rem 0; }
.jump-year { font-weight: 700; min-width: 3.5rem; }
.jump-months { display: flex; flex-wrap: wrap; gap: 0.1rem 0.6rem; }

/* Emotions and tags */

.emotion-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr)); gap: 0.75rem; }
.emotion-tile {
  display: grid; grid-template-columns: auto 1fr; align-items: center; gap: 0 0.6rem;
  padding: 0.75rem 1rem; border-radius: var(--radius);
  background: var(--surface);
  background: color-mix(in srgb, var(--emotion) 14%, var(--surface));
  border: 1px solid color-mix(in srgb, var(--emotion) 50%, var(--surface));
}
.emotion-tile .emoji { grid-row: span 2; font-size: 1.8rem; line-height: 1; }
.emotion-tile .emotion-label { font-weight: 600; }
.emotion-tile .count { color: var(--muted); font-size: 0.85rem; }
.emotion-tile.is-unused { border-style: dashed; }
.tag-cloud { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.tag-cloud .tag { font-size: 1rem; padding: 0.2rem 0.7rem; border-radius: 6px; }

/* Gallery */

.gallery { display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: 0.75rem; }
.gallery a { display: block; height: 100%; overflow: hidden; }
.gallery img { aspect-ratio: 4 / 3; object-fit: cover; }
.gallery-caption { display: block; padding: 0.5rem 0.75rem 0.6rem; border-top: 3px solid var(--emotion); line-height: 1.45; }
.gallery-title { display: block; font-weight: 600; font-size: 0.95rem; }
.gallery-caption time { color: var(--muted); font-size: 0.85rem; }
.gallery-caption .gallery-title time { color: inherit; font-size: inherit; }

/* Pagination */

.pagination { display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 0.5rem 1rem; margin-top: 2.5rem; }
.page-numbers { display: flex; flex-wrap: wrap; gap: 0.25rem; }
.page-numbers a { display: inline-block; min-width: 2.5rem; padding: 0.3rem 0.5rem; text-align: center; border-radius: 8px; text-decoration: none; }
.page-numbers a[aria-current="page"] { background: var(--text); color: var(--bg); border-color: var(--text); font-weight: 700; }
.page-numbers .gap { padding: 0.3rem 0.1rem; color: var(--muted); }
.page-step { text-decoration: none; padding: 0.3rem 0.25rem; }
.page-step.is-disabled { color: var(--muted); }

/* Phones */

/* Below the width where the title and the seven links share a line, seven links make uneven rows
   (4 + 3) and do not fit in one row of a phone in English: the site's title, already the link home,
   stands for "Home", and the other six make two even rows of three, each link its column's width. */
@media (max-width: 34rem) {
  .site-nav { width: 100%; order: 1; }
  .site-nav ul { display: grid; grid-template-columns: repeat(3, 1fr); gap: 0.1rem 0.25rem; margin: 0 -0.45rem; }
  .site-nav li:first-child { display: none; }
  .site-nav a { display: block; text-align: center; }
}

@media (max-width: 30rem) {
  body { font-size: 1rem; }
  h1 { font-size: 1.5rem; }
  main.wrap { padding-top: 1.75rem; }
  .card { padding: 0.75rem 0.85rem; }
  .card-cover img { width: 4rem; height: 4rem; }
  .pixels-box { padding: 0.5rem; }
  .entry-nav ul { grid-template-columns: 1fr 1fr; }
  .nav-day { grid-column: 1 / -1; grid-row: 2; }
  .page-numbers { order: -1; flex-basis: 100%; justify-content: center; }
}

/* Offline reading: the "Keep offline" control at the header's right end (on a phone, on the title's
   line above the navigation's rows), opening as a panel over the page; and the offer of a new build */

.offline summary { list-style: none; cursor: pointer; white-space: nowrap; font-size: 0.9rem; font-weight: 600; color: var(--muted);
  padding: 0.2rem 0.7rem; border: 1px solid var(--border); border-radius: 999px; }
.offline summary::-webkit-details-marker { display: none; }
.offline summary:hover, .offline[open] summary { color: var(--text); background: var(--bg); }
.offline[data-state="done"] summary::after { content: " ✓"; color: var(--accent); }
.offline-panel { position: absolute; z-index: 20; top: 100%; right: 1rem; box-sizing: border-box; width: min(25rem, calc(100vw - 2rem));
  padding: 0.5rem 1rem; border: 1px solid var(--border); border-radius: var(--radius); background: var(--surface);
  box-shadow: 0 6px 24px rgb(0 0 0 / 0.18); font-size: 0.95rem; line-height: 1.5; }
.offline p { margin: 0.5rem 0; }
.offline-levels { display: grid; gap: 0.5rem; margin: 0.75rem 0; }
.offline-level { display: grid; grid-template-columns: 1fr auto; align-items: baseline; gap: 0 0.75rem; min-height: 2.75rem;
  font: inherit; text-align: start; padding: 0.5rem 0.85rem; border: 1px solid var(--border); border-radius: 8px;
  background: var(--bg); color: var(--text); cursor: pointer; }
.offline-level:disabled { opacity: 0.6; cursor: default; }
.offline-level[aria-pressed="true"] { border-color: var(--accent); box-shadow: inset 0 0 0 1px var(--accent); }
.offline-size { color: var(--muted); white-space: nowrap; font-size: 0.9em; }
.offline-kept-mark { grid-column: 1 / -1; color: var(--accent); font-size: 0.85em; font-weight: 600; }
.offline-kept-mark::before { content: "✓ "; }
.offline-level[aria-pressed="false"] .offline-kept-mark { display: none; }
.offline-progress { display: block; width: 100%; height: 0.5rem; accent-color: var(--accent); }
.offline-progress[hidden], .offline-remove[hidden] { display: none; }
.offline-status:empty, .offline-space:empty { display: none; }
.offline-remove { font: inherit; padding: 0.25rem 0; border: 0; background: none; color: var(--accent); text-decoration: underline;
  text-underline-offset: 0.2em; cursor: pointer; }
.offline-update { position: fixed; left: 50%; bottom: 1rem; transform: translateX(-50%); z-index: 10; display: flex; gap: 0.5rem;
  align-items: center; max-width: calc(100vw - 2rem); padding: 0.5rem 0.5rem 0.5rem 1rem; border-radius: 999px;
  background: var(--text); color: var(--bg); box-shadow: 0 2px 10px rgb(0 0 0 / 0.2); }
.offline-update button { font: inherit; font-weight: 600; padding: 0.35rem 0.9rem; border: 0; border-radius: 999px;
  background: var(--bg); color: var(--text); cursor: pointer; }
"""# + "\n",
        "day.html": #"""
{% extends "layout.html" %}

{% block main %}
<header class="page-header">
  <p class="breadcrumbs"><a href="{{ day.year_url }}">{{ day.date | date: "yyyy" }}</a> <span aria-hidden="true">›</span> <a href="{{ day.month_url }}">{{ day.date | date: "MMMM" }}</a></p>
  <h1><time datetime="{{ day.date | date: "yyyy-MM-dd" }}">{{ page.title }}</time></h1>
  <p class="muted">{{ day.count | pluralize: site.strings.entry_count }}
    {%- if day.main_emotion %} · <a class="emotion" href="{{ day.main_emotion.url }}" style="--emotion: {{ day.main_emotion.color }}"><span class="emoji" aria-hidden="true">{{ day.main_emotion.emoji }}</span> <span class="emotion-label">{{ day.main_emotion.label }}</span></a>{% endif %}</p>
</header>
<div class="day-entries">
{%- for entry in day.entries %}
{% include "partials/entry-full.html" %}
{%- endfor %}
</div>
{% include "partials/day-nav.html" %}
{% endblock %}
"""# + "\n",
        "emotion.html": #"""
{% extends "layout.html" %}

{% block main %}
<header class="page-header emotion-header" style="--emotion: {{ emotion.color }}">
  <p class="breadcrumbs"><a href="{{ site.urls.emotions }}">{{ site.strings.emotions }}</a></p>
  <h1><span class="emoji" aria-hidden="true">{{ emotion.emoji }}</span> {{ emotion.label }}{% if pagination.number > 1 %} <span class="muted">· {{ pagination.number }}</span>{% endif %}</h1>
  <p class="muted">{{ emotion.count | pluralize: site.strings.entry_count }}</p>
</header>
<div class="cards">
  {%- for card in entries %}
  {% include "partials/entry-card.html" %}
  {%- else %}
  <p class="empty">{{ site.strings.no_entries_with_emotion }}</p>
  {%- endfor %}
</div>
{% include "partials/pagination.html" %}
{% endblock %}
"""# + "\n",
        "emotions.html": #"""
{% extends "layout.html" %}

{% block main %}
<header class="page-header">
  <h1>{{ page.title }}</h1>
</header>
<ul class="emotion-grid">
  {%- for emotion in emotions %}
  <li><a class="emotion-tile{% if emotion.count == 0 %} is-unused{% endif %}" href="{{ emotion.url }}" style="--emotion: {{ emotion.color }}"><span class="emoji" aria-hidden="true">{{ emotion.emoji }}</span> <span class="emotion-label">{{ emotion.label }}</span> <span class="count">{{ emotion.count | pluralize: site.strings.entry_count }}</span></a></li>
  {%- else %}
  <li class="empty">{{ site.strings.no_emotions }}</li>
  {%- endfor %}
</ul>
{% endblock %}
"""# + "\n",
        "entry.html": #"""
{% extends "layout.html" %}

{% block main %}
{% include "partials/entry-full.html" %}
<nav class="entry-nav" aria-label="{{ site.strings.neighbouring_entries }}">
  <ul>
    <li class="nav-prev">
      {%- if entry.previous %}
      <a href="{{ entry.previous.url }}" rel="prev"><span class="nav-dir"><span aria-hidden="true">←</span> {{ site.strings.previous }}</span> <span class="nav-title">{{ entry.previous.title }}</span></a>
      {%- endif %}
    </li>
    <li class="nav-day"><a href="{{ entry.day_url }}"><span class="nav-dir">{{ site.strings.whole_day }}</span>{% if not entry.untitled %} <span class="nav-title"><time datetime="{{ entry.date | date: "yyyy-MM-dd" }}">{{ entry.date | date: "yyyy-MM-dd" }}</time></span>{% endif %}</a></li>
    <li class="nav-next">
      {%- if entry.next %}
      <a href="{{ entry.next.url }}" rel="next"><span class="nav-dir">{{ site.strings.next }} <span aria-hidden="true">→</span></span> <span class="nav-title">{{ entry.next.title }}</span></a>
      {%- endif %}
    </li>
  </ul>
</nav>
{% endblock %}
"""# + "\n",
        "gallery.html": #"""
{% extends "layout.html" %}

{% block main %}
<header class="page-header">
  <h1>{{ page.title }}</h1>
</header>
<ul class="gallery">
  {%- for image in images %}
  <li style="--emotion: {{ image.emotion.color | default: "currentColor" }}">
    <a href="{{ image.entry_url }}">
      <img src="{{ image.thumbnail.url }}" srcset="{{ image.srcset }}" sizes="(max-width: 30rem) 50vw, 10rem" alt="{{ image.alt }}" width="{{ image.thumbnail.width }}" height="{{ image.thumbnail.height }}" loading="lazy">
      {%- if image.entry_untitled %}
      <span class="gallery-caption"><span class="gallery-title"><time datetime="{{ image.date | date: "yyyy-MM-dd'T'HH:mmXXX" }}">{{ image.date | date: "yyyy-MM-dd HH:mm" }}</time></span></span>
      {%- else %}
      <span class="gallery-caption"><span class="gallery-title">{{ image.entry_title }}</span> <time datetime="{{ image.date | date: "yyyy-MM-dd'T'HH:mmXXX" }}">{{ image.date | date: "yyyy-MM-dd" }}</time></span>
      {%- endif %}
    </a>
  </li>
  {%- else %}
  <li class="empty">{{ site.strings.no_photos }}</li>
  {%- endfor %}
</ul>
{% include "partials/pagination.html" %}
{% endblock %}
"""# + "\n",
        "home.html": #"""
{% extends "layout.html" %}

{% block head %}
<script src="{{ site.base_url }}assets/on-this-day.js" defer></script>
{% endblock %}

{% block main %}
<h1 class="visually-hidden">{{ site.title }}</h1>
{%- if latest %}
<div class="latest">
  <p class="eyebrow">{{ site.strings.latest_entry }}</p>
  <article class="entry{% if latest.draft %} is-draft{% endif %}" style="--emotion: {{ latest.emotion.color | default: "currentColor" }}">
    <header class="entry-header">
      {#- An entry without a title is titled by its date, which is then not shown again. #}
      <h2 class="entry-title"><a href="{{ latest.url }}">{% if latest.untitled %}<time datetime="{{ latest.date | date: "yyyy-MM-dd'T'HH:mmXXX" }}">{{ latest.date | date: "yyyy-MM-dd (EEE) HH:mm" }}</time>{% else %}{{ latest.title }}{% endif %}</a></h2>
      {%- if not latest.untitled or latest.extra.weather or latest.draft %}
      <p class="meta entry-when">
        {%- if not latest.untitled %}
        <a href="{{ latest.day_url }}"><time datetime="{{ latest.date | date: "yyyy-MM-dd'T'HH:mmXXX" }}">{{ latest.date | date: "yyyy-MM-dd (EEE) HH:mm" }}</time></a>
        {%- endif %}
        {%- if latest.extra.weather %} <span class="weather">{% if not latest.untitled %}· {% endif %}{{ site.strings.weather }}: {{ latest.extra.weather }}</span>{% endif %}
        {%- if latest.draft %} <span class="draft-flag">{{ site.strings.draft }}</span>{% endif %}
      </p>
      {%- endif %}
      {%- if latest.emotions %}
      <ul class="badges">
        {%- for emotion in latest.emotions %}
        <li>{% include "partials/emotion-badge.html" %}</li>
        {%- endfor %}
      </ul>
      {%- endif %}
      {%- if latest.tags %}
      <ul class="tags">
        {%- for tag in latest.tags %}
        <li>{% include "partials/tag-link.html" %}</li>
        {%- endfor %}
      </ul>
      {%- endif %}
    </header>
    <div class="prose">
{{ latest.body | raw }}
    </div>
    {%- if latest.images %}
    <div class="photo-grid">
      {%- for image in latest.images %}
      {% include "partials/figure.html" %}
      {%- endfor %}
    </div>
    {%- endif %}
    <p class="read-more"><a href="{{ latest.url }}">{{ site.strings.open_entry }} <span aria-hidden="true">→</span></a></p>
  </article>
</div>
{%- else %}
<section class="empty-state">
  <p class="big-emoji" aria-hidden="true">📔</p>
  <h2>{{ site.strings.empty_diary_title }}</h2>
  <p>{{ site.strings.empty_diary_text }} <code>daybook new "My first day"</code></p>
</section>
{%- endif %}

{#- On this day: assets/on-this-day.js picks the file of the reader's today (the section stays
    hidden without JavaScript, or when earlier years wrote nothing on this day). -#}
<section class="on-this-day" aria-labelledby="on-this-day-title" data-on-this-day data-days="{{ on_this_day.days }}"
         data-files="{{ on_this_day.files_url }}" data-years-ago="{{ site.strings.years_ago }}" hidden>
  <h2 class="section-title" id="on-this-day-title">{{ site.strings.on_this_day }}</h2>
  <div class="cards" data-on-this-day-cards></div>
  <template data-on-this-day-card>
    <article class="card">
      <div class="card-text">
        <h3 class="card-title"><a data-slot="title"></a></h3>
        <p class="meta"><span data-slot="when"></span> · <span data-slot="ago"></span></p>
        <ul class="badges"><li><a class="emotion" data-slot="emotion"><span class="emoji" aria-hidden="true" data-slot="emoji"></span> <span class="emotion-label" data-slot="label"></span></a></li></ul>
        <p class="excerpt" data-slot="excerpt"></p>
      </div>
    </article>
  </template>
</section>

{%- if recent_days %}
<section class="recent" aria-labelledby="recent-title">
  <h2 class="section-title" id="recent-title">{{ site.strings.recent_days }}</h2>
  {%- for day in recent_days %}
  {% include "partials/day-section.html" %}
  {%- endfor %}
  <p class="read-more"><a href="{{ site.urls.archive }}">{{ site.strings.all_days_in_archive }} <span aria-hidden="true">→</span></a></p>
</section>
{%- endif %}
{% endblock %}
"""# + "\n",
        "layout.html": ##"""
<!DOCTYPE html>
<html lang="{{ site.lang }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' blob: data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'">
<title>{% block title %}{% if page.kind == "home" %}{{ site.title }}{% else %}{{ page.title }} · {{ site.title }}{% endif %}{% endblock %}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="{{ site.css_url }}">
<link rel="manifest" href="{{ site.manifest_url }}">
<link rel="apple-touch-icon" href="{{ site.base_url }}icons/icon-192.png">
{%- if site.offline %}
<script src="{{ site.base_url }}assets/offline.js" defer></script>
{%- endif %}
{% block head %}{% endblock %}
</head>
<body class="kind-{{ page.kind }}">
<a class="skip-link" href="#main">{{ site.strings.skip_to_content }}</a>
<header class="site-header">
  <div class="wrap header-inner">
    <a class="site-title" href="{{ site.urls.home }}">{{ site.title }}</a>
    <nav class="site-nav" aria-label="{{ site.strings.site_navigation }}">
      <ul>
        <li><a href="{{ site.urls.home }}"{% if page.kind == "home" %} aria-current="page"{% endif %}>{{ site.strings.home }}</a></li>
        <li><a href="{{ site.urls.archive }}"{% if page.kind == "archive" %} aria-current="page"{% endif %}>{{ site.strings.archive }}</a></li>
        <li><a href="{{ site.urls.emotions }}"{% if page.kind == "emotions" %} aria-current="page"{% endif %}>{{ site.strings.emotions }}</a></li>
        <li><a href="{{ site.urls.tags }}"{% if page.kind == "tags" %} aria-current="page"{% endif %}>{{ site.strings.tags }}</a></li>
        <li><a href="{{ site.urls.gallery }}"{% if page.kind == "gallery" %} aria-current="page"{% endif %}>{{ site.strings.gallery }}</a></li>
        <li><a href="{{ site.urls.stats }}"{% if page.kind == "stats" %} aria-current="page"{% endif %}>{{ site.strings.stats }}</a></li>
        <li><a href="{{ site.urls.search }}"{% if page.kind == "search" %} aria-current="page"{% endif %}>{{ site.strings.search }}</a></li>
      </ul>
    </nav>
    {%- if site.offline %}
    {% include "partials/offline.html" %}
    {%- endif %}
  </div>
</header>
<main id="main" class="wrap" tabindex="-1">
{% block main %}{% endblock %}
</main>
<footer class="site-footer">
  <div class="wrap">
    {%- if site.years %}
    <nav aria-label="{{ site.strings.years }}">
      <ul class="inline-list">
        {%- for y in site.years %}
        <li><a href="{{ y.url }}">{{ y.year }}</a></li>
        {%- endfor %}
      </ul>
    </nav>
    {%- endif %}
    <p class="muted">{{ site.title }} · {{ site.strings.private_diary }}</p>
  </div>
</footer>
</body>
</html>
"""## + "\n",
        "month.html": #"""
{% extends "layout.html" %}

{% block main %}
<header class="page-header">
  <p class="breadcrumbs"><a href="{{ month.year_url }}">{{ month.date | date: "yyyy" }}</a></p>
  <h1><time datetime="{{ month.date | date: "yyyy-MM" }}">{{ page.title }}</time></h1>
  <p class="muted">{{ month.count | pluralize: site.strings.entry_count }} · {{ month.days | length | pluralize: site.strings.day_count }}</p>
</header>
{%- for day in month.days %}
{% include "partials/day-section.html" %}
{%- else %}
<p class="empty">{{ site.strings.no_entries_this_month }}</p>
{%- endfor %}
<nav class="entry-nav" aria-label="{{ site.strings.up }}">
  <ul><li class="nav-day"><a href="{{ month.year_url }}"><span class="nav-dir">{{ site.strings.whole_year }}</span> <span class="nav-title">{{ month.date | date: "yyyy" }}</span></a></li></ul>
</nav>
{% endblock %}
"""# + "\n",
        "on-this-day.json": #"""
{#- One calendar day in every year (on-this-day/MM-DD.json), for assets/on-this-day.js: the
    emotions its entries have, then the entries, newest first, as the home page's cards show them. -#}
{"emotions":{
{%- for emotion in emotions %}
{{ emotion.id | json }}:{"label":{{ emotion.label | json }},"emoji":{{ emotion.emoji | json }},"color":{{ emotion.color | json }},"url":{{ emotion.url | json }}}{% if not loop.last %},{% endif %}
{%- endfor %}},
"entries":[
{%- for e in entries %}
{"when":{{ e.date | date: "yyyy-MM-dd (EEE) HH:mm" | json }},"datetime":{{ e.date | date: "yyyy-MM-dd'T'HH:mmXXX" | json }},"title":{{ e.title | json }},"untitled":{% if e.untitled %}true{% else %}false{% endif %},"url":{{ e.url | json }},"excerpt":{{ e.excerpt | truncate: 100 | json }},"emotion":{{ e.emotion.id | json }}}{% if not loop.last %},{% endif %}
{%- endfor %}
]}
"""# + "\n",
        "partials/card-heading.html": #"""
{#- The heading level of an entry card's title: h2 on emotion and tag pages, h4 inside the home page's days, h3 elsewhere. -#}
{%- if page.kind == "emotion" or page.kind == "tag" -%}h2{%- elif page.kind == "home" and day -%}h4{%- else -%}h3{%- endif -%}
"""# + "\n",
        "partials/chart.html": #"""
{#- A column chart as a figure: inline SVG named by its caption, then the same numbers as a table
    (in a disclosure, so the page stays short). Needs `chart` (Templates/README.md: chart). -#}
<figure class="chart-figure">
  <figcaption class="chart-caption" id="{{ chart.id }}-caption">{{ chart.caption }}</figcaption>
  <svg class="chart" viewBox="0 0 {{ chart.width }} {{ chart.height }}" role="img" aria-labelledby="{{ chart.id }}-caption">
    {%- for line in chart.grid %}
    <line class="chart-grid" x1="{{ chart.plot_left }}" x2="{{ chart.width }}" y1="{{ line.y }}" y2="{{ line.y }}"/>
    <text class="chart-tick" x="{{ chart.tick_x }}" y="{{ line.y }}" dy="3.5" text-anchor="end">{{ line.label }}</text>
    {%- endfor %}
    {%- for bar in chart.bars %}
    <g>
      <title>{{ bar.name }}: {{ bar.total | pluralize: chart.unit }}{% for e in bar.emotions %} · {{ e.emotion.label }} {{ e.count }}{% endfor %}</title>
      {%- for s in bar.segments %}
      <rect x="{{ bar.x }}" y="{{ s.y }}" width="{{ bar.width }}" height="{{ s.height }}"{% if s.color %} fill="{{ s.color }}"{% else %} class="chart-bar"{% endif %}/>
      {%- endfor %}
      {%- if bar.label %}
      <text class="chart-label" x="{{ bar.label_x }}" y="{{ chart.label_y }}" text-anchor="middle">{{ bar.label }}</text>
      {%- endif %}
    </g>
    {%- endfor %}
  </svg>
  <details class="chart-data">
    <summary>{{ site.strings.show_numbers }}</summary>
    <table>
      <thead><tr><th scope="col">{{ chart.name_header }}</th><th scope="col" class="number">{{ chart.count_header }}</th>{% if chart.stacked %}<th scope="col">{{ site.strings.emotions }}</th>{% endif %}</tr></thead>
      <tbody>
        {%- for bar in chart.bars %}
        <tr><th scope="row">{% if bar.url %}<a href="{{ bar.url }}">{{ bar.name }}</a>{% else %}{{ bar.name }}{% endif %}</th><td class="number">{{ bar.total }}</td>{% if chart.stacked %}<td>{% for e in bar.emotions %}{% if not loop.first %}, {% endif %}<span class="emoji" aria-hidden="true">{{ e.emotion.emoji }}</span> {{ e.emotion.label }} {{ e.count }}{% endfor %}</td>{% endif %}</tr>
        {%- endfor %}
      </tbody>
    </table>
  </details>
</figure>
"""# + "\n",
        "partials/day-nav.html": #"""
{#- Links to the neighbouring days, the month and the year of `day`. -#}
<nav class="entry-nav" aria-label="{{ site.strings.neighbouring_days }}">
  <ul>
    <li class="nav-prev">
      {%- if day.previous %}
      <a href="{{ day.previous.url }}" rel="prev"><span class="nav-dir"><span aria-hidden="true">←</span> {{ site.strings.previous_day }}</span> <span class="nav-title"><time datetime="{{ day.previous.date | date: "yyyy-MM-dd" }}">{{ day.previous.date | date: "yyyy-MM-dd (EEE)" }}</time></span></a>
      {%- endif %}
    </li>
    <li class="nav-day"><a href="{{ day.month_url }}"><span class="nav-dir">{{ site.strings.whole_month }}</span> <span class="nav-title"><time datetime="{{ day.date | date: "yyyy-MM" }}">{{ day.date | date: "yyyy-MM" }}</time></span></a></li>
    <li class="nav-next">
      {%- if day.next %}
      <a href="{{ day.next.url }}" rel="next"><span class="nav-dir">{{ site.strings.next_day }} <span aria-hidden="true">→</span></span> <span class="nav-title"><time datetime="{{ day.next.date | date: "yyyy-MM-dd" }}">{{ day.next.date | date: "yyyy-MM-dd (EEE)" }}</time></span></a>
      {%- endif %}
    </li>
  </ul>
</nav>
"""# + "\n",
        "partials/day-section.html": #"""
{#- A day in a list (month, archive, home) with its entry cards. Needs `day`; its heading is h2, or h3 on the home page. -#}
<section class="day" aria-labelledby="day-{{ day.date | date: "yyyy-MM-dd" }}" style="--emotion: {{ day.main_emotion.color | default: "currentColor" }}">
  {%- if page.kind == "home" %}
  <h3 class="day-title" id="day-{{ day.date | date: "yyyy-MM-dd" }}">
  {%- else %}
  <h2 class="day-title" id="day-{{ day.date | date: "yyyy-MM-dd" }}">
  {%- endif %}
    <a href="{{ day.url }}"><span class="day-dot" aria-hidden="true"></span><time datetime="{{ day.date | date: "yyyy-MM-dd" }}">{{ day.date | date: "yyyy-MM-dd (EEE)" }}</time></a>
  {%- if page.kind == "home" %}</h3>{% else %}</h2>{% endif %}
  <div class="cards">
    {%- for card in day.entries %}
    {% include "partials/entry-card.html" %}
    {%- endfor %}
  </div>
</section>
"""# + "\n",
        "partials/emotion-badge.html": #"""
{#- One emotion as a coloured badge. Needs `emotion`. -#}
{%- if emotion -%}
<a class="emotion" href="{{ emotion.url }}" style="--emotion: {{ emotion.color }}"><span class="emoji" aria-hidden="true">{{ emotion.emoji }}</span> <span class="emotion-label">{{ emotion.label }}</span></a>
{%- endif -%}
"""# + "\n",
        "partials/entry-card.html": #"""
{#- An entry card in a list. Needs `card`; inside a day (`day` in scope) only the time is shown.
    An entry without a title is titled by its date, so the date is not shown again below it. -#}
<article class="card{% if card.cover %} has-cover{% endif %}{% if card.draft %} is-draft{% endif %}" style="--emotion: {{ card.emotion.color | default: "currentColor" }}">
  <div class="card-text">
    <{% include "partials/card-heading.html" %} class="card-title"><a href="{{ card.url }}">
      {%- if card.untitled %}<time datetime="{{ card.date | date: "yyyy-MM-dd'T'HH:mmXXX" }}">{% if day %}{{ card.date | date: "HH:mm" }}{% else %}{{ card.date | date: "yyyy-MM-dd (EEE) HH:mm" }}{% endif %}</time>{% else %}{{ card.title }}{% endif -%}
    </a></{% include "partials/card-heading.html" %}>
    {%- if not card.untitled or card.draft %}
    <p class="meta">
      {%- if card.untitled %}
      {%- elif day %}
      <time datetime="{{ card.date | date: "yyyy-MM-dd'T'HH:mmXXX" }}">{{ card.date | date: "HH:mm" }}</time>
      {%- else %}
      <a href="{{ card.day_url }}"><time datetime="{{ card.date | date: "yyyy-MM-dd'T'HH:mmXXX" }}">{{ card.date | date: "yyyy-MM-dd (EEE) HH:mm" }}</time></a>
      {%- endif %}
      {%- if card.draft %} <span class="draft-flag">{{ site.strings.draft }}</span>{% endif %}
    </p>
    {%- endif %}
    {%- if card.emotions %}
    <ul class="badges">
      {%- for emotion in card.emotions %}
      <li>{% include "partials/emotion-badge.html" %}</li>
      {%- endfor %}
    </ul>
    {%- endif %}
    {%- if card.excerpt %}
    <p class="excerpt">{{ card.excerpt }}</p>
    {%- endif %}
    {%- if card.tags %}
    <ul class="tags">
      {%- for tag in card.tags %}
      <li>{% include "partials/tag-link.html" %}</li>
      {%- endfor %}
    </ul>
    {%- endif %}
  </div>
  {%- if card.cover %}
  <a class="card-cover" href="{{ card.url }}" tabindex="-1" aria-hidden="true"><img src="{{ card.cover.thumbnail.url }}" srcset="{{ card.cover.srcset }}" sizes="5.5rem" alt="" width="{{ card.cover.thumbnail.width }}" height="{{ card.cover.thumbnail.height }}" loading="lazy"></a>
  {%- endif %}
</article>
"""# + "\n",
        "partials/entry-full.html": #"""
{#- A full entry: on the entry page (h1, image anchors, neighbours) and on a day page (h2, anchored by its id). Needs `entry`. -#}
<article class="entry{% if entry.draft %} is-draft{% endif %}"{% if page.kind != "entry" %} id="{{ entry.id }}"{% endif %} style="--emotion: {{ entry.emotion.color | default: "currentColor" }}">
  <header class="entry-header">
    {%- if page.kind == "entry" %}
    <h1 class="entry-title">{% include "partials/entry-title.html" %}</h1>
    {%- else %}
    <h2 class="entry-title"><a href="{{ entry.url }}">{% include "partials/entry-title.html" %}</a></h2>
    {%- endif %}
    {% include "partials/entry-meta.html" %}
  </header>
  <div class="prose">
{{ entry.body | raw }}
  </div>
  {%- if entry.figures %}
  <div class="photos">
    {%- if page.kind == "entry" %}
    <h2 class="section-title">{{ site.strings.photos }}</h2>
    {%- endif %}
    <div class="photo-grid">
      {%- for image in entry.figures %}
      {% include "partials/figure.html" %}
      {%- endfor %}
    </div>
  </div>
  {%- endif %}
</article>
"""# + "\n",
        "partials/entry-meta.html": #"""
{#- The date, emotions, weather and tags of a full entry. Needs `entry`. An entry without a title
    shows its date as its title (entry-title.html), so not here again. -#}
{%- if not entry.untitled or entry.extra.weather or entry.draft -%}
<p class="meta entry-when">
  {%- if not entry.untitled %}
  <a href="{{ entry.day_url }}"><time datetime="{{ entry.date | date: "yyyy-MM-dd'T'HH:mmXXX" }}">{{ entry.date | date: "yyyy-MM-dd (EEE) HH:mm" }}</time></a>
  {%- endif %}
  {%- if entry.extra.weather %} <span class="weather">{% if not entry.untitled %}· {% endif %}{{ site.strings.weather }}: {{ entry.extra.weather }}</span>{% endif %}
  {%- if entry.draft %} <span class="draft-flag">{{ site.strings.draft }}</span>{% endif %}
</p>
{%- endif %}
{%- if entry.emotions %}
<ul class="badges">
  {%- for emotion in entry.emotions %}
  <li>{% include "partials/emotion-badge.html" %}</li>
  {%- endfor %}
</ul>
{%- endif %}
{%- if entry.tags %}
<ul class="tags">
  {%- for tag in entry.tags %}
  <li>{% include "partials/tag-link.html" %}</li>
  {%- endfor %}
</ul>
{%- endif %}
"""# + "\n",
        "partials/entry-title.html": #"""
{#- A full entry's title; an entry without one is titled by its date (only the time on a day page). Needs `entry`. -#}
{%- if entry.untitled -%}
<time datetime="{{ entry.date | date: "yyyy-MM-dd'T'HH:mmXXX" }}">{% if page.kind == "day" %}{{ entry.date | date: "HH:mm" }}{% else %}{{ entry.date | date: "yyyy-MM-dd (EEE) HH:mm" }}{% endif %}</time>
{%- else -%}
{{ entry.title }}
{%- endif -%}
"""# + "\n",
        "partials/figure.html": #"""
{#- One image as a figure: a thumbnail linking to the display version. Needs `image`; on the entry page the figure carries the image's anchor.
    `sizes` is the photo grid's cell: one column below 31rem, two of the 42rem column (less its 1rem gap) above. -#}
<figure class="photo"{% if page.kind == "entry" %} id="{{ image.anchor }}"{% endif %}>
  <a href="{{ image.url }}"{% if not image.alt %} aria-label="{% if image.caption %}{{ image.caption }}{% else %}{{ image.number | pluralize: site.strings.photo_number }}{% endif %}"{% endif %}><img src="{{ image.thumbnail.url }}" srcset="{{ image.srcset }}" sizes="(max-width: 31rem) calc(100vw - 2rem), (max-width: 44rem) calc(50vw - 1.5rem), 20.5rem" alt="{{ image.alt }}" width="{{ image.thumbnail.width }}" height="{{ image.thumbnail.height }}" loading="lazy"></a>
  {%- if image.caption %}
  <figcaption>{{ image.caption }}</figcaption>
  {%- endif %}
</figure>
"""# + "\n",
        "partials/offline.html": #"""
{#- The "Keep offline" control (SPEC §13), in the site's header beside its navigation, where a
    reader on a phone sees it without scrolling; hidden until assets/offline.js finds the site's service
    worker running. The script fills it in when it is opened, with the words of data-words
    (assets/offline-words.json: site.strings' offline_… texts), so pages do not each carry them. #}<details id="daybook-offline" class="offline" hidden data-base="{{ site.base_url }}" data-lang="{{ site.lang }}" data-words="{{ site.base_url }}assets/offline-words.json"><summary>{{ site.strings.keep_offline }}</summary></details>
"""#,
        "partials/pagination.html": #"""
{#- Page links for a paginated list (newest first). Needs `pagination`. Long lists show the first,
    previous, current, next and last pages with gaps between them. -#}
{%- if pagination.count > 1 %}
<nav class="pagination" aria-label="{{ site.strings.pages }}">
  {%- if pagination.previous_url %}
  <a class="page-step" href="{{ pagination.previous_url }}" rel="prev"><span aria-hidden="true">←</span> {{ site.strings.newer }}</a>
  {%- else %}
  <span class="page-step is-disabled"><span aria-hidden="true">←</span> {{ site.strings.newer }}</span>
  {%- endif %}
  <ol class="page-numbers">
    {%- for p in pagination.pages %}
    {%- if pagination.count <= 7 or loop.first or loop.last or p.current or p.url == pagination.previous_url or p.url == pagination.next_url %}
    {%- if pagination.count > 7 and p.url == pagination.previous_url and p.number > 2 %}
    <li class="gap" aria-hidden="true">…</li>
    {%- endif %}
    <li>{% if p.current %}<a href="{{ p.url }}" aria-current="page">{{ p.number }}</a>{% else %}<a href="{{ p.url }}">{{ p.number }}</a>{% endif %}</li>
    {%- if pagination.count > 7 and p.url == pagination.next_url %}
    {%- for after in pagination.pages %}
    {%- if loop.index0 == p.number and after.number < pagination.count %}
    <li class="gap" aria-hidden="true">…</li>
    {%- endif %}
    {%- endfor %}
    {%- endif %}
    {%- endif %}
    {%- endfor %}
  </ol>
  {%- if pagination.next_url %}
  <a class="page-step" href="{{ pagination.next_url }}" rel="next">{{ site.strings.older }} <span aria-hidden="true">→</span></a>
  {%- else %}
  <span class="page-step is-disabled">{{ site.strings.older }} <span aria-hidden="true">→</span></span>
  {%- endif %}
</nav>
{%- endif %}
"""# + "\n",
        "partials/tag-link.html": #"""
{#- One tag as a link. Needs `tag`. -#}
{%- if tag -%}
<a class="tag" href="{{ tag.url }}"><span aria-hidden="true">#</span>{{ tag.name }}</a>
{%- endif -%}
"""# + "\n",
        "partials/tag-mood.html": #"""
{#- One tag of the statistics page with the emotions of its entries, as a bar and in words. Needs `t`
    (Templates/README.md: stats.tags). -#}
<li>
  <p class="tag-mood-name"><a class="tag" href="{{ t.tag.url }}"><span aria-hidden="true">#</span>{{ t.tag.name }}</a> <span class="muted">{{ t.count | pluralize: site.strings.entry_count }}</span></p>
  <svg class="tag-mood-bar" viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true">
    {%- for e in t.emotions %}
    <rect x="{{ e.x }}" y="0" width="{{ e.width }}" height="4" fill="{{ e.emotion.color }}"/>
    {%- endfor %}
  </svg>
  <p class="tag-mood-text">{% for e in t.emotions %}<span class="emotion-count"><span class="emoji" aria-hidden="true">{{ e.emotion.emoji }}</span> {{ e.emotion.label }} {{ e.count }}{% if not loop.last %} ·{% endif %}</span> {% endfor %}</p>
</li>
"""#,
        "search.html": #"""
{% extends "layout.html" %}

{#- The search page (/search/). search.js reads the index under <base_url>search/ and fills in
    the results; every string from the index goes in as text. Its status lines are the site's
    words, given to it as data attributes ({n} a count, {q} the query, {error} what failed).
    The facets block (data-search-facets) is filled with the results' counts by emotion, tag and
    year, each group in its list, a group without any hidden; clicking one adds its filter.
    Needs only `site` and `page`. -#}

{% block head %}
<script src="{{ site.base_url }}assets/search.js" defer></script>
<style>
.search-form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0 0 1rem; }
.search-form label { flex-basis: 100%; font-weight: 600; }
.search-form label.search-sort { flex-basis: auto; font-weight: normal; }
.search-form select { font: inherit; margin-left: 0.35rem; padding: 0.3rem 0.5rem; border: 1px solid var(--border, #ccc); border-radius: 8px; background: var(--surface, #fff); color: inherit; }
.search-form input { flex: 1 1 10rem; min-width: 0; font: inherit; padding: 0.45rem 0.75rem; border: 1px solid var(--border, #ccc); border-radius: 8px; background: var(--surface, #fff); color: inherit; }
.search-form button, .search-more { font: inherit; padding: 0.45rem 1rem; border: 1px solid var(--border, #ccc); border-radius: 8px; background: var(--surface, #fff); color: inherit; cursor: pointer; }
ol.search-results { list-style: none; margin: 0 0 1rem; padding: 0; }
.search-result .excerpt { -webkit-line-clamp: 4; }
.search-result mark { border-radius: 3px; padding: 0 0.1em; }
.search-facets { display: grid; gap: 0.6rem; margin: 0 0 1.25rem; padding: 0.75rem 0.9rem; background: var(--surface, #fff); border: 1px solid var(--border, #ccc); border-radius: var(--radius, 12px); }
.search-facets[hidden], .facet-group[hidden] { display: none; }
.search-facets:focus { outline: none; }
.search-facets:focus-visible { outline: 2px solid var(--focus, #2f62d8); outline-offset: 2px; }
.facet-group { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.35rem 0.75rem; }
.facet-heading { flex: 0 0 6.5rem; margin: 0; font-size: 0.8rem; font-weight: 600; letter-spacing: 0.04em; text-transform: uppercase; color: var(--muted, #666); }
.facet-list { flex: 1 1 16rem; display: flex; flex-wrap: wrap; gap: 0.4rem; list-style: none; margin: 0; padding: 0; }
.facet { display: inline-flex; align-items: baseline; gap: 0.4rem; font: inherit; font-size: 0.9rem; line-height: 1.6; padding: 0.05rem 0.65rem; border: 1px solid var(--border, #ccc); border-radius: 999px; background: var(--surface, #fff); color: var(--text, inherit); cursor: pointer; }
.facet:hover { border-color: var(--muted, #666); }
.facet-tag { border-radius: 6px; }
.facet-count { font-size: 0.85em; color: var(--muted, #666); font-variant-numeric: tabular-nums; }
@media (max-width: 30rem) { .facet-heading { flex-basis: 100%; } }
</style>
{% endblock %}

{% block main %}
<div class="search" data-search data-base-url="{{ site.base_url }}" data-lang="{{ site.lang }}"
     data-searching="{{ site.strings.searching }}" data-matches="{{ site.strings.search_matches }}"
     data-no-matches="{{ site.strings.search_no_matches }}" data-failed="{{ site.strings.search_failed }}">
  <header class="page-header">
    <h1>{{ page.title }}</h1>
  </header>
  <form class="search-form" role="search" action="{{ site.urls.search }}" method="get">
    <label for="search-input">{{ site.strings.search_label }}</label>
    <input id="search-input" type="search" name="q" autocomplete="off" spellcheck="false" placeholder="산책, walk, happy…">
    <button type="submit">{{ site.strings.search }}</button>
    <label class="search-sort" for="search-sort">{{ site.strings.search_sort }}
      <select id="search-sort" name="sort" data-search-sort>
        <option value="rank">{{ site.strings.search_sort_rank }}</option>
        <option value="date">{{ site.strings.search_sort_date }}</option>
      </select>
    </label>
  </form>
  <noscript>
    <p class="empty">{{ site.strings.search_needs_javascript }} <a href="{{ site.urls.archive }}">{{ site.strings.browse_archive }}</a></p>
  </noscript>
  <p class="search-status muted" role="status" aria-live="polite" data-search-status></p>
  <nav class="search-facets" aria-label="{{ site.strings.search_facets }}" tabindex="-1" data-search-facets hidden>
    <div class="facet-group" data-facet-group="emotion" hidden>
      <h2 class="facet-heading" id="facets-emotion">{{ site.strings.search_by_emotion }}</h2>
      <ul class="facet-list" aria-labelledby="facets-emotion"></ul>
    </div>
    <div class="facet-group" data-facet-group="tag" hidden>
      <h2 class="facet-heading" id="facets-tag">{{ site.strings.search_by_tag }}</h2>
      <ul class="facet-list" aria-labelledby="facets-tag"></ul>
    </div>
    <div class="facet-group" data-facet-group="year" hidden>
      <h2 class="facet-heading" id="facets-year">{{ site.strings.search_by_year }}</h2>
      <ul class="facet-list" aria-labelledby="facets-year"></ul>
    </div>
  </nav>
  <ol class="search-results cards" data-search-results></ol>
  <p><button type="button" class="search-more" data-search-more hidden>{{ site.strings.show_more }}</button></p>
</div>
{% endblock %}
"""# + "\n",
        "stats.html": #"""
{% extends "layout.html" %}

{#- The statistics page (/stats/). Every chart is drawn by partials/chart.html, with its numbers
    as a table. -#}
{% block main %}
<header class="page-header">
  <h1>{{ page.title }}</h1>
  {%- if stats.entry_count %}
  <p class="muted">{{ stats.entry_count | pluralize: site.strings.entry_count }} · {{ stats.day_count | pluralize: site.strings.day_count }} · {{ stats.word_count | pluralize: site.strings.word_count }}</p>
  {%- endif %}
</header>
{%- if stats.entry_count == 0 %}
<p class="empty">{{ site.strings.no_stats }}</p>
{%- else %}
<ul class="badges legend">
  {%- for e in stats.emotions %}
  <li><a class="emotion" href="{{ e.emotion.url }}" style="--emotion: {{ e.emotion.color }}"><span class="emoji" aria-hidden="true">{{ e.emotion.emoji }}</span> <span class="emotion-label">{{ e.emotion.label }}</span> <span class="count">{{ e.count }}</span></a></li>
  {%- endfor %}
</ul>
<p class="muted note">{{ site.strings.stats_counting_note }}</p>

<section aria-labelledby="streaks-title">
  <h2 class="section-title" id="streaks-title">{{ site.strings.streaks }}</h2>
  <dl class="facts">
    <div>
      <dt>{{ site.strings.current_streak }}</dt>
      <dd><strong>{{ stats.current_streak.days | pluralize: site.strings.day_count }}</strong> · <a href="{{ stats.current_streak.start_url }}"><time datetime="{{ stats.current_streak.start | date: "yyyy-MM-dd" }}">{{ stats.current_streak.start | date: "yyyy-MM-dd" }}</time></a> – <a href="{{ stats.current_streak.end_url }}"><time datetime="{{ stats.current_streak.end | date: "yyyy-MM-dd" }}">{{ stats.current_streak.end | date: "yyyy-MM-dd" }}</time></a>
        <span class="fact-note">{{ site.strings.current_streak_note }}</span></dd>
    </div>
    <div>
      <dt>{{ site.strings.longest_streak }}</dt>
      <dd><strong>{{ stats.longest_streak.days | pluralize: site.strings.day_count }}</strong> · <a href="{{ stats.longest_streak.start_url }}"><time datetime="{{ stats.longest_streak.start | date: "yyyy-MM-dd" }}">{{ stats.longest_streak.start | date: "yyyy-MM-dd" }}</time></a> – <a href="{{ stats.longest_streak.end_url }}"><time datetime="{{ stats.longest_streak.end | date: "yyyy-MM-dd" }}">{{ stats.longest_streak.end | date: "yyyy-MM-dd" }}</time></a></dd>
    </div>
  </dl>
</section>

<section aria-labelledby="months-title">
  <h2 class="section-title" id="months-title">{{ site.strings.month_by_month }}</h2>
  {%- for y in stats.years %}
  <section class="stats-year" aria-labelledby="year-{{ y.year }}">
    <h3 class="subsection-title" id="year-{{ y.year }}"><a href="{{ y.url }}">{{ y.year }}</a> <span class="muted">{{ y.count | pluralize: site.strings.entry_count }} · {{ y.words | pluralize: site.strings.word_count }}</span></h3>
    <div class="chart-grid-2">
      {%- for chart in y.charts %}
      {% include "partials/chart.html" %}
      {%- endfor %}
    </div>
  </section>
  {%- endfor %}
</section>

{#- Side by side, as the months' charts are: every chart is drawn at one scale, so their labels are one size. #}
<div class="chart-grid-2 time-charts">
{%- for chart in stats.time_charts %}
<section class="time-chart" aria-labelledby="{{ chart.id }}-title">
  <h2 class="section-title" id="{{ chart.id }}-title">{{ chart.caption }}</h2>
  {% include "partials/chart.html" %}
</section>
{%- endfor %}
</div>

{%- if stats.tags %}
<section aria-labelledby="tags-title">
  <h2 class="section-title" id="tags-title">{{ site.strings.tags_and_emotions }}</h2>
  <ul class="tag-moods">
    {%- for t in stats.top_tags %}
    {% include "partials/tag-mood.html" %}
    {%- endfor %}
  </ul>
  {%- if stats.more_tags %}
  {#- The less used tags, folded: each takes a full-width bar. #}
  <details class="more-tags">
    <summary>{{ stats.more_tags | length | pluralize: site.strings.more_tags }}</summary>
    <ul class="tag-moods">
      {%- for t in stats.more_tags %}
      {% include "partials/tag-mood.html" %}
      {%- endfor %}
    </ul>
  </details>
  {%- endif %}
</section>
{%- endif %}
{%- endif %}
{% endblock %}
"""# + "\n",
        "tag.html": #"""
{% extends "layout.html" %}

{% block main %}
<header class="page-header">
  <p class="breadcrumbs"><a href="{{ site.urls.tags }}">{{ site.strings.tags }}</a></p>
  <h1><span aria-hidden="true">#</span>{{ tag.name }}{% if pagination.number > 1 %} <span class="muted">· {{ pagination.number }}</span>{% endif %}</h1>
  <p class="muted">{{ tag.count | pluralize: site.strings.entry_count }}</p>
</header>
<div class="cards">
  {%- for card in entries %}
  {% include "partials/entry-card.html" %}
  {%- else %}
  <p class="empty">{{ site.strings.no_entries_with_tag }}</p>
  {%- endfor %}
</div>
{% include "partials/pagination.html" %}
{% endblock %}
"""# + "\n",
        "tags.html": #"""
{% extends "layout.html" %}

{% block main %}
<header class="page-header">
  <h1>{{ page.title }}</h1>
</header>
<ul class="tag-cloud">
  {%- for tag in tags %}
  <li><a class="tag" href="{{ tag.url }}"><span aria-hidden="true">#</span>{{ tag.name }} <span class="count">{{ tag.count }}</span></a></li>
  {%- else %}
  <li class="empty">{{ site.strings.no_tags }}</li>
  {%- endfor %}
</ul>
{% endblock %}
"""# + "\n",
        "year.html": #"""
{% extends "layout.html" %}

{% block main %}
<header class="page-header">
  <h1><time datetime="{{ year.date | date: "yyyy" }}">{{ page.title }}</time></h1>
  <p class="muted">{{ year.count | pluralize: site.strings.entry_count }} · {{ year.review.days_written | pluralize: site.strings.day_count }}</p>
</header>

<section class="year-review" aria-labelledby="review-title">
  <h2 class="section-title" id="review-title">{{ site.strings.year_in_review }}</h2>
  <dl class="facts">
    <div><dt>{{ site.strings.busiest_day }}</dt><dd><a href="{{ year.review.busiest_day.url }}"><time datetime="{{ year.review.busiest_day.date | date: "yyyy-MM-dd" }}">{{ year.review.busiest_day.date | date: "yyyy-MM-dd (EEE)" }}</time></a> · {{ year.review.busiest_day.count | pluralize: site.strings.entry_count }}</dd></div>
    <div><dt>{{ site.strings.longest_streak }}</dt><dd>{{ year.review.longest_streak.days | pluralize: site.strings.day_count }} · <time datetime="{{ year.review.longest_streak.start | date: "yyyy-MM-dd" }}">{{ year.review.longest_streak.start | date: "MM-dd" }}</time>–<time datetime="{{ year.review.longest_streak.end | date: "yyyy-MM-dd" }}">{{ year.review.longest_streak.end | date: "MM-dd" }}</time></dd></div>
  </dl>
  <h3 class="subsection-title">{{ site.strings.main_emotion_by_month }}</h3>
  <ol class="review-months">
    {%- for m in year.review.months %}
    {%- if m.main_emotion %}
    <li style="--emotion: {{ m.main_emotion.color }}"><a href="{{ m.url }}"><span class="review-month"><time datetime="{{ m.date | date: "yyyy-MM" }}">{{ m.date | date: "MMM" }}</time></span> <span class="emoji" aria-hidden="true">{{ m.main_emotion.emoji }}</span> <span class="review-label">{{ m.main_emotion.label }}</span></a></li>
    {%- else %}
    <li class="is-empty"><span><span class="review-month"><time datetime="{{ m.date | date: "yyyy-MM" }}">{{ m.date | date: "MMM" }}</time></span> <span class="review-label">–</span></span></li>
    {%- endif %}
    {%- endfor %}
  </ol>
  <p class="read-more"><a href="{{ site.urls.stats }}">{{ site.strings.all_stats }} <span aria-hidden="true">→</span></a></p>
</section>

<section class="year-pixels" aria-labelledby="pixels-title">
  <h2 class="section-title" id="pixels-title">{{ site.strings.year_in_pixels }}</h2>
  {#- Months are rows on a wide screen and columns on a phone (style.css), from this one order:
      a header of day numbers, then each month's label and its 31 cells. -#}
  <div class="pixels-box">
    <div class="pixels" role="group" aria-label="{{ year.year }}: {{ site.strings.year_in_pixels_label }}">
      <span class="px-corner"></span>
      {%- for d in year.calendar.day_numbers %}
      <span class="px-day" aria-hidden="true">{{ d }}</span>
      {%- endfor %}
      {%- for m in year.calendar.months %}
      <span class="px-month" aria-hidden="true"><span class="px-month-long">{{ m.date | date: "MMM" }}</span><span class="px-month-short">{{ m.label }}</span></span>
      {%- for cell in m.cells %}
      {%- if cell.url %}
      <a class="px" href="{{ cell.url }}" style="--px: {{ cell.fill }}" title="{{ cell.label }}" aria-label="{{ cell.label }}"></a>
      {%- elif cell.date %}
      <span class="px" title="{{ cell.label }}"></span>
      {%- else %}
      <span class="px px-none"></span>
      {%- endif %}
      {%- endfor %}
      {%- endfor %}
    </div>
  </div>
  {%- if year.calendar.legend %}
  <ul class="badges legend">
    {%- for emotion in year.calendar.legend %}
    <li>{% include "partials/emotion-badge.html" %}</li>
    {%- endfor %}
  </ul>
  {%- endif %}
</section>

<section aria-labelledby="months-title">
  <h2 class="section-title" id="months-title">{{ site.strings.months }}</h2>
  <ul class="month-list">
    {%- for m in year.months %}
    <li><a href="{{ m.url }}"><time datetime="{{ m.date | date: "yyyy-MM" }}">{{ m.date | date: "MMMM" }}</time></a> <span class="muted">{{ m.count | pluralize: site.strings.entry_count }} · {{ m.day_count | pluralize: site.strings.day_count }}</span></li>
    {%- else %}
    <li class="empty">{{ site.strings.no_entries_this_year }}</li>
    {%- endfor %}
  </ul>
</section>
{% endblock %}
"""# + "\n",
    ]
}
