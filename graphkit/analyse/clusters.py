"""Clusters of concepts: Leiden (graspologic-native, MIT, a maintained Rust implementation) on
the co-occurrence graph, each cluster named by its most distinctive concepts."""

from __future__ import annotations

import networkx as nx

from ..errors import MissingDependency
from ._types import concept_nodes

__all__ = ["cooccurrence_graph", "leiden_clusters", "partition", "cluster_names"]


def cooccurrence_graph(g, nodes=None) -> nx.Graph:
    """Concepts (all, or ``nodes``) and their CO_OCCURS edges as a simple weighted graph.

    ``weight`` is the association strength (papers in common / sqrt of each one's papers), so a
    concept in every paper does not pull everything into its cluster; ``papers`` the count.
    """
    keep = set(concept_nodes(g) if nodes is None else nodes)
    s = nx.Graph()
    s.add_nodes_from(n for n in g.nodes if n in keep)
    for u, v, k, d in g.edges(keys=True, data=True):
        if k == "CO_OCCURS" and u in keep and v in keep and u != v:
            s.add_edge(u, v, weight=float(d.get("strength", 0.0)) or 1e-6, papers=int(d.get("weight", 1)))
    return s


def leiden_clusters(g, *, resolution: float = 1.0, seed: int = 7, nodes=None) -> dict:
    """Concept node -> cluster number: 0 is the biggest cluster; -1 a concept that co-occurs with none.

    The same clusters as ``partition(cooccurrence_graph(g, nodes))``, from the edges as numbers:
    the NetworkX copy of 757,000 CO_OCCURS edges (79,345 abstracts) took about 0.3 GB."""
    keep = set(concept_nodes(g) if nodes is None else nodes)
    order = [n for n in g.nodes if n in keep]
    index = {n: i for i, n in enumerate(order)}
    adjacent: list[dict[int, float]] = [{} for _ in order]  # as nx.Graph keeps them: first-added order
    for u, v, k, d in g.edges(keys=True, data=True):
        if k == "CO_OCCURS" and u in keep and v in keep and u != v:
            i, j, w = index[u], index[v], float(d.get("strength", 0.0)) or 1e-6
            adjacent[i][j] = adjacent[j][i] = w
    edges = [(i, j, w) for i, near in enumerate(adjacent) for j, w in near.items() if j > i]  # nx.Graph's edge order
    del adjacent
    return _leiden(order, edges, resolution, seed)


def partition(s: nx.Graph, *, resolution: float = 1.0, seed: int = 7) -> dict:
    """Leiden on a simple graph with ``weight`` on its edges: node -> cluster (0 biggest, -1 no edges)."""
    order = list(s.nodes)
    index = {n: i for i, n in enumerate(order)}
    return _leiden(order, [(index[u], index[v], d["weight"]) for u, v, d in s.edges(data=True)], resolution, seed)


def _leiden(order: list, edges: list[tuple[int, int, float]], resolution: float, seed: int) -> dict:
    """Leiden over nodes ``order`` and weighted edges between their positions."""
    try:
        import graspologic_native as gn
    except ImportError:
        raise MissingDependency("clusters need graspologic-native: pip install graspologic-native") from None
    out = {n: -1 for n in order}
    if not edges:
        return out
    # graspologic-native takes string node ids: the nodes' positions, so any node key works
    _, part = gn.leiden(
        [(str(i), str(j), w) for i, j, w in edges], resolution=resolution, seed=seed, trials=3, iterations=2
    )
    groups: dict[int, list] = {}
    for i, c in part.items():
        groups.setdefault(c, []).append(order[int(i)])
    ordered = sorted(groups.values(), key=lambda ns: (-len(ns), min(map(str, ns))))
    for number, members in enumerate(ordered):
        for n in members:
            out[n] = number
    return out


def cluster_names(g, clusters: dict | None = None, *, words: int = 3) -> dict[int, str]:
    """Cluster number -> a name from its most distinctive concepts ("GAN · image synthesis · VAE").

    A concept is distinctive for its cluster when it has many papers and most of its
    co-occurrence weight stays inside the cluster: score = papers x (inside / all)^2.
    """
    if clusters is None:
        clusters = {n: int(d["cluster"]) for n, d in g.nodes(data=True) if "cluster" in d}
    s = cooccurrence_graph(g, [n for n, c in clusters.items() if c >= 0])
    scored: dict[int, list] = {}
    for n in s.nodes:
        c = clusters[n]
        total = sum(d["papers"] for _, _, d in s.edges(n, data=True))
        inside = sum(d["papers"] for _, m, d in s.edges(n, data=True) if clusters.get(m) == c)
        share = inside / total if total else 0.0
        papers = int(g.nodes[n].get("paper_count", 0))
        scored.setdefault(c, []).append((-(papers * share * share), str(g.nodes[n].get("name", n)), n))
    names = {}
    for c, items in scored.items():
        items.sort()
        names[c] = " · ".join(name for _, name, _ in items[:words])
    return names
