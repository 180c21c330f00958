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
from ._xml import _CONTROL, LIST_ATTRIBUTES

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["write_graphml", "read_graphml"]


@register("graphml", extensions=(".graphml", ".xml"), description="GraphML (Gephi, Cytoscape, yEd, networkx)")
def write_graphml(g: nx.MultiDiGraph, fh: BinaryIO) -> None:
    """Write GraphML that networkx, Gephi, Cytoscape and yEd read.

    The document networkx's ``write_graphml_xml(flat(g), named_key_ids=True,
    infer_numeric_types=True, edge_id_from_attribute="id")`` writes (its type rules, key ids,
    edge ids ``e0``, ``e1``, ...), streamed: one pass over the graph learns each attribute's
    type, a second writes. networkx's writer holds a flat copy of the graph and the whole XML
    tree at once: writing the 10,000-abstract fast graph (1.3 M edges) took the process from
    2.1 GB to a 6.1 GB peak; streamed, writing adds no more than a buffer.
    """
    from networkx.readwrite.graphml import GraphML, GraphMLWriter

    rules = GraphMLWriter(infer_numeric_types=True)  # networkx's type inference, reused as is
    data = {k: v for k, v in g.graph.items() if v is not None and k not in ("node_default", "edge_default")}
    graph_id = data.pop("id", None)
    seen: set[tuple[object, str, type]] = set()  # (key, scope, type) already noted: most repeat
    for scope, _, attrs in _scoped(g, data):
        for k, v in attrs:
            if v is not None:
                t = str if isinstance(v, (list, tuple)) else type(v)
                if (k, scope, t) not in seen:
                    seen.add((k, scope, t))
                    rules.attribute_types[(str(k), scope)].add(t)
    keys = []
    for name, scope in rules.attribute_types:  # first use first (networkx lists them last use first)
        xml_type = rules.get_xml_type(rules.attr_type(name, scope, None))
        keys.append(f'  <key id={_attr(name)} for="{scope}" attr.name={_attr(name)} attr.type="{xml_type}" />\n')
    out = _Buffered(fh)
    out.write(
        "<?xml version='1.0' encoding='utf-8'?>\n"
        f'<graphml xmlns="{GraphML.NS_GRAPHML}" xmlns:xsi="{GraphML.NS_XSI}" '
        f'xsi:schemaLocation="{GraphML.SCHEMALOCATION}">\n' + "".join(reversed(keys))
    )
    out.write(
        '  <graph edgedefault="directed"' + (f" id={_attr(str(graph_id))}" if graph_id is not None else "") + ">\n"
    )
    # per indent, key -> its escaped <data key=...> opening, built once per key (1,000 abstracts: 0.58 s -> 0.54 s)
    openings: dict[str, dict[object, str]] = {"    ": {}, "      ": {}}
    for scope, ident, attrs in _scoped(g, data):
        pad = "    " if scope == "graph" else "      "
        opening = openings[pad]
        cells = "".join([_data(opening, pad, k, v) for k, v in attrs if v is not None])
        if scope == "graph":
            graph_cells = cells  # networkx writes the graph's data after its nodes and edges
            continue
        if scope == "node":
            out.write(f"    <node id={_attr(str(ident))}")
        else:
            out.write(f"    <edge source={_attr(str(ident[0]))} target={_attr(str(ident[1]))} id={_attr(ident[2])}")
        out.write(f">\n{cells}    </{scope}>\n" if cells else " />\n")
    out.write(graph_cells + "  </graph>\n</graphml>\n")
    out.flush()


def _scoped(g: nx.MultiDiGraph, graph_data: dict):
    """(scope, id, attributes as (key, value) pairs) of the graph, each node and each edge, in
    document order; an edge's id ``e<i>`` is the third part of its id and its last attribute,
    as :func:`graphkit.export._xml.flat` gives it."""
    yield "graph", None, graph_data.items()
    for n, d in g.nodes(data=True):
        yield "node", n, d.items()
    for i, (u, v, d) in enumerate(g.edges(data=True)):
        eid = f"e{i}"
        items = [(k, x) for k, x in d.items() if k != "id"]
        items.append(("id", eid))
        yield "edge", (u, v, eid), items


def _data(opening: dict[object, str], pad: str, key, v) -> str:
    """The <data> element of one attribute, ``v`` written as :func:`_value` writes it."""
    start = opening.get(key)
    if start is None:
        start = opening[key] = f"{pad}<data key={_attr(str(key))}"
    if type(v) is int or type(v) is float:  # most edge attributes: str(v), nothing to escape
        return f"{start}>{v}</data>\n"
    value = _value(v)
    if not value:  # as ElementTree writes an empty element
        return f"{start} />\n"
    return f"{start}>{_text(value)}</data>\n"


def _value(v) -> str:
    if isinstance(v, str):
        # a printable string holds no control character, and the test is a fast scan
        return v if v.isprintable() else _CONTROL.sub("\ufffd", v)
    if isinstance(v, (list, tuple)):
        return _CONTROL.sub("\ufffd", json.dumps(list(v), ensure_ascii=False))
    return str(v)


def _text(s: str) -> str:
    """Escaped as ElementTree escapes element text."""
    if "&" in s or "<" in s or ">" in s:
        s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return s


def _attr(s: str) -> str:
    """A quoted attribute value, escaped as ElementTree escapes attributes."""
    s = _text(s)
    if '"' in s or "\n" in s or "\r" in s or "\t" in s:
        s = s.replace('"', "&quot;").replace("\r", "&#13;").replace("\n", "&#10;").replace("\t", "&#09;")
    return f'"{s}"'


class _Buffered:
    """Text written to a binary file in UTF-8, a megabyte at a time."""

    def __init__(self, fh: BinaryIO):
        self.fh = fh
        self.parts: list[str] = []
        self.size = 0

    def write(self, s: str) -> None:
        self.parts.append(s)
        self.size += len(s)
        if self.size > 1 << 20:
            self.flush()

    def flush(self) -> None:
        self.fh.write("".join(self.parts).encode("utf-8"))
        self.parts = []
        self.size = 0


#: Attributes that are numbers wherever graphkit writes them (:mod:`graphkit.schema`): a graph
#: whose file says otherwise (a tool's edit, "paper_count" as "lots") is refused as it is read,
#: not met as a traceback in a command.
_NODE_NUMBERS = S.NUMBER_PROPERTIES
_EDGE_NUMBERS = S.REL_NUMBER_PROPERTIES
#: The property each node type is known by (:data:`graphkit.schema.NODE_TYPES`).
_IDENTITY = {t.name: t.id_property for t in S.NODE_TYPES.values()}


def _number(name, where: str, key: str, value) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise GraphFileError(f"{name}: {where} has {key} {str(value)[:40]!r}, not a number; is this a graphkit graph?")


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
        for k in _NODE_NUMBERS:
            if k in d:
                _number(name, f"node {n!r}", k, d[k])
        ntype = S.node_type(d) or ""
        ident = _IDENTITY.get(ntype)
        if ident and not d.get(ident):  # as the node's id spells it ("paper:<id>"), else refused
            prefix = S.NODE_TYPES[ntype].prefix + ":"
            if not (isinstance(n, str) and n.startswith(prefix) and n[len(prefix) :]):
                raise GraphFileError(f"{name}: node {n!r} ({ntype}) has no {ident!r}; is this a graphkit graph?")
            d[ident] = n[len(prefix) :]
        g.add_node(n, **d)
    for u, v, d in raw.edges(data=True):
        d = dict(d)
        d.pop("id", None)
        t = d.get(S.REL_TYPE_ATTR)
        if t is None:
            raise GraphFileError(f"{name}: edge {u!r} -> {v!r} has no 'type'; is this a graphkit graph?")
        for k in _EDGE_NUMBERS:
            x = d.get(k)
            if x is not None and (type(x) is not float and type(x) is not int):
                _number(name, f"edge {u!r} -> {v!r}", k, x)
        g.add_edge(u, v, key=t, **d)
    if g.number_of_nodes() and next(S.nodes_of(g, S.PAPER), None) is None:
        raise GraphFileError(f"{name}: no Paper nodes; is this a graphkit graph?")
    S.upgrade(g)  # a graph of schema 1 (type in 'label') reads as the current schema
    return g
