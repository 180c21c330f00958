"""The export registry (discovery, extension inference, path-or-file) and the Cytoscape.js export."""

from __future__ import annotations

import io
import json
import sys

import networkx as nx
import pytest

import graphkit.export as E
from graphkit import schema as S
from graphkit.errors import GraphFileError
from graphkit.export import choose_format, format_for_path, formats, read_cytoscape, write_cytoscape, write_graph

FAKE_EXPORT = """
from graphkit.export import register


@register("fake", extensions=(".fake",), description="one line per node")
def write_fake(g, fh):
    fh.write("".join(f"{n}\\n" for n in g).encode("utf-8"))
"""


@pytest.fixture
def fake_export(tmp_path, monkeypatch):
    """An export module dropped beside the built-in ones, discovered without an import line."""
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "fakefmt.py").write_text(FAKE_EXPORT)
    monkeypatch.setattr(E, "__path__", [*E.__path__, str(folder)])
    monkeypatch.setattr(E, "_EXPORTS", dict(E._EXPORTS))
    E._discover()
    yield
    sys.modules.pop("graphkit.export.fakefmt", None)


def tiny_graph(**extra) -> nx.MultiDiGraph:
    g = nx.MultiDiGraph(schema=S.SCHEMA_VERSION, papers=2)
    S.add_node(g, S.paper_node("p1"), S.PAPER, id="p1", title='<b>One</b> "quoted"', year=2020, **extra)
    S.add_node(g, S.paper_node("p2"), S.PAPER, id="p2", title="Two")
    S.add_node(
        g,
        S.concept_node("gnn"),
        S.CONCEPT,
        key="gnn",
        name="GNN",
        aliases=["graph neural network"],
        kind="method",
        paper_count=2,
    )
    S.add_rel(g, S.paper_node("p1"), S.concept_node("gnn"), S.MENTIONS, score=0.5, rank=1, evidence="We use GNNs.")
    S.add_rel(g, S.paper_node("p1"), S.paper_node("p2"), S.CITES)
    return g


def test_builtin_exports():
    assert {"graphml", "gexf", "json", "cytoscape"} <= set(formats())


def test_a_new_module_is_a_new_export(fake_export, tmp_path):
    assert "fake" in formats()
    out = tmp_path / "g.fake"
    write_graph(tiny_graph(), out, choose_format(out))
    assert out.read_text().splitlines() == ["paper:p1", "paper:p2", "concept:gnn"]
    buf = io.BytesIO()
    write_graph(tiny_graph(), buf, "fake")  # an open file works as well as a path
    assert buf.getvalue().decode().startswith("paper:p1\n")


@pytest.mark.parametrize(
    "name, fmt",
    [
        ("g.graphml", "graphml"),
        ("G.GEXF", "gexf"),
        ("g.json", "json"),
        ("g.cyjs", "cytoscape"),
        ("g.cy.json", "cytoscape"),
        ("g.out", None),
        ("graphml", None),
    ],
)
def test_format_from_extension(name, fmt):
    assert format_for_path(name) == fmt


def test_choose_format():
    assert choose_format("g.gexf") == "gexf"
    assert choose_format("g") == choose_format("-") == "graphml"  # nothing to go by: the default
    with pytest.raises(GraphFileError, match="g.out: no export format writes .out files"):
        choose_format("g.out")  # a name that says something else: not GraphML under it
    assert choose_format("g.out", "json") == "json"
    assert choose_format("g.gexf", "gexf") == "gexf"
    with pytest.raises(GraphFileError) as err:
        choose_format("g.gexf", "graphml")
    assert str(err.value) == (
        "g.gexf: the extension says gexf, --format says graphml; name the file with .graphml or .xml, or drop --format"
    )
    with pytest.raises(GraphFileError, match="unknown export format 'pdf'"):
        choose_format("g.pdf", "pdf")


def test_a_failed_export_leaves_nothing(tmp_path, monkeypatch):
    class Boom(Exception):
        pass

    def boom(g, fh):
        fh.write(b"half")
        raise Boom()

    monkeypatch.setattr(E, "_EXPORTS", dict(E._EXPORTS))
    E.register("boom", extensions=(".boom",))(boom)
    with pytest.raises(Boom):
        write_graph(tiny_graph(), tmp_path / "g.boom", "boom")
    assert list(tmp_path.iterdir()) == []


def test_one_name_one_export(monkeypatch):
    monkeypatch.setattr(E, "_EXPORTS", dict(E._EXPORTS))
    with pytest.raises(ValueError, match="two exports registered for format 'gexf'"):
        E.register("gexf")(lambda g, fh: None)


def _edges(g: nx.MultiDiGraph) -> list:
    return sorted((u, v, k, sorted((x, repr(y)) for x, y in d.items())) for u, v, k, d in g.edges(keys=True, data=True))


def same_graph(a: nx.MultiDiGraph, b: nx.MultiDiGraph) -> None:
    assert dict(a.nodes(data=True)) == dict(b.nodes(data=True))
    assert _edges(a) == _edges(b)
    assert a.graph == b.graph


def test_cytoscape_document_shape(tmp_path):
    out = tmp_path / "g.cyjs"
    write_cytoscape(tiny_graph(x=1.5, y=-2), out)
    doc = json.loads(out.read_text(encoding="utf-8"))
    nodes, edges = doc["elements"]["nodes"], doc["elements"]["edges"]
    p1 = next(n for n in nodes if n["data"]["id"] == "paper:p1")
    assert p1["data"]["paper_id"] == "p1" and p1["classes"] == "Paper"
    assert p1["position"] == {"x": 1.5, "y": -2}
    assert p1["data"]["title"] == '<b>One</b> "quoted"'  # verbatim: escaping is the viewer's job
    gnn = next(n for n in nodes if n["data"]["id"] == "concept:gnn")
    assert "position" not in gnn and gnn["data"]["aliases"] == ["graph neural network"]
    ids = {n["data"]["id"] for n in nodes}
    assert all(e["data"]["source"] in ids and e["data"]["target"] in ids for e in edges)
    assert {e["data"]["interaction"] for e in edges} == {"MENTIONS", "CITES"}
    assert len({e["data"]["id"] for e in edges}) == len(edges)


def test_cytoscape_round_trip(tmp_path):
    g = tiny_graph()
    out = tmp_path / "g.cy.json"
    write_graph(g, out, choose_format(out))
    same_graph(g, read_cytoscape(out))


def test_cytoscape_round_trip_of_the_sample_graph(sample_graph, tmp_path):
    out = tmp_path / "sample.cyjs"
    write_cytoscape(sample_graph, out)
    same_graph(sample_graph, read_cytoscape(out))
    # networkx's own reader takes it too (it had raised KeyError('value')), nodes and links whole
    import networkx as nx

    theirs = nx.cytoscape_graph(json.loads(out.read_text(encoding="utf-8")))
    assert set(theirs.nodes) == set(sample_graph.nodes)
    assert theirs.number_of_edges() == sample_graph.number_of_edges()


def test_cytoscape_bad_file(tmp_path):
    bad = tmp_path / "bad.cyjs"
    bad.write_text('{"elements": {"nodes": [{"nodata": 1}], "edges": []}}')
    with pytest.raises(GraphFileError, match="bad.cyjs: not a Cytoscape.js JSON file"):
        read_cytoscape(bad)
