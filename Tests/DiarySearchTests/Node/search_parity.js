// The search page's own engine (search.js's createEngine) run by Node over a built index on disk:
// `node search_parity.js PATH/TO/search.js SITE QUERIES.json` prints, for each query, the entry
// numbers it finds ranked and by date: {"query": {"rank": [...], "date": [...]}}.
'use strict';
const api = require(process.argv[2]);
const fs = require('fs');
const path = require('path');
const site = process.argv[3];
const queries = JSON.parse(fs.readFileSync(process.argv[4], 'utf8'));

(async () => {
  const engine = api.createEngine((file) => JSON.parse(fs.readFileSync(path.join(site, file), 'utf8')));
  const answers = {};
  for (const query of queries) {
    answers[query] = { rank: await engine.entryNumbers(query, 'rank'), date: await engine.entryNumbers(query, 'date') };
  }
  process.stdout.write(JSON.stringify(answers));
})().catch((error) => {
  process.stderr.write(String((error && error.stack) || error) + '\n');
  process.exit(1);
});
