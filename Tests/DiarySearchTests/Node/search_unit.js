// Unit tests of search.js's pure parts, run by Node: `node search_unit.js PATH/TO/search.js QUERIES.json`.
// Prints {"failures": [...], "parsed": {query: parseQuery(query)}, "dequantised": [...], "contributions": [...]}.
'use strict';
const api = require(process.argv[2]);
const queries = JSON.parse(require('fs').readFileSync(process.argv[3], 'utf8'));
const failures = [];
function equal(actual, expected, what) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) failures.push(`${what}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
}

equal(api.stemOf('가을은'), '가을', 'stem of 가을은');
equal(api.stemOf('이'), '이', '이 alone');
equal(api.stemOf('사이'), '사이', '사이');
equal(api.stemOf('고양이가'), '고양이', '고양이가');
equal(api.stemOf('2025년에'), '2025년에', 'a stem must end in two syllables');
equal(api.parseQuery('"비가 와서" 산책은 -coffee #Walk'),
  { words: ['비가', '와서', '산책'], phrases: ['비가 와서'], excluded: ['coffee'], filters: [{ kind: 'tag', value: 'walk' }] },
  'a query with a phrase, a particle, an exclusion and a tag');
equal(api.parseQuery('"walk'), { words: ['walk'], phrases: [], excluded: [], filters: [] }, 'an unclosed quote of one word');
equal(api.decodePostings('012 1a3'), [0, 2, 5], 'weights after a space are left out');
equal(api.contribution(0, 1, 10), 0, 'no frequency, no score');
if (!(api.contribution(4096, 5, 100) > api.contribution(1024, 5, 100))) failures.push('a higher frequency scores higher');
if (!(api.contribution(1024, 5, 100) > api.contribution(1024, 50, 100))) failures.push('a rarer word scores higher');
equal(api.phraseKey('비가', 'end'), '< 비가', 'a first word finds its tokens under its end');
equal(api.phraseKey('walked', 'start'), '> wa', 'a last word under its first two characters');
equal(api.phraseKey('줄', 'start'), '> 줄', 'a one-character last word');
equal(api.phraseKey('the', 'whole'), 'the', 'a word between is a whole token');
equal([0, 1, 2].map((i) => api.phraseRole(i, 3)), ['end', 'whole', 'start'], 'roles of a three-word phrase');
equal([api.fitsPhrase('큰비가', '비가', 'end'), api.fitsPhrase('비가와', '비가', 'end'), api.fitsPhrase('rainy', 'rain', 'start')],
  [true, false, true], 'tokens that fit');
equal(api.decodePositions('3x4 ~:1.0'), [{ entry: 3, item: '~:1' }, { entry: 40, item: '0' }], 'a token\'s entries and items');
equal(api.placesOf('021:1'), { body: [0, 3, 5], title: [1] }, 'places in the text and the title');
equal(api.placesOf(':0'), { body: [], title: [0] }, 'a token only in the title');

// Facets: counts of a result set against search/facets.json, checked against a count by hand.
const facetsJSON = {
  emotions: { calm: '0a1', happy: '~_3' },               // calm: 0, 11, 13; happy: 0-5, 6, 7 (bitmap)
  tags: { walk: ['Walk', '012'], 산책: ['산책', '7'] },  // walk: 0, 2, 5; 산책: 7
  years: { 2024: [0, 6], 2025: '67b' },                  // 2025 as a list: 6, 14, 26
};
const facets = api.readFacets(facetsJSON);
equal(facets.emotions, [{ id: 'calm', entries: [0, 11, 13] }, { id: 'happy', entries: [0, 1, 2, 3, 4, 5, 6, 7] }], 'facets read back');
equal(facets.years, [{ year: '2024', start: 0, end: 6 }, { year: '2025', entries: [6, 14, 26] }], 'a year as a range or as its list');
equal(api.countFacets(facets, [13, 5, 0, 2, 26, 7]), {
  emotions: [{ id: 'happy', count: 4 }, { id: 'calm', count: 2 }],
  tags: [{ slug: 'walk', label: 'Walk', count: 3 }, { slug: '산책', label: '산책', count: 1 }],
  years: [{ year: '2025', count: 1 }, { year: '2024', count: 3 }],
}, 'counts of a result set, most first, years newest first');
equal(api.countFacets(facets, [11, 40]), { emotions: [{ id: 'calm', count: 1 }], tags: [], years: [] },
  'facets with none of the results are left out; numbers past every list count nowhere');
equal(api.countFacets(facets, []), { emotions: [], tags: [], years: [] }, 'no results, no facets');
// A brute-force count over random result sets of a random diary.
let seed = 7;
const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const entries = Array.from({ length: 500 }, (_, n) => ({
  emotions: ['calm', 'happy', 'sad'].filter(() => random(3) === 0), tags: ['a', 'b', 'c', 'd'].filter(() => random(4) === 0),
  year: String(2020 + Math.floor(n / 120)),
}));
const listOf = (keep) => entries.map((e, n) => (keep(e) ? n : -1)).filter((n) => n >= 0);
const encode = (numbers) => { // the gaps form of PostingsCoding
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';
  let text = ''; let previous = -1;
  for (const n of numbers) {
    let gap = n - previous - 1; previous = n;
    const digits = [alphabet[gap & 31]];
    for (gap >>= 5; gap > 0; gap >>= 5) digits.unshift(alphabet[32 + (gap & 31)]);
    text += digits.join('');
  }
  return text;
};
const randomJSON = { emotions: {}, tags: {}, years: {} };
for (const id of ['calm', 'happy', 'sad']) { const l = listOf((e) => e.emotions.includes(id)); if (l.length) randomJSON.emotions[id] = encode(l); }
for (const tag of ['a', 'b', 'c', 'd']) randomJSON.tags[tag] = [tag.toUpperCase(), encode(listOf((e) => e.tags.includes(tag)))];
for (const year of new Set(entries.map((e) => e.year))) { const l = listOf((e) => e.year === year); randomJSON.years[year] = [l[0], l[l.length - 1] + 1]; }
const randomFacets = api.readFacets(randomJSON);
for (let round = 0; round < 50; round++) {
  const results = entries.map((_, n) => n).filter(() => random(5) === 0).sort(() => random(3) - 1);
  const counts = api.countFacets(randomFacets, results);
  const byHand = (kind, value, holds) => results.filter((n) => holds(entries[n])).length;
  for (const { id, count } of counts.emotions) equal(count, byHand('emotion', id, (e) => e.emotions.includes(id)), `round ${round}: emotion ${id}`);
  for (const { slug, count } of counts.tags) equal(count, byHand('tag', slug, (e) => e.tags.includes(slug)), `round ${round}: tag ${slug}`);
  for (const { year, count } of counts.years) equal(count, byHand('year', year, (e) => e.year === year), `round ${round}: year ${year}`);
  const shown = counts.emotions.length + counts.tags.length + counts.years.length;
  const present = ['calm', 'happy', 'sad'].filter((id) => results.some((n) => entries[n].emotions.includes(id))).length
    + ['a', 'b', 'c', 'd'].filter((t) => results.some((n) => entries[n].tags.includes(t))).length
    + new Set(results.map((n) => entries[n].year)).size;
  equal(shown, present, `round ${round}: every facet with results, and only those`);
}
equal(api.withFilter('coffee ', 'emotion:calm'), 'coffee emotion:calm', 'a filter is added after a space');
equal(api.withFilter('', '#walk'), '#walk', 'to an empty query');
equal(api.withFilter('coffee #walk', '#walk'), 'coffee #walk', 'not twice');
equal(api.withFilter('"walk in', '2025'), '"walk in" 2025', 'not inside an unclosed phrase');

const parsed = {};
for (const q of queries) parsed[q] = api.parseQuery(q);
const contributions = [];
for (const [tf, df, count] of [[64, 1, 10], [1024, 3, 1095], [5000, 500, 1095], [82570, 10950, 10950], [700, 7, 10950]]) {
  contributions.push(api.contribution(tf, df, count));
}
console.log(JSON.stringify({ failures, parsed, contributions }));
