"""Cytoscape.js JSON (``cy.json()``'s ``elements`` form; Cytoscape desktop imports it as .cyjs).

Each node is ``{"data": {"id": <node id>, ...properties}, "classes": <node type>}`` plus a
``position`` when the node has numeric ``x`` and ``y``; each edge is ``{"data": {"id",
"source", "target", "interaction": <relationship type>, ...properties}}``. A Paper's own
``id`` property would collide with the element id, so it travels as ``paper_id``; the node key
is also the node's ``value`` and an edge's relationship its ``key`` too, which networkx's
``cytoscape_graph`` reads. Lists stay
JSON lists. Written by hand: networkx's ``cytoscape_data`` overwrites ``data.id`` with the
Paper ``id`` property and drops edge keys.

This module is the example to copy for a new export: one registered function, one reader
for the round-trip test, nothing else to edit.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, BinaryIO

from .. import schema as S
from ..errors import GraphFileError
from . import register

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["write_cytoscape", "read_cytoscape", "cytoscape_data"]

_PAPER_ID = "paper_id"  # where a node's own ``id`` property goes (``data.id`` is the element id)
#: The node key again, as ``value``: networkx's ``cytoscape_graph`` reads nodes by it (a reviewer's
#: ``nx.cytoscape_graph(json.load(...))`` had raised KeyError('value')).
_VALUE = "value"


def _node(n: str, d: dict) -> dict:
    data = {"id": str(n)}
    for k, v in d.items():
        if v is not None:
            data[_PAPER_ID if k == "id" else k] = v
    data.setdefault(_VALUE, str(n))  # what networkx's cytoscape_graph keys nodes by
    element: dict = {"data": data}
    ntype = S.node_type(d)
    if ntype:
        element["classes"] = ntype
    x, y = d.get("x"), d.get("y")
    if isinstance(x, (int, float)) and isinstance(y, (int, float)):
        element["position"] = {"x": x, "y": y}
    return element


def cytoscape_data(g: nx.MultiDiGraph) -> dict:
    """The Cytoscape.js JSON document of ``g`` as Python data."""
    edges = []
    for i, (u, v, k, d) in enumerate(g.edges(keys=True, data=True)):
        data = {"id": f"e{i}", "source": str(u), "target": str(v), "interaction": str(k), "key": str(k)}
        data.update({a: b for a, b in d.items() if b is not None and a not in ("id", "source", "target", "key")})
        edges.append({"data": data})
    return {
        "format_version": "1.0",
        "generated_by": "graphkit",
        "target_cytoscapejs_version": "~3",
        "directed": True,  # as networkx's cytoscape_graph reads a graph like ours
        "multigraph": True,
        "data": {k: v for k, v in g.graph.items() if v is not None},
        "elements": {"nodes": [_node(n, d) for n, d in g.nodes(data=True)], "edges": edges},
    }


@register("cytoscape", extensions=(".cyjs", ".cy.json"), description="Cytoscape.js JSON (Cytoscape, cytoscape.js)")
def write_cytoscape(g: nx.MultiDiGraph, fh: BinaryIO) -> None:
    fh.write(json.dumps(cytoscape_data(g), ensure_ascii=False, indent=1).encode("utf-8"))


def read_cytoscape(path: str | os.PathLike) -> nx.MultiDiGraph:
    """Read a file written by :func:`write_cytoscape` back into the graph it came from."""
    import networkx as nx

    try:
        doc = json.loads(open(path, encoding="utf-8").read())
        nodes, edges = doc["elements"]["nodes"], doc["elements"]["edges"]
        g = nx.MultiDiGraph(**doc.get("data", {}))
        for el in nodes:
            data = dict(el["data"])
            n = data.pop("id")
            if data.get(_VALUE) == n:
                del data[_VALUE]
            if _PAPER_ID in data:
                data["id"] = data.pop(_PAPER_ID)
            g.add_node(n, **data)
        for el in edges:
            data = dict(el["data"])
            u, v, k = data.pop("source"), data.pop("target"), data.pop("interaction")
            data.pop("id")
            data.pop("key", None)
            g.add_edge(u, v, key=k, **data)
    except OSError as e:
        raise GraphFileError(f"{path}: cannot read ({e.strerror or e})") from None
    except (ValueError, KeyError, TypeError, AttributeError) as e:
        raise GraphFileError(f"{path}: not a Cytoscape.js JSON file ({type(e).__name__}: {e})") from None
    return g
