"""What every section of the benchmark shares: where things are, which sizes run, and the settings from the environment.

  BENCH_QUICK=1          1,095 and 10,950 entries only, fewer runs (for development)
  BENCH_SIZES=1095,10950 corpus sizes (entries; each must be one of 1095, 10950, 109500)
  BENCH_RUNS=N           runs of each full build per size (default 5; 3 at 109,500; 3 when quick)
  BENCH_SETTLE=60        seconds to wait after `sync` before timing starts (the filesystem slows file
                         creation for about a minute after deletions)
  BENCH_DIR=/tmp/daybook-bench   corpora, Hugo copies and run folders (never in the repository)
  BENCH_BIN=.build/release       where daybook, daybook-corpus, template-bench and stat-floor are
  BENCH_OUTPUT=BENCHMARKS.md     the report
  BENCH_PROFILE=0        skip the callgrind profiles (a full build, and one `daybook serve` rebuild after a save)
  BENCH_SERVE=0          skip the serve benchmark (a save, then polling the served day page until it shows it)
  BENCH_SERVE_SAVES=20   saves per server and size in the serve benchmark
  BENCH_LARGE_HUGO=0     no Hugo at 109,500 entries (neither `hugo` builds nor `hugo server`: about 13 GB each)
  BENCH_FLOOR_THREADS=N  writer threads of the floor (default: one a core)
  BENCH_TEMPLATE=0       skip template-bench
  BENCH_KEEP=1           keep the built sites (otherwise each size's outputs are deleted after it)
  BENCH_ONLY=pictures    only the pictures (or the deploy, or the search) section; the rest of BENCHMARKS.md stays
                         as the last full run wrote it
  BENCH_SEARCH_BEFORE=F  the search section shows, above each size's row, the row of an earlier BENCH_ONLY=search
                         run (its results-search.json), e.g. one of an older commit's build through BENCH_BIN
  BENCH_PICTURES=0       skip the pictures section (a photo diary: Daybook against vipsthumbnail, ImageMagick and
                         Hugo), keeping the one the last run that measured it wrote; its own settings
                         (BENCH_PICTURE_*) are in pictures.py
  BENCH_DEPLOY=0         skip the deploy section (`daybook deploy` to a folder, git, rsync and S3 on loopback, and
                         `hugo deploy` beside it); its settings (BENCH_DEPLOY_*) are in deploy.py
"""

import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ENV = os.environ
QUICK = ENV.get("BENCH_QUICK", "") not in ("", "0")
WORK = os.path.abspath(ENV.get("BENCH_DIR", "/tmp/daybook-bench"))
BIN = os.path.abspath(os.path.join(REPO, ENV.get("BENCH_BIN", ".build/release")))
DAYBOOK = os.path.join(BIN, "daybook")
CORPUS_TOOL = os.path.join(BIN, "daybook-corpus")
TEMPLATE_BENCH = os.path.join(BIN, "template-bench")
STAT_FLOOR = os.path.join(BIN, "stat-floor")
# The Makefile's RELEASE_BUILD, for a run without `make bench`: the same flags, or the binary differs.
RELEASE_BUILD = ["swift", "build", "-c", "release", "--static-swift-stdlib",
                 "-Xswiftc", "-Xfrontend", "-Xswiftc", "-disable-autolink-library", "-Xswiftc", "-Xfrontend", "-Xswiftc", "curl"]
OUTPUT = os.path.join(REPO, ENV.get("BENCH_OUTPUT", "BENCHMARKS.md"))
SETTLE = float(ENV.get("BENCH_SETTLE", "60"))
KEEP = ENV.get("BENCH_KEEP", "") not in ("", "0")
ONLY = ENV.get("BENCH_ONLY", "")
if ONLY not in ("", "pictures", "deploy", "search"):
    sys.exit(f"bench: BENCH_ONLY: {ONLY} is not a section this script can run alone (pictures, deploy, search)")
CORES = os.cpu_count() or 1

# entries -> (days, per day): the project's generator, 1 a day for 3 years, 10 a day for 3 and 30 years.
CORPORA = {1095: (1095, 1), 10950: (1095, 10), 109500: (10950, 10)}
SIZES = [int(s) for s in ENV.get("BENCH_SIZES", "1095,10950" if QUICK else "1095,10950,109500").split(",")]
for _size in SIZES:
    if _size not in CORPORA:
        sys.exit(f"bench: BENCH_SIZES: {_size} is not one of {sorted(CORPORA)}")
