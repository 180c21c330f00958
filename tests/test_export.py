"""GraphML round trips (lists flattened and restored), GEXF and JSON exports."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphkit import schema as S
from graphkit.errors import GraphFileError
from graphkit.export import graphml_bytes, read_graphml, write_gexf, write_graph, write_json

NS = "{http://graphml.graphdrawing.org/xmlns}"


def same_graph(a: nx.MultiDiGraph, b: nx.MultiDiGraph) -> None:
    assert dict(a.nodes(data=True)) == dict(b.nodes(data=True))
    ea = sorted((u, v, k, tuple(sorted(d.items()))) for u, v, k, d in a.edges(keys=True, data=True))
    eb = sorted((u, v, k, tuple(sorted(d.items()))) for u, v, k, d in b.edges(keys=True, data=True))
    assert ea == eb


def test_graphml_round_trip_through_bytesio(sample_graph):
    buf = io.BytesIO(graphml_bytes(sample_graph))
    back = read_graphml(buf)
    same_graph(sample_graph, back)
    concept = next(d for _, d in back.nodes(data=True) if d["type"] == "Concept" and d["aliases"])
    assert isinstance(concept["aliases"], list)


def test_graphml_is_fit_for_gephi_cytoscape_yed(sample_graph):
    root = ET.fromstring(graphml_bytes(sample_graph))
    edges = root.iter(f"{NS}edge")
    ids = [e.get("id") for e in edges]
    assert len(ids) == sample_graph.number_of_edges()
    assert all(ids) and len(set(ids)) == len(ids)
    text = graphml_bytes(sample_graph).decode("utf-8")
    assert "None" not in {d.text for d in root.iter(f"{NS}data")}
    assert not any(ord(c) < 32 and c not in "\t\n\r" for c in text)
    keys = {k.get("attr.name"): k.get("attr.type") for k in root.iter(f"{NS}key")}
    assert keys["score"] == "double" and keys["paper_count"] in {"int", "long"}
    assert keys["aliases"] == "string"


def test_hostile_text_survives_export_verbatim(hostile_graph):
    back = read_graphml(io.BytesIO(graphml_bytes(hostile_graph)))
    assert back.nodes["paper:h1"]["title"] == hostile_graph.nodes["paper:h1"]["title"]
    assert "<img src=x onerror=" in back.nodes["paper:h1"]["abstract"]
    assert "'}) DETACH DELETE n //" in back.nodes["paper:h2"]["title"]


_text = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00\r"), max_size=30)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    titles=st.lists(_text, min_size=1, max_size=5),
    aliases=st.lists(st.lists(_text, max_size=4), min_size=1, max_size=4),
    score=st.floats(min_value=0, max_value=1, allow_nan=False),
)
def test_graphml_round_trip_property(titles, aliases, score):
    from graphkit.text import CONTROL_CHARS as ctrl

    g = nx.MultiDiGraph(schema=1)
    for i, t in enumerate(titles):
        g.add_node(f"paper:{i}", type="Paper", label=f"p{i}", id=str(i), title=ctrl.sub("", t), abstract="x")
    for j, al in enumerate(aliases):
        g.add_node(
            f"concept:{j}",
            type="Concept",
            label=f"c{j}",
            key=str(j),
            name=f"c{j}",
            aliases=[ctrl.sub("", a) for a in al],
            kind="term",
            paper_count=1,
        )
        g.add_edge("paper:0", f"concept:{j}", key="MENTIONS", type="MENTIONS", score=score, rank=j + 1, evidence="e")
    back = read_graphml(io.BytesIO(graphml_bytes(g)))
    same_graph(g, back)  # (carriage returns never reach a graph: readers turn them into newlines)
    for j, al in enumerate(aliases):
        assert back.nodes[f"concept:{j}"]["aliases"] == [ctrl.sub("", a) for a in al]


def test_gexf_and_json_exports(sample_graph, tmp_path):
    write_gexf(sample_graph, tmp_path / "g.gexf")
    g2 = nx.read_gexf(tmp_path / "g.gexf")
    assert g2.number_of_nodes() == sample_graph.number_of_nodes()
    # node ids are the graph's keys; the relationship is the edge's label, GEXF's type one of its own
    assert set(g2.nodes) == set(map(str, sample_graph.nodes))
    text = (tmp_path / "g.gexf").read_text(encoding="utf-8")
    assert set(re.findall(r'<edge [^>]*type="([^"]+)"', text)) <= {"directed", "undirected", "mutual"}
    assert {d.get("label") for *_, d in g2.edges(data=True)} == {k for *_, k in sample_graph.edges(keys=True)}
    # a paper whose id is another node's key stays a node of its own (two nodes had had one GEXF id)
    g = sample_graph.copy()
    paper = next(n for n, d in g.nodes(data=True) if S.node_type(d) == "Paper")
    g.nodes[paper]["id"] = next(n for n, d in g.nodes(data=True) if S.node_type(d) == "Concept")
    write_gexf(g, tmp_path / "c.gexf")
    assert nx.read_gexf(tmp_path / "c.gexf").number_of_nodes() == g.number_of_nodes()
    write_json(sample_graph, tmp_path / "g.json")
    data = json.loads((tmp_path / "g.json").read_text())
    assert len(data["nodes"]) == sample_graph.number_of_nodes()
    assert len(data["links"]) == sample_graph.number_of_edges()
    concept = next(n for n in data["nodes"] if n["type"] == "Concept" and n["aliases"])
    assert isinstance(concept["aliases"], list)


def test_unknown_format_and_no_partial_output(sample_graph, tmp_path):
    with pytest.raises(GraphFileError, match="unknown export format 'pdf'"):
        write_graph(sample_graph, tmp_path / "x.pdf", "pdf")

    class Boom(Exception):
        pass

    from graphkit import export

    def failing(fh):
        fh.write(b"half")
        raise Boom()

    with pytest.raises(Boom):
        export.atomic_write(tmp_path / "out.graphml", failing)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "content, message",
    [
        (b"", "not a readable GraphML file"),
        (b"<graphml><graph><node id='a'/>", "not a readable GraphML file"),
        (
            b"<?xml version='1.0'?><graphml xmlns='http://graphml.graphdrawing.org/xmlns'><graph edgedefault='directed'>"
            b"<node id='a'/></graph></graphml>",
            "no Paper nodes; is this a graphkit graph?",
        ),
    ],
)
def test_bad_graph_files(tmp_path, content, message):
    path = tmp_path / "bad.graphml"
    path.write_bytes(content)
    with pytest.raises(GraphFileError, match=message):
        read_graphml(path)


def test_a_graph_with_attributes_of_the_wrong_type_is_refused_by_every_command(runner, tmp_path):
    """A GraphML another tool edited: "paper_count" written as "lots" gave a ValueError in
    `concepts`, a TypeError in `papers` and `view`, and a Paper without an id a KeyError in
    `neo4j import-files`; each now gets one line naming the file, and writes nothing."""
    import networkx as nx

    from graphkit import cli

    def graph(concept: dict, edge: dict, paper: dict | None = None, node: str = "paper:p") -> str:
        g = nx.MultiDiGraph()
        g.add_node(node, **(paper if paper is not None else {"type": "Paper", "id": "p", "abstract": "A text."}))
        g.add_node("concept:c", **{"type": "Concept", "key": "c", "name": "c", "kind": "term", **concept})
        g.add_edge(node, "concept:c", key="MENTIONS", **{"type": "MENTIONS", **edge})
        path = tmp_path / f"g{len(list(tmp_path.iterdir()))}.graphml"
        nx.write_graphml(g, path)
        return str(path)

    cases = [
        (graph({"paper_count": "lots"}, {"score": 0.5, "rank": 1}), "node 'concept:c' has paper_count 'lots'"),
        (graph({"paper_count": 1}, {"score": "high", "rank": 1}), "edge 'paper:p' -> 'concept:c' has score 'high'"),
        (graph({"paper_count": 1}, {"score": 0.5, "rank": 1}, {"type": "Paper"}, "p"), "node 'p' (Paper) has no 'id'"),
    ]
    out = tmp_path / "out"
    for path, message in cases:
        for args in (
            ["concepts", "--graph", path],
            ["papers", "--graph", path, "c"],
            ["view", "--graph", path, "c", "-o", str(out / "v.html")],
            ["export", "--graph", path, "-o", str(out / "x.gexf")],
            ["neo4j", "import-files", "--graph", path, "-o", str(out / "imp")],
        ):
            r = runner.invoke(cli.cli, args)
            assert r.exit_code == 1 and "Traceback" not in r.output, (args, r.output)
            assert r.stderr.count("\n") == 1 and path in r.stderr and message in r.stderr, (args, r.stderr)
            assert not out.exists()
    # a node whose id spells its identity ("paper:p", as graphkit names nodes) gets it back from there
    g = read_graphml(graph({"paper_count": 1}, {"score": 0.5, "rank": 1}, {"type": "Paper", "abstract": "A text."}))
    assert g.nodes["paper:p"]["id"] == "p"
