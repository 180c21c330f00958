"""The foundation issue's promises on the sample ICLR 2026 abstracts, with the real model."""

from __future__ import annotations

import itertools

from graphkit import concepts_rules as R
from graphkit import text as T
from graphkit.build import concept_node, paper_node
from graphkit.extract import paper_text

from .conftest import paper_index


def concepts_of(graph, paper):
    return {
        graph.nodes[c]["key"]: graph.nodes[c]
        for _, c, k in graph.out_edges(paper_node(paper.id), keys=True)
        if k == "MENTIONS"
    }


def concept_named(graph, *labels):
    """The concept whose name or alias is one of ``labels`` (exactly one must match)."""
    found = [
        n
        for n, d in graph.nodes(data=True)
        if d.get("type") == "Concept" and ({d["name"], *d["aliases"]} & set(labels))
    ]
    assert len(found) == 1, f"{labels}: {found}"
    return found[0]


def test_reinforce_paper_mentions_reinforce_and_grpo(sample_build):
    papers, g, _ = sample_build
    p = paper_index(papers, "Off-policy reinforcement learning (RL) for large language models")
    mentioned = concepts_of(g, p)
    names = {d["name"] for d in mentioned.values()}
    assert "REINFORCE" in names
    assert "GRPO" in names
    grpo = next(d for d in mentioned.values() if d["name"] == "GRPO")
    assert "Group Relative Policy Optimization" in grpo["aliases"]


def test_named_artefacts(sample_build):
    papers, g, _ = sample_build
    assert "SAM2" in {d["name"] for d in concepts_of(g, paper_index(papers, "SAM2 prompting")).values()}
    assert "DROID" in {d["name"] for d in concepts_of(g, paper_index(papers, "DROID dataset")).values()}


def test_one_diffusion_concept_for_all_three_diffusion_papers(sample_build):
    papers, g, _ = sample_build
    node = concept_named(g, "diffusion model", "diffusion")
    users = [p for p in papers if "diffusion" in p.abstract.lower()]
    assert len(users) == 3
    for p in users:
        assert g.has_edge(paper_node(p.id), node, key="MENTIONS"), p.abstract[:60]


def test_reinforcement_learning_is_one_concept_linking_most_rl_papers(sample_build):
    papers, g, _ = sample_build
    node = concept_named(g, "reinforcement learning")
    d = g.nodes[node]
    assert "RL" in {d["name"], *d["aliases"]}
    rl_papers = [p for p in papers if "reinforcement learning" in p.abstract.lower()]
    assert len(rl_papers) == 9
    linked = [p for p in rl_papers if g.has_edge(paper_node(p.id), node, key="MENTIONS")]
    assert len(linked) >= 7


def test_llm_and_large_language_models_are_one_concept(sample_graph):
    node = concept_named(sample_graph, "large language model")
    d = sample_graph.nodes[node]
    assert "LLM" in {d["name"], *d["aliases"]}
    assert concept_named(sample_graph, "LLM") == node


def test_no_two_concepts_differ_only_by_case_plural_hyphen_or_acronym(sample_build):
    _, g, linked = sample_build
    concepts = [d for _, d in g.nodes(data=True) if d.get("type") == "Concept"]
    keys = {}
    for d in concepts:
        for label in (d["name"], *d["aliases"]):
            mk = R.group_key(T.phrase_key(label.split()))
            assert keys.setdefault(mk, d["key"]) == d["key"], f"{label!r} is in {keys[mk]!r} and {d['key']!r}"
    # every acronym a sample defines sits in the same concept as its long form
    nodes = {(n["key"]) for n in concepts}
    assert len(nodes) == len(concepts)
    for a, b in itertools.combinations(concepts, 2):
        assert a["name"].lower() != b["name"].lower()


def test_acronym_and_long_form_share_a_concept(sample_build):
    papers, g, _ = sample_build
    from graphkit.extract import paper_text

    for p in papers:
        for d in T.find_acronyms(paper_text(p)):
            shorts = [
                n for n, x in g.nodes(data=True) if x.get("type") == "Concept" and d.short in {x["name"], *x["aliases"]}
            ]
            longs = [
                n
                for n, x in g.nodes(data=True)
                if x.get("type") == "Concept"
                and T.merge_key(T.phrase_key(d.long.split()))
                in {T.merge_key(T.phrase_key(a.split())) for a in (x["name"], *x["aliases"])}
            ]
            if shorts and longs:
                assert set(shorts) == set(longs), (d.short, d.long)


def test_mentions_carry_score_rank_and_evidence(sample_build):
    papers, g, _ = sample_build
    for p in papers:
        edges = [d for _, _, k, d in g.out_edges(paper_node(p.id), keys=True, data=True) if k == "MENTIONS"]
        assert edges, p.abstract[:60]
        assert sorted(d["rank"] for d in edges) == list(range(1, len(edges) + 1))
        by_rank = sorted(edges, key=lambda d: d["rank"])
        # rank follows the score, lifted by at most Ranking.chosen + Ranking.shared
        from graphkit.link import Ranking

        lift = Ranking().chosen + Ranking().shared
        for better, worse in zip(by_rank, by_rank[1:]):
            assert better["score"] + lift >= worse["score"]
        for d in edges:
            assert 0.0 <= d["score"] <= 1.0
            # evidence is a sentence of the analysed text: the title and abstract, cleaned, with
            # markup leftovers ("boldsymbol{U}") repaired; the abstract itself stays verbatim
            assert d["evidence"] and d["evidence"] in paper_text(p)
        assert g.nodes[paper_node(p.id)]["abstract"] == p.abstract


def test_schema(sample_graph):
    from graphkit.schema import node_type

    labels = {node_type(d) for _, d in sample_graph.nodes(data=True)}
    assert labels == {"Paper", "Concept"}  # the samples have no authors
    types = {k for _, _, k in sample_graph.edges(keys=True)}
    assert {"MENTIONS", "CO_OCCURS"} <= types
    for u, v, k, d in sample_graph.edges(keys=True, data=True):
        assert d["type"] == k
        if k == "CO_OCCURS":
            assert d["weight"] >= 1 and 0 < d["strength"] <= 1
            assert u.startswith("concept:") and v.startswith("concept:")
        if k == "MENTIONS":
            assert u.startswith("paper:") and v.startswith("concept:")
    for _, d in sample_graph.nodes(data=True):
        if d["type"] == "Concept":
            assert d["kind"] in {"method", "model", "dataset", "task", "metric", "term"}
            assert d["paper_count"] == sum(
                1 for _, _, k in sample_graph.in_edges(concept_node(d["key"]), keys=True) if k == "MENTIONS"
            )
            assert d["first_year"] == 2026


def test_authors_citations_and_broader(tmp_path):
    from graphkit.build import CitationOptions, build, build_graph
    from graphkit.read import read_papers

    from .conftest import DATA

    papers, _ = read_papers([DATA / "papers.jsonl"])
    g, linked = build(papers)
    assert g.has_edge("author:turing a", "paper:p2", key="WROTE")
    assert g.edges["author:turing a", "paper:p1", "WROTE"]["position"] == 2
    assert g.has_edge("paper:p3", "paper:p1", key="CITES")
    assert g.has_edge("paper:p3", "paper:p2", key="CITES")
    # a reference to nothing in the corpus is an external work, unless external works are dropped
    assert g.has_edge("paper:p3", "paper:unknown-id", key="CITES") and g.nodes["paper:unknown-id"]["external"]
    without = build_graph(papers, linked, citations=CitationOptions(external=False))
    assert "paper:unknown-id" not in without and without.has_edge("paper:p3", "paper:p1", key="CITES")
    reinforce = concept_named(g, "REINFORCE")
    assert g.nodes[reinforce]["first_year"] == 2019
    assert g.nodes[reinforce]["paper_count"] == 2
    broader = [(u, v) for u, v, k in g.edges(keys=True) if k == "BROADER"]
    assert all(g.nodes[u]["type"] == g.nodes[v]["type"] == "Concept" for u, v in broader)


def test_keybert_choice_is_keybert(samples):
    """graphkit ranks candidates as KeyBERT does without importing it: the same keywords and
    scores as KeyBERT itself on the samples' real MiniLM vectors, in float32 and float64, with
    a paper that has no candidates and one whose vector is not finite."""
    import numpy as np
    from keybert import KeyBERT
    from sklearn.feature_extraction.text import CountVectorizer

    from graphkit.extract import candidate_forms, default_embedder, keybert_choice
    from graphkit.extract.stored import StoredVectors
    from graphkit.read import read_papers

    papers, _ = read_papers(samples)
    texts = [paper_text(p) for p in papers]
    phrases, _ = candidate_forms(texts)
    phrases[1] = []
    by_text = dict(zip(texts, phrases))
    vectorizer = CountVectorizer(analyzer=lambda doc: by_text[doc], lowercase=False)
    vocab = sorted({f for fs in phrases for f in fs})
    assert vocab == list(vectorizer.fit(texts).get_feature_names_out())
    emb = default_embedder()
    doc_vecs, word_vecs = emb.embed(texts), emb.embed(vocab)
    odd = doc_vecs.astype(np.float64)
    odd[2] = np.nan
    model = KeyBERT(model=emb.model)
    for docs in (doc_vecs, odd):
        kb = model.extract_keywords(
            texts, vectorizer=vectorizer, top_n=15, doc_embeddings=docs, word_embeddings=word_vecs
        )
        mine = keybert_choice([by_text[t] for t in texts], vocab, docs, word_vecs, 15)
        assert mine == [list(r) for r in kb]
        assert mine[1] == [] and len(mine[0]) == 15
    assert mine[2] == []
    whole = keybert_choice([by_text[t] for t in texts], vocab, doc_vecs, word_vecs, 15)
    for spill_rows in (0, None):  # the phrase vectors as a build holds them: read by row from its store
        rows = StoredVectors(vocab, word_vecs, spill_rows=spill_rows).rows()
        kb = model.extract_keywords(
            texts, vectorizer=vectorizer, top_n=15, doc_embeddings=doc_vecs, word_embeddings=rows
        )
        assert [list(r) for r in kb] == whole
        assert keybert_choice([by_text[t] for t in texts], vocab, doc_vecs, rows, 15) == whole


def test_keybert_ranks_whenever_the_model_runs_and_a_cached_rebuild_replays_it(samples, tmp_path, monkeypatch):
    """A cold build ranks with KeyBERT itself; a rebuild whose vectors are all cached replays
    KeyBERT's numbers without loading the model, and gives the same graph."""
    import graphkit.extract as X
    from graphkit.build import build
    from graphkit.read import read_papers

    monkeypatch.setenv("GRAPHKIT_CACHE_DIR", str(tmp_path / "cache"))
    calls = []
    keybert, replay = X._keybert, X.keybert_choice
    monkeypatch.setattr(X, "_keybert", lambda *a: calls.append("KeyBERT") or keybert(*a))
    monkeypatch.setattr(X, "keybert_choice", lambda *a: calls.append("replay") or replay(*a))
    papers = read_papers(samples)[0][:6]
    graphs = []
    for _ in range(2):
        embedder = X.default_embedder()
        g, _ = build(papers, extractor=X.KeyBERTExtractor(embedder), embedder=embedder)
        graphs.append(g)
    assert calls == ["KeyBERT", "replay"]
    assert embedder._model is None  # the rebuild never loaded the model
    a, b = graphs
    assert dict(a.nodes(data=True)) == dict(b.nodes(data=True))
    assert list(a.edges(keys=True, data=True)) == list(b.edges(keys=True, data=True))


def test_bfloat16_on_cpu_keeps_minilms_vectors(samples, monkeypatch):
    """Where the CPU has bfloat16 arithmetic the model runs under torch's autocast: its vectors
    are not float32's bit for bit (so autocast did run) but within cosine 0.9995 of them, closer
    than the cache's float16 storage keeps a vector. ``GRAPHKIT_BF16=0`` keeps float32, and a GPU
    is left alone."""
    import contextlib

    import numpy as np
    import torch

    from graphkit.extract import MiniLMEmbedder
    from graphkit.extract.embed import _precision
    from graphkit.read import read_papers

    texts = [paper_text(p) for p in read_papers(samples)[0]]
    texts += sorted({w for t in texts[:5] for w in T.token_texts(t) if len(w) > 3})  # short ones, as phrases are
    vecs = {}
    for flag in ("0", "1"):
        monkeypatch.setenv("GRAPHKIT_BF16", flag)
        vecs[flag] = MiniLMEmbedder(cache=None).embed(texts)
    assert isinstance(_precision("cpu"), torch.autocast) and isinstance(_precision("cuda"), contextlib.nullcontext)
    monkeypatch.setenv("GRAPHKIT_BF16", "0")
    assert isinstance(_precision("cpu"), contextlib.nullcontext)
    assert not np.array_equal(vecs["0"], vecs["1"])
    cosines = np.einsum("ij,ij->i", vecs["0"], vecs["1"])
    assert cosines.min() > 0.9995, (cosines.min(), texts[int(cosines.argmin())])


def test_bfloat16_only_where_it_measured_faster(tmp_path, monkeypatch):
    """With ``GRAPHKIT_BF16`` unset, bfloat16 runs only where the CPU has it and it measured faster
    than float32 on this machine (on a Xeon whose AVX512-BF16 comes without AMX it is 1.4x
    slower). The verdict is measured once and kept per machine; a kept verdict is obeyed, and an
    unreadable file is measured again and replaced."""
    import contextlib
    import json

    import torch

    from graphkit.extract import embed as E

    monkeypatch.delenv("GRAPHKIT_BF16", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    path = E.precision_verdict_path()
    assert path == tmp_path / "graphkit" / "precision.json"
    model = E._load_model("cpu")

    def verdict() -> bool:
        E._bfloat16_pays.cache_clear()
        return E._bfloat16_pays(model)

    def autocast() -> bool:
        return isinstance(E._precision("cpu", model), torch.autocast)

    measured = verdict()
    assert json.loads(path.read_text()) == {E._machine(): measured}
    assert autocast() == (E._native_bf16() and measured)
    for kept in (True, False):  # obeyed, not measured again
        path.write_text(json.dumps({E._machine(): kept, "another machine": not kept}))
        assert verdict() is kept and autocast() == (E._native_bf16() and kept)
        assert json.loads(path.read_text())["another machine"] is (not kept)
    path.write_text("{not json")
    again = verdict()
    assert json.loads(path.read_text()) == {E._machine(): again}
    monkeypatch.setenv("GRAPHKIT_BF16", "0")
    assert isinstance(E._precision("cpu", model), contextlib.nullcontext)
    E._bfloat16_pays.cache_clear()


def test_the_model_in_a_child_process_gives_the_same_graph(samples, tmp_path, monkeypatch):
    """``model_in_child``: the embedding and KeyBERT's ranking run in a child process that fills
    the cache, and this process reads the vectors from it; the graph is the one a build in one
    process makes, the model is never loaded here, and a rebuild from that cache starts no child."""
    import graphkit.extract as X
    from graphkit.build import build
    from graphkit.extract import apart
    from graphkit.read import read_papers

    requests = []
    run = apart.run_apart
    monkeypatch.setattr(apart, "run_apart", lambda r: requests.append(r[0]) or run(r))
    papers = read_papers(samples)[0][:6]
    graphs, started = [], []
    for cache, in_child in (("one", False), ("two", True), ("two", True)):
        monkeypatch.setenv("GRAPHKIT_CACHE_DIR", str(tmp_path / cache))
        embedder = X.default_embedder()
        del requests[:]
        g, _ = build(papers, extractor=X.KeyBERTExtractor(embedder), embedder=embedder, model_in_child=in_child)
        graphs.append(g)
        started.append(list(requests))
        assert embedder._model is None or not in_child  # in_child: loaded in no process but the child's
        assert not embedder.apart  # only for that build
    assert started[0] == []
    assert started[1][0] == "extract" and set(started[1][1:]) == {"store"}  # linking's new texts, into the cache
    assert started[2] == []  # every vector cached: nothing needs the model
    one, apart_cold, apart_warm = graphs
    for g in (apart_cold, apart_warm):
        assert dict(g.nodes(data=True)) == dict(one.nodes(data=True))
        assert list(g.edges(keys=True, data=True)) == list(one.edges(keys=True, data=True))
