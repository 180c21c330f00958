"""Authors' keywords as concepts: alone (no model, no abstracts needed) and joined with extracted ones."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from graphkit import schema as S
from graphkit import text as T
from graphkit.build import build
from graphkit.cli import cli
from graphkit.export import graphml_bytes, read_graphml
from graphkit.keywords import link_keywords
from graphkit.read import read_papers
from graphkit.thesaurus import Thesaurus

from .conftest import DATA

DEV = Path(__file__).resolve().parents[2] / "shared" / "data" / "dev" / "iclr2017_2018.jsonl"
if not DEV.exists():
    DEV = Path("/work/shared/data/dev/iclr2017_2018.jsonl")


def concepts_of(g):
    return {d["name"]: d for _, d in S.nodes_of(g, S.CONCEPT)}


@pytest.fixture(scope="module")
def keyword_papers():
    return read_papers([DATA / "keywords_only.jsonl"], keywords_suffice=True)[0]


def test_keyword_only_records_need_keywords_not_abstracts(keyword_papers):
    assert [p.abstract for p in keyword_papers][:4] == ["", "", "", ""]
    assert keyword_papers[3].keywords == ["Robotics", "Sim-to-Real", "<script>alert('kw')</script>"]
    # without --concepts keywords, the same records are read for their titles alone (citation graph)
    plain, _ = read_papers([DATA / "keywords_only.jsonl"])
    assert [p.title for p in plain] == ["A", "B", "C", "D", "E"] and [p.abstract for p in plain][:4] == [""] * 4


def test_keywords_group_by_linkings_merge_key(keyword_papers):
    linked = link_keywords(keyword_papers)
    by_name = {c.name: c for c in linked.concepts}
    assert by_name["deep learning"].paper_count == 3  # "Deep Learning", "deep-learning", "Deep learning"
    assert by_name["generative adversarial network"].paper_count == 2  # plural and singular
    assert by_name["robotics"].paper_count == 2
    assert {n.lower(): c for n, c in by_name.items()}["sim-to-real"].paper_count == 2
    assert {c.source for c in linked.concepts} == {"keyword"}
    ranks = {(m.paper_id, m.concept_key): m.rank for m in linked.mentions}
    assert ranks[("k3", "reinforcement learning")] == 1 and ranks[("k3", "robotics")] == 2
    assert by_name["deep learning"].first_year == 2020


def test_a_keyword_shouted_in_capitals_is_the_keyword():
    """ "DEEP LEARNING" beside "deep learning" and "Deep-Learning" had been a concept of its own
    (the merge key keeps a word in capitals apart, as an acronym); a single word in capitals
    may be a name and stays apart ("REINFORCE" is not "reinforce")."""
    from graphkit.keywords import keyword_key
    from graphkit.model import Paper

    assert keyword_key("DEEP LEARNING") == keyword_key("deep learning") == keyword_key("Deep-Learning")
    assert keyword_key("MULTI-CRITERIA DECISION AIDING") == keyword_key("multi-criteria decision aiding")
    assert keyword_key("REINFORCE") != keyword_key("reinforce")
    assert keyword_key("INTERNET OF THINGS") == keyword_key("Internet of Things")  # function words too
    assert keyword_key("AI SAFETY") == keyword_key("AI safety")  # a short acronym stays one
    papers = [
        Paper(id=f"p{i}", abstract="", keywords=[k])
        for i, k in enumerate(["DEEP LEARNING", "DEEP LEARNING", "deep learning", "Deep-Learning"])
    ]
    assert [(c.name, c.paper_count) for c in link_keywords(papers).concepts] == [
        ("deep learning", 4)
    ]  # not the shouted form, though the commonest


def test_thesaurus_removes_and_renames_keywords(keyword_papers):
    t = Thesaurus({"robotics": "", "deep-learning": "DL", "generative adversarial networks": "GAN"})
    names = {c.name: c for c in link_keywords(keyword_papers, thesaurus=t).concepts}
    assert "robotics" not in names
    assert names["DL"].paper_count == 3 and "deep learning" not in names
    assert names["GAN"].paper_count == 2


def test_keyword_graph_has_cooccurrence_and_keywords_on_papers(keyword_papers):
    g, _ = build(keyword_papers, concepts="keywords")
    assert g.nodes["paper:k1"]["keywords"] == ["Deep Learning", "Generative Adversarial Networks", "image synthesis"]
    assert g.has_edge("concept:deep learning", "concept:generative adversarial network", key=S.CO_OCCURS) or g.has_edge(
        "concept:generative adversarial network", "concept:deep learning", key=S.CO_OCCURS
    )
    back = read_graphml(io.BytesIO(graphml_bytes(g)))
    assert back.nodes["paper:k4"]["keywords"][2] == "<script>alert('kw')</script>"
    assert back.nodes["concept:deep learning"]["source"] == "keyword"


def test_cli_keyword_map_loads_no_model(runner, tmp_path, monkeypatch):
    from graphkit.extract import KeyBERTExtractor

    def no_model(*a, **k):
        raise AssertionError("the keyword map must not load the model")

    monkeypatch.setattr(KeyBERTExtractor, "__init__", no_model)
    out = tmp_path / "kw.graphml"
    result = runner.invoke(cli, ["build", str(DATA / "keywords_only.jsonl"), "--concepts", "keywords", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "Read 5 papers from 1 file (jsonl)."
    rows = runner.invoke(cli, ["concepts", "--graph", str(out), "--top", "1", "--csv"]).stdout.splitlines()
    assert rows == [
        "name,kind,paper_count,first_year,source,aliases,key",
        'deep learning,method,3,2020,keyword,"[""deep-learning""]",deep learning',
    ]


def test_cli_says_work_for_one_work_outside_the_corpus(runner, tmp_path):
    """The build said "1 works outside the corpus"."""
    import json

    src = tmp_path / "one.jsonl"
    rows = [
        {"id": "a", "title": "A", "keywords": ["sorting"], "references": ["b", "elsewhere"]},
        {"id": "b", "title": "B", "keywords": ["sorting"]},
    ]
    src.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    result = runner.invoke(cli, ["build", str(src), "--concepts", "keywords", "-o", str(tmp_path / "g.graphml")])
    assert result.exit_code == 0, result.output
    assert "Citations: 2 (1 work outside the corpus); " in result.stdout


def test_cli_keyword_bad_input(runner, tmp_path):
    out = tmp_path / "x.graphml"
    none = runner.invoke(cli, ["build", str(DATA / "hostile.jsonl"), "--concepts", "keywords", "-o", str(out)])
    assert none.exit_code == 1
    assert none.stderr.endswith(
        "hostile.jsonl: none of the 3 papers has keywords; use --concepts extracted, "
        "or give files with a 'keywords' field\n"
    )
    missing = runner.invoke(
        cli, ["build", str(DATA / "keywords_missing.jsonl"), "--concepts", "keywords", "-o", str(out)]
    )
    assert missing.exit_code == 1
    assert missing.stderr.endswith(
        "keywords_missing.jsonl:2: 1 of 2 records have neither abstract, title nor keywords: lines 2\n"
    )
    bad = runner.invoke(cli, ["build", str(DATA / "papers.jsonl"), "--concepts", "tags", "-o", str(out)])
    assert bad.exit_code == 2 and "'tags' is not one of 'extracted', 'keywords', 'both'" in bad.stderr
    assert not out.exists() and list(tmp_path.iterdir()) == []
    with pytest.raises(Exception, match="--concepts must be one of"):
        build([], concepts="tags")


@pytest.mark.integration
def test_both_joins_keywords_with_extracted_concepts():
    papers, _ = read_papers([DATA / "keywords.jsonl"])
    g, linked = build(papers, concepts="both")
    cs = concepts_of(g)
    gan = next(d for d in cs.values() if d["key"] in ("generative adversarial network", "gan"))
    assert gan["source"] == "both"  # written in the abstracts and given as a keyword, one concept
    assert (
        sum(
            1
            for d in cs.values()
            if "generative adversarial network" in [d["name"].lower(), *(a.lower() for a in d["aliases"])]
        )
        == 1
    )
    assert cs["deep learning"]["source"] in ("keyword", "both")
    assert {"extracted", "keyword", "both"} >= {d["source"] for d in cs.values()}
    assert any(d["source"] == "extracted" for d in cs.values())
    # every paper mentions its own keywords' concepts, even where its abstract does not say them
    for p in papers:
        mentioned = {v for _, v, k in g.out_edges(S.paper_node(p.id), keys=True) if k == S.MENTIONS}
        assert S.concept_node("deep learning") in mentioned or "Deep learning" not in p.keywords
    # an evidence sentence is the abstract's or the keyword list, never both glued together
    from graphkit.model import Paper

    odd = [
        Paper(id=f"s{i}", abstract=f"We study cell signalling in tissue {i}. Copyright:", keywords=["cell death"])
        for i in range(2)
    ]
    g2, _ = build(odd, concepts="both")
    evidence = {d["evidence"] for _, v, k, d in g2.edges(keys=True, data=True) if v == S.concept_node("cell death")}
    assert evidence == {"cell death."}


def test_the_keyword_list_is_its_own_sentence():
    # Scopus: an abstract ending "Copyright:" and lower-case keywords were one evidence sentence
    assert T.sentences("We study cells. Copyright:\n\nactivation analysis; cell death.") == [
        "We study cells.",
        "Copyright:",
        "activation analysis; cell death.",
    ]


def test_dev_set_keyword_map():
    papers, _ = read_papers([DEV], keywords_suffice=True)
    g, linked = build(papers, concepts="keywords")
    cs = concepts_of(g)
    assert cs["deep learning"]["paper_count"] == sum(
        1 for p in papers if any(k.lower().replace("-", " ") in ("deep learning", "deep learnings") for k in p.keywords)
    )
    assert cs["reinforcement learning"]["paper_count"] >= 100
    assert sum(1 for _ in S.nodes_of(g, S.CONCEPT)) == len(linked.concepts) > 1000


def test_a_keyword_with_no_word_is_left_out_and_said(tmp_path):
    """ "---" had been dropped without a word, and "..." became a concept."""
    from graphkit.errors import GraphkitWarning
    from graphkit.model import Paper

    papers = [
        Paper(id="a", abstract="", keywords=["alpha", "---"], source="k.jsonl:1"),
        Paper(id="b", abstract="", keywords=["beta", "..."], source="k.jsonl:2"),
    ]
    with pytest.warns(
        GraphkitWarning, match=r"^k\.jsonl:1: 2 keywords with no word in them left out \(first: '---'\)$"
    ):
        names = sorted(c.name for c in link_keywords(papers).concepts)
    assert names == ["alpha", "beta"]
