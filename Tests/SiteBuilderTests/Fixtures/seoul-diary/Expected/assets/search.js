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
