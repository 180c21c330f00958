"""GraphML round trips (lists flattened and restored), GEXF and JSON exports."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
