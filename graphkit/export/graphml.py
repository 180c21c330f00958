"""GraphML (Gephi, Cytoscape, yEd), and reading graphkit's GraphML back.

GraphML cannot hold lists: list properties (``aliases``, ``sources``, ``authors``) are written as a JSON array in one
string attribute and restored on import.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, BinaryIO

from .. import schema as S
from ..errors import GraphFileError, GraphkitError
from ..io import check_input
from . import register
from ._xml import LIST_ATTRIBUTES, flat

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["write_graphml", "read_graphml"]


@register("graphml", extensions=(".graphml",), description="GraphML (Gephi, Cytoscape, yEd, networkx)")
def write_graphml(g: nx.MultiDiGraph, fh: BinaryIO) -> None:
    """Write GraphML that networkx, Gephi, Cytoscape and yEd read."""
    import networkx as nx

    nx.write_graphml_xml(flat(g), fh, edge_id_from_attribute="id", named_key_ids=True, infer_numeric_types=True)


def read_graphml(src: str | os.PathLike | BinaryIO) -> nx.MultiDiGraph:
    """Read a graphkit GraphML file back into the graph it was written from."""
    import networkx as nx

    name = getattr(src, "name", src)
    if not hasattr(src, "read"):
        try:
            check_input(src)
        except GraphkitError as e:
            raise GraphFileError(str(e)) from None
    try:
        raw = nx.read_graphml(src, force_multigraph=True)
    except FileNotFoundError:
        raise GraphFileError(
            f"{name}: no such graph file; build one with: graphkit build INPUT --output FILE.graphml"
        ) from None
    except (nx.NetworkXError, SyntaxError, ValueError, KeyError) as e:
        msg = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise GraphFileError(f"{name}: not a readable GraphML file ({msg})") from None
    except OSError as e:
        raise GraphFileError(f"{name}: cannot read ({e.strerror or e})") from None
    if not isinstance(raw, nx.MultiDiGraph):
        raw = nx.MultiDiGraph(raw)
    g = nx.MultiDiGraph()
    g.graph.update(raw.graph)
    for n, d in raw.nodes(data=True):
        d = dict(d)
        for k in LIST_ATTRIBUTES:
            if k in d and isinstance(d[k], str):
                try:
                    d[k] = json.loads(d[k])
                except json.JSONDecodeError:
                    raise GraphFileError(f"{name}: node {n!r} has a malformed {k!r} list") from None
        g.add_node(n, **d)
    for u, v, d in raw.edges(data=True):
        d = dict(d)
        d.pop("id", None)
        t = d.get(S.REL_TYPE_ATTR)
        if t is None:
            raise GraphFileError(f"{name}: edge {u!r} -> {v!r} has no 'type'; is this a graphkit graph?")
        g.add_edge(u, v, key=t, **d)
    if g.number_of_nodes() and next(S.nodes_of(g, S.PAPER), None) is None:
        raise GraphFileError(f"{name}: no Paper nodes; is this a graphkit graph?")
    S.upgrade(g)  # a graph of schema 1 (type in 'label') reads as the current schema
    return g
