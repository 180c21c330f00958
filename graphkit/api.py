"""The operations the CLI offers, as plain functions (each one import away in a notebook).

This is the one door: ``cli.py`` parses options and calls these; everything below (readers,
build, stores, exports, pages) is reached from here.
"""

from __future__ import annotations

import inspect
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from . import schema as S
from .tables import as_json, citations_text, concepts_table, flow_text, format_rows, papers_text

if TYPE_CHECKING:  # networkx loads on first use, not on `graphkit --help`
    import networkx as nx

    from .extract import Embedder, Extractor

#: Set (to anything) to answer every question from the whole graph, never from a query store.
NO_QUERY_STORE = "GRAPHKIT_NO_QUERY_STORE"
#: Graphs up to this many nodes are drawn whole by ``build --html``; bigger ones as a concept map.
PAGE_NODES = 3000

__all__ = [
    "input_formats",
    "export_formats",
    "BuildResult",
    "build_files",
    "load_graph",
    "graph_for",
    "concepts_in",
    "open_store",
    "graph_from",
    "check_outputs",
    "warnings_as_lines",
    "stdout_closed",
    "concepts",
    "write_thesaurus",
    "papers",
    "view",
    "site",
    "export_format",
    "export",
    "export_paths",
    "nodes_frame",
    "edges_frame",
    "store_load",
    "check_site_output",
    "view_paper",
    "citing",
    "cited_by",
    "concept_flow",
    "query",
    "resolve_query",
    "format_rows",
    "as_json",
    "concepts_table",
    "papers_text",
    "citations_text",
    "flow_text",
]


def input_formats() -> list[str]:
    """The input formats there are readers for (``graphkit.read`` registers them)."""
    from .read import formats

    return formats()


def export_formats() -> list[str]:
    """The export formats there are writers for (``graphkit.export`` registers them)."""
    from .export import formats

    return formats()


@dataclass
class BuildResult:
    graph: nx.MultiDiGraph
    formats: dict[str, str]
    papers: int
    concepts: int
    shared: int
    mentions: int
    nodes: int
    edges: int
    output: Path
    html: Path | None
    cites: int = 0  # CITES relationships
    external: int = 0  # Paper nodes of cited works outside the corpus
    cocited: int = 0
    coupled: int = 0
    coauthored: int = 0


def build_files(
    inputs: list[str | os.PathLike],
    output: str | os.PathLike,
    *,
    fmt: str | None = None,
    html_path: str | os.PathLike | None = None,
    thesaurus_path: str | os.PathLike | None = None,
    min_cooccurrence: int | None = None,
    external: bool = True,
    min_cocitation: int = 2,
    min_coupling: int = 2,
    min_coauthorship: int = 1,
    min_citations: int = 1,
    cache: bool = True,
    progress: bool = False,
    extractor: Extractor | None = None,
    embedder: Embedder | None = None,
    concepts: str = "extracted",
    fast: bool = False,
    cluster: str | None = None,
    workers: int | None = None,
    worker_memory: str = "4GiB",
) -> BuildResult:
    """Read INPUTS, build the graph, write it as GraphML (and optionally an HTML page).

    ``concepts``: ``extracted`` (from abstracts), ``keywords`` (authors' keywords only; no model,
    and records need keywords rather than abstracts) or ``both`` (see :mod:`graphkit.keywords`).

    Everything is read and checked before anything is written; outputs are written
    atomically, so a failure leaves no partial file. ``extractor`` and ``embedder`` default
    to KeyBERT over all-MiniLM-L6-v2 (with the embedding cache unless ``cache`` is false).
    ``external`` and the ``min_*`` thresholds shape the citation graph (see
    :class:`graphkit.build.CitationOptions`).
    With ``fast``, concepts come from static embeddings distilled from MiniLM
    (:mod:`graphkit.extract.static`), which need neither torch nor KeyBERT.
    ``cluster`` (a Dask scheduler's address) or ``workers`` (a local Dask cluster of that many
    processes) runs the build distributed (:mod:`graphkit.cluster`): the same graph.
    """
    from . import qstore
    from .build import CitationOptions, build
    from .errors import UsageError
    from .export import write_graphml
    from .extract import KeyBERTExtractor, default_embedder
    from .io import check_outputs
    from .progress import stage
    from .read import read_papers
    from .sidecar import file_digest, save_sidecar
    from .thesaurus import read_thesaurus

    if isinstance(inputs, (str, os.PathLike)):  # one file, not its name's letters one by one
        inputs = [inputs]
    inputs = list(inputs)
    if not inputs:
        raise UsageError("no input files: give one or more files of papers")
    if thesaurus_path is not None and not isinstance(thesaurus_path, (str, os.PathLike)):
        raise UsageError(f"thesaurus_path must be a file's path, not {type(thesaurus_path).__name__}")
    if min_cooccurrence is not None and (isinstance(min_cooccurrence, bool) or not isinstance(min_cooccurrence, int)):
        raise UsageError(f"min_cooccurrence must be a whole number, not {min_cooccurrence!r}")
    check_outputs(
        {"--output": output, "--html": html_path}, inputs=[*inputs, *([thesaurus_path] if thesaurus_path else [])]
    )
    if Path(str(output)).suffix.lower() not in ("", ".graphml", ".xml"):
        raise UsageError(
            f"{output}: build writes GraphML; name the file .graphml (then 'graphkit export' writes "
            "GEXF, JSON, CSV and the rest)"
        )
    with stage("Reading", "paper", progress) as s:
        papers, formats = read_papers(inputs, fmt, keywords_suffice=concepts == "keywords")
        s.count = len(papers)
    thesaurus = read_thesaurus(thesaurus_path) if thesaurus_path else None
    citations = CitationOptions(
        external=external,
        min_cocitation=min_cocitation,
        min_coupling=min_coupling,
        min_coauthorship=min_coauthorship,
        min_citations=min_citations,
    )
    if cluster or workers:
        if extractor is not None or embedder is not None or concepts != "extracted":
            raise UsageError(
                "the distributed build (--cluster, --workers) runs graphkit's own extractor (--concepts extracted) only"
            )
        from .cluster import build_distributed, cluster_client

        with cluster_client(cluster, workers, memory_limit=worker_memory) as client:
            g, linked = build_distributed(
                papers,
                client,
                fast=fast,
                thesaurus=thesaurus,
                min_cooccurrence=min_cooccurrence,
                cache=cache,
                citations=citations,
                progress=progress,
            )
    else:
        if concepts == "keywords":
            extractor = embedder = None  # the keyword map needs no model
        else:
            if fast:
                from .extract.static import StaticEmbedder, StaticExtractor

                embedder = embedder if embedder is not None else StaticEmbedder()
                extractor = extractor if extractor is not None else StaticExtractor(embedder)
            embedder = embedder if embedder is not None else default_embedder(cache)
            extractor = extractor if extractor is not None else KeyBERTExtractor(embedder)
        g, linked = build(
            papers,
            extractor=extractor,
            embedder=embedder,
            thesaurus=thesaurus,
            min_cooccurrence=min_cooccurrence,
            progress=progress,
            concepts=concepts,
            citations=citations,
        )
    with stage("Writing", "node", progress, count=g.number_of_nodes()):
        write_graphml(g, output)
        if str(output) != "-":  # standard output has no folder to keep a sidecar or a store in
            digest = file_digest(output)
            save_sidecar(g, output, digest)
            if g.number_of_edges() >= qstore.MIN_EDGES:
                qstore.save_store(g, output, digest)
            else:  # small enough to load whole; a store left by an earlier build is stale
                qstore.store_path(output).unlink(missing_ok=True)
    html_out = None
    if html_path:
        from .maps import render_map
        from .render import render_page

        page = g.subgraph(
            [n for n, d in g.nodes(data=True) if S.node_type(d) in (S.CONCEPT, S.PAPER) and not d.get("external")]
        )
        if page.number_of_nodes() <= PAGE_NODES:
            render_page(page, html_path, title="graphkit: concept graph")
        else:  # too big to draw whole: the WebGL map of the concepts with most papers and all their links
            render_map(g, html_path, title="graphkit: concept map", max_nodes=PAGE_NODES)
        html_out = Path(html_path)
    # one pass over the edges for all the counts (five passes: 0.16 s of a warm 1,000-abstract build, one 0.05 s)
    per_type = Counter(k for nbrs in g.succ.values() for keys in nbrs.values() for k in keys)
    return BuildResult(
        graph=g,
        formats=formats,
        papers=len(papers),
        concepts=len(linked.concepts),
        shared=sum(1 for c in linked.concepts if c.paper_count >= 2),
        mentions=len(linked.mentions),
        nodes=g.number_of_nodes(),
        edges=sum(per_type.values()),
        output=Path(output),
        html=html_out,
        external=sum(1 for _, d in g.nodes(data=True) if d.get("external")),
        cites=per_type["CITES"],
        cocited=per_type["CO_CITED"],
        coupled=per_type["COUPLED"],
        coauthored=per_type["CO_AUTHORED"],
    )


def warnings_as_lines(echo) -> None:
    """Show warnings (an unusable embedding cache, say) as one ``Warning: ...`` line each, via ``echo``."""
    import warnings

    def show(message, category, filename, lineno, file=None, line=None):
        echo(f"Warning: {message}")

    warnings.showwarning = show


def stdout_closed() -> None:
    """Standard output's reader went away (``| head``): send what is still buffered nowhere."""
    import io
    import sys

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the flush at exit does not fail again
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass


def check_outputs(outputs: dict, inputs=()) -> None:
    """Check every output path of a command before any work (see :func:`graphkit.io.check_outputs`)."""
    from .io import check_outputs as _check

    _check(outputs, inputs)


def neo4j_import_files(g: nx.MultiDiGraph, folder: str | os.PathLike):
    """Write ``g`` as ``neo4j-admin database import full`` CSV files (see :mod:`graphkit.store.neo4j_admin`)."""
    from .store.neo4j_admin import write_import_files

    return write_import_files(g, folder)


def load_graph(path: str | os.PathLike) -> nx.MultiDiGraph:
    """A graph written by ``build``, from its binary sidecar when that matches the GraphML's bytes
    (see :mod:`graphkit.sidecar`), else parsed from the GraphML."""
    from .sidecar import load_graph as load

    return load(path)


def graph_for(graph_path: str | os.PathLike, question: str, *args) -> nx.MultiDiGraph:
    """The graph a question about the graph in ``graph_path`` needs: from its query store when
    there is a usable one (a small graph; see :mod:`graphkit.qstore`), else the whole graph.
    ``question`` names a method of :class:`graphkit.qstore.QueryStore` (concepts, papers, flow,
    neighbourhood, citations, paper_neighbourhood); ``args`` are its arguments. The functions of
    :mod:`graphkit.query` give the same answers on either graph."""
    g = _ask_query_store(graph_path, question, *args)
    return load_graph(graph_path) if g is None else g


def concepts_in(graph_path: str | os.PathLike, *, top: int | None = None) -> list[dict]:
    """:func:`concepts` of the graph in ``graph_path``, read straight from its query store when
    there is a usable one."""
    rows = _ask_query_store(graph_path, "concept_rows", top)
    return concepts(load_graph(graph_path), top=top) if rows is None else rows


def _ask_query_store(graph_path: str | os.PathLike, question: str, *args):
    """The answer of the query store's method ``question``, or None when there is no usable store."""
    import sqlite3

    from .qstore import Unusable
    from .qstore import open_store as open_query_store

    qs = None if os.environ.get(NO_QUERY_STORE) else open_query_store(graph_path)
    if qs is None:
        return None
    try:
        return getattr(qs, question)(*args)
    except (sqlite3.Error, ValueError, Unusable):  # damaged inside: the whole graph answers
        return None
    finally:
        qs.close()


def open_store(name: str = "neo4j", **options):
    """A connected :class:`~graphkit.store.GraphStore` (for Neo4j: uri, user, password, database)."""
    from .store import open_store as _open

    return _open(name, **options)


def graph_from(
    graph_path: str | os.PathLike | None = None,
    *,
    store: str | None = None,
    store_options: dict | None = None,
    concept: str | None = None,
    paper: str | None = None,
    depth: int = 1,
) -> nx.MultiDiGraph:
    """The graph in a file, or (``store`` given) the one in a store, just around ``concept`` if
    given. From a file, what ``view`` of ``concept`` (to ``depth``) or of ``paper`` needs of it
    (see :func:`graph_for`)."""
    from .errors import UsageError

    if bool(graph_path) == bool(store):
        raise UsageError("give either --graph FILE or --neo4j")
    if graph_path:
        if concept is not None:
            return graph_for(graph_path, "neighbourhood", concept, depth)
        if paper is not None:
            return graph_for(graph_path, "paper_neighbourhood", paper)
        return load_graph(graph_path)
    assert store is not None  # for the type checker: the check above leaves a store
    s = open_store(store, **(store_options or {}))
    try:
        if paper is not None and "paper" in inspect.signature(s.fetch).parameters:
            return s.fetch(paper=paper)
        return s.fetch(concept=concept)
    finally:
        s.close()


def a_graph(g) -> nx.MultiDiGraph:
    """``g`` as the graph the functions here take: a graph graphkit built (a networkx
    MultiDiGraph), or the path of its GraphML, read; anything else is a one-line UsageError
    (a path string had been an AttributeError, a plain networkx graph a TypeError)."""
    import networkx as nx

    from .errors import UsageError

    if isinstance(g, (str, os.PathLike)):
        return load_graph(g)
    if isinstance(g, nx.MultiDiGraph):
        return g
    if isinstance(g, nx.Graph):
        raise UsageError(
            f"expected a graph graphkit built (a networkx MultiDiGraph whose edge keys are the relationship "
            f"types), got a {type(g).__name__}"
        )
    raise UsageError(f"expected a graph graphkit built, or its GraphML file's path, not {type(g).__name__}")


def _whole(value, name: str, low: int = 1, high: int | None = None) -> int:
    """A whole-number argument in ``low``..``high``, else a one-line UsageError."""
    from .errors import UsageError

    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"at least {low}"
        raise UsageError(f"{name} must be a whole number, {span}; got {value!r}")
    return value


def _name(value, what: str) -> str:
    from .errors import UsageError

    if not isinstance(value, str):  # a blank one is looked up, and not found, as the CLI's is
        raise UsageError(f"{what} must be a string, got {value!r}")
    return value


def concepts(g: nx.MultiDiGraph, *, top: int | None = None) -> list[dict]:
    """Concepts, most papers first (see :func:`graphkit.query.concepts`)."""
    from .query import concepts as _concepts

    return _concepts(a_graph(g), top=None if top is None else _whole(top, "top"))


def write_thesaurus(g: nx.MultiDiGraph, path: str | os.PathLike) -> int:
    """The merges graphkit made, as a thesaurus TSV to review and edit; returns the row count."""
    from .thesaurus import write_thesaurus as _write

    return _write(a_graph(g), path)


def papers(g: nx.MultiDiGraph, concept: str) -> list[dict]:
    """The papers that mention ``concept``, most relevant first."""
    from .query import papers_for

    return papers_for(a_graph(g), _name(concept, "concept"))


def citing(g: nx.MultiDiGraph, paper: str) -> list[dict]:
    """The papers that cite ``paper`` (an id or DOI), most cited first."""
    from .query import citing as _citing

    return _citing(a_graph(g), _name(paper, "paper"))


def most_cited(g: nx.MultiDiGraph, top: int = 20) -> list[dict]:
    """The ``top`` works the graph's papers cite most, most cited first."""
    from .query import most_cited as _most_cited

    return _most_cited(a_graph(g), _whole(top, "top"))


def cited_by(g: nx.MultiDiGraph, paper: str) -> list[dict]:
    """The works ``paper`` (an id or DOI) cites, most cited first."""
    from .query import cited_by as _cited_by

    return _cited_by(a_graph(g), _name(paper, "paper"))


def concept_flow(g: nx.MultiDiGraph, concept: str) -> dict:
    """A concept's earliest papers and the papers that adopted it while citing them."""
    from .query import concept_flow as _flow

    return _flow(a_graph(g), _name(concept, "concept"))


def view(g: nx.MultiDiGraph, concept: str, output: str | os.PathLike, *, depth: int = 1) -> tuple[nx.MultiDiGraph, str]:
    """Write the neighbourhood page of ``concept``; returns the subgraph drawn and the concept's node."""
    from .query import find_concept, neighbourhood
    from .render import render_page

    g, depth = a_graph(g), _whole(depth, "depth", 1, 3)
    node = find_concept(g, _name(concept, "concept"))
    sub = neighbourhood(g, concept, depth=depth)
    name = g.nodes[node].get("name", concept)
    render_page(sub, output, title=f"graphkit: {name}", focus=node)
    return sub, node


def check_site_output(output: str | os.PathLike) -> None:
    """Refuse, in one line, a site folder that cannot be (re)written, before any work."""
    from .site import check_site_folder

    check_site_folder(output)


def site(g: nx.MultiDiGraph, output: str | os.PathLike, **options):
    """Write the static site (see :func:`graphkit.site.build_site` for the options); returns its report."""
    from .site import build_site

    return build_site(a_graph(g), output, **options)


def export_format(output: str | os.PathLike, fmt: str | None = None) -> str:
    """The export format for ``output``: ``fmt``, else its extension's, else GraphML (a clash is an error)."""
    from .export import choose_format

    return choose_format(output, fmt)


def export(g: nx.MultiDiGraph, output: str | os.PathLike, fmt: str | None = None, **options) -> str:
    """Write ``g`` to ``output`` (atomically); returns the format written. ``options`` go to the
    format's writer (``items="papers"`` for VOSviewer and Pajek, and ``links="coupling"`` or
    ``"co-citation"`` for a map of papers linked so rather than by citations)."""
    from .export import write_graph

    fmt = export_format(output, fmt)
    write_graph(a_graph(g), output, fmt, **options)
    return fmt


def item_counts(g: nx.MultiDiGraph, items: str = "concepts", links: str | None = None) -> tuple[int, int]:
    """The items (concepts, papers or authors) and links a VOSviewer or Pajek export of ``g``
    holds (``links``: what links papers, ``citation``, ``coupling`` or ``co-citation``)."""
    from .export._items import item_counts as _counts

    return _counts(a_graph(g), items, links)


def export_paths(output: str | os.PathLike, fmt: str) -> list[Path]:
    """The files an export to ``output`` writes: one, or two for VOSviewer and CSV tables."""
    from .export import output_paths

    return output_paths(output, fmt)


def nodes_frame(g: nx.MultiDiGraph):
    """The graph's nodes as a pandas DataFrame (needs ``graphkit[pandas]``; see :mod:`graphkit.frames`)."""
    from .frames import nodes_frame as _nodes

    return _nodes(a_graph(g))


def edges_frame(g: nx.MultiDiGraph):
    """The graph's relationships as a pandas DataFrame (needs ``graphkit[pandas]``)."""
    from .frames import edges_frame as _edges

    return _edges(a_graph(g))


def store_load(
    g: nx.MultiDiGraph,
    *,
    store: str = "neo4j",
    replace: bool = False,
    progress: bool = False,
    sync: bool = False,
    **options,
):
    """Load ``g`` into a store (idempotent); returns the store's load report. ``sync``: make
    the store equal the graph (delete what it no longer has); ``replace``: empty it first."""
    from .errors import UsageError

    if sync and replace:
        raise UsageError("give --sync or --replace, not both")
    s = open_store(store, **options)
    try:
        # sync is passed only when asked for, so a store without it still loads plainly
        return s.load(g, replace=replace, progress=progress, **({"sync": True} if sync else {}))
    finally:
        s.close()


def view_paper(g: nx.MultiDiGraph, paper: str, output: str | os.PathLike) -> tuple[nx.MultiDiGraph, str]:
    """Write the citation neighbourhood page of ``paper`` (an id or DOI); returns the subgraph and its node."""
    from .query import paper_display_title, paper_neighbourhood
    from .render import render_page

    g = a_graph(g)
    sub, node = paper_neighbourhood(g, _name(paper, "paper"))
    render_page(sub, output, title=f"graphkit: {paper_display_title(g.nodes[node])}", focus=node)
    return sub, node


def resolve_query(query: str, params: dict[str, str], stdin=None) -> tuple[str, dict]:
    """The Cypher text and typed parameters for a library name, a .cypher file, '-' or literal Cypher."""
    from .errors import GraphkitError
    from .store.neo4j import library, parse_query

    lib = library()
    if query in lib:
        q = lib[query]
        return q.text, q.bind(params)
    if query == "-":
        if stdin is None:
            raise GraphkitError("no standard input to read the query from")
        return stdin.read(), dict(params)
    if query.endswith(".cypher"):
        path = Path(query)
        if not path.is_file():
            raise GraphkitError(f"{query}: no such query file (library queries: {', '.join(lib)})")
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as e:
            raise GraphkitError(
                f"{query}: is not UTF-8 text (byte 0x{e.object[e.start]:02x} at offset {e.start})"
            ) from None
        except OSError as e:
            raise GraphkitError(f"{query}: cannot read ({e.strerror or e})") from None
        parsed = parse_query(path.stem, text)
        return text, parsed.bind(params) if parsed.params else dict(params)
    if not any(ch.isspace() for ch in query.strip()):
        raise GraphkitError(f"no library query named {query!r} (there are: {', '.join(lib)})")
    return query, dict(params)


def query(
    query: str, params: dict[str, str], *, write: bool = False, store: str = "neo4j", stdin=None, **options
) -> tuple[list[str], list[dict]]:
    """Run a query (see :func:`resolve_query`) against a store, read-only unless ``write``.

    ``options`` connect to the store (for Neo4j: uri, user, password, database).
    """
    text, bound = resolve_query(query, params, stdin)
    s = open_store(store, **options)
    try:
        return s.query(text, bound, write=write)
    finally:
        s.close()
