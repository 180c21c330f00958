"""GEXF (Gephi's own format)."""

from __future__ import annotations

from typing import BinaryIO

import networkx as nx

from . import register
from ._xml import flat

__all__ = ["write_gexf"]


@register("gexf", extensions=(".gexf",), description="GEXF (Gephi)")
def write_gexf(g: nx.MultiDiGraph, fh: BinaryIO) -> None:
    h = flat(g)
    for _, _, d in h.edges(data=True):
        d.pop("id", None)
    nx.write_gexf(h, fh)
