"""The quality benchmark's scorer on tiny hand-made cases, and the thesaurus round trip."""

from __future__ import annotations

import pytest

from graphkit.evaluate import dissimilar_merges, duplicates, hub_precision, linking, normalise, prf_at_k, share_linking
from graphkit.lemmas import lemma_key

from .conftest import ROOT, needs_shared


def test_normalise_matches_the_benchmark_rules():
    assert normalise("Graph Neural-Networks") == normalise("graph neural network")
    assert normalise("Reinforcement Learning") == "reinforc learn"
    assert normalise("GANs") != normalise("GAN and more")


def test_prf_at_k_known_answers():
    predicted = [
        [["deep learning"], ["cats"], ["Graph Neural Networks", "GNN"], ["dogs"], ["x"]],  # 2 hits of 5
        [["nothing"], ["here"]],  # 0 hits
    ]
    gold = [["graph neural network", "deep-learning", "optimisation"], ["planning"]]
    s5 = prf_at_k(predicted, gold, 5)
    assert s5["p"] == pytest.approx((2 / 5 + 0) / 2)
    assert s5["r"] == pytest.approx((2 / 3 + 0) / 2)
    assert s5["f1"] == pytest.approx(2 * 0.2 * (1 / 3) / (0.2 + 1 / 3))
    s2 = prf_at_k(predicted, gold, 2)
    assert s2["p"] == pytest.approx((1 / 2) / 2) and s2["r"] == pytest.approx((1 / 3) / 2)


def test_a_match_by_alias_counts():
    assert prf_at_k([[["graph neural network", "GNN"]]], [["GNN"]], 1)["f1"] == 1.0


def test_papers_without_keywords_are_skipped():
    assert prf_at_k([[["a"]], [["b"]]], [["a"], []], 1)["p"] == 1.0


def test_share_linking():
    assert share_linking([[["a"], ["b"]], [["A"], ["c"]], [["d"]]]) == pytest.approx(1 / 4)


def test_duplicates_by_stem_and_acronym():
    concepts = [
        ["diffusion models"],
        ["diffusion model"],
        ["Diffusion-Models"],
        ["GRPO"],
        ["group relative policy optimization"],
        ["unrelated"],
    ]
    texts = ["We use Group Relative Policy Optimization (GRPO) here."]
    assert duplicates(concepts, texts) == 3
    assert duplicates([["GRPO", "group relative policy optimization"], ["unrelated"]], texts) == 0


def test_linking_known_answer():
    gold = [["rl"], ["rl"], ["vision"], ["vision"]]
    links = [{"a"}, {"a"}, {"a"}, {"b"}]  # links 0-1 (right), 0-2 and 1-2 (wrong); misses 2-3
    lk = linking(links, gold)
    assert lk["gold_pairs"] == 2 and lk["system_pairs"] == 3
    assert lk["p"] == pytest.approx(1 / 3) and lk["r"] == pytest.approx(1 / 2)


def test_hub_precision_known_answer():
    gold = [["Reinforcement Learning", "GAN"], ["variational autoencoders"], []]
    concepts = [
        (["neural", "neural network"], 700),
        (["reinforcement learning", "RL"], 90),
        (["deep"], 500),
        (["variational autoencoder", "VAE"], 40),
        (["tiny"], 1),
    ]
    hp = hub_precision(concepts, gold, top=4)
    assert hp["precision"] == pytest.approx(2 / 4)  # by name: the alias "neural network" does not count
    assert hp["misses"] == [("neural", 700), ("deep", 500)]  # "tiny" is not among the 4 biggest
    assert hub_precision([], gold)["precision"] == 0.0


def test_dissimilar_merges_counts_different_lemmas_that_embeddings_keep_apart():
    sims = {frozenset(("reinforcement", "REINFORCE")): 0.46, frozenset(("diffusion model", "diffusion")): 0.85}

    def similarity(a, b):
        return sims.get(frozenset((a, b)), 0.0)

    concepts = [
        ["reinforcement", "REINFORCE"],  # bad: other lemma, dissimilar
        ["diffusion model", "diffusion"],  # other lemma, similar: fine
        ["behavior cloning", "Behaviour Clonings"],  # same lemmas: fine
        ["GRPO", "Group Relative Policy Optimization"],  # a definition: fine
        ["single"],
    ]
    assert dissimilar_merges(concepts, lemma_key, similarity) == [["reinforcement", "REINFORCE"]]
    # a name no strict spelling gives is a definition where a text defines it so, else a bad merge
    densenet = [["DenseNet", "Dense Convolutional Network"]]
    assert dissimilar_merges(densenet, lemma_key, similarity) == densenet
    texts = ["The Dense Convolutional Network (DenseNet) is deep."]
    assert dissimilar_merges(densenet, lemma_key, similarity, texts) == []
    assert dissimilar_merges(concepts, lemma_key, similarity, texts) == [["reinforcement", "REINFORCE"]]


def test_thesaurus_round_trip_and_effects(sample_build, tmp_path, runner, sample_graphml):
    from graphkit.build import build
    from graphkit.cli import cli
    from graphkit.export import read_graphml
    from graphkit.thesaurus import read_thesaurus, write_thesaurus

    papers, g, _ = sample_build
    out = tmp_path / "merges.tsv"
    n = write_thesaurus(g, out)
    rows = out.read_text(encoding="utf-8").splitlines()
    assert rows[0] == "label\treplace by" and len(rows) == n + 1
    assert "LLM\tlarge language model" in rows
    th = read_thesaurus(out)
    assert th.replace_by["LLM"] == "large language model"
    # feeding graphkit's own merges back changes nothing
    same, _ = build(papers, thesaurus=th)
    names = lambda gr: sorted(d["name"] for _, d in gr.nodes(data=True) if d["type"] == "Concept")  # noqa: E731
    assert names(same) == names(g)
    # user edits: a merge, a rename and a removal
    edited = tmp_path / "edited.tsv"
    edited.write_text(
        "label\treplace by\nVLM\tlarge language model\nSAM2\tSegment Anything 2\nvideo\t\n", encoding="utf-8"
    )
    result = runner.invoke(
        cli,
        [
            "build",
            *[p for p in sorted(set(x.source.rsplit(":", 1)[0] for x in papers))],
            "--output",
            str(tmp_path / "t.graphml"),
            "--thesaurus",
            str(edited),
            "-q",
        ],
    )
    assert result.exit_code == 0, result.output
    t = read_graphml(tmp_path / "t.graphml")
    by_name = {d["name"]: d for _, d in t.nodes(data=True) if d["type"] == "Concept"}
    assert "video" not in by_name and "VLM" not in by_name
    assert "VLM" in by_name["large language model"]["aliases"]
    assert "Segment Anything 2" in by_name and "SAM2" not in by_name
    assert "SAM2" in by_name["Segment Anything 2"]["aliases"]
    cli_out = runner.invoke(
        cli, ["concepts", "--graph", str(sample_graphml), "--top", "1", "--thesaurus-out", str(tmp_path / "cli.tsv")]
    )
    assert cli_out.exit_code == 0 and cli_out.stderr == f"Wrote {n:,} merges to {tmp_path / 'cli.tsv'}\n"
    piped = runner.invoke(cli, ["concepts", "--graph", str(sample_graphml), "--thesaurus-out", "-"])
    assert piped.exit_code == 0 and piped.stdout == (tmp_path / "cli.tsv").read_text()  # no table after it


@pytest.mark.parametrize(
    "content, message",
    [
        (
            "a\tb\tc\n",
            "bad.tsv:1: expected 2 tab-separated columns (label, replace by; an empty replace by removes), got 3",
        ),
        (
            "garbage no tabs\n",
            "bad.tsv:1: expected 2 tab-separated columns (label, replace by; an empty replace by removes), got 1",
        ),
        (
            "label\treplace by\nGAN\tgenerative adversarial network\nvideo\n",
            "bad.tsv:3: expected 2 tab-separated columns (label, replace by; an empty replace by removes), got 1",
        ),
        ("label\treplace by\n\tx\n", "bad.tsv:2: empty label"),
        ("\u00a0\t\n", "bad.tsv: no thesaurus rows (expected 'label<TAB>replace by')"),
        # two replacements of one label: the first had been dropped without a word
        (
            "LLM\tlanguage model A\nllm\tlanguage model B\n",
            "bad.tsv:2: 'llm' is replaced by 'language model A' on line 1 and by 'language model B' here",
        ),
        (
            "gradient\toptimization\noptimization\tgradient\n",
            "bad.tsv:1: the replacements go round in a cycle: gradient -> optimization -> gradient",
        ),
        # matched as the builds match labels (plural, case, hyphens): "GANs" is "GAN"
        (
            "GANs\tgenerative adversarial network\nGAN\t\n",
            "bad.tsv:2: 'GAN' is replaced by 'generative adversarial network' on line 1 and by '' here",
        ),
        # removing CLIP had removed R1, renamed into it, as well
        ("CLIP\t\nR1\tCLIP\n", "bad.tsv:2: 'R1' is replaced by 'CLIP', which line 1 removes"),
    ],
)
def test_bad_thesaurus(tmp_path, content, message):
    from graphkit.errors import InputError
    from graphkit.thesaurus import read_thesaurus

    path = tmp_path / "bad.tsv"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_thesaurus(path)
    assert str(err.value).endswith(message)


@needs_shared
def test_the_held_out_gold_is_the_authors_keywords_alone():
    """benchmarks/quality.py --corpus heldout: the exports' papers with an abstract and authors'
    keywords, each work once; no vendor index term (Keywords Plus writes in capitals)."""
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from _heldout import heldout_records
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    recs = heldout_records()
    assert len(recs) == 322
    assert len({r["title"].lower() for r in recs}) == len(recs)
    assert all(r["abstract"] and r["keywords"] for r in recs)
    first = next(r for r in recs if r["title"].startswith("ELECTRE-SCORE"))
    assert "Multiple criteria analysis" in first["keywords"]
    assert "COMPENSATORY COMPOSITE INDICATORS" not in first["keywords"]  # WoS Keywords Plus
    pool = {k.lower() for r in recs for k in r["keywords"]}
    assert "article" not in pool and "models, biological" not in pool  # Scopus index terms


def test_a_thesaurus_is_read_as_vosviewer_writes_it(tmp_path):
    """No quoting (a label's quotes are its own: '"quoted" `tick`' had lost them, and a label
    opening with a quote swallowed the rows after it), chains followed to their end (the
    keyword mode had stopped after one step), and the header alone is a thesaurus of no rows
    (what --thesaurus-out writes for a graph without merges)."""
    from graphkit.thesaurus import read_thesaurus

    path = tmp_path / "t.tsv"
    path.write_text(
        'label\treplace by\n"quoted" `tick`\tit\'s\n"reinforcement learning\tRL2\nalpha\tbeta\nBeta\tgamma\n'
    )
    assert read_thesaurus(path).replace_by == {
        '"quoted" `tick`': "it's",
        '"reinforcement learning': "RL2",
        "alpha": "gamma",
        "Beta": "gamma",
    }
    path.write_text("label\treplace by\n")
    assert read_thesaurus(path).replace_by == {}
