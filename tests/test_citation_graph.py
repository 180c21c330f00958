"""The citation half of the graph: CITES to corpus and external works, CO_CITED, COUPLED,
CO_AUTHORED in NetworkX, GraphML, the CLI, the pages and Neo4j (the Cypher library)."""

from __future__ import annotations

import json

import pytest

from graphkit.build import CitationOptions, build_graph
from graphkit.cli import cli
from graphkit.link import Linked
from graphkit.model import Concept, Mention, Paper, Reference
from graphkit.query import cited_by, citing, concept_flow, paper_neighbourhood

X = Reference(doi="https://doi.org/10.1000/X", title="An external classic", year=2001)


def corpus() -> list[Paper]:
    return [
        Paper(id="p1", title="Attention first", year=2010, abstract="Transformers.", authors=["Smith, J.", "Doe, A."]),
        Paper(
            id="p2",
            title="Attention second",
            year=2012,
            abstract="Transformers again.",
            authors=["J. Smith", "Roe, B."],
            references=["p1"],
            cited=[X],
        ),
        Paper(
            id="p3",
            title="Attention third",
            year=2013,
            abstract="Transformers, third.",
            authors=["Doe, Alice"],
            references=["p1", "p2"],
            cited=[X],
        ),
        Paper(
            id="p4",
            title="No abstract, only references",
            year=2014,
            authors=["<b>Evil</b> `Name`"],
            cited=[Reference(title="Attention First!", year=2010), X],
        ),
    ]


def linked() -> Linked:
    concepts = [Concept(key="transformer", name="transformer", paper_count=3, first_year=2010)]
    mentions = [Mention(pid, "transformer", 0.9, 1, "Transformers.") for pid in ("p1", "p2", "p3")]
    return Linked(concepts=concepts, mentions=mentions, broader=[], forms={}, merges=[])


@pytest.fixture(scope="module")
def cgraph():
    return build_graph(corpus(), linked())


def edges(g, rel):
    return {
        (g.nodes[u].get("id") or g.nodes[u]["key"], g.nodes[v].get("id") or g.nodes[v]["key"]): d
        for u, v, k, d in g.edges(keys=True, data=True)
        if k == rel
    }


def test_citations_and_derived_networks(cgraph):
    g = cgraph
    x = "doi:10.1000/x"
    assert g.nodes[f"paper:{x}"]["external"] is True and g.nodes[f"paper:{x}"]["title"] == "An external classic"
    assert set(edges(g, "CITES")) == {
        ("p2", "p1"),
        ("p2", x),
        ("p3", "p1"),
        ("p3", "p2"),
        ("p3", x),
        ("p4", "p1"),
        ("p4", x),
    }
    cc = edges(g, "CO_CITED")
    assert {k: d["weight"] for k, d in cc.items()} == {(x, "p1"): 3}  # min 2 by default
    assert cc[(x, "p1")]["strength"] == pytest.approx(3 * 3 / (3 * 3))
    assert {k: d["weight"] for k, d in edges(g, "COUPLED").items()} == {
        ("p2", "p3"): 2,
        ("p2", "p4"): 2,
        ("p3", "p4"): 2,
    }
    co = {k: d["weight"] for k, d in edges(g, "CO_AUTHORED").items()}
    assert co == {("doe a", "smith j"): 1, ("roe b", "smith j"): 1}  # "Smith, J." = "J. Smith"
    assert g.nodes["author:smith j"]["name"] in ("Smith, J.", "J. Smith")
    assert g.nodes["paper:p4"]["abstract"] == "" and g.nodes["paper:p4"]["authors"] == ["<b>Evil</b> `Name`"]


def test_thresholds_and_no_external():
    g = build_graph(corpus(), linked(), citations=CitationOptions(external=False, min_cocitation=1, min_coupling=1))
    assert not any(d.get("external") for _, d in g.nodes(data=True))
    assert set(edges(g, "CO_CITED")) == {("p1", "p2")}
    assert set(edges(g, "COUPLED")) == {("p2", "p3"), ("p2", "p4"), ("p3", "p4")}


def test_queries(cgraph):
    assert [r["id"] for r in citing(cgraph, "p1")] == ["p2", "p3", "p4"]  # most cited first
    assert [r["id"] for r in cited_by(cgraph, "p3")] == ["doi:10.1000/x", "p1", "p2"]
    assert {r["id"] for r in citing(cgraph, "https://doi.org/10.1000/X")} == {"p2", "p3", "p4"}
    flow = concept_flow(cgraph, "transformer")
    assert flow["first_year"] == 2010 and [r["id"] for r in flow["earliest"]] == ["p1"]
    assert [(r["id"], r["cites"]) for r in flow["adopters"]] == [("p2", ["p1"]), ("p3", ["p1", "p2"])]
    cite_any = [
        p for p in ("p1", "p2", "p3") if any(k == "CITES" for _, _, k in cgraph.out_edges(f"paper:{p}", keys=True))
    ]
    assert flow["citing"] == len(cite_any) >= 2  # its papers that cite any work
    sub, node = paper_neighbourhood(cgraph, "p2")
    assert node == "paper:p2"
    assert {"paper:p1", "paper:p3", "paper:p4", "paper:doi:10.1000/x", "author:smith j", "concept:transformer"} <= set(
        sub.nodes
    )


def test_graphml_round_trip_and_cli(cgraph, tmp_path, runner):
    from graphkit.export import read_graphml, write_graphml

    path = tmp_path / "c.graphml"
    write_graphml(cgraph, path)
    back = read_graphml(path)
    assert back.nodes["paper:p2"]["authors"] == ["J. Smith", "Roe, B."]
    assert back.nodes["paper:doi:10.1000/x"]["external"] is True
    assert {k for *_, k in back.edges(keys=True)} >= {"CITES", "CO_CITED", "COUPLED", "CO_AUTHORED"}
    out = runner.invoke(cli, ["papers", "--graph", str(path), "--cites", "p1", "--json"])
    assert out.exit_code == 0, out.output
    assert {r["id"] for r in json.loads(out.stdout)} == {"p2", "p3", "p4"}
    out = runner.invoke(cli, ["papers", "--graph", str(path), "--cited-by", "p4"])
    assert out.exit_code == 0 and "[external]" in out.stdout and "p1" in out.stdout
    out = runner.invoke(cli, ["concepts", "--graph", str(path), "--flow", "transformer"])
    assert out.exit_code == 0
    assert out.stdout.splitlines()[0] == "transformer: first mentioned in 2010"
    assert "p3  Attention third  <- p1, p2" in out.stdout
    page = tmp_path / "p2.html"
    out = runner.invoke(cli, ["view", "--graph", str(path), "--paper", "p2", "-o", str(page)])
    assert out.exit_code == 0, out.output
    html = page.read_text()
    assert "Roe, B." in html and "<b>Evil</b>" not in html  # data travels as escaped JSON
    for args, message in (
        (["papers", "--graph", str(path), "--cites", "nope"], "Error: no paper with id or DOI 'nope'"),
        (["papers", "--graph", str(path)], "give one of CONCEPT, --cites ID, --cited-by ID or --most-cited N"),
        (["papers", "--graph", str(path), "--most-cited", "0"], "Invalid value for '--most-cited'"),
        (["papers", "--graph", str(path), "--most-cited", "3", "--cites", "p2"], "give one of CONCEPT"),
        (["view", "--graph", str(path), "-o", str(tmp_path / "v.html")], "give either CONCEPT or --paper ID"),
        (["concepts", "--graph", str(path), "--flow", "nothing"], "no concept named 'nothing'"),
    ):
        out = runner.invoke(cli, args)
        assert out.exit_code != 0 and message in out.output and "Traceback" not in out.output
    assert not (tmp_path / "v.html").exists()


# -- Neo4j: the citation queries of the Cypher library on the real server ----------------------


@pytest.fixture
def cloaded(neo4j_driver, cgraph):
    from graphkit.store.neo4j import Neo4jWriter

    Neo4jWriter(neo4j_driver).load(cgraph)
    return neo4j_driver


def lib(driver, query, **params):
    from graphkit.store.neo4j import library, run_query

    q = library()[query]
    return run_query(driver, q.text, q.bind({k: str(v) for k, v in params.items()}))[1]


@pytest.mark.neo4j
def test_neo4j_holds_the_citation_relationships(cloaded, cgraph):
    from graphkit.store.neo4j import run_query

    _, rows = run_query(cloaded, "MATCH ()-[r]->() RETURN type(r) AS t, count(*) AS n ORDER BY t")
    got = {r["t"]: r["n"] for r in rows}
    want = {}
    for *_, k in cgraph.edges(keys=True):
        want[k] = want.get(k, 0) + 1
    assert got == want and got["CO_CITED"] == 1 and got["COUPLED"] == 3 and got["CO_AUTHORED"] == 2


@pytest.mark.neo4j
def test_neo4j_citation_queries(cloaded):
    d = cloaded
    assert [(r["id"], r["citations"]) for r in lib(d, "most-cited", limit=2)] == [("doi:10.1000/x", 3), ("p1", 3)]
    assert [(r["id"], r["cited_together"], r["external"]) for r in lib(d, "co-cited", id="p1")] == [
        ("doi:10.1000/x", 3, True)
    ]
    assert [(r["id"], r["cited_together"]) for r in lib(d, "co-cited", id="10.1000/X")] == [("p1", 3)]
    assert [(r["id"], r["shared_references"]) for r in lib(d, "coupled", id="p2")] == [
        ("p4", 2),
        ("p3", 2),
    ]  # p4 has fewer references: stronger
    assert [(r["key"], r["papers_together"]) for r in lib(d, "co-authors", name="Smith J")] == [
        ("roe b", 1),
        ("doe a", 1),
    ]  # equal weight: Roe wrote fewer papers, so the stronger tie
    rows = lib(d, "concept-flow", name="Transformer")
    assert [(r["id"], r["year"], sorted(r["cites"])) for r in rows] == [
        ("p2", 2012, ["p1"]),
        ("p3", 2013, ["p1", "p2"]),
    ]
    assert rows[0]["first_year"] == 2010 and rows[0]["earliest"] == ["p1"]
