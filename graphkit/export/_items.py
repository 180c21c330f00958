"""What the bibliometric exports share: a one-type network of items (concepts, papers or
authors) with weights, scores, positions and clusters, as VOSviewer and Pajek want it."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import schema as S
from ..errors import GraphFileError, UsageError

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["ITEMS", "PAPER_LINKS", "Item", "ItemNetwork", "item_counts", "item_network"]

#: ``--items`` choices -> node type.
ITEMS = {"concepts": S.CONCEPT, "papers": S.PAPER, "authors": S.AUTHOR}
#: What links two papers in a map of papers, as VOSviewer offers it (one relation a map: summed,
#: a citation and a co-citation of weight 2 had made one link of strength 3).
PAPER_LINKS = {"citation": S.CITES, "coupling": S.COUPLED, "co-citation": S.CO_CITED}
#: The most clusters VOSviewer takes (clusters are 1..1000); smaller ones share the last.
MAX_CLUSTERS = 1000


@dataclass
class Item:
    node: str
    label: str
    url: str
    x: float
    y: float
    cluster: int
    weights: dict[str, float]
    scores: dict[str, float]


@dataclass
class ItemNetwork:
    items: list[Item]  # id = position + 1
    links: list[tuple[int, int, float]]  # (id1, id2, strength), id1 < id2
    weight_names: tuple[str, ...]
    score_names: tuple[str, ...]


def _pairs(g: nx.MultiDiGraph, ntype: str, nodes: set[str], links: str | None = None) -> dict[tuple[str, str], float]:
    """Link strength between two items: the weights of the edges joining them (not BROADER,
    which says one concept is a kind of another, not that papers share them; for papers, the
    one relation ``links`` names, :data:`PAPER_LINKS`), or, for authors of a graph without
    CO_AUTHORED edges, the papers they wrote together."""
    pairs: dict[tuple[str, str], float] = defaultdict(float)
    only = PAPER_LINKS[links or "citation"] if ntype == S.PAPER else None
    for u, v, k, d in g.edges(keys=True, data=True):
        if u in nodes and v in nodes and u != v and k != S.BROADER and (only is None or k == only):
            pairs[tuple(sorted((u, v)))] += float(d.get("weight") or 1)
    if ntype == S.AUTHOR and not pairs:
        by_paper: dict[str, list[str]] = defaultdict(list)
        for u, v, k in g.edges(keys=True):
            if k == S.WROTE and u in nodes:
                by_paper[v].append(u)
        for authors in by_paper.values():
            authors = sorted(set(authors))
            for i, a in enumerate(authors):
                for b in authors[i + 1 :]:
                    pairs[(a, b)] += 1.0
    return pairs


def _years(g: nx.MultiDiGraph, ntype: str, nodes: set[str]) -> dict[str, list[int]]:
    """The publication years behind each item: its papers' (concepts, authors) or its own."""
    years: dict[str, list[int]] = defaultdict(list)
    for n in nodes:
        if ntype == S.PAPER and isinstance(g.nodes[n].get("year"), int):
            years[n].append(g.nodes[n]["year"])
    if ntype != S.PAPER:
        for u, v, k in g.edges(keys=True):
            item, paper = (v, u) if k == S.MENTIONS else (u, v) if k == S.WROTE else (None, None)
            if item in nodes and isinstance(g.nodes[paper].get("year"), int):
                years[item].append(g.nodes[paper]["year"])
    return years


def _occurrences(g: nx.MultiDiGraph, ntype: str, nodes: set[str]) -> tuple[str, Counter]:
    counts: Counter = Counter()
    if ntype == S.CONCEPT:
        return "Occurrences", Counter({n: int(g.nodes[n].get("paper_count") or 0) for n in nodes})
    key, name = (S.CITES, "Citations") if ntype == S.PAPER else (S.WROTE, "Documents")
    for u, v, k in g.edges(keys=True):
        if k == key:
            counts[v if ntype == S.PAPER else u] += 1
    return name, counts


def _clusters(g: nx.MultiDiGraph, order: list[str], pairs: dict) -> dict[str, int]:
    """The ``cluster`` node attribute where every item has one (numbered 1.. by size, the
    unclustered last), else Louvain communities of the item network; clusters are 1..1000 as VOSviewer wants."""
    import networkx as nx

    given = {n: g.nodes[n].get("cluster") for n in order}
    if order and all(c is not None and c != "" for c in given.values()):
        groups: dict = defaultdict(list)
        for n, c in given.items():
            groups[c].append(n)
        # the concepts no cluster holds (cluster -1: isolated or in a tiny component) come last,
        # one group, not as cluster 1 because they are many (1,575 of the dev keyword map's 1,778)
        ranked = sorted(groups.values(), key=lambda ns: (_unclustered(given[ns[0]]), -len(ns), str(given[ns[0]])))
    else:
        simple = nx.Graph()
        simple.add_nodes_from(order)
        simple.add_weighted_edges_from((a, b, w) for (a, b), w in pairs.items())
        ranked = sorted(
            (sorted(c) for c in nx.community.louvain_communities(simple, weight="weight", seed=7)),
            key=lambda ns: (-len(ns), ns[0]),
        )
    return {n: min(i, MAX_CLUSTERS) for i, ns in enumerate(ranked, start=1) for n in ns}


def _unclustered(cluster) -> bool:
    try:
        return int(cluster) < 0
    except (TypeError, ValueError):
        return False


def _positions(g: nx.MultiDiGraph, order: list[str], pairs: dict) -> dict[str, tuple[float, float]]:
    """The items' own ``x``/``y`` where every item has them, else the map's layout
    (:func:`graphkit.analyse.layout.map_layout`, t-SNE of the links, O(n)). The pages' spring
    layout had taken 175 s for a VOSviewer or Pajek file of 12,719 concepts."""
    import networkx as nx

    from ..analyse.layout import map_layout

    if order and all(
        isinstance(g.nodes[n].get("x"), (int, float)) and isinstance(g.nodes[n].get("y"), (int, float)) for n in order
    ):
        return {n: (float(g.nodes[n]["x"]), float(g.nodes[n]["y"])) for n in order}
    simple = nx.Graph()
    simple.add_nodes_from(order)
    top = max(pairs.values(), default=1.0)
    simple.add_edges_from((a, b, {"strength": w / top}) for (a, b), w in pairs.items())
    return map_layout(simple, weight="strength")


def _label(d: dict) -> str:
    """The item's display name: a concept's or author's name, a paper's title or, untitled, the
    opening words of its abstract (:func:`graphkit.schema.display_label`)."""
    return S.display_label(S.node_type(d) or "", d)


def item_counts(g: nx.MultiDiGraph, items: str = "concepts", links: str | None = None) -> tuple[int, int]:
    """How many items and links :func:`item_network` has, without laying them out."""
    _check(items, links)
    nodes = {n for n, _ in S.nodes_of(g, ITEMS[items])}
    return len(nodes), len(_pairs(g, ITEMS[items], nodes, links))


def _check(items: str, links: str | None) -> None:
    if items not in ITEMS:
        raise UsageError(f"--items must be one of {', '.join(ITEMS)}, not {items!r}")
    if links is not None and items != "papers":
        raise UsageError("--links is for a map of papers (--items papers)")
    if links is not None and links not in PAPER_LINKS:
        raise UsageError(f"--links must be one of {', '.join(PAPER_LINKS)}, not {links!r}")


def item_network(g: nx.MultiDiGraph, items: str = "concepts", links: str | None = None) -> ItemNetwork:
    """The network of one item type of ``g``, as VOSviewer and Pajek exports write it; papers
    are linked by one relation, ``links`` (:data:`PAPER_LINKS`, citations by default)."""
    _check(items, links)
    ntype = ITEMS[items]
    order = sorted(n for n, _ in S.nodes_of(g, ntype))
    if not order:  # an empty map written with a success message helps nobody
        raise GraphFileError(f"the graph has no {items}: nothing to map (choose other --items)")
    nodes = set(order)
    pairs = _pairs(g, ntype, nodes, links)
    occ_name, occ = _occurrences(g, ntype, nodes)
    degree: Counter = Counter()
    strength: dict[str, float] = defaultdict(float)
    for (a, b), w in pairs.items():
        for n in (a, b):
            degree[n] += 1
            strength[n] += w
    years = _years(g, ntype, nodes)
    clusters = _clusters(g, order, pairs)
    pos = _positions(g, order, pairs)
    out = []
    for n in order:
        d = g.nodes[n]
        ys = years.get(n, [])
        scores = {"Avg. pub. year": round(sum(ys) / len(ys), 2)} if ys else {}
        out.append(
            Item(
                n,
                _label(d),
                str(d.get("url") or ""),
                round(pos[n][0], 4),
                round(pos[n][1], 4),
                clusters[n],
                {"Links": degree[n], "Total link strength": strength[n], occ_name: occ[n]},
                scores,
            )
        )
    ids = {it.node: i for i, it in enumerate(out, start=1)}
    link_rows = sorted((ids[a], ids[b], w) if ids[a] < ids[b] else (ids[b], ids[a], w) for (a, b), w in pairs.items())
    return ItemNetwork(out, link_rows, ("Links", "Total link strength", occ_name), ("Avg. pub. year",))
