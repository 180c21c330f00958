"""The schema module: node and relationship types, ids, and the type attribute switch."""

from __future__ import annotations

import networkx as nx
import pytest

from graphkit import schema as S


def test_ids():
    assert S.paper_node("p1") == "paper:p1"
    assert S.concept_node("graph neural network") == "concept:graph neural network"
    assert S.author_node(S.author_key("  Ada   LOVELACE ")) == "author:ada lovelace"
    assert S.node_id(S.PAPER, {"id": "p1"}) == "paper:p1"
    assert S.node_id(S.CONCEPT, {"key": "gnn"}) == "concept:gnn"
    assert S.node_id(S.AUTHOR, {"key": "ada"}) == "author:ada"


def test_relationship_endpoints_are_node_types():
    for rel in S.REL_TYPES.values():
        assert rel.source in S.NODE_TYPES and rel.target in S.NODE_TYPES
    assert (S.REL_TYPES[S.MENTIONS].source, S.REL_TYPES[S.MENTIONS].target) == (S.PAPER, S.CONCEPT)
    assert (S.REL_TYPES[S.WROTE].source, S.REL_TYPES[S.WROTE].target) == (S.AUTHOR, S.PAPER)
    assert not S.REL_TYPES[S.CO_OCCURS].directed and S.REL_TYPES[S.CITES].directed
    assert {"CO_CITED", "COUPLED", "CO_AUTHORED"} <= set(S.REL_TYPES)


@pytest.mark.parametrize(
    "attrs, ntype",
    [
        ({"label": "Paper"}, "Paper"),  # graphs written so far
        ({"type": "Concept", "label": "SAM2"}, "Concept"),  # DESIGN.md's form: label is the display name
        ({"type": "Author"}, "Author"),
        ({"label": "SAM2"}, None),
        ({}, None),
    ],
)
def test_node_type_reads_type_or_legacy_label(attrs, ntype):
    assert S.node_type(attrs) == ntype


def test_add_node_and_rel_write_through_one_attribute(monkeypatch):
    g = nx.MultiDiGraph()
    S.add_node(g, "paper:p1", S.PAPER, id="p1")
    S.add_node(g, "concept:c", S.CONCEPT, key="c", **{S.NODE_TYPE_ATTR: "wrong"})
    S.add_rel(g, "paper:p1", "concept:c", S.MENTIONS, score=0.5)
    assert g.nodes["paper:p1"][S.NODE_TYPE_ATTR] == "Paper"
    assert S.node_type(g.nodes["concept:c"]) == "Concept"
    assert list(g.edges(keys=True, data=True)) == [
        ("paper:p1", "concept:c", "MENTIONS", {"type": "MENTIONS", "score": 0.5})
    ]
    assert [n for n, _ in S.nodes_of(g, S.CONCEPT)] == ["concept:c"]
    # The switch DESIGN.md plans: one constant changes, readers keep working.
    monkeypatch.setattr(S, "NODE_TYPE_ATTR", "type")
    h = nx.MultiDiGraph()
    S.add_node(h, "concept:c", S.CONCEPT, key="c", label="SAM2")
    assert h.nodes["concept:c"] == {"type": "Concept", "key": "c", "label": "SAM2"}
    assert S.node_type(h.nodes["concept:c"]) == "Concept"


def test_build_id_is_the_digest_of_the_sorted_node_and_edge_lines():
    import hashlib

    from graphkit.build import build_id

    g = nx.MultiDiGraph()
    for u, v, k in [
        ("paper:b", "concept:x", "MENTIONS"),
        ("paper:a", "concept:x", "MENTIONS"),
        ("author:z", "paper:a", "WROTE"),
        ("paper:b", "paper:a", "CITES"),
        ("paper:b", "concept:a", "MENTIONS"),
    ]:
        g.add_edge(u, v, key=k)
    g.add_node("concept:lonely")
    lines = [f"n\t{n}\n" for n in sorted(g.nodes)] + [f"e\t{u}\t{v}\t{k}\n" for u, v, k in sorted(g.edges(keys=True))]
    assert build_id(g) == hashlib.sha256("".join(lines).encode()).hexdigest()[:16]
    g.add_edge("paper:a", "concept:a", key="MENTIONS")
    assert build_id(g) != hashlib.sha256("".join(lines).encode()).hexdigest()[:16]
