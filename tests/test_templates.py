"""Every page template keeps hostile text inert, and ships with the package (no model needed)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import networkx as nx
import pytest
from markupsafe import escape

from graphkit.render import _inline, _templates, render_page, render_template
from graphkit.site import build_site

from .conftest import IN_CI

HOSTILE = "</script><script>alert(1)</script> <img src=x onerror=\"window.__pwned=1\"> 'single' `back`{{ 7*7 }}"
PACKAGE = Path(__file__).resolve().parent.parent / "graphkit"


def hostile_graph() -> nx.MultiDiGraph:
    """Papers and concepts whose every text field is hostile, built by hand (no model)."""
    g = nx.MultiDiGraph()
    for i in range(3):
        g.add_node(
            f"paper:p{i}",
            label="Paper",
            id=f"p{i}",
            title=f"{HOSTILE} {i}",
            abstract=HOSTILE,
            year=2020 + i,
            venue=HOSTILE,
            url=HOSTILE,
        )
        g.add_node(f"author:a{i}", label="Author", key=f"a{i}", name=HOSTILE)
        g.add_edge(f"author:a{i}", f"paper:p{i}", key="WROTE", type="WROTE", position=1)
    for key in ("evil", "sam2"):
        g.add_node(
            f"concept:{key}",
            label="Concept",
            key=key,
            name=f"{HOSTILE} {key}",
            aliases=[HOSTILE, "x"],
            kind="term",
            paper_count=3,
        )
        for i in range(3):
            g.add_edge(
                f"paper:p{i}", f"concept:{key}", key="MENTIONS", type="MENTIONS", score=0.5, rank=1, evidence=HOSTILE
            )
    g.add_edge("concept:evil", "concept:sam2", key="CO_OCCURS", type="CO_OCCURS", weight=3, strength=0.9)
    return g


def assert_inert(html: str) -> None:
    """Hostile text reaches markup only escaped, and the JSON blocks (one; the map has a second,
    read on the first click) hand it back verbatim."""
    markup = html
    for name in ("vis-network.min.js", "search.js", "app.js", "index.js", "page.css", "sigma.bundle.js", "map.js"):
        markup = markup.replace(str(_inline(name)), "")  # graphkit's own inlined assets
    markup = markup.replace(str(escape(HOSTILE)), "")  # the escaped copies
    blocks = re.findall(r'<script id="[\w-]+" type="application/json">(.*?)</script>', html, re.S)
    assert 1 <= len(blocks) <= 2
    for block in blocks:
        markup = markup.replace(block, "")
        assert "<" not in block and ">" not in block
    assert "<img" not in markup and "alert(1)" not in markup and "onerror" not in markup
    assert "`back`" not in markup and "{{" not in markup and "'single'" not in markup
    assert HOSTILE in [x for b in blocks for x in strings(json.loads(b))]  # verbatim after decoding


def strings(obj) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    items = obj.values() if isinstance(obj, dict) else obj if isinstance(obj, list) else []
    return [s for x in items for s in strings(x)]


def test_every_template_is_covered():
    pages = {t for t in _templates().list_templates() if not t.startswith("_")}
    assert pages == {"base.html", "graph.html", "index.html", "map.html"}


@pytest.mark.parametrize("assets", [None, "assets"])
def test_graph_page_keeps_hostile_text_inert(tmp_path, assets):
    out = tmp_path / "page.html"
    render_page(hostile_graph(), out, title=HOSTILE, nav=[(HOSTILE, f'x.html?a=1&b="{HOSTILE}')], assets=assets)
    html = out.read_text(encoding="utf-8")
    assert_inert(html)
    assert f"<title>{escape(HOSTILE)}</title>" in html and f"<h1>{escape(HOSTILE)}</h1>" in html
    assert f'<a href="{escape("x.html?a=1&b=" + chr(34) + HOSTILE)}">{escape(HOSTILE)}</a>' in html
    assert "49" not in re.findall(r"<h1>.*?</h1>", html)[0]  # template syntax in data is not evaluated


def test_site_index_and_pages_keep_hostile_text_inert(tmp_path):
    out = tmp_path / "site"
    build_site(hostile_graph(), out, min_papers=1, title=HOSTILE)
    pages = [out / "index.html", out / "map.html", *sorted((out / "concepts").iterdir())]
    assert len(pages) == 4
    for page in pages:
        assert_inert(page.read_text(encoding="utf-8"))
    index = (out / "index.html").read_text(encoding="utf-8")
    assert index.count(f">{escape(HOSTILE)} evil</a>") == 2  # the top table and its cluster
    assert f"<td>{escape(HOSTILE)}, x</td>" in index


def test_base_template_alone_escapes_title_and_nav():
    html = render_template("base.html", title=HOSTILE, scripts=("search.js",), assets="a", nav=[(HOSTILE, HOSTILE)])
    assert "<img" not in html and "<script>alert" not in html
    assert f"<title>{escape(HOSTILE)}</title>" in html
    assert html.count("<script") == 1 and '<script src="a/search.js"></script>' in html


def test_templates_and_assets_are_package_data():
    tomllib = (
        pytest.importorskip("tomllib", reason="Python 3.10 has no tomllib")
        if sys.version_info < (3, 11) and not IN_CI
        else __import__("tomllib")
    )
    globs = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    shipped = [
        p
        for p in PACKAGE.rglob("*")
        if p.is_file() and p.parent.name in ("templates", "assets", "cypher") and p.suffix not in (".md",)
    ]
    assert shipped
    for path in shipped:
        rel = path.relative_to(PACKAGE)
        assert any(rel.match(g) for g in globs["graphkit"]), f"{rel} is not package data"


@pytest.mark.parametrize("assets", [None, "assets"])
def test_map_page_keeps_hostile_text_inert(tmp_path, assets):
    from graphkit.maps import render_map

    out = tmp_path / "map.html"
    render_map(hostile_graph(), out, title=HOSTILE, nav=[(HOSTILE, "x.html")], assets=assets)
    assert_inert(out.read_text(encoding="utf-8"))
