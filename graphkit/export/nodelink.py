"""Node-link JSON (networkx's ``node_link_data``; d3 and scripts read it)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, BinaryIO

from . import register

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["write_json"]


@register("json", extensions=(".json",), description="node-link JSON (d3, scripts)")
def write_json(g: nx.MultiDiGraph, fh: BinaryIO) -> None:
    """Node-link JSON: ``{"nodes": [...], "links": [...]}`` with lists kept as lists."""
    import networkx as nx

    data = nx.node_link_data(g, edges="links")
    fh.write(json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))
