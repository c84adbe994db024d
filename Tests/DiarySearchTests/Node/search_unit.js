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

const parsed = {};
for (const q of queries) parsed[q] = api.parseQuery(q);
const contributions = [];
for (const [tf, df, count] of [[64, 1, 10], [1024, 3, 1095], [5000, 500, 1095], [82570, 10950, 10950], [700, 7, 10950]]) {
  contributions.push(api.contribution(tf, df, count));
}
console.log(JSON.stringify({ failures, parsed, contributions }));
