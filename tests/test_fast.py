"""Fast mode (static embeddings), its torch-free import path, the GraphML sidecar, stage progress,
and the co-occurrence counts."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from graphkit.cli import cli

from .conftest import DATA, ROOT, SAMPLES, SHARED, needs_shared


@pytest.fixture(scope="module")
def static():
    from graphkit.extract.static import StaticEmbedder

    return StaticEmbedder()


def test_static_vectors_are_normalised_and_deterministic(static):
    texts = ["Graph neural networks", "graph neural networks", "a protein folding benchmark", ""]
    v = static.embed(texts)
    assert v.shape == (4, static.dimension) and v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v[:3], axis=1), 1.0, atol=1e-5)
    assert not v[3].any()  # no tokens, no direction
    assert np.array_equal(v, static.embed(texts))
    assert float(v[0] @ v[1]) == pytest.approx(1.0, abs=1e-6)  # the tokenizer lowercases
    assert static.embed([]).shape == (0, static.dimension)


def test_lazy_vectors_are_the_batch_vectors(static):
    """Linking's phrase vectors, computed one by one when asked for, are bit for bit the ones
    the whole vocabulary embedded at once gives (so holding none changes nothing)."""
    from graphkit.extract.static import LazyVectors

    vocab = ["Graph neural networks", "GRPO", "a", "", "sim2real transfer", "ünïcode ⟨x⟩", "x" * 300]
    lazy = LazyVectors(set(vocab), static)
    batch = static.embed(vocab)
    assert all(np.array_equal(lazy[p], v) for p, v in zip(vocab, batch))
    assert len(lazy) == len(vocab) and sorted(lazy) == sorted(vocab) and "GRPO" in lazy
    assert lazy.get("not in the vocabulary") is None
    kept = LazyVectors(set(vocab), static)
    kept.keep(vocab[:4], static.embed(vocab[:4]))  # the extractor's vectors, held for linking
    assert all(np.array_equal(kept[p], lazy[p]) for p in vocab)
    assert kept.get("not in the vocabulary") is None


def test_lazy_vectors_many_and_the_linking_batches_are_the_one_by_one_vectors(static):
    """Linking fetches a lazy extraction's vectors in batches (LazyVectors.many, PhraseVectors,
    ScaffoldFilter.prime): the same numbers and the same scaffolding answers as one phrase at a time."""
    from graphkit import link as L
    from graphkit.extract.static import LazyVectors

    vocab = ["Graph neural networks", "GRPO", "a", "", "proposed method", "our approach", "x" * 300]
    lazy = LazyVectors(set(vocab), static)
    lazy.keep(vocab[:2], static.embed(vocab[:2]))
    many = lazy.many(vocab[::-1])
    assert many.dtype == np.float32 and all(np.array_equal(lazy[p], v) for p, v in zip(vocab[::-1], many))
    with pytest.raises(KeyError):
        lazy.many(["GRPO", "not in the vocabulary"])

    asked = ["GRPO", "not in the vocabulary", "a", "GRPO", "", "x" * 300]
    one_by_one = L.PhraseVectors(static, dict(zip(vocab, static.embed(vocab))), static.dimension)
    batched = L.PhraseVectors(static, lazy, static.dimension)
    assert np.array_equal(batched(asked), one_by_one(asked))
    assert batched([]).shape == one_by_one([]).shape == (0, static.dimension)

    primed, asked_alone = L.scaffold_filter(batched), L.scaffold_filter(batched)
    primed.prime(vocab + ["not in the vocabulary"])
    answers = [primed(p) for p in vocab + ["not in the vocabulary"]]
    assert answers == [asked_alone(p) for p in vocab + ["not in the vocabulary"]]
    assert answers[4] and answers[5] and not answers[0]  # "proposed method", "our approach": scaffolding


def test_linking_batches_change_nothing(monkeypatch, tmp_path):
    """The fast build links the same whatever the batch sizes of its vector look-ups, with its
    phrase vectors held (one block of papers) or computed when asked for, and with scaffolding
    looked up in batches or phrase by phrase."""
    monkeypatch.setenv("GRAPHKIT_CACHE_DIR", str(tmp_path / "cache"))
    from graphkit import link as L
    from graphkit.build import build
    from graphkit.extract import static as S
    from graphkit.read import read_papers

    papers, _ = read_papers(SAMPLES)
    embedder = S.StaticEmbedder()

    def linked():
        _, out = build(papers, extractor=S.StaticExtractor(embedder), embedder=embedder)
        return sorted((c.key, c.name, c.kind) for c in out.concepts), sorted(
            (m.paper_id, m.concept_key, m.rank, m.score) for m in out.mentions
        )

    whole = linked()
    monkeypatch.setattr(L, "BATCH", 5)
    monkeypatch.setattr(L, "_POOL_BLOCK", 2)
    monkeypatch.setattr(S, "BLOCK", 4)  # vectors computed when linking asks, not held
    assert linked() == whole and len(whole[1]) > 10
    monkeypatch.setattr(L.ScaffoldFilter, "prime", lambda self, phrases: None)  # each phrase asked alone
    assert linked() == whole


def test_token_sums_add_each_text_in_token_order():
    """The position-by-position sums are each text's tokens added one after another, whatever
    the other texts' lengths (so a text's vector does not depend on its batch)."""
    from graphkit.extract.static import _token_sums

    rng = np.random.default_rng(7)
    vectors = rng.standard_normal((50, 6)).astype(np.float32)
    lengths = np.array([3, 0, 9, 1, 5, 9])
    ids = rng.integers(0, 50, lengths.sum())
    sums = _token_sums(vectors, ids, lengths)
    start = 0
    for n, row in zip(lengths, sums):
        expect = np.zeros(6, dtype=np.float32)
        for i in ids[start : start + n]:
            expect = expect + vectors[i]
        assert np.array_equal(row, expect)
        start += n
    assert _token_sums(vectors, ids[:0], lengths[:0]).shape == (0, 6)


def test_a_text_embeds_the_same_alone_and_in_any_batch(static):
    texts = ["reinforcement learning from human feedback " * 20, "GRPO", "", "a diffusion model"]
    together = static.embed(texts)
    assert all(np.array_equal(static.embed([t])[0], v) for t, v in zip(texts, together))
    assert np.array_equal(static.embed(texts[::-1]), together[::-1])


def test_static_vectors_keep_meaning(static):
    a, b, c = static.embed(["generative adversarial networks", "GAN image generator", "protein folding"])
    assert a @ b > a @ c + 0.1


def test_static_vectors_match_the_model_file_format():
    """The shipped model is the model2vec layout: embeddings (vocab x dims, float16), tokenizer, config."""
    from safetensors.numpy import load_file

    from graphkit.extract.static import MODEL_DIR

    emb = load_file(str(MODEL_DIR / "model.safetensors"))["embeddings"]
    config = json.loads((MODEL_DIR / "config.json").read_text())
    assert emb.dtype == np.float16 and emb.shape == (30522, config["hidden_dim"])
    assert sum(f.stat().st_size for f in MODEL_DIR.iterdir()) < 17e6


def test_fast_extractor_ranks_like_keybert(static):
    """Each paper's best phrases by cosine with it, both less the corpus's centre (CENTERING x the
    mean paper vector), scored by that cosine; the best is the best of all its phrases."""
    from graphkit.extract.static import CENTERING, StaticExtractor, center_sum, corpus_center
    from graphkit.read import read_papers

    papers, _ = read_papers([DATA / "papers.jsonl"])
    ex = StaticExtractor(top_n=5).extract(papers)
    center = corpus_center(*center_sum(ex.doc_vectors))
    assert np.allclose(center, CENTERING * ex.doc_vectors.mean(axis=0), atol=1e-6)

    def unit(v):
        return (v - center) / np.linalg.norm(v - center)

    assert len(ex.candidates) == len(papers)
    for i, cands in enumerate(ex.candidates):
        picked = [c for c in cands if c.text in ex.phrases[i]][:5]
        scores = [c.score for c in picked if not c.artefact]
        assert scores == sorted(scores, reverse=True)
        doc = unit(ex.doc_vectors[i])
        cos = {f: float(unit(ex.phrase_vectors[f]) @ doc) for f in ex.phrases[i]}
        assert picked[0].score == pytest.approx(max(cos.values()), abs=1e-4)
        for c in cands:  # the ranked picks and the artefacts added after them
            assert c.score == pytest.approx(cos[c.text], abs=1e-4) if c.text in cos else c.score == 0.0


def test_fast_extractor_centre_is_exact_across_shards(static):
    """A distributed build hands each shard the corpus's centre: summed shard by shard, it is the
    one a single process computes, to the bit, in any order."""
    from graphkit.extract.static import center_sum, corpus_center

    rng = np.random.default_rng(0)
    vecs = rng.standard_normal((1001, 8)).astype(np.float32) / 3
    whole = corpus_center(*center_sum(vecs))
    parts = [center_sum(vecs[s : s + 97]) for s in range(0, len(vecs), 97)][::-1]
    sharded = corpus_center(sum(t for t, _ in parts), sum(n for _, n in parts))
    assert np.array_equal(whole, sharded)
    assert not corpus_center(*center_sum(vecs[:0])).any()


BLOCKED = ("torch", "sentence_transformers", "keybert", "transformers", "sklearn", "scipy", "pandas")


@pytest.mark.e2e
def test_build_fast_imports_no_torch(tmp_path):
    """The light install's promise: building --fast and reading the graph back never import the
    heavy stack. A subprocess refuses those imports outright."""
    out = tmp_path / "g.graphml"
    code = textwrap.dedent(f"""
        import sys
        BLOCKED = {BLOCKED!r}
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in BLOCKED:
                    raise ImportError(f"blocked: {{name}}", name=name)
        sys.meta_path.insert(0, Block())
        from graphkit.cli import main
        for argv in (["build", "--fast", "-q", *{SAMPLES!r}, "-o", {str(out)!r}],
                     ["concepts", "--graph", {str(out)!r}, "--top", "3"]):
            try:
                main(argv)
            except SystemExit as e:
                if e.code:
                    raise
        print("loaded:", sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED))
    """)
    env = dict(os.environ, PYTHONPATH=str(ROOT), GRAPHKIT_CACHE_DIR=str(tmp_path / "cache"))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.splitlines()
    assert lines[0] == "Read 38 papers from 2 files (text)."
    assert lines[-1] == "loaded: []"
    assert "papers  kind" in proc.stdout


@pytest.mark.e2e
def test_cli_build_fast(runner, tmp_path):
    out = tmp_path / "g.graphml"
    result = runner.invoke(cli, ["build", "--fast", str(DATA / "papers.jsonl"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "Read 3 papers from 1 file (jsonl)."
    assert result.stderr == ""  # not a terminal: no progress
    assert out.exists() and (tmp_path / "g.graphml.gkc").exists()


@pytest.mark.e2e
def test_cli_build_fast_bad_input_leaves_nothing(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--fast", str(DATA / "malformed.jsonl"), "-o", str(tmp_path / "g.graphml")])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


# --- sidecar ---------------------------------------------------------------------------------------


@pytest.fixture
def small_graph(tmp_path, monkeypatch):
    monkeypatch.setenv("GRAPHKIT_CACHE_DIR", str(tmp_path / "cache"))
    from graphkit.build import build
    from graphkit.export import write_graphml
    from graphkit.extract.static import StaticEmbedder, StaticExtractor
    from graphkit.read import read_papers

    papers, _ = read_papers([DATA / "papers.jsonl"])
    static = StaticEmbedder()
    g, _ = build(papers, extractor=StaticExtractor(static), embedder=static)
    path = tmp_path / "g.graphml"
    write_graphml(g, path)
    return g, path


def _same(a, b):
    return dict(a.nodes(data=True)) == dict(b.nodes(data=True)) and sorted(
        map(repr, a.edges(keys=True, data=True))
    ) == sorted(map(repr, b.edges(keys=True, data=True)))


def test_sidecar_not_written_by_reading_and_used_once_built(small_graph, monkeypatch):
    from graphkit import export, sidecar

    g, path = small_graph
    first = sidecar.load_graph(path)
    assert not sidecar.sidecar_path(path).exists() and _same(first, g)  # reading never writes
    sidecar.save_sidecar(g, path)  # what build does beside the GraphML

    def no_parse(*a, **k):
        raise AssertionError("the GraphML was parsed although its sidecar matches")

    monkeypatch.setattr(export, "read_graphml", no_parse)
    assert _same(sidecar.load_graph(path), g)


def test_sidecar_invalidated_by_content(small_graph):
    from graphkit import sidecar
    from graphkit.export import read_graphml, write_graphml
    from graphkit.schema import node_type

    g, path = small_graph
    sidecar.save_sidecar(g, path)
    h = read_graphml(path)
    node = next(n for n, d in h.nodes(data=True) if node_type(d) == "Paper")
    h.nodes[node]["title"] = "Edited after the sidecar was written"
    stat = path.stat()
    write_graphml(h, path)
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # same mtime: content alone must decide
    assert sidecar.load_graph(path).nodes[node]["title"] == "Edited after the sidecar was written"


def test_sidecar_not_signed_by_this_user_is_never_unpickled(small_graph, tmp_path):
    import pickle

    from graphkit import sidecar

    g, path = small_graph
    sidecar.save_sidecar(g, path)
    side = sidecar.sidecar_path(path)
    raw = side.read_bytes()
    head = len(sidecar.MAGIC) + 64
    evil = pickle.dumps(Exception("would run"))  # a stand-in for a payload with side effects
    side.write_bytes(raw[:head] + evil)
    assert _same(sidecar.load_graph(path), g)  # signature mismatch: parsed from the GraphML instead
    assert side.read_bytes() == raw[:head] + evil  # and left as it was: reading never writes


def test_a_signed_sidecar_of_another_shape_is_reparsed_not_a_traceback(small_graph, monkeypatch):
    """A sidecar this user's graphkit wrote in an older layout of its parts (same signature)."""
    from graphkit import sidecar

    g, path = small_graph
    monkeypatch.setattr(sidecar, "WHOLE", 0)  # in parts
    monkeypatch.setattr(sidecar, "_parts", lambda g: [[(n, d) for n, d in g.nodes(data=True)]])  # 2-tuples
    sidecar.save_sidecar(g, path)
    monkeypatch.undo()
    assert sidecar.sidecar_path(path).read_bytes().startswith(sidecar.MAGIC)  # signed, this format's magic
    assert _same(sidecar.load_graph(path), g)  # unreadable parts: parsed from the GraphML instead


def test_unwritable_sidecar_is_not_an_error(small_graph):
    """A sidecar that cannot be written (here a folder squats its name; a read-only folder is
    the same to graphkit, but root writes anywhere) costs a parse, not an error."""
    from graphkit import sidecar

    g, path = small_graph
    sidecar.sidecar_path(path).mkdir()
    assert _same(sidecar.load_graph(path), g)
    assert sidecar.sidecar_path(path).is_dir()


def test_missing_graph_is_a_one_line_error(runner, tmp_path):
    result = runner.invoke(cli, ["concepts", "--graph", str(tmp_path / "none.graphml")])
    assert result.exit_code == 1
    assert "none.graphml: no such graph file" in result.stderr and result.stderr.count("\n") == 1


# --- progress --------------------------------------------------------------------------------------


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_stage_progress_on_a_terminal_only(monkeypatch):
    from graphkit.progress import stage

    tty = _Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    with stage("Linking", "paper", True, count=1200):
        pass
    assert tty.getvalue().startswith("Linking 1,200 papers ...\r")
    last = tty.getvalue().split("\x1b[2K")[-1]
    assert last.startswith("Linking 1,200 papers: ") and last.endswith(" papers/s\n")
    quiet = _Tty()
    monkeypatch.setattr(sys, "stderr", quiet)
    with stage("Linking", "paper", False, count=5):
        pass
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    with stage("Linking", "paper", True, count=5):
        pass
    assert quiet.getvalue() == "" and pipe.getvalue() == ""


def test_build_shows_every_stage_on_a_terminal(monkeypatch, tmp_path):
    from graphkit import api

    tty = _Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    monkeypatch.setenv("GRAPHKIT_CACHE_DIR", str(tmp_path / "cache"))
    api.build_files([DATA / "papers.jsonl"], tmp_path / "g.graphml", fast=True, progress=True)
    text = tty.getvalue()
    for name in ("Reading 3 papers", "Chunking", "Linking 3 papers", "Graph 3 papers", "Writing"):
        assert name in text, (name, text)
    tty.truncate(0)
    api.build_files([DATA / "papers.jsonl"], tmp_path / "g.graphml", fast=True, progress=False)
    assert tty.getvalue() == ""


def test_a_terminal_of_no_width_still_shows_the_bars(monkeypatch):
    """A new pseudo-terminal reports 0 columns (``script``, some CI and editor shells): tqdm
    asked to follow its width drew nothing there, so a long build showed no chunking or
    embedding at all. The bar falls back to 80 columns."""
    import pty
    import select

    from graphkit.progress import bar

    master, slave = pty.openpty()
    try:
        assert os.get_terminal_size(slave).columns == 0
        term = os.fdopen(slave, "w", closefd=False)
        monkeypatch.setattr(sys, "stderr", term)
        with bar("Chunking", 3, "paper", True) as b:
            b.update(3)
        term.flush()
        shown = ""
        while select.select([master], [], [], 1.0)[0]:  # all that was written: a read may return part of it
            shown += os.read(master, 65536).decode("utf-8", "replace")
    finally:
        os.close(master)
        os.close(slave)
    last = shown.replace("\r\n", "\r").split("\r")[-2]
    assert last.startswith("Chunking: 100%") and "3/3" in last and "papers/s" in last, repr(shown)


@pytest.mark.integration
def test_default_build_shows_its_model_stages_on_a_terminal(monkeypatch, tmp_path):
    """The default mode's own stages stay on the screen with their counts and rates: the
    corpus's words, chunking, and the model's passes over the abstracts and the phrases."""
    from graphkit import api

    tty = _Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    monkeypatch.setenv("GRAPHKIT_CACHE_DIR", str(tmp_path / "cache"))  # empty: the model runs
    api.build_files([DATA / "papers.jsonl"], tmp_path / "g.graphml", progress=True)
    text = tty.getvalue()
    for name in ("Cleaning text 3 papers: ", "Counting words 3 papers: ", "Chunking: 100%", "Linking 3 papers: "):
        assert name in text, (name, text)
    for name in ("Embedding abstracts: 100%", "Embedding phrases: 100%"):
        assert name in text and " texts/s]" in text.split(name)[1].split("\n")[0], (name, text)


# --- co-occurrence counts --------------------------------------------------------------------------


def test_cooccurrence_counts():
    from graphkit.build import cooccurrence_counts
    from graphkit.link import Linked
    from graphkit.model import Mention

    ms = [
        Mention("p1", "a", 1.0, 1, ""),
        Mention("p1", "b", 1.0, 2, ""),
        Mention("p1", "c", 1.0, 3, ""),
        Mention("p2", "a", 1.0, 1, ""),
        Mention("p2", "b", 1.0, 2, ""),
        Mention("p2", "b", 1.0, 3, ""),
        Mention("p3", "c", 1.0, 1, ""),
    ]
    linked = Linked([], ms, [], {}, [])
    i, j, w, counts = cooccurrence_counts(linked, ["a", "b", "c"])
    assert {(int(x), int(y)): int(n) for x, y, n in zip(i, j, w)} == {(0, 1): 2, (0, 2): 1, (1, 2): 1}
    assert counts.tolist() == [2, 2, 2]


def test_cooccurrence_budget_in_the_graph(monkeypatch):
    """Over the budget, the default threshold rises; a threshold given explicitly is kept
    whatever the budget. The graph records the threshold used when it is above 1 (the map's
    note had said "at least 1 paper" of a graph that holds no pair below 2)."""
    from graphkit import build as B
    from graphkit.link import Linked
    from graphkit.model import Concept, Mention, Paper

    papers = [Paper(id=f"p{i}", title=f"t{i}", abstract="x") for i in range(1200)]
    keys = ["a", "b", "c", "d"]
    ms = [Mention(f"p{i}", k, 1.0, 1, "") for i in range(1200) for k in (keys if i < 3 else ["a", "b"])]
    linked = Linked([Concept(k, k) for k in keys], ms, [], {}, [])
    g = B.build_graph(papers, linked)
    co = [(u, v, d["weight"]) for u, v, k, d in g.edges(keys=True, data=True) if k == "CO_OCCURS"]
    assert g.graph["min_cooccurrence"] == 2 and len(co) == 6  # a-b: 1,200 papers; the 5 other pairs: 3
    assert "min_cooccurrence" not in B.build_graph(papers[:999], linked).graph  # below 1,000 every pair is kept
    monkeypatch.setattr(B, "COOCCURRENCE_BUDGET", 1)
    g = B.build_graph(papers, linked)
    co = [(u, v, d["weight"]) for u, v, k, d in g.edges(keys=True, data=True) if k == "CO_OCCURS"]
    assert co == [("concept:a", "concept:b", 1200)] and g.graph["min_cooccurrence"] == 4
    g = B.build_graph(papers, linked, min_cooccurrence=2)
    assert sum(1 for *_, k in g.edges(keys=True) if k == "CO_OCCURS") == 6 and g.graph["min_cooccurrence"] == 2


def test_sidecar_in_parts_is_the_graph_as_parsed(small_graph, monkeypatch):
    """A big graph is pickled a part at a time (bounded memo); loading gives the parsed graph,
    down to the order of every node's in- and out-edges."""
    from graphkit import sidecar
    from graphkit.export import read_graphml

    g, path = small_graph
    monkeypatch.setattr(sidecar, "PART", 4)
    monkeypatch.setattr(sidecar, "WHOLE", 10)  # more edges than this: in parts
    assert g.number_of_nodes() > 3 * 4 and g.number_of_edges() > 3 * 4
    sidecar.save_sidecar(g, path)
    loaded, parsed = sidecar.load_graph(path), read_graphml(path)
    assert _same(loaded, g)
    assert list(loaded.nodes) == list(parsed.nodes)
    assert list(loaded.edges(keys=True)) == list(parsed.edges(keys=True))
    assert list(loaded.in_edges(keys=True)) == list(parsed.in_edges(keys=True))
    assert loaded.graph == g.graph


def test_keep_meant_in_blocks_links_the_same(monkeypatch, tmp_path):
    """keep_meant holds a block of groups' vectors at a time; the block size changes nothing."""
    monkeypatch.setenv("GRAPHKIT_CACHE_DIR", str(tmp_path / "cache"))
    from graphkit import link as L
    from graphkit.build import build
    from graphkit.extract.static import StaticEmbedder, StaticExtractor
    from graphkit.read import read_papers

    papers, _ = read_papers(SAMPLES)  # keep_meant drops about 40% of the found (paper, group) pairs here
    static = StaticEmbedder()

    def mentions():
        _, linked = build(papers, extractor=StaticExtractor(static), embedder=static)
        return sorted((m.paper_id, m.concept_key, m.rank, m.score) for m in linked.mentions)

    whole = mentions()
    monkeypatch.setattr(L, "_BLOCK", 3)
    assert mentions() == whole and len(whole) > 10


@needs_shared
def test_the_same_corpus_gives_the_same_graph_whatever_the_hash_seed(tmp_path):
    """Concept keys, their order and the clusters do not depend on Python's set order (on dev,
    two groups with one display key swapped keys and 1,597 cluster ids moved between runs)."""
    dev = SHARED / "dev" / "iclr2017_2018.jsonl"
    outs = []
    for seed in ("1", "2"):
        out = tmp_path / f"dev-{seed}.graphml"
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED=seed, GRAPHKIT_CACHE_DIR=str(tmp_path / "cache"))
        cmd = [sys.executable, "-m", "graphkit", "build", "--fast", "-q", str(dev), "-o", str(out)]
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900)
        assert proc.returncode == 0, proc.stderr[-2000:]
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
