"""GEXF (Gephi's own format), with Gephi's viz attributes: each node's ``label`` is its display
name, and viz:color (the concept's cluster), viz:size (its papers) and viz:position (the same
layout as the map page, :func:`graphkit.analyse.map_layout`) open in Gephi as on the map. Node
ids are the graph's keys ("paper:h1"); a paper's own id is its ``paper_id``; an edge's label
is its relationship (CITES, MENTIONS, ...)."""

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
    # networkx writes an ``id`` attribute as the GEXF id and a ``type`` as the edge's GEXF type.
    # A paper's own id had become its node's ("h1", not "paper:h1"; one equal to another node's
    # key made two nodes of one id), and "CITES" an edge type GEXF does not have (directed,
    # undirected, mutual): the paper's id travels as ``paper_id``, as in Cytoscape.js JSON, and
    # the relationship as the edge's label.
    for _, d in h.nodes(data=True):
        if "id" in d:
            d["paper_id"] = d.pop("id")
    for _, _, d in h.edges(data=True):
        d.pop("id", None)
        if "type" in d:
            d["label"] = d.pop("type")
    for n, viz in viz_attributes(g).items():
        h.nodes[n]["viz"] = viz
    nx.write_gexf(h, fh)
