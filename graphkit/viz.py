"""What a map looks like, computed once in Python for the WebGL page and the GEXF export alike:
cluster colours, node sizes, year colours and positions."""

from __future__ import annotations

import math

__all__ = ["PALETTE", "UNCLUSTERED", "cluster_color", "node_size", "year_color", "hex_rgb", "gexf_viz"]

#: cluster colours, cluster 0 (the biggest) first; readable on white, distinct side by side
PALETTE = (
    "#e6194b",
    "#3cb44b",
    "#4363d8",
    "#f58231",
    "#911eb4",
    "#42d4f4",
    "#f032e6",
    "#9a6324",
    "#469990",
    "#800000",
    "#808000",
    "#000075",
    "#bfa300",
    "#e377c2",
    "#17becf",
    "#8c564b",
    "#bcbd22",
    "#1f77b4",
    "#ff7f0e",
    "#2ca02c",
)
#: concepts in no cluster, and clusters past the palette
UNCLUSTERED = "#9aa0a6"
# viridis at 6 stops (dark violet = oldest, yellow = newest), as VOSviewer's overlay view
_YEAR_STOPS = ((68, 1, 84), (65, 68, 135), (42, 120, 142), (34, 168, 132), (122, 209, 81), (253, 231, 37))


def cluster_color(cluster) -> str:
    c = int(cluster) if cluster not in (None, "") else -1
    return PALETTE[c] if 0 <= c < len(PALETTE) else UNCLUSTERED


def node_size(papers: int) -> float:
    """A node's size from its paper count (area grows with papers, capped)."""
    return round(min(30.0, 2.0 + 2.2 * math.sqrt(max(0, int(papers)))), 2)


def year_color(year: float, lo: float, hi: float) -> str:
    t = 0.5 if hi <= lo else min(1.0, max(0.0, (float(year) - lo) / (hi - lo)))
    x = t * (len(_YEAR_STOPS) - 1)
    i = min(int(x), len(_YEAR_STOPS) - 2)
    f = x - i
    a, b = _YEAR_STOPS[i], _YEAR_STOPS[i + 1]
    return "#" + "".join(f"{round(a[k] + (b[k] - a[k]) * f):02x}" for k in range(3))


def hex_rgb(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def gexf_viz(attrs: dict, pos: tuple[float, float] | None) -> dict:
    """The ``viz`` dict networkx's GEXF writer turns into viz:color, viz:size and viz:position."""
    r, g, b = hex_rgb(cluster_color(attrs.get("cluster", -1)))
    viz = {"color": {"r": r, "g": g, "b": b, "a": 1.0}, "size": node_size(int(attrs.get("paper_count", 0) or 0))}
    if pos is not None:
        viz["position"] = {"x": float(pos[0]), "y": float(pos[1]), "z": 0.0}
    return viz
