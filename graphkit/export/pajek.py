"""Pajek ``.net``: the network of one item type (concepts unless ``items`` says papers or
authors).

``*vertices`` lines are ``number "label" x y ellipse``: the items' display labels (names, or paper
titles), made unique with " (2)", " (3)", ...; coordinates are graphkit's layout scaled into
Pajek's 0..1 square. ``*edges`` (undirected) lines are ``a b strength``, the link strength of
the VOSviewer export. Written by hand rather than with networkx's ``write_pajek``, which
quotes only labels with spaces (so ``alert('x')`` loses its apostrophes when read back) and
warns about and drops every non-string attribute. Pajek has no escape inside quotes, so a
``"`` in a label becomes ``'``. :func:`read_pajek` uses networkx's reader.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, BinaryIO

from ..errors import GraphFileError
from . import register
from ._items import item_network

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["write_pajek", "read_pajek", "pajek_graph"]


def _labels(names: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for name in names:
        name = " ".join(name.replace('"', "'").replace("\\", "/").split()) or "?"
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return out


def pajek_graph(g: nx.MultiDiGraph, items: str = "concepts", links: str | None = None) -> nx.Graph:
    """The item network as the plain graph handed to networkx's Pajek writer."""
    import networkx as nx

    net = item_network(g, items, links)
    labels = _labels([it.label for it in net.items])
    xs = [it.x for it in net.items] or [0.0]
    ys = [it.y for it in net.items] or [0.0]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    h = nx.Graph()
    for label, it in zip(labels, net.items):
        h.add_node(label, x=round((it.x - min(xs)) / span, 4), y=round((it.y - min(ys)) / span, 4))
    for a, b, w in net.links:
        h.add_edge(labels[a - 1], labels[b - 1], weight=w)
    return h


@register("pajek", extensions=(".net",), description="Pajek .net (one item type, e.g. concepts)")
def write_pajek(g: nx.MultiDiGraph, fh: BinaryIO, items: str = "concepts", links: str | None = None) -> None:
    h = pajek_graph(g, items, links)
    number = {n: i for i, n in enumerate(h, start=1)}
    lines = [f"*vertices {h.number_of_nodes()}"]
    lines += [f'{number[n]} "{n}" {d["x"]} {d["y"]} ellipse' for n, d in h.nodes(data=True)]
    lines.append("*edges")
    lines += [f"{number[u]} {number[v]} {d['weight']}" for u, v, d in h.edges(data=True)]
    fh.write(("\r\n".join(lines) + "\r\n").encode("utf-8"))


def read_pajek(path: str | os.PathLike) -> nx.Graph:
    """Read a ``.net`` file written by :func:`write_pajek` (labels as nodes, ``weight`` on edges)."""
    import networkx as nx

    try:
        m = nx.read_pajek(path)
    except OSError as e:
        raise GraphFileError(f"{path}: cannot read ({e.strerror or e})") from None
    except (ValueError, IndexError, KeyError, TypeError) as e:
        raise GraphFileError(f"{path}: not a Pajek .net file ({type(e).__name__}: {e})") from None
    h = nx.Graph()
    h.add_nodes_from(m.nodes(data=True))
    h.add_edges_from((u, v, {"weight": float(d.get("weight", 1.0))}) for u, v, d in m.edges(data=True))
    return h
