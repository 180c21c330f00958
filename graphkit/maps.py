"""The WebGL concept map (sigma.js + graphology, inlined): every concept of a graph, or the
``max_nodes`` with most papers, with all their co-occurrence edges of at least ``min_weight``
papers, laid out in Python (:func:`graphkit.analyse.map_layout`) and coloured by cluster.

The page is one self-contained file: the bundle (``assets/sigma.bundle.js``, built from
``js/`` by ``scripts/build-js.sh``), the script and the data are inlined and a
Content-Security-Policy forbids any request.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import BinaryIO

import networkx as nx

from .analyse import (
    cluster_names,
    concept_bursts,
    concept_year_counts,
    cooccurrence_graph,
    map_layout,
    mean_years,
    papers_per_year,
    partition,
)
from .analyse._types import concept_nodes
from .viz import _YEAR_STOPS, cluster_color, node_size, year_color

__all__ = ["MapReport", "map_data", "map_html", "render_map"]


_PANEL_ONLY = ("year_counts", "bursts", "top_papers", "papers")


@dataclass
class MapReport:
    nodes: int
    edges: int
    clusters: int


def _map_concepts(g, max_nodes: int | None) -> list:
    ranked = sorted(concept_nodes(g), key=lambda n: (-int(g.nodes[n].get("paper_count", 0) or 0), str(n)))
    return ranked if max_nodes is None else ranked[:max_nodes]


def _top_papers(g, n, limit: int, table: dict, rows: list) -> list[list]:
    ranked = sorted(
        (
            (-float(d.get("score", 0) or 0), u, str(d.get("evidence", "") or ""))
            for u, _, k, d in g.in_edges(n, keys=True, data=True)
            if k == "MENTIONS"
        )
    )[:limit]
    out = []
    for _, u, evidence in ranked:
        if u not in table:
            from .query import paper_display_title

            p = g.nodes[u]
            table[u] = len(rows)
            rows.append([paper_display_title(p), p.get("year")])
        out.append([table[u], evidence if len(evidence) <= 200 else evidence[:198] + "…"])
    return out


def map_data(
    g: nx.MultiDiGraph,
    *,
    max_nodes: int | None = None,
    min_weight: int = 1,
    pages: dict | None = None,
    papers_per_concept: int = 5,
    seed: int = 7,
    positions: dict | None = None,
    names: dict[int, str] | None = None,
) -> dict:
    """The JSON the map page draws, in columns (one list per field, nodes by index). ``names``:
    the stored clusters' names when the caller has them already (a site names them for its
    index too: on the 79,345-abstract graph naming copies every co-occurrence edge once)."""
    concepts = _map_concepts(g, max_nodes)
    s = cooccurrence_graph(g, concepts)
    s.remove_edges_from([(u, v) for u, v, d in s.edges(data=True) if d["papers"] < min_weight])
    stored = all("cluster" in g.nodes[n] for n in concepts)
    clusters = {n: int(g.nodes[n]["cluster"]) for n in concepts} if stored and concepts else partition(s, seed=seed)
    # the clusters build stored are named from all their concepts, as the site's index names
    # them: named from the map's share alone, they had read otherwise there ("GAN · generative
    # model · autoencoder" on the map, "generative model · GAN · autoencoder" in the index)
    if stored and concepts:
        names = names if names is not None else cluster_names(g)
    else:
        names = cluster_names(g, clusters)
    pos = positions if positions is not None else map_layout(s, seed=seed)
    years = mean_years(g)
    counts = concept_year_counts(g)
    bursts = concept_bursts(g)
    per_year = papers_per_year(g)
    known = [years[n] for n in concepts if n in years]
    lo, hi = (min(known), max(known)) if known else (0.0, 0.0)
    index = {n: i for i, n in enumerate(concepts)}
    paper_index: dict = {}
    paper_rows: list = []
    cols: dict[str, list] = {
        k: []
        for k in ("id", "label", "x", "y", "size", "color", "ycolor", "cluster", "papers", "mean_year", "first_year")
    }
    aliases, year_counts, burst_rows, page_links, top = [], [], [], [], []
    for n in concepts:
        d = g.nodes[n]
        x, y = pos.get(n, (0.0, 0.0))
        papers = int(d.get("paper_count", 0) or 0)
        c = clusters.get(n, -1)
        for k, v in (
            ("id", n),
            ("label", str(d.get("name", n))),
            ("x", x),
            ("y", y),
            ("size", node_size(papers)),
            ("color", cluster_color(c)),
            ("ycolor", year_color(years[n], lo, hi) if n in years else "#9aa0a6"),
            ("cluster", c),
            ("papers", papers),
            ("mean_year", years.get(n)),
            ("first_year", int(d["first_year"]) if d.get("first_year") not in (None, "") else None),
        ):
            cols[k].append(v)
        aliases.append(list(d.get("aliases") or []) or None)
        year_counts.append({str(y): k for y, k in counts.get(n, {}).items()} or None)
        b = bursts.get(n)
        burst_rows.append([b.start, b.end, round(b.strength, 2)] if b else None)
        page_links.append((pages or {}).get(n))
        top.append(_top_papers(g, n, papers_per_concept, paper_index, paper_rows) if papers_per_concept else [])
    # lightest first: the page draws them in this order, the strongest links on top
    edges: dict[str, list] = {"s": [], "t": [], "w": []}
    for w, a, b in sorted((d["papers"], index[u], index[v]) for u, v, d in s.edges(data=True)):
        edges["s"].append(a)
        edges["t"].append(b)
        edges["w"].append(w)
    sizes: dict[int, int] = {}
    for c in clusters.values():
        sizes[c] = sizes.get(c, 0) + 1
    cluster_rows = [
        {"id": c, "name": names.get(c, ""), "color": cluster_color(c), "size": sizes[c]}
        for c in sorted(sizes)
        if c >= 0
    ]
    total = len(concept_nodes(g))
    least = max(min_weight, _attr_count(g.graph.get("min_cooccurrence")))  # the graph holds no pair below it
    note = f"co-occurrence in at least {least} paper{'s' if least != 1 else ''}"
    if len(concepts) < total:
        note += f"; the {len(concepts):,} concepts with most papers, of {total:,}"
    return {
        "nodes": cols,
        "edges": edges,
        "aliases": aliases,
        "year_counts": year_counts,
        "bursts": burst_rows,
        "pages": page_links,
        "top_papers": top,
        "papers": paper_rows,
        "clusters": cluster_rows,
        "years": {
            "min": min(per_year) if per_year else None,
            "max": max(per_year) if per_year else None,
            "mean_min": math.floor(lo) if known else None,
            "mean_max": math.ceil(hi) if known else None,
        },
        "year_stops": ["#{:02x}{:02x}{:02x}".format(*s) for s in _YEAR_STOPS],
        "note": note,
    }


def map_html(data: dict, *, title: str, nav: list[tuple[str, str]] | None = None, assets: str | None = None) -> str:
    """The map page as a string: inlined (``assets=None``) or referring to a site's ``assets/``."""
    from .render import MAP_SCRIPTS, render_template

    # what only the side panel needs (papers, evidence, years) is a second block, parsed on the
    # first click: a fifth of the JSON the page reads before its first frame, at 10,000 concepts
    panel = {k: data[k] for k in _PANEL_ONLY}
    return render_template(
        "map.html",
        title=title,
        scripts=MAP_SCRIPTS,
        assets=assets,
        nav=nav,
        body_class="map",
        search_what="concept",
        search_example=_biggest(data),
        data={k: v for k, v in data.items() if k not in _PANEL_ONLY},
        panel=panel,
    )


def _biggest(data: dict) -> str:
    """The map's biggest concept, the search box's example (the sample's "SAM2" had been every corpus's)."""
    nodes = data.get("nodes") or {}
    sizes, labels = nodes.get("size") or [], nodes.get("label") or []
    return labels[max(range(len(sizes)), key=sizes.__getitem__)] if sizes and labels else ""


def render_map(
    g: nx.MultiDiGraph,
    out: str | os.PathLike | BinaryIO,
    *,
    title: str,
    nav: list[tuple[str, str]] | None = None,
    assets: str | None = None,
    **options,
) -> MapReport:
    """Write the map page of ``g`` (options as :func:`map_data`); the graph is not modified."""
    from .export import atomic_write

    data = map_data(g, **options)
    payload = map_html(data, title=title, nav=nav, assets=assets).encode("utf-8")
    if hasattr(out, "write"):
        out.write(payload)
    else:
        atomic_write(out, lambda fh: fh.write(payload))
    return MapReport(len(data["nodes"]["id"]), len(data["edges"]["s"]), len(data["clusters"]))


def _attr_count(value) -> int:
    """A graph attribute as a whole number (GraphML may give it as text), 1 if none."""
    try:
        return max(1, int(value))
    except (TypeError, ValueError):
        return 1
