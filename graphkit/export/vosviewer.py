"""VOSviewer map and network files (the format of VOSviewer's manual, "Map and network files").

A map is two tab-separated UTF-8 files, so ``-o NAME`` writes ``NAME_map.txt`` and
``NAME_network.txt`` (``-o NAME_map.txt`` does the same). In VOSviewer: Create... -> "Create
a map based on network data" -> "Read data from VOSviewer files", then choose both.

- The map file has a header line and one line per item: ``id`` (1..n), ``label``, ``url``
  (when the items have one), ``x``, ``y`` (graphkit's layout, or the nodes' own ``x``/``y``),
  ``cluster`` (the nodes' ``cluster`` attribute, else Louvain communities; 1..1000),
  ``weight<Links>``, ``weight<Total link strength>``, ``weight<Occurrences>`` (concepts:
  papers; papers: ``<Citations>``; authors: ``<Documents>``) and ``score<Avg. pub. year>``
  (when every item has one: VOSviewer's overlay colours).
- The network file has no header and one line per link: ``id1``, ``id2``, ``strength``
  (concepts: the papers they share; papers: citations and couplings; authors: joint papers).

Items are concepts unless ``items`` says papers or authors. Labels containing a comma,
semicolon or double quote are enclosed in double quotes, inner quotes doubled, as the manual
asks; tabs and line breaks in labels become spaces.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, BinaryIO

from ..errors import GraphFileError
from . import register_files
from ._items import item_network

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["write_vosviewer", "read_vosviewer", "vosviewer_text"]


def _text(value: str) -> str:
    value = " ".join(str(value).split())
    if any(c in value for c in ',;"'):
        return '"' + value.replace('"', '""') + '"'
    return value


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else repr(float(v))


def vosviewer_text(g: nx.MultiDiGraph, items: str = "concepts", links: str | None = None) -> tuple[str, str]:
    """(map file, network file) of ``g`` as text."""
    net = item_network(g, items, links)
    with_url = any(it.url for it in net.items)
    scores = [s for s in net.score_names if all(s in it.scores for it in net.items)]
    header = [
        "id",
        "label",
        *(["url"] if with_url else []),
        "x",
        "y",
        "cluster",
        *(f"weight<{w}>" for w in net.weight_names),
        *(f"score<{s}>" for s in scores),
    ]
    lines = ["\t".join(header)]
    for i, it in enumerate(net.items, start=1):
        row = [
            str(i),
            _text(it.label),
            *([_text(it.url)] if with_url else []),
            _num(it.x),
            _num(it.y),
            str(it.cluster),
            *(_num(it.weights[w]) for w in net.weight_names),
            *(_num(it.scores[s]) for s in scores),
        ]
        lines.append("\t".join(row))
    network = "".join(f"{a}\t{b}\t{_num(w)}\n" for a, b, w in net.links)
    return "\n".join(lines) + "\n", network


@register_files(
    "vosviewer",
    parts=("_map.txt", "_network.txt"),
    extensions=("_map.txt", "_network.txt"),
    description="VOSviewer map and network files (NAME_map.txt + NAME_network.txt)",
)
def write_vosviewer(
    g: nx.MultiDiGraph, files: list[BinaryIO], items: str = "concepts", links: str | None = None
) -> None:
    map_text, network_text = vosviewer_text(g, items, links)
    files[0].write(map_text.encode("utf-8"))
    files[1].write(network_text.encode("utf-8"))


def _split_label(cell: str) -> str:
    if len(cell) >= 2 and cell[0] == cell[-1] == '"':
        return cell[1:-1].replace('""', '"')
    return cell


def read_vosviewer(map_path: str | os.PathLike, network_path: str | os.PathLike) -> nx.Graph:
    """Read a map and network file pair into a graph: nodes are item ids with their columns
    (weights and scores as numbers), edges carry ``strength``."""
    import networkx as nx

    g = nx.Graph()
    try:
        lines = open(map_path, encoding="utf-8").read().splitlines()
        header = lines[0].split("\t")
        for n, line in enumerate(lines[1:], start=2):
            cells = line.split("\t")
            if len(cells) != len(header):
                raise ValueError(f"line {n} has {len(cells)} columns, the header {len(header)}")
            row = dict(zip(header, cells))
            attrs = {
                k: (
                    _split_label(v)
                    if k in ("label", "url", "description")
                    else int(v)
                    if k in ("id", "cluster")
                    else float(v)
                )
                for k, v in row.items()
            }
            g.add_node(attrs.pop("id"), **attrs)
        for n, line in enumerate(open(network_path, encoding="utf-8").read().splitlines(), start=1):
            a, b, *w = line.split("\t")
            if int(a) not in g or int(b) not in g:
                raise ValueError(f"{network_path}:{n}: a link to an item the map does not have")
            g.add_edge(int(a), int(b), strength=float(w[0]) if w else 1.0)
    except OSError as e:
        raise GraphFileError(f"{e.filename}: cannot read ({e.strerror or e})") from None
    except (ValueError, IndexError) as e:
        raise GraphFileError(f"{map_path}: not a VOSviewer map/network file pair ({e})") from None
    return g
