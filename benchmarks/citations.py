"""The citation graph: build time and the sizes of CITES and the derived networks, on the
3,543 ACL/EMNLP papers of ../shared/data/citations (9,553 references: 9,551 to papers of
the set, 2 to one paper outside it) and on every export in ../shared/data/formats.

    python benchmarks/citations.py            # the citation half: read, resolve, derive, graph
    python benchmarks/citations.py --full     # the whole build, concepts too (KeyBERT: minutes)
"""

from __future__ import annotations

import argparse
import json
import time

from _common import rss_mb, shared


def measure(paths: list, full: bool) -> dict:
    from graphkit.build import build, build_graph
    from graphkit.link import Linked
    from graphkit.read import read_papers
    from graphkit.schema import AUTHOR, node_type, paper_node

    t0 = time.perf_counter()
    papers, formats = read_papers(paths)
    t1 = time.perf_counter()
    if full:
        g, _ = build(papers)
    else:
        g = build_graph(papers, Linked(concepts=[], mentions=[], broader=[], forms={}, merges=[]))
    t2 = time.perf_counter()
    corpus = {paper_node(p.id) for p in papers}
    rels: dict[str, int] = {}
    for *_, k in g.edges(keys=True):
        rels[k] = rels.get(k, 0) + 1
    cites_inside = sum(1 for u, v, k in g.edges(keys=True) if k == "CITES" and u in corpus and v in corpus)
    return {
        "files": {str(k): v for k, v in formats.items()},
        "papers": len(papers),
        "with_abstract": sum(1 for p in papers if p.abstract),
        "external_papers": sum(1 for _, d in g.nodes(data=True) if d.get("external")),
        "authors": sum(1 for _, d in g.nodes(data=True) if node_type(d) == AUTHOR),
        "cites": rels.get("CITES", 0),
        "cites_inside_corpus": cites_inside,
        "co_cited": rels.get("CO_CITED", 0),
        "coupled": rels.get("COUPLED", 0),
        "co_authored": rels.get("CO_AUTHORED", 0),
        "mentions": rels.get("MENTIONS", 0),
        "read_s": round(t1 - t0, 2),
        "build_s": round(t2 - t1, 2),
        "peak_rss_mb": round(rss_mb()),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--full", action="store_true", help="also extract concepts (the whole build)")
    args = ap.parse_args()
    acl = measure([shared("citations", "acl_emnlp_2014_2018.jsonl")], args.full)
    print("ACL/EMNLP 2014-2018:", json.dumps(acl, indent=1))
    formats = sorted(p for p in shared("formats").iterdir() if p.is_file())
    each = {p.name: measure([p], False) for p in formats}
    for name, r in each.items():
        print(
            f"{name:34} {r['papers']:>4} papers, {r['cites']:>5} CITES ({r['external_papers']:>5} external), "
            f"{r['co_cited']:>6} CO_CITED, {r['coupled']:>5} COUPLED, {r['co_authored']:>4} CO_AUTHORED, "
            f"{r['read_s'] + r['build_s']:.2f} s"
        )
    together = measure(formats, args.full)
    print("all of formats/ as one corpus:", json.dumps({k: v for k, v in together.items() if k != "files"}, indent=1))


if __name__ == "__main__":
    main()
