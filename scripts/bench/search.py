"""The search index a build writes (`search/`): its files and bytes, and the bytes the search page fetches for a few
queries, by the site's own script run under Node, or else by an emulation of it in Python."""

import json
import os
import re
import shutil
import unicodedata

from figures import fmt_bytes
from folders import tree_size
from record import commands_used, shell_quote
from running import run_quiet
from settings import DAYBOOK, ENV, REPO, SIZES, WORK


def fold(text):
    text = re.sub("[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]", "", str(text))
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text).lower())
    text = "".join(ch for ch in text if not unicodedata.category(ch).startswith("M"))
    text = unicodedata.normalize("NFC", text).replace("\u03c2", "\u03c3")
    return re.sub("[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]", " ", text)


SEARCH_SPACE_RUN = re.compile("[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+")
SEARCH_PERIOD = re.compile(r"^[0-9]{4}(-(0[1-9]|1[0-2]))?$")


def normalize(text):
    return re.sub(" {2,}", " ", fold(text)).strip(" ")


def slug(text):
    """The diary's slug rule (twin of Slug.swift): letters and digits kept, any other run as one dash."""
    result, pending_dash = "", False
    for ch in unicodedata.normalize("NFC", str(text)).lower():
        if ch.isalpha() or unicodedata.category(ch) == "Nd":
            if pending_dash and result:
                result += "-"
            pending_dash = False
            result += ch
        else:
            pending_dash = True
    return result


def parse_query(query):
    """(words, filters) as search.js's parseQuery: `#tag`, `emotion:<name>`, a year or month, and words."""
    words, filters = [], []
    for term in SEARCH_SPACE_RUN.split(str(query)):
        filter_ = None
        if term.startswith("#") and len(term) > 1:
            filter_ = ("tag", slug(term[1:]))
        elif term.lower().startswith("emotion:") and len(term) > len("emotion:"):
            filter_ = ("emotion", term[len("emotion:"):])
        elif SEARCH_PERIOD.match(term):
            filter_ = ("period", term)
        if filter_:
            if filter_ not in filters:
                filters.append(filter_)
            continue
        for word in normalize(term).split(" "):
            if word and word not in words:
                words.append(word)
    return words, filters


SEARCH_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
SEARCH_DIGIT = {c: i for i, c in enumerate(SEARCH_ALPHABET)}


def postings(text):
    """The entry numbers of a coded list; the weights after a space, when it has them, are left out."""
    text = str(text).split(" ", 1)[0]
    result = []
    if text.startswith("~"):
        for i, ch in enumerate(text[1:]):
            bits = SEARCH_DIGIT[ch]
            result.extend(i * 6 + b for b in range(6) if bits & (1 << b))
        return result
    value, previous = 0, -1
    for ch in text:
        digit = SEARCH_DIGIT[ch]
        value = value * 32 + (digit & 31)
        if digit < 32:
            previous += value + 1
            result.append(previous)
            value = 0
    return result


def search_fetches(site, query, piece_length=32, piece_step=16, page_size=20):
    """The files `Templates/assets/search.js` fetches for `query` (first page of results): an
    emulation of its engine. It reads search/index.json (and search/initials.json when a word holds
    a Korean initial consonant), one shard or heavy-key file per filter and word part, from the
    key space of the part (`search/` or `search/initials/`), then the chunks of the shown entries."""
    longest = piece_length - piece_step + 1
    initials_prefix = "\ucd08 "
    fetched = []
    cache = {}

    def load(rel):
        if rel not in cache:
            with open(os.path.join(site, rel), "rb") as f:
                data = f.read()
            fetched.append((rel, len(data)))
            cache[rel] = json.loads(data)
        return cache[rel]

    def is_initial(c):
        return 0x1100 <= ord(c) <= 0x1112

    def is_syllable(c):
        return 0xAC00 <= ord(c) <= 0xD7A3

    def initial_of(c):
        return chr(0x1100 + (ord(c) - 0xAC00) // 588) if is_syllable(c) else c

    def matches_initials(part, token):
        """An initial matches itself and the syllables it starts; any other character only itself."""
        return any(all(w == c or (is_initial(w) and is_syllable(c) and initial_of(c) == w) for w, c in zip(part, token[start:]))
                   for start in range(len(token) - len(part) + 1))

    def parts(word):
        chars = list(word)
        if len(chars) <= longest:
            return [word]
        result, start = [], 0
        while True:
            end = min(len(chars), start + longest)
            result.append("".join(chars[end - longest:end]))
            if end == len(chars):
                return result
            start += longest - 1

    def heavy_keys(listed):
        """key -> (file, rank) of the heavy keys a manifest lists lightest first (twin of
        SearchIndexLayout.heavyKeys): numbers from the key's hash, given in UTF-8 order, the next
        free one to a key whose number is taken."""
        taken, files = set(), {}
        for key in sorted(set(listed or []), key=lambda k: k.encode("utf-8")):
            number = fnv(key) % 1_000_000
            while number in taken:
                number = (number + 1) % 1_000_000
            taken.add(number)
            files[key] = 1_000_000 + number
        heavy = {}
        for rank, key in enumerate(listed or []):
            heavy.setdefault(key, (files[key], rank))
        return heavy

    def pick(runs, heavy):
        """The first run that is not heavy, else the lightest heavy one (the first listed)."""
        best, best_rank = None, 0
        for key in runs:
            known = heavy.get(key)
            if not known:
                return key
            if best is None or known[1] < best_rank:
                best, best_rank = key, known[1]
        return best

    def key_of(part, heavy):
        if len(part) <= 2:
            return part
        return pick([part[i:i + 3] for i in range(len(part) - 2)], heavy)

    def initials_key_of(part, heavy):
        initials = "".join(initial_of(c) for c in part)
        if len(initials) <= 2:
            return initials_prefix + initials
        runs = [initials[i:i + 3] for i in range(len(initials) - 2) if any(is_initial(c) for c in initials[i:i + 3])]
        return pick([initials_prefix + run for run in runs], heavy)

    def fnv(key):
        h = 0x811C9DC5
        for b in key.encode("utf-8"):
            h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
        return h

    def shard_of(key, count):
        return fnv(key) % count

    def emotion_id(name, emotions):
        wanted = unicodedata.normalize("NFC", name).lower()
        folded = lambda text: unicodedata.normalize("NFC", str(text)).lower()
        for id_ in emotions:
            if folded(id_) == wanted:
                return id_
        for id_, names in emotions.items():
            if any(folded(n) == wanted for k, n in enumerate(names) if k >= 1 and k != 2):
                return id_
        return None

    words, filters = parse_query(query)
    if not words and not filters:
        return 0, [], fetched
    manifest = load("search/index.json")
    initials = load("search/initials.json") if any(is_initial(c) for w in words for c in w) else None
    word_heavy = heavy_keys(manifest.get("heavy"))
    initials_heavy = heavy_keys(initials.get("heavy")) if initials else {}
    # (key, folder of its key space, that space's manifest and heavy keys, which tokens of a token list match)
    lookups = []
    for kind, value in filters:
        if kind == "emotion":
            value = emotion_id(value, manifest.get("emotions") or {})
            if value is None:
                return 0, [], fetched
        key = {"tag": "tag ", "period": "date ", "emotion": "emotion "}[kind] + value
        lookups.append((key, "search/", manifest, word_heavy, lambda token: False))
    for word in words:
        for part in parts(word):
            if any(is_initial(c) for c in part):
                lookups.append((initials_key_of(part, initials_heavy), "search/initials/", initials, initials_heavy,
                                lambda token, part=part: matches_initials(part, token)))
            else:
                lookups.append((key_of(part, word_heavy), "search/", manifest, word_heavy,
                                lambda token, part=part: part in token))
    count = manifest.get("entries", 0)
    matches = None
    for key, folder, space, heavy, is_match in lookups:
        rel = f"{folder}keys/{heavy[key][0]}.json" if key in heavy else f"{folder}shards/{shard_of(key, max(1, space.get('shards', 1)))}.json"
        value = load(rel).get(key)
        found = set()
        if isinstance(value, str):
            found.update(postings(value))
        elif isinstance(value, list):
            for i in range(0, len(value) - 1, 2):
                if is_match(str(value[i])):
                    found.update(postings(value[i + 1]))
        found = {n for n in found if n < count}
        matches = found if matches is None else matches & found
        if not matches:
            break
    numbers = sorted(matches or [], reverse=True)
    size = max(1, manifest.get("chunk") or 1)
    for n in numbers[:page_size]:
        load(f"search/chunks/{n // size}.json")
    return len(numbers), numbers, fetched


NODE_SEARCH_PROBE = r"""
// For each query: the files the search page's engine fetches for it and its first page of results, and the time it
// takes from a fresh engine (files read from disk and parsed, lists decoded, scored, the shown records read): the
// median of five runs.
const api = require(process.argv[2]);
const fs = require('fs'), path = require('path');
const site = process.argv[3];
const queries = JSON.parse(process.argv[4]);
const pageSize = Number(process.argv[5] || 20);
async function run(q) {
  const fetched = [];
  const engine = api.createEngine(p => {
    const data = fs.readFileSync(path.join(site, p));
    fetched.push([p, data.length]);
    return JSON.parse(data);
  });
  const begin = process.hrtime.bigint();
  const numbers = await engine.entryNumbers(q);
  if (numbers.length) await engine.manifest();
  await Promise.all(numbers.slice(0, pageSize).map(engine.entry));
  return {numbers, fetched, ms: Number(process.hrtime.bigint() - begin) / 1e6};
}
(async () => {
  const out = [];
  for (const q of queries) {
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await run(q));
    const {numbers, fetched} = runs[0];
    const ms = runs.map(r => r.ms).sort((a, b) => a - b)[2];
    out.push({query: q, results: numbers.length, files: fetched.length, bytes: fetched.reduce((a, b) => a + b[1], 0),
              ms: Math.round(ms * 10) / 10});
  }
  console.log(JSON.stringify(out));
})().catch(e => { console.error(String(e && e.stack || e)); process.exit(1); });
"""

SEARCH_QUERIES = ["산책", "coffee", "비", "walk 친구", "오늘은 조용히", "zzzqx", '"비가 와서"',  # a phrase (SPEC §4)
                  # filters and initial consonants (SPEC §10): a tag, a month, an emotion with a word, 초성
                  "#cat", "2024-10", "emotion:calm 산책", "ㅅㅊ", "ㄱㅇㅇ 2025"]


def measure(site):
    """Index size and bytes fetched per query, when the build wrote search/ (else None)."""
    folder = os.path.join(site, "search")
    if not os.path.isdir(folder):
        return None
    _, files, total = tree_size(folder)
    result = {"files": files, "bytes": total, "queries": [], "error": None}
    script = os.path.join(REPO, "Templates", "assets", "search.js")
    if not os.path.exists(script):
        result["error"] = "Templates/assets/search.js does not exist: bytes per query not measured yet"
        return result
    page = os.path.join(folder, "index.html")
    site_script = os.path.join(site, "assets", "search.js")
    result["page_bytes"] = sum(os.path.getsize(p) for p in (page, site_script) if os.path.exists(p))
    try:
        node = shutil.which("node") or shutil.which("nodejs")
        if node and os.path.exists(site_script):
            # The page's own script, run by Node with a loader that reads the site's files and counts them.
            probe = os.path.join(WORK, "search-probe.js")
            with open(probe, "w", encoding="utf-8") as f:
                f.write(NODE_SEARCH_PROBE)
            args = [node, probe, site_script, site, json.dumps(SEARCH_QUERIES, ensure_ascii=False), "20"]
            commands_used.setdefault("search: bytes per query", shell_quote(args[:2]) + " SITE/assets/search.js SITE '[queries]' 20")
            result["queries"] = json.loads(run_quiet(args))
            result["method"] = "Node running the site's `assets/search.js` (`createEngine`) with a loader that reads and counts the files"
        else:
            for q in SEARCH_QUERIES:
                count, _, fetched = search_fetches(site, q)
                result["queries"].append({"query": q, "results": count, "files": len(fetched), "bytes": sum(b for _, b in fetched)})
            result["method"] = "a Python emulation of `Templates/assets/search.js` (no Node on this machine)"
    except Exception as error:  # the index format is still moving: say so rather than guess
        result["error"] = f"emulating search.js failed ({type(error).__name__}: {error}): bytes per query not measured"
        result["queries"] = []
    return result


def measure_alone(run_root):
    """BENCH_ONLY=search: each size's corpus built plain once (a copy, so the corpus's own cache is left alone), and
    its index measured; rows for `section`."""
    from diaries import ensure_corpus
    rows = []
    for size in SIZES:
        corpus = ensure_corpus(size)
        root = os.path.join(run_root, f"search-{size}")
        shutil.copytree(os.path.join(corpus, "Content"), os.path.join(root, "Content"))
        shutil.copy(os.path.join(corpus, "daybook.yml"), root)
        run_quiet([DAYBOOK, "build", "-q", "--no-encrypt", "-C", root])
        row = {"size": size, "search": measure(os.path.join(root, "Output"))}
        hugo_index = os.path.join(WORK, f"hugo-{size}", "public", "index.json")
        if os.path.exists(hugo_index):
            row["hugo_index_bytes"] = os.path.getsize(hugo_index)
        rows.append(row)
    return rows


def before_rows():
    """BENCH_SEARCH_BEFORE=FILE: the rows of an earlier BENCH_ONLY=search run (its results-search.json, e.g. made
    with BENCH_BIN of an older commit's build), shown above this run's as `before`."""
    path = ENV.get("BENCH_SEARCH_BEFORE")
    if not path:
        return None
    with open(path, encoding="utf-8") as f:
        earlier = json.load(f)
    return {"rows": earlier["search"], "source": earlier.get("source", "an earlier build")}


def query_cell(q):
    time = f", {q['ms']:.1f} ms" if "ms" in q else ""
    return f"{fmt_bytes(q['bytes'])} in {q['files']} files{time} ({q['results']:,} hits)"


def section(L, results, before=None):
    """Index sizes and bytes per query, size by size (after an earlier build's, when given), beside the Hugo site's
    one-file index."""
    L.append("## Search index (item 5)")
    L.append("")
    if not any(r.get("search") for r in results):
        L.append("**Not measured yet:** the builds wrote no `search/` folder (the search index is not wired into `daybook build`")
        L.append("at this commit). Bytes fetched per query: **not measured yet**. For comparison, the Hugo site's one-file")
        L.append("index (`index.json`, what Fuse.js/Lunr set-ups download in full on every first query) is in the next table.")
    else:
        L.append("| entries | index files | index bytes | " + " | ".join(f"`{q}`" for q in SEARCH_QUERIES) + " |")
        L.append("|---|---|---|" + "---|" * len(SEARCH_QUERIES))
        earlier = {row["size"]: row for row in (before or {}).get("rows", [])}
        for r in results:
            s = r.get("search")
            if not s:
                L.append(f"| {r['size']:,} | no search/ folder | – |" + " – |" * len(SEARCH_QUERIES))
                continue
            if s["error"]:
                L.append(f"| {r['size']:,} | {s['files']:,} | {fmt_bytes(s['bytes'])} |" + " not measured yet |" * len(SEARCH_QUERIES))
                continue
            old = (earlier.get(r["size"]) or {}).get("search")
            if old and not old["error"]:
                old_cells = {q["query"]: query_cell(q) for q in old["queries"]}
                L.append(f"| {r['size']:,} before | {old['files']:,} | {fmt_bytes(old['bytes'])} | "
                         + " | ".join(old_cells.get(q, "–") for q in SEARCH_QUERIES) + " |")
            label = f"{r['size']:,} now" if old else f"{r['size']:,}"
            cells = [query_cell(q) for q in s["queries"]]
            L.append(f"| {label} | {s['files']:,} | {fmt_bytes(s['bytes'])} | " + " | ".join(cells) + " |")
        L.append("")
        methods = sorted({r["search"].get("method", "") for r in results if r.get("search") and r["search"].get("method")})
        page_bytes = [r["search"].get("page_bytes", 0) for r in results if r.get("search")]
        if before:
            L.append(f"`before`: {before['source']}; `now`: this run's build.")
        L.append("Cells: bytes fetched for the query and its first page of 20 results, in how many files, the time from a fresh")
        L.append("engine to the first page's records (median of five runs) and how many entries match:")
        L.append("`search/index.json` once (and `search/initials.json` for a word with initial consonants), one shard or heavy-key")
        L.append("file per filter and word part, the chunk files that hold the shown entries. Measured by")
        L.append(" and ".join(methods) + f"; uncompressed bytes. The page and its script add {fmt_bytes(max(page_bytes) if page_bytes else 0)}")
        L.append("(once, cacheable). Pagefind on a 10,000-page site: about 300 KB a query (SPEC §4).")
        for r in results:
            if r.get("search") and r["search"]["error"]:
                L.append(f"At {r['size']:,} entries: {r['search']['error']}.")
    L.append("")
    if any("hugo_index_bytes" in r for r in results):
        L.append("| entries | Hugo `index.json` (one file, fetched whole) |")
        L.append("|---|---|")
        for r in results:
            if "hugo_index_bytes" in r:
                L.append(f"| {r['size']:,} | {fmt_bytes(r['hugo_index_bytes'])} |")
        L.append("")
