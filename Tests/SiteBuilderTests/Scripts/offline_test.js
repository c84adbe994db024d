// Unit tests of the pure parts of the offline worker (Sources/SiteBuilder/Browser/offline-worker.js)
// and of the page's script (Templates/assets/offline.js), run by Node: `node offline_test.js ROOT`.
// Prints one line per failure and exits 1 when any failed.
'use strict';
const assert = require('assert');
const path = require('path');
const root = path.resolve(process.argv[2] || '.');
const worker = require(path.join(root, 'Sources/SiteBuilder/Browser/offline-worker.js'));
const page = require(path.join(root, 'Templates/assets/offline.js'));

const S = 'http://127.0.0.1:8000/diary/';
const tests = {
  'a key is the file without its query, with its token'() {
    assert.strictEqual(worker.keyOf(S + 'search/?q=x#top', 'abc'), S + 'search/?daybook=abc');
    assert.deepStrictEqual(worker.entryOf(S + 'a/?daybook=v1'), { url: S + 'a/', token: 'v1', internal: false });
    assert.strictEqual(worker.entryOf(S + '__daybook/list?daybook=v9').internal, true);
    assert.strictEqual(worker.entryOf(S + 'a/').token, null);
  },
  'pages, JSON and no-cache requests go to the network first'() {
    const r = (url, mode, cache) => ({ url: S + url, mode: mode || 'cors', cache: cache || 'default' });
    assert.ok(worker.networkFirst(r('2025/', 'navigate')));
    assert.ok(worker.networkFirst(r('search/index.json')));
    assert.ok(worker.networkFirst(r('x/ab/cd.bin', 'cors', 'no-cache')));
    assert.ok(!worker.networkFirst(r('x/ab/cd.bin')));
    assert.ok(!worker.networkFirst(r('images/a_image_1.jpg')));
    assert.ok(!worker.networkFirst(r('assets/style.css')));
  },
  'without a list, pages opened under another build are fetched again'() {
    const keys = [S + '?daybook=vOLD', S + 'a/?daybook=vOLD', S + 'b/?daybook=vNEW', S + 'other'];
    const steps = worker.plan(keys, null, 'NEW', -1);
    assert.deepStrictEqual(steps.refetch.map(s => s.key), [S + '?daybook=vNEW', S + 'a/?daybook=vNEW']);
    assert.deepStrictEqual(steps.move, []);
    assert.deepStrictEqual(steps.fetch, []);
  },
  'with a list, unchanged files stay, changed and opened ones are fetched, the level fills in'() {
    const list = worker.listMap([[S + 'a/', 't1', 10, 0], [S + 'b/', 't2', 20, 0], [S + 'c.jpg', 't3', 30, 2], [S + 'd/', 't4', 5, 0]]);
    const keys = [S + 'a/?daybook=t1', S + 'b/?daybook=old', S + 'd/?daybook=vNEW', S + 'gone/?daybook=t0', S + 'unlock.js?daybook=vNEW'];
    const steps = worker.plan(keys, list, 'NEW', 0);
    assert.deepStrictEqual(steps.refetch, [{ url: S + 'b/', key: S + 'b/?daybook=t2', size: 20 }]);
    assert.deepStrictEqual(steps.move, [{ from: S + 'd/?daybook=vNEW', to: S + 'd/?daybook=t4' }]);
    assert.deepStrictEqual(steps.fetch, [], 'the picture is above the text level');
    const pictures = worker.plan(keys, list, 'NEW', 2);
    assert.deepStrictEqual(pictures.fetch.map(s => s.key), [S + 'c.jpg?daybook=t3']);
  },
  'a worker keeps only its own version'() {
    const list = worker.listMap([[S + 'a/', 't1', 10, 0]]);
    const keys = [S + 'a/?daybook=t1', S + 'a/?daybook=t0', S + 'b/?daybook=vOLD', S + 'c/?daybook=vNEW',
      S + '__daybook/list?daybook=OLD', S + '__daybook/list?daybook=NEW', S + '__daybook/level'];
    assert.deepStrictEqual(worker.strayKeys(keys, list, 'NEW'),
      [S + 'a/?daybook=t0', S + 'b/?daybook=vOLD', S + '__daybook/list?daybook=OLD']);
  },
  'a list is needed only when a level was kept or entries have tokens'() {
    assert.strictEqual(worker.needsList([S + 'a/?daybook=vOLD'], 'NEW', -1, false), false);
    assert.strictEqual(worker.needsList([S + 'a/?daybook=t1'], 'NEW', -1, false), true);
    assert.strictEqual(worker.needsList([], 'NEW', 0, false), true);
    assert.strictEqual(worker.needsList([S + 'a/?daybook=t1'], 'NEW', 0, true), false);
  },
  'a shuffle keeps every file once and draws its order from the random source'() {
    const files = Array.from({ length: 50 }, (_, i) => [S + 'f' + i, 't', 1, 0]);
    let seed = 7;
    const seeded = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const once = worker.shuffled(files, seeded);
    assert.deepStrictEqual(once.map(f => f[0]).sort(), files.map(f => f[0]).sort());
    assert.notDeepStrictEqual(once, files, 'not the list\'s own order');
    assert.notDeepStrictEqual(worker.shuffled(files, seeded), once, 'a new order each time');
  },
  'a keep fetches in the kept list\'s order'() {
    const list = worker.listMap([[S + 'c/', 't3', 1, 0], [S + 'a/', 't1', 1, 0], [S + 'b/', 't2', 1, 0]]);
    const steps = worker.plan([S + 'b/?daybook=old'], list, 'NEW', 0);
    const items = worker.inListOrder(steps.refetch.concat(steps.fetch), list);
    assert.deepStrictEqual(items.map(s => s.url), [S + 'c/', S + 'a/', S + 'b/'], 'a changed file among the new ones, in list order');
    assert.deepStrictEqual(worker.inListOrder([{ url: S + 'x/' }, { url: S + 'a/' }], list).map(s => s.url), [S + 'a/', S + 'x/']);
    assert.deepStrictEqual(worker.inListOrder([{ url: S + 'b/' }], null).map(s => s.url), [S + 'b/'], 'without a list, as planned');
  },
  'sizes are written as storage is sold, in the page language'() {
    assert.strictEqual(page.formatBytes(0, 'en'), '0 B');
    assert.strictEqual(page.formatBytes(999, 'en'), '999 B');
    assert.strictEqual(page.formatBytes(1500, 'en'), '1.5 KB');
    assert.strictEqual(page.formatBytes(12345678, 'en'), '12 MB');
    assert.strictEqual(page.formatBytes(2.5e9, 'ko'), '2.5 GB');
  },
  'each level counts the levels below it'() {
    const totals = page.levelTotals([['a', 10, 0, 't'], ['b', 20, 1, 't'], ['c', 40, 2, 't'], ['d', 5, 0, 't']]);
    assert.deepStrictEqual(totals, [{ bytes: 15, files: 2 }, { bytes: 35, files: 3 }, { bytes: 75, files: 4 }]);
  },
  'texts are filled in and pages are read at their folder'() {
    assert.strictEqual(page.fill('{done} of {total}, {size}', { done: 1, total: 2, size: '3 KB' }), '1 of 2, 3 KB');
    assert.strictEqual(page.fill('{missing}', {}), '{missing}');
    assert.strictEqual(page.fileAddress('/diary/', 'index.html'), '/diary/');
    assert.strictEqual(page.fileAddress('/diary/', '2025/03/index.html'), '/diary/2025/03/');
    assert.strictEqual(page.fileAddress('/', 'search/index.json'), '/search/index.json');
  },
  'only the site\'s own files are handed to the worker'() {
    assert.deepStrictEqual(page.keepable([S + '#abc', S + 'sw.js', 'http://127.0.0.1:8000/other/', S + 'x/a.bin', S + 'x/a.bin',
      'blob:http://127.0.0.1:8000/123'], S), [S, S + 'x/a.bin']);
  },
  'iOS is told apart by its user agent'() {
    assert.ok(page.isIOS('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 5));
    assert.ok(page.isIOS('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5), 'an iPad asking for the desktop site');
    assert.ok(!page.isIOS('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0));
    assert.ok(!page.isIOS('Mozilla/5.0 (Linux; Android 14)', 5));
  },
};

let failed = 0;
for (const [name, test] of Object.entries(tests)) {
  try { test(); } catch (error) { failed++; console.log(`${name}: ${error.message}`); }
}
console.log(`${Object.keys(tests).length - failed} of ${Object.keys(tests).length} passed`);
process.exit(failed ? 1 : 0);
