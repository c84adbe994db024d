"""The deploy section of `make bench`: `daybook deploy` of the 10,950-entry diary, encrypted.

Four local targets: a folder (`dir`), a bare git repository (`git`), rsync to a local path (`rsync`), and an S3
endpoint on loopback (`rclone serve s3` from the test tools, behind Tests/SiteDeployTests/Servers/s3_proxy.py,
which counts the requests and bytes the server receives). For each: the first deploy (time, files and bytes
sent), a no-op deploy (goal: 0 files, at most 2 s including the build's no-op) and three one-entry changes, each
with its build (goal: at most 40 files, at most 3 s): a word's typo (two letters swapped), a sentence appended, and
a new entry, the newest, on the day after the generated diary's last. With `hugo` installed, the appended sentence in Hugo's copy of
the diary, `hugo` then `hugo deploy` to the same S3 server, for files and bytes sent side by side.

Settings, from the environment (settings.py lists the others):

  BENCH_DEPLOY=0               skip this section
  BENCH_DEPLOY_SIZE=10950      the corpus (one of the sizes in settings.py)
  BENCH_DEPLOY_TARGETS=dir,git,rsync,s3

Runs on its own too (`python3 scripts/bench/deploy.py`), printing its figures as JSON and its section of
BENCHMARKS.md; `make bench` installs what it needs (git, rsync, and rclone by scripts/install-test-tools.sh).
"""

import datetime
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

from dev_server import free_port
from diaries import ensure_corpus, hugo_copy
from record import log
from settings import DAYBOOK, ENV, REPO, WORK

ENABLED = ENV.get("BENCH_DEPLOY", "1") != "0"
SIZE = int(ENV.get("BENCH_DEPLOY_SIZE", "10950"))
TARGETS = ENV.get("BENCH_DEPLOY_TARGETS", "dir,git,rsync,s3").split(",")
RCLONE = os.path.join(REPO, ".build", "test-tools", "bin", "rclone")
PROXY = os.path.join(REPO, "Tests", "SiteDeployTests", "Servers", "s3_proxy.py")
PLAN_LINE = re.compile(r"^([\d,]+) to upload \(([^)]*)\), ([\d,]+) to delete, ([\d,]+) unchanged$", re.M)
HUGO_PLAN = re.compile(r"Identified (\d+) file\(s\) to upload, totaling (\d+) bytes, and (\d+) file\(s\) to delete")
SECRETS = {"DAYBOOK_PASSWORD": "bench deploy password", "AWS_ACCESS_KEY_ID": "BENCHKEY", "AWS_SECRET_ACCESS_KEY": "BENCHSECRET"}


def missing_tools():
    tools = [t for t in ("git", "rsync") if shutil.which(t) is None]
    return tools + ([] if os.access(RCLONE, os.X_OK) else ["rclone (scripts/install-test-tools.sh)"])


def skipped_reason():
    """Why this section does not run, or None when it does."""
    if not ENABLED:
        return "BENCH_DEPLOY=0"
    missing = missing_tools()
    return f"missing {', '.join(missing)}; `make bench` installs them" if missing else None


# MARK: - Servers


def start_s3(folder):
    """rclone serve s3 on a free port, behind the counting proxy; returns (processes, proxy port). The bucket starts
    empty: files a run before left there would make a first deploy send nothing."""
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "bucket"))
    port = free_port()
    rclone = subprocess.Popen([RCLONE, "serve", "s3", folder, "--addr", f"127.0.0.1:{port}", "--auth-key", "BENCHKEY,BENCHSECRET"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(port)
    proxy = subprocess.Popen([sys.executable, PROXY, str(port)], stdout=subprocess.PIPE, text=True)
    proxy_port = int(proxy.stdout.readline())
    wait_for(proxy_port)
    log(f"S3: rclone serve s3 on {port}, counting proxy on {proxy_port}")
    return [proxy, rclone], proxy_port


def wait_for(port, seconds=15):
    deadline = time.time() + seconds
    while time.time() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


def proxy_call(port, path, method="GET"):
    with urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method)) as answer:
        return json.loads(answer.read() or b"{}")


# MARK: - The diary and its targets


def make_diary(corpus, run_root, proxy_port):
    """A copy of the corpus with the four targets in its daybook.yml."""
    root = os.path.join(run_root, "deploy-diary")
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(os.path.join(corpus, "Content"), os.path.join(root, "Content"))
    remote = os.path.join(run_root, "deploy-remotes")
    shutil.rmtree(remote, ignore_errors=True)
    os.makedirs(remote)
    subprocess.run(["git", "init", "--quiet", "--bare", os.path.join(remote, "site.git")], check=True)
    with open(os.path.join(corpus, "daybook.yml"), encoding="utf-8") as f:
        config = f.read()
    config += f"""
encrypt: true
deploy:
  - name: dir
    to: dir
    url: {remote}/dir
  - name: git
    to: git
    url: {remote}/site.git
  - name: rsync
    to: rsync
    url: {remote}/rsync
  - name: s3
    to: s3
    url: s3://bucket/diary/
    endpoint: http://127.0.0.1:{proxy_port}
    region: us-east-1
"""
    with open(os.path.join(root, "daybook.yml"), "w", encoding="utf-8") as f:
        f.write(config)
    return root


def deploy(root, target):
    """One `daybook deploy TARGET`: seconds, and the plan line's files and size."""
    env = dict(ENV, **SECRETS)
    begin = time.perf_counter()
    run = subprocess.run([DAYBOOK, "deploy", target, "-C", root], capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - begin
    if run.returncode != 0:
        raise RuntimeError(f"daybook deploy {target} failed: {run.stderr.strip()}")
    plan = PLAN_LINE.search(run.stdout)
    return {"seconds": round(seconds, 3), "files": int(plan.group(1).replace(",", "")), "size": plan.group(2),
            "deleted": int(plan.group(3).replace(",", ""))}


def tree_bytes(folder):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(folder) for f in files)


def entry_files(content):
    return sorted(os.path.join(d, f) for d, _, names in os.walk(content) for f in names if f.endswith(".md"))


def swap_letters(content, number):
    """A typo in the `number`th entry file (in path order): two letters swapped in its body's first English
    word of six letters or more."""
    files = entry_files(content)
    for offset in range(len(files)):
        path = files[(number * 997 + offset) % len(files)]
        with open(path, encoding="utf-8") as f:
            text = f.read()
        body = text.find("\n---\n", 4) + 5
        word = re.compile(r"\b[a-z]{6,}\b").search(text, body)
        if word is None:
            continue
        w = word.group(0)
        typo = w[:2] + w[3] + w[2] + w[4:]
        if typo == w:
            continue
        with open(path, "w", encoding="utf-8") as f:
            f.write(text[:word.start()] + typo + text[word.end():])
        return os.path.relpath(path, content)
    raise RuntimeError("no entry has a word to change")


def append_sentence(content, number):
    """Appends a sentence to the `number`th entry file (in path order)."""
    path = entry_files(content)[(number * 997) % len(entry_files(content))]
    with open(path, "a", encoding="utf-8") as f:
        f.write(f"\nAn added sentence for the deploy benchmark, edit {number}.\n")
    return os.path.relpath(path, content)


def new_entry(content, number):
    """A new entry, the newest, on the day after the generated diary's last (every target's on the same day, a
    little later each time: a day after each would reach a new year, whose link every page's footer gains)."""
    generated = [path for path in entry_files(content) if "a-quiet-evening" not in path]
    last = os.path.relpath(generated[-1], content).split(os.sep)[:3]
    day = datetime.date(*map(int, last)) + datetime.timedelta(days=1)
    folder = os.path.join(content, f"{day:%Y}", f"{day:%m}", f"{day:%d}")
    os.makedirs(folder, exist_ok=True)
    time = f"{21 + number // 6:02d}{number % 6 * 10:02d}"
    path = os.path.join(folder, f"{time}-a-quiet-evening.md")
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"---\ndate: {day} {time[:2]}:{time[2:]}\nemotion: calm\ntags: [산책]\n---\n\n# A quiet evening\n\n"
                "저녁을 먹고 동네를 한 바퀴 걸었다. The air was cool and the street was quiet.\n\n"
                "집에 돌아와 차를 마시며 오늘 있었던 일을 천천히 적었다.\n")
    return os.path.relpath(path, content)


# Each one-entry change: its label in the report, and how it is made.
CHANGES = (("typo", "a word's typo", swap_letters), ("sentence", "a sentence appended", append_sentence),
           ("entry", "a new entry", new_entry))


# MARK: - Measuring


def measure_targets(root, proxy_port):
    results = {t: {} for t in TARGETS}
    env = dict(ENV, **SECRETS)
    log("deploy: building the encrypted site once")
    subprocess.run([DAYBOOK, "build", "-q", "-C", root, "--encrypt"], check=True, env=env, capture_output=True)
    output_bytes = tree_bytes(os.path.join(root, "Output")) - os.path.getsize(os.path.join(root, "Output", ".daybook-output"))
    def measured(target, label):
        if target == "s3":
            proxy_call(proxy_port, "/__reset", "POST")
        result = deploy(root, target)
        if target == "s3":
            result["server"] = proxy_call(proxy_port, "/__counts")
        results[target][label] = result
        log(f"deploy {target}: {label} {result}")

    for label in ("first", "noop"):
        for target in TARGETS:
            measured(target, label)
    edited = []
    for number, target in enumerate(TARGETS):
        for kind, _, change in CHANGES:
            edited.append(change(os.path.join(root, "Content"), number))
            measured(target, kind)
            for other in TARGETS:
                if other != target:
                    deploy(root, other)
    return results, output_bytes, [path for path in edited if "a-quiet-evening" not in path]


def measure_hugo(corpus, proxy_port, edited):
    """Hugo's copy of the diary, `hugo deploy` to the same S3 server: first, no-op and the same edit."""
    if shutil.which("hugo") is None:
        return {"skipped": "hugo is not installed"}
    project = hugo_copy(SIZE, corpus)
    with open(os.path.join(project, "hugo.toml"), "a", encoding="utf-8") as f:
        f.write(f'\n[deployment]\n[[deployment.targets]]\nname = "bench"\n'
                f'URL = "s3://bucket?endpoint=http://127.0.0.1:{proxy_port}&s3ForcePathStyle=true&region=us-east-1&disableSSL=true&prefix=hugo/"\n')
    env = dict(ENV, **SECRETS)
    public = os.path.join(project, "public")
    shutil.rmtree(public, ignore_errors=True)

    def step(label):
        proxy_call(proxy_port, "/__reset", "POST")
        begin = time.perf_counter()
        subprocess.run(["hugo", "--quiet", "--source", project], check=True, env=env, capture_output=True)
        built = time.perf_counter() - begin
        run = subprocess.run(["hugo", "deploy", "--source", project, "--target", "bench"], env=env, capture_output=True, text=True)
        seconds = time.perf_counter() - begin
        if run.returncode != 0:
            raise RuntimeError(f"hugo deploy failed: {run.stderr.strip()[-400:]}")
        plan = HUGO_PLAN.search(run.stdout + run.stderr)
        result = {"seconds": round(seconds, 3), "build_seconds": round(built, 3), "server": proxy_call(proxy_port, "/__counts"),
                  "files": int(plan.group(1)) if plan else 0, "bytes": int(plan.group(2)) if plan else 0}
        log(f"hugo deploy: {label} {result}")
        return result

    results = {"first": step("first"), "noop": step("no-op")}
    # The Hugo copy is kept between runs: the edit is undone after it, so that edits do not pile up.
    entry = os.path.join(project, "content", edited[-1])
    with open(entry, "rb") as f:
        original = f.read()
    try:
        with open(entry, "ab") as f:
            f.write(b"\nAn added sentence for the deploy benchmark, edit 0.\n")
        results["sentence"] = step("a sentence appended")
    finally:
        with open(entry, "wb") as f:
            f.write(original)
    return results


def measure(run_root):
    """The section's figures, for `section`."""
    corpus = ensure_corpus(SIZE)
    load = [os.getloadavg()[0]]
    processes, proxy_port = start_s3(os.path.join(run_root, "deploy-s3"))
    try:
        root = make_diary(corpus, run_root, proxy_port)
        targets, output_bytes, edited = measure_targets(root, proxy_port)
        hugo = measure_hugo(corpus, proxy_port, edited) if "s3" in TARGETS else {"skipped": "no s3 target"}
    finally:
        for process in processes:
            process.terminate()
            process.wait()
    load.append(os.getloadavg()[0])
    return {"size": SIZE, "output_bytes": output_bytes, "targets": targets, "hugo": hugo, "load": load}


def requests(counts):
    """Requests of every method the proxy counted."""
    return sum(value for name, value in counts.items() if name != "PUT_BYTES")


def section(results, skipped_reason=None):
    """The section's lines of BENCHMARKS.md."""
    lines = ["## Deploy", ""]
    if results is None:
        return lines + [f"Not measured in this run ({skipped_reason or 'BENCH_DEPLOY=0'}).", ""]
    lines += [f"`daybook deploy` of the {results['size']:,}-entry diary, encrypted ({results['output_bytes'] / 1e6:.1f} MB "
              "in Output), to four local targets; each time includes the build (a no-op build, or the change's). "
              "Goals: a no-op sends 0 files in at most 2 s; a one-entry change at most 40 files in at most 3 s. "
              "Each change is made to another entry, and deployed to every target before the next."
              + (f" The machine's load average (1 minute, {os.cpu_count()} cores) was {results['load'][0]:.1f} when the section "
                 f"began and {results['load'][1]:.1f} when it ended." if "load" in results else ""), "",
              "| target | first deploy: time, files (size) | no-op: time, files | "
              + " | ".join(f"{title}: time, files (size)" for _, title, _ in CHANGES) + " |",
              "|---|---|---|" + "---|" * len(CHANGES)]
    for name, r in results["targets"].items():
        lines.append(f"| {name} | {r['first']['seconds']:.2f} s, {r['first']['files']:,} ({r['first']['size']}) | "
                     f"{r['noop']['seconds']:.2f} s, {r['noop']['files']} | "
                     + " | ".join(f"{r[kind]['seconds']:.2f} s, {r[kind]['files']} ({r[kind]['size']})" for kind, _, _ in CHANGES) + " |")
    hugo = results["hugo"]
    lines.append("")
    if "skipped" in hugo:
        lines.append(f"Hugo: not measured ({hugo['skipped']}).")
    else:
        s3 = results["targets"].get("s3", {})
        lines += ["Against the same S3 server, requests and bytes as the server received them (the counting proxy):", "",
                  "| | first: PUTs (bytes) | no-op: requests of any kind | a sentence appended: PUTs (bytes) | its seconds (build + deploy) |",
                  "|---|---|---|---|---|"]
        for label, r in (("Daybook (encrypted)", s3), ("Hugo (`hugo` + `hugo deploy`)", hugo)):
            if not r:
                continue
            lines.append(f"| {label} | {r['first']['server'].get('PUT', 0):,} ({r['first']['server'].get('PUT_BYTES', 0):,}) | "
                         f"{requests(r['noop']['server']):,} | {r['sentence']['server'].get('PUT', 0)} "
                         f"({r['sentence']['server'].get('PUT_BYTES', 0):,}) | {r['sentence']['seconds']:.2f} s |")
    return lines + [""]


if __name__ == "__main__":
    if missing_tools():
        sys.exit(f"bench deploy: missing {', '.join(missing_tools())}")
    work = os.path.join(WORK, "deploy-run")
    os.makedirs(work, exist_ok=True)
    figures = measure(work)
    print(json.dumps(figures, indent=1))
    print("\n".join(section(figures)))
