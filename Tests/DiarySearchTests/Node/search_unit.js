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

const parsed = {};
for (const q of queries) parsed[q] = api.parseQuery(q);
const contributions = [];
for (const [tf, df, count] of [[64, 1, 10], [1024, 3, 1095], [5000, 500, 1095], [82570, 10950, 10950], [700, 7, 10950]]) {
  contributions.push(api.contribution(tf, df, count));
}
console.log(JSON.stringify({ failures, parsed, contributions }));
