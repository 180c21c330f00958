"""Analysis of a built graph: clusters of the co-occurrence graph, concepts over time (counts
per year, bursts, rising concepts) and a map layout computed once in Python.

Each function reads a graph and returns plain data; :func:`annotate` writes the results onto
the Concept nodes of a graph the caller owns (the builder does this), as ``cluster``,
``mean_year`` and ``burst_start``/``burst_end``/``burst_strength``.
"""

from __future__ import annotations

from .clusters import cluster_names, cooccurrence_graph, leiden_clusters, partition
from .layout import map_layout
from .time import Burst, concept_bursts, concept_year_counts, kleinberg_bursts, mean_years, papers_per_year, rising

__all__ = [
    "Burst",
    "annotate",
    "cluster_names",
    "concept_bursts",
    "concept_year_counts",
    "cooccurrence_graph",
    "kleinberg_bursts",
    "leiden_clusters",
    "map_layout",
    "partition",
    "mean_years",
    "papers_per_year",
    "rising",
]


def annotate(g, *, seed: int = 7) -> None:
    """Write ``cluster``, ``mean_year`` and the strongest burst onto every Concept node of ``g`` (in place)."""
    from ._types import concept_nodes

    clusters = leiden_clusters(g, seed=seed)
    years = mean_years(g)
    bursts = concept_bursts(g)
    for n in concept_nodes(g):
        d = g.nodes[n]
        d["cluster"] = clusters.get(n, -1)
        if n in years:
            d["mean_year"] = years[n]
        b = bursts.get(n)
        if b is not None:
            d.update(burst_start=b.start, burst_end=b.end, burst_strength=b.strength)
