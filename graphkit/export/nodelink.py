"""Node-link JSON (networkx's ``node_link_data``; d3 and scripts read it)."""

from __future__ import annotations

import json
from typing import BinaryIO

import networkx as nx

from . import register

__all__ = ["write_json"]


@register("json", extensions=(".json",), description="node-link JSON (d3, scripts)")
def write_json(g: nx.MultiDiGraph, fh: BinaryIO) -> None:
    """Node-link JSON: ``{"nodes": [...], "links": [...]}`` with lists kept as lists."""
    data = nx.node_link_data(g, edges="links")
    fh.write(json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))
