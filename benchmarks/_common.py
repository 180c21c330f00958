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
