"""Helpers shared by the benchmarks: where the big data sets are, timing, a local Neo4j."""

from __future__ import annotations

import gzip
import json
import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("GRAPHKIT_SHARED_DATA", ROOT.parent / "shared" / "data"))


def shared(*parts: str) -> Path:
    path = SHARED.joinpath(*parts)
    if not path.exists():
        sys.exit(f"benchmark data not found: {path} (set GRAPHKIT_SHARED_DATA to the shared data folder)")
    return path


def scale_records(n: int) -> list[dict]:
    """The first n records of the 79,345-abstract scale set."""
    out = []
    with gzip.open(shared("scale", "abstracts.jsonl.gz"), "rt", encoding="utf-8") as fh:
        for line in fh:
            out.append(json.loads(line))
            if len(out) == n:
                break
    return out


@contextmanager
def timed(label: str, results: dict):
    t = time.perf_counter()
    yield
    results[label] = time.perf_counter() - t


def rss_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _tree_rss_mb() -> float:
    """This process's RSS plus its descendants' now (Linux /proc; elsewhere this process's peak)."""
    pids, i, total = [os.getpid()], 0, 0.0
    while i < len(pids):
        try:
            for task in os.listdir(f"/proc/{pids[i]}/task"):
                with open(f"/proc/{pids[i]}/task/{task}/children") as f:
                    pids += [int(x) for x in f.read().split()]
        except OSError:
            pass  # a process that ended meanwhile
        i += 1
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as f:
                total += next((int(line.split()[1]) for line in f if line.startswith("VmRSS:")), 0) / 1024
        except OSError:
            pass
    return total if os.path.isdir("/proc/self/task") else rss_mb()


class TreePeak:
    """The peak memory of a build whose model may run in child processes
    (graphkit.extract.apart): this process's RSS plus its children's, summed every ``every``
    seconds while the block runs, and never less than this process's own peak (getrusage's
    figure for children is the biggest one's, not their sum)."""

    def __init__(self, every: float = 0.5):
        self.every = every
        self.peak = 0.0

    def __enter__(self) -> TreePeak:
        import threading

        self._stop = threading.Event()

        def sample() -> None:
            while not self._stop.wait(self.every):
                self.peak = max(self.peak, _tree_rss_mb())

        self._thread = threading.Thread(target=sample, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()

    @property
    def mb(self) -> float:
        return max(self.peak, rss_mb())


@contextmanager
def local_neo4j(password: str = "bench-password"):
    """The project's local Neo4j 5.26 in a temporary folder; yields (uri, user, password)."""
    import tempfile

    from graphkit.store.local import local_neo4j as start

    with tempfile.TemporaryDirectory() as home, start(home, password=password, heap="2g") as server:
        yield server["uri"], server["user"], server["password"]


def graph_for(n: int):
    """The graph of the first n scale abstracts, built once and kept in exports/ (ignored by git)."""
    from graphkit.build import build
    from graphkit.export import read_graphml, write_graphml
    from graphkit.read import paper_from_record

    path = ROOT / "exports" / f"bench-scale-{n}.graphml"
    if path.exists():
        return read_graphml(path), path
    papers = [paper_from_record(r, "scale", i) for i, r in enumerate(scale_records(n), start=1)]
    t = time.perf_counter()
    g, _ = build(papers, progress=True)
    print(f"built the graph of {n:,} abstracts in {time.perf_counter() - t:.0f} s")
    write_graphml(g, path)
    return g, path
