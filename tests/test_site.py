"""`graphkit site`: structure, links, and the pages in a real Chromium."""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

import pytest
from markupsafe import escape

from graphkit.cli import cli
from graphkit.errors import GraphkitError
from graphkit.site import build_site, page_name


@pytest.fixture(scope="module")
def site(sample_graph, tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "site"
    report = build_site(sample_graph, out, min_papers=2)
    return out, report


def page_json(path):
    text = path.read_text(encoding="utf-8")
    return json.loads(re.search(r'<script id="graph-data" type="application/json">(.*?)</script>', text, re.S).group(1))


def test_site_files_and_links(site, sample_graph):
    out, report = site
    assert (out / "index.html").is_file() and (out / "map.html").is_file()
    assert {p.name for p in (out / "assets").iterdir()} == {
        "page.css",
        "search.js",
        "app.js",
        "index.js",
        "vis-network.min.js",
        "sigma.bundle.js",
        "map.js",
    }
    shared = [d for _, d in sample_graph.nodes(data=True) if d["type"] == "Concept" and d["paper_count"] >= 2]
    assert report.concept_pages == len(shared)
    assert {p.name for p in (out / "concepts").iterdir()} == {page_name(d["key"]) for d in shared}
    for link in page_json(out / "map.html")["pages"]:
        assert link is None or (out / link).is_file(), link
    for page in [out / "map.html", *(out / "concepts").iterdir()]:
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"(src|href)=[\"']https?:", text)
        if page.name == "map.html":
            continue
        for n in page_json(page)["nodes"]:
            if "page" in n:
                assert (page.parent / n["page"]).is_file(), (page, n["page"])
    index = (out / "index.html").read_text(encoding="utf-8")
    for href in re.findall(r'href="([^"#]+)', index):
        assert (out / unquote(href)).exists(), href
    assert '<section id="clusters"><h2>Clusters</h2>' in index and report.clusters >= 1
    assert "Community" not in index
    for c in page_json(out / "map.html")["clusters"]:
        assert f'data-cluster="{c["id"]}"' in index and str(escape(c["name"])) in index


def test_map_draws_concepts_only_with_every_edge_above_the_minimum_weight(sample_graph, tmp_path):
    out = tmp_path / "site"
    build_site(sample_graph, out, map_nodes=50, map_min_weight=2, max_pages=0)
    data = page_json(out / "map.html")
    ids = data["nodes"]["id"]
    assert len(ids) == 50 and all(sample_graph.nodes[n]["type"] == "Concept" for n in ids)
    keep = set(ids)
    expected = sum(
        1
        for u, v, k, d in sample_graph.edges(keys=True, data=True)
        if k == "CO_OCCURS" and u in keep and v in keep and d["weight"] >= 2
    )
    assert len(data["edges"]["s"]) == expected > 0
    concepts = sum(1 for _, d in sample_graph.nodes(data=True) if d["type"] == "Concept")
    assert data["note"] == (f"co-occurrence in at least 2 papers; the 50 concepts with most papers, of {concepts:,}")


def test_site_refuses_a_foreign_folder_and_replaces_its_own(sample_graph, tmp_path):
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "thesis.tex").write_text("precious")
    with pytest.raises(GraphkitError, match="exists and is not a graphkit site"):
        build_site(sample_graph, foreign)
    assert [p.name for p in foreign.iterdir()] == ["thesis.tex"]
    own = tmp_path / "own"
    build_site(sample_graph, own, max_pages=1)
    build_site(sample_graph, own, max_pages=2)
    assert len(list((own / "concepts").iterdir())) == 2
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_cli_site(runner, sample_graphml, tmp_path):
    out = tmp_path / "s"
    result = runner.invoke(cli, ["site", "--graph", str(sample_graphml), "--output", str(out), "-q"])
    assert result.exit_code == 0, result.output
    assert re.fullmatch(
        rf"Wrote {re.escape(str(out))}/index.html: \d+ concept pages, a map of \d+ concepts and "
        r"[\d,]+ edges, \d+ clusters\.\n",
        result.stdout,
    )


# ---------------------------------------------------------------- in the browser


def test_index_search_leads_to_the_concept_page(site, browser):
    out, _ = site
    page = browser.new_page()
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto((out / "index.html").as_uri())
    page.fill("#search-input", "sam2")
    link = page.locator("#results li a").first
    assert link.inner_text() == "SAM2"
    page.press("#search-input", "Enter")
    page.wait_for_function("document.body.dataset.rendered === '1'")
    # SAM2 is in one sample paper, below the page threshold: the link opens the map on it
    assert page.title() == "graphkit: concept map"
    page.wait_for_selector("#panel-papers li")
    assert page.inner_text("#panel h2") == "SAM2"
    assert "attention-guided SAM2 prompting" in page.inner_text("#panel-papers")
    page.goto((out / "index.html").as_uri())
    page.fill("#search-input", "Reinforcement Learning")
    page.press("#search-input", "Enter")
    page.wait_for_function("document.body.dataset.rendered === '1'")
    assert page.title() == "graphkit: reinforcement learning"
    # blob: is the map's link painter, a worker made from the page's own script text
    assert [u for u in requests if not u.startswith(("file:", "blob:"))] == []
    page.close()


def test_search_ranks_names_starting_with_the_query_and_spelled_by_it_before_inner_matches(browser):
    """A 3k-paper index answered "AI" with "aI", "constraint", "terrain" and "gait" (the letters
    inside a word) and never with "artificial intelligence"."""
    from graphkit.render import _asset

    page = browser.new_page()
    page.set_content(f"<script>{_asset('search.js')}</script>")
    items = ["constraint", "terrain", "AI safety", "artificial intelligence", "explainable AI", "gait", "AI"]
    found = page.evaluate(
        "items => graphkitSearch.find(items, 'AI', s => [s], s => [])",
        items,
    )
    assert found == ["AI", "artificial intelligence", "AI safety", "explainable AI", "constraint", "terrain", "gait"]
    assert page.evaluate(
        "graphkitSearch.find(['relational learning', 'reinforcement learning'], 'RL', s => [s], s => [])"
    ) == [
        "relational learning",
        "reinforcement learning",
    ]
    page.close()


def test_index_and_map_read_on_a_phone_and_show_no_empty_search(site, browser):
    """At 390 px the side panel kept its 360 px and left the map a 28 px sliver; the index showed
    an empty "Search results" heading before any search, and every corpus's search box said
    "e.g. SAM2"."""
    out, _ = site
    page = browser.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto((out / "index.html").as_uri())
    assert page.is_hidden("#search-results")
    assert page.get_attribute("#search-input", "placeholder") == "Find a concept (e.g. large language model)"
    page.fill("#search-input", "sam2")
    assert page.is_visible("#search-results")
    page.fill("#search-input", "no such concept")
    assert page.is_hidden("#search-results")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the table wraps, nothing cut off
    page.goto((out / "map.html").as_uri())
    page.wait_for_function("document.body.dataset.rendered === '1'")
    graph, side = page.locator("#graph").bounding_box(), page.locator("#side").bounding_box()
    assert graph["width"] >= 380 and graph["height"] >= 300 and side["y"] >= graph["y"] + graph["height"] - 1
    page.close()


def test_clicking_a_concept_lists_exactly_its_papers(site, sample_graph, open_page):
    out, _ = site
    node = next(n for n, d in sample_graph.nodes(data=True) if d.get("name") == "reinforcement learning")
    p = open_page(out / "concepts" / page_name(sample_graph.nodes[node]["key"]))
    p.page.click("#graph", position={"x": 5, "y": 5})  # clear the focus first
    xy = p.page.evaluate(
        """id => {
        const pos = graphkit.network.canvasToDOM(graphkit.network.getPosition(id));
        const box = document.getElementById('graph').getBoundingClientRect();
        return [box.left + pos.x, box.top + pos.y];
    }""",
        node,
    )
    p.page.mouse.click(*xy)
    p.page.wait_for_selector("#panel-papers li")
    shown = p.page.eval_on_selector_all("#panel-papers li", "els => els.map(e => e.dataset.id)")
    expected = {u for u, _, k in sample_graph.in_edges(node, keys=True) if k == "MENTIONS"}
    assert sorted(shown) == sorted(expected) and len(shown) == sample_graph.nodes[node]["paper_count"]
    assert p.errors == [] and p.foreign_requests() == []


def test_fragment_filters_and_map(site, sample_graph, open_page):
    out, _ = site
    p = open_page(out / "map.html")
    assert p.page.evaluate("graphkit.graph.order") == sum(
        1 for _, d in sample_graph.nodes(data=True) if d["type"] == "Concept"
    )
    p.page.goto((out / "map.html").as_uri() + "#node=concept%3Asam2")
    p.page.wait_for_function("document.body.dataset.rendered === '1'")
    p.page.wait_for_selector("#panel h2")
    assert p.page.inner_text("#panel h2") == "SAM2"
    first = p.page.evaluate("graphkit.data.clusters[0]")
    p.page.uncheck(f"#cluster-list li[data-cluster='{first['id']}'] input")
    hidden = p.page.evaluate(
        "graphkit.graph.nodes().filter(n => graphkit.renderer.getNodeDisplayData(n).hidden).length"
    )
    assert hidden == first["size"] > 0
    assert p.errors == [] and p.foreign_requests() == []


def test_year_filter_hides_papers(hostile_graph, tmp_path, open_page):
    from graphkit.render import render_page

    path = tmp_path / "years.html"
    render_page(hostile_graph, path, title="years")
    p = open_page(path)
    p.page.fill("#year-min", "2024")
    p.page.dispatch_event("#year-min", "change")
    hidden = set(p.page.evaluate("graphkit.nodes.get().filter(n => n.hidden).map(n => n.id)"))
    expected = {n for n, d in hostile_graph.nodes(data=True) if d["type"] == "Paper" and d.get("year", 9999) < 2024}
    assert hidden == expected and expected


def test_year_filter_hides_concepts_not_yet_seen_and_says_when_the_range_is_reversed(sample_graph, tmp_path, open_page):
    """A 3k-paper page set to "from 2030" still said "61 nodes" drawn (the concepts stayed), and
    a range from 2024 to 2017 was taken silently."""
    import networkx as nx

    from graphkit import schema as S
    from graphkit.render import render_page

    g = nx.MultiDiGraph(sample_graph)
    papers = [n for n, d in g.nodes(data=True) if S.node_type(d) == "Paper"]
    S.add_node(
        g,
        "concept:later idea",
        S.CONCEPT,
        key="later idea",
        name="later idea",
        kind="term",
        paper_count=1,
        first_year=2031,
    )
    S.add_rel(g, papers[0], "concept:later idea", S.MENTIONS, score=0.5, rank=1, evidence="")
    path = tmp_path / "years.html"
    render_page(g, path, title="years")
    p = open_page(path)
    p.page.fill("#year-max", "2030")
    p.page.dispatch_event("#year-max", "change")
    assert p.page.evaluate("graphkit.nodes.get('concept:later idea').hidden") is True
    p.page.fill("#year-max", "2031")
    p.page.dispatch_event("#year-max", "change")
    assert p.page.evaluate("graphkit.nodes.get('concept:later idea').hidden") is False
    p.page.fill("#year-min", "2040")
    p.page.dispatch_event("#year-min", "change")
    assert p.page.inner_text("#stats").startswith("From 2040 to 2031: no year is in that range.")
    assert p.page.evaluate("document.getElementById('year-min').validity.valid") is False


def test_hostile_concept_names_stay_text_in_the_site(hostile_graph, tmp_path, browser):
    import networkx as nx

    g = nx.MultiDiGraph(hostile_graph)
    evil = '<img src=x onerror="window.__pwned=9">`x`\'}) DETACH DELETE n //'
    g.add_node(
        "concept:evil",
        label="Concept",
        key="evil",
        name=evil,
        aliases=["</script><script>window.__pwned=8"],
        kind="term",
        paper_count=2,
    )
    for pid in ("paper:h1", "paper:h2"):
        g.add_edge(pid, "concept:evil", key="MENTIONS", type="MENTIONS", score=0.9, rank=1, evidence=evil)
    out = tmp_path / "site"
    build_site(g, out, min_papers=2)
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "<img src=x" not in index and "</script><script>window" not in index
    assert str(escape(evil)) in index
    page = browser.new_page()
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto((out / "index.html").as_uri())
    page.fill("#search-input", "pwned=9")
    assert page.locator("#results li a").first.inner_text() == evil
    page.locator("#results li a").first.click()
    page.wait_for_function("document.body.dataset.rendered === '1'")
    page.wait_for_selector("#panel h2")
    assert page.inner_text("#panel h2") == evil
    assert page.evaluate("window.__pwned") is None and dialogs == []
    assert page.locator("img").count() == 0
    page.close()
