"""Full builds, size by size: Daybook (each a real first build) against Hugo building the same diary into an
equivalent site, Hugo with bare layouts, and the floor, timed alternately so that a slow minute weighs on both
sides; and the per-step times of Daybook's untimed warm-up build."""

import os
import shutil

import search
from build_output import step_name, step_processor_times, steps_of
from diaries import build_cache_dir, forget_build_cache
from figures import fmt_bytes, fmt_mb, fmt_s, median, neighbour_ratios, spread
from floor import floor_inputs, floor_run, site_file_list
from folders import fresh_dir, remove_tree, tree_size
from record import log
from running import settle, timed
from settings import DAYBOOK, ENV, QUICK, REPO, WORK


def runs_for(size):
    if "BENCH_RUNS" in ENV:
        return max(1, int(ENV["BENCH_RUNS"]))
    if QUICK or size >= 100_000:
        return 3
    return 5


def hugo_bare_layouts(size):
    """Benchmarks/hugo-bare/layouts, copied out; Hugo builds the same project with them (--layoutDir)."""
    layouts = os.path.join(WORK, f"hugo-bare-layouts-{size}")
    remove_tree(layouts)
    shutil.copytree(os.path.join(REPO, "Benchmarks", "hugo-bare", "layouts"), layouts)
    return layouts


def round_plan(size):
    """The order of the timed builds: D Daybook, H Hugo, B Hugo bare, F floor."""
    if size >= 100_000:
        # Hugo takes about 5 minutes here: one Hugo build between two Daybook builds.
        return ["D", "F", "H", "D", "F"] if ENV.get("BENCH_LARGE_HUGO", "1") != "0" else ["D", "F", "D", "F"]
    return ["D", "H", "B", "F"] * runs_for(size)


def measure(size, corpus, project, run_root):
    """The timed full builds of one size, in `round_plan`'s order, after untimed warm-up builds; returns the figures and
    the warm Daybook site (its build cache back in the diary), which the rebuilds start from."""
    chunks = floor_inputs(size, corpus)
    plan = round_plan(size)
    bare = hugo_bare_layouts(size) if "B" in plan else None
    r = {"size": size, "plan": plan, "runs": plan.count("D"), "notes": []}
    hugo_cache = os.path.join(WORK, "hugo-cache")

    def daybook_full(target, verbose=False):
        args = [DAYBOOK, "build", "-C", corpus, "--output", target] + (["-v"] if verbose else [])
        return timed(args, label="daybook full build" + (" (-v)" if verbose else ""))

    def hugo_full(target, layouts=None, label="hugo full build"):
        args = ["hugo", "--quiet", "--noBuildLock", "-s", project, "-d", target, "--cacheDir", hugo_cache]
        if layouts:
            args += ["--layoutDir", layouts]
        return timed(args, label=label)

    # Warm-up, not timed: page cache, per-step times (-v), and the Daybook site the rebuilds start from.
    log(f"{size:,} entries: warm-up builds (not timed)")
    warm = fresh_dir(run_root, f"daybook-warm-{size}")
    forget_build_cache(corpus)  # a first build too, so that its step times are a full build's
    first = daybook_full(warm, verbose=True)
    r["daybook_summary_line"] = first.stdout.strip().splitlines()[-1] if first.stdout.strip() else ""
    r["steps"] = steps_of(first)
    r["steps_cpu"] = step_processor_times(first)
    r["steps_total_cpu"] = first.user + first.system
    r["steps_total"] = first.wall
    r["daybook_pages"], r["daybook_files"], r["daybook_bytes"] = tree_size(warm)
    _, r["cache_files"], r["cache_bytes"] = tree_size(build_cache_dir(corpus))
    if os.path.exists(os.path.join(warm, ".daybook")):
        r["notes"].append("the output folder holds a `.daybook/` folder (the build cache belongs in the diary's)")
    r["search"] = search.measure(warm)
    site_files = site_file_list(warm)
    if "H" in plan and size < 100_000:
        hugo_warm = fresh_dir(run_root, f"hugo-warm-{size}")
        hugo_full(hugo_warm)
    if "B" in plan:
        hugo_full(fresh_dir(run_root, f"hugo-bare-warm-{size}"), bare, "hugo bare full build")

    # Every timed Daybook build starts without a build cache; the warm site's is set aside meanwhile
    # (a rename) and put back for the rebuilds.
    warm_cache = os.path.join(WORK, f"warm-cache-{size}")
    remove_tree(warm_cache)
    os.rename(build_cache_dir(corpus), warm_cache)
    settle(f"{size:,} entries")
    r["load_before"] = os.getloadavg()
    log(f"{size:,} entries: timed builds in this order: {' '.join(plan)} (D Daybook, H Hugo, B Hugo bare, F floor)")
    values, rss_values, runs_by_kind = [], [], {"D": [], "H": [], "B": [], "F": []}
    first_hugo = first_bare = None
    try:
        for i, kind in enumerate(plan):
            if kind == "D":
                forget_build_cache(corpus)  # the last timed build's: each is a real first build
                x = daybook_full(fresh_dir(run_root, f"daybook-{size}"))
                values.append(x.wall)
                msg = f"Daybook {x.wall:.2f} s, {x.rss_kb / 1024:.0f} MB"
            elif kind == "H":
                target = fresh_dir(run_root, f"hugo-{size}")
                x = hugo_full(target)
                first_hugo = first_hugo or target
                values.append(x.wall)
                msg = f"Hugo {x.wall:.2f} s, {x.rss_kb / 1024:.0f} MB"
            elif kind == "B":
                target = fresh_dir(run_root, f"hugo-bare-{size}")
                x = hugo_full(target, bare, "hugo bare full build")
                first_bare = first_bare or target
                values.append(x.wall)
                msg = f"Hugo bare {x.wall:.2f} s, {x.rss_kb / 1024:.0f} MB"
            else:
                x = floor_run(corpus, chunks, warm, site_files, fresh_dir(run_root, f"floor-{size}"))
                values.append(sum(x))
                msg = f"floor {sum(x):.2f} s (read {x[0]:.2f}, cmark-gfm {x[1]:.2f}, write {x[2]:.2f})"
            runs_by_kind[kind].append(x)
            rss_values.append(x.rss_kb if kind in "DH" else 0)
            log(f"  {i + 1}/{len(plan)} {msg}")
    finally:
        forget_build_cache(corpus)
        os.rename(warm_cache, build_cache_dir(corpus))
    del site_files
    D, H, B, F = (runs_by_kind[k] for k in "DHBF")
    r["daybook_full"] = [x.wall for x in D]
    r["daybook_cpu"] = [x.user + x.system for x in D]
    r["daybook_rss"] = [x.rss_kb for x in D]
    r["hugo_full"] = [x.wall for x in H]
    r["hugo_cpu"] = [x.user + x.system for x in H]
    r["hugo_rss"] = [x.rss_kb for x in H]
    r["bare_full"] = [x.wall for x in B]
    r["bare_rss"] = [x.rss_kb for x in B]
    r["floor"] = [sum(x) for x in F]
    r["floor_parts"] = [median([x[k] for x in F]) for k in range(3)] if F else []
    r["floor_cpu"] = [x.cpu for x in F]
    r["ratio_hugo"] = neighbour_ratios(plan, values, "H")
    r["ratio_bare"] = neighbour_ratios(plan, values, "B")
    r["ratio_floor"] = neighbour_ratios(plan, values, "F")
    r["ratio_rss"] = neighbour_ratios(plan, rss_values, "H")
    r["hugo_pages"] = r["hugo_files"] = r["hugo_bytes"] = r["hugo_index_bytes"] = 0
    if first_hugo:
        r["hugo_pages"], r["hugo_files"], r["hugo_bytes"] = tree_size(first_hugo)
        r["hugo_index_bytes"] = os.path.getsize(os.path.join(first_hugo, "index.json"))
    if first_bare:
        r["bare_pages"], _, _ = tree_size(first_bare)
    return r, warm


def section(L, results):
    """The side-by-side table of every size: full builds, their ratios and the rebuilds' figures."""
    L.append("## Full builds, side by side")
    L.append("")
    L.append("Medians over the timed builds, run in the order shown (D Daybook, H Hugo, B Hugo bare, F floor), each into a")
    L.append("new folder. Each ratio is Daybook's time (the mean of the Daybook builds just before and just after) over the other's,")
    L.append("so a slow minute of this shared machine weighs on both sides; the median of those ratios is shown. Ranges: min–max.")
    L.append("")
    head = "| | " + " | ".join(f"{r['size']:,} entries" for r in results) + " |"
    L.append(head)
    L.append("|---|" + "---|" * len(results))

    def row(name, f):
        cells = []
        for r in results:
            try:
                cells.append(f(r))
            except (ValueError, ZeroDivisionError, KeyError, IndexError, TypeError):
                cells.append("–")
        L.append(f"| {name} | " + " | ".join(cells) + " |")

    def need(values):
        if not values:
            raise ValueError("not measured")
        return values

    row("timed builds, in order", lambda r: " ".join(r["plan"]))
    row("load average before (1/5/15 min)", lambda r: " / ".join(f"{x:.1f}" for x in r["load_before"]))
    row("**Daybook full build**", lambda r: f"**{median(r['daybook_full']):.2f} s** ({spread(r['daybook_full'])})")
    row("Daybook CPU (user+sys)", lambda r: f"{median(r['daybook_cpu']):.2f} s")
    row("Daybook peak RSS", lambda r: fmt_mb(median(r["daybook_rss"])))
    row("Daybook pages (HTML) / files / bytes", lambda r: f"{r['daybook_pages']:,} / {r['daybook_files']:,} / {fmt_bytes(r['daybook_bytes'])}")
    row("Daybook build cache (the diary's `.daybook/`, not in the site)", lambda r: f"{r['cache_files']:,} files / {fmt_bytes(r['cache_bytes'])}")
    row("**Hugo full build** (equivalent site)", lambda r: f"**{median(need(r['hugo_full'])):.2f} s** ({spread(r['hugo_full'])})")
    row("Hugo CPU (user+sys)", lambda r: f"{median(need(r['hugo_cpu'])):.2f} s")
    row("Hugo peak RSS", lambda r: fmt_mb(median(need(r["hugo_rss"]))))
    row("Hugo pages (HTML) / files / bytes", lambda r: f"{r['hugo_pages']:,} / {r['hugo_files']:,} / {fmt_bytes(r['hugo_bytes'])}" if r["hugo_files"] else "–")
    row("**Daybook / Hugo time**", lambda r: f"**{median(need(r['ratio_hugo'])):.2f}** (1/{1 / median(r['ratio_hugo']):.1f})")
    row("Daybook / Hugo peak RSS", lambda r: f"{median(need(r['ratio_rss'])):.2f}")
    row("Hugo bare full build (reference)", lambda r: f"{median(need(r['bare_full'])):.2f} s ({spread(r['bare_full'])}), {fmt_mb(median(r['bare_rss']))}, {r['bare_pages']:,} pages")
    row("Daybook / Hugo bare time", lambda r: f"{median(need(r['ratio_bare'])):.2f}")
    row("**floor** (read + cmark-gfm + write)", lambda r: f"**{median(need(r['floor'])):.2f} s** ({spread(r['floor'])})")
    row("… read / cmark-gfm / write", lambda r: " / ".join(f"{x:.2f}" for x in need(r["floor_parts"])) + " s")
    row("floor CPU (user+sys; the writer's own Python included)", lambda r: f"{median(need(r['floor_cpu'])):.2f} s")
    row("**Daybook / floor**", lambda r: f"**{median(need(r['ratio_floor'])):.2f}×**")
    row("no-op rebuild", lambda r: f"{fmt_s(median(r['noop']))} ({spread([x * 1000 for x in r['noop']])} ms, {len(r['noop'])} runs)")
    row("no-op rebuild peak RSS", lambda r: fmt_mb(median(r["noop_rss"])))
    row("one-entry-edit rebuild", lambda r: f"{fmt_s(median(r['edit']))} ({spread([x * 1000 for x in r['edit']])} ms, {len(r['edit'])} runs)")
    row("one-entry-edit rebuild CPU (user+sys)", lambda r: fmt_s(median(need(r["edit_cpu"]))))
    row("one-entry-edit rebuild peak RSS", lambda r: fmt_mb(median(r["edit_rss"])))
    row("… files written by it", lambda r: ", ".join(sorted({str(w[0]) if w else "?" for w in r["edit_written"]})))
    L.append("")
    L.append("Daybook's summary line (warm-up build): " + "; ".join(f"{r['size']:,}: `{r['daybook_summary_line']}`" for r in results))
    L.append("")


def scaling_section(L, results):
    """Time and memory per entry as the diary grows."""
    L.append("## Scaling")
    L.append("")
    L.append("| entries | Daybook full build | time per entry | vs previous size | peak RSS | RSS per entry | Hugo time per entry | Hugo RSS |")
    L.append("|---|---|---|---|---|---|---|---|")
    prev = None
    for r in results:
        per = median(r["daybook_full"]) / r["size"]
        ratio = f"{per / prev:.2f}×" if prev else "–"
        hugo_per = f"{median(r['hugo_full']) / r['size'] * 1e6:.0f} µs" if r["hugo_full"] else "–"
        hugo_rss = fmt_mb(median(r["hugo_rss"])) if r["hugo_rss"] else "–"
        L.append(f"| {r['size']:,} | {median(r['daybook_full']):.2f} s | {per * 1e6:.0f} µs | {ratio} | {fmt_mb(median(r['daybook_rss']))} | "
                 f"{median(r['daybook_rss']) / r['size']:.1f} KB | {hugo_per} | {hugo_rss} |")
        prev = per
    L.append("")


def steps_section(L, results):
    """Each step of the warm-up full build, size by size."""
    L.append("## Where Daybook's full build spends its time (`daybook build -v`: the untimed warm-up build of each size)")
    L.append("")
    L.append("Each step's wall time, then in brackets the processor time the process used meanwhile on both cores (user and")
    L.append("system; work a step leaves running in the background counts in the steps it overlaps). A step whose processor")
    L.append("time is twice its wall time kept both cores busy.")
    L.append("")
    names = []
    for r in results:
        for _, n in r["steps"]:
            key = step_name(n)
            if key not in names:
                names.append(key)
    L.append("| step | " + " | ".join(f"{r['size']:,}" for r in results) + " |")
    L.append("|---|" + "---|" * len(results))
    for n in names:
        cells = []
        for r in results:
            v = [(s, m) for s, m in r["steps"] if step_name(m) == n]
            cpu = r.get("steps_cpu", {}).get(v[0][1]) if v else None
            cells.append((f"{v[0][0]:.3f} s" + (f" ({cpu:.2f} s)" if cpu is not None else "")) if v else "–")
        L.append(f"| {n} | " + " | ".join(cells) + " |")
    L.append("| (wall time of that build, and its processor time) | " + " | ".join(
        f"{r['steps_total']:.2f} s" + (f" ({r['steps_total_cpu']:.2f} s)" if r.get("steps_total_cpu") else "") for r in results) + " |")
    L.append("")
