"""Issue 9's cases that the sample ICLR 2026 abstracts hold, on the graph built with the real model."""

from __future__ import annotations

from graphkit import concepts_rules as R
from graphkit.query import papers_for


def _concepts(g):
    return [d for _, d in g.nodes(data=True) if d.get("type", d.get("label")) == "Concept"]


def _by_name(g, name):
    found = [d for d in _concepts(g) if d["name"] == name]
    assert len(found) == 1, f"{name}: {[d['name'] for d in _concepts(g) if d['name'].lower() == name.lower()]}"
    return found[0]


def test_display_names_keep_the_authors_case(sample_graph):
    names = {d["name"] for d in _concepts(sample_graph)}
    assert "EnvSocial-Diff" in names and "EnvSocial-diff" not in names
    assert "OVO-Bench" in names and "OVO-bench" not in names
    assert "hamiltonian" not in names


def test_no_verb_fragments_or_markup_in_names_and_aliases(sample_graph):
    forms = [f for d in _concepts(sample_graph) for f in (d["name"], *d["aliases"])]
    for bad in ("captions undergo", "affects overthinking", "KANO reconstructs ground-truth hamiltonian"):
        assert not [f for f in forms if bad.lower() in f.lower()], bad
    assert not [f for f in forms if any(c in f for c in "*{}`<>") or "  " in f or f != f.strip()]


def test_every_concept_names_a_thing(sample_graph):
    bad = [(d["name"], R.rejection(d["name"])) for d in _concepts(sample_graph) if R.rejection(d["name"])]
    assert not bad


def test_kinds_of_the_mission_examples(sample_graph):
    assert _by_name(sample_graph, "SAM2")["kind"] == "model"
    assert _by_name(sample_graph, "DROID")["kind"] == "dataset"
    assert _by_name(sample_graph, "REINFORCE")["kind"] == "method"
    assert _by_name(sample_graph, "GRPO")["kind"] == "method"


def test_papers_reinforce_lists_only_papers_saying_reinforce(sample_build):
    papers, g, _ = sample_build
    text = {p.id: f"{p.title or ''} {p.abstract}" for p in papers}
    rows = papers_for(g, "REINFORCE")
    assert rows and all("REINFORCE" in text[r["id"]] for r in rows)
    assert {r["id"] for r in rows} == {p.id for p in papers if "REINFORCE" in text[p.id]}
