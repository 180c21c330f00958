"""The distributed build: the same graph as :func:`graphkit.build.build`, on a Dask cluster.

Per-paper stages run as a map over shards of papers, on the workers; corpus-wide steps are
reductions of what the shards return::

    map     verb counts                  (text.verb_counts)            -> sum: the corpus's verbs
    map     distinct candidate phrases   (extract.candidate_forms)     -> union: the vocabulary
    map     embed the vocabulary once, in chunks, into the embedding cache (default mode only)
    map     the extractor on each shard  (KeyBERTExtractor / StaticExtractor with the corpus's verbs)
            -> candidates, acronyms, and which phrases are scaffolding (link.scaffold_filter)
    client  link.pool, link.acronyms, link.apply_thesaurus, link.group
    map     link.scan on each shard      -> sum: papers per group and form, following words
    client  link.select, link.name
    map     link.rank on each shard, co-occurrence counts (build.pair_counts)
            -> concatenation: mentions; min: first years; sum: co-occurrence counts
    client  link.broader, build.build_graph (NetworkX)

Every stage is the single-process function (:mod:`graphkit.extract`, :mod:`graphkit.link`,
:mod:`graphkit.build`) run on a part of the corpus, and every reduction is a sum, union or
concatenation in paper order, so the graph is the single-process one. Texts, document
vectors and scan hits stay on the workers (Dask futures). Linking's state travels whole to
the workers (only its per-paper lists are cut to the shard), so what :func:`graphkit.link.scan`
and :func:`graphkit.link.rank` read of it follows link.py as it changes. What this module
knows of link.py is the order of its phases (:data:`LINK_PHASES`, checked against
:func:`graphkit.link.link` by the tests) and which state fields are per paper or summed.

Vectors of the default mode are the embedding cache's (float16-rounded), so the builds agree
exactly with the cache on (the default); with ``--no-cache`` the workers embed in other
batches than one process does and a similarity may move in its last digit. The fast mode's
static vectors do not depend on batches: the builds agree exactly either way.
"""

from __future__ import annotations

import dataclasses
import inspect
import math
import os
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

import networkx as nx
import numpy as np

from . import text as T
from .errors import ClusterError, GraphkitError, MissingDependency, UsageError
from .extract import Extraction, KeyBERTExtractor, candidate_forms, paper_text
from .extract.embed import EmbeddingCache, MiniLMEmbedder, default_cache_path
from .link import (
    SCAFFOLD_SEEDS,
    Linked,
    LinkState,
    PhraseVectors,
    Ranking,
    acronyms,
    apply_thesaurus,
    broader,
    group,
    link,
    name,
    pool,
    rank,
    scaffold_filter,
    scan,
)
from .link import select as select_groups
from .model import Paper

__all__ = ["cluster_client", "build_distributed", "INSTALL_HINT", "LINK_PHASES"]

INSTALL_HINT = (
    "the distributed build needs Dask; run: pip install 'graphkit[cluster]' (or: pip install 'dask[distributed]')"
)
#: Most papers per shard; a worker holds a few shards' texts and vectors at a time.
SHARD_PAPERS = 2000
#: Distinct phrases per embedding task (default mode).
VOCAB_CHUNK = 20000
#: The phases :func:`graphkit.link.link` calls, in order: the distributed build calls the same.
LINK_PHASES = ("pool", "acronyms", "apply_thesaurus", "group", "scan", "select", "name", "rank", "broader")
#: LinkState fields with one entry per paper: cut to each shard's papers on the workers.
PER_PAPER = ("chosen", "local", "hits", "sentences")
#: LinkState fields link.scan fills: fresh on each shard, summed on the client (``hits``,
#: ``sentences`` stay on the workers).
SCAN_SUMS = ("paper_count", "form_papers", "next_words")


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
        try:
            client = Client(address, timeout=timeout)
        except (OSError, TimeoutError, ValueError) as e:
            reason = str(e).splitlines()[0] if str(e) else type(e).__name__
            raise ClusterError(f"cannot reach the Dask scheduler at {address}: {reason}") from None
        try:
            yield client
        finally:
            client.close()
        return
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


# ---- what runs on the workers -------------------------------------------------------------


@lru_cache(maxsize=4)
def _embedder(fast: bool, cache_path: str | None):
    """The worker's embedder, loaded once per process (the default mode's with the cache at ``cache_path``)."""
    if fast:
        from .extract.static import StaticEmbedder

        return StaticEmbedder()
    return MiniLMEmbedder(cache=EmbeddingCache(cache_path) if cache_path else None)


def _extractor(fast: bool, cache_path: str | None, top_n: int, verbs: frozenset[str] | None):
    """The single-process build's extractor, told the corpus's verbs."""
    emb = _embedder(fast, cache_path)
    if fast:
        from .extract.static import StaticExtractor

        return StaticExtractor(emb, top_n=top_n, verbs=verbs)
    return KeyBERTExtractor(emb, top_n=top_n, verbs=verbs)


def _verb_counts(papers: list[Paper]) -> tuple[Counter, Counter]:
    return T.verb_counts([paper_text(p) for p in papers])


def _phrases(papers: list[Paper], verbs: frozenset[str]) -> set[str]:
    phrases, _ = candidate_forms([paper_text(p) for p in papers], verbs=verbs)
    return {w for ps in phrases for w in ps}


def _warm(phrases: list[str], cache_path: str) -> int:
    """Embed a chunk of the vocabulary into the cache, so every shard that has a phrase finds it there."""
    _embedder(False, cache_path).embed(phrases)
    return len(phrases)


def _extract(papers, verbs, fast, cache_path, top_n, _after=None) -> Extraction:
    """The extractor on one shard; ``_after``: a task to wait for (the vocabulary's embedding)."""
    return _extractor(fast, cache_path, top_n, verbs).extract(papers)


def _summary(ex: Extraction, fast: bool, cache_path: str | None) -> dict:
    """What the client needs of a shard's extraction: candidates, acronyms, and its scaffolding
    phrases (those link.scaffold_filter rejects, among the vectors this shard computed)."""
    is_scaffold = scaffold_filter(PhraseVectors(_embedder(fast, cache_path), ex.phrase_vectors))
    scaffold = {w for w in [*ex.phrase_vectors, *SCAFFOLD_SEEDS] if is_scaffold(w)}
    return dict(candidates=ex.candidates, acronyms=ex.acronyms, scaffold=scaffold)


def _fresh(names: Sequence[str]) -> dict:
    blank = LinkState()
    return {f: getattr(blank, f) for f in names}


def _scan(ex: Extraction, shared: LinkState, local: list) -> LinkState:
    state = dataclasses.replace(shared, local=local, **_fresh(("hits", "sentences", *SCAN_SUMS)))
    scan(state, ex.texts)
    return state


def _scan_sums(state: LinkState) -> dict:
    return {f: getattr(state, f) for f in SCAN_SUMS}


def _rank(papers, ex, scanned, named, chosen, name_vectors, total, ranking, fast, cache_path) -> dict:
    """One shard's mentions (link.rank), its concepts' first years and co-occurrence counts."""
    from .build import pair_counts

    concepts = {k: dataclasses.replace(c) for k, c in named.concepts.items()}  # rank sets first years
    state = dataclasses.replace(named, chosen=chosen, hits=scanned.hits, sentences=scanned.sentences, concepts=concepts)
    vectors = PhraseVectors(_embedder(fast, cache_path), name_vectors)
    mentions = rank(state, papers, ex.doc_vectors, vectors, ranking, total=total)
    first = {k: c.first_year for k, c in concepts.items() if c.first_year is not None}
    return dict(mentions=mentions, first_year=first, counted=pair_counts(mentions, sorted(concepts)))


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
    size = shard_papers or _shard_size(len(with_text), len(client.scheduler_info()["workers"]))
    starts = list(range(0, len(with_text), size))
    shards = client.scatter([with_text[s : s + size] for s in starts])

    with stage("Extracting on the cluster", "paper", progress, count=len(with_text)):
        total: Counter = Counter()
        before: Counter = Counter()
        for t, b in _gather(client, client.map(_verb_counts, shards, pure=False)):
            total.update(t)
            before.update(b)
        verbs = T.verbs_from_counts(total, before)
        after = None
        if cpath:  # embed each distinct phrase of the corpus once, whichever shards share it
            vocab = sorted(set().union(*_gather(client, client.map(_phrases, shards, verbs=verbs, pure=False))))
            chunks = [vocab[i : i + VOCAB_CHUNK] for i in range(0, len(vocab), VOCAB_CHUNK)]
            after = client.submit(sum, client.map(_warm, chunks, cache_path=cpath, pure=False))
        extracted = [client.submit(_extract, s, verbs, fast, cpath, top_n, after, pure=False) for s in shards]
        summaries = _gather(client, [client.submit(_summary, e, fast, cpath, pure=False) for e in extracted])

    with stage("Linking on the cluster", "paper", progress, count=len(with_text)):
        state, scanned, named, name_vectors = _link_on_client(
            client, summaries, extracted, starts, size, fast, cpath, thesaurus
        )
        ranking = _link_default("ranking") or Ranking()
        ranked = _gather(
            client,
            [
                client.submit(
                    _rank,
                    s,
                    e,
                    sc,
                    named,
                    state.chosen[st : st + size],
                    name_vectors,
                    len(with_text),
                    ranking,
                    fast,
                    cpath,
                    pure=False,
                )
                for s, e, sc, st in zip(shards, extracted, scanned, starts)
            ],
        )
        linked = _linked(state, ranked)
    with stage("Graph", "paper", progress, count=len(papers)):
        counted = add_pair_counts([r["counted"] for r in ranked])
        g = build_graph(papers, linked, min_cooccurrence=min_cooccurrence, citations=citations, counted=counted)
    return g, linked


def _link_on_client(client, summaries, extracted, starts, size, fast, cpath, thesaurus):
    """link.link's phases up to ranking: the corpus-wide ones here, link.scan on the workers."""
    embedder = _embedder(True, None) if fast else _RemoteEmbedder(client, cpath)
    vectors = PhraseVectors(embedder)
    scaffold = set().union(*(s["scaffold"] for s in summaries))
    state = LinkState()
    pool(state, [c for s in summaries for c in s["candidates"]], scaffold.__contains__)
    acronyms(state, [d for s in summaries for d in s["acronyms"]], vectors)
    apply_thesaurus(state, thesaurus)
    group(state)
    shared = _broadcast(client, dataclasses.replace(state, **_fresh(PER_PAPER)))
    scanned = [
        client.submit(_scan, e, shared, state.local[st : st + size], pure=False) for e, st in zip(extracted, starts)
    ]
    for part in _gather(client, client.map(_scan_sums, scanned)):
        for f in SCAN_SUMS:
            _add_into(getattr(state, f), part[f])
    select_groups(state, _link_default("min_rank_single"))
    name(state)
    names = [state.concepts[state.key_of[r]].name for r in sorted(state.keep)]
    name_vectors = dict(zip(names, vectors(names)))
    named = _broadcast(client, dataclasses.replace(state, **_fresh(PER_PAPER)))
    return state, scanned, named, name_vectors


def _linked(state: LinkState, ranked: list[dict]) -> Linked:
    """link.link's result from the shards' rankings."""
    mentions = [m for r in ranked for m in r["mentions"]]
    for r in ranked:
        for k, y in r["first_year"].items():
            c = state.concepts[k]
            c.first_year = y if c.first_year is None else min(c.first_year, y)
    forms = {state.key_of[r]: sorted(state.forms[r]) for r in state.keep}
    return Linked(list(state.concepts.values()), mentions, broader(state), forms, sorted(set(state.merges)))


def _add_into(total, part) -> None:
    """Sum a shard's counts into the corpus's: Counters add, dicts of Counters add per key.
    Shards come in paper order, so keys keep the order of their first paper (ties in
    ``most_common`` break as in one process)."""
    if isinstance(total, Counter):
        total.update(part)
        return
    for k, v in part.items():
        total[k].update(v)


def _link_default(parameter: str):
    """A default of :func:`graphkit.link.link`, so both builds use the same."""
    return inspect.signature(link).parameters[parameter].default


def _shard_size(papers: int, workers: int) -> int:
    return max(1, min(SHARD_PAPERS, math.ceil(papers / (2 * max(1, workers)))))


def _broadcast(client, obj):
    """One future for ``obj``, copied to every worker."""
    return client.scatter([obj], broadcast=True)[0]


def _gather(client, futures):
    """The results; a worker lost or a scheduler gone becomes a one-line ClusterError."""
    try:
        return client.gather(futures)
    except GraphkitError:
        raise
    except (OSError, TimeoutError) as e:
        raise ClusterError(f"the Dask cluster failed the build: {type(e).__name__}: {e}") from None
    except Exception as e:
        if type(e).__name__ in ("KilledWorker", "CancelledError", "CommClosedError"):
            raise ClusterError(f"the Dask cluster failed the build: {type(e).__name__}: {e}") from None
        raise
