"""Pages are self-contained and every piece of paper text stays inert (static checks)."""

from __future__ import annotations

import json
import re

from graphkit.query import neighbourhood
from graphkit.render import _vis_js, html_page, page_data, render_page


def script_tags(page: str) -> int:
    """<script tags in the page beyond the string literals inside vis-network itself."""
    return len(re.findall(r"<script\b", page, re.I)) - len(re.findall(r"<script\b", _vis_js(), re.I))


def test_page_is_self_contained(sample_graph, tmp_path):
    page = tmp_path / "all.html"
    render_page(sample_graph, page, title="all")
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"(src|href)\s*=\s*[\"']?https?://", text)
    assert "vis-network" in text and "Content-Security-Policy" in text
    assert script_tags(text) == 4  # the data, vis-network, search.js, app.js


def test_hostile_text_cannot_leave_its_json_block(hostile_graph, tmp_path):
    page = tmp_path / "hostile.html"
    render_page(hostile_graph, page, title="<b>SAM2</b> & co")
    text = page.read_text(encoding="utf-8")
    assert script_tags(text) == 4  # ours only
    assert "<img src=x" not in text and "</script><script>window" not in text
    assert "<title>&lt;b&gt;SAM2&lt;/b&gt; &amp; co</title>" in text
    block = re.search(r'<script id="graph-data" type="application/json">(.*?)</script>', text, re.S).group(1)
    data = json.loads(block)
    h1 = next(n for n in data["nodes"] if n["id"] == "paper:h1")
    assert h1["full"].startswith("<script>window.__pwned=1;")  # verbatim after JSON decoding
    assert "{{VIS}}" in json.dumps(data)  # template markers in data are not expanded


def test_page_data_counts_and_thinning(sample_graph):
    data = page_data(sample_graph)
    assert len(data["nodes"]) == sample_graph.number_of_nodes()
    assert len(data["edges"]) == sample_graph.number_of_edges()
    assert data["note"] == ""
    thin = page_data(sample_graph, max_edges=100)
    assert len(thin["edges"]) == 100
    assert thin["note"] == f"Showing the strongest 100 of {sample_graph.number_of_edges():,} edges."


def test_neighbourhood_does_not_touch_the_graph(sample_graph):
    before = (sample_graph.number_of_nodes(), sample_graph.number_of_edges())
    sub = neighbourhood(sample_graph, "SAM2")
    assert (sample_graph.number_of_nodes(), sample_graph.number_of_edges()) == before
    center = next(n for n, d in sub.nodes(data=True) if d.get("name") == "SAM2")
    papers = [u for u, _, k in sub.in_edges(center, keys=True) if k == "MENTIONS"]
    assert len(papers) == sample_graph.nodes[center]["paper_count"]


def test_html_page_positions_are_precomputed(sample_graph):
    data = page_data(sample_graph)
    assert len({(n["x"], n["y"]) for n in data["nodes"]}) > len(data["nodes"]) * 0.9
    assert "physics: { enabled: false }" in html_page(data, title="t")


def _crowd():
    """Three concepts whose labels would overlap (two close together) and one far away."""
    import networkx as nx

    from graphkit import schema as S

    g = nx.MultiDiGraph()
    for key, papers in [("big idea", 9), ("small idea", 2), ("focus idea", 1), ("far idea", 1)]:
        S.add_node(g, f"concept:{key}", S.CONCEPT, key=key, name=key, kind="term", paper_count=papers)
    pos = {
        "concept:big idea": (0, 0),
        "concept:small idea": (10, 5),
        "concept:focus idea": (-5, -3),
        "concept:far idea": (5000, 0),
    }
    return g, pos


def test_labels_that_would_overlap_are_quiet_the_focus_and_the_bigger_concept_speak():
    g, pos = _crowd()
    quiet = {n["id"] for n in page_data(g, positions=pos)["nodes"] if n.get("quiet")}
    assert quiet == {"concept:small idea", "concept:focus idea"}  # "big idea" has most papers
    quiet = {n["id"] for n in page_data(g, positions=pos, focus="concept:focus idea")["nodes"] if n.get("quiet")}
    assert quiet == {"concept:big idea", "concept:small idea"}


def test_a_label_across_an_earlier_concepts_dot_is_quiet():
    """On the dev set's "reinforcement learning" page, "deep reinforcement learning" was written
    across the focus's own dot (its label lies below its dot, which sat just above the focus)."""
    import networkx as nx

    from graphkit import schema as S

    g = nx.MultiDiGraph()
    for key, papers in [("focus idea", 1), ("above idea", 5), ("far idea", 1)]:
        S.add_node(g, f"concept:{key}", S.CONCEPT, key=key, name=key, kind="term", paper_count=papers)
    pos = {"concept:focus idea": (0, 0), "concept:above idea": (0, -40), "concept:far idea": (5000, 0)}
    quiet = {n["id"] for n in page_data(g, positions=pos, focus="concept:focus idea")["nodes"] if n.get("quiet")}
    assert quiet == {"concept:above idea"}
    pos["concept:above idea"] = (0, -120)  # its label now ends above the focus's dot
    assert not any(n.get("quiet") for n in page_data(g, positions=pos, focus="concept:focus idea")["nodes"])


def test_a_neighbourhood_of_500_to_1500_nodes_is_laid_out_dense_keeping_groups_apart():
    import math

    import networkx as nx

    from graphkit import render

    g = nx.MultiDiGraph()
    groups = {name: [f"{name}{i}" for i in range(300)] for name in "ab"}
    for members in groups.values():
        for i, u in enumerate(members):
            for v in members[i + 1 : i + 6]:  # a ring of near neighbours: one group
                g.add_edge(u, v, key="CO_OCCURS", strength=0.5)
    g.add_edge("a0", "b0", key="CO_OCCURS", strength=0.5)
    assert render.DENSE_LAYOUT[0] <= g.number_of_nodes() <= render.DENSE_LAYOUT[1]
    pos = render.layout(g)
    assert pos == render.layout(g) and set(pos) == set(g.nodes)  # seeded, every node placed

    def centre(members):
        return [sum(pos[n][d] for n in members) / len(members) for d in (0, 1)]

    def spread(members):
        c = centre(members)
        return sum(math.dist(pos[n], c) for n in members) / len(members)

    apart = math.dist(centre(groups["a"]), centre(groups["b"]))
    assert apart > spread(groups["a"]) and apart > spread(groups["b"])
