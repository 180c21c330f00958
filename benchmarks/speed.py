"""Build speed and memory on the first 1,000 / 10,000 / all 79,345 abstracts of
../shared/data/scale/abstracts.jsonl.gz: graphkit cold (empty embedding cache), warm (the
same build again), incremental (1,000 more papers on a cache that holds the first N), fast
mode (build --fast), beside MiniLM embedding alone and YAKE alone, with each run's peak RSS.

Every figure is one run in its own process (so its peak RSS is its own), end to end through
graphkit.api.build_files: reading the .jsonl.gz, extracting, linking, writing GraphML and its
sidecar. A warm run first fills the cache with a cold build in the same process, which is
timed too and kept as the cold figure when cold is not run on its own (the warm run's peak RSS
is its process's, so it includes that first build's). Results accumulate in
exports/speed.json, so a long run can be done piecewise:

    python benchmarks/speed.py                          # everything (hours on 2 cores)
    python benchmarks/speed.py --sizes 1000 --runs cold,warm,incremental,embed,yake
    python benchmarks/speed.py --sizes 79345 --runs fast
    python benchmarks/speed.py --table                  # print the table of what was measured

The references: ``embed`` is MiniLM embedding of each title+abstract as the model ships:
sentence-transformers' own ``encode`` with its defaults (batches of 32 in its own length
order), in float32 (the x column's 1.00x); ``embed16`` the same texts through graphkit's
embedder (token-count order, in bfloat16 where the CPU has it and it measured faster,
:func:`graphkit.extract.embed._precision`); ``yake`` YAKE's top 10.
The reference runs use at most the
first --reference-limit papers of each size (default 1,000): their cost per paper does not
depend on the corpus size, and the table says how many papers each figure was measured on.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT, TreePeak, rss_mb, shared

RESULTS = ROOT / "exports" / "speed.json"
RUNS = ["embed", "embed16", "yake", "cold", "warm", "incremental", "fast"]
INCREMENT = 1000


def _subset(n: int, folder: Path) -> Path:
    """The first n scale records as a .jsonl.gz file in folder (the build's input)."""
    out = folder / f"scale-{n}.jsonl.gz"
    with (
        gzip.open(shared("scale", "abstracts.jsonl.gz"), "rt", encoding="utf-8") as src,
        gzip.open(out, "wt", encoding="utf-8") as dst,
    ):
        for i, line in enumerate(src):
            if i == n:
                break
            dst.write(line)
    return out


def _cpu() -> float:
    """CPU seconds of this process and of the children it waited for (the model's, when it runs
    apart: graphkit.extract.apart)."""
    import resource

    u, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime + c.ru_utime + c.ru_stime


def _papers(path: Path):
    from graphkit.read import read_papers

    return read_papers([path])[0]


def one(run: str, n: int, folder: Path, limit: int) -> dict:
    """One measurement in this process: {'papers', 'seconds', 'rss_mb', ...}."""
    os.environ["GRAPHKIT_CACHE_DIR"] = str(folder / "cache")
    from graphkit import api

    if run in ("embed", "embed16", "yake"):
        from graphkit.extract import paper_text

        papers = _papers(_subset(min(n, limit), folder))
        texts = [paper_text(p) for p in papers]
        if run == "embed":  # the reference: the model as it ships, sentence-transformers' own encode, float32
            from graphkit.extract.embed import _load_model

            model = _load_model("cpu")  # model load is not part of the throughput
            t, c = time.perf_counter(), _cpu()
            model.encode(texts, normalize_embeddings=True, show_progress_bar=False)
        elif run == "embed16":  # graphkit's own pass over the same texts
            from graphkit.extract import MiniLMEmbedder

            emb = MiniLMEmbedder(cache=None)
            _ = emb.model
            t, c = time.perf_counter(), _cpu()
            emb.embed(texts)
        else:
            import yake

            ex = yake.KeywordExtractor(lan="en", top=10)
            t, c = time.perf_counter(), _cpu()
            for x in texts:
                ex.extract_keywords(x)
        return {"papers": len(texts), "seconds": time.perf_counter() - t, "cpu_s": _cpu() - c, "rss_mb": rss_mb()}
    src = _subset(n, folder)
    out = folder / f"graph-{run}-{n}.graphml"
    fill = None
    if run == "warm":  # the build that fills the cache is a cold build: timed too, kept as "cold" if none is
        t, c = time.perf_counter(), _cpu()
        with TreePeak() as peak:
            r = api.build_files([src], out)
        fill = {"papers": r.papers, "seconds": time.perf_counter() - t, "cpu_s": _cpu() - c, "rss_mb": peak.mb}
        fill.update(nodes=r.nodes, edges=r.edges, concepts=r.concepts, graphml_mb=out.stat().st_size / 1e6)
    if run == "incremental":
        api.build_files([src], out)  # the built N ...
        src = _subset(n + INCREMENT, folder)  # ... then N + 1,000 papers
    progress = bool(os.environ.get("GRAPHKIT_BENCH_PROGRESS"))  # stage lines to stderr, for long runs
    if progress:
        sys.stderr = _Terminal(sys.stderr)
    t, c = time.perf_counter(), _cpu()
    with TreePeak() as peak:  # the build and the model's children, if any, summed
        r = api.build_files([src], out, fast=(run == "fast"), progress=progress)
    took = time.perf_counter() - t
    return {
        **({"fill": fill} if fill else {}),
        "papers": r.papers,
        "seconds": took,
        "cpu_s": _cpu() - c,
        "rss_mb": max(peak.mb, fill["rss_mb"] if fill else 0.0),  # a warm run's includes its first build's
        "nodes": r.nodes,
        "edges": r.edges,
        "concepts": r.concepts,
        "graphml_mb": out.stat().st_size / 1e6,
    }


class _Terminal:
    """Standard error that says it is a terminal, so a logged run shows graphkit's stage lines."""

    def __init__(self, f):
        self._f = f

    def isatty(self):
        return True

    def __getattr__(self, name):
        return getattr(self._f, name)


def _measure(run: str, n: int, limit: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="graphkit-speed-") as folder:
        cmd = [sys.executable, __file__, "--one", run, str(n), folder, "--reference-limit", str(limit)]
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        proc = subprocess.run(
            cmd,
            stdout=subprocess.PIPE,
            stderr=None if os.environ.get("GRAPHKIT_BENCH_PROGRESS") else subprocess.PIPE,
            text=True,
            env=env,
        )
    if proc.returncode != 0:
        sys.exit(f"{run} on {n:,} papers failed:\n{(proc.stderr or '')[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _rate(r: dict | None, cpu: bool) -> float | None:
    if not r:
        return None
    return r["papers"] / (r["cpu_s"] if cpu else r["seconds"])


def table(results: dict, cpu: bool = False) -> str:
    per = "CPU-second (user + system, all threads)" if cpu else "second of wall-clock time"
    lines = [
        f"Build speed on the scale abstracts ({os.cpu_count()} CPUs): papers per {per}, "
        f"x = multiple of MiniLM embedding-only; peak RSS of each run",
        f"{'papers':>7}  " + "".join(f"{r:>24}" for r in RUNS),
    ]
    for n in sorted(results, key=int):
        row = results[n]
        ref = _rate(row.get("embed"), cpu)
        cells = []
        for run in RUNS:
            r = row.get(run)
            if not r:
                cells.append(f"{'not run':>24}")
                continue
            rate = _rate(r, cpu)
            x = f" {rate / ref:5.2f}x" if ref else ""
            on = f"[{r['papers']:,}]" if run in ("embed", "embed16", "yake") and r["papers"] != int(n) else ""
            cells.append(f"{rate:>8.1f}/s{x} {r['rss_mb'] / 1024:4.1f}GB{on:>0}".rjust(24))
        lines.append(f"{int(n):>7,}  " + "".join(cells))
    lines.append(
        "incremental: the last 1,000 of N + 1,000 papers on a cache that holds the first N "
        "(papers/s counts all N + 1,000)."
    )
    lines.append("[n]: measured on the first n papers (embedding-only and YAKE cost per paper does not grow with N).")
    for n in sorted(results, key=int):
        for run in ("fast", "cold"):
            r = results[n].get(run)
            if r and "nodes" in r:
                lines.append(
                    f"{int(n):,} {run}: {r['seconds']:,.0f} s ({r.get('cpu_s', 0):,.0f} CPU-s), graph {r['nodes']:,} nodes, "
                    f"{r['edges']:,} edges, {r['concepts']:,} concepts, GraphML {r['graphml_mb']:,.0f} MB"
                )
    return "\n".join(lines)


def from_time_log(path: Path) -> dict:
    """A build measured outside this script, e.g. the 79,345-abstract fast build run once as

        /usr/bin/time -v graphkit build --fast abstracts.jsonl.gz -o g.graphml -q > run.log 2>&1

    read back from its log: wall and CPU time and peak RSS from time's report, papers,
    concepts, nodes and edges from graphkit's closing lines, the GraphML's size from the file.
    time's peak RSS is the biggest single process's: with the model in child processes (the
    default mode from 20,000 abstracts, graphkit.extract.apart) the build and a child together
    hold more, so such a build is recorded with GRAPHKIT_MODEL_APART=0 or measured here."""
    import re

    text = path.read_text(encoding="utf-8", errors="replace")

    def grab(pattern: str) -> str:
        m = re.search(pattern, text)
        if not m:
            sys.exit(f"{path}: no {pattern!r}; is this the log of /usr/bin/time -v graphkit build?")
        return m.group(1)

    clock = [float(x) for x in grab(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)").split(":")]
    seconds = sum(x * 60**i for i, x in enumerate(reversed(clock)))
    graphml = Path(grab(r"Wrote (\S+\.graphml)"))
    return {
        "papers": int(grab(r"Read ([\d,]+) papers").replace(",", "")),
        "seconds": seconds,
        "cpu_s": float(grab(r"User time \(seconds\): ([\d.]+)")) + float(grab(r"System time \(seconds\): ([\d.]+)")),
        "rss_mb": int(grab(r"Maximum resident set size \(kbytes\): (\d+)")) / 1024,
        "nodes": int(grab(r"Graph: ([\d,]+) nodes").replace(",", "")),
        "edges": int(grab(r"nodes, ([\d,]+) edges").replace(",", "")),
        "concepts": int(grab(r"Found ([\d,]+) concepts").replace(",", "")),
        "graphml_mb": graphml.stat().st_size / 1e6 if graphml.exists() else 0.0,
        "source": str(path),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1000,10000,79345")
    ap.add_argument("--runs", default=",".join(RUNS), help=f"comma-separated, of: {', '.join(RUNS)}")
    ap.add_argument("--reference-limit", type=int, default=1000)
    ap.add_argument("--table", action="store_true", help="only print the table of exports/speed.json")
    ap.add_argument(
        "--cpu", action="store_true", help="rates per CPU-second instead of wall-clock (for a shared, busy machine)"
    )
    ap.add_argument("--one", nargs=3, metavar=("RUN", "N", "FOLDER"), help=argparse.SUPPRESS)
    ap.add_argument(
        "--record",
        nargs=3,
        metavar=("RUN", "N", "LOG"),
        help="store a build measured outside (the log of /usr/bin/time -v graphkit build ...) as RUN on N papers",
    )
    args = ap.parse_args()
    if args.one:
        run, n, folder = args.one
        print(json.dumps(one(run, int(n), Path(folder), args.reference_limit)))
        return
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    if args.record:
        run, n, log = args.record
        results.setdefault(str(int(n)), {})[run] = from_time_log(Path(log))
        RESULTS.parent.mkdir(exist_ok=True)
        RESULTS.write_text(json.dumps(results, indent=1))
    elif not args.table:
        for n in [int(s) for s in args.sizes.split(",")]:
            for run in args.runs.split(","):
                if run not in RUNS:
                    sys.exit(f"unknown run {run!r} (runs: {', '.join(RUNS)})")
                r = _measure(run, n, args.reference_limit)
                fill = r.pop("fill", None)
                results.setdefault(str(n), {})[run] = r
                if fill and "cold" not in args.runs.split(","):
                    results[str(n)]["cold"] = fill  # the warm run's first build, on an empty cache
                RESULTS.parent.mkdir(exist_ok=True)
                RESULTS.write_text(json.dumps(results, indent=1))
                print(
                    f"{run} {n:,}: {r['papers']:,} papers in {r['seconds']:,.1f} s, peak RSS {r['rss_mb']:,.0f} MB",
                    flush=True,
                )
    print(table(results, cpu=args.cpu))


if __name__ == "__main__":
    main()
