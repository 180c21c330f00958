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
    """Concept node -> cluster number: 0 is the biggest cluster; -1 a concept that co-occurs with none."""
    return partition(cooccurrence_graph(g, nodes), resolution=resolution, seed=seed)


def partition(s: nx.Graph, *, resolution: float = 1.0, seed: int = 7) -> dict:
    """Leiden on a simple graph with ``weight`` on its edges: node -> cluster (0 biggest, -1 no edges)."""
    try:
        import graspologic_native as gn
    except ImportError:
        raise MissingDependency("clusters need graspologic-native: pip install graspologic-native") from None
    out = {n: -1 for n in s.nodes}
    edges = [(u, v, d["weight"]) for u, v, d in s.edges(data=True)]
    if not edges:
        return out
    # graspologic-native takes string node ids; index them so any node key works
    index = {n: str(i) for i, n in enumerate(s.nodes)}
    back = {i: n for n, i in index.items()}
    _, part = gn.leiden(
        [(index[u], index[v], w) for u, v, w in edges], resolution=resolution, seed=seed, trials=3, iterations=2
    )
    groups: dict[int, list] = {}
    for i, c in part.items():
        groups.setdefault(c, []).append(back[i])
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
