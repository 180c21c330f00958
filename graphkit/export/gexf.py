"""GEXF (Gephi's own format), with Gephi's viz attributes: each node's ``label`` is its display
name, and viz:color (the concept's cluster), viz:size (its papers) and viz:position (the same
layout as the map page, :func:`graphkit.analyse.map_layout`) open in Gephi as on the map."""

from __future__ import annotations

from typing import TYPE_CHECKING, BinaryIO

from . import register
from ._xml import flat

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["write_gexf", "viz_attributes"]

_GREY = {"Paper": (143, 163, 191), "Author": (201, 201, 201)}


def viz_attributes(g: nx.MultiDiGraph) -> dict:
    """Node -> its GEXF ``viz`` dict. Concepts: cluster colour, size by papers, map position;
    papers: placed at the middle of their concepts; authors: grey, no position."""
    from .. import schema as S
    from ..analyse import cooccurrence_graph, map_layout
    from ..viz import gexf_viz

    pos = map_layout(cooccurrence_graph(g))
    out = {n: gexf_viz(d, pos.get(n)) for n, d in S.nodes_of(g, S.CONCEPT)}
    for ntype in (S.PAPER, S.AUTHOR):
        r, gr, b = _GREY[ntype]
        for n, _ in S.nodes_of(g, ntype):
            viz = {"color": {"r": r, "g": gr, "b": b, "a": 1.0}, "size": 2.0}
            around = [pos[v] for _, v, k in g.out_edges(n, keys=True) if k == S.MENTIONS and v in pos]
            if around:
                viz["position"] = {
                    "x": sum(p[0] for p in around) / len(around),
                    "y": sum(p[1] for p in around) / len(around),
                    "z": 0.0,
                }
            out[n] = viz
    return out


@register("gexf", extensions=(".gexf",), description="GEXF (Gephi), with colours, sizes and positions")
def write_gexf(g: nx.MultiDiGraph, fh: BinaryIO) -> None:
    import networkx as nx

    h = flat(g)
    for _, _, d in h.edges(data=True):
        d.pop("id", None)
    for n, viz in viz_attributes(g).items():
        h.nodes[n]["viz"] = viz
    nx.write_gexf(h, fh)
