"""CSV node and edge tables (RFC 4180: comma-separated, CRLF line ends, fields quoted where
needed; UTF-8): ``-o NAME`` (or ``-o NAME.csv``, ``-o NAME.nodes.csv``) writes
``NAME.nodes.csv`` and ``NAME.edges.csv``, the tables of :mod:`graphkit.frames`.

Every column has one type (:data:`graphkit.frames.COLUMN_TYPES`, else inferred): integers
and decimals as numbers, ``true``/``false``, lists (aliases, keywords) as JSON arrays,
missing values empty. :func:`read_csv_tables` reads the pair back with those types.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from ..errors import GraphFileError
from ..frames import COLUMN_TYPES, Table, edge_table, format_cell, node_table, parse_cell
from . import register_files

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["write_csv_tables", "read_csv_tables", "table_csv"]


def table_csv(t: Table) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(t.columns)
    for row in t.rows:
        w.writerow([format_cell(v, t.types[c]) for c, v in zip(t.columns, row)])
    return buf.getvalue()


@register_files(
    "csv",
    parts=(".nodes.csv", ".edges.csv"),
    extensions=(".nodes.csv", ".edges.csv", ".csv"),
    description="CSV node and edge tables (NAME.nodes.csv + NAME.edges.csv)",
)
def write_csv_tables(g: nx.MultiDiGraph, files: list[BinaryIO]) -> None:
    files[0].write(table_csv(node_table(g)).encode("utf-8"))
    files[1].write(table_csv(edge_table(g)).encode("utf-8"))


def _read(path: Path, types: dict[str, str] | None) -> list[dict]:
    try:
        with open(path, encoding="utf-8", newline="") as fh:
            rows = list(csv.reader(fh))
    except OSError as e:
        raise GraphFileError(f"{path}: cannot read ({e.strerror or e})") from None
    except (csv.Error, UnicodeDecodeError) as e:
        raise GraphFileError(f"{path}: not a CSV file ({e})") from None
    if not rows:
        raise GraphFileError(f"{path}: empty, no header row")
    header, out = rows[0], []
    for n, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            raise GraphFileError(f"{path}:{n}: {len(row)} fields, the header has {len(header)}")
        rec = {}
        for c, v in zip(header, row):
            typ = (types or {}).get(c) or COLUMN_TYPES.get(c, "str")
            try:
                value = parse_cell(v, typ)
            except ValueError as e:
                raise GraphFileError(f"{path}:{n}: column {c!r} is not {typ} ({e})") from None
            if value is not None:
                rec[c] = value
        out.append(rec)
    return out


def read_csv_tables(path: str | os.PathLike, types: dict[str, str] | None = None) -> nx.MultiDiGraph:
    """The graph a pair of tables holds (``path`` as given to the export). Columns outside
    :data:`~graphkit.frames.COLUMN_TYPES` are read as text unless ``types`` names them."""
    import networkx as nx

    from .. import schema as S
    from . import output_paths

    nodes_path, edges_path = output_paths(path, "csv")
    g = nx.MultiDiGraph()
    for rec in _read(nodes_path, types):
        n, ntype = rec.pop("node", None), rec.pop("type", "")
        if n is None:
            raise GraphFileError(f"{nodes_path}: a row has no 'node'")
        S.add_node(g, n, ntype, **rec) if ntype else g.add_node(n, **rec)
    for rec in _read(edges_path, types):
        u, v, k = rec.pop("source", None), rec.pop("target", None), rec.pop("type", None)
        if u not in g or v not in g or not k:
            raise GraphFileError(f"{edges_path}: an edge joins a node the node table does not have")
        S.add_rel(g, u, v, k, **rec)
    return g
