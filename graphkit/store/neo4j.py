"""Neo4j: load a graphkit graph, run the Cypher library, read a graph back.

Every value travels as a query parameter; labels and relationship types come from a fixed
set. Loading is batched ``UNWIND $rows AS row MERGE ...`` after the constraints of
``cypher/schema.cypher``, so it is idempotent: loading twice, or again after an
interruption, leaves exactly one copy of everything.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

import networkx as nx

from .. import schema as S
from ..errors import GraphkitError, MissingDependency, StoreError
from . import register

__all__ = [
    "Neo4jStore",
    "connect",
    "Neo4jWriter",
    "LoadReport",
    "library",
    "LibraryQuery",
    "run_query",
    "fetch_graph",
    "clear_database",
    "META_LABEL",
    "read_meta",
    "write_meta",
    "check_schema",
]

#: The label of the one node that records which graph the database holds (schema version, build id).
META_LABEL = "GraphkitMeta"

NODE_LABELS = tuple(S.NODE_TYPES)
REL_TYPES = tuple(S.REL_TYPES)
_ID_PROP = {t.name: t.id_property for t in S.NODE_TYPES.values()}

_MERGE_NODES = {
    label: f"UNWIND $rows AS row MERGE (n:{label} {{{prop}: row.k}}) SET n += row.props"
    for label, prop in _ID_PROP.items()
}
#: ``SET n = ...`` instead of ``+=`` when syncing, so properties a rebuild dropped go too.
_SYNC_NODES = {label: q.replace("SET n += row.props", "SET n = row.props") for label, q in _MERGE_NODES.items()}
_DB_KEYS = {label: f"MATCH (n:{label}) RETURN n.{prop} AS k" for label, prop in _ID_PROP.items()}
_DELETE_NODES = {
    label: f"UNWIND $rows AS k MATCH (n:{label} {{{prop}: k}}) DETACH DELETE n" for label, prop in _ID_PROP.items()
}
_REL_ENDS = {t.name: (t.source, t.target) for t in S.REL_TYPES.values()}
_MERGE_RELS = {
    t: (
        f"UNWIND $rows AS row MATCH (a:{a} {{{_ID_PROP[a]}: row.a}}) MATCH (b:{b} {{{_ID_PROP[b]}: row.b}}) "
        f"MERGE (a)-[r:{t}]->(b) SET r += row.props"
    )
    for t, (a, b) in _REL_ENDS.items()
}
_SYNC_RELS = {t: q.replace("SET r += row.props", "SET r = row.props") for t, q in _MERGE_RELS.items()}
_DB_RELS = {
    t: f"MATCH (a:{a})-[:{t}]->(b:{b}) RETURN a.{_ID_PROP[a]} AS a, b.{_ID_PROP[b]} AS b"
    for t, (a, b) in _REL_ENDS.items()
}
_DELETE_RELS = {
    t: (
        f"UNWIND $rows AS row MATCH (a:{a} {{{_ID_PROP[a]}: row.a}})-[r:{t}]->(b:{b} {{{_ID_PROP[b]}: row.b}}) DELETE r"
    )
    for t, (a, b) in _REL_ENDS.items()
}
_READ_META = f"MATCH (m:{META_LABEL}) RETURN m.schema AS schema, m.build_id AS build_id, m.mode AS mode LIMIT 1"
_WRITE_META = (
    f"MERGE (m:{META_LABEL} {{id: 'graph'}}) SET m.schema = $schema, m.build_id = $build_id, "
    "m.mode = $mode, m.nodes = $nodes, m.relationships = $rels, m.loaded_at = datetime()"
)


def _driver_module():
    try:
        import neo4j
    except ImportError:
        neo4j = None
    if not hasattr(neo4j, "GraphDatabase"):  # missing, or a folder named neo4j on sys.path
        raise MissingDependency("Neo4j support needs the driver: pip install 'graphkit[neo4j]'")
    _quiet_driver_log()
    return neo4j


@lru_cache(maxsize=1)
def _quiet_driver_log() -> None:
    """The driver logs each retry as a warning; the one-line error raised says it all. Once per
    process: a handler added on each call (each value read back) had made reading 5,000 values
    add 10,000 handlers, every one scanned by the next, and a paper's page from Neo4j take over
    10 minutes."""
    import logging

    log = logging.getLogger("neo4j")
    log.addHandler(logging.NullHandler())
    log.propagate = False


def _explain(e: Exception, uri: str, user: str) -> StoreError:
    neo4j = _driver_module()
    ex = neo4j.exceptions
    if isinstance(e, ex.AuthError):
        return StoreError(
            f"Neo4j at {uri} refused the credentials for user {user!r}; check --user/--password "
            "(NEO4J_USER/NEO4J_PASSWORD)"
        )
    if isinstance(e, (ex.ServiceUnavailable, ex.SessionExpired, OSError)):
        return StoreError(f"cannot reach Neo4j at {uri}: is the server running? (start one with: make neo4j)")
    if isinstance(e, ex.ConfigurationError):
        return StoreError(f"bad Neo4j URI {uri!r}: {str(e).splitlines()[0]}")
    if isinstance(e, ex.Neo4jError):
        msg = (e.message or str(e)).strip().splitlines()[0]
        if e.code and (
            "AccessMode" in e.code
            or "ForbiddenDueToTransactionType" in e.code
            or "write" in msg.lower()
            and "read" in msg.lower()
        ):
            return StoreError("this query writes to the database; pass --write to allow it")
        return StoreError(f"Neo4j rejected the query: {msg} ({e.code})")
    return StoreError(f"Neo4j error: {str(e).splitlines()[0] if str(e) else type(e).__name__}")


_SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")


def _uri(driver) -> str:
    return getattr(driver, "graphkit_uri", None) or "the server"


def _check_uri(uri: str) -> None:
    from urllib.parse import urlsplit

    scheme = uri.partition("://")[0].lower() if "://" in uri else ""
    if scheme not in _SCHEMES:
        raise StoreError(f"bad Neo4j URI {uri!r}: it must start with {', '.join(s + '://' for s in _SCHEMES)}")
    try:
        parts = urlsplit(uri)
        parts.port  # noqa: B018 - raises ValueError on a port that is not a number
    except ValueError as e:
        raise StoreError(f"bad Neo4j URI {uri!r}: {e}") from None
    if not parts.hostname:
        raise StoreError(f"bad Neo4j URI {uri!r}: no host")


def connect(uri: str, user: str, password: str | None, *, verify: bool = True):
    """A ``neo4j.Driver`` whose connection and credentials are checked; errors become StoreError.

    Without a password, the one the local server generated (``make neo4j``) is used.
    """
    neo4j = _driver_module()
    _check_uri(uri)
    if password is None:
        from .local import password_file, saved_password

        password = saved_password()
        if password is None:
            raise StoreError(
                f"no Neo4j password: pass --password or set NEO4J_PASSWORD (the local server "
                f"keeps the one it generates in {password_file()})"
            )
    try:
        driver = neo4j.GraphDatabase.driver(
            uri, auth=(user, password), connection_timeout=10, max_transaction_retry_time=5
        )
    except (ValueError, neo4j.exceptions.ConfigurationError) as e:
        raise StoreError(f"bad Neo4j URI {uri!r}: {str(e).splitlines()[0]}") from None
    if verify:
        try:
            driver.verify_connectivity()
            driver.verify_authentication()
        except Exception as e:  # noqa: BLE001 - translated to one clear line, never swallowed
            driver.close()
            raise _explain(e, uri, user) from None
    driver.graphkit_uri = uri  # for error messages
    return driver


@dataclass
class LoadReport:
    nodes_created: int = 0
    relationships_created: int = 0
    nodes_deleted: int = 0  # by a sync: what the graph no longer has
    relationships_deleted: int = 0
    properties_set: int = 0
    batches: int = 0
    by_type: dict[str, int] = field(default_factory=dict)  # rows sent per label / relationship type
    seconds: dict[str, float] = field(default_factory=dict)  # time spent per label / relationship type

    def add(self, counters, what: str, rows: int, seconds: float = 0.0) -> None:
        self.nodes_created += counters.nodes_created
        self.relationships_created += counters.relationships_created
        self.nodes_deleted += counters.nodes_deleted
        self.relationships_deleted += counters.relationships_deleted
        self.properties_set += counters.properties_set
        self.batches += 1
        self.by_type[what] = self.by_type.get(what, 0) + rows
        self.seconds[what] = self.seconds.get(what, 0.0) + seconds

    def rate(self, kinds) -> float:
        """Rows per second over the given labels or types."""
        rows = sum(self.by_type.get(k, 0) for k in kinds)
        secs = sum(self.seconds.get(k, 0.0) for k in kinds)
        return rows / secs if secs else 0.0


def _schema_statements() -> list[str]:
    text = resources.files("graphkit").joinpath("cypher").joinpath("schema.cypher").read_text(encoding="utf-8")
    text = "\n".join(line for line in text.splitlines() if not line.strip().startswith("//"))
    return [s.strip() for s in text.split(";") if s.strip()]


def _props(d: dict, skip: Iterable[str] = ()) -> dict:
    out = {}
    for k, v in d.items():
        if k in skip or v is None:
            continue
        if isinstance(v, tuple):
            v = list(v)
        out[k] = v
    return out


#: Neo4j's range indexes (behind the uniqueness constraints) refuse keys over about 8 kB.
MAX_KEY_BYTES = 4000


def _key(label: str, d: dict) -> str:
    key = d[_ID_PROP[label]]
    size = len(str(key).encode("utf-8", "surrogatepass"))
    if size > MAX_KEY_BYTES:
        raise GraphkitError(
            f"{label} {_ID_PROP[label]} {str(key)[:40]!r}... is {size:,} bytes, over the "
            f"{MAX_KEY_BYTES:,} Neo4j can index; nothing was loaded. Rebuild the graph with this "
            "graphkit (it bounds concept length) or shorten that id"
        )
    return key


def _load_failed(e: Exception, driver, report: LoadReport, total: int) -> StoreError:
    """One line; when some batches were committed, how far the load got and how to finish it."""
    err = _explain(e, _uri(driver), "neo4j")
    if not report.batches:
        return err
    done = sum(report.by_type.values())
    return StoreError(
        f"{err} (the load stopped after {done:,} of {total:,} rows; loading is idempotent: rerun "
        "the same command once the cause is fixed, or add --replace to start over)"
    )


class Neo4jWriter:
    """Writes a graphkit graph to Neo4j. The constructor does no I/O."""

    def __init__(self, driver, database: str | None = None, batch_size: int = 2000):
        self.driver = driver
        self.database = database
        self.batch_size = batch_size

    def _run(self, statement: str, rows: list | None = None):
        params = {"rows": rows} if rows is not None else {}
        summary = self.driver.execute_query(statement, params, database_=self.database).summary
        return summary.counters

    def create_schema(self) -> None:
        for statement in _schema_statements():
            self._run(statement)

    def batches(self, g: nx.MultiDiGraph, sync: bool = False) -> list[tuple[str, str, list[dict]]]:
        """(what, statement, rows) for every batch the load runs: nodes first, then relationships.
        ``sync``: properties are replaced, not added to."""
        nodes_q, rels_q = (_SYNC_NODES, _SYNC_RELS) if sync else (_MERGE_NODES, _MERGE_RELS)
        out = []
        for label in NODE_LABELS:
            rows = [
                {"k": _key(label, d), "props": _props(d, skip=(S.NODE_TYPE_ATTR,))} for _, d in S.nodes_of(g, label)
            ]
            out += [
                (label, nodes_q[label], rows[i : i + self.batch_size]) for i in range(0, len(rows), self.batch_size)
            ]
        by_type: dict[str, list[dict]] = {t: [] for t in REL_TYPES}
        for u, v, k, d in g.edges(keys=True, data=True):
            if k not in by_type:
                continue
            a_label, b_label = _REL_ENDS[k]
            ud, vd = g.nodes[u], g.nodes[v]
            if S.node_type(ud) != a_label or S.node_type(vd) != b_label:
                raise GraphkitError(f"edge {u!r} -[{k}]-> {v!r} does not join {a_label} to {b_label}")
            by_type[k].append(
                {"a": ud[_ID_PROP[a_label]], "b": vd[_ID_PROP[b_label]], "props": _props(d, skip=(S.REL_TYPE_ATTR,))}
            )
        for t, rows in by_type.items():
            out += [(t, rels_q[t], rows[i : i + self.batch_size]) for i in range(0, len(rows), self.batch_size)]
        return out

    def stale(self, g: nx.MultiDiGraph) -> list[tuple[str, str, list]]:
        """(what, statement, rows) for the batches that delete what the database has and the
        graph does not: relationships first, then nodes (DETACH DELETE takes theirs along)."""
        out: list[tuple[str, str, list]] = []
        for t, (a, b) in _REL_ENDS.items():
            want = {(g.nodes[u][_ID_PROP[a]], g.nodes[v][_ID_PROP[b]]) for u, v, k in g.edges(keys=True) if k == t}
            _, rows = run_query(self.driver, _DB_RELS[t], database=self.database)
            gone = sorted({(r["a"], r["b"]) for r in rows} - want, key=repr)
            pairs = [{"a": x, "b": y} for x, y in gone]
            out += [
                (f"-{t}", _DELETE_RELS[t], pairs[i : i + self.batch_size])
                for i in range(0, len(pairs), self.batch_size)
            ]
        for label in NODE_LABELS:
            want = {d[_ID_PROP[label]] for _, d in S.nodes_of(g, label)}
            _, rows = run_query(self.driver, _DB_KEYS[label], database=self.database)
            gone = sorted({r["k"] for r in rows} - want, key=repr)
            out += [
                (f"-{label}", _DELETE_NODES[label], gone[i : i + self.batch_size])
                for i in range(0, len(gone), self.batch_size)
            ]
        return out

    def load(self, g: nx.MultiDiGraph, progress: bool = False, sync: bool = False) -> LoadReport:
        """MERGE every node and relationship of ``g``; ``sync`` also deletes, in batches, the
        graphkit nodes and relationships the graph does not have and replaces properties, so
        the database equals the graph."""
        from ..progress import bar

        neo4j = _driver_module()
        report = LoadReport()
        work = self.batches(g, sync=sync)  # checks every key first: a bad graph writes nothing
        total = sum(len(rows) for _, _, rows in work)
        try:
            self.create_schema()
            work = (self.stale(g) if sync else []) + work
            total = sum(len(rows) for _, _, rows in work)
            with bar("Loading into Neo4j", total, "row", progress, leave=False) as done:
                for what, statement, rows in work:
                    t = time.perf_counter()
                    counters = self._run(statement, rows)
                    report.add(counters, what, len(rows), time.perf_counter() - t)
                    done.update(len(rows))
        except (neo4j.exceptions.Neo4jError, neo4j.exceptions.DriverError, OSError) as e:
            raise _load_failed(e, self.driver, report, total) from None
        return report


def clear_database(driver, database: str | None = None) -> None:
    """Delete every node and relationship, in batches (used by the tests and `neo4j load --replace`)."""
    with driver.session(database=database) as s:
        s.run("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS").consume()


def read_meta(driver, database: str | None = None) -> dict | None:
    """What the database records of the graph it holds (schema, build_id, mode), or None."""
    _, rows = run_query(driver, _READ_META, database=database)
    return rows[0] if rows else None


def check_schema(meta: dict | None, g: nx.MultiDiGraph) -> None:
    """Refuse to mix graphs of two schema versions in one database."""
    schema = g.graph.get("schema", S.SCHEMA_VERSION)
    if meta and meta.get("schema") is not None and str(meta["schema"]) != str(schema):
        raise StoreError(
            f"the database holds a schema-{meta['schema']} graph and this graph is schema {schema}; "
            "load it with --replace to replace the database's graph"
        )


def write_meta(driver, g: nx.MultiDiGraph, mode: str, database: str | None = None) -> None:
    """Record the graph's schema version and build id (and how it was loaded) in the database.
    After a ``merge`` load the database may hold more than this build."""
    params = {
        "schema": int(g.graph.get("schema", S.SCHEMA_VERSION)),
        "build_id": g.graph.get("build_id"),
        "mode": mode,
        "nodes": g.number_of_nodes(),
        "rels": g.number_of_edges(),
    }
    run_query(driver, _WRITE_META, params, write=True, database=database)


# ---------------------------------------------------------------- the Cypher library

_PARAM = re.compile(r"^\s*(\w+)\s*:\s*(string|int|float|bool)\s*(?:=\s*(.+?))?\s*$")


@dataclass
class LibraryQuery:
    name: str
    question: str
    params: dict[str, tuple[str, object]]  # name -> (type, default or None)
    text: str

    def bind(self, given: dict[str, str]) -> dict:
        """Typed parameters from ``-p NAME VALUE`` strings, with the defaults filled in."""
        unknown = sorted(set(given) - set(self.params))
        if unknown:
            raise GraphkitError(
                f"query {self.name!r} has no parameter {unknown[0]!r} (it takes: {', '.join(self.params) or 'none'})"
            )
        out = {}
        for p, (typ, default) in self.params.items():
            if p in given:
                out[p] = _convert(given[p], typ, p)
            elif default is not None:
                out[p] = _convert(str(default), typ, p)
            else:
                raise GraphkitError(f"query {self.name!r} needs -p {p} VALUE ({typ})")
        return out


def _convert(value: str, typ: str, name: str):
    try:
        if typ == "int":
            return int(value)
        if typ == "float":
            return float(value)
        if typ == "bool":
            if value.lower() in {"true", "1", "yes"}:
                return True
            if value.lower() in {"false", "0", "no"}:
                return False
            raise ValueError(value)
    except ValueError:
        raise GraphkitError(f"parameter {name!r} must be {typ}, got {value!r}") from None
    return value


def _library_dir() -> Path:
    return Path(str(resources.files("graphkit").joinpath("cypher")))


def library() -> dict[str, LibraryQuery]:
    """The named queries of ``cypher/`` (all but schema.cypher)."""
    out = {}
    for path in sorted(_library_dir().glob("*.cypher")):
        if path.stem == "schema":
            continue
        out[path.stem] = parse_query(path.stem, path.read_text(encoding="utf-8"))
    return out


def parse_query(name: str, text: str) -> LibraryQuery:
    lines = text.splitlines()
    question, params = "", {}
    for line in lines[:2]:
        body = line.strip().lstrip("/").strip()
        if body.startswith("params:"):
            for part in filter(None, (x.strip() for x in body[len("params:") :].split(","))):
                m = _PARAM.match(part)
                if not m:
                    raise GraphkitError(f"{name}.cypher: cannot read parameter {part!r}")
                default = m.group(3)
                params[m.group(1)] = (m.group(2), default)
        elif body.startswith(f"{name}:"):
            question = body[len(name) + 1 :].strip()
    return LibraryQuery(name, question, params, text)


def _plain(value):
    """Driver values -> JSON-ready Python: nodes and relationships become dicts of their properties."""
    neo4j = _driver_module()
    graph_types = neo4j.graph
    if isinstance(value, graph_types.Node):
        return {"_labels": sorted(value.labels), **{k: _plain(v) for k, v in value.items()}}
    if isinstance(value, graph_types.Relationship):
        return {"_type": value.type, **{k: _plain(v) for k, v in value.items()}}
    if isinstance(value, graph_types.Path):
        return [_plain(n) for n in value.nodes]
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if hasattr(value, "iso_format"):
        return value.iso_format()
    return value


#: Procedures and functions that read (or write) files and URLs, or run Cypher given as a string.
_OUTSIDE = re.compile(
    r"\b(apoc\.(load|import|export|cypher|periodic|systemdb|graph\.from|util\.(de)?compress|"
    r"log\.stream|bolt|es|mongo|couchbase|redis)|gds\.graph\.(import|export))[\w.]*",
    re.IGNORECASE,
)
# a leading EXPLAIN/PROFILE (after comments); any other form fails closed: "EXPLAIN EXPLAIN" is an error
_PLAN_PREFIX = re.compile(r"^(?:\s|//[^\n]*(?:\n|$)|/\*.*?\*/)*(EXPLAIN|PROFILE)\b", re.IGNORECASE | re.DOTALL)


def _reads_outside(tx, cypher: str, params: dict) -> str | None:
    """What in the query reads outside the database (LOAD CSV, apoc.load.json, ...), from the server's plan."""
    plan = tx.run("EXPLAIN " + _PLAN_PREFIX.sub("", cypher, count=1), params).consume().plan or {}
    stack = [plan]
    while stack:
        op = stack.pop()
        if str(op.get("operatorType", "")).split("@")[0] == "LoadCSV":
            return "LOAD CSV"
        for value in (op.get("args") or {}).values():
            m = _OUTSIDE.search(str(value))
            if m:
                return m.group(0)
        stack.extend(op.get("children") or [])
    m = _OUTSIDE.search(cypher)
    return m.group(0) if m else None


def run_query(
    driver, cypher: str, params: dict | None = None, *, write: bool = False, database: str | None = None
) -> tuple[list[str], list[dict]]:
    """Run Cypher with parameters; read-only unless ``write``. Returns (columns, rows).

    Read-only also means reading nothing outside the database: LOAD CSV and procedures that
    read files or URLs need ``write`` too.
    """
    neo4j = _driver_module()

    def work(tx):
        if not write:
            outside = _reads_outside(tx, cypher, params or {})
            if outside:
                raise GraphkitError(f"this query reads outside the database ({outside}); pass --write to allow it")
        result = tx.run(cypher, params or {})
        keys = list(result.keys())
        return keys, [{k: _plain(r[k]) for k in keys} for r in result]

    try:
        with driver.session(
            database=database, default_access_mode=neo4j.WRITE_ACCESS if write else neo4j.READ_ACCESS
        ) as s:
            return s.execute_write(work) if write else s.execute_read(work)
    except (neo4j.exceptions.Neo4jError, neo4j.exceptions.DriverError, OSError) as e:
        raise _explain(e, _uri(driver), "neo4j") from None


def fetch_graph(
    driver, *, concept: str | None = None, paper: str | None = None, database: str | None = None
) -> nx.MultiDiGraph:
    """Read the graph (or, given ``concept``, the part around it; given ``paper``, an id or DOI,
    what :func:`graphkit.query.paper_neighbourhood` draws of it) back into the schema's
    NetworkX form."""
    if paper is not None:  # the whole database had been read for one paper's page (3,543 papers: minutes)
        match = (
            "MATCH (p:Paper) WHERE p.id = $paper OR toLower(coalesce(p.doi, '')) = toLower($paper) "
            "OR $paper IN coalesce(p.ids, []) "
            "WITH p ORDER BY p.id LIMIT 1 "
            "OPTIONAL MATCH (p)-[r:CO_CITED|COUPLED]-(z:Paper) "
            "WITH p, z, max(r.weight) AS w ORDER BY w DESC, z.id "
            "WITH p, collect(z)[..40] AS related "
            "OPTIONAL MATCH (p)-[:CITES|MENTIONS]->(x) "
            "WITH p, related, collect(DISTINCT x) AS out "
            "OPTIONAL MATCH (y)-[:CITES|WROTE]->(p) "
            "WITH p, related, out, collect(DISTINCT y) AS ins "
            "WITH [p] + related + out + ins AS ns "
            "UNWIND ns AS n WITH DISTINCT n "
        )
        nodes_q = match + "RETURN labels(n) AS labels, properties(n) AS props, elementId(n) AS eid"
        rels_q = (
            match + "WITH collect(n) AS ns UNWIND ns AS a MATCH (a)-[r]->(b) WHERE b IN ns AND type(r) IN $types "
            "RETURN elementId(a) AS a, elementId(b) AS b, type(r) AS type, properties(r) AS props"
        )
        params: dict = {"paper": paper, "types": list(REL_TYPES)}
    elif concept is None:
        nodes_q = f"MATCH (n) WHERE {' OR '.join(f'n:{t}' for t in NODE_LABELS)} RETURN labels(n) AS labels, properties(n) AS props, elementId(n) AS eid"
        rels_q = (
            "MATCH (a)-[r]->(b) WHERE type(r) IN $types "
            "RETURN elementId(a) AS a, elementId(b) AS b, type(r) AS type, properties(r) AS props"
        )
        params = {"types": list(REL_TYPES)}
    else:
        match = (
            "MATCH (c:Concept) WHERE c.name = $name OR toLower(c.name) = toLower($name) "
            "OR any(x IN c.aliases WHERE toLower(x) = toLower($name)) WITH c ORDER BY c.paper_count DESC LIMIT 1 "
            "OPTIONAL MATCH (c)<-[:MENTIONS]-(p:Paper) "
            "OPTIONAL MATCH (p)-[:MENTIONS]->(c2:Concept) "
            "OPTIONAL MATCH (c)-[:CO_OCCURS]-(c3:Concept) "
            "WITH collect(DISTINCT c) + collect(DISTINCT p) + collect(DISTINCT c2) + collect(DISTINCT c3) AS ns "
            "UNWIND ns AS n WITH DISTINCT n "
        )
        nodes_q = match + "RETURN labels(n) AS labels, properties(n) AS props, elementId(n) AS eid"
        rels_q = (
            match + "WITH collect(n) AS ns UNWIND ns AS a MATCH (a)-[r]->(b) WHERE b IN ns AND type(r) IN $types "
            "RETURN elementId(a) AS a, elementId(b) AS b, type(r) AS type, properties(r) AS props"
        )
        params = {"name": concept, "types": list(REL_TYPES)}
    _, node_rows = run_query(driver, nodes_q, params, database=database)
    _, rel_rows = run_query(driver, rels_q, params, database=database)
    g = nx.MultiDiGraph(schema=S.SCHEMA_VERSION)
    by_eid = {}
    for row in node_rows:
        label = next((lbl for lbl in row["labels"] if lbl in NODE_LABELS), None)
        if label is None:
            continue
        props = dict(row["props"])
        n = S.node_id(label, props)
        by_eid[row["eid"]] = n
        S.add_node(g, n, label, **props)
    for row in rel_rows:
        a, b = by_eid.get(row["a"]), by_eid.get(row["b"])
        if a and b:
            S.add_rel(g, a, b, row["type"], **row["props"])
    g.graph["papers"] = sum(1 for _ in S.nodes_of(g, S.PAPER))
    return g


# ---------------------------------------------------------------- the store


@register("neo4j")
class Neo4jStore:
    """Neo4j as a :class:`~graphkit.store.GraphStore`: connects (and checks the credentials) on creation."""

    def __init__(self, *, uri: str, user: str, password: str, database: str | None = None, batch_size: int = 2000):
        self.uri = uri
        self.database = database
        self.batch_size = batch_size
        self.driver = connect(uri, user, password)

    def load(
        self, g: nx.MultiDiGraph, *, replace: bool = False, progress: bool = False, sync: bool = False
    ) -> LoadReport:
        """Load ``g``: add to what is there (MERGE), make the database equal the graph (``sync``),
        or empty it first (``replace``). The database records the graph's schema version and
        build id; a graph of another schema version than the one stored is refused unless
        ``replace``."""
        if not replace:
            check_schema(read_meta(self.driver, self.database), g)
        if replace:
            clear_database(self.driver, self.database)
        writer = Neo4jWriter(self.driver, database=self.database, batch_size=self.batch_size)
        report = writer.load(g, progress=progress, sync=sync)
        write_meta(self.driver, g, "replace" if replace else "sync" if sync else "merge", self.database)
        return report

    def fetch(self, *, concept: str | None = None, paper: str | None = None) -> nx.MultiDiGraph:
        return fetch_graph(self.driver, concept=concept, paper=paper, database=self.database)

    def query(self, text: str, params: dict | None = None, *, write: bool = False) -> tuple[list[str], list[dict]]:
        return run_query(self.driver, text, params, write=write, database=self.database)

    def close(self) -> None:
        self.driver.close()

    def __enter__(self) -> Neo4jStore:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
