"""The graph as ``neo4j-admin database import full`` input: one CSV per node label and per
relationship type, each with its header row in the import tool's format.

Not an export of :mod:`graphkit.export`: an export there is one file, the import tool reads
a folder of them (a file per label and type, named on its command line), and the result is
a Neo4j store, so this sits beside the batched loader (:mod:`graphkit.store.neo4j`).

Headers: ``id:ID(Paper)``, ``key:ID(Concept)``, ``key:ID(Author)`` (one id space per label,
the property the loader merges on), ``:LABEL``; ``:START_ID(Paper)``, ``:END_ID(Concept)``,
``:TYPE``; other columns typed from their values (``year:int``, ``score:float``,
``aliases:string[]``). Array elements are split on U+001F, which graphkit never writes in
a value (control characters are removed on reading). Text is quoted the CSV way (``""``
inside quotes); titles and abstracts may hold newlines, hence ``--multiline-fields=true``.
"""

from __future__ import annotations

import csv
import os
import re
import shlex
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import networkx as nx

from .. import schema as S
from ..errors import GraphFileError, UsageError

__all__ = ["ARRAY_DELIMITER", "ImportFiles", "write_import_files"]

#: Between the elements of an array value (``--array-delimiter=U+001F``).
ARRAY_DELIMITER = "\x1f"


@dataclass
class ImportFiles:
    """What :func:`write_import_files` wrote: the folder, node and relationship files (with row counts)."""

    folder: Path
    nodes: dict[str, tuple[Path, int]]
    relationships: dict[str, tuple[Path, int]]

    def command(self, database: str = "neo4j", admin: str = "neo4j-admin") -> list[str]:
        """The ``neo4j-admin database import full`` command line that imports these files."""
        args = [
            admin,
            "database",
            "import",
            "full",
            database,
            "--overwrite-destination=true",
            "--multiline-fields=true",
            "--array-delimiter=U+001F",
        ]
        args += [f"--nodes={p}" for p, _ in self.nodes.values()]
        args += [f"--relationships={p}" for p, _ in self.relationships.values()]
        return args

    def command_line(self, database: str = "neo4j", admin: str = "neo4j-admin") -> str:
        """:meth:`command` as one line for a POSIX shell (paths quoted where they need it)."""
        return shlex.join(self.command(database, admin))


def _type_of(values: list) -> str:
    if all(isinstance(v, bool) for v in values):
        return "boolean"
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return "int"
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return "float"
    if all(isinstance(v, (list, tuple)) for v in values):
        return "string[]"
    return "string"


def _columns(rows: list[dict], skip: tuple[str, ...]) -> list[tuple[str, str]]:
    """(property, import type) for every property any row has, in first-seen order."""
    seen: dict[str, list] = {}
    for d in rows:
        for k, v in d.items():
            if k not in skip and v is not None:
                seen.setdefault(k, []).append(v)
    return [(k, _type_of(vs)) for k, vs in seen.items()]


def _cell(value, typ: str) -> str:
    if value is None:
        return ""
    if typ == "string[]":
        return ARRAY_DELIMITER.join(str(x) for x in value)
    if typ == "boolean":
        return "true" if value else "false"
    return str(value)


def _write(path: Path, header: list[str], rows) -> int:
    n = 0
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, quoting=csv.QUOTE_MINIMAL, lineterminator="\n")
        w.writerow(header)
        for row in rows:
            w.writerow(row)
            n += 1
    return n


def write_import_files(g: nx.MultiDiGraph, folder: str | os.PathLike) -> ImportFiles:
    """Write ``folder``/nodes-<Label>.csv and rels-<TYPE>.csv for ``g``; replaces the folder whole.

    Written into a temporary folder beside it first, so a failure leaves no half-written set.
    """
    folder = Path(folder)
    _check_replaceable(folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    try:
        umask = os.umask(0)
        os.umask(umask)
        tmp.chmod(0o777 & ~umask)  # as a folder made by mkdir, not mkdtemp's owner-only one
        nodes, rels = _write_all(g, tmp)
        if folder.exists():
            shutil.rmtree(folder)
        tmp.rename(folder)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return ImportFiles(
        folder,
        {k: (folder / p.name, n) for k, (p, n) in nodes.items()},
        {k: (folder / p.name, n) for k, (p, n) in rels.items()},
    )


#: What a folder of import files holds: it may be replaced only if it holds nothing else.
_OWN_FILE = re.compile(r"(nodes|rels)-[A-Za-z_]+\.csv")


def _check_replaceable(folder: Path) -> None:
    """Refuse a folder that the import files would replace with more in it than import files
    (a user's data, the graph itself: it was replaced whole, its other files lost), the current
    folder or one holding it, and ``-``."""
    if str(folder) == "-":
        raise UsageError("-: import files are a folder of CSV files, not standard output; name a folder")
    if folder.is_symlink():  # replaced whole, a link cannot be: name the folder itself
        raise GraphFileError(f"{folder}: is a symbolic link; name the folder it points to ({os.path.realpath(folder)})")
    if folder.exists():
        if not folder.is_dir():
            raise GraphFileError(f"{folder}: exists and is not a folder")
        others = sorted(p.name for p in folder.iterdir() if not (_OWN_FILE.fullmatch(p.name) and p.is_file()))
        if others:
            raise GraphFileError(
                f"{folder}: holds {others[0]!r}{f' and {len(others) - 1:,} more' if len(others) > 1 else ''}, "
                "not only neo4j-admin import files; it would be replaced whole, so choose an empty or new folder"
            )
        cwd = Path(os.path.realpath(os.getcwd()))
        real = Path(os.path.realpath(folder))
        if real == cwd or real in cwd.parents:
            raise GraphFileError(f"{folder}: is the current folder or holds it; choose another folder")


def _write_all(g: nx.MultiDiGraph, out: Path):
    nodes: dict[str, tuple[Path, int]] = {}
    for label, t in S.NODE_TYPES.items():
        rows = [d for _, d in S.nodes_of(g, label)]
        if not rows:
            continue
        cols = [c for c in _columns(rows, (S.NODE_TYPE_ATTR,)) if c[0] != t.id_property]
        header = [f"{t.id_property}:ID({label})", ":LABEL"] + [f"{k}:{typ}" for k, typ in cols]
        path = out / f"nodes-{label}.csv"
        n = _write(path, header, ([d[t.id_property], label] + [_cell(d.get(k), typ) for k, typ in cols] for d in rows))
        nodes[label] = (path, n)
    rels: dict[str, tuple[Path, int]] = {}
    for rtype, rt in S.REL_TYPES.items():
        edges = [(u, v, d) for u, v, k, d in g.edges(keys=True, data=True) if k == rtype]
        if not edges:
            continue
        a_id, b_id = S.NODE_TYPES[rt.source].id_property, S.NODE_TYPES[rt.target].id_property
        for u, v, _ in edges:
            if S.node_type(g.nodes[u]) != rt.source or S.node_type(g.nodes[v]) != rt.target:
                raise GraphFileError(f"edge {u!r} -[{rtype}]-> {v!r} does not join {rt.source} to {rt.target}")
        cols = _columns([d for _, _, d in edges], (S.REL_TYPE_ATTR,))
        header = [f":START_ID({rt.source})", f":END_ID({rt.target})", ":TYPE"] + [f"{k}:{typ}" for k, typ in cols]
        path = out / f"rels-{rtype}.csv"
        n = _write(
            path,
            header,
            (
                [g.nodes[u][a_id], g.nodes[v][b_id], rtype] + [_cell(d.get(k), typ) for k, typ in cols]
                for u, v, d in edges
            ),
        )
        rels[rtype] = (path, n)
    return nodes, rels
