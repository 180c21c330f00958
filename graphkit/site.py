"""A static, offline site for a graph: an index, a whole-corpus concept map, and one
neighbourhood page per concept above a size threshold, all linked to each other.

Style and scripts are written once to ``assets/`` beside the pages; nothing is fetched from
anywhere. The site is built in a temporary folder and moved into place at the end, so a
failure never leaves a half-written site.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import networkx as nx

from .errors import GraphkitError
from .query import neighbourhood
from .render import INDEX_SCRIPTS, render_page, render_template, write_assets

__all__ = ["SiteReport", "build_site", "concept_map", "communities", "page_name"]

MARKER = ".graphkit-site"


@dataclass
class SiteReport:
    folder: Path
    concept_pages: int
    map_nodes: int
    map_edges: int
    communities: int


def page_name(key: str) -> str:
    """A file name for a concept's page: readable, unique, safe on every file system."""
    slug = re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-")[:60] or "concept"
    return f"{slug}-{hashlib.sha1(key.encode('utf-8')).hexdigest()[:6]}.html"


def concept_map(g: nx.MultiDiGraph, max_nodes: int = 1500) -> nx.MultiDiGraph:
    """Concepts (the ``max_nodes`` with most papers) and the CO_OCCURS/BROADER edges among them."""
    concepts = sorted((n for n, d in g.nodes(data=True) if d.get("label") == "Concept"),
                      key=lambda n: (-int(g.nodes[n].get("paper_count", 0)), n))[:max_nodes]
    keep = set(concepts)
    m = nx.MultiDiGraph()
    m.add_nodes_from((n, g.nodes[n]) for n in concepts)
    for u, v, k, d in g.edges(keys=True, data=True):
        if k in ("CO_OCCURS", "BROADER") and u in keep and v in keep:
            m.add_edge(u, v, key=k, **d)
    return m


def communities(m: nx.MultiDiGraph, seed: int = 7) -> list[list[str]]:
    """Louvain communities of the concept map (co-occurrence strength as weight), biggest first."""
    simple = nx.Graph()
    simple.add_nodes_from(m.nodes)
    for u, v, k, d in m.edges(keys=True, data=True):
        if k == "CO_OCCURS":
            simple.add_edge(u, v, weight=float(d.get("strength", 0.0)))
    groups = nx.community.louvain_communities(simple, weight="weight", seed=seed) if simple.number_of_edges() else []
    groups = [sorted(c, key=lambda n: (-int(m.nodes[n].get("paper_count", 0)), n)) for c in groups if len(c) > 1]
    groups.sort(key=lambda c: (-len(c), c[0]))
    return groups


def build_site(g: nx.MultiDiGraph, out_dir: str | os.PathLike, *, min_papers: int = 3, max_pages: int = 500,
               map_nodes: int = 1500, map_edges: int = 6000, title: str = "graphkit",
               progress: bool = False) -> SiteReport:
    from tqdm.auto import tqdm

    out = Path(out_dir)
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / MARKER).exists())):
        raise GraphkitError(f"{out} exists and is not a graphkit site; choose an empty or new folder")
    concepts = sorted(((n, d) for n, d in g.nodes(data=True) if d.get("label") == "Concept"),
                      key=lambda nd: (-int(nd[1].get("paper_count", 0)), nd[0]))
    paged = [n for n, d in concepts if int(d.get("paper_count", 0)) >= min_papers][:max_pages]
    pages = {n: page_name(g.nodes[n]["key"]) for n in paged}
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        write_assets(tmp / "assets")
        (tmp / MARKER).write_text("made by graphkit site\n")
        m = concept_map(g, map_nodes)
        groups = communities(m)
        note = ""
        if len(concepts) > m.number_of_nodes():
            note = f"The map shows the {m.number_of_nodes():,} concepts with most papers, of {len(concepts):,}."
        render_page(m, tmp / "map.html", title=f"{title}: concept map", max_edges=map_edges,
                    nav=[("Index", "index.html")], pages={n: f"concepts/{p}" for n, p in pages.items()},
                    assets="assets", note=note, include_abstracts=False, papers_from=g)
        (tmp / "concepts").mkdir()
        for n in tqdm(paged, desc="Concept pages", unit="page", disable=None if progress else True, leave=False):
            d = g.nodes[n]
            sub = neighbourhood(g, n, depth=1)
            render_page(sub, tmp / "concepts" / pages[n], title=f"{title}: {d['name']}", focus=n,
                        nav=[("Index", "../index.html"), ("Concept map", "../map.html")],
                        pages={k: v for k, v in pages.items() if k in sub}, assets="../assets")
        (tmp / "index.html").write_text(_index_html(g, concepts, pages, groups, m, title), encoding="utf-8")
        if out.exists():
            trash = Path(tempfile.mkdtemp(prefix=f".{out.name}.old.", dir=out.parent))
            os.replace(out, trash / "site")
            os.replace(tmp, out)
            shutil.rmtree(trash, ignore_errors=True)
        else:
            os.replace(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return SiteReport(out, len(paged), m.number_of_nodes(), min(m.number_of_edges(), map_edges), len(groups))


def _index_html(g, concepts, pages, groups, m, title) -> str:
    def entry(n) -> dict:
        d = g.nodes[n]
        href = f"concepts/{pages[n]}" if n in pages else (f"map.html#node={_frag(n)}" if n in m else "")
        return {"name": d.get("name", ""), "href": href, "aliases": list(d.get("aliases", [])),
                "kind": d.get("kind", ""), "papers": int(d.get("paper_count", 0))}

    counts = {"papers": sum(1 for _, d in g.nodes(data=True) if d.get("label") == "Paper"),
              "concepts": len(concepts), "pages": len(pages)}
    search = [{k: e[k] for k in ("name", "aliases", "papers", "href")} for e in (entry(n) for n, _ in concepts)]
    return render_template("index.html", title=title, assets="assets", scripts=INDEX_SCRIPTS,
                           nav=[("Concept map", "map.html")], body_class="index", search_what="concept",
                           counts=counts, top=[entry(n) for n, _ in concepts[:50]], concepts=search,
                           communities=[{"size": len(c), "shown": [entry(n) for n in c[:12]]} for c in groups[:20]])


def _frag(node: str) -> str:
    from urllib.parse import quote

    return quote(node, safe="")
