"""Commands on a built graph with its query store (.gkq) and without it: wall time and peak RSS
of each command in its own process, and whether the store's answers equal the whole graph's.

    python benchmarks/query_store.py --graph exports/big.graphml            # times, with the store
    python benchmarks/query_store.py --graph exports/big.graphml --whole    # also without it (slow)
    python benchmarks/query_store.py --graph exports/big.graphml --check    # answers, store vs whole

The graph must have been written by ``graphkit build`` (which writes the store beside it). The
concepts asked about are the one with most papers, one with a single paper and a name that is
not there; the paper is the first one.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

from _common import ROOT


def _questions(graph: str) -> tuple[list[list[str]], list[tuple[str, str, tuple]]]:
    """(CLI argument lists, (label, QueryStore method and graphkit.query function, arguments))."""
    from graphkit.qstore import open_store

    qs = open_store(graph)
    if qs is None:
        sys.exit(f"{graph}: no usable query store beside it (build the graph with graphkit build)")
    big = qs.con.execute("SELECT name FROM concepts ORDER BY paper_count DESC, lname LIMIT 1").fetchone()[0]
    small = qs.con.execute("SELECT name FROM concepts ORDER BY paper_count, lname LIMIT 1").fetchone()[0]
    paper = qs.con.execute("SELECT id FROM nodes WHERE id LIKE 'paper:%' ORDER BY rowid LIMIT 1").fetchone()[0]
    paper = paper.removeprefix("paper:")
    qs.close()
    page = os.path.join(tempfile.gettempdir(), "graphkit-bench-view.html")
    cli = [
        ["concepts", "--top", "15"],
        ["papers", big],
        ["papers", small],
        ["papers", "no such concept here"],
        ["concepts", "--flow", big],
        ["view", big, "-o", page],
        ["view", small, "-o", page],
        ["view", big, "--depth", "2", "-o", page],
        ["papers", "--cited-by", paper],
        ["view", "--paper", paper, "-o", page],
    ]
    api = [("concepts --top 15", "concepts", "concepts", (15,))]
    for name in (big, small, "no such concept here"):
        api += [(f"papers {name}", "papers", "papers_for", (name,)), (f"flow {name}", "flow", "concept_flow", (name,))]
    for name in (big, small):
        api += [(f"view {name} --depth {d}", "neighbourhood", "neighbourhood", (name, d)) for d in (1, 2)]
    api += [
        (f"view --paper {paper}", "paper_neighbourhood", "paper_neighbourhood", (paper,)),
        (f"papers --cited-by {paper}", "citations", "cited_by", (paper,)),
        (f"papers --cites {paper}", "citations", "citing", (paper,)),
    ]
    return cli, api


def _run(graph: str, argv: list[str], whole: bool) -> tuple[float, float, int]:
    """(wall seconds, peak RSS in MB, exit code) of ``graphkit ARGV`` in its own process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if whole:
        env["GRAPHKIT_NO_QUERY_STORE"] = "1"
    cmd = [sys.executable, "-m", "graphkit", argv[0], "--graph", graph, *argv[1:]]
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - t, usage.ru_maxrss / 1024, proc.returncode


def _plain(answer):
    """An answer in a comparable form: a graph as its node and edge lists, in order."""
    if isinstance(answer, tuple):
        return tuple(_plain(a) for a in answer)
    if hasattr(answer, "nodes"):
        return list(answer.nodes(data=True)), list(answer.edges(keys=True, data=True))
    return answer


def _check(graph: str, questions) -> int:
    from graphkit import api, query
    from graphkit.errors import GraphkitError
    from graphkit.qstore import open_store

    def answer(fn, g, args):
        try:
            if fn == "neighbourhood":
                return _plain(query.neighbourhood(g, args[0], depth=args[1]))
            return _plain(getattr(query, fn)(g, *args))
        except GraphkitError as e:
            return ("error", str(e))

    t = time.perf_counter()
    whole = api.load_graph(graph)
    print(f"whole graph loaded in {time.perf_counter() - t:.1f} s")
    qs = open_store(graph)
    assert qs is not None
    differ = 0
    for label, method, fn, args in questions:
        t = time.perf_counter()
        try:
            small = getattr(qs, method)(*args[: 2 if method == "neighbourhood" else 1])
        except GraphkitError as e:
            got = ("error", str(e))
        else:
            got = answer(fn, small, args)
        took = time.perf_counter() - t
        same = got == answer(fn, whole, args)
        differ += not same
        print(f"{'same' if same else 'DIFFERENT':9} {label} ({took:.2f} s from the store)")
    print(f"{len(questions) - differ} of {len(questions)} answers the same")
    return differ


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--graph", required=True, help="a GraphML written by graphkit build")
    ap.add_argument("--whole", action="store_true", help="also time each command without the store")
    ap.add_argument("--check", action="store_true", help="compare every answer with the whole graph's")
    args = ap.parse_args()
    cli, api_questions = _questions(args.graph)
    print(f"{'command':60} {'store':>16} {'whole graph':>18}")
    for argv in cli:
        s, mb, code = _run(args.graph, argv, False)
        whole = ""
        if args.whole:
            ws, wmb, _ = _run(args.graph, argv, True)
            whole = f"{ws:6.2f} s {wmb:7.0f} MB"
        label = " ".join(a if " " not in a else repr(a) for a in argv if not a.endswith(".html") and a != "-o")
        print(f"{label[:60]:60} {s:6.2f} s {mb:6.0f} MB {whole:>18}" + ("" if code in (0, 1) else f"  exit {code}"))
    if args.check:
        sys.exit(1 if _check(args.graph, api_questions) else 0)


if __name__ == "__main__":
    main()
