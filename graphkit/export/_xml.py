"""What the XML formats (GraphML, GEXF) share: a copy of the graph that XML can hold."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ..text import CONTROL_CHARS

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["LIST_ATTRIBUTES", "flat"]

#: Node attributes that hold lists; in GraphML and GEXF they are JSON arrays in a string.
LIST_ATTRIBUTES = ("aliases", "keywords", "sources", "authors", "ids")

_CONTROL = CONTROL_CHARS


def flat(g: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """A copy fit for XML: lists as JSON text, no None, no control characters, unique edge ids."""
    import networkx as nx

    h = nx.MultiDiGraph()
    h.graph.update({k: v for k, v in g.graph.items() if v is not None})

    def clean(attrs):
        out = {}
        for k, v in attrs.items():
            if v is None:
                continue
            if isinstance(v, (list, tuple)):
                v = json.dumps(list(v), ensure_ascii=False)
            if isinstance(v, str):
                v = _CONTROL.sub("\ufffd", v)
            out[k] = v
        return out

    for n, d in g.nodes(data=True):
        h.add_node(n, **clean(d))
    for i, (u, v, k, d) in enumerate(g.edges(keys=True, data=True)):
        attrs = clean(d)
        attrs["id"] = f"e{i}"
        h.add_edge(u, v, key=k, **attrs)
    return h
