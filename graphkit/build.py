"""Build: papers + linked concepts -> one typed NetworkX graph (the schema of docs/DESIGN.md)."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np

from . import schema as S
from .errors import UsageError
from .extract import Embedder, Extractor, KeyBERTExtractor, MiniLMEmbedder, default_embedder
from .link import Linked, link
from .memory import give_back_freed_memory, map_big_blocks
from .model import Mention, Paper
from .schema import SCHEMA_VERSION, author_key, author_node, concept_node, paper_node

if TYPE_CHECKING:
    from .thesaurus import Thesaurus

__all__ = [
    "build_graph",
    "build",
    "build_id",
    "cooccurrence_counts",
    "pair_counts",
    "add_pair_counts",
    "default_min_cooccurrence",
    "COOCCURRENCE_BUDGET",
    "paper_node",
    "concept_node",
    "author_node",
    "author_key",
    "SCHEMA_VERSION",
    "CitationOptions",
]


@dataclass(frozen=True)
class CitationOptions:
    """How references become citations and which derived relationships are kept.

    ``external``: cited works outside the corpus become Paper nodes (``external=True``);
    off, references to them are dropped. ``min_cocitation`` / ``min_coupling`` /
    ``min_coauthorship``: the fewest citing papers, shared references or shared papers for a
    CO_CITED / COUPLED / CO_AUTHORED relationship; ``min_citations``: the fewest citations a
    work needs to take part in co-citation (VOSviewer's threshold for cited references).
    """

    external: bool = True
    min_cocitation: int = 2
    min_coupling: int = 2
    min_coauthorship: int = 1
    min_citations: int = 1


def build_graph(
    papers: Sequence[Paper],
    linked: Linked,
    *,
    min_cooccurrence: int | None = None,
    citations: CitationOptions | None = None,
    counted: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
) -> nx.MultiDiGraph:
    """The typed graph (see :mod:`graphkit.schema`). Edge keys are relationship types.

    ``min_cooccurrence``: the fewest papers two concepts must share for a CO_OCCURS edge
    (default: 1 below 1,000 papers, else 2, so big corpora do not drown in chance pairs; raised
    until at most :data:`COOCCURRENCE_BUDGET` pairs reach it, see :func:`default_min_cooccurrence`).
    References are resolved to papers (see :mod:`graphkit.citations` and ``citations``).
    ``counted``: :func:`pair_counts` of the mentions over the sorted concept keys, if counted
    already (the distributed build sums them over its shards with :func:`add_pair_counts`).
    """
    from .citations import author_keys, resolve

    opts = citations or CitationOptions()
    resolved = resolve(papers, external=opts.external)
    g = nx.MultiDiGraph(schema=SCHEMA_VERSION, papers=len(papers))
    for p in resolved.papers:
        attrs: dict[str, Any] = dict(
            id=p.id, title=p.title, abstract=p.abstract, venue=p.venue, url=p.url, external=p.external
        )
        if p.year is not None:
            attrs["year"] = p.year
        if p.keywords:
            attrs["keywords"] = list(p.keywords)
        if p.doi:
            attrs["doi"] = p.doi
        if p.sources:
            attrs["sources"] = list(p.sources)
        others = sorted({v for v in p.ids.values() if v and v != p.id})
        if others:  # a work two exports both hold keeps the id of each (WOS:..., 2-s2.0-...)
            attrs["ids"] = others
        if p.authors:
            attrs["authors"] = list(dict.fromkeys(p.authors))  # also as Author nodes; here for pages and tables
        S.add_node(g, paper_node(p.id), S.PAPER, **attrs)
    keys = author_keys(a for p in papers for a in p.authors)
    for p in papers:
        for pos, name in enumerate(dict.fromkeys(p.authors), start=1):
            k = keys.get(name) or author_key(name)
            if not k:
                continue
            n = author_node(k)
            if n not in g or len(name.strip()) > len(g.nodes[n]["name"]):  # the fullest form names the author
                S.add_node(g, n, S.AUTHOR, key=k, name=name.strip())
            S.add_rel(g, n, paper_node(p.id), S.WROTE, position=pos)
    for a, b in resolved.cites:
        S.add_rel(g, paper_node(a), paper_node(b), S.CITES)
    for c in linked.concepts:
        attrs = dict(
            key=c.key, name=c.name, aliases=list(c.aliases), kind=c.kind, paper_count=c.paper_count, source=c.source
        )
        if c.first_year is not None:
            attrs["first_year"] = c.first_year
        S.add_node(g, concept_node(c.key), S.CONCEPT, **attrs)
    for m in linked.mentions:
        S.add_rel(
            g,
            paper_node(m.paper_id),
            concept_node(m.concept_key),
            S.MENTIONS,
            score=m.score,
            rank=m.rank,
            evidence=m.evidence,
        )
    for narrow, broad in linked.broader:
        S.add_rel(g, concept_node(narrow), concept_node(broad), S.BROADER)
    _add_cooccurrence(g, papers, linked, min_cooccurrence, counted)
    _add_derived(g, papers, resolved.cites, keys, opts)
    from .analyse import annotate

    annotate(g)  # cluster, mean_year and burst on every Concept
    g.graph["build_id"] = build_id(g)
    return g


def _add_derived(g: nx.MultiDiGraph, papers, cites, keys: dict[str, str], opts: CitationOptions) -> None:
    """CO_CITED, COUPLED (Paper--Paper) and CO_AUTHORED (Author--Author): weight and
    association strength, stored once per pair from the smaller node id to the larger."""
    from .citations import coauthorship, cocitation, coupling

    corpus = {p.id for p in papers}
    nets = (
        (S.CO_CITED, paper_node, cocitation(cites, min_weight=opts.min_cocitation, min_citations=opts.min_citations)),
        (S.COUPLED, paper_node, coupling(cites, min_weight=opts.min_coupling, among=corpus)),
        (S.CO_AUTHORED, author_node, coauthorship(papers, keys, min_weight=opts.min_coauthorship)),
    )
    for rel, node, net in nets:
        for (a, b), w in sorted(net.edges.items()):
            S.add_rel(g, node(a), node(b), rel, weight=int(w), strength=round(net.strength(a, b), 4))


def build_id(g: nx.MultiDiGraph) -> str:
    """A digest of the graph's node ids and relationships: the same graph always gets the same
    id, and a rebuild that adds, drops or renames anything gets another (Neo4j records it)."""
    h = hashlib.sha256()
    nodes = sorted(g.nodes, key=str)
    for n in nodes:
        h.update(f"n\t{n}\n".encode())
    for u in nodes:  # one node's out-edges at a time: all 3.9 M sorted at once took 0.25 GB at 79k
        for v, k in sorted((str(v), str(k)) for v, keys in g.succ[u].items() for k in keys):
            h.update(f"e\t{u}\t{v}\t{k}\n".encode())
    return h.hexdigest()[:16]


#: The most CO_OCCURS edges the default threshold lets into the graph: above it, the fewest
#: shared papers a pair needs rises (3, 4, ...) until the pairs that remain fit. A pair's
#: weight is never cut within a level, and every count stays derivable from MENTIONS.
COOCCURRENCE_BUDGET = 1_000_000


def _add_cooccurrence(g: nx.MultiDiGraph, papers, linked: Linked, min_w: int | None, counted=None) -> None:
    keys = sorted(c.key for c in linked.concepts)
    floor = min_w if min_w is not None else (1 if len(papers) < 1000 else 2)
    codes, w, counts = counted if counted is not None else pair_counts(linked.mentions, keys, min_weight=floor)
    if min_w is None:
        min_w = default_min_cooccurrence(len(papers), w)
    if min_w > 1:  # the threshold used, for what reads the graph (the map's note had said "1 paper")
        g.graph["min_cooccurrence"] = min_w
    keep = np.flatnonzero(w >= min_w)
    i, j, w = codes[keep] // len(keys), codes[keep] % len(keys), w[keep]
    strength = w / np.sqrt(counts[i] * counts[j])
    for a, b, n, st in zip(i.tolist(), j.tolist(), w.tolist(), strength.tolist()):
        S.add_rel(g, concept_node(keys[a]), concept_node(keys[b]), S.CO_OCCURS, weight=n, strength=round(st, 4))


def default_min_cooccurrence(papers: int, weights: np.ndarray) -> int:
    """The fewest papers two concepts must share for a CO_OCCURS edge, when not given: 1 below
    1,000 papers, else 2, raised until at most :data:`COOCCURRENCE_BUDGET` pairs reach it."""
    floor = 1 if papers < 1000 else 2
    per_weight = np.bincount(weights) if len(weights) else np.zeros(1, dtype=np.int64)
    at_least = np.cumsum(per_weight[::-1])[::-1]  # at_least[k]: pairs of weight >= k
    fits = np.flatnonzero(at_least[floor:] <= COOCCURRENCE_BUDGET)
    return floor + int(fits[0]) if len(fits) else max(floor, len(at_least))


def cooccurrence_counts(linked: Linked, keys: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Sparse co-occurrence: (i, j, papers sharing keys[i] and keys[j], papers of each key), i < j.

    Pairs are counted as integer codes with numpy (a few bytes a pair), so only the pairs
    that become edges ever reach NetworkX.
    """
    return _decode(pair_counts(linked.mentions, keys), len(keys))


def pair_counts(
    mentions: Sequence[Mention],
    keys: Sequence[str],
    chunk: int = 2000,
    min_weight: int = 1,
    block_pairs: int = 2_000_000,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(pair codes ``i * len(keys) + j`` with i < j, papers sharing each pair, papers of each key).

    Sums over papers: the counts of the parts of a corpus add up (:func:`add_pair_counts`)
    to the whole's, which is how the distributed build counts co-occurrence on its shards.
    Counted ``chunk`` papers at a time, so only distinct pairs are ever held, not every
    paper's pairs at once. With ``min_weight`` above 1 only the pairs that reach it are
    returned, and they are counted for a range of first concepts at a time, each range
    holding about ``block_pairs`` pairs (with repeats), so the pairs seen once, most of them
    on a big corpus, are never all held at once (79,345 abstracts: some 10^8 pairs; a range's
    counting holds about 40 bytes a pair at its peak). Measured alone on a synthetic corpus of
    the scale set's size (79,345 papers, 1.43 M mentions of 259,000 concepts): 8 M pairs a
    range peaked 0.59 GB above the mentions in 21.7 s, 2 M pairs 0.28 GB in 27.6 s, 1 M pairs
    0.23 GB in 34.5 s; in the cold build of the scale set 8 M pairs took the process from 4.48
    to its peak of 5.98 GB.
    """
    col = {k: n for n, k in enumerate(keys)}
    per_paper: dict[str, set[int]] = {}
    for m in mentions:
        per_paper.setdefault(m.paper_id, set()).add(col[m.concept_key])
    sets = [np.fromiter(sorted(cs), dtype=np.int64, count=len(cs)) for cs in per_paper.values()]
    counts = np.zeros(len(keys), dtype=np.int64)
    for idx in sets:
        counts[idx] += 1
    ranges = [(0, len(keys))]
    if min_weight > 1:
        per_first = np.zeros(len(keys) + 1, dtype=np.int64)  # pairs (with repeats) whose first concept is i
        for idx in sets:
            per_first[idx] += np.arange(len(idx) - 1, -1, -1)
        cut = np.searchsorted(np.cumsum(per_first), np.arange(block_pairs, per_first.sum(), block_pairs))
        edges = [0, *sorted(set(cut.tolist()) - {0, len(keys)}), len(keys)]
        ranges = list(zip(edges[:-1], edges[1:]))
    found = [_count_range(sets, len(keys), lo, hi, chunk, min_weight) for lo, hi in ranges]
    return np.concatenate([f[0] for f in found]), np.concatenate([f[1] for f in found]), counts


def _count_range(sets: list[np.ndarray], n: int, lo: int, hi: int, chunk: int, min_weight: int):
    """(codes, weights) of the pairs whose first concept is in [lo, hi) and that reach ``min_weight``."""
    total = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))
    codes: list[np.ndarray] = []
    for p, idx in enumerate(sets, start=1):
        s, e = np.searchsorted(idx, [lo, hi])
        if e > s and len(idx) > 1:
            a, b = np.triu_indices(len(idx), k=1)
            keep = (a >= s) & (a < e)
            codes.append(idx[a[keep]] * n + idx[b[keep]])
        if (p % chunk == 0 or p == len(sets)) and codes:
            uniq, w = np.unique(np.concatenate(codes), return_counts=True)
            total = add_pair_counts([total, (uniq, w.astype(np.int64), np.zeros(0, dtype=np.int64))])
            codes = []
    keep = total[1] >= min_weight
    return total[0][keep], total[1][keep]


def add_pair_counts(
    parts: Sequence[tuple[np.ndarray, np.ndarray, np.ndarray]],
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The sum of :func:`pair_counts` of parts of a corpus (over the same keys)."""
    uniq, inverse = np.unique(np.concatenate([p[0] for p in parts]), return_inverse=True)
    w = np.bincount(inverse, weights=np.concatenate([p[1] for p in parts]), minlength=len(uniq))
    sized = [p[2] for p in parts if len(p[2])]
    counts = sized[0].copy() if sized else np.zeros(0, dtype=np.int64)
    for c in sized[1:]:
        counts += c
    return uniq, np.rint(w).astype(np.int64), counts


def _decode(counted, n_keys: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    codes, w, counts = counted
    return codes // max(1, n_keys), codes % max(1, n_keys), w, counts


#: From this many papers with an abstract, the model runs in a child process
#: (:func:`model_apart`). Starting one costs 6-8 s (importing torch and loading the model),
#: once for extraction and once for each linking step that meets texts the cache lacks. At
#: 79,345 abstracts (cold) the build itself holds what a rebuild holds (at most 3.3 GB), and the
#: build and its children together peaked at 3.81 GB (5.98 GB with the model in the build);
#: 10,000 abstracts: 2.59 -> 2.26 GB for 316 -> 360 s.
MODEL_APART_PAPERS = 20_000


def model_apart(papers: int) -> bool:
    """Should a build of this many papers with an abstract run the model in a child process?
    ``GRAPHKIT_MODEL_APART=1`` says always, ``=0`` never; else from :data:`MODEL_APART_PAPERS` on."""
    wanted = os.environ.get("GRAPHKIT_MODEL_APART", "")
    if wanted in ("0", "1"):
        return wanted == "1"
    return papers >= MODEL_APART_PAPERS


@contextmanager
def _model_apart(apart: bool, *embedders):
    """Within it, the MiniLM embedders among ``embedders`` run the model apart when ``apart``."""
    mine = [e for e in embedders if isinstance(e, MiniLMEmbedder) and not e.apart] if apart else []
    for e in mine:
        e.apart = True
    try:
        yield
    finally:
        for e in mine:
            e.apart = False


def build(
    papers: Sequence[Paper],
    *,
    extractor: Extractor | None = None,
    embedder: Embedder | None = None,
    thesaurus: Thesaurus | None = None,
    min_cooccurrence: int | None = None,
    citations: CitationOptions | None = None,
    progress: bool = False,
    concepts: str = "extracted",
    model_in_child: bool | None = None,
) -> tuple[nx.MultiDiGraph, Linked]:
    """Extract, link and build in one call: the whole pipeline after reading.

    ``embedder`` is what linking embeds with (default: a KeyBERT extractor's own embedder,
    else all-MiniLM-L6-v2 with the embedding cache); ``extractor`` defaults to KeyBERT over
    that same embedder. Extractor and embedder must embed into one space. Concepts come from
    the papers with an abstract; the others (records of bibliographic exports with a title and
    references only) take part in the citation graph alone.

    ``concepts``: where concepts come from, ``extracted`` (the extractor over titles and
    abstracts), ``keywords`` (the authors' keywords; no model) or ``both`` (see
    :mod:`graphkit.keywords`).

    ``model_in_child``: run all-MiniLM-L6-v2 in a child process for each call that needs it
    (:mod:`graphkit.extract.apart`; the same graph); by default (None) as :func:`model_apart`
    says for the number of papers with an abstract.
    """
    from . import keywords as K
    from .progress import stage

    if concepts not in K.CONCEPT_SOURCES:
        raise UsageError(f"--concepts must be one of {', '.join(K.CONCEPT_SOURCES)}, not {concepts!r}")
    if concepts != "extracted":
        K.check_keywords(papers)
    if concepts == "keywords":
        linked = K.link_keywords(papers, thesaurus=thesaurus)
        return build_graph(papers, linked, min_cooccurrence=min_cooccurrence, citations=citations), linked
    with_text = [p for p in papers if p.abstract]
    if with_text:
        if embedder is None:
            embedder = extractor.embedder if isinstance(extractor, KeyBERTExtractor) else default_embedder()
        extractor = extractor if extractor is not None else KeyBERTExtractor(embedder)
        apart = model_apart(len(with_text)) if model_in_child is None else model_in_child
        with _model_apart(apart, embedder, getattr(extractor, "embedder", None)):
            # held in a list that hands it over: no name here keeps the extraction (GBs of texts,
            # candidates and vectors on a big corpus) once linking has let go of it
            extraction = [extractor.extract(with_text, progress=progress)]
            map_big_blocks()  # the model's passes are done: from here big temporaries leave no holes
            with stage("Linking", "paper", progress, count=len(with_text)):
                if concepts == "both":
                    ex = extraction.pop()
                    linked = link(with_text, K.with_keywords(with_text, ex), embedder=embedder, thesaurus=thesaurus)
                    K.mark_sources(linked, with_text, ex)
                    del ex
                else:  # linking holds the only reference, and drops it once it has named the concepts
                    linked = link(with_text, extraction.pop(), embedder=embedder, thesaurus=thesaurus)
        give_back_freed_memory()  # what linking freed: the graph starts from a smaller process
    else:
        linked = Linked(concepts=[], mentions=[], broader=[], forms={}, merges=[])
    with stage("Graph", "paper", progress, count=len(papers)):
        g = build_graph(papers, linked, min_cooccurrence=min_cooccurrence, citations=citations)
    return g, linked
