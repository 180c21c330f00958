"""Exports: GraphML (Gephi, Cytoscape, yEd), GEXF and JSON, and reading GraphML back.

GraphML cannot hold lists: list properties (``aliases``) are written as a JSON array in one
string attribute and restored on import. Every file is written to a temporary file next to
the target and renamed into place, so a failed export leaves nothing half-written.
"""

from __future__ import annotations

import io
import json
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

import networkx as nx

from .errors import GraphFileError, GraphkitError

__all__ = ["FORMATS", "LIST_ATTRIBUTES", "write_graph", "write_graphml", "read_graphml", "write_gexf",
           "write_json", "atomic_write"]

#: Node attributes that hold lists; in GraphML and GEXF they are JSON arrays in a string.
LIST_ATTRIBUTES = ("aliases",)

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def atomic_write(path: str | os.PathLike, write: Callable[[BinaryIO], None]) -> Path:
    """Call ``write(fileobj)`` on a temporary file beside ``path``, then rename it into place."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as e:
        raise GraphkitError(f"{target}: cannot write here ({e.strerror or e})") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(e, OSError) and not isinstance(e, FileNotFoundError):
            raise GraphkitError(f"{target}: cannot write ({e.strerror or e})") from None
        raise
    return target


def _flat(g: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """A copy fit for XML: lists as JSON text, no None, no control characters, unique edge ids."""
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


def write_graphml(g: nx.MultiDiGraph, out: str | os.PathLike | BinaryIO) -> None:
    """Write GraphML that networkx, Gephi, Cytoscape and yEd read."""
    h = _flat(g)

    def write(fh):
        nx.write_graphml_xml(h, fh, edge_id_from_attribute="id", named_key_ids=True, infer_numeric_types=True)

    if hasattr(out, "write"):
        write(out)
    else:
        atomic_write(out, write)


def read_graphml(src: str | os.PathLike | BinaryIO) -> nx.MultiDiGraph:
    """Read a graphkit GraphML file back into the graph it was written from."""
    name = getattr(src, "name", src)
    try:
        raw = nx.read_graphml(src, force_multigraph=True)
    except FileNotFoundError:
        raise GraphFileError(f"{name}: no such graph file; build one with: graphkit build INPUT --output FILE.graphml") from None
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
        t = d.get("type")
        if t is None:
            raise GraphFileError(f"{name}: edge {u!r} -> {v!r} has no 'type'; is this a graphkit graph?")
        g.add_edge(u, v, key=t, **d)
    if g.number_of_nodes() and not any(d.get("label") == "Paper" for _, d in g.nodes(data=True)):
        raise GraphFileError(f"{name}: no Paper nodes; is this a graphkit graph?")
    return g


def write_gexf(g: nx.MultiDiGraph, out: str | os.PathLike | BinaryIO) -> None:
    h = _flat(g)
    for _, _, d in h.edges(data=True):
        d.pop("id", None)

    def write(fh):
        nx.write_gexf(h, fh)

    if hasattr(out, "write"):
        write(out)
    else:
        atomic_write(out, write)


def write_json(g: nx.MultiDiGraph, out: str | os.PathLike | BinaryIO) -> None:
    """Node-link JSON: ``{"nodes": [...], "links": [...]}`` with lists kept as lists."""
    data = nx.node_link_data(g, edges="links")
    payload = json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")

    def write(fh):
        fh.write(payload)

    if hasattr(out, "write"):
        write(out)
    else:
        atomic_write(out, write)


FORMATS: dict[str, Callable] = {"graphml": write_graphml, "gexf": write_gexf, "json": write_json}


def write_graph(g: nx.MultiDiGraph, out, fmt: str = "graphml") -> None:
    try:
        writer = FORMATS[fmt]
    except KeyError:
        raise GraphFileError(f"unknown export format {fmt!r}; choose one of: {', '.join(FORMATS)}") from None
    writer(g, out)


def graphml_bytes(g: nx.MultiDiGraph) -> bytes:
    buf = io.BytesIO()
    write_graphml(g, buf)
    return buf.getvalue()
