"""Pages in a real headless Chromium: offline, drawn in full, searchable, and inert to hostile text."""

from __future__ import annotations

import base64

from graphkit.render import render_page


def test_page_loads_offline_and_draws_every_node_and_edge(sample_graph, tmp_path, open_page):
    path = tmp_path / "all.html"
    render_page(sample_graph, path, title="all")
    p = open_page(path)
    assert p.foreign_requests() == []
    assert p.errors == []
    counts = p.page.evaluate("[graphkit.nodes.length, graphkit.edges.length]")
    assert counts == [sample_graph.number_of_nodes(), sample_graph.number_of_edges()]
    assert p.page.evaluate("graphkit.network.physics.options.enabled") is False


def test_search_finds_sam2_and_lists_its_paper(sample_graph, tmp_path, open_page):
    path = tmp_path / "all.html"
    render_page(sample_graph, path, title="all")
    p = open_page(path)
    p.page.fill("#search-input", "SAM2")
    p.page.press("#search-input", "Enter")
    p.page.wait_for_selector("#panel-papers li")
    assert p.page.inner_text("#panel h2") == "SAM2"
    items = p.page.locator("#panel-papers li").all_inner_texts()
    assert len(items) == 1 and "attention-guided SAM2 prompting" in items[0]
    assert p.page.evaluate("location.hash") == "#node=" + "concept%3Asam2"


def test_hostile_abstract_runs_no_script(hostile_graph, tmp_path, open_page):
    path = tmp_path / "hostile.html"
    render_page(hostile_graph, path, title="<script>alert(1)</script>", focus="paper:h1")
    p = open_page(path)
    p.page.wait_for_selector("#panel .abstract")
    assert p.dialogs == [] and p.errors == []
    assert p.page.evaluate("window.__pwned") is None
    assert p.page.locator("#panel img, #panel script, #panel a[href^='javascript']").count() == 0
    panel = p.page.inner_text("#panel")
    assert "<img src=x onerror=" in panel and "</script><script>window.__pwned=3</script>" in panel
    assert p.page.title() == "<script>alert(1)</script>"
    p.page.hover("#graph")  # tooltips are DOM nodes built with textContent
    assert p.foreign_requests() == []


def test_png_button_makes_an_image(sample_graph, tmp_path, open_page):
    path = tmp_path / "all.html"
    render_page(sample_graph, path, title="all")
    p = open_page(path)
    p.page.click("#png")
    url = p.page.evaluate("graphkit.lastPng")
    assert url.startswith("data:image/png;base64,")
    png = base64.b64decode(url.split(",", 1)[1])
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 5000


def test_a_quiet_label_shows_once_zoomed_in(tmp_path, open_page):
    from graphkit.render import html_page, page_data
    from tests.test_render import _crowd

    g, pos = _crowd()
    path = tmp_path / "crowd.html"
    path.write_text(html_page(page_data(g, positions=pos), title="crowd"), encoding="utf-8")
    p = open_page(path)
    label = "graphkit.nodes.get('concept:small idea').label"
    assert (
        p.page.evaluate(label) in (None, "")
        and p.page.evaluate("graphkit.nodes.get('concept:big idea').label") == "big idea"
    )
    p.page.evaluate("graphkit.network.moveTo({scale: graphkit.network.getScale() * 4})")
    p.page.wait_for_function(f"{label} === 'small idea'", timeout=5000)
    p.page.evaluate("graphkit.network.fit()")
    p.page.wait_for_function(f"{label} === ''", timeout=5000)


def test_filters_update_the_counts_and_panels_say_what_the_page_draws(sample_graph, tmp_path, open_page):
    """The "N nodes, M edges drawn" line had not changed when a kind was filtered out; a
    neighbourhood page's panel said "mentioned by 16 papers" above "Papers (14)"; edge tooltips
    showed the raw type "MENTIONS"."""
    from graphkit import api

    path = tmp_path / "rl.html"
    sub, node = api.view(sample_graph, "reinforcement learning", path, depth=1)
    p = open_page(path)
    before = p.page.inner_text("#stats")
    assert before.startswith(f"{sub.number_of_nodes()} nodes, {sub.number_of_edges()} edges drawn.")
    p.page.uncheck("#filters input[data-kind=Paper]")
    papers = sum(1 for _, d in sub.nodes(data=True) if d.get("type") == "Paper")
    assert p.page.inner_text("#stats").startswith(f"{sub.number_of_nodes() - papers} nodes, ")
    assert p.errors == []
    tips = p.page.evaluate("graphkit.edges.get().map(e => e.title.querySelector('b').textContent)")
    assert "mentions" in tips and "MENTIONS" not in tips
    # a concept some of whose papers the page does not draw
    gap = next(
        (
            n
            for n, d in sub.nodes(data=True)
            if d.get("type") == "Concept"
            and sum(1 for _, _, k in sub.in_edges(n, keys=True) if k == "MENTIONS") < d.get("paper_count", 0)
        ),
        None,
    )
    assert gap is not None  # the sample's "large language model": 11 papers, fewer drawn here
    from urllib.parse import quote

    p.page.goto(path.as_uri() + "#node=" + quote(gap, safe=""))
    p.page.reload()
    p.page.wait_for_selector("#panel h2")
    assert "Papers on this page (" in p.page.inner_text("#panel")


def test_a_big_neighbourhood_opens_with_its_concepts_alone(dev_graph, tmp_path, open_page):
    """The dev set's GAN at depth 2 drew 468 nodes, its papers a grey mass over the concepts."""
    from graphkit import api

    path = tmp_path / "gan2.html"
    sub, node = api.view(dev_graph, "GAN", path, depth=2)
    assert sub.number_of_nodes() > 150
    p = open_page(path)
    assert p.page.is_checked("#filters input[data-kind=Paper]") is False
    hidden = p.page.evaluate("graphkit.nodes.get().filter(n => n.hidden).map(n => n.id)")
    papers = [n for n, d in sub.nodes(data=True) if d.get("type") == "Paper"]
    assert sorted(hidden) == sorted(papers) and papers
    p.page.check("#filters input[data-kind=Paper]")
    assert p.page.evaluate("graphkit.nodes.get().filter(n => n.hidden).length") == 0
    # a small page draws everything, as before
    small = tmp_path / "squad.html"
    api.view(dev_graph, "SQuAD", small, depth=1)
    q = open_page(small)
    assert q.page.evaluate("graphkit.nodes.length") <= 150
    assert q.page.is_checked("#filters input[data-kind=Paper]")
