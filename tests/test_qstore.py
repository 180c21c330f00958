"""The query store beside a built graph (graphkit.qstore): every command that reads it answers
exactly as the whole graph does, and a store that does not belong to the GraphML is never used."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from graphkit import api
from graphkit.cli import cli

from .conftest import DATA, SHARED, needs_shared

OFF = {api.NO_QUERY_STORE: "1"}


def _answer(runner, graph, argv, page, env=None):
    """(exit code, stdout, stderr, the page written) of ``graphkit ARGV[0] --graph GRAPH ARGV[1:]``."""
    argv = [a.replace("PAGE", str(page)) for a in argv]
    r = runner.invoke(cli, [argv[0], "--graph", str(graph), *argv[1:]], env=env)
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    written = page.read_bytes() if page.exists() else None
    if page.exists():
        page.unlink()
    return r.exit_code, r.stdout, r.stderr, written


def _whole_graph_refused(monkeypatch):
    def refuse(path):
        raise AssertionError(f"loaded the whole graph {path} although its query store matches")

    monkeypatch.setattr(api, "load_graph", refuse)


def assert_same_answers(runner, graph, questions, tmp_path, monkeypatch):
    """Each question answered from the store (the whole graph refused) equals its answer from the whole graph."""
    page = tmp_path / "page.html"
    whole = [_answer(runner, graph, q, page, OFF) for q in questions]
    with monkeypatch.context() as m:
        _whole_graph_refused(m)
        stored = [_answer(runner, graph, q, page) for q in questions]
    for q, a, b in zip(questions, whole, stored):
        assert a == b, f"graphkit {' '.join(q)}: the store's answer differs"
    return whole


def _questions(g) -> list[list[str]]:
    """Every stored question about graph ``g``: a big and a small concept, found as written, by an
    alias, by case and plural alone, and not at all; a paper by id and by DOI; views at each depth."""
    from graphkit import query

    rows = query.concepts(g)
    big, small = rows[0], rows[-1]
    alias = next(r for r in rows if r["aliases"])["aliases"][0]
    out = [
        ["concepts"],
        ["concepts", "--top", "15"],
        ["concepts", "--top", "5", "--json"],
        ["concepts", "--csv"],
        ["concepts", "--top", "3", "--thesaurus-out", "PAGE"],
        ["papers", big["name"]],
        ["papers", small["name"], "--json"],
        ["papers", alias.upper()],
        ["papers", big["name"].upper() + "s"],
        ["papers", big["name"][:-1] + "x"],  # not there: the closest names suggested
        ["papers", "  "],
        ["concepts", "--flow", big["name"]],
        ["concepts", "--flow", "no such concept at all"],
        ["view", big["name"], "-o", "PAGE"],
        ["view", small["key"], "-o", "PAGE"],
        ["view", alias, "--depth", "2", "-o", "PAGE"],
        ["view", big["name"], "--depth", "3", "-o", "PAGE"],
        ["view", "no such concept at all", "-o", "PAGE"],
    ]
    papers = [d for _, d in g.nodes(data=True) if d.get("type") == "Paper"]
    cited = max(papers, key=lambda d: sum(1 for _, _, k in g.in_edges(f"paper:{d['id']}", keys=True) if k == "CITES"))
    with_doi = [d for d in papers if d.get("doi")]
    for d in [papers[0], cited, *with_doi[:1]]:
        out += [
            ["papers", "--cites", d["id"]],
            ["papers", "--cited-by", d["id"], "--json"],
            ["view", "--paper", d["id"], "-o", "PAGE"],
        ]
    if with_doi:
        out += [["papers", "--cites", "https://doi.org/" + with_doi[0]["doi"].upper()]]
    for d in [d for d in papers if str(d["id"]).startswith("W")][:1]:  # an OpenAlex work by its URL
        out += [["papers", "--cited-by", "https://openalex.org/" + d["id"]]]
    for d in [d for d in papers if d.get("ids")][:1]:  # a work two exports hold, by its other id
        out += [["papers", "--cited-by", d["ids"][0]], ["view", "--paper", d["ids"][0], "-o", "PAGE"]]
    out += [
        ["papers", "--most-cited", "1"],
        ["papers", "--most-cited", "7"],
        ["papers", "--most-cited", "100000", "--json"],
    ]
    return out + [["papers", "--cites", "no-such-paper"], ["view", "--paper", "no-such-paper", "-o", "PAGE"]]


@pytest.fixture(autouse=True)
def _every_graph_gets_a_store(monkeypatch):
    """The graphs here are small: have build write their stores all the same."""
    from graphkit import qstore

    monkeypatch.setattr(qstore, "MIN_EDGES", 0)


def test_a_small_build_writes_no_store_and_drops_a_stale_one(runner, tmp_path, monkeypatch):
    from graphkit import qstore

    monkeypatch.setattr(qstore, "MIN_EDGES", 10**9)
    out = tmp_path / "g.graphml"
    qstore.store_path(out).write_bytes(b"left by an earlier build")
    r = runner.invoke(cli, ["build", "--fast", "-q", str(DATA / "formats" / "wos_savedrecs.txt"), "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert out.is_file() and not qstore.store_path(out).exists()


def _built(runner, tmp_path, *inputs) -> tuple[object, os.PathLike]:
    out = tmp_path / "g.graphml"
    r = runner.invoke(cli, ["build", "--fast", "-q", *map(str, inputs), "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "g.graphml.gkq").is_file()
    return api.load_graph(out), out


@pytest.fixture
def citation_graph(runner, tmp_path, monkeypatch):
    """17 papers of 7 bibliographic formats (1,354 citations, 1,334 works outside the corpus), in fast mode."""
    monkeypatch.setenv("GRAPHKIT_CACHE_DIR", str(tmp_path / "cache"))
    return _built(runner, tmp_path, *sorted((DATA / "formats").iterdir()))


@pytest.mark.e2e
def test_store_answers_as_the_whole_graph_with_citations(runner, citation_graph, tmp_path, monkeypatch):
    g, path = citation_graph
    answers = assert_same_answers(runner, path, _questions(g), tmp_path, monkeypatch)
    assert sum(1 for code, *_ in answers if code == 0) > 20 and any(code == 1 for code, *_ in answers)
    # the most cited works, counted by hand (a listing that had needed Neo4j)
    import json
    from collections import Counter

    times = Counter(v for _, v, k in g.edges(keys=True) if k == "CITES")
    top = json.loads(runner.invoke(cli, ["papers", "--graph", str(path), "--most-cited", "5", "--json"]).stdout)
    assert [r["cited_by"] for r in top] == sorted(times.values(), reverse=True)[:5] and top[0]["cited_by"] > 1
    assert all(times[f"paper:{r['id']}"] == r["cited_by"] for r in top)
    # an OpenAlex work answers to its URL as to its id
    work = next(d for _, d in g.nodes(data=True) if d.get("type") == "Paper" and str(d["id"]).startswith("W2741809807"))
    url = runner.invoke(cli, ["papers", "--graph", str(path), "--cited-by", "https://openalex.org/" + work["id"]])
    assert (
        url.exit_code == 0
        and url.stdout == runner.invoke(cli, ["papers", "--graph", str(path), "--cited-by", work["id"]]).stdout
    )
    # a work read from Web of Science and from Scopus answers to either id (the other had been lost)
    merged = next(d for _, d in g.nodes(data=True) if d.get("type") == "Paper" and d.get("ids"))
    by = {
        i: runner.invoke(cli, ["papers", "--graph", str(path), "--cited-by", i]) for i in (merged["id"], *merged["ids"])
    }
    assert (
        all(r.exit_code == 0 and r.stdout == by[merged["id"]].stdout for r in by.values()) and by[merged["id"]].stdout
    )
    assert any(out.count("\n") > 50 for _, out, *_ in answers)  # a paper that cites many: 50+ rows


@pytest.mark.integration
def test_store_answers_as_the_whole_graph_on_the_samples(runner, sample_graph, sample_graphml, tmp_path, monkeypatch):
    """The samples' store written from the built graph, the answers without it parsed from the GraphML."""
    from graphkit.qstore import save_store
    from graphkit.sidecar import file_digest

    path = tmp_path / "samples.graphml"
    shutil.copyfile(sample_graphml, path)
    save_store(sample_graph, path, file_digest(path))
    assert_same_answers(runner, path, _questions(sample_graph), tmp_path, monkeypatch)


@needs_shared
@pytest.mark.e2e
def test_store_answers_as_the_whole_graph_on_the_dev_set(runner, tmp_path, monkeypatch):
    """The 1,283 dev papers built in fast mode (about half a minute on 2 cores)."""
    g, path = _built(runner, tmp_path, SHARED / "dev" / "iclr2017_2018.jsonl")
    questions = _questions(g)
    for name in ("reinforcement learning", "GAN", "generative adversarial networks", "attention", "Reinforce"):
        questions += [["papers", name], ["view", name, "--depth", "2", "-o", "PAGE"]]
    assert_same_answers(runner, path, questions, tmp_path, monkeypatch)


# --- stores that must not be used ----------------------------------------------------------------


def _papers_of(runner, path, concept: str, env=None) -> str:
    r = runner.invoke(cli, ["papers", "--graph", str(path), concept, "--json"], env=env)
    assert r.exit_code == 0, r.output
    return r.stdout


def _damaged(store, how: str) -> None:
    raw = store.read_bytes()
    if how == "truncated":
        store.write_bytes(raw[: len(raw) // 2])
    elif how == "garbage":
        store.write_bytes(b"not a database " * 1000)
    elif how == "empty":
        store.write_bytes(b"")
    elif how == "pages zeroed":  # the header intact, every page after the first zeroed
        page = int.from_bytes(raw[16:18], "big")
        store.write_bytes(raw[:page] + bytes(len(raw) - page))
    elif how == "tail zeroed":  # the schema and the meta table readable, the last pages (indexes, rows) zeroed
        cut = len(raw) * 2 // 3
        store.write_bytes(raw[:cut] + bytes(len(raw) - cut))
    else:
        raise ValueError(how)


@pytest.mark.e2e
@pytest.mark.parametrize("how", ["truncated", "garbage", "empty", "pages zeroed", "tail zeroed"])
def test_a_damaged_store_is_not_used(runner, citation_graph, how):
    g, path = citation_graph
    concept = api.concepts(g)[0]["name"]
    right = _papers_of(runner, path, concept, OFF)
    _damaged(path.with_name(path.name + ".gkq"), how)
    assert _papers_of(runner, path, concept) == right
    r = runner.invoke(cli, ["view", "--graph", str(path), concept, "-o", str(path.with_name("p.html"))])
    assert r.exit_code == 0 and r.stderr == "", r.output


@pytest.mark.e2e
def test_a_store_of_another_graph_is_not_used(runner, citation_graph, tmp_path):
    g, path = citation_graph
    other = tmp_path / "other"
    other.mkdir()
    r = runner.invoke(cli, ["build", "--fast", "-q", str(DATA / "papers.jsonl"), "-o", str(other / "g.graphml")])
    assert r.exit_code == 0, r.output
    shutil.copyfile(other / "g.graphml.gkq", path.with_name(path.name + ".gkq"))
    concept = api.concepts(g)[0]["name"]
    assert _papers_of(runner, path, concept) == _papers_of(runner, path, concept, OFF)
    r = runner.invoke(cli, ["concepts", "--graph", str(path), "--json"])
    assert len(json.loads(r.stdout)) == len(api.concepts(g))


@pytest.mark.e2e
def test_a_graphml_edited_after_the_build_is_answered_from_its_new_content(runner, citation_graph):
    g, path = citation_graph
    top = api.concepts(g)[0]
    text = path.read_text(encoding="utf-8")
    assert text.count(f">{top['name']}<") >= 1
    path.write_text(text.replace(f">{top['name']}<", ">renamed after the build<"), encoding="utf-8")
    r = runner.invoke(cli, ["concepts", "--graph", str(path), "--json"])
    names = {c["name"]: c["paper_count"] for c in json.loads(r.stdout)}  # (another may tie with it at the top)
    assert names.get("renamed after the build") == top["paper_count"] and top["name"] not in names
    assert _papers_of(runner, path, "renamed after the build") == _papers_of(
        runner, path, "renamed after the build", OFF
    )


@pytest.mark.e2e
def test_same_size_and_mtime_trust_the_digest_otherwise_the_file_is_hashed(citation_graph, monkeypatch):
    """What the docstring of graphkit.qstore says it trusts: size and mtime_ns unchanged, no hashing."""
    from graphkit import qstore, sidecar

    _, path = citation_graph
    hashed = []
    real = sidecar.file_digest
    monkeypatch.setattr(sidecar, "file_digest", lambda p: hashed.append(p) or real(p))
    qstore.open_store(path).close()
    assert hashed == []
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1))  # touched, not changed: hashed, then used
    qs = qstore.open_store(path)
    assert hashed == [path] and qs is not None
    qs.close()


def test_the_store_is_never_half_written(tmp_path, monkeypatch):
    """A failure while writing leaves no store and no temporary file (and the build goes on)."""
    import networkx as nx

    from graphkit import qstore

    g = nx.MultiDiGraph()
    g.add_node("concept:a", type="Concept", name="a", key="a", paper_count=1)
    path = tmp_path / "g.graphml"
    path.write_text("<graphml/>")
    monkeypatch.setattr(qstore, "_INDEXES", "CREATE INDEX broken ON no_such_table(x);")
    assert qstore.save_store(g, path, b"d" * 32) is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.graphml"]
    monkeypatch.undo()
    g.nodes["concept:a"]["odd"] = object()  # an attribute JSON cannot hold: no store, no error
    assert qstore.save_store(g, path, b"d" * 32) is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.graphml"]
    del g.nodes["concept:a"]["odd"]
    assert qstore.save_store(g, path, b"d" * 32) == qstore.store_path(path)
    path.write_text("<graphml></graphml>")
    assert qstore.open_store(path) is None  # the GraphML changed since


@pytest.mark.e2e
def test_a_store_in_a_folder_with_odd_characters_is_used(runner, citation_graph, tmp_path, monkeypatch):
    """The store is opened by URI: spaces, ?, # and % in its path are quoted, not read as URI syntax."""
    g, path = citation_graph
    odd = tmp_path / "a b?c#d%20e"
    odd.mkdir()
    for name in (path.name, path.name + ".gkq"):
        shutil.copy2(path.with_name(name), odd / name)  # copy2 keeps the mtime: the store matches
    concept = api.concepts(g)[0]["name"]
    right = _papers_of(runner, path, concept, OFF)
    _whole_graph_refused(monkeypatch)
    assert _papers_of(runner, odd / path.name, concept) == right
