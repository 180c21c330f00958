"""A map layout computed once, up front, so pages open still and GEXF carries the same positions.

t-SNE of the graph (openTSNE, BSD, maintained; its FFT-accelerated gradients are O(n), 50,000
concepts take about a minute): the affinities are the co-occurrence weights, row-normalised
and symmetrised, so concepts that share papers end up close and clusters form islands, much
as in VOSviewer's maps. networkx's forceatlas2_layout is exact O(n^2) per step and took 53 s
for 1,000 nodes and 197 s for 2,000 here, so it does not fit maps of 10,000+ concepts.
Concepts that co-occur with none are laid out on a ring around the map.
"""

from __future__ import annotations

import math

import networkx as nx
import numpy as np

from ..errors import MissingDependency

__all__ = ["map_layout"]

#: the map's coordinates span about [-SPAN, SPAN] on its longer axis
SPAN = 1000.0


def map_layout(s: nx.Graph, *, weight: str = "weight", seed: int = 7) -> dict:
    """Node -> (x, y) for a simple weighted graph (e.g. :func:`~graphkit.analyse.cooccurrence_graph`)."""
    linked = [n for n in s.nodes if s.degree(n) > 0]
    alone = sorted((n for n in s.nodes if s.degree(n) == 0), key=str)
    pos = _embed(s.subgraph(linked), weight, seed) if linked else {}
    pos.update(_ring(alone, pos))
    return pos


def _embed(s: nx.Graph, weight: str, seed: int) -> dict:
    nodes = list(s.nodes)
    if len(nodes) < 12:  # too few points for t-SNE's neighbourhoods
        raw = nx.spring_layout(s, weight=weight, seed=seed)
        xy = np.array([raw[n] for n in nodes], dtype=float)
    else:
        xy = _tsne(nx.to_scipy_sparse_array(s, nodelist=nodes, weight=weight, format="csr"), seed)
    xy = xy - xy.mean(axis=0)
    extent = float(np.abs(xy).max()) or 1.0
    xy = xy * (SPAN / extent)
    xy = _spread(xy, SPAN * 0.005)
    return {n: (round(float(x), 2), round(float(y), 2)) for n, (x, y) in zip(nodes, xy)}


_GOLDEN_ANGLE = math.pi * (3 - math.sqrt(5))


def _spread(xy: np.ndarray, gap: float) -> np.ndarray:
    """Concepts with the same neighbours (say, all from one paper) land on one point: each one
    after the first within ``gap`` of a point goes on a small sunflower around it, ``gap`` apart.
    (A seeded random jitter did this before; two of 120 points of a caveman graph still fell
    on one spot on another machine's t-SNE numbers.)"""
    out = xy.copy()
    anchors: dict[tuple[int, int], list[int]] = {}  # grid cell of side gap -> the first points in it
    spread: dict[int, int] = {}  # anchor -> points put around it so far
    for i, (x, y) in enumerate(xy):
        cx, cy = math.floor(x / gap), math.floor(y / gap)
        near = (j for dx in (-1, 0, 1) for dy in (-1, 0, 1) for j in anchors.get((cx + dx, cy + dy), ()))
        anchor = next((j for j in near if math.dist(xy[j], (x, y)) < gap), None)
        if anchor is None:
            anchors.setdefault((cx, cy), []).append(i)
            spread[i] = 0
        else:
            k = spread[anchor] = spread[anchor] + 1
            r, t = gap * math.sqrt(k), k * _GOLDEN_ANGLE
            out[i] = xy[anchor] + (r * math.cos(t), r * math.sin(t))
    return out


def _tsne(a, seed: int) -> np.ndarray:
    try:
        from openTSNE import TSNE, affinity, initialization
    except ImportError:
        raise MissingDependency("map layouts need openTSNE: pip install openTSNE") from None
    from scipy import sparse

    a = sparse.csr_matrix(a, dtype=np.float64)
    a.data = np.maximum(a.data, 1e-9)
    rows = np.asarray(a.sum(axis=1)).ravel()
    p = sparse.diags(1.0 / rows) @ a
    p = (p + p.T) / (2 * a.shape[0])
    n = a.shape[0]
    init = initialization.spectral(a, n_components=2, random_state=seed)
    tsne = TSNE(
        n_components=2,
        random_state=seed,
        n_jobs=1,
        verbose=False,
        negative_gradient_method="fft" if n > 5000 else "bh",
        n_iter=500,
    )
    return np.asarray(tsne.fit(affinities=affinity.PrecomputedAffinities(p, normalize=True), initialization=init))


def _ring(nodes: list, placed: dict) -> dict:
    """Nodes without edges, on rings just outside what is placed, in name order."""
    if not nodes:
        return {}
    radius = max((math.hypot(x, y) for x, y in placed.values()), default=0.0) * 1.08 or SPAN
    out, i, ring = {}, 0, 0
    step = SPAN / 40
    while i < len(nodes):
        r = radius + ring * step
        count = max(1, int(2 * math.pi * r / step))
        for j in range(min(count, len(nodes) - i)):
            a = 2 * math.pi * j / count
            out[nodes[i]] = (round(r * math.cos(a), 2), round(r * math.sin(a), 2))
            i += 1
        ring += 1
    return out
