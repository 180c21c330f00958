"""The distributed build (graphkit/cluster.py) on a real local Dask cluster of 2 worker processes:
the same graph as the single-process build, node for node and edge for edge, attributes
included, in the default mode and in the fast mode; and its failures as one line."""

from __future__ import annotations

import json
import sys
from collections import Counter

import pytest

from graphkit.build import build

from .conftest import SHARED, needs_shared

DEV = SHARED / "dev" / "iclr2017_2018.jsonl"


@pytest.fixture(scope="module")
def client():  # the workers load the real model
    from graphkit.cluster import cluster_client

    with cluster_client(workers=2, memory_limit="3GiB") as c:
        assert len(c.scheduler_info()["workers"]) == 2
        yield c


def fast_build(papers):
    from graphkit.extract.static import StaticEmbedder, StaticExtractor

    emb = StaticEmbedder()
    return build(papers, extractor=StaticExtractor(emb), embedder=emb)


def canonical(g):
    """Nodes with their attributes, and the multiset of edges with theirs (order ignored)."""
    nodes = {n: json.dumps(d, sort_keys=True) for n, d in g.nodes(data=True)}
    edges = Counter(json.dumps([u, v, k, d], sort_keys=True) for u, v, k, d in g.edges(keys=True, data=True))
    return dict(g.graph), nodes, edges


def assert_same(g1, g2):
    a, b = canonical(g1), canonical(g2)
    assert a[0] == b[0]
    assert a[1].keys() == b[1].keys(), sorted(a[1].keys() ^ b[1].keys())[:10]
    differ = [n for n in a[1] if a[1][n] != b[1][n]]
    assert not differ, [(a[1][n], b[1][n]) for n in differ[:3]]
    assert a[2] == b[2], (list((a[2] - b[2]).items())[:3], list((b[2] - a[2]).items())[:3])


def same_mentions(l1, l2):
    return [(m.paper_id, m.concept_key, m.score, m.rank, m.evidence) for m in l1.mentions] == [
        (m.paper_id, m.concept_key, m.score, m.rank, m.evidence) for m in l2.mentions
    ]


# --- counts that add up ---------------------------------------------------------------------------


@pytest.mark.unit
def test_cooccurrence_budget_raises_the_threshold(monkeypatch):
    import numpy as np

    from graphkit import build as B

    weights = np.array([1] * 50 + [2] * 30 + [3] * 8 + [5] * 2)
    assert B.default_min_cooccurrence(500, weights) == 1  # 90 pairs: all fit
    assert B.default_min_cooccurrence(5000, weights) == 2
    monkeypatch.setattr(B, "COOCCURRENCE_BUDGET", 10)
    assert B.default_min_cooccurrence(5000, weights) == 3  # 40 pairs of weight >= 2, 10 of >= 3
    monkeypatch.setattr(B, "COOCCURRENCE_BUDGET", 5)
    assert B.default_min_cooccurrence(5000, weights) == 4  # 2 pairs of weight >= 4
    assert B.default_min_cooccurrence(5000, np.zeros(0, dtype=np.int64)) == 2


@pytest.mark.unit
def test_counts_of_parts_add_up_to_the_whole():
    from graphkit import text as T
    from graphkit.build import add_pair_counts, cooccurrence_counts, pair_counts
    from graphkit.link import Linked
    from graphkit.model import Mention

    keys = ["a", "b", "c", "d"]
    ms = [Mention(f"p{i}", k, 1.0, 1, "") for i, ks in enumerate(["abc", "ab", "bcd", "c", "abd", "cd"]) for k in ks]
    whole = cooccurrence_counts(Linked([], ms, [], {}, []), keys)
    parts = [pair_counts(ms[:5], keys), pair_counts(ms[5:9], keys), pair_counts(ms[9:], keys)]
    codes, w, counts = add_pair_counts(parts)
    assert [x.tolist() for x in whole] == [(codes // 4).tolist(), (codes % 4).tolist(), w.tolist(), counts.tolist()]
    assert dict(zip(zip((codes // 4).tolist(), (codes % 4).tolist()), w.tolist()))[(0, 1)] == 3
    one_at_a_time = pair_counts(ms, keys, chunk=1)  # merged paper by paper: the same counts
    assert [x.tolist() for x in one_at_a_time] == [codes.tolist(), w.tolist(), counts.tolist()]
    for block in (1, 2, 3, 100):  # counted a range of first concepts at a time: the pairs that reach 2
        thin = pair_counts(ms, keys, chunk=2, min_weight=2, block_pairs=block)
        assert [x.tolist() for x in thin] == [codes[w >= 2].tolist(), w[w >= 2].tolist(), counts.tolist()]

    texts = ["We propose the model.", "Models affect the result.", "We propose the loss.", "It affects the data."] * 3
    t1, b1 = T.verb_counts(texts[:5])
    t2, b2 = T.verb_counts(texts[5:])
    assert T.verbs_from_counts(t1 + t2, b1 + b2) == T.verbs_in(texts)


# --- the same graph -------------------------------------------------------------------------------


@pytest.mark.integration
def test_samples_same_graph_as_single_process(client, sample_build):
    from graphkit.cluster import build_distributed

    papers, single, linked = sample_build
    # shards of 8 papers: 5 shards over 2 workers, so every reduction really adds parts up
    g, dl = build_distributed(papers, client, shard_papers=8)
    assert_same(single, g)
    assert same_mentions(dl, linked)
    assert g.number_of_edges() > 1000


@pytest.mark.integration
def test_samples_fast_mode_same_graph_as_single_process(client, samples):
    from graphkit.cluster import build_distributed
    from graphkit.read import read_papers

    papers, _ = read_papers(samples)
    single, linked = fast_build(papers)
    g, dl = build_distributed(papers, client, fast=True, shard_papers=7)
    assert_same(single, g)
    assert same_mentions(dl, linked)


@pytest.mark.integration
@needs_shared
def test_dev_set_same_graph_as_single_process(client):
    """The 1,283 dev papers in the fast mode (about a minute for both builds on 2 cores; the
    default mode's cold embedding of them would take 10+ minutes of CI). The default mode's
    identity on several shards is the samples' test above; both modes share every stage but
    the extractor, and the static vectors do not depend on batches, so this is exact."""
    from graphkit.cluster import build_distributed
    from graphkit.read import read_papers

    papers, _ = read_papers([DEV])
    assert len(papers) > 1000
    g, dl = build_distributed(papers, client, fast=True, shard_papers=300)  # 5 shards
    single, linked = fast_build(papers)
    assert_same(single, g)
    assert same_mentions(dl, linked)
    assert g.number_of_nodes() > 5000


# --- the command line -----------------------------------------------------------------------------


@pytest.mark.integration
def test_cli_cluster_address(client, samples, sample_graph, runner, tmp_path):
    from graphkit import cli
    from graphkit.export import read_graphml, write_graphml

    out = tmp_path / "d.graphml"
    r = runner.invoke(cli.cli, ["build", *samples, "-o", str(out), "-q", "--cluster", client.scheduler.address])
    assert r.exit_code == 0, r.output
    expected = tmp_path / "s.graphml"
    write_graphml(sample_graph, expected)
    assert_same(read_graphml(expected), read_graphml(out))


@pytest.mark.integration
def test_cli_local_workers_fast(samples, runner, tmp_path):
    from graphkit import cli
    from graphkit.export import read_graphml

    single, dist = tmp_path / "s.graphml", tmp_path / "d.graphml"
    r = runner.invoke(cli.cli, ["build", *samples, "-o", str(single), "-q", "--fast"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(cli.cli, ["build", *samples, "-o", str(dist), "-q", "--fast", "--workers", "2"])
    assert r.exit_code == 0, r.output
    assert "Graph:" in r.output
    assert_same(read_graphml(single), read_graphml(dist))


@pytest.mark.unit
def test_cli_unreachable_scheduler_one_line_no_output(runner, samples, tmp_path):
    from graphkit import cli

    out = tmp_path / "d.graphml"
    r = runner.invoke(cli.cli, ["build", *samples, "-o", str(out), "-q", "--cluster", "tcp://127.0.0.1:9"])
    assert r.exit_code == 1
    assert r.output.strip().count("\n") == 0, r.output
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in r.output
    assert "Traceback" not in r.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.unit
def test_cli_cluster_and_workers_together_is_an_error(runner, samples, tmp_path):
    from graphkit import cli

    out = tmp_path / "d.graphml"
    r = runner.invoke(cli.cli, ["build", *samples, "-o", str(out), "--cluster", "tcp://127.0.0.1:9", "--workers", "2"])
    assert r.exit_code == 2 and "not both" in r.output and not out.exists()


@pytest.mark.unit
def test_cli_cluster_with_keyword_concepts_is_an_error(runner, tmp_path):
    from graphkit import cli

    src = tmp_path / "k.jsonl"
    src.write_text('{"id": "a", "title": "t", "keywords": ["x", "y"]}\n', encoding="utf-8")
    out = tmp_path / "d.graphml"
    r = runner.invoke(cli.cli, ["build", str(src), "-o", str(out), "--concepts", "keywords", "--workers", "2"])
    assert r.exit_code == 2 and "--concepts extracted" in r.output and not out.exists()


@pytest.mark.unit
def test_missing_extra_says_what_to_install(monkeypatch):
    from graphkit.cluster import cluster_client
    from graphkit.errors import MissingDependency

    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # import fails as if not installed
    with pytest.raises(MissingDependency, match=r"pip install 'graphkit\[cluster\]'"):
        with cluster_client(workers=2):
            pass


def test_cli_a_service_that_is_no_scheduler_one_line(runner, samples, tmp_path):
    """A dashboard's port (it answers HTTP) had given a 66-line traceback ending in numpy asked
    for 3 EiB."""
    import socket
    import threading

    from graphkit import cli

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]

    def answer():
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 64)
            conn.close()

    threading.Thread(target=answer, daemon=True).start()
    try:
        out = tmp_path / "d.graphml"
        r = runner.invoke(
            cli.cli, ["build", *samples, "-o", str(out), "-q", "--fast", "--cluster", f"tcp://127.0.0.1:{port}"]
        )
    finally:
        server.close()
    assert r.exit_code == 1 and r.stderr.count("\n") == 1, r.output
    assert (
        r.stderr.startswith(f"Error: cannot reach the Dask scheduler at tcp://127.0.0.1:{port}: ") and not out.exists()
    )


def test_cli_a_scheduler_without_workers_one_line(runner, samples, tmp_path, monkeypatch):
    """A scheduler whose workers were not started had given a traceback ending in TimeoutError.
    The build waits a while for workers (an adaptive cluster starts them), 60 s, here 3 s. The
    scheduler runs in a process of its own, as `dask scheduler` does (an in-process one's loop
    could miss Dask's own 10 s start on a busy machine)."""
    import socket
    import subprocess
    import time

    from graphkit import cli, cluster
    from graphkit.store.local import free_port

    monkeypatch.setattr(cluster, "_WORKER_WAIT", "3s")
    port = free_port()
    command = [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port)]
    scheduler = subprocess.Popen(
        [*command, "--dashboard-address", ":0"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 60
        while True:  # until the scheduler listens
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and scheduler.poll() is None, "the scheduler did not start"
                time.sleep(0.2)
        out = tmp_path / "d.graphml"
        r = runner.invoke(
            cli.cli, ["build", *samples, "-o", str(out), "-q", "--fast", "--cluster", f"tcp://127.0.0.1:{port}"]
        )
    finally:
        scheduler.terminate()
        scheduler.wait(timeout=30)
    assert r.exit_code == 1 and r.stderr.count("\n") == 1, r.output
    assert (
        f"has no workers (waited 3s); start some with: dask worker tcp://127.0.0.1:{port}" in r.stderr
        and not out.exists()
    )


@pytest.mark.unit
@pytest.mark.parametrize(
    "memory, message",
    [("abc", "'abc' is no size"), ("1KiB", "less than the 256MiB"), ("-1GiB", "less than the 256MiB")],
)
def test_cli_a_worker_memory_that_is_no_size_is_refused(runner, samples, tmp_path, memory, message):
    """`--worker-memory abc`, `-1GiB` and `1KiB` had each given Dask's traceback."""
    from graphkit import cli

    out = tmp_path / "d.graphml"
    r = runner.invoke(
        cli.cli, ["build", *samples, "-o", str(out), "--fast", "--workers", "1", "--worker-memory", memory]
    )
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and message in r.stderr and not out.exists(), r.output


@pytest.mark.unit
def test_a_failure_on_the_cluster_is_one_line():
    """A worker without graphkit installed raises ModuleNotFoundError inside Dask's exception."""
    from graphkit.cluster import _failures_in_one_line
    from graphkit.errors import ClusterError, InputError

    with pytest.raises(ClusterError, match=r"^the Dask cluster failed the build \(Exception: ModuleNotFoundError"):
        with _failures_in_one_line():
            raise Exception("ModuleNotFoundError(\"No module named 'graphkit'\")\nmore")
    with pytest.raises(InputError):  # graphkit's own errors pass as they are
        with _failures_in_one_line():
            raise InputError("x.jsonl", "bad", 1)


def test_an_error_of_the_clients_own_work_is_not_called_the_clusters(client, samples, monkeypatch):
    """The whole build had been wrapped: a bug in linking, which the client runs itself, had
    been reported as "the Dask cluster failed the build ... must be installed"."""
    from graphkit import cluster
    from graphkit.read import read_papers

    def broken(*args, **kwargs):
        raise KeyError("a bug of linking")

    monkeypatch.setattr(cluster, "link", broken)
    papers, _ = read_papers(samples)
    with pytest.raises(KeyError, match="a bug of linking"):
        cluster.build_distributed(papers, client, fast=True)


def test_cli_a_service_that_never_answers_one_line(runner, samples, tmp_path):
    """A port that accepts and never answers had hung the build (Dask's timeout covers the
    connection, not the handshake after it)."""
    import socket
    import threading

    from graphkit import cli

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    held = []

    def hold():
        while True:
            try:
                held.append(server.accept()[0])
            except OSError:
                return

    threading.Thread(target=hold, daemon=True).start()
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    try:
        out = tmp_path / "d.graphml"
        r = runner.invoke(cli.cli, ["build", *samples, "-o", str(out), "-q", "--fast", "--cluster", address])
    finally:
        for c in held:
            c.close()
        server.close()
    assert (
        r.exit_code == 1
        and r.stderr == f"Error: cannot reach the Dask scheduler at {address}: no answer in 10s; is it one?\n"
    )
    assert not out.exists()
