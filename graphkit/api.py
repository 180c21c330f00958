"""The operations the CLI offers, as plain functions (each one import away in a notebook)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import networkx as nx

#: Graphs up to this many nodes are drawn whole by ``build --html``; bigger ones as a concept map.
PAGE_NODES = 3000

__all__ = ["input_formats", "BuildResult", "build_files", "view", "query", "format_rows", "resolve_query"]


def input_formats() -> list[str]:
    """The input formats there are readers for (``graphkit.read`` registers them)."""
    from .read import formats

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


def build_files(inputs: list[str | os.PathLike], output: str | os.PathLike, *, fmt: str | None = None,
                html_path: str | os.PathLike | None = None, thesaurus_path: str | os.PathLike | None = None,
                min_cooccurrence: int | None = None, cache: bool = True, progress: bool = False) -> BuildResult:
    """Read INPUTS, build the graph, write it as GraphML (and optionally an HTML page).

    Everything is read and checked before anything is written; outputs are written
    atomically, so a failure leaves no partial file.
    """
    from .build import build
    from .export import write_graphml
    from .extract import KeyBERTExtractor
    from .read import read_papers
    from .thesaurus import read_thesaurus

    papers, formats = read_papers(inputs, fmt)
    thesaurus = read_thesaurus(thesaurus_path) if thesaurus_path else None
    g, linked = build(papers, extractor=KeyBERTExtractor(cache=cache), thesaurus=thesaurus,
                      min_cooccurrence=min_cooccurrence, progress=progress)
    write_graphml(g, output)
    html_out = None
    if html_path:
        from .render import render_page
        from .site import concept_map

        page = g.subgraph([n for n, d in g.nodes(data=True) if d.get("label") in ("Concept", "Paper")])
        if page.number_of_nodes() <= PAGE_NODES:
            render_page(page, html_path, title="graphkit: concept graph")
        else:  # too big to draw whole: the map of the concepts with most papers, each with its best papers
            m = concept_map(g, PAGE_NODES // 2)
            render_page(m, html_path, title="graphkit: concept map", include_abstracts=False, papers_from=g,
                        note=f"The map shows the {m.number_of_nodes():,} concepts with most papers, of "
                             f"{len(linked.concepts):,}; 'graphkit site' writes a page for each.")
        html_out = Path(html_path)
    return BuildResult(
        graph=g, formats=formats, papers=len(papers), concepts=len(linked.concepts),
        shared=sum(1 for c in linked.concepts if c.paper_count >= 2), mentions=len(linked.mentions),
        nodes=g.number_of_nodes(), edges=g.number_of_edges(), output=Path(output), html=html_out,
    )


def view(g: nx.MultiDiGraph, concept: str, output: str | os.PathLike, *, depth: int = 1) -> tuple[nx.MultiDiGraph, str]:
    """Write the neighbourhood page of ``concept``; returns the subgraph drawn and the concept's node."""
    from .query import find_concept, neighbourhood
    from .render import render_page

    node = find_concept(g, concept)
    sub = neighbourhood(g, concept, depth=depth)
    name = g.nodes[node].get("name", concept)
    render_page(sub, output, title=f"graphkit: {name}", focus=node)
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
        text = path.read_text(encoding="utf-8")
        parsed = parse_query(path.stem, text)
        return text, parsed.bind(params) if parsed.params else dict(params)
    if not any(ch.isspace() for ch in query.strip()):
        raise GraphkitError(f"no library query named {query!r} (there are: {', '.join(lib)})")
    return query, dict(params)


def query(query: str, params: dict[str, str], *, write: bool = False, uri: str, user: str, password: str,
          database: str | None = None, stdin=None) -> tuple[list[str], list[dict]]:
    """Run a query (see :func:`resolve_query`) against Neo4j, read-only unless ``write``."""
    from .store.neo4j import connect, run_query

    text, bound = resolve_query(query, params, stdin)
    driver = connect(uri, user, password)
    try:
        return run_query(driver, text, bound, write=write, database=database)
    finally:
        driver.close()


def format_rows(columns: list[str], rows: list[dict], fmt: str = "table") -> str:
    """Rows as an aligned table, JSON or CSV text."""
    import csv
    import io
    import json

    if fmt == "json":
        return json.dumps(rows, ensure_ascii=False, indent=1) + "\n"

    def cell(v) -> str:
        if v is None:
            return ""
        if isinstance(v, (list, dict)):
            return json.dumps(v, ensure_ascii=False)
        return str(v)

    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(columns)
        for r in rows:
            w.writerow([cell(r.get(c)) for c in columns])
        return buf.getvalue()
    table = [[cell(r.get(c)) for c in columns] for r in rows]
    widths = [min(60, max([len(c)] + [len(row[i]) for row in table])) for i, c in enumerate(columns)]

    def line(values):
        return "  ".join(v[:60].ljust(w) for v, w in zip(values, widths)).rstrip() + "\n"

    out = line(columns) + line(["-" * w for w in widths])
    out += "".join(line(row) for row in table)
    out += f"({len(rows)} row{'s' if len(rows) != 1 else ''})\n"
    return out
