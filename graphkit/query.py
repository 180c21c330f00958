"""Questions asked of a built graph: concepts, their papers, a concept's neighbourhood."""

from __future__ import annotations

import difflib

import networkx as nx

from . import schema as S
from . import text as T
from .errors import ConceptNotFound, PaperNotFound

__all__ = [
    "concepts",
    "find_concept",
    "papers_for",
    "neighbourhood",
    "paper_display_title",
    "find_paper",
    "paper_row",
    "citing",
    "cited_by",
    "most_cited",
    "paper_neighbourhood",
    "concept_flow",
]


def _concept_nodes(g: nx.MultiDiGraph):
    return list(S.nodes_of(g, S.CONCEPT))


def concepts(g: nx.MultiDiGraph, top: int | None = None) -> list[dict]:
    """Concepts, most papers first: key, name, kind, paper_count, aliases, first_year, source."""
    rows = [concept_row(d) for _, d in _concept_nodes(g)]
    rows.sort(key=lambda r: (-r["paper_count"], r["name"].lower()))
    return rows[:top] if top else rows


def concept_row(d: dict) -> dict:
    """A concept's row in :func:`concepts`, from its node's attributes."""
    return {
        "key": d.get("key"),
        "name": d.get("name"),
        "kind": d.get("kind", "term"),
        "paper_count": int(d.get("paper_count", 0)),
        "aliases": list(d.get("aliases", [])),
        "first_year": d.get("first_year"),
        "source": d.get("source") or "extracted",
    }


def find_concept(g: nx.MultiDiGraph, name: str) -> str:
    """The node of the concept with that name, alias or key (case, plural and hyphens ignored)."""
    want = name.strip()
    if not want:
        raise ConceptNotFound(name)
    nodes = [(n, d, [d.get("name", ""), d.get("key", ""), *d.get("aliases", [])]) for n, d in _concept_nodes(g)]
    # a concept's own name as written first: "visual slam" is the concept of that name, though
    # "visual SLAM"'s key is "visual slam" too (3,000 scale abstracts of 2019-22)
    named = [(-(d.get("paper_count") or 0), n) for n, d, labels in nodes if labels[0] == want]
    if named:
        return min(named)[1]
    exact = [(-(d.get("paper_count") or 0), n) for n, d, labels in nodes if want in labels]
    if exact:  # found as written: no stemming (loading the stemmer alone costs ~2 s of CPU)
        return min(exact)[1]
    want_mk = T.merge_key(T.phrase_key(want.split()))
    loose = [
        (-(d.get("paper_count") or 0), n)
        for n, d, labels in nodes
        if any(lbl.lower() == want.lower() or T.merge_key(T.phrase_key(lbl.split())) == want_mk for lbl in labels)
    ]
    if loose:
        return min(loose)[1]
    raise concept_not_found(name, [d.get("name", "") for _, d in _concept_nodes(g)])


def concept_not_found(name: str, names: list[str]) -> ConceptNotFound:
    """The error for a concept not found, suggesting the closest of ``names`` (every concept's)."""
    return ConceptNotFound(name, difflib.get_close_matches(name.strip(), names, n=3, cutoff=0.6))


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
        rows.append(
            {
                "id": p.get("id"),
                "title": paper_display_title(p),
                "year": p.get("year"),
                "score": float(d.get("score", 0.0)),
                "rank": int(d.get("rank", 0)),
                "evidence": d.get("evidence", ""),
            }
        )
    rows.sort(key=lambda r: (-r["score"], r["rank"], str(r["id"])))
    return rows


def neighbourhood(
    g: nx.MultiDiGraph, name: str, depth: int = 1, max_concepts: int = 60, max_papers: int = 300
) -> nx.MultiDiGraph:
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
    return _induced(g, keep)


def _induced(g: nx.MultiDiGraph, keep: set) -> nx.MultiDiGraph:
    """The subgraph of ``keep`` as a new graph: its nodes sorted by id, each one's edges in the
    graph's order (``g.subgraph(keep).copy()`` follows the set's order, which changes from run
    to run, and so did the pages drawn from it)."""
    sub = nx.MultiDiGraph()
    sub.graph.update(g.graph)
    nodes = sorted(keep)
    sub.add_nodes_from((n, g.nodes[n]) for n in nodes)
    sub.add_edges_from(
        (u, v, k, d) for u in nodes for v, keyed in g.succ[u].items() if v in keep for k, d in keyed.items()
    )
    return sub


# -- citations -----------------------------------------------------------------------------


def _bare_id(key: str) -> str:
    """A work's id as graphkit keeps it: an OpenAlex work's URL is its W... id (a reviewer's
    ``--cites https://openalex.org/W2741809807`` had found nothing)."""
    key = key.strip()
    for prefix in ("https://openalex.org/", "http://openalex.org/"):
        if key.lower().startswith(prefix):
            return key[len(prefix) :]
    return key


def find_paper(g: nx.MultiDiGraph, key: str) -> str:
    """The node of the paper with that id (or node id), another id of it (a work two exports
    hold: its WOS: and its 2-s2.0- id), or that DOI in any of its forms."""
    from .biblio import normalise_doi

    key = _bare_id(key)
    for node in (key, f"paper:{key}"):
        if S.is_type(g.nodes.get(node, {}), S.PAPER):
            return node
    doi = normalise_doi(key)
    for n, d in g.nodes(data=True):
        if S.is_type(d, S.PAPER) and ((doi and d.get("doi") == doi) or key in (d.get("ids") or ())):
            return n
    raise PaperNotFound(key)


def paper_row(g: nx.MultiDiGraph, node: str) -> dict:
    d = g.nodes[node]
    return {
        "id": d.get("id"),
        "title": paper_display_title(d),
        "year": d.get("year"),
        "doi": d.get("doi", ""),
        "authors": list(d.get("authors") or []),
        "external": bool(d.get("external", False)),
        "cited_by": sum(1 for _, _, k in g.in_edges(node, keys=True) if k == "CITES"),
    }


def _sorted(rows: list[dict]) -> list[dict]:
    return sorted(rows, key=lambda r: (-r["cited_by"], r["year"] is None, r["year"] or 0, str(r["id"])))


def citing(g: nx.MultiDiGraph, key: str) -> list[dict]:
    """The papers that cite the paper ``key`` (id or DOI), most cited first."""
    node = find_paper(g, key)
    return _sorted([paper_row(g, u) for u, _, k in g.in_edges(node, keys=True) if k == "CITES"])


def most_cited(g: nx.MultiDiGraph, top: int = 20) -> list[dict]:
    """The ``top`` works the graph's papers cite most (in the corpus or outside it), most cited
    first: what a citation map is built around, without Neo4j."""
    cited = {v for _, v, k in g.edges(keys=True) if k == "CITES"}
    return _sorted([paper_row(g, n) for n in cited])[:top]


def cited_by(g: nx.MultiDiGraph, key: str) -> list[dict]:
    """The works the paper ``key`` cites (its resolved references), most cited first."""
    node = find_paper(g, key)
    return _sorted([paper_row(g, v) for _, v, k in g.out_edges(node, keys=True) if k == "CITES"])


def paper_neighbourhood(g: nx.MultiDiGraph, key: str, *, max_related: int = 40) -> tuple[nx.MultiDiGraph, str]:
    """A paper's citation neighbourhood: what it cites, what cites it, its strongest
    co-cited and coupled papers, its authors and the concepts it mentions."""
    node = find_paper(g, key)
    keep = {node}
    related: dict[str, float] = {}
    for u, v, k, d in list(g.in_edges(node, keys=True, data=True)) + list(g.out_edges(node, keys=True, data=True)):
        other = v if u == node else u
        if k in ("CITES", "WROTE", "MENTIONS"):
            keep.add(other)
        elif k in ("CO_CITED", "COUPLED"):
            related[other] = max(related.get(other, 0.0), float(d.get("weight", 0)))
    keep |= set(sorted(related, key=lambda n: (-related[n], n))[:max_related])
    return _induced(g, keep), node


def concept_flow(g: nx.MultiDiGraph, name: str) -> dict:
    """How a concept spread along citations: its earliest papers (the first year it is
    mentioned) and every later paper that mentions it while citing an earlier or same-year paper
    that does (a paper of the same year may well be the source: a preprint, an earlier issue).

    Returns ``{"concept", "first_year", "earliest": [paper rows], "adopters": [paper rows
    each with "cites": [ids of the earlier papers with the concept it cites]], "citing": the
    number of its papers that cite any work}``, adopters by year."""
    node = find_concept(g, name)
    with_concept = {u for u, _, k in g.in_edges(node, keys=True) if k == "MENTIONS"}
    years = [g.nodes[p].get("year") for p in with_concept if g.nodes[p].get("year") is not None]
    first = min(years) if years else None
    earliest = [p for p in with_concept if first is not None and g.nodes[p].get("year") == first]
    adopters = []
    for p in with_concept:
        year = g.nodes[p].get("year")
        sources = [
            v
            for _, v, k in g.out_edges(p, keys=True)
            if k == "CITES"
            and v in with_concept
            and (year is None or g.nodes[v].get("year") is None or g.nodes[v]["year"] <= year)
        ]
        if sources:
            row = paper_row(g, p)
            row["cites"] = sorted(g.nodes[v]["id"] for v in sources)
            adopters.append(row)
    adopters.sort(key=lambda r: (r["year"] is None, r["year"] or 0, str(r["id"])))
    return {
        "concept": g.nodes[node].get("name"),
        "first_year": first,
        "earliest": _sorted([paper_row(g, p) for p in earliest]),
        "adopters": adopters,
        "citing": sum(1 for p in with_concept if any(k == "CITES" for _, _, k in g.out_edges(p, keys=True))),
    }
