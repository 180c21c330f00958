"""Questions asked of a built graph: concepts, their papers, a concept's neighbourhood."""

from __future__ import annotations

import difflib

import networkx as nx

from . import schema as S
from . import text as T
from .errors import ConceptNotFound

__all__ = ["concepts", "find_concept", "papers_for", "neighbourhood", "paper_display_title"]


def _concept_nodes(g: nx.MultiDiGraph):
    return list(S.nodes_of(g, S.CONCEPT))


def concepts(g: nx.MultiDiGraph, top: int | None = None) -> list[dict]:
    """Concepts, most papers first: key, name, kind, paper_count, aliases, first_year, source."""
    rows = [
        {"key": d.get("key"), "name": d.get("name"), "kind": d.get("kind", "term"),
         "paper_count": int(d.get("paper_count", 0)), "aliases": list(d.get("aliases", [])),
         "first_year": d.get("first_year"), "source": d.get("source") or "extracted"}
        for _, d in _concept_nodes(g)
    ]
    rows.sort(key=lambda r: (-r["paper_count"], r["name"].lower()))
    return rows[:top] if top else rows


def find_concept(g: nx.MultiDiGraph, name: str) -> str:
    """The node of the concept with that name, alias or key (case, plural and hyphens ignored)."""
    want = name.strip()
    if not want:
        raise ConceptNotFound(name)
    nodes = [(n, d, [d.get("name", ""), d.get("key", ""), *d.get("aliases", [])]) for n, d in _concept_nodes(g)]
    exact = [(-(d.get("paper_count") or 0), n) for n, d, labels in nodes if want in labels]
    if exact:  # found as written: no stemming (loading the stemmer alone costs ~2 s of CPU)
        return min(exact)[1]
    want_mk = T.merge_key(T.phrase_key(want.split()))
    loose = [(-(d.get("paper_count") or 0), n) for n, d, labels in nodes
             if any(lbl.lower() == want.lower() or T.merge_key(T.phrase_key(lbl.split())) == want_mk for lbl in labels)]
    if loose:
        return min(loose)[1]
    names = [d.get("name", "") for _, d in _concept_nodes(g)]
    raise ConceptNotFound(name, difflib.get_close_matches(want, names, n=3, cutoff=0.6))


def paper_display_title(d: dict, words: int = 14) -> str:
    """A paper's title, or the opening words of its abstract when it has none."""
    if d.get("title"):
        return d["title"]
    ws = T.clean(d.get("abstract") or "").split()
    return " ".join(ws[:words]) + (" …" if len(ws) > words else "")


def papers_for(g: nx.MultiDiGraph, name: str) -> list[dict]:
    """Papers that mention the concept, most relevant first."""
    node = find_concept(g, name)
    rows = []
    for u, _, k, d in g.in_edges(node, keys=True, data=True):
        if k != S.MENTIONS:
            continue
        p = g.nodes[u]
        rows.append({"id": p.get("id"), "title": paper_display_title(p), "year": p.get("year"),
                     "score": float(d.get("score", 0.0)), "rank": int(d.get("rank", 0)),
                     "evidence": d.get("evidence", "")})
    rows.sort(key=lambda r: (-r["score"], r["rank"], str(r["id"])))
    return rows


def neighbourhood(g: nx.MultiDiGraph, name: str, depth: int = 1, max_concepts: int = 60,
                  max_papers: int = 300) -> nx.MultiDiGraph:
    """The concept (a name, alias, key or node id), the papers that mention it, the concepts
    those papers share, and the concepts that co-occur with it; ``depth`` repeats the step
    from the new concepts.

    Returns a new graph (the input is never modified), capped at ``max_concepts``
    concepts and ``max_papers`` papers per step, strongest first.
    """
    center = name if S.node_type(g.nodes.get(name, {})) == S.CONCEPT else find_concept(g, name)
    keep = {center}
    frontier = {center}
    for _ in range(max(1, depth)):
        best: dict[str, float] = {}
        for c in frontier:
            for u, _, k, d in g.in_edges(c, keys=True, data=True):
                if k == S.MENTIONS:
                    best[u] = max(best.get(u, 0.0), float(d.get("score", 0.0)))
        papers = set(sorted(best, key=lambda p: (-best[p], p))[:max_papers])
        weight: dict[str, float] = {}
        for p in papers:
            for _, c, k in g.out_edges(p, keys=True):
                if k == S.MENTIONS and c not in keep:
                    weight[c] = weight.get(c, 0.0) + 1.0
        for c in frontier:
            for u, v, k, d in list(g.out_edges(c, keys=True, data=True)) + list(g.in_edges(c, keys=True, data=True)):
                other = v if u == c else u
                if k == S.CO_OCCURS and other not in keep:
                    weight[other] = weight.get(other, 0.0) + float(d.get("strength", 0.0))
        new = sorted(weight, key=lambda c: (-weight[c], c))[:max_concepts]
        keep |= papers
        keep |= set(new)
        frontier = set(new)
        if not frontier:
            break
    return g.subgraph(keep).copy()
