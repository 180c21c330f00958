"""The distributed build: the same graph as :func:`graphkit.build.build`, on a Dask cluster.

Per-paper stages run as a map over shards of papers, on the workers; corpus-wide steps are
reductions of what the shards return::

    map     verb and name counts         (text.verb_counts, one pass)  -> sum: the corpus's verbs and
                                                                          names' parts (text.name_joins)
    map     distinct candidate phrases   (extract.candidate_forms)     -> union: the vocabulary
    map     embed the vocabulary once, in chunks, into the embedding cache (default mode only)
    map     fast mode: paper vectors' exact sums (extract.static.center_sum) -> sum: the corpus's centre
    map     the extractor on each shard  (KeyBERTExtractor / StaticExtractor with the corpus's verbs)
            -> concatenation in paper order: the corpus's Extraction
    client  link.link                    (every linking phase, the single-process function itself)
    map     co-occurrence counts of each shard's mentions (build.pair_counts) -> sum (build.add_pair_counts)
    client  build.build_graph (NetworkX)

Each paper's extraction depends only on its own text, its vectors, the corpus's verbs and names'
parts and (fast mode) the corpus's mean paper vector, so
the shards' extractions concatenated are the single process's; linking is the very function
the single-process build calls, so every change to linking's rules reaches the distributed
build as it is. Linking runs on the client because several of its phases count over the whole
corpus before they decide for one paper (the papers each first word occurs in, the papers where
a form stands alone, the share of papers with a concept, the case authors write a word in).

Vectors of the default mode are the embedding cache's (float16-rounded), so the builds agree
exactly with the cache on (the default); with ``--no-cache`` the workers embed in other
batches than one process does and a similarity may move in its last digit. The fast mode's
static vectors do not depend on batches: the builds agree exactly either way.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import networkx as nx
import numpy as np

from . import text as T
from .errors import ClusterError, GraphkitError, MissingDependency, UsageError
from .extract import Extraction, KeyBERTExtractor, candidate_forms, paper_text
from .extract.embed import EmbeddingCache, MiniLMEmbedder, default_cache_path
from .link import Linked, link
from .memory import give_back_freed_memory
from .model import Mention, Paper

__all__ = ["cluster_client", "build_distributed", "INSTALL_HINT"]

INSTALL_HINT = (
    "the distributed build needs Dask; run: pip install 'graphkit[cluster]' (or: pip install 'dask[distributed]')"
)
#: Most papers per shard; a worker holds a few shards' texts and vectors at a time.
SHARD_PAPERS = 2000
#: Distinct phrases per embedding task (default mode).
VOCAB_CHUNK = 20000


@contextmanager
def cluster_client(
    address: str | None = None, workers: int | None = None, memory_limit: str = "4GiB", timeout: str = "10s"
) -> Iterator:
    """A Dask client: connected to the scheduler at ``address``, or to a local cluster of
    ``workers`` processes (one thread each) started here and stopped when the block ends."""
    if address and workers:
        raise UsageError("give --cluster (a running scheduler) or --workers (a local cluster), not both")
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise MissingDependency(INSTALL_HINT) from None
    if address:
        client = _connect(Client, address, timeout)
        try:
            from dask.utils import parse_timedelta

            try:  # Dask's scatter had failed with "TimeoutError: No valid workers found" after 10 s
                client.wait_for_workers(1, timeout=parse_timedelta(_WORKER_WAIT))
            except TimeoutError:
                raise ClusterError(
                    f"the Dask scheduler at {address} has no workers (waited {_WORKER_WAIT}); start some with: "
                    f"dask worker {address}"
                ) from None
            except Exception as e:
                raise ClusterError(f"cannot use the Dask scheduler at {address}: {_first_line(e)}") from None
            yield client
        finally:
            client.close()
        return
    _check_memory(memory_limit)
    with (
        LocalCluster(
            n_workers=workers or 2,
            threads_per_worker=1,
            processes=True,
            memory_limit=memory_limit,
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


def _connect(client_class, address: str, timeout: str):
    """A client of the scheduler at ``address``, or a one-line ClusterError: nothing there, a
    service that is no scheduler (a dashboard's port: numpy had been asked for 3 EiB), or one
    that accepts and never answers (Dask's own timeout does not cover that: the build hung)."""
    import threading

    from dask.utils import parse_timedelta

    box: dict = {}
    lock = threading.Lock()

    def connect() -> None:
        try:
            client = client_class(address, timeout=timeout)
        except Exception as e:
            box["error"] = e
            return
        with lock:
            late = box.get("abandoned", False)
            box["client"] = client
        if late:  # the build gave up waiting and said so: a client made now would never be closed
            client.close()

    thread = threading.Thread(target=connect, name="graphkit-connect", daemon=True)
    thread.start()
    thread.join(parse_timedelta(timeout) + 5)
    with lock:
        abandoned = "client" not in box and "error" not in box
        box["abandoned"] = abandoned
    if abandoned:  # left to itself: a daemon thread does not keep the process
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: no answer in {timeout}; is it one?")
    if "error" in box:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {_first_line(box['error'])}")
    return box["client"]


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return f"{type(e).__name__}: {text.splitlines()[0]}" if text else type(e).__name__


#: How long a build waits for a scheduler without workers to get one (an adaptive cluster
#: starting them) before it says so.
_WORKER_WAIT = "60s"


@contextmanager
def _failures_in_one_line() -> Iterator[None]:
    """What goes wrong on the cluster, around the calls that reach it (a worker without graphkit
    installed, a task the scheduler cannot deserialise, a worker lost), as one ClusterError
    line, not Dask's traceback. What the client itself computes (linking) is not wrapped: its
    errors are its own."""
    try:
        yield
    except GraphkitError:
        raise
    except Exception as e:
        raise ClusterError(
            f"the Dask cluster failed the build ({_first_line(e)}); graphkit and its dependencies must be "
            "installed, at the same version, on the scheduler and on every worker"
        ) from None


#: The least memory a worker may be given: the model and one shard's vectors.
MIN_WORKER_MEMORY = 256 * 2**20


def _check_memory(limit: str) -> None:
    """Refuse a --worker-memory that is no size or too small (Dask had failed with tracebacks)."""
    from dask.utils import parse_bytes

    if str(limit).strip().lower() in ("auto", "0"):  # Dask's: a share of the machine, no limit
        return
    try:
        size = parse_bytes(limit)
    except (ValueError, TypeError):
        raise UsageError(f"--worker-memory: {limit!r} is no size (e.g. 4GiB, 500MB)") from None
    if size < MIN_WORKER_MEMORY:
        raise UsageError(f"--worker-memory: {limit!r} is less than the 256MiB a worker needs")


# ---- what runs on the workers -------------------------------------------------------------


@lru_cache(maxsize=4)
def _embedder(fast: bool, cache_path: str | None):
    """The worker's embedder, loaded once per process (the default mode's with the cache at ``cache_path``)."""
    if fast:
        from .extract.static import StaticEmbedder

        return StaticEmbedder()
    return MiniLMEmbedder(cache=EmbeddingCache(cache_path) if cache_path else None)


def _extractor(fast: bool, cache_path: str | None, top_n: int, verbs: frozenset[str] | None, center=None, joins=None):
    """The single-process build's extractor, told the corpus's verbs and names' parts (and
    centre, in fast mode)."""
    emb = _embedder(fast, cache_path)
    if fast:
        from .extract.static import StaticExtractor

        return StaticExtractor(emb, top_n=top_n, verbs=verbs, center=center, joins=joins)
    return KeyBERTExtractor(emb, top_n=top_n, verbs=verbs, joins=joins)


def _word_counts(papers: list[Paper]) -> tuple[Counter, Counter, Counter]:
    """The shard's verb counts and name counts, from one pass over its tokens."""
    names: Counter = Counter()
    total, before = T.verb_counts([paper_text(p) for p in papers], names)
    return total, before, names


def _phrases(papers: list[Paper], verbs: frozenset[str], joins: frozenset[tuple[str, str]]) -> set[str]:
    phrases, _ = candidate_forms([paper_text(p) for p in papers], verbs=verbs, joins=joins)
    return {w for ps in phrases for w in ps}


def _center_sum(papers: list[Paper]) -> tuple[np.ndarray, int]:
    """Fast mode: the exact sum of the shard's paper vectors, and their count."""
    from .extract.static import center_sum

    return center_sum(_embedder(True, None).embed([paper_text(p) for p in papers]))


def _warm(phrases: list[str], cache_path: str) -> int:
    """Embed a chunk of the vocabulary into the cache, so every shard that has a phrase finds it there."""
    _embedder(False, cache_path).embed(phrases)
    return len(phrases)


def _extract(papers, verbs, fast, cache_path, top_n, _after=None, center=None, joins=None) -> Extraction:
    """The extractor on one shard; ``_after``: a task to wait for (the vocabulary's embedding)."""
    return _extractor(fast, cache_path, top_n, verbs, center, joins).extract(papers)


def _for_client(ex: Extraction, fast: bool) -> Extraction:
    """A shard's extraction as the client takes it: the fast mode's phrase vectors as their
    vocabulary only (the client computes any it asks for, bit for bit the same)."""
    return replace(ex, phrase_vectors={} if fast else dict(ex.phrase_vectors))


def _vocabulary(ex: Extraction) -> set[str]:
    return set(ex.phrase_vectors)


def _pair_counts(mentions: list[Mention], keys: list[str]):
    from .build import pair_counts

    return pair_counts(mentions, keys)


def _embed(texts: list[str], fast: bool, cache_path: str | None) -> np.ndarray:
    return _embedder(fast, cache_path).embed(texts)


class _RemoteEmbedder:
    """The client's embedder in the default mode: each call one task on the cluster (the client loads no model)."""

    model_id = MiniLMEmbedder.model_id

    def __init__(self, client, cache_path: str | None):
        self.client, self.cache_path = client, cache_path

    def embed(self, texts: Sequence[str], progress: str | None = None) -> np.ndarray:
        return _gather(self.client, self.client.submit(_embed, list(texts), False, self.cache_path, pure=False))


# ---- the client ---------------------------------------------------------------------------


def build_distributed(
    papers: Sequence[Paper],
    client,
    *,
    fast: bool = False,
    thesaurus=None,
    min_cooccurrence: int | None = None,
    cache: bool = True,
    cache_path: str | os.PathLike | None = None,
    shard_papers: int | None = None,
    top_n: int = 15,
    citations=None,
    progress: bool = False,
) -> tuple[nx.MultiDiGraph, Linked]:
    """:func:`graphkit.build.build` with graphkit's own extractor (``fast``: the static one), run
    on the Dask ``client``'s cluster: the same graph.

    The workers open the embedding cache at ``cache_path`` (default: graphkit's cache, which
    workers on one machine share; on a cluster of machines put it on a shared disk or let
    each worker keep its own). ``shard_papers``: papers per shard (default: enough shards for
    two per worker, at most :data:`SHARD_PAPERS` papers each).
    """
    from .build import add_pair_counts, build_graph
    from .progress import stage

    papers = list(papers)
    with_text = [p for p in papers if p.abstract]
    if not with_text:
        linked = Linked(concepts=[], mentions=[], broader=[], forms={}, merges=[])
        return build_graph(papers, linked, min_cooccurrence=min_cooccurrence, citations=citations), linked
    cpath = None if fast or not cache else str(Path(cache_path or default_cache_path()))
    with _failures_in_one_line():
        size = shard_papers or _shard_size(len(with_text), len(client.scheduler_info()["workers"]))
        starts = list(range(0, len(with_text), size))
        shards = client.scatter([with_text[s : s + size] for s in starts])

    with stage("Extracting on the cluster", "paper", progress, count=len(with_text)):
        total: Counter = Counter()
        before: Counter = Counter()
        names: Counter = Counter()
        for t, b, c in _gather(client, client.map(_word_counts, shards, pure=False)):
            total.update(t)
            before.update(b)
            names.update(c)
        verbs = T.verbs_from_counts(total, before)
        joins = T.name_joins(names)
        after = None
        if cpath:  # embed each distinct phrase of the corpus once, whichever shards share it
            vocab = sorted(
                set().union(*_gather(client, client.map(_phrases, shards, verbs=verbs, joins=joins, pure=False)))
            )
            chunks = [vocab[i : i + VOCAB_CHUNK] for i in range(0, len(vocab), VOCAB_CHUNK)]
            after = client.submit(sum, client.map(_warm, chunks, cache_path=cpath, pure=False))
        center = None
        if fast:
            from .extract.static import corpus_center

            sums = _gather(client, client.map(_center_sum, shards, pure=False))
            center = corpus_center(sum(t for t, _ in sums), sum(n for _, n in sums))
        extracted = [
            client.submit(_extract, s, verbs, fast, cpath, top_n, after, center, joins, pure=False) for s in shards
        ]
        parts = _gather(client, [client.submit(_for_client, e, fast, pure=False) for e in extracted])
        ex = _concatenate(parts)
        if fast:
            from .extract.static import LazyVectors

            vocab_set = set().union(*_gather(client, client.map(_vocabulary, extracted, pure=False)))
            ex.phrase_vectors = LazyVectors(vocab_set, _embedder(True, None))
    with stage("Linking", "paper", progress, count=len(with_text)):
        embedder = _embedder(True, None) if fast else _RemoteEmbedder(client, cpath)
        linked = link(with_text, ex, embedder=embedder, thesaurus=thesaurus)
        del ex, parts
        give_back_freed_memory()
    with stage("Graph", "paper", progress, count=len(papers)):
        keys = sorted(c.key for c in linked.concepts)
        shard_of = {p.id: n for n, s in enumerate(starts) for p in with_text[s : s + size]}
        by_shard: list[list[Mention]] = [[] for _ in starts]
        for m in linked.mentions:
            by_shard[shard_of[m.paper_id]].append(m)
        keys_f = _broadcast(client, keys)
        counted = add_pair_counts(
            _gather(client, [client.submit(_pair_counts, part, keys_f, pure=False) for part in by_shard if part])
            or [(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(len(keys), dtype=np.int64))]
        )
        g = build_graph(papers, linked, min_cooccurrence=min_cooccurrence, citations=citations, counted=counted)
    return g, linked


def _concatenate(parts: list[Extraction]) -> Extraction:
    """The shards' extractions, in paper order, as one."""
    vectors: dict[str, np.ndarray] = {}
    for p in parts:
        vectors.update(p.phrase_vectors)
    docs = [p.doc_vectors for p in parts if p.doc_vectors is not None]
    return Extraction(
        [t for p in parts for t in p.texts],
        [c for p in parts for c in p.candidates],
        [x for p in parts for x in p.phrases],
        [a for p in parts for a in p.acronyms],
        np.vstack(docs) if docs else None,
        vectors,
        parts[0].joins if parts else None,  # every shard was given the corpus's
    )


def _shard_size(papers: int, workers: int) -> int:
    return max(1, min(SHARD_PAPERS, math.ceil(papers / (2 * max(1, workers)))))


def _broadcast(client, obj):
    """One future for ``obj``, copied to every worker."""
    with _failures_in_one_line():
        return client.scatter([obj], broadcast=True)[0]


def _gather(client, futures):
    """The results; a worker lost or a scheduler gone becomes a one-line ClusterError."""
    with _failures_in_one_line():  # a worker's error comes back here (ModuleNotFoundError: graphkit)
        return client.gather(futures)
