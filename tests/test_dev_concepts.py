"""What a researcher sees on the 1,283 dev papers (../shared/data/dev): the hubs, the merges,
and ``papers X`` answering with papers about X (issue 9). Builds the dev graph once with the
real model (minutes on a cold embedding cache); runs wherever the shared data is present.
"""

from __future__ import annotations

import json
import re

import pytest

from graphkit import concepts_rules as R
from graphkit.evaluate import hub_precision
from graphkit.lemmas import lemma_key
from graphkit.query import concepts, papers_for

from .conftest import SHARED, needs_shared

DEV = SHARED / "dev" / "iclr2017_2018.jsonl"

pytestmark = needs_shared


@pytest.fixture(scope="module")
def dev():
    from graphkit.build import build
    from graphkit.read import paper_from_record

    records = [json.loads(line) for line in DEV.open(encoding="utf-8")]
    papers = [
        paper_from_record({k: v for k, v in r.items() if k != "keywords"}, "dev", i)
        for i, r in enumerate(records, start=1)
    ]
    graph, _ = build(papers)
    text = {p.id: f"{p.title or ''}. {p.abstract}" for p in papers}
    return graph, text, [r.get("keywords") or [] for r in records]


def _forms(d):
    return [d["name"], *d["aliases"]]


def test_no_stop_word_adjective_or_scaffold_among_the_200_biggest_hubs(dev):
    g, _, _ = dev
    bad = [(c["name"], R.rejection(c["name"])) for c in concepts(g, top=200) if R.rejection(c["name"])]
    assert not bad


def test_no_concept_anywhere_is_a_stop_word_in_capitals(dev):
    g, _, _ = dev
    assert not [c["name"] for c in concepts(g) if c["name"].lower() in R.STOP_WORDS]


def test_hub_precision_reaches_the_target(dev):
    g, _, gold = dev
    counted = [(_forms(c), c["paper_count"]) for c in concepts(g)]
    assert hub_precision(counted, gold)["precision"] >= 0.85


@pytest.mark.parametrize(
    "a, b",
    [
        ("generative", "generalization"),
        ("generative", "generator"),
        ("generalization", "generator"),
        ("reinforcement", "REINFORCE"),
        ("reinforcement learning", "REINFORCE"),
        ("optimization", "optimality"),
        ("optimization", "optimizer"),
        ("complex", "complexity"),
        ("computation", "computer"),
        ("map", "mapping"),
        ("mapping", "MAP"),
        ("map", "MAP"),
        ("generation performance", "generalization performance"),
        ("language", "language model"),
        ("language", "LM"),
        ("knowledge", "knowledge base"),
        ("visual", "visualization"),
    ],
)
def test_merges_that_must_not_happen(dev, a, b):
    g, _, _ = dev
    ka, kb = lemma_key(a), lemma_key(b)
    for c in concepts(g):
        keys = {lemma_key(f) for f in _forms(c)}
        assert not (ka in keys and kb in keys), f"{c['name']!r} joins {a!r} and {b!r}: {_forms(c)}"


def test_papers_reinforce_lists_only_papers_saying_reinforce(dev):
    g, text, _ = dev
    rows = papers_for(g, "REINFORCE")
    saying = {pid for pid, t in text.items() if re.search(r"\bREINFORCE\b", t)}  # not REINFORCEMENT
    assert rows and all(r["id"] in saying for r in rows)
    assert len(rows) >= len(saying) - 1


def test_papers_diffusion_finds_the_diffusion_papers(dev):
    g, text, _ = dev
    rows = papers_for(g, "diffusion")
    about = {pid for pid, t in text.items() if "diffusion" in t.lower()}
    found = {r["id"] for r in rows}
    assert len(found & about) >= len(about) - 2
    assert found <= about


def test_no_acronym_beside_its_expansion(dev):
    from graphkit.evaluate import duplicate_groups

    g, text, _ = dev
    groups = duplicate_groups([_forms(c) for c in concepts(g)], list(text.values()), same_name=False)
    # every acronym a definition may name (spelled, a name of its words' beginnings: ConvNet,
    # DenseNet, or marked in capitals: "Truncated HORizon Policy Search (THOR)") must have
    # joined its expansion
    spelled = [grp for grp in groups if any(R.abbreviates(a, b) for a in grp for b in grp if a != b)]
    assert not spelled, spelled[:10]


def test_an_acronym_counting_its_letters_is_one_concept_with_its_long_form(dev):
    """A3C (8 papers) stood beside "asynchronous advantage actor-critic" (7), which four of
    them define it as: the 3 counts the A's."""
    g, _, _ = dev
    a3c = next(c for c in concepts(g) if c["name"] == "A3C")
    assert "asynchronous advantage actor-critic" in {a.lower() for a in a3c["aliases"]}
    assert not [c["name"] for c in concepts(g) if c["name"].lower() == "asynchronous advantage actor-critic"]


def test_no_two_concepts_with_one_lemma_key(dev):
    from graphkit.evaluate import duplicate_groups

    g, text, _ = dev
    groups = [grp for grp in duplicate_groups([_forms(c) for c in concepts(g)], []) if len(grp) > 1]
    assert not groups, groups[:10]


def test_listed_names_take_their_list_mates_kind(dev):
    """MNIST is mostly listed ("on MNIST and CIFAR-10"), seldom followed by "dataset"."""
    g, _, _ = dev
    kinds = {c["name"]: c["kind"] for c in concepts(g)}
    assert kinds["MNIST"] == kinds["CIFAR-10"] == kinds["ImageNet"] == "dataset"
    assert kinds["AlexNet"] == kinds["VGG"] == "model"


def test_kinds_weigh_the_papers_behind_each_alias(dev):
    """ "language modeling" (38 papers) had been a model for one paper's "LM-architecture"
    beside three of "language modeling task"; "latent variable" a term though 27 papers write
    "latent variable model"."""
    g, _, _ = dev
    kinds = {c["name"]: c["kind"] for c in concepts(g)}
    assert kinds["language modeling"] == "task"
    assert kinds["latent variable"] == "model"
    assert kinds["language model"] == "model" and kinds["reinforcement learning"] == "method"
    assert kinds["SVM"] == kinds["Boltzmann machine"] == "model"  # "Support Vector Machine": a machine is a model
