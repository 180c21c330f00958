"""Render: a graph (or a neighbourhood) -> one self-contained, offline HTML page.

The page inlines vis-network (shipped inside the ``pyvis`` package) and graphkit's own
script and style: it makes no request to any host. The layout is computed here, up front,
and physics stays off, so big graphs open without freezing. All paper text travels as JSON
inside a ``<script type="application/json">`` block and reaches the page through
``textContent`` only, so titles and abstracts can never run as HTML or script.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, BinaryIO

import networkx as nx
import numpy as np
from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from . import schema as S
from .errors import MissingDependency
from .export import atomic_write
from .query import paper_display_title

__all__ = ["COLORS", "page_data", "render_page", "html_page", "render_template", "layout", "write_assets"]

COLORS = {
    "Paper": "#8fa3bf",
    "Author": "#c9c9c9",
    "method": "#e4572e",
    "model": "#4c8bf5",
    "dataset": "#2a9d8f",
    "task": "#f3a712",
    "metric": "#a05195",
    "term": "#76b041",
}
DEFAULT_MAX_EDGES = 6000


# the style and scripts of the pages; search.js (the one matcher) comes before the page's own script
ASSETS = ("page.css", "search.js", "app.js", "index.js", "sigma.bundle.js", "map.js")
MAP_SCRIPTS = ("search.js", "sigma.bundle.js", "map.js")
GRAPH_SCRIPTS = ("search.js", "app.js")
INDEX_SCRIPTS = ("search.js", "index.js")


@cache
def _asset(name: str) -> str:
    return resources.files("graphkit").joinpath("assets").joinpath(name).read_text(encoding="utf-8")


@cache
def _vis_js() -> str:
    from importlib.util import find_spec

    spec = find_spec("pyvis")  # located, not imported: pyvis itself imports IPython and jsonpickle
    if spec is None or not spec.origin:
        raise MissingDependency("pages need vis-network, shipped in the pyvis package: pip install pyvis")
    base = Path(spec.origin).parent
    for candidate in sorted(base.glob("templates/lib/vis-*/vis-network.min.js"), reverse=True):
        return candidate.read_text(encoding="utf-8")
    raise MissingDependency(f"vis-network.min.js not found under {base}; reinstall pyvis")


def _json_for_script(obj: Any) -> str:
    """JSON that cannot close its <script> element or open a comment."""
    s = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    return (
        s.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


#: Node counts laid out by :func:`_dense_spring` instead of NetworkX's spring layout, which
#: switches to a sparse solver from 500 nodes: the 673-node page of ``view SLAM --depth 2`` on
#: 79k abstracts took it 3.2 s, the dense one 0.9 s (measured beside another job). Above 1,500
#: nodes the dense arrays (n x n x 2 floats) grow too big.
DENSE_LAYOUT = (500, 1500)


def _dense_spring(g: nx.Graph, k: float | None, iterations: int, seed: int) -> dict:
    """Fruchterman-Reingold on dense numpy arrays (float32): every pair repels by k^2/d, each
    edge pulls by weight * d^2/k; the step shrinks linearly. Positions centred, in [-1, 1]."""
    nodes = list(g.nodes)
    n = len(nodes)
    k = k or 1.0 / math.sqrt(n)
    adj = nx.to_numpy_array(g, nodelist=nodes, weight="weight", dtype=np.float32)
    pos = np.random.RandomState(seed).rand(n, 2).astype(np.float32)
    step = 0.1
    for i in range(iterations):
        delta = pos[:, None, :] - pos[None, :, :]
        dist = np.maximum(np.sqrt((delta**2).sum(axis=-1)), 0.01)
        pull = k * k / dist**2 - adj * dist / k  # per unit of delta: repulsion minus attraction
        move = np.einsum("ij,ijd->id", pull, delta)
        length = np.maximum(np.sqrt((move**2).sum(axis=-1)), 0.01)
        pos += move * (step * (1 - i / iterations) / length)[:, None]
    pos -= pos.mean(axis=0)
    pos /= max(float(np.abs(pos).max()), 1e-9)
    return {node: (float(x), float(y)) for node, (x, y) in zip(nodes, pos)}


def layout(g: nx.Graph, seed: int = 7) -> dict:
    """Positions for every node, computed once (spring layout; sparse and coarse for big graphs)."""
    n = g.number_of_nodes()
    if n == 0:
        return {}
    simple = nx.Graph()
    simple.add_nodes_from(g.nodes)
    for u, v, d in g.edges(data=True):
        w = float(d.get("strength") or d.get("score") or 0.5)
        if simple.has_edge(u, v):
            simple[u][v]["weight"] = max(simple[u][v]["weight"], w)
        else:
            simple.add_edge(u, v, weight=w)
    iterations = 100 if n <= 500 else 50 if n <= 3000 else 25
    k = 1.5 / math.sqrt(n) if n > 1 else None
    if DENSE_LAYOUT[0] <= n <= DENSE_LAYOUT[1]:
        pos = _dense_spring(simple, k, iterations, seed)
    else:
        pos = nx.spring_layout(simple, seed=seed, iterations=iterations, weight="weight", k=k)
    scale = 70 * math.sqrt(n)
    return {node: (float(x) * scale, float(y) * scale) for node, (x, y) in pos.items()}


def _edge_strength(k: str, d: dict) -> float:
    if k == "CO_OCCURS":
        return float(d.get("strength", 0)) * (1 + math.log1p(float(d.get("weight", 1))))
    if k == "MENTIONS":
        return 1.0 + float(d.get("score", 0))
    return 2.5


def page_data(
    g: nx.MultiDiGraph,
    *,
    focus: str | None = None,
    max_edges: int = DEFAULT_MAX_EDGES,
    include_abstracts: bool = True,
    pages: dict[str, str] | None = None,
    positions: dict | None = None,
    note: str = "",
    papers_from: nx.MultiDiGraph | None = None,
    papers_per_concept: int = 10,
) -> dict:
    """The JSON the page draws: nodes with positions, edges, colours and a note on thinning.

    ``papers_from``: for a page without paper nodes (the concept map), each concept carries
    its best ``papers_per_concept`` papers from that graph, for the side panel.
    """
    edges = [(u, v, k, d) for u, v, k, d in g.edges(keys=True, data=True)]
    if len(edges) > max_edges:
        edges.sort(key=lambda e: -_edge_strength(e[2], e[3]))
        note = f"{note} Showing the strongest {max_edges:,} of {len(edges):,} edges.".strip()
        edges = edges[:max_edges]
    pos = positions if positions is not None else layout(g)
    degree: dict = {}
    for u, v, _, _ in edges:
        degree[u] = degree.get(u, 0) + 1
        degree[v] = degree.get(v, 0) + 1
    nodes = []
    for n, d in g.nodes(data=True):
        label = S.node_type(d)
        x, y = pos.get(n, (0.0, 0.0))
        item = {
            "id": n,
            "group": label,
            "x": round(x, 1),
            "y": round(y, 1),
            "size": round(min(42.0, 7 + 3.2 * math.sqrt(degree.get(n, 0))), 1),
        }
        if label == "Concept":
            item.update(
                label=d.get("name", ""),
                kind=d.get("kind", "term"),
                color=d.get("kind", "term"),
                papers=int(d.get("paper_count", 0)),
                aliases=list(d.get("aliases", [])),
            )
            if d.get("first_year") is not None:
                item["first_year"] = d["first_year"]
            if papers_from is not None and n in papers_from:
                item["top_papers"] = _top_papers(papers_from, n, papers_per_concept)
        elif label == "Paper":
            full = paper_display_title(d)
            item.update(
                label=full if len(full) <= 32 else full[:30] + "…",
                full=full,
                color="Paper",
                venue=d.get("venue", ""),
                url=d.get("url", ""),
                authors=list(d.get("authors") or []),
            )
            if d.get("external"):
                item["external"] = True
            if d.get("year") is not None:
                item["year"] = d["year"]
            if include_abstracts:
                item["abstract"] = d.get("abstract", "")
        else:
            item.update(label=d.get("name", str(n)), color="Author")
        if pages and n in pages:
            item["page"] = pages[n]
        nodes.append(item)
    _quiet_crowded_labels(nodes, focus)
    out_edges = []
    for u, v, k, d in edges:
        e = {"from": u, "to": v, "type": k}
        if k == "MENTIONS":
            e.update(score=d.get("score", 0), evidence=d.get("evidence", ""), rank=d.get("rank", 0))
        elif k in ("CO_OCCURS", "CO_CITED", "COUPLED", "CO_AUTHORED"):
            e.update(weight=d.get("weight", 1), strength=d.get("strength", 0))
        out_edges.append(e)
    return {
        "nodes": nodes,
        "edges": out_edges,
        "colors": COLORS,
        "focus": focus if focus in g else None,
        "note": note,
        "total_edges": g.number_of_edges(),
    }


def label_font(papers: int) -> int:
    """A concept label's font size in world units (app.js draws it so)."""
    return 14 + min(10, papers)


#: Width of an average character of the page's sans-serif labels, as a share of the font size.
_CHAR_WIDTH = 0.6


def _quiet_crowded_labels(nodes: list[dict], focus: str | None) -> None:
    """Mark ``quiet`` the labels that would overlap a label drawn before them, the focus first,
    then by papers, or the dot of a concept before them: the page draws a quiet label only when
    zoomed in (its node's tooltip and the panel always name it). Boxes are in world units, as
    vis-network draws labels (below the dot, scaled with the zoom), bucketed in a grid so
    thousands of labels cost little. On the dev set's "reinforcement learning" page 23 labels had
    lain across other concepts' dots, "deep reinforcement learning" across the focus's own."""
    cell = 400.0
    taken: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}  # labels drawn and dots
    labelled = [n for n in nodes if n["group"] != "Paper" and n.get("label")]
    labelled.sort(key=lambda n: (n["id"] != focus, -n.get("papers", 0), -n["size"], n["id"]))

    def cells(box: tuple[float, float, float, float]) -> list[tuple[int, int]]:
        return [
            (i, j)
            for i in range(int(box[0] // cell), int(box[2] // cell) + 1)
            for j in range(int(box[1] // cell), int(box[3] // cell) + 1)
        ]

    for n in labelled:
        font = label_font(n.get("papers", 0))
        half = _CHAR_WIDTH * font * len(n["label"]) / 2
        top = n["y"] + n["size"] + _LABEL_GAP
        box = (n["x"] - half, top, n["x"] + half, top + 1.1 * font)
        near = cells(box)
        if any(_overlap(box, other) for c in near for other in taken.get(c, ())):
            n["quiet"] = True
        else:
            for c in near:
                taken.setdefault(c, []).append(box)
        dot = (n["x"] - n["size"], n["y"] - n["size"], n["x"] + n["size"], n["y"] + n["size"])
        for c in cells(dot):
            taken.setdefault(c, []).append(dot)


#: World units between a dot's edge and the top of its label, as vis-network draws them
#: (measured in Chromium: 15-16 for fonts of 14-24).
_LABEL_GAP = 15.0


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _top_papers(g: nx.MultiDiGraph, concept: str, limit: int) -> list[dict]:
    ranked = sorted(
        (
            (float(d.get("score", 0)), u, d)
            for u, _, k, d in g.in_edges(concept, keys=True, data=True)
            if k == "MENTIONS"
        ),
        key=lambda t: (-t[0], t[1]),
    )[:limit]
    out = []
    for _, u, d in ranked:
        p = g.nodes[u]
        ev = d.get("evidence", "")
        out.append(
            {
                "id": u,
                "title": paper_display_title(p),
                "year": p.get("year"),
                "evidence": ev if len(ev) <= 240 else ev[:238] + "…",
            }
        )
    return out


@cache
def _templates() -> Environment:
    """The pages' templates (``graphkit/templates``): autoescape on, unknown names are errors."""
    env = Environment(
        loader=PackageLoader("graphkit", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["script_json"] = lambda obj: Markup(_json_for_script(obj))
    env.filters["thousands"] = lambda n: f"{int(n):,}"
    return env


def _inline(name: str) -> Markup:
    """A trusted asset's text for an inline element; a script's text cannot close its element."""
    text = _vis_js() if name == "vis-network.min.js" else _asset(name)
    return Markup(text.replace("</script", "<\\/script") if name.endswith(".js") else text)


def _page_assets(scripts: tuple[str, ...], assets: str | None) -> dict:
    """The style, scripts and CSP sources of a page: inlined (``assets=None``) or from ``assets/``."""
    if assets is None:
        return {
            "style": {"code": _inline("page.css")},
            "csp_src": "",
            "scripts": [{"code": _inline(name)} for name in scripts],
        }
    base = assets.rstrip("/")
    return {
        "style": {"code": None, "href": f"{base}/page.css"},
        "csp_src": Markup("'self' file:"),
        "scripts": [{"code": None, "href": f"{base}/{name}"} for name in scripts],
    }


def render_template(
    name: str,
    *,
    title: str,
    scripts: tuple[str, ...],
    assets: str | None = None,
    nav: list[tuple[str, str]] | None = None,
    **context: Any,
) -> str:
    """One page from ``graphkit/templates/<name>`` (it extends ``base.html``), as a string."""
    defaults = {"body_class": "", "search_what": "node", "search_names": False, "search_example": ""}
    page = {**defaults, **_page_assets(scripts, assets), **context}
    return _templates().get_template(name).render(title=title, nav=nav or [], **page)


def html_page(data: dict, *, title: str, nav: list[tuple[str, str]] | None = None, assets: str | None = None) -> str:
    """The page as a string: the graph template, style, vis-network, graphkit's scripts and the data.

    With ``assets=None`` everything is inlined (one self-contained file); otherwise style and
    scripts are referenced from that relative folder (see :func:`write_assets`), which keeps
    a site of many pages small. Either way no request leaves the local files.
    """
    return render_template(
        "graph.html",
        title=title,
        nav=nav,
        assets=assets,
        scripts=("vis-network.min.js", *GRAPH_SCRIPTS),
        data=data,
        search_names=True,
    )


def write_assets(folder: str | os.PathLike) -> None:
    """Write the style and scripts that pages rendered with ``assets=...`` refer to."""
    folder = Path(folder)
    texts = {name: _asset(name) for name in ASSETS}
    texts["vis-network.min.js"] = _vis_js()
    for name, text in texts.items():
        atomic_write(folder / name, _writer(text.encode("utf-8")))


def _writer(payload: bytes) -> Callable[[BinaryIO], object]:
    return lambda fh: fh.write(payload)


def render_page(
    g: nx.MultiDiGraph,
    out: str | os.PathLike | BinaryIO,
    *,
    title: str,
    focus: str | None = None,
    max_edges: int = DEFAULT_MAX_EDGES,
    nav: list[tuple[str, str]] | None = None,
    pages: dict[str, str] | None = None,
    include_abstracts: bool = True,
    assets: str | None = None,
    note: str = "",
    papers_from: nx.MultiDiGraph | None = None,
) -> None:
    """Write one offline page of ``g`` (the graph is not modified)."""
    data = page_data(
        g,
        focus=focus,
        max_edges=max_edges,
        pages=pages,
        include_abstracts=include_abstracts,
        note=note,
        papers_from=papers_from,
    )
    payload = html_page(data, title=title, nav=nav, assets=assets).encode("utf-8")
    if hasattr(out, "write"):
        out.write(payload)
    else:
        atomic_write(out, lambda fh: fh.write(payload))
