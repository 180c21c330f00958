"""An embedded SQLite query store next to a GraphML file, so a question about a big graph
reads only what its answer needs.

``graph.graphml`` gets ``graph.graphml.gkq`` (written by ``build`` beside the sidecar): the
graph's nodes and edges as rows (attributes as JSON, in the graph's own order), indexed by
endpoint, and every concept's labels (name, key, aliases; also lower-cased and merge-keyed),
so a concept is found without reading every concept. A question (``papers X``, ``view X``,
``concepts --thesaurus-out``) fetches the rows it needs into a small NetworkX graph, and the
functions of :mod:`graphkit.query` answer on it as they would on the whole graph: one code
path for every answer, whichever graph it runs on. The concept listing (``concepts``, with or
without ``--top``) is read from the rows straight into :func:`graphkit.query.concept_row`.

Keyed by content: the store records the GraphML's blake2b digest (the sidecar's), its size and
its mtime_ns. When size and mtime match, the digest is trusted without re-hashing the file
(hashing the 1.7 GB GraphML of 79,345 abstracts takes 3 s): that trusts that an edit changes
the size or the mtime (an edit of the same length whose mtime is then set back, with
``touch -d`` say, goes unseen). Otherwise the file is hashed, and a store of other bytes is
not used. A missing, stale, foreign or truncated store, or one SQLite finds damaged, is never
used: commands then load the whole graph, as without one. The rows carry no checksum (the
sidecar is signed; hashing the 1.3 GB store would cost what it saves), so a byte changed
inside a row is not caught. Reading never writes; deleting the store is safe.

Not a :class:`graphkit.store.GraphStore`: it belongs to one GraphML (nothing is loaded into
it but by ``build``) and each question fetches its own part of the graph.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from pathlib import Path

import networkx as nx

from . import schema as S
from . import text as T

__all__ = ["SUFFIX", "MIN_EDGES", "store_path", "save_store", "open_store", "QueryStore", "Unusable"]

SUFFIX = ".gkq"
FORMAT = "graphkit-query-store-2"  # 2: a paper's other ids in dois
#: ``build`` writes a store for graphs of at least this many edges. Smaller ones load whole from
#: their sidecar in well under a second (the dev set's 48,000 edges: 0.35 s), and writing a
#: store would cost a small build more than it saves (1,000 abstracts: about 1 s of 9).
MIN_EDGES = 100_000
#: Values per ``IN (...)`` (SQLite's limit on parameters is 32,766 since 3.32; older ones 999).
_CHUNK = 900

_SCHEMA = """
CREATE TABLE meta(k TEXT PRIMARY KEY, v);
CREATE TABLE nodes(id TEXT NOT NULL, attrs TEXT NOT NULL);
CREATE TABLE edges(src INTEGER NOT NULL, dst INTEGER NOT NULL, key TEXT NOT NULL, value REAL, attrs TEXT NOT NULL);
CREATE TABLE concepts(node INTEGER PRIMARY KEY, paper_count INTEGER NOT NULL, lname TEXT NOT NULL, name TEXT);
CREATE TABLE labels(node INTEGER NOT NULL, label TEXT NOT NULL, lower TEXT NOT NULL, mkey TEXT NOT NULL);
CREATE TABLE dois(doi TEXT NOT NULL, node INTEGER NOT NULL);
"""
_INDEXES = """
CREATE UNIQUE INDEX nodes_id ON nodes(id);
CREATE INDEX edges_src ON edges(src, key);
CREATE INDEX edges_dst ON edges(dst, key, value);
CREATE INDEX concepts_top ON concepts(paper_count DESC, lname, node);
CREATE INDEX labels_label ON labels(label);
CREATE INDEX labels_lower ON labels(lower);
CREATE INDEX labels_mkey ON labels(mkey);
CREATE INDEX dois_doi ON dois(doi);
"""


#: The one attribute of an edge that neighbourhood() weighs, by relationship: the column ``value``.
_VALUE = {S.MENTIONS: "score", S.CO_OCCURS: "strength"}


class Unusable(Exception):
    """The store cannot answer (unreadable or damaged): load the whole graph instead."""


def store_path(graphml: str | os.PathLike) -> Path:
    return Path(f"{os.fspath(graphml)}{SUFFIX}")


def _labels(d: dict) -> list[str]:
    """A concept's labels as :func:`graphkit.query.find_concept` reads them."""
    return [d.get("name", ""), d.get("key", ""), *d.get("aliases", [])]


def _mkey(label: str) -> str:
    return T.merge_key(T.phrase_key(label.split()))


def _rows(g: nx.MultiDiGraph):
    """The store's rows of ``g``: (table, row) pairs, nodes and edges in the graph's order (a
    paper's DOI as the graph has it: find_paper compares it with the question's, normalised)."""
    index = {}
    for i, (n, d) in enumerate(g.nodes(data=True), 1):
        index[n] = i
        yield "nodes", (i, n, json.dumps(d, ensure_ascii=False))
        if S.is_type(d, S.CONCEPT):
            yield "concepts", (i, int(d.get("paper_count", 0)), str(d.get("name") or "").lower(), d.get("name", ""))
            for label in dict.fromkeys(_labels(d)):
                yield "labels", (i, label, label.lower(), _mkey(label))
        elif S.is_type(d, S.PAPER):
            for other in [d.get("doi"), *(d.get("ids") or ())]:  # a DOI or another id of the work
                if other:
                    yield "dois", (other, i)
    for i, (u, v, k, d) in enumerate(g.edges(keys=True, data=True), 1):
        value = float(d.get(_VALUE[k], 0.0)) if k in _VALUE else None
        yield "edges", (i, index[u], index[v], k, value, json.dumps(d, ensure_ascii=False))


_INSERT = {
    "nodes": "INSERT INTO nodes(rowid, id, attrs) VALUES (?, ?, ?)",
    "edges": "INSERT INTO edges(rowid, src, dst, key, value, attrs) VALUES (?, ?, ?, ?, ?, ?)",
    "concepts": "INSERT INTO concepts VALUES (?, ?, ?, ?)",
    "labels": "INSERT INTO labels VALUES (?, ?, ?, ?)",
    "dois": "INSERT INTO dois VALUES (?, ?)",
}


def _fill(con: sqlite3.Connection, g: nx.MultiDiGraph, meta: dict) -> None:
    con.executescript(_SCHEMA)
    batch: dict[str, list] = {t: [] for t in _INSERT}
    for table, row in _rows(g):
        rows = batch[table]
        rows.append(row)
        if len(rows) >= 10_000:
            con.executemany(_INSERT[table], rows)
            rows.clear()
    for table, rows in batch.items():
        con.executemany(_INSERT[table], rows)
    con.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
    con.executescript(_INDEXES)
    con.commit()


def save_store(g: nx.MultiDiGraph, graphml: str | os.PathLike, digest: bytes) -> Path | None:
    """Write the query store of ``graphml`` (already written; ``digest`` its
    :func:`graphkit.sidecar.file_digest`), atomically. Returns None when it cannot be written
    (a read-only folder, a full disk): the store only saves time, and nothing half-written is left."""
    from .io import _remove_stale, _umask

    target = store_path(graphml)
    try:
        _remove_stale(target.parent, target.name)  # what a killed build left
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp", dir=target.parent)
        os.close(fd)
    except OSError:
        return None
    try:
        st = os.stat(graphml)
        meta = {
            "format": FORMAT,
            "digest": digest,
            "size": st.st_size,
            "mtime_ns": st.st_mtime_ns,
            "graph": json.dumps(g.graph, ensure_ascii=False),
        }
        con = sqlite3.connect(tmp)
        try:
            con.execute("PRAGMA journal_mode=OFF")  # a temporary file: a crash leaves it unrenamed, never used
            con.execute("PRAGMA synchronous=OFF")
            _fill(con, g, meta)
        finally:
            con.close()
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp's 0600 otherwise: the store is as readable as the GraphML
        os.replace(tmp, target)
    except (OSError, sqlite3.Error, TypeError, ValueError):  # ...or an attribute JSON cannot hold: no store
        return None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return target


def _whole(path: Path) -> bool:
    """Whether the file is an SQLite database as long as its header says (not truncated)."""
    with open(path, "rb") as fh:
        head = fh.read(100)
        size = os.fstat(fh.fileno()).st_size
    if len(head) < 100 or not head.startswith(b"SQLite format 3\x00"):
        return False
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    pages = int.from_bytes(head[28:32], "big")
    return head[24:28] == head[92:96] and pages > 0 and size == page * pages


def open_store(graphml: str | os.PathLike) -> QueryStore | None:
    """The query store of ``graphml`` when it is whole and was written for these bytes, else None."""
    from .sidecar import file_digest

    path = store_path(graphml)
    try:
        st = os.stat(graphml)
        if not Path(graphml).is_file() or not path.is_file() or not _whole(path):
            return None
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    except (OSError, sqlite3.Error):
        return None
    try:
        meta = dict(con.execute("SELECT k, v FROM meta"))
        if meta.get("format") != FORMAT:
            raise Unusable
        if (meta.get("size"), meta.get("mtime_ns")) != (st.st_size, st.st_mtime_ns):
            if meta.get("digest") != file_digest(graphml):
                raise Unusable
        return QueryStore(con, json.loads(meta["graph"]))
    except (OSError, sqlite3.Error, ValueError, KeyError, Unusable):
        con.close()
        return None


def _chunks(con: sqlite3.Connection, sql: str, values, *args):
    """``sql`` (with ``IN ({})``) run for ``values`` :data:`_CHUNK` at a time, then ``args``."""
    values = list(values)
    for i in range(0, len(values), _CHUNK):
        part = values[i : i + _CHUNK]
        yield from con.execute(sql.format(",".join("?" * len(part))), [*part, *args])


class _Rows:
    """Rows fetched from the store, made into a graph in the whole graph's order of nodes and
    edges (so every adjacency lists what the whole graph's lists, in the same order)."""

    def __init__(self, con: sqlite3.Connection, graph: dict):
        self.con, self.attrs = con, graph
        self.nodes: dict[int, tuple[str, dict]] = {}
        self.edges: dict[int, tuple[int, int, str, dict]] = {}
        self.ids: dict[str, int] = {}

    def _chunks(self, sql: str, values, *args):
        return _chunks(self.con, sql, values, *args)

    def add_nodes(self, rowids) -> None:
        new = sorted(set(rowids) - self.nodes.keys())
        for r, n, attrs in self._chunks("SELECT rowid, id, attrs FROM nodes WHERE rowid IN ({})", new):
            self.nodes[r] = (n, json.loads(attrs))
            self.ids[n] = r

    def add_ids(self, ids) -> list[int]:
        """Add the nodes with these ids (those that exist); returns their rowids."""
        found = [r for (r,) in self._chunks("SELECT rowid FROM nodes WHERE id IN ({})", ids)]
        self.add_nodes(found)
        return found

    def add_edges(self, side: str, rowids, keys: tuple[str, ...] = ()) -> set[int]:
        """Add the edges whose ``side`` (src or dst) is one of ``rowids`` (of those ``keys``),
        with the nodes at both ends; returns the rowids of the nodes at the other ends."""
        other = "dst" if side == "src" else "src"
        where = f" AND key IN ({','.join('?' * len(keys))})" if keys else ""
        sql = f"SELECT rowid, src, dst, key, attrs FROM edges WHERE {side} IN ({{}}){where}"
        ends = set()
        for r, u, v, k, attrs in self._chunks(sql, rowids, *keys):
            if r not in self.edges:
                self.edges[r] = (u, v, k, json.loads(attrs))
            ends.add(v if other == "dst" else u)
        self.add_nodes(ends)
        return ends

    def add_edges_within(self, rowids) -> None:
        """Add every edge between two of these nodes."""
        keep = set(rowids)
        sql = "SELECT rowid, dst FROM edges WHERE src IN ({})"
        wanted = [r for r, v in self._chunks(sql, keep) if v in keep and r not in self.edges]
        sql = "SELECT rowid, src, dst, key, attrs FROM edges WHERE rowid IN ({})"
        for r, u, v, k, attrs in self._chunks(sql, wanted):
            self.edges[r] = (u, v, k, json.loads(attrs))

    def graph(self) -> nx.MultiDiGraph:
        g = nx.MultiDiGraph()
        g.graph.update(self.attrs)
        g.add_nodes_from(self.nodes[r] for r in sorted(self.nodes))
        nodes = self.nodes
        g.add_edges_from((nodes[u][0], nodes[v][0], k, d) for u, v, k, d in (self.edges[r] for r in sorted(self.edges)))
        return g


class QueryStore:
    """An open query store. Each method returns the small graph on which the function of
    :mod:`graphkit.query` of the same question gives the whole graph's answer; a concept or
    paper that is not there raises as that function does. Errors reading the store are
    :class:`Unusable`."""

    def __init__(self, con: sqlite3.Connection, graph: dict):
        self.con, self.attrs = con, graph

    def close(self) -> None:
        self.con.close()

    def _rows(self) -> _Rows:
        return _Rows(self.con, self.attrs)

    def concepts(self, top: int | None = None) -> nx.MultiDiGraph:
        """The ``top`` concepts with most papers (all with None), for :func:`graphkit.query.concepts`
        and :func:`graphkit.thesaurus.write_thesaurus`."""
        rows = self._rows()
        sql = "SELECT node FROM concepts ORDER BY paper_count DESC, lname, node"
        rows.add_nodes(r for (r,) in self.con.execute(sql + (" LIMIT ?" if top else ""), (top,) if top else ()))
        return rows.graph()

    def concept_rows(self, top: int | None = None) -> list[dict]:
        """:func:`graphkit.query.concepts` itself, read from the concepts' rows with no graph
        between (on the 79k graph the whole listing took 11 s through NetworkX)."""
        from .query import concept_row

        sql = "SELECT n.attrs FROM concepts c JOIN nodes n ON n.rowid = c.node ORDER BY c.paper_count DESC, c.lname, c.node"
        rows = self.con.execute(sql + (" LIMIT ?" if top else ""), (top,) if top else ())
        return [concept_row(json.loads(attrs)) for (attrs,) in rows]

    def _concept(self, name: str) -> tuple[_Rows, str]:
        """The rows holding every concept ``name`` could mean, and the node it means
        (:func:`graphkit.query.find_concept` chooses)."""
        from .query import concept_not_found, find_concept

        rows = self._rows()
        want = name.strip()
        rows.add_ids([name])  # neighbourhood() also takes a node id
        found = [r for (r,) in self.con.execute("SELECT node FROM labels WHERE label = ?", (want,))] if want else []
        if want and not found:
            sql = "SELECT node FROM labels WHERE lower = ? OR mkey = ?"
            found = [r for (r,) in self.con.execute(sql, (want.lower(), _mkey(want)))]
        if want and not found:  # find_concept's error, without reading every concept whole
            raise concept_not_found(name, [n for (n,) in self.con.execute("SELECT name FROM concepts ORDER BY node")])
        rows.add_nodes(found)
        return rows, find_concept(rows.graph(), name)

    def papers(self, name: str) -> nx.MultiDiGraph:
        """For :func:`graphkit.query.papers_for`: the concept and the papers that mention it."""
        rows, node = self._concept(name)
        rows.add_edges("dst", [rows.ids[node]], (S.MENTIONS,))
        return rows.graph()

    def flow(self, name: str) -> nx.MultiDiGraph:
        """For :func:`graphkit.query.concept_flow`: the concept, its papers and their citations."""
        rows, node = self._concept(name)
        papers = rows.add_edges("dst", [rows.ids[node]], (S.MENTIONS,))
        for side in ("src", "dst"):
            rows.add_edges(side, papers, (S.CITES,))
        return rows.graph()

    def neighbourhood(self, name: str, depth: int = 1, max_papers: int = 300) -> nx.MultiDiGraph:
        """For :func:`graphkit.query.neighbourhood` (with its default caps): the concepts
        ``name`` may mean and the nodes it keeps, with every edge between them.

        What it keeps is found step by step on a light graph (edges, and nodes bare but for
        the concepts ``name`` may mean): each step adds the ``max_papers`` papers that mention
        the step's concepts most strongly with all their mentions, and those concepts'
        co-occurrences; neighbourhood() on it then says which concepts the next step starts
        from. The answer is the same on the graph returned: the kept nodes and any others
        with every edge between them hold every kept node's weight, and a top-k of a subset
        that holds the whole top-k is that top-k."""
        from .query import neighbourhood

        rows, center = self._concept(name)
        light, ids = rows.graph(), dict(rows.ids)
        frontier, seen, papers = {ids[center]}, {ids[center]}, set()
        rank = (
            "SELECT e.src FROM edges e JOIN nodes n ON n.rowid = e.src WHERE e.dst IN ({}) AND e.key = ? "
            "GROUP BY e.src ORDER BY max(max(e.value), 0.0) DESC, n.id LIMIT ?"
        )
        for step in range(1, max(1, depth) + 1):
            assert len(frontier) <= _CHUNK  # at most neighbourhood()'s max_concepts: one query ranks them all
            top = [r for (r,) in _chunks(self.con, rank, frontier, S.MENTIONS, max_papers)]
            papers.update(top)
            self._light(light, ids, "src", top, S.MENTIONS)
            self._light(light, ids, "src", frontier, S.CO_OCCURS)
            self._light(light, ids, "dst", frontier, S.CO_OCCURS)
            kept = {ids[n] for n in neighbourhood(light, center, depth=step)}
            frontier = kept - seen - papers
            seen |= kept
            if not frontier:
                break
        rows.add_nodes(seen)
        rows.add_edges_within(rows.nodes)
        return rows.graph()

    def _light(self, g: nx.MultiDiGraph, ids: dict, side: str, rowids, key: str) -> None:
        """Add to ``g`` the ``key`` edges whose ``side`` is one of ``rowids``, with only the
        attribute neighbourhood() weighs (their nodes bare)."""
        sql = (
            "SELECT s.id, s.rowid, d.id, d.rowid, e.value FROM edges e JOIN nodes s ON s.rowid = e.src "
            f"JOIN nodes d ON d.rowid = e.dst WHERE e.{side} IN ({{}}) AND e.key = ?"
        )
        edges, attr = [], _VALUE[key]
        for u, ur, v, vr, value in _chunks(self.con, sql, rowids, key):
            ids[u], ids[v] = ur, vr
            edges.append((u, v, key, {attr: value}))
        g.add_edges_from(edges)

    def _paper(self, key: str) -> tuple[_Rows, str]:
        from .biblio import normalise_doi
        from .query import _bare_id, find_paper

        rows = self._rows()
        key = _bare_id(key)
        rows.add_ids([key, f"paper:{key}"])
        for other in dict.fromkeys(x for x in (normalise_doi(key), key) if x):  # by DOI or another id
            rows.add_nodes(r for (r,) in self.con.execute("SELECT node FROM dois WHERE doi = ?", (other,)))
        return rows, find_paper(rows.graph(), key)

    def citations(self, key: str) -> nx.MultiDiGraph:
        """For :func:`graphkit.query.citing` and ``cited_by``: the paper, what it cites and what
        cites it, with the citations of each (their times cited)."""
        rows, node = self._paper(key)
        r = rows.ids[node]
        ends = rows.add_edges("src", [r], (S.CITES,)) | rows.add_edges("dst", [r], (S.CITES,))
        rows.add_edges("dst", ends, (S.CITES,))
        return rows.graph()

    def most_cited(self, top: int) -> nx.MultiDiGraph:
        """For :func:`graphkit.query.most_cited`: the works cited at least as often as the
        ``top``-th most cited (ties included), with the citations of each."""
        counts = self.con.execute(
            "SELECT count(*) AS n FROM edges WHERE key = ? GROUP BY dst ORDER BY n DESC LIMIT 1 OFFSET ?",
            (S.CITES, max(0, top - 1)),
        ).fetchone()
        least = counts[0] if counts else 1
        rows = self._rows()
        works = [
            r
            for (r,) in self.con.execute(
                "SELECT dst FROM edges WHERE key = ? GROUP BY dst HAVING count(*) >= ?", (S.CITES, least)
            )
        ]
        rows.add_nodes(works)
        rows.add_edges("dst", works, (S.CITES,))
        return rows.graph()

    def paper_neighbourhood(self, key: str) -> nx.MultiDiGraph:
        """For :func:`graphkit.query.paper_neighbourhood`: the paper's edges, then every edge
        between the nodes it keeps."""
        from .query import paper_neighbourhood

        rows, node = self._paper(key)
        r = rows.ids[node]
        rows.add_edges("src", [r])
        rows.add_edges("dst", [r])
        sub, _ = paper_neighbourhood(rows.graph(), node)
        rows.add_edges_within(rows.ids[n] for n in sub)
        return rows.graph()
