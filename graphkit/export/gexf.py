"""GEXF (Gephi's own format)."""

from __future__ import annotations

from typing import TYPE_CHECKING, BinaryIO

from . import register
from ._xml import flat

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["write_gexf"]


@register("gexf", extensions=(".gexf",), description="GEXF (Gephi)")
def write_gexf(g: nx.MultiDiGraph, fh: BinaryIO) -> None:
    import networkx as nx

    h = flat(g)
    for _, _, d in h.edges(data=True):
        d.pop("id", None)
    nx.write_gexf(h, fh)
