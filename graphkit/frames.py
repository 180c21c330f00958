"""The graph as tables: one row per node and one per relationship, with typed columns.

:func:`node_table` / :func:`edge_table` need nothing beyond the standard library (the CSV
export writes them); :func:`nodes_frame` / :func:`edges_frame` give the same tables as
pandas DataFrames (``pip install 'graphkit[pandas]'``)::

    from graphkit.api import load_graph
    from graphkit.frames import nodes_frame, edges_frame
    g = load_graph("exports/iclr2026.graphml")
    nodes_frame(g).query("type == 'Concept'").nlargest(10, "paper_count")

Nodes: ``node`` (the graph's node id), ``type`` (Paper, Concept, Author), then every property
(the schema's first). Edges: ``source``, ``target`` (node ids), ``type`` (the relationship
type), then every property. A column has one type: :data:`COLUMN_TYPES` for the schema's
properties, else inferred from its values (int, float, bool, list, else str); a missing value
is empty (``None``; pandas ``<NA>``/``NaN``).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from . import schema as S
from .errors import MissingDependency

if TYPE_CHECKING:
    import networkx as nx
    import pandas as pd

__all__ = [
    "COLUMN_TYPES",
    "Table",
    "node_table",
    "edge_table",
    "nodes_frame",
    "edges_frame",
    "parse_cell",
    "format_cell",
]

#: The type of each known column (the schema's properties and the layout's).
COLUMN_TYPES: dict[str, str] = {
    "node": "str",
    "type": "str",
    "source": "str",
    "target": "str",
    "id": "str",
    "title": "str",
    "abstract": "str",
    "venue": "str",
    "url": "str",
    "doi": "str",
    "key": "str",
    "name": "str",
    "kind": "str",
    "evidence": "str",
    "year": "int",
    "paper_count": "int",
    "first_year": "int",
    "rank": "int",
    "position": "int",
    "weight": "int",
    "cluster": "int",
    "burst_start": "int",
    "burst_end": "int",
    "mean_year": "float",
    "burst_strength": "float",
    "label": "str",
    "score": "float",
    "strength": "float",
    "x": "float",
    "y": "float",
    "burst": "float",
    "external": "bool",
    "aliases": "list",
    "keywords": "list",
    "sources": "list",
    "authors": "list",
}
_NODE_HEAD = ("node", "type")
_EDGE_HEAD = ("source", "target", "type")


class Table:
    """Columns, their types and rows (lists aligned with the columns)."""

    def __init__(self, columns: list[str], types: dict[str, str], rows: list[list]):
        self.columns, self.types, self.rows = columns, types, rows


def _infer(values: list) -> str:
    present = [v for v in values if v is not None]
    if present and all(isinstance(v, bool) for v in present):
        return "bool"
    if present and all(isinstance(v, int) and not isinstance(v, bool) for v in present):
        return "int"
    if present and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in present):
        return "float"
    if present and all(isinstance(v, (list, tuple)) for v in present):
        return "list"
    return "str"


def _coerce(v, typ: str):
    if v is None:
        return None
    if typ == "list":
        return list(v) if isinstance(v, (list, tuple)) else [v]
    if typ == "float" and isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    if typ == "str" and not isinstance(v, str):
        return json.dumps(v, ensure_ascii=False) if isinstance(v, (list, dict)) else str(v)
    return v


def _table(head: tuple[str, ...], order: list[str], records: list[dict]) -> Table:
    seen = dict.fromkeys(k for r in records for k in r if k not in head)
    columns = [*head, *(k for k in order if k in seen), *sorted(k for k in seen if k not in order)]
    types = {}
    for c in columns:
        values = [r.get(c) for r in records]
        known, inferred = COLUMN_TYPES.get(c), _infer(values)
        empty = all(v is None for v in values)
        types[c] = (
            known if known and (empty or inferred == known or (known, inferred) == ("float", "int")) else inferred
        )
    rows = [[_coerce(r.get(c), types[c]) for c in columns] for r in records]
    return Table(columns, types, rows)


def node_table(g: nx.MultiDiGraph) -> Table:
    """One row per node (see the module's description)."""
    order = [p for t in S.NODE_TYPES.values() for p in t.properties]
    records = []
    for n, d in g.nodes(data=True):
        rec = {k: v for k, v in d.items() if k not in (S.NODE_TYPE_ATTR, "type")}
        records.append({"node": str(n), "type": S.node_type(d) or "", **rec})
    return _table(_NODE_HEAD, list(dict.fromkeys(order)), records)


def edge_table(g: nx.MultiDiGraph) -> Table:
    """One row per relationship (see the module's description)."""
    order = [p for t in S.REL_TYPES.values() for p in t.properties]
    records = []
    for u, v, k, d in g.edges(keys=True, data=True):
        rec = {a: b for a, b in d.items() if a not in (S.REL_TYPE_ATTR, "source", "target")}
        records.append({"source": str(u), "target": str(v), "type": str(d.get(S.REL_TYPE_ATTR, k)), **rec})
    return _table(_EDGE_HEAD, list(dict.fromkeys(order)), records)


def format_cell(v, typ: str) -> str:
    """A cell as CSV text: empty for missing, lists as JSON arrays, bools as true/false."""
    if v is None:
        return ""
    if typ == "list":
        return json.dumps(v, ensure_ascii=False)
    if typ == "bool":
        return "true" if v else "false"
    return str(v)


def parse_cell(text: str, typ: str):
    """The value :func:`format_cell` wrote (``ValueError`` for text that is not of the type)."""
    if text == "" and typ != "str":
        return None
    if typ == "int":
        return int(text)
    if typ == "float":
        return float(text)
    if typ == "bool":
        if text not in ("true", "false"):
            raise ValueError(f"{text!r} is not true or false")
        return text == "true"
    if typ == "list":
        value = json.loads(text)
        if not isinstance(value, list):
            raise ValueError(f"{text!r} is not a JSON array")
        return value
    return text


def _pandas():
    try:
        import pandas as pd
    except ImportError:
        raise MissingDependency("DataFrames need pandas: pip install 'graphkit[pandas]'") from None
    return pd


_DTYPES = {"int": "Int64", "float": "float64", "bool": "boolean", "str": "string", "list": "object"}


def _frame(t: Table) -> pd.DataFrame:
    pd = _pandas()
    data = {c: pd.Series([row[i] for row in t.rows], dtype=_DTYPES[t.types[c]]) for i, c in enumerate(t.columns)}
    return pd.DataFrame(data, columns=t.columns)


def nodes_frame(g: nx.MultiDiGraph) -> pd.DataFrame:
    """The nodes as a DataFrame: ints as ``Int64``, text as ``string``, lists as Python lists."""
    return _frame(node_table(g))


def edges_frame(g: nx.MultiDiGraph) -> pd.DataFrame:
    """The relationships as a DataFrame (typed like :func:`nodes_frame`)."""
    return _frame(edge_table(g))
