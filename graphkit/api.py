"""The operations the CLI offers, as plain functions (each one import away in a notebook)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import networkx as nx

from .read import Format

__all__ = ["BuildResult", "build_files", "view"]


@dataclass
class BuildResult:
    graph: nx.MultiDiGraph
    formats: dict[str, Format]
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

        concept_map = g.subgraph([n for n, d in g.nodes(data=True) if d.get("label") in ("Concept", "Paper")])
        render_page(concept_map, html_path, title="graphkit: concept graph", include_abstracts=len(papers) <= 2000)
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
