"""What a hostile or unlucky user meets (issue 10): odd encodings and files, a damaged
embedding cache, the packaging and set-up. Neo4j's part is in test_neo4j_hardening.py."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
import warnings

import numpy as np
import pytest

from graphkit.cli import cli
from graphkit.errors import GraphkitWarning, InputError
from graphkit.read import read_file

from .conftest import ROOT

ABSTRACT = "We train graph neural networks on molecules and report strong results on property prediction."


# ---------------------------------------------------------------- reading


def test_lone_surrogate_in_json_is_one_line(runner, tmp_path):
    f = tmp_path / "bad.jsonl"
    f.write_text(json.dumps({"abstract": ABSTRACT}) + "\n" + '{"abstract": "broken \\ud800 text here"}\n')
    with pytest.raises(InputError) as err:
        read_file(f)
    assert str(err.value) == f"{f}:2: lone surrogate \\ud800 in a JSON string: not a character; fix or remove it"
    g = tmp_path / "bad.json"
    g.write_text('[\n {"abstract": "fine text", "title": "x\\udfff"}\n]')
    out = tmp_path / "g.graphml"
    result = runner.invoke(cli, ["build", str(g), "-o", str(out), "-q"])
    assert (
        result.exit_code == 1
        and result.stderr
        == f"Error: {g}:2: lone surrogate \\udfff in a JSON string: not a character; fix or remove it\n"
    )
    assert not out.exists()
    # a proper pair is one character and reads fine
    ok = tmp_path / "ok.jsonl"
    ok.write_text('{"abstract": "an emoji \\ud83d\\ude00 in a fine abstract"}\n')
    assert "\U0001f600" in read_file(ok)[0][0].abstract


def test_json_nul_escape_becomes_a_space(tmp_path):
    f = tmp_path / "nul.jsonl"
    f.write_text('{"abstract": "graph\\u0000networks and more", "title": "a\\u0000b"}\n')
    (paper,), _ = read_file(f)
    assert paper.abstract == "graph networks and more" and paper.title == "a b"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_files_are_read(tmp_path, encoding):
    f = tmp_path / "papers.txt"
    f.write_bytes(f"{ABSTRACT}\n\nTransformers for protein folding reach state of the art accuracy.\n".encode(encoding))
    papers, _ = read_file(f)
    assert [p.abstract for p in papers][0] == ABSTRACT and len(papers) == 2


def test_a_fifo_with_no_writer_is_refused_not_waited_on(runner, tmp_path):
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    out = tmp_path / "g.graphml"
    done = {}

    def run():
        done["result"] = runner.invoke(cli, ["build", str(fifo), "-o", str(out), "-q"])

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(timeout=30)
    if t.is_alive():  # unblock the reader so the test run can end
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
        t.join(timeout=10)
        pytest.fail("graphkit build waited forever on a FIFO with no writer")
    result = done["result"]
    assert result.exit_code == 1
    assert result.stderr == f"Error: {fifo}: is a FIFO, not a file; save what it holds to a file first\n"


# ---------------------------------------------------------------- the embedding cache


@pytest.fixture(scope="module")
def embedder_texts():
    from graphkit.extract import MiniLMEmbedder

    texts = ["graph neural network", "protein folding", ABSTRACT]
    return texts, MiniLMEmbedder(cache=None).embed(texts).astype(np.float16).astype(np.float32)


def embed_with(path, texts):
    from graphkit.extract import EmbeddingCache, MiniLMEmbedder

    cache = EmbeddingCache(path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        vecs = MiniLMEmbedder(cache=cache).embed(texts)
    cache.close()
    return vecs, [str(w.message) for w in caught if issubclass(w.category, GraphkitWarning)]


@pytest.mark.integration
def test_corrupt_cache_is_left_alone_and_everything_computed(tmp_path, embedder_texts):
    texts, expected = embedder_texts
    path = tmp_path / "embeddings.sqlite"
    junk = b"this is not a database " * 200
    path.write_bytes(junk)
    vecs, warned = embed_with(path, texts)
    np.testing.assert_allclose(vecs, expected, atol=1e-3)
    assert warned == [
        f"embedding cache {path}: file is not a database; computing every embedding "
        "(delete the file to start a new cache)"
    ]
    assert path.read_bytes() == junk


@pytest.mark.integration
def test_foreign_database_is_not_touched(tmp_path, embedder_texts):
    texts, expected = embedder_texts
    path = tmp_path / "other.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE users (name TEXT)")
    db.commit()
    db.close()
    before = path.read_bytes()
    vecs, warned = embed_with(path, texts)
    np.testing.assert_allclose(vecs, expected, atol=1e-3)
    assert len(warned) == 1 and "holds other tables: not a graphkit cache" in warned[0]
    assert path.read_bytes() == before


@pytest.mark.integration
def test_read_only_cache_is_read_not_written(tmp_path, embedder_texts):
    from graphkit.extract import EmbeddingCache, MiniLMEmbedder

    texts, expected = embedder_texts
    path = tmp_path / "embeddings.sqlite"
    embed_with(path, texts[:1])  # one vector stored
    cache = EmbeddingCache(path)
    cache._db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)  # as a read-only file opens (even for root)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        vecs = MiniLMEmbedder(cache=cache).embed(texts)
        again = MiniLMEmbedder(cache=cache).embed(texts)
    np.testing.assert_allclose(vecs, expected, atol=1e-3)
    np.testing.assert_allclose(again, expected, atol=1e-3)
    assert [str(w.message) for w in caught] == [
        f"embedding cache {path}: attempt to write a readonly database; new embeddings are not kept"
    ]


@pytest.mark.integration
def test_damaged_vectors_are_computed_again(tmp_path, embedder_texts):
    texts, expected = embedder_texts
    path = tmp_path / "embeddings.sqlite"
    embed_with(path, texts)
    db = sqlite3.connect(path)
    rows = db.execute("SELECT h, v FROM vec").fetchall()
    db.execute("UPDATE vec SET v = ? WHERE h = ?", (rows[0][1][:200], rows[0][0]))  # truncated
    db.execute("UPDATE vec SET v = ? WHERE h = ?", (np.ones(384, np.float16).tobytes(), rows[1][0]))  # not unit
    db.execute("UPDATE vec SET v = ? WHERE h = ?", (np.full(384, np.nan, np.float16).tobytes(), rows[2][0]))
    db.commit()
    db.close()
    vecs, warned = embed_with(path, texts)
    np.testing.assert_allclose(vecs, expected, atol=1e-3)
    assert warned == [
        f"embedding cache {path}: 3 stored vectors are damaged (wrong size or not unit length); computing them again"
    ]
    assert embed_with(path, texts)[1] == []  # and they were stored whole again


@pytest.mark.integration
def test_cli_shows_a_cache_warning_as_one_line(runner, tmp_path, monkeypatch):
    monkeypatch.setenv("GRAPHKIT_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "embeddings.sqlite").write_bytes(b"garbage" * 100)
    f = tmp_path / "p.txt"
    f.write_text(ABSTRACT + "\n")
    result = runner.invoke(cli, ["build", str(f), "-o", str(tmp_path / "g.graphml"), "-q"])
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        f"Warning: embedding cache {tmp_path / 'cache' / 'embeddings.sqlite'}: file is not a "
        "database; computing every embedding (delete the file to start a new cache)\n"
    )


# ---------------------------------------------------------------- packaging and set-up


def test_no_repo_folder_shadows_the_neo4j_driver():
    """From the repo root, `import neo4j` must not find a folder of the repo (a namespace package)."""
    code = (
        "import importlib.util, sys; sys.path[:] = [p for p in sys.path if 'site-packages' not in p]; "
        "spec = importlib.util.find_spec('neo4j'); print(spec and list(spec.submodule_search_locations or []))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "None"


@pytest.mark.parametrize("module", ["namespace", "absent"])
def test_missing_driver_is_one_line(monkeypatch, module):
    """No driver installed, or a folder named neo4j found instead (a namespace package): one line."""
    import types

    from graphkit.errors import MissingDependency
    from graphkit.store.neo4j import _driver_module

    monkeypatch.setitem(sys.modules, "neo4j", types.ModuleType("neo4j") if module == "namespace" else None)
    with pytest.raises(MissingDependency) as err:
        _driver_module()
    assert str(err.value) == "Neo4j support needs the driver: pip install 'graphkit[neo4j]'"


# ---------------------------------------------------------------- pages


@pytest.mark.browser
@pytest.mark.parametrize(
    "fragment", ["#node=constructor", "#node=__proto__", "#node=%E0%A4%A", "#node=toString", "#node=hasOwnProperty"]
)
def test_hostile_node_fragments_do_not_throw(sample_graph, tmp_path, browser, fragment):
    from graphkit.render import render_page

    path = tmp_path / "all.html"
    render_page(sample_graph, path, title="all")
    page = browser.new_page()  # the session's Chromium: a second Playwright in one thread cannot start
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(path.as_uri() + fragment)
        page.wait_for_function("document.body.dataset.rendered === '1'", timeout=30_000)
        page.evaluate("location.hash = '#node=concept%3Asam2'")  # a good fragment after a bad one still works
        page.wait_for_function(
            "document.querySelector('#panel h2') && document.querySelector('#panel h2').textContent === 'SAM2'",
            timeout=10_000,
        )
        page.evaluate(f"location.hash = {fragment!r}")
        page.wait_for_timeout(200)
    finally:
        page.close()
    assert errors == []


def copy_clone(dest):
    """The clone's files as git sees them (tracked and untracked, not ignored), symlinks kept."""
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, files):
        src = ROOT / name.decode()
        if not os.path.lexists(src):
            continue
        target = dest / name.decode()
        target.parent.mkdir(parents=True, exist_ok=True)
        if src.is_symlink():
            os.symlink(os.readlink(src), target)
        else:
            target.write_bytes(src.read_bytes())
            target.chmod(src.stat().st_mode)
    return dest


@pytest.mark.integration
def test_set_up_in_another_clone_does_not_repoint_this_one(tmp_path):
    """scripts/env.sh gives each clone its own thin layer over the shared dependencies."""
    where = "import graphkit, neo4j; print(graphkit.__file__)"
    mine = subprocess.run(["bash", "scripts/env.sh"], cwd=ROOT, capture_output=True, text=True, check=True)
    layer = mine.stdout.strip()
    other = copy_clone(tmp_path / "other-clone")
    theirs = subprocess.run(["bash", "scripts/env.sh"], cwd=other, capture_output=True, text=True, check=True)
    their_layer = theirs.stdout.strip()
    assert their_layer == str(other / ".venv") and layer == str(ROOT / ".venv")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    for venv, clone in ((layer, ROOT), (their_layer, other)):
        out = subprocess.run(
            [f"{venv}/bin/python", "-c", where], cwd=tmp_path, env=env, capture_output=True, text=True, check=True
        ).stdout.strip()
        assert out == str(clone / "graphkit" / "__init__.py")


def test_a_broken_bibtex_entry_is_one_line_not_the_parser_log_too(tmp_path):
    f = tmp_path / "cut.bib"
    f.write_text("@article{a1,\n  title={A title},\n  abstract={We study graphs.}\n}\n@article{a2,\n  title={Cut\n")
    out = tmp_path / "g.graphml"
    # a real process: the parser logs through the logging module's own handler on standard error
    cmd = [sys.executable, "-m", "graphkit", "build", "--fast", str(f), "-o", str(out), "-q"]
    result = subprocess.run(cmd, capture_output=True, text=True)
    assert result.returncode == 1 and not out.exists()
    assert result.stderr == f"Error: {f}:5: malformed BibTeX entry: Unexpectedly reached end of file.\n"


@pytest.mark.integration
def test_batches_follow_token_counts_and_vectors_their_texts(embedder_texts):
    """Each encode call is one batch of texts in the order of their token counts (a batch is
    padded to its longest text), and every text still gets its own vector."""
    from graphkit.extract import MiniLMEmbedder

    emb = MiniLMEmbedder(cache=None, batch_size=1)  # phrases: batches of 8
    tokens = emb.model.tokenizer
    texts = ["reinforcement learning from human feedback", "GRPO", "diffusion", "graph neural network",
             "large language model", "SAM2", "policy gradient", "the DROID dataset of robot trajectories",
             "REINFORCE", "protein structure prediction", "Q", "mixture of experts"]  # fmt: skip
    calls: list[list[str]] = []
    encode = emb.model.encode

    def spy(batch, **kw):
        calls.append(list(batch))
        return encode(batch, **kw)

    emb.model.encode = spy
    try:
        together = emb.embed(texts)
    finally:
        del emb.model.encode  # the model is shared by the whole test session
    counts = [[len(tokens(t)["input_ids"]) for t in call] for call in calls]
    assert [len(c) for c in counts] == [8, 4]
    assert counts[0] == sorted(counts[0]) and max(counts[0]) <= min(counts[1])
    alone = np.vstack([emb.embed([t]) for t in texts])
    np.testing.assert_allclose(together, alone, atol=2e-3)


@pytest.mark.integration
def test_a_cold_vocabulary_cached_in_place_reads_back_the_same(tmp_path, embedder_texts):
    """A build's vocabulary (distinct texts, sorted, none cached) comes back as the model's own
    array rounded in place as the cache stores it, not copied; a warm run and a run that
    finds half of its texts cached read the same numbers."""
    from graphkit.extract.embed import _round_as_stored

    texts, expected = embedder_texts
    vocab = sorted(texts)
    order = [texts.index(t) for t in vocab]
    cold, _ = embed_with(tmp_path / "c.sqlite", vocab)
    warm, _ = embed_with(tmp_path / "c.sqlite", vocab)
    np.testing.assert_allclose(cold, expected[order], atol=2e-3)  # bfloat16: other batches, other last digits
    np.testing.assert_array_equal(cold, cold.astype(np.float16).astype(np.float32))  # rounded as stored
    np.testing.assert_array_equal(warm, cold)
    first, _ = embed_with(tmp_path / "half.sqlite", vocab[:1])
    mixed, _ = embed_with(tmp_path / "half.sqlite", [vocab[2], vocab[0], vocab[1], vocab[0]])
    np.testing.assert_array_equal(mixed[[1, 3]], np.vstack([first, first]))  # read from the cache
    np.testing.assert_allclose(mixed, cold[[2, 0, 1, 0]], atol=2e-3)
    again, _ = embed_with(tmp_path / "half.sqlite", [vocab[2], vocab[0], vocab[1], vocab[0]])
    np.testing.assert_array_equal(again, mixed)
    x = np.random.default_rng(0).standard_normal((10, 4)).astype(np.float32)
    want = x.astype(np.float16).astype(np.float32)
    _round_as_stored(x, rows=3)  # in blocks, the last one short
    np.testing.assert_array_equal(x, want)


@pytest.mark.integration
def test_texts_the_model_reads_alike_are_encoded_once(embedder_texts):
    """The tokenizer lower-cases and strips accents: "Graph Neural Network" is the input of
    "graph neural network", and the model reads it once; every text still gets its vector."""
    from graphkit.extract import MiniLMEmbedder

    texts, expected = embedder_texts
    emb = MiniLMEmbedder(cache=None)
    seen: list[str] = []
    encode = emb.model.encode

    def spy(batch, **kw):
        seen.extend(batch)
        return encode(batch, **kw)

    emb.model.encode = spy
    try:
        asked = ["Graph Neural Network", texts[1], "graph neural network", "PROTEIN FOLDING", "protéin folding"]
        vecs = emb.embed(asked).astype(np.float16).astype(np.float32)
    finally:
        del emb.model.encode  # the model is shared by the whole test session
    assert sorted(seen) == ["Graph Neural Network", "protein folding"]
    np.testing.assert_allclose(vecs, expected[[0, 1, 0, 1, 1]], atol=1e-3)


@pytest.mark.parametrize("spill_rows", [0, None])
def test_stored_phrase_vectors_read_back_the_vectors_given(spill_rows):
    """The default mode's phrase vectors between extraction and linking: float16 when the
    numbers are the cache's, in a temporary file for a big vocabulary, read back bit for bit."""
    import pickle

    from graphkit.extract.stored import StoredVectors

    rng = np.random.default_rng(3)
    vocab = sorted({"GRPO", "diffusion model", "neural network", "SAM2", "Q-learning", "zero-shot"})
    cached = rng.standard_normal((len(vocab), 8)).astype(np.float16).astype(np.float32)  # as the cache holds them
    store = StoredVectors(vocab, cached, spill_rows=spill_rows)
    assert store.spilled == (spill_rows == 0) and store.dtype == np.float16
    assert list(store) == vocab and len(store) == len(vocab)
    for i, p in enumerate(vocab):
        assert p in store and np.array_equal(store[p], cached[i]) and store[p].dtype == np.float32
    picked = ["SAM2", "GRPO", "SAM2", "zero-shot"]
    assert np.array_equal(store.many(picked), cached[[vocab.index(p) for p in picked]])
    assert store.many([]).shape == (0, 8)
    assert "sam2" not in store and 3 not in store and store.get("diffusion") is None
    with pytest.raises(KeyError):
        store.many(["GRPO", "PPO"])
    again = pickle.loads(pickle.dumps(store))  # a distributed build's shard sends it as rows
    assert not again.spilled and np.array_equal(again.many(vocab), cached)
    exact = rng.standard_normal((len(vocab), 8)).astype(np.float32)  # not the cache's numbers: kept as they are
    kept = StoredVectors(vocab, exact, spill_rows=spill_rows)
    assert kept.dtype == np.float32 and np.array_equal(kept.many(vocab), exact)
    store.close()
    assert not store.spilled and len(store) == 0 and "GRPO" not in store
    with pytest.raises(ValueError):
        StoredVectors(vocab, cached[:2])


@pytest.mark.parametrize("spill_rows", [0, None])
def test_phrase_vectors_embedded_a_chunk_at_a_time_are_the_vectors_of_one_call(spill_rows):
    """A big vocabulary is embedded in chunks straight into the store (never one float32 matrix
    of it all): the same rows as embedding it at once, case variants in one chunk, and a later
    chunk of numbers float16 cannot hold turns the whole store float32."""
    from graphkit.extract.stored import StoredVectors

    vocab = sorted(["GRPO", "Neural Networks", "SAM2", "diffusion model", "neural networks", "zero-shot", "Q-learning"])
    rng = np.random.default_rng(5)
    table = {p: rng.standard_normal(6).astype(np.float32) for p in vocab}

    class Fake:
        model_id = "fake"

        def __init__(self, exact_after: int | None = None):
            self.calls: list[tuple[list[str], str | None]] = []
            self.exact_after = exact_after

        def embed(self, texts, progress=None):
            self.calls.append((list(texts), progress))
            vecs = np.array([table[t] for t in texts], dtype=np.float32).reshape(len(texts), 6)
            if self.exact_after is None or len(self.calls) <= self.exact_after:
                vecs = vecs.astype(np.float16).astype(np.float32)  # the cache's numbers
            return vecs

    fake = Fake()
    store = StoredVectors.embedded(vocab, fake, "Embedding phrases", spill_rows=spill_rows, chunk=3)
    halves = np.array([table[p] for p in vocab]).astype(np.float16).astype(np.float32)
    assert store.spilled == (spill_rows == 0) and store.dtype == np.float16
    assert np.array_equal(store.many(vocab), halves) and list(store) == vocab
    assert [len(texts) for texts, _ in fake.calls] == [4, 3]  # the case variants of one text never split
    assert [label for _, label in fake.calls] == ["Embedding phrases (1/2)", "Embedding phrases (2/2)"]
    assert any({"Neural Networks", "neural networks"} <= set(texts) for texts, _ in fake.calls)
    rows = store.rows()  # what KeyBERT indexes: by position, float32
    assert rows.shape == (len(vocab), 6) and rows.dtype == np.float32
    assert np.array_equal(rows[np.array([4, 0, 4])], halves[[4, 0, 4]]) and rows[[]].shape == (0, 6)

    mixed = StoredVectors.embedded(vocab, Fake(exact_after=1), spill_rows=spill_rows, chunk=3)
    assert mixed.dtype == np.float32
    chunk_one = sorted(vocab, key=str.lower)[:4]
    for i, p in enumerate(vocab):  # the first chunk's rows as float16 gave them, the others exactly
        assert np.array_equal(mixed[p], halves[i] if p in chunk_one else table[p])
    empty = StoredVectors.embedded([], Fake(), spill_rows=spill_rows)
    assert len(empty) == 0 and empty.many([]).shape[0] == 0


@pytest.mark.integration
def test_a_vocabulary_kept_out_of_memory_links_the_same(monkeypatch, samples):
    """The default mode's phrase vectors in a temporary file (a big corpus) or in memory: the
    same concepts and mentions, the same scores."""
    from graphkit.build import build
    from graphkit.extract import stored
    from graphkit.read import read_papers

    papers, _ = read_papers(samples)

    def linked():
        _, out = build(papers)
        return sorted((c.key, c.name, c.kind, tuple(c.aliases)) for c in out.concepts), sorted(
            (m.paper_id, m.concept_key, m.rank, m.score, m.evidence) for m in out.mentions
        )

    spilled: list[bool] = []
    opened = stored.StoredVectors._open

    def spy(self, *args, **kwargs):
        opened(self, *args, **kwargs)
        spilled.append(self.spilled)

    monkeypatch.setattr(stored.StoredVectors, "_open", spy)
    held = linked()
    monkeypatch.setattr(stored, "SPILL_ROWS", 0)
    monkeypatch.setattr(stored, "EMBED_CHUNK", 97)  # and embedded in chunks, each written where its rows go
    assert linked() == held and len(held[1]) > 100
    assert spilled == [False, True]


def test_big_blocks_are_mapped_by_glibc_once_asked(monkeypatch):
    """``map_big_blocks`` sets glibc's mmap threshold (which then stays put instead of rising to
    32 MB); the real glibc accepts the setting, and a C library without ``mallopt`` is left alone."""
    from graphkit import memory

    calls: list[tuple[int, int]] = []

    class Libc:
        def mallopt(self, param, value):
            calls.append((param, value))
            return 1

    monkeypatch.setattr(memory, "_libc", lambda: Libc())
    memory.map_big_blocks()
    memory.map_big_blocks(64 * 1024)
    assert calls == [(-3, 256 * 1024), (-3, 64 * 1024)]  # M_MMAP_THRESHOLD in glibc's malloc.h
    monkeypatch.setattr(memory, "_libc", lambda: object())  # macOS, musl: nothing to call
    memory.map_big_blocks()
    if sys.platform.startswith("linux"):  # glibc itself says yes (1), in a process of its own
        code = "from graphkit.memory import _libc, _M_MMAP_THRESHOLD; print(_libc().mallopt(_M_MMAP_THRESHOLD, 256 * 1024))"
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        assert out.stdout.strip() == "1"


def test_concept_names_vectors_held_compactly_are_the_vectors(monkeypatch):
    """Linking's ranking holds every concept name's vector: float16 when the numbers are the
    cache's (read back exactly), float32 as soon as one block is not, fetched a block at a time."""
    from graphkit import link as Lk

    rng = np.random.default_rng(11)
    names = [f"concept {i}" for i in range(7)]
    halves = rng.standard_normal((7, 4)).astype(np.float16).astype(np.float32)
    exact = rng.standard_normal((7, 4)).astype(np.float32)
    asked: list[int] = []

    def vectors_of(table):
        def vectors(phrases):
            asked.append(len(phrases))
            return table[[names.index(p) for p in phrases]].reshape(len(phrases), 4)

        vectors.prepare = lambda phrases: None  # type: ignore[attr-defined]  # every vector known already
        return vectors

    monkeypatch.setattr(Lk, "_BLOCK", 3)
    held = Lk._held_compactly(vectors_of(halves), names)
    assert held.dtype == np.float16 and np.array_equal(held.astype(np.float32), halves) and asked == [3, 3, 1]
    mixed = np.vstack([halves[:3], exact[3:]])
    held = Lk._held_compactly(vectors_of(mixed), names)
    assert held.dtype == np.float32 and np.array_equal(held, mixed)
    assert Lk._held_compactly(vectors_of(halves), []).shape == (0, 4)


def test_the_models_child_process_fails_in_one_line(monkeypatch):
    """A child that fails, or ends without answering, raises here in one line, never with the
    child's traceback; the child has ended when the call returns."""
    from graphkit.errors import GraphkitError
    from graphkit.extract.apart import run_apart

    with pytest.raises(GraphkitError, match=r"^the embedding model's process failed: ValueError: unknown request 'x'$"):
        run_apart(("x",))
    monkeypatch.setattr(sys, "executable", "/bin/true")  # a "Python" that exits at once, saying nothing
    with pytest.raises(GraphkitError, match=r"ended without an answer \(exit status 0\)"):
        run_apart(("encode", ["a text"], None, {}))


def test_when_the_model_runs_apart(monkeypatch):
    """From MODEL_APART_PAPERS papers on, unless GRAPHKIT_MODEL_APART says otherwise."""
    from graphkit.build import MODEL_APART_PAPERS, model_apart

    monkeypatch.delenv("GRAPHKIT_MODEL_APART", raising=False)
    assert not model_apart(MODEL_APART_PAPERS - 1) and model_apart(MODEL_APART_PAPERS)
    monkeypatch.setenv("GRAPHKIT_MODEL_APART", "1")
    assert model_apart(1)
    monkeypatch.setenv("GRAPHKIT_MODEL_APART", "0")
    assert not model_apart(10**7)


def test_extraction_goes_to_a_child_only_when_the_cache_lacks_vectors_and_can_take_them(tmp_path, monkeypatch):
    """The child fills the cache and this process reads it back: so it runs only when some
    vector is missing and the cache can be written; otherwise the vectors come back from each
    call (a read-only cache) or are all read (a rebuild)."""
    from graphkit.extract import KeyBERTExtractor, apart
    from graphkit.extract.embed import EmbeddingCache, MiniLMEmbedder

    asked = []
    answer = "".join(["te", "xt"])  # equal to the vocabulary's string, not the same object, as unpickled
    monkeypatch.setattr(apart, "run_apart", lambda r: asked.append(r) or [[(answer, 0.5)]])
    texts, phrases, vocab = ["A text."], [["text"]], ["text"]
    cache = EmbeddingCache(tmp_path / "cache.sqlite")
    emb = MiniLMEmbedder(cache=cache)
    ex = KeyBERTExtractor(emb)
    assert ex._chosen_apart(texts, phrases, vocab, False) is None  # not apart
    emb.apart = True
    chosen = ex._chosen_apart(texts, phrases, vocab, True)
    assert chosen == [[("text", 0.5)]] and chosen[0][0][0] is vocab[0] and emb.ran  # the vocabulary's string
    kind, *args, options = asked.pop()
    assert kind == "extract" and args == [texts, phrases, vocab, 15, "Embedding"]
    assert options == {"batch_size": 32, "device": emb.device, "cache": str(tmp_path / "cache.sqlite")}
    unit = np.ones(384, dtype=np.float32) / np.sqrt(384)
    cache.put_many((EmbeddingCache.key(emb.model_id, t), unit) for t in [*texts, *vocab])
    assert ex._chosen_apart(texts, phrases, vocab, False) is None and not asked  # all cached
    other = MiniLMEmbedder(cache=EmbeddingCache(tmp_path / "other.sqlite"))
    other.apart = True
    other.cache._read_only = True  # as after a refused write
    assert KeyBERTExtractor(other)._chosen_apart(texts, phrases, vocab, False) is None and not asked


def test_the_models_child_ends_when_the_build_is_killed(tmp_path):
    """A build killed outright (no Ctrl-C to pass on) cannot read the child's answer: the child
    ends within seconds instead of running the rest of a long pass alone."""
    import time

    code = "import sys, time; from graphkit.extract.apart import _end_with; _end_with(int(sys.argv[1])); time.sleep(60)"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    # the shell starts the "child" and exits at once: as a killed build would leave it
    shell = subprocess.run(
        ["sh", "-c", f'"{sys.executable}" -c "{code}" $$ > /dev/null 2>&1 & echo $!'],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    pid = int(shell.stdout.strip())
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/status") as f:
                if "State:\tZ" in f.read():
                    break  # ended (a zombie until init reaps it)
        except FileNotFoundError:
            break
        time.sleep(0.2)
    else:
        os.kill(pid, 9)
        pytest.fail("the child outlived its parent by 20 s")


@pytest.mark.integration
def test_the_models_child_puts_linkings_vectors_in_the_cache(tmp_path):
    """Apart, linking's new texts are embedded by a child that puts each batch's vectors in the
    cache, and the build reads them back: the numbers one process computes and stores, texts the
    model reads as one ("Neural Networks", "neural networks") included. A child that stores
    nothing is an error naming the cache, not missing vectors."""
    from graphkit.errors import GraphkitError
    from graphkit.extract import apart
    from graphkit.extract.embed import EmbeddingCache, MiniLMEmbedder

    texts = ["Neural Networks", "neural networks", "diffusion model", "SAM2", "GRPO"]
    here = MiniLMEmbedder(cache=EmbeddingCache(tmp_path / "here.sqlite")).embed(texts)
    child = MiniLMEmbedder(cache=EmbeddingCache(tmp_path / "child.sqlite"))
    child.apart = True
    got = child.embed(texts)
    assert child.ran and child._model is None  # the model ran, in the child only
    assert np.array_equal(got, here)
    assert len(child.cache.get_many([EmbeddingCache.key(child.model_id, t) for t in texts])) == 5

    lazy = MiniLMEmbedder(cache=EmbeddingCache(tmp_path / "lazy.sqlite"))
    lazy.apart = True
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(apart, "run_apart", lambda request: len(request[1]))  # answers, stores nothing
        with pytest.raises(GraphkitError, match=r"left 2 of 2 vectors out of the embedding cache .*lazy\.sqlite"):
            lazy.embed(["one text", "another"])


def test_the_python_api_refuses_wrong_arguments_in_one_line(sample_graph, sample_graphml, tmp_path):
    """The documented functions given the wrong thing: a GraphkitError of one line each, never
    an AttributeError, TypeError, KeyError or a silent answer (a path string where a list of
    files was expected had been read letter by letter; top=-1 had dropped a concept; depth=0
    had drawn depth 1; a plain networkx graph had been a TypeError)."""
    import networkx as nx

    import graphkit
    from graphkit import api
    from graphkit.errors import GraphkitError
    from graphkit.read import read_papers

    calls = {
        "no inputs": lambda: api.build_files([], tmp_path / "o.graphml"),
        "top=-1": lambda: api.concepts(sample_graph, top=-1),
        "top=0": lambda: api.concepts(sample_graph, top=0),
        "top='3'": lambda: api.concepts(sample_graph, top="3"),
        "depth=0": lambda: api.view(sample_graph, "SAM2", tmp_path / "v.html", depth=0),
        "depth=1.5": lambda: api.view(sample_graph, "SAM2", tmp_path / "v.html", depth=1.5),
        "depth=None": lambda: api.view(sample_graph, "SAM2", tmp_path / "v.html", depth=None),
        "concept None": lambda: api.papers(sample_graph, None),
        "paper 3": lambda: api.citing(sample_graph, 3),
        "graph None": lambda: api.concepts(None),
        "karate club": lambda: api.edges_frame(nx.karate_club_graph()),
        "DiGraph export": lambda: api.export(nx.DiGraph([(1, 2)]), tmp_path / "k.gexf"),
        "show a DiGraph": lambda: graphkit.show(nx.DiGraph([(1, 2)])),
        "show height": lambda: graphkit.show(sample_graph, height="abc"),
        "unknown format": lambda: api.export_paths(tmp_path / "x", "bogus"),
        "min_cooccurrence='2'": lambda: api.build_files([sample_graphml], tmp_path / "o.graphml", min_cooccurrence="2"),
        "thesaurus list": lambda: api.build_files([sample_graphml], tmp_path / "o.graphml", thesaurus_path=["x"]),
    }
    for what, call in calls.items():
        with pytest.raises(GraphkitError) as err:
            call()
        assert "\n" not in str(err.value), what
    assert list(tmp_path.iterdir()) == []
    # a path where a graph is expected is read; one where a list of files is, is that one file
    assert api.concepts(str(sample_graphml), top=2) == api.concepts(sample_graph, top=2)
    src = tmp_path / "one.jsonl"
    src.write_text('{"id": "a", "abstract": "We study graphs."}\n')
    assert [p.id for p in read_papers(str(src))[0]] == ["a"]
