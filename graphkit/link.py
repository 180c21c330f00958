"""Link: per-paper candidates -> canonical concepts shared across the corpus.

Surface forms are grouped when they share a lemma key (case, plural, spelling, hyphenation:
:func:`graphkit.concepts_rules.group_key`), when they differ by a trailing generic head or an
adjective for a noun and their embeddings agree ("diffusion model" / "diffusion"), and when a
paper defines one as the acronym of the other ("Group Relative Policy Optimization (GRPO)").
Each group is one :class:`~graphkit.model.Concept`; a paper mentions a concept where one of
its forms stands in the paper's text as the thing itself and the concept is close to the
paper (:mod:`graphkit.mentions`), not only when KeyBERT ranked it.

:func:`link` runs named phases over one :class:`LinkState`: :func:`pool`, :func:`pool_common`,
:func:`join_cores`, :func:`acronyms`, :func:`join_name_parts`, :func:`apply_thesaurus`, :func:`group`, :func:`scan`,
:func:`keep_meant`, :func:`select`, :func:`name`, :func:`rank` and :func:`broader`. The model
reaches them only as the embedder inside a :class:`PhraseVectors`, passed in, so each phase
runs in a test with a fake embedder.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import islice
from typing import TYPE_CHECKING, Any, cast

import numpy as np
from networkx.utils import UnionFind

from . import concepts_rules as R
from . import lemmas as L
from . import mentions as M
from . import text as T
from .extract import Extraction
from .extract.embed import Embedder
from .extract.stored import holding_dtype
from .model import Candidate, Concept, Mention, Paper
from .text import chunking as C
from .text.chunking import DETERMINERS
from .text.words import BROAD_ALONE, NON_HEAD, STOPWORDS, TOO_BROAD

if TYPE_CHECKING:
    from .thesaurus import Thesaurus

__all__ = [
    "Linked",
    "link",
    "Ranking",
    "LinkState",
    "PhraseVectors",
    "SCAFFOLD_SEEDS",
    "pool",
    "pool_common",
    "join_cores",
    "join_name_parts",
    "acronyms",
    "apply_thesaurus",
    "group",
    "scan",
    "keep_meant",
    "select",
    "name",
    "rank",
    "broader",
]

#: Phrases that describe the paper rather than its subject. Candidates close to any of
#: them in embedding space are dropped (a learned neighbourhood, not an exact list).
SCAFFOLD_SEEDS = [
    "proposed method",
    "our approach",
    "this paper",
    "this work",
    "experimental results",
    "extensive experiments",
    "state of the art",
    "empirical results",
    "promising results",
    "future work",
    "key insight",
    "main contribution",
    "wide range",
    "real world",
    "significant improvement",
    "baseline methods",
    "previous work",
    "existing methods",
    "theoretical analysis",
    "empirical evaluation",
    "new approach",
    "performance",
    "effectiveness",
    "results",
    "method",
    "approach",
    "framework",
    "problem",
    "paper",
]
SCAFFOLD_SIMILARITY = 0.8
#: Phrases whose vectors are fetched together from an extraction that computes them on demand
#: (fast mode beyond one block of papers): bounds the memory of one batch of vectors.
BATCH = 8192
#: Two expansions of one acronym at least this similar are the same concept. Measured on the
#: 1,283 dev papers: spelling variants score 0.77-0.96 ("Generative adversarial networks" /
#: "Generative Adversarial Nets" 0.90), different meanings 0.01-0.68 ("Recurrent" / "Recursive
#: Neural Network" 0.68, "Reinforcement" / "representation learning" 0.41).
ACRONYM_VARIANT_SIMILARITY = 0.7
#: An acronym a few papers define is those papers' alone, not the meaning of every paper that
#: writes it undefined, when most of those papers are far from it: no closer than this to any
#: defining paper ...
FOREIGN_PAPERS = 0.4
#: ... nor this close to a long form (the cosine of the paper's vector and the long form's).
#: Measured on 3,000 scale abstracts of 2023-25 (129 acronyms a few papers define): the papers
#: that write "COCO" (the dataset) lie 0.15-0.39 from the one paper of "COmparing COntinuous
#: Optimizers (COCO)" and 0.01-0.19 from its long form, those of hyperparameters' "HP" 0.27-0.37
#: and -0.05-0.05 from "Human Pose (HP)", of "FPS" (frames per second) mostly 0.32-0.40 and
#: 0.09-0.23 from "Farthest Point Sampling"; the papers that mean the definition come closer
#: to a defining paper or to the long form: "CAM" 0.54-0.77 (class activation maps), "DETR"
#: 0.47-0.62, "LiDAR" 0.37-0.62 and 0.11-0.39, "GPS" 0.30-0.59 and 0.07-0.32, "VAE" 0.35-0.68.
#: A median cosine to the nearest defining paper below 0.2, the rule before, had caught only
#: the farthest (AUC, MR, SE of the rows below).
FOREIGN_MEANING = 0.2
#: ... and the acronym itself this far from the long form (MiniLM knows common acronyms: "PCA"
#: / "principal component analysis" 0.64, "RMSE" 0.46; "AUC" / "auxetic unit cell" 0.07).
#: Measured on 3,000 scale abstracts of robotics, vision, language and learning venues: one
#: robotics paper's "auxetic unit cell (AUC)" had named the metric AUC of 6 other papers,
#: "Mixed Reality" MR's 7 (magnetic resonance, magnetorheological ...), "acronym
#: identification" AI's 16, "spectral estimation" SE's, "multipath interference" MPI's,
#: "Huntington disease" HD's. PCA (0.11, 0.64), RANSAC (0.26) and EM (0.26) stay joined; on
#: the dev and held-out papers no acronym comes near (every median is 0.3 or more).
FOREIGN_SPELLING = 0.3
#: ... and only an acronym at most this many papers define: more, and the corpus knows it so.
FOREIGN_DEFINERS = 3
_SHARED_ONLY = 10**6  # rank of pool entries that become concepts only when 2+ papers share them


_KIND_HEADS = {
    "dataset": {"dataset", "benchmark", "corpus", "suite", "database"},
    "metric": {
        "accuracy",
        "precision",
        "recall",
        "f1",
        "score",
        "error",
        "bleu",
        "rouge",
        "auc",
        "perplexity",
        "fid",
        "psnr",
        "ssim",
        "metric",
        "divergence",
        "regret",
    },
    "task": {
        "detection",
        "segmentation",
        "classification",
        "recognition",
        "generation",
        "translation",
        "prediction",
        "answering",
        "retrieval",
        "summarization",
        "forecasting",
        "tracking",
        "captioning",
        "parsing",
        "localization",
        "reconstruction",
        "completion",
        "editing",
        "navigation",
        "manipulation",
        "control",
        "planning",
        "reasoning",
        "synthesis",
        "matching",
    },
    "model": {
        "model",
        "machine",  # "support vector machine", "Boltzmann machine", "factorization machine"
        "network",
        "transformer",
        "encoder",
        "decoder",
        "autoencoder",
        "backbone",
        "architecture",
        "llm",
        "mllm",
        "vlm",
        "gan",
        "vae",
        "cnn",
        "rnn",
        "lstm",
        "gpt",
        "bert",
    },
    "method": {
        "learning",
        "optimization",
        "algorithm",
        "method",
        "training",
        "descent",
        "sampling",
        "regularization",
        "distillation",
        "attention",
        "search",
        "alignment",
        "tuning",
        "pruning",
        "quantization",
        "inference",
        "estimation",
        "approach",
        "technique",
        "policy",
        "loss",
        "objective",
        "augmentation",
        "normalization",
        "decoding",
        "prompting",
    },
}


#: Single words too broad to be a concept alone (the pool leaves them out, the scan derives no form from them).
_NEVER_ALONE = TOO_BROAD | BROAD_ALONE

#: Groups whose vectors keep_meant holds at once.
_BLOCK = 50_000


# Memoised by surface form, as _key: the pool and the namer ask about each form once per paper
# and per concept that has it.
@lru_cache(maxsize=200_000)
def _mk(surface: str) -> str:
    return R.group_key(_key(surface))


@lru_cache(maxsize=200_000)
def _key(surface: str) -> tuple[str, ...]:
    """The phrase key of a surface form (:func:`graphkit.text.phrase_key` of its words)."""
    return T.phrase_key(surface.split())


@dataclass
class Linked:
    concepts: list[Concept]
    mentions: list[Mention]
    broader: list[tuple[str, str]]  # (narrower key, broader key)
    forms: dict[str, list[tuple[str, ...]]]  # concept key -> normalised forms it matches
    merges: list[tuple[str, str]]  # (surface form, concept name) for every merged variant


@dataclass(frozen=True)
class Ranking:
    """How a paper's concepts are ordered: similarity + ``chosen`` if KeyBERT picked the
    concept for this paper + ``shared`` x log(papers with it) / log(papers) + ``named`` if the
    concept's name is a name (AHP, GIS, ELECTRE TRI, MNIST: MiniLM puts an acronym far from
    the abstract that uses it, so names sank to the end of their papers).

    The defaults were measured on the dev set (benchmarks/quality.py): similarity alone gives
    F1@10 0.163, F1@5 0.150; chosen=0.1 and shared=0.1 give 0.167 and 0.170. Larger
    ``shared`` favours broad concepts (F1@5 up, F1@10 down). ``named`` (F1@5 / F1@10, dev and
    ``--corpus heldout``): 0 gives 0.188 / 0.173 and 0.172 / 0.195; 0.05 0.187 / 0.172 and
    0.178 / 0.198; 0.1 0.187 / 0.173 and 0.183 / 0.200; 0.2 0.186 / 0.171 and 0.207 / 0.208.
    0.1 is the most the dev set takes without losing F1@10.
    """

    chosen: float = 0.1
    shared: float = 0.1
    named: float = 0.1


class PhraseVectors:
    """Phrase vectors for one linking run: those the extractor computed, then the embedder's.

    New vectors are kept here, never written back into the extraction.
    """

    def __init__(self, embedder: Embedder, known: Mapping[str, np.ndarray] | None = None, dim: int = 384):
        self.embedder = embedder
        self._known = known or {}
        self._new: dict[str, np.ndarray] = {}
        self.dim = dim

    def known(self, phrase: str) -> np.ndarray | None:
        """The vector of ``phrase`` if one was computed already, else None (embeds nothing)."""
        v = self._known.get(phrase)
        return self._new.get(phrase) if v is None else v

    def __call__(self, phrases: list[str]) -> np.ndarray:
        """One row per phrase; the ones never seen are embedded in one call."""
        if hasattr(self._known, "many"):
            return self._batched(phrases)
        self._embed(self._missing(phrases))
        if not phrases:
            return np.zeros((0, self.dim), dtype=np.float32)
        first = np.asarray(self.known(phrases[0]))
        out = np.empty((len(phrases), first.shape[-1]), dtype=first.dtype)
        for k, p in enumerate(phrases):  # row by row: never a list of as many separate arrays (0.36 GB more at 79k)
            out[k] = self.known(p)
        return out

    def prepare(self, phrases: list[str]) -> None:
        """Embed, in one call, the ``phrases`` never seen, so that the calls for parts of them
        that follow (a block at a time, an acronym at a time) find every vector. Each call that
        meets new texts runs the model: in a process started for it when the embedder runs the
        model apart (:mod:`graphkit.extract.apart`; 10,000 abstracts' acronyms were a process
        each)."""
        self._embed(sorted(set(self._missing(phrases))))

    def _missing(self, phrases: list[str]) -> list[str]:
        """The ``phrases`` with no vector yet, in their order (repeats kept): neither the
        extraction's (computed on demand where it is lazy) nor one embedded here."""
        if hasattr(self._known, "many"):
            lazy = cast(Any, self._known)
            return [p for p in phrases if p not in lazy and p not in self._new]
        return [p for p in phrases if self.known(p) is None]

    def _embed(self, missing: list[str]) -> None:
        """Embed ``missing`` in one call and keep the vectors (nothing is called for none)."""
        if missing:
            for p, v in zip(missing, self.embedder.embed(missing)):
                self._new[p] = v

    def _batched(self, phrases: list[str]) -> np.ndarray:
        """``__call__`` where the extraction's vectors are computed on demand
        (:class:`~graphkit.extract.static.LazyVectors`): asked for :data:`BATCH` at a time."""
        lazy = cast(Any, self._known)
        self._embed(self._missing(phrases))
        out = np.empty((len(phrases), self.dim), dtype=np.float32)
        for s in range(0, len(phrases), BATCH):
            part = phrases[s : s + BATCH]
            inside = [k for k, p in enumerate(part) if p in lazy]
            if inside:
                out[s : s + len(part)][inside] = lazy.many([part[k] for k in inside])
            for k, p in enumerate(part):
                if p not in lazy:
                    out[s + k] = self._new[p]
        return out


@dataclass
class LinkState:
    """What the phases of :func:`link` hand on to each other.

    Surface forms are identified by their group key (:func:`graphkit.concepts_rules.group_key`); a
    group of merge keys that name one idea is identified by its smallest merge key.
    """

    # pool
    sets: UnionFind = field(default_factory=UnionFind)  # merge keys that name one idea
    surfaces: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))  # mk -> surface forms
    keys_of: dict[str, set[tuple[str, ...]]] = field(default_factory=lambda: defaultdict(set))  # mk -> normal forms
    artefacts: set[str] = field(default_factory=set)  # mks of named artefacts
    best_rank: dict[str, int] = field(default_factory=dict)  # mk -> best rank any paper gave it
    chosen: list[set[str]] = field(default_factory=list)  # per paper: mks of what the extractor chose
    # acronyms
    long_forms: dict[str, set[str]] = field(
        default_factory=lambda: defaultdict(set)
    )  # mk -> surfaces used as long form
    expansions: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))  # short mk -> long mks
    local: list[dict[str, str]] = field(default_factory=list)  # per paper: short mk -> its long mk there
    dominant: dict[str, str] = field(default_factory=dict)  # short mk -> its most common long mk
    foreign: set[str] = field(default_factory=set)  # short mks whose definitions stay their papers' (:func:`acronyms`)
    ambiguous: set[str] = field(default_factory=set)  # short mks with two meanings
    parts: set[str] = field(default_factory=set)  # mks of a name's part alone ("TRI" of ELECTRE TRI)
    spelled: set[str] = field(default_factory=set)  # mks of words capitalised to spell an acronym ("REalite")
    # (paper, group, acronym mk, form, sentence) of an ambiguous acronym a paper writes undefined
    undefined: list[tuple[int, str, str, tuple[str, ...], str]] = field(default_factory=list)
    named_with: dict[str, set[str]] = field(default_factory=dict)  # eponym's mks -> mks of it with its head
    # thesaurus
    removed: set[str] = field(default_factory=set)
    renamed: dict[str, str] = field(default_factory=dict)  # mk -> the user's name for it
    # grouping
    groups: dict[str, list[str]] = field(default_factory=dict)  # group -> its mks
    group_of: dict[str, str] = field(default_factory=dict)  # mk -> group
    forms: dict[str, set[tuple[str, ...]]] = field(default_factory=dict)  # group -> normal forms it matches
    acronym_forms: dict[str, set[tuple[str, ...]]] = field(default_factory=lambda: defaultdict(set))
    # scanning
    hits: list[dict[str, tuple[tuple[str, ...], str]]] = field(
        default_factory=list
    )  # per paper: group -> (form, the sentence of its first match)
    form_papers: Counter = field(default_factory=Counter)  # (group, form) -> papers it occurs in
    # per paper whose first match of a group is a one-word form: group -> (its first form of 2+
    # words there, that form's sentence), for the groups a modifier names (_drop_bare_modifier)
    later_phrase: dict[int, dict[str, tuple[tuple[str, ...], str]]] = field(default_factory=dict)
    next_words: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))  # group -> following words
    paper_count: Counter = field(default_factory=Counter)  # group -> papers mentioning it
    # selecting, naming
    keep: set[str] = field(default_factory=set)  # groups that become concepts
    concepts: dict[str, Concept] = field(default_factory=dict)  # concept key -> concept
    key_of: dict[str, str] = field(default_factory=dict)  # group -> concept key
    name_key: dict[str, tuple[str, ...]] = field(default_factory=dict)  # group -> normal form of its name
    merges: list[tuple[str, str]] = field(default_factory=list)
    built_on: list[set[str]] = field(default_factory=list)  # per paper: groups it calls its work X-based on
    in_title: dict[int, set[str]] = field(default_factory=dict)  # paper -> groups its title writes (:func:`scan`)
    derived: set[str] = field(default_factory=set)  # mks of the "X model" :func:`pool` made of "X-based"
    verb_forms: set[str] = field(default_factory=set)  # mks of the gerunds :func:`join_gerunds` joined to a noun
    shorthands: set[str] = field(default_factory=set)  # mks of the "X network" :func:`join_neural_networks` joined
    odd_case: set[str] = field(default_factory=set)  # mks :func:`join_odd_case` joined to the word
    based: Counter = field(default_factory=Counter)  # group -> uses of its forms "X-based"
    based_headed: Counter = field(default_factory=Counter)  # group -> those right before a generic head
    mates: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))  # group -> groups listed beside it
    single: Counter = field(default_factory=Counter)  # group -> occurrences of its one-word forms ("black-box" too)
    graded: Counter = field(default_factory=Counter)  # group -> those right after "very", "is", ... (R.GRADERS)
    adverbed: Counter = field(default_factory=Counter)  # group -> those right after "differentially", ...
    modifying: Counter = field(default_factory=Counter)  # group -> those right before a content word
    headed: Counter = field(default_factory=Counter)  # group -> those right before a generic head
    plural: Counter = field(default_factory=Counter)  # group -> those written as a plural ("humanoids")
    verbal: Counter = field(default_factory=Counter)  # group -> those (not in -ing) right before "the", "a", ...
    phrase_uses: Counter = field(default_factory=Counter)  # group -> occurrences of its forms of 2+ words
    attached: Counter = field(default_factory=Counter)  # group -> one-word uses written onto another name
    prefixing: Counter = field(default_factory=Counter)  # group -> one-word uses qualifying another name
    phrase_verbal: Counter = field(default_factory=Counter)  # group -> those that read as subject and verb
    phrase_object: Counter = field(default_factory=Counter)  # group -> those that read as verb and object
    gerunds: Counter = field(default_factory=Counter)  # word in -ing -> papers with it as a phrase alone
    gerund_heads: Counter = field(default_factory=Counter)  # word in -ing -> papers with a longer phrase ending on it


def link(
    papers: Sequence[Paper],
    ex: Extraction,
    *,
    embedder: Embedder,
    min_rank_single: int = 5,
    thesaurus: Thesaurus | None = None,
    ranking: Ranking | None = None,
) -> Linked:
    """Group candidates into concepts and find every paper's mentions of them.

    ``embedder`` embeds what the extraction brought no vector for (scaffolding seeds,
    acronym expansions, concept names; the papers' texts too if it has no document vectors).
    """
    doc_vectors = ex.doc_vectors if ex.doc_vectors is not None else embedder.embed(ex.texts)
    vectors = PhraseVectors(embedder, ex.phrase_vectors, doc_vectors.shape[1] if doc_vectors.size else 384)
    if not ex.phrase_vectors:  # the scaffolding filter looks at the extraction's phrases
        vocab = sorted({p for ps in ex.phrases for p in ps})
        vectors(vocab)
    state = LinkState()
    pool(state, ex.candidates, scaffold_filter(vectors))
    pool_common(state, ex.phrases, scaffold_filter(vectors))
    join_cores(state, vectors)
    join_gerunds(state, vectors)
    join_neural_networks(state, vectors)
    acronyms(state, ex.acronyms, vectors, uses=ex.phrases, doc_vectors=doc_vectors)
    join_long_forms(state, vectors)
    join_named_datasets(state)
    join_name_parts(state, ex.joins if ex.joins is not None else T.name_joins(T.name_counts(ex.texts)))
    join_spelled_out(state)
    join_odd_case(state)
    join_capital_plurals(state, ex.texts)
    join_name_spellings(state, ex.texts)
    join_eponym_heads(state)
    apply_thesaurus(state, thesaurus)
    group(state)
    # keep_meant's surfaces now, before the scan's matches grow the process: each call that
    # meets new texts may start the model's process (79,345 abstracts: 807 surfaces, whose
    # process ran beside a build of 3.26 GB at keep_meant)
    phrased = _phrase_surfaces(state, state.groups)
    vectors.prepare(
        [_top_surface(state, r) for r in state.groups] + [f for forms in phrased.values() for f in forms.values()]
    )
    scan(state, ex.texts, [bool(p.title) for p in papers])
    resolve_ambiguous(state, doc_vectors, vectors, ex.texts)
    keep_meant(state, doc_vectors, vectors, phrased)
    del phrased
    select(state, min_rank_single)
    name(state, ex.texts)
    # the extraction is done with: where the caller handed it over (graphkit.build does), its
    # texts, candidates and acronyms go before the names' vectors (79,345 abstracts: the build
    # was 2.84 GB, now 2.63 GB, while the model's process embedded the names)
    del ex
    _keep_only_the_concepts(state)
    release_memos()  # before the names' vectors, which may start the model's process (see there)
    mentions = rank(state, papers, doc_vectors, vectors, ranking or Ranking())
    forms = {state.key_of[r]: sorted(state.forms[r]) for r in sorted(state.keep)}
    linked = Linked(list(state.concepts.values()), mentions, broader(state), forms, sorted(set(state.merges)))
    release_memos()
    return linked


def _keep_only_the_concepts(state: LinkState) -> None:
    """Drop what the phases before naming needed, and every group that became no concept,
    before the mentions and then the graph are made (79,345 abstracts: over a million groups'
    forms, surfaces and counts, most of linking's memory, that the mentions can reuse)."""
    keep = state.keep
    state.group_of = {mk: r for mk, r in state.group_of.items() if r in keep}  # rank: the chosen concepts
    state.forms = {r: fs for r, fs in state.forms.items() if r in keep}
    for h in state.hits:  # in place: a copy of every paper's hits would be one more at the peak
        for r in [r for r in h if r not in keep]:
            del h[r]
    state.paper_count = Counter({r: n for r, n in state.paper_count.items() if r in keep})
    for name in (
        "surfaces keys_of artefacts best_rank long_forms expansions local dominant foreign ambiguous groups"
        " acronym_forms form_papers next_words built_on mates single graded adverbed modifying headed plural verbal named_with"
        " gerunds gerund_heads phrase_uses phrase_verbal phrase_object derived attached prefixing based based_headed verb_forms"
        " shorthands odd_case later_phrase in_title"
    ).split():
        getattr(state, name).clear()
    state.sets = UnionFind()


def release_memos() -> None:
    """Empty the per-word and per-phrase memos that linking filled: full, they hold over a
    million entries (hundreds of MB at 79k abstracts) that the graph built next can use."""
    import sys

    from .text import forms as F

    for module in (L, F, C, R, sys.modules[__name__]):  # this module's: _mk, _key, _token_key
        for f in vars(module).values():
            if callable(getattr(f, "cache_clear", None)):
                f.cache_clear()


class ScaffoldFilter:
    """``is_scaffold(phrase)``: a phrase with a known vector close to a :data:`SCAFFOLD_SEEDS` phrase.
    :meth:`prime` answers for many phrases at once (their vectors fetched in batches)."""

    def __init__(self, vectors: PhraseVectors):
        self.vectors = vectors
        self.seeds = vectors(SCAFFOLD_SEEDS)
        self.cache: dict[str, bool] = {}

    def __call__(self, phrase: str) -> bool:
        if phrase not in self.cache:
            v = self.vectors.known(phrase)
            self.cache[phrase] = False if v is None else self._close(v)
        return self.cache[phrase]

    def _close(self, v: np.ndarray) -> bool:
        return bool((self.seeds @ v).max() >= SCAFFOLD_SIMILARITY)

    def prime(self, phrases: Iterable[str]) -> None:
        """Answer for these phrases now, the extraction's lazily computed vectors fetched
        :data:`BATCH` at a time (one by one, they cost a tokenizer call each)."""
        lazy = self.vectors._known
        if not hasattr(lazy, "many"):
            return
        todo = [p for p in dict.fromkeys(phrases) if p not in self.cache and p in lazy]
        for s in range(0, len(todo), BATCH):
            part = todo[s : s + BATCH]
            for p, v in zip(part, cast(Any, lazy).many(part)):
                self.cache[p] = self._close(v)


def scaffold_filter(vectors: PhraseVectors) -> ScaffoldFilter:
    """The :class:`ScaffoldFilter` of a linking run's vectors."""
    return ScaffoldFilter(vectors)


def _add(state: LinkState, text: str, rank: int, artefact: bool, is_scaffold: Callable[[str], bool]) -> None:
    """Put a surface form in the pool (unless it is scaffolding or too broad)."""
    key = _key(text)
    if not key or is_scaffold(text) or R.rejection(text):
        return
    if len(key) == 1 and key[0].lower() in _NEVER_ALONE and (not artefact or _odd_case(text)):
        return  # nor one paper's "PARAllel" of an acronym, left alone without "parallel"
    mk = _mk(text)
    if not mk:
        return
    state.surfaces[mk][text] += 1
    state.keys_of[mk].add(key)
    if artefact:
        state.artefacts.add(mk)
    state.best_rank[mk] = min(state.best_rank.get(mk, 10**9), rank)


def pool(state: LinkState, candidates: Iterable[Sequence[Candidate]], is_scaffold: Callable[[str], bool]) -> None:
    """The candidate pool: each paper's chosen candidates and artefacts, plus the shorter ideas
    inside them (head-final sub-phrases, "X" of "X-based"), which count only if papers share them.
    A :class:`ScaffoldFilter` is asked about a block of papers' phrases at once."""
    papers = iter(candidates)
    prime = getattr(is_scaffold, "prime", None)
    while block := list(islice(papers, _POOL_BLOCK)):
        entries = [_pool_entries(cands) for cands in block]
        if prime is not None:
            prime(text for paper in entries for text, *_ in paper)
        for paper in entries:
            state.chosen.append(set())
            for text, rank, artefact, chosen in paper:
                _add(state, text, rank, artefact, is_scaffold)
                if chosen:
                    state.chosen[-1].add(_mk(text))
                if chosen is None:
                    state.derived.add(_mk(text))


#: Papers whose pool entries are gathered (and their scaffolding looked up) together.
_POOL_BLOCK = 2000


def _pool_entries(cands: Sequence[Candidate]) -> list[tuple[str, int, bool, bool | None]]:
    """What :func:`pool` adds for one paper, in order: (text, rank, artefact, chosen), chosen
    True for the paper's own candidates, False for the ideas inside them, None for an "X model"
    derived from "X-based"."""
    out: list[tuple[str, int, bool, bool | None]] = []
    for rank, c in enumerate(cands, start=1):
        out.append((c.text, 1 if c.artefact else rank, c.artefact, True))
        words = c.text.split()
        for s in range(1, len(words)):
            if s < len(words) - 1 or T.is_artefact(words[s]):  # single ordinary words link too loosely
                out.append((" ".join(words[s:]), _SHARED_ONLY, T.is_artefact(words[s]) and s == len(words) - 1, False))
        for w in words:
            if w.lower().endswith("-based") and len(w) > 7:
                out.append((w[:-6] + " model", _SHARED_ONLY, T.is_artefact(w[:-6]), None))
    return out


def _generic_head(word: str) -> bool:
    """Is a written word a generic head ("models", "Method")?"""
    return L.word_key(word.lower()) in T.GENERIC_HEADS


#: A single noun that starts candidate phrases in at least this many papers enters the pool
#: even when no paper's extractor chose it ("diffusion": "diffusion process", "diffusion-based
#: methods", "policies undergo diffusion").
COMMON_WORD_PAPERS = 3


_WORD_END = re.compile(r"[\s-]")  # compiled once: pool_common splits every phrase of every paper


def pool_common(state: LinkState, phrases: Sequence[Sequence[str]], is_scaffold: Callable[[str], bool]) -> None:
    """Single nouns many papers use as a phrase of their own or build phrases on ("diffusion
    process", "diffusion-based methods") join the pool; like the shorter
    ideas inside picks, they count only if papers share them (and a broad one needs a paper
    close to it, :func:`keep_meant`)."""
    df: Counter = Counter()
    for ps in phrases:
        df.update({_WORD_END.split(p, maxsplit=1)[0] for p in ps})
        alone, heads = set(), set()
        for p in ps:
            if p.endswith("ing"):  # a gerund alone or as a longer phrase's head (see _verbal_gerund)
                words = p.lower().split()
                (alone if len(words) == 1 else heads).add(words[-1])
        state.gerunds.update(alone)
        state.gerund_heads.update(heads)
    for w, n in sorted(df.items()):
        if n >= COMMON_WORD_PAPERS and _common_noun(w):
            _add(state, w, _SHARED_ONLY, T.is_artefact(w), is_scaffold)


def _common_noun(word: str) -> bool:
    """A noun and nothing else (unknown words count as nouns): "diffusion", "planning", not
    "synthetic", "better", "first" (they also read as adjectives or adverbs) nor "challenging"
    (a verb only); they flooded the 79,345 scale abstracts' --fast graph."""
    readings = L.readings(word.lower())
    return L.is_nominal(word) and not readings & {"ADJ", "ADV"} and (not readings or "NOUN" in readings)


def join_cores(state: LinkState, vectors: PhraseVectors) -> None:
    """A form and its core ("diffusion model" / "diffusion"), or its variant with an adjective
    for a noun ("convolutional layer" / "convolution layer", :func:`~graphkit.concepts_rules.related_key`),
    are one concept when their embeddings agree (:data:`~graphkit.concepts_rules.AGREE_SIMILARITY`);
    "language model" and "language" are not. A name never joins an ordinary word."""
    by_core: dict[str, set[str]] = defaultdict(set)  # related key -> mks with that key
    for mk in list(state.surfaces):
        for key in state.keys_of[mk]:
            by_core[R.related_key(key)].add(mk)
    pairs = []
    heads: dict[str, str] = {}
    for ck, mks in by_core.items():
        if ck in state.surfaces:
            mks.add(ck)
        if len(mks) < 2:
            continue
        # a modifier's task beside its tool stays apart from both and from the bare modifier:
        # "vision-language task" / "vision-language model" / "vision-language" (see R.task_and_tool)
        mks = by_core[ck] = mks - _tasks_beside_tools(state, mks)
        if len(mks) < 2:
            continue
        head = heads[ck] = max(sorted(mks), key=lambda m: sum(state.surfaces[m].values()))
        pairs += [(mk, head) for mk in sorted(mks) if mk != head and _named(state, mk) == _named(state, head)]
        # and each form with its own core of two words or more, when a paper chose that core
        # and it is not the head: "multiple criteria approach" is "multiple criteria" (0.93),
        # though the head "multicriteria" is further. A word alone would become a hub: on dev
        # "sequence task" made "sequence" a concept of 109 papers, "generation task" "generation"
        pairs += [
            (mk, core)
            for mk in sorted(mks)
            for core in sorted({R.group_key(c) for c in map(R.generic_core, state.keys_of[mk]) if len(c) > 1})
            if core not in (mk, head)
            and core in mks
            and state.best_rank[core] < _SHARED_ONLY
            and _named(state, mk) == _named(state, core)
        ]
    _join_agreeing(state, pairs, vectors)
    # then the forms the head kept apart, with the bare core when the core joined the head: WACV
    # 2025's "segmentation task" (18 papers) is far from the head "segmentation model" but close
    # to "segmentation" (0.89), already that concept. A core that stayed apart is not asked: it
    # would become a hub of every "X task" and "X model" (dev "sequence", ACL "generation").
    second = [
        (mk, ck)
        for ck, mks in by_core.items()
        if ck in heads and ck in mks and state.sets[ck] == state.sets[heads[ck]]
        for mk in sorted(mks)  # the tasks beside tools left out above
        if state.sets[mk] != state.sets[ck] and _named(state, mk) == _named(state, ck)
    ]
    _join_agreeing(state, second, vectors)
    # and a core's ways of doing it with one another, wherever the head left them: the words
    # "method", "approach", "algorithm", "strategy", "scheme", "technique" say one thing, which
    # MiniLM puts 0.70-0.79 apart ("control strategy" / "control method" 0.75): a 3,000-abstract
    # scale slice had "control strategy", "control algorithm", "control method", "control
    # scheme" (40, 20, 19, 18 papers) as four concepts
    for mks in by_core.values():
        if len(mks) < 2:
            continue  # most cores have one form (79,345 abstracts: millions): no way to join
        # not those joined to another form of the core: they would bring their fellows to a broad
        # word ("gradient method" is dev's "gradient", which grew from 132 to 148 papers) or to a
        # problem ("partitioning problem")
        sets: dict[str, list[str]] = defaultdict(list)
        for mk in sorted(mks):
            sets[state.sets[mk]].append(mk)
        ways = [mk for members in sets.values() if all(_a_way(state, m) for m in members) for mk in members]
        if len(ways) > 1:
            lead = max(ways, key=lambda m: sum(state.surfaces[m].values()))
            for mk in ways:
                if _named(state, mk) == _named(state, lead):
                    state.sets.union(mk, lead)


#: The generic heads that name a way of doing something (:func:`join_cores`).
_WAY_HEADS = frozenset("method approach algorithm strategy scheme technique".split())


def _a_way(state: LinkState, mk: str) -> bool:
    """Is the group's most written form a core and one generic head that names a way of doing it
    ("control strategies", not "control architecture")?"""
    key = _key(state.surfaces[mk].most_common(1)[0][0])
    return len(key) > 1 and L.word_key(key[-1].lower()) in _WAY_HEADS and key[-2].lower() not in T.GENERIC_HEADS


def join_long_forms(state: LinkState, vectors: PhraseVectors) -> None:
    """A long form that came into the pool with its acronym, after :func:`join_cores`, joins the
    forms that share its looser identity and its generic head, if any (:func:`_same_head_key`),
    when their embeddings agree, as the pool's forms did: a 2019-22 scale slice's "behavioral cloning (BC)"
    (3 papers) had stood beside "behavior cloning" (0.92)."""
    if not state.long_forms:
        return
    wanted = {_same_head_key(key): lmk for lmk in sorted(state.long_forms) for key in state.keys_of[lmk]}
    # a variant ends in the long form's last word: the others are not asked (79,345 abstracts
    # pool millions of forms)
    last = {L.word_key(key[-1].lower()) for lmk in state.long_forms for key in state.keys_of[lmk] if key}
    pairs = []
    for mk in state.surfaces:  # in the pool's order, as join_cores reads it
        for key in state.keys_of[mk]:
            if not key or L.word_key(key[-1].lower()) not in last:
                continue
            lmk = wanted.get(_same_head_key(key))
            if lmk is not None and state.sets[mk] != state.sets[lmk] and _named(state, mk) == _named(state, lmk):
                pairs.append((mk, lmk))
    _join_agreeing(state, pairs, vectors)


def _same_head_key(key: tuple[str, ...]) -> tuple[str, str]:
    """:func:`~graphkit.concepts_rules.related_key` and the generic head it leaves out, if any: a
    long form joins no form with another head or none ("consistency model (CM)" is no
    "consistency", "vision-language model" no "vision-language task")."""
    core = R.named_artefact(tuple(key)) or R.generic_core(tuple(key))
    return R.related_key(key), " ".join(L.word_key(w.lower()) for w in key[len(core) :])


def _tasks_beside_tools(state: LinkState, mks: set[str]) -> set[str]:
    """The groups among ``mks`` whose most written form is a modifier's task beside a group that
    is the same modifier's tool (:func:`~graphkit.concepts_rules.task_and_tool`)."""
    if len(mks) < 2:
        return set()
    top = {mk: state.surfaces[mk].most_common(1)[0][0] for mk in mks}
    tasks = {mk for mk in mks if R.task_headed(top[mk])}
    return {t for t in tasks if any(R.task_and_tool(top[t], top[m]) for m in mks if m not in tasks)}


def _join_agreeing(state: LinkState, pairs: list[tuple[str, str]], vectors: PhraseVectors) -> None:
    """Join each pair of merge keys whose most written forms' embeddings agree
    (:data:`~graphkit.concepts_rules.AGREE_SIMILARITY`), compared with their last word singular:
    a plural costs "classification tasks" / "classification" 0.82 -> 0.76 in the static space,
    under the bar; the other words stay as written ("naive Bayes classifier", not the key's
    "naive baye classifier")."""
    if not pairs:
        return
    top = {mk: R.singular_form(state.surfaces[mk].most_common(1)[0][0]) for pair in pairs for mk in pair}
    vec = dict(zip(top, vectors(list(top.values()))))
    chosen_by: Counter | None = None  # mk -> papers whose extractor chose it, when asked
    for mk, other in pairs:
        if R.names_another(top[mk], top[other]) or R.names_another(top[other], top[mk]):
            continue  # "camera model" is no camera
        if R.adds_a_mechanism(top[mk], top[other]) or R.adds_a_mechanism(top[other], top[mk]):
            if chosen_by is None:
                chosen_by = Counter(mk for chosen in state.chosen for mk in chosen)
            if min(chosen_by[mk], chosen_by[other]) < R.MECHANISM_SHARED:
                continue  # one "measurement mechanism" would make "measurement" a phrase's concept
            bar = R.AGREE_MECHANISM
        elif R.adds_a_head(top[mk], top[other]):
            bar = R.AGREE_HEADED
        else:
            bar = R.AGREE_SIMILARITY
        if float(vec[mk] @ vec[other]) >= bar:
            state.sets.union(mk, other)


def _named(state: LinkState, mk: str) -> bool:
    """Is the group's most written form a name? One paper's "NeuralNetworks" makes "neural
    network" an artefact, not a name: 10k scale abstracts kept "neural network model" (49
    papers, cosine 0.88) apart from "neural network" for it."""
    return mk in state.artefacts and T.is_artefact(state.surfaces[mk].most_common(1)[0][0])


def join_gerunds(state: LinkState, vectors: PhraseVectors) -> None:
    """A verb's -ing form alone and the verb's noun in -ation, -ion, -ition or -ment are one
    concept when both are in the pool and their embeddings agree
    (:data:`~graphkit.concepts_rules.AGREE_SIMILARITY`): "translating" / "translation" (0.91),
    "classifying" / "classification" (0.93), "adapting" / "adaptation" (0.84), "summarizing" /
    "summarization", "aligning" / "alignment". ACL 2021-22 had "translating" (16 papers) beside
    "translation", WACV 2025 "adapting" (15: "adapting pre-trained models to ..."). Not
    "editing" / "edition" (0.40), "sensing" / "sensation" (0.45), "composing" / "composition" (0.74)."""
    pairs = [
        (mk, noun)
        for mk in sorted(state.surfaces)
        if mk.endswith("ing") and mk not in state.artefacts and (mk,) in state.keys_of[mk]
        for noun in L.nominalisations(mk)
        if noun in state.surfaces and noun not in state.artefacts and (noun,) in state.keys_of[noun]
    ]
    if not pairs:
        return
    # as the papers write them: the extraction's vectors, no model to load on a rebuild
    top = {mk: state.surfaces[mk].most_common(1)[0][0] for pair in pairs for mk in pair}
    vec = dict(zip(top, vectors(list(top.values()))))
    for mk, noun in pairs:
        if float(vec[mk] @ vec[noun]) >= R.AGREE_SIMILARITY:
            state.sets.union(mk, noun)
            state.verb_forms.add(mk)  # an alias, never the name


#: Modifiers with which papers write "X network" for "X neural network". A list, not the
#: embeddings alone: "Bayesian network" (a graphical model) is as close to "Bayesian neural
#: network" (0.86) as "convolutional network" is to "convolutional neural network" (0.86).
NEURAL_KINDS = frozenset(
    (
        "deep",
        "shallow",
        "convolutional",
        "recurrent",
        "feedforward",
        "feed forward",
        "fully connected",
        "residual",
        "spiking",
        "siamese",
        "artificial",
        "multilayer",
        "multi layer",
    )
)


#: The heads of the shorthands :func:`join_neural_networks` reads, and what they stand for.
_SHORT_HEADS = {"network": ("neural", "network"), "model": ("neural", "network", "model")}


def join_neural_networks(state: LinkState, vectors: PhraseVectors) -> None:
    """An "X network" and the "X neural network" are one concept for an X ending in one of
    :data:`NEURAL_KINDS` ("deep convolutional network"), when the corpus has both and their embeddings agree (:data:`~graphkit.concepts_rules.AGREE_SIMILARITY`):
    on dev "deep network" (74 papers) and "convolutional network" (44) had stood in the 30
    biggest concepts beside "deep neural network" and CNN (0.94 and 0.86). So is an "X model"
    and the "X neural network model" ("recurrent model", 16 dev papers: 0.83). The shorthand is
    an alias, never the name."""
    pairs = [
        (mk, target)
        for mk in sorted(state.surfaces)
        for key in sorted(state.keys_of[mk])
        if len(key) >= 2
        and key[-1] in _SHORT_HEADS
        and any(" ".join(key[i:-1]) in NEURAL_KINDS for i in range(max(0, len(key) - 3), len(key) - 1))
        and (target := R.group_key((*key[:-1], *_SHORT_HEADS[key[-1]]))) in state.surfaces
        and not _named(state, mk)
    ]
    _join_agreeing(state, pairs, vectors)
    state.shorthands.update(mk for mk, target in pairs if state.sets[mk] == state.sets[target])


def join_named_datasets(state: LinkState) -> None:
    """A name's dataset is the name: "CIFAR10 dataset" joins CIFAR-10 and "ImageNet benchmark"
    ImageNet (:func:`~graphkit.concepts_rules.named_artefact`), but "QA dataset" does not join
    QA, an acronym of a task ("question answering"): it is a dataset for the task, while "SQuAD
    dataset" joins SQuAD, which spells a dataset (:func:`_spelled_with`). A name with
    a generic head is the name, an acronym's too ("MCDA method" is MCDA, as "diffusion model"
    is diffusion), but a dataset's model is a model trained on it ("ImageNet model", beside
    "ImageNet dataset", is no alias of ImageNet)."""
    named = [(mk, key, R.named_artefact(key)) for mk in list(state.surfaces) for key in state.keys_of[mk]]
    datasets = {  # names written with a dataset's head that they are: not "QA dataset" of QA, a task
        target
        for _, key, name in named
        if name
        and L.word_key(key[-1]) in R.DATASET_HEADS
        and ((target := R.group_key(name)) not in state.expansions or _spelled_with(state, target, key[-1]))
    }
    for mk, key, name in named:
        target = R.group_key(name) if name else None
        head = L.word_key(key[-1])
        if (
            target
            and target in state.surfaces
            and not (head in _TRAINED_ON and target in datasets)
            and not (head in R.MEASURE_HEADS and not _measured(state, mk, target))
            and (target not in state.expansions or head in R.GENERIC_HEADS or _spelled_with(state, target, key[-1]))
        ):
            state.sets.union(mk, target)


#: A name is its own score when the papers' candidates write "<name> score" at least this
#: often beside the name (10k scale abstracts: "F1 score" 28 against F1's 125, 0.22, and "IQ
#: score" 1 against 4 join; "BERT score" 13 against 365, BERTScore, a metric of its own, and
#: "AUC score" 1 against 31 do not).
MEASURE_SHARE = 0.1


def _measured(state: LinkState, mk: str, target: str) -> bool:
    return sum(state.surfaces[mk].values()) >= MEASURE_SHARE * sum(state.surfaces[target].values())


#: Heads that, after a dataset's name, make a thing trained on it ("ImageNet model").
_TRAINED_ON = frozenset("model architecture".split())


def _spelled_with(state: LinkState, smk: str, head: str) -> bool:
    """Does the acronym's dominant long form end in ``head``? "SQuAD dataset" is SQuAD, the
    "Stanford Question Answering Dataset" (dev: 6 papers of a concept of its own)."""
    lmk = state.dominant.get(smk) if smk not in state.foreign else None
    written = state.surfaces.get(lmk) if lmk else None
    return bool(written) and L.word_key(written.most_common(1)[0][0].split()[-1].lower()) == L.word_key(head.lower())


def join_name_parts(state: LinkState, joins: frozenset[tuple[str, str]]) -> None:
    """A name the corpus writes after one other name (``joins``, :func:`graphkit.text.name_joins`)
    is a part of that name wherever it stands: "TRI" in "(ELECTRE) TRI", "ELECTRE III/TRI" or
    "TOPSIS-ELECTRE TRI" is ELECTRE TRI, "TRI-C" ELECTRE TRI-C, "TRI outranking method" the
    "ELECTRE TRI outranking method" (the MCDA exports: 22 papers had a concept "TRI" beside
    ELECTRE TRI), "VOC" PASCAL VOC. Only where the corpus has the whole."""
    before = {n: p for p, n in joins}
    firsts = {n.split("-", 1)[0] for n in before}
    for mk in list(state.surfaces):
        for surface in list(state.surfaces[mk]):
            first = surface.split(" ", 1)[0]
            if first.split("-", 1)[0] not in firsts:
                continue
            name, _ = T.name_of(first)
            if name == first and name in before:  # "TRI", not "TRI-based"
                target = _mk(f"{before[name]} {surface}")
                if target in state.surfaces and target != mk:
                    state.sets.union(mk, target)
                    state.parts.add(mk)


def join_odd_case(state: LinkState) -> None:
    """One paper's English word with capitals inside, which spell an acronym the paper writes
    without brackets ("lAbel noiSe-robuSt dIalogue State Tracking", "logical ReasonIng",
    "LEgal eVENt detection"), is the word when other papers write it in lower case: ACL
    2021-22 had 13 such one-paper concepts beside "dialogue" (99 papers), "event", "label",
    robotics "pErceptioN", "TransformEr", "SpRinG". A form more papers write so is a name
    ("GloVe"), and one in capitals stays apart from the word (REINFORCE, MAP). One paper may
    write it more than once (title and abstract): ECCV 2022's "transFormer" (3 times),
    "detectIon", "SampLing" had stayed apart. One a paper defines in brackets is a name: ACL
    2022's "Prompt-based Environmental Self-exploration (ProbES)" had joined "probe"."""
    odd: dict[str, str] = {}  # mk -> the word's mk
    for mk, surfaces in state.surfaces.items():
        if len(surfaces) != 1 or mk in state.dominant:
            continue
        (surface,) = surfaces
        if not any(_odd_case(p) for w in surface.split() for p in w.split("-")):
            continue
        lower = R.group_key(T.phrase_key(surface.lower().split()))
        if lower != mk and lower in state.surfaces:
            odd[mk] = lower
    papers: Counter = Counter()
    for chosen in state.chosen if odd else ():
        papers.update(mk for mk in chosen if mk in odd)
    for mk, lower in odd.items():
        if papers[mk] <= 1:
            state.sets.union(mk, lower)
            state.odd_case.add(mk)  # an alias, never the name


_CAPITAL_PLURAL = re.compile(r"[A-Z][A-Z0-9]{2,}S")


def _alternation(words: Iterable[str]) -> str:
    """A regex alternation of ``words``, longest first (so "CNN" never wins over "CNNS")."""
    return "|".join(map(re.escape, sorted(words, key=len, reverse=True)))


def join_capital_plurals(state: LinkState, texts: Sequence[str]) -> None:
    """A name in capitals ending in S is the plural of the name without it only when the corpus
    writes that plural with a small "s" at least as often: "CNNS" joins CNN beside "CNNs", and
    "FLOPS" FLOPs; but IRLS (iteratively reweighted least squares) is not IRL, nor MIPS
    (maximum inner product search) MIP, PACS (a dataset) PAC, MCTS MCT, RKHS "RKH", and "NLOS"
    is "NLoS". The first 30,000 scale abstracts write 538 such names, 230 of them beside the name
    without the S and 24 beside a small-s plural as often; in the 537 of all 79,345 naming IRLS,
    PACS, MIPS, MCTS, FLOPS, IRL, PAC or MIP, keys that dropped the S had made IRLS an alias of
    IRL, PACS of PAC, ABCS (approval-based committee scoring) of ABC. One the papers define in brackets,
    "neural subtask graph solver (NSGS)", is its own name, however often "NSGs" (network security
    games) is written."""
    places: dict[str, list[tuple[str, str]]] = defaultdict(list)  # stem -> (mk, surface) writing stem + "S"
    for mk, surfaces in state.surfaces.items():
        for surface in surfaces:
            if "S" not in surface:  # most surfaces: no split of every one (79k: millions)
                continue
            for part in re.split(r"[\s-]+", surface):
                if _CAPITAL_PLURAL.fullmatch(part):
                    places[part[:-1]].append((mk, surface))
    if not places:
        return
    pattern = re.compile(rf"(\(?)(?<![\w-])({_alternation(places)})([sS])(?![\w-])(\)?)")
    written: Counter = Counter()  # (stem, "s", "S" or "(S)") -> occurrences
    for t in texts:
        for m in pattern.finditer(t):
            written[m.group(2), m.group(3)] += 1
            if m.group(3) == "S" and m.group(1) and m.group(4):
                written[m.group(2), "(S)"] += 1
    for stem, at in places.items():
        # "(NSGS)" names its own long form ("neural subtask graph solver") beside "NSGs"
        if written[stem, "s"] == 0 or written[stem, "s"] < written[stem, "S"] or written[stem, "(S)"]:
            continue
        plural = re.compile(rf"(?<![\w]){re.escape(stem)}S(?!\w)")
        for mk, surface in at:
            target = _mk(plural.sub(stem + "s", surface))
            if target != mk and target in state.surfaces:
                state.sets.union(mk, target)


def join_name_spellings(state: LinkState, texts: Sequence[str]) -> None:
    """One name in its authors' several capitalisations is one concept: "LLaMA", "LLaMa" and
    "LLama" (COLING 2025: 3, 2 and 2 papers beside "Llama"'s 33, two concepts shown "Llama" and
    "LLaMA"). A name keeps its case when it is also an English word (REINFORCE never meets
    "reinforce"), so only spellings with capitals inside and small letters too join one another
    ("mixed case"), and the word joins them when the papers write it capitalised inside their
    sentences at least three times in four (Llama). A form in capitals alone stays apart:
    "METEOR" (a metric) is not "MeTeoR", nor "FOCUS" "FoCus", nor "CAST" "CAsT"; and "mAP"
    never meets the "map" that papers write in lower case."""
    mixed: dict[str, list[str]] = defaultdict(list)
    for mk, surfaces in state.surfaces.items():
        if mk in state.odd_case or not mk.isalnum() or mk.islower() or mk.isupper() or mk[1:].islower():
            continue
        if all(s.isalnum() for s in surfaces):
            mixed[mk.lower()].append(mk)
    words = {low for low in mixed if low in state.surfaces}
    written: Counter = Counter()  # (word, capitalised?) -> occurrences inside a sentence
    if words:  # one pattern of the few words (1,000 abstracts: 3), 4x faster than every word's run
        pattern = re.compile(rf"(?<![\w-])(?:{_alternation(words)})(?![\w-])", re.IGNORECASE)
        for t in texts:
            for m in pattern.finditer(t):
                before = t[max(0, m.start() - 8) : m.start()].rstrip()
                if before and before[-1] not in ".!?:":  # not where a sentence starts
                    written[m.group().lower(), not m.group().islower()] += 1
    for low, mks in mixed.items():
        capitalised = written[low, True]
        if capitalised >= 2 and 4 * capitalised >= 3 * (capitalised + written[low, False]):
            mks = [*mks, low]
        for other in mks[1:]:
            state.sets.union(mks[0], other)


def _odd_case(part: str) -> bool:
    """A dictionary word written with a capital inside, not in capitals alone: "dIalogue",
    "ReasonIng", "CONFidence", and a long one with a capital at its end ("KnowledgE",
    "sUpervisioN"); not "Dialogue", "DIALOGUE", "mAP", "FiLM" (capitals at the end of a short
    word)."""
    return (
        any(c.isupper() for c in part[1:])
        and any(c.islower() for c in part)
        and (part[-1].islower() or len(part) >= 6)
        and bool(L.readings(part.lower()))
    )


def join_spelled_out(state: LinkState) -> None:
    """A phrase with an acronym in it joins the same phrase with the acronym spelled out, when
    the corpus has both: "deep RL" = "deep reinforcement learning", "RL agent" = "reinforcement
    learning agent". Only the acronym's dominant meaning is spelled out, and only when no other
    meaning's spelling is in the corpus too ("ML estimation", with "machine learning" defined
    three times and "maximum likelihood" once, joins nothing if "maximum likelihood estimation"
    is written; a minor meaning never joins: "KG model" spelled as "keyphrase generation model"
    would have joined keyphrase generation to the knowledge graph's KG); an ambiguous acronym
    spells out nothing."""
    longs = {
        smk: [state.surfaces[lmk].most_common(1)[0][0] for lmk in [state.dominant[smk], *counts] if state.surfaces[lmk]]
        for smk, counts in state.expansions.items()
        if smk not in state.ambiguous and smk not in state.foreign
    }
    for mk in list(state.surfaces):
        for key in state.keys_of[mk]:
            if len(key) < 2:
                continue
            for i, w in enumerate(key):
                if not L.is_name(w):  # cached, and most words are no acronym
                    continue
                smk = R.group_key((w,))
                if smk not in longs:
                    continue
                targets = [R.group_key((*key[:i], *_key(long), *key[i + 1 :])) for long in longs[smk]]
                found = {t for t in targets if t in state.surfaces}
                if found and found == {targets[0]}:  # the dominant meaning's, and no other's
                    state.sets.union(mk, targets[0])


#: An eponym names a thing with the head the papers write after it in at least this many
#: candidate forms ("KL divergence"), ...
EPONYM_HEAD_MIN = 5
#: ... and this share of all the heads written after it.
EPONYM_HEAD_SHARE = 0.5


def join_eponym_heads(state: LinkState) -> None:
    """An acronym of names joined by hyphens (an eponym: "Kullback-Leibler (KL) divergence",
    "Vapnik-Chervonenkis (VC) dimension") names no thing alone: it is the thing its papers
    write it before, when one head dominates (:data:`EPONYM_HEAD_SHARE`), and is named with that
    head. KL joins "KL divergence" and "Kullback-Leibler divergence" (10k scale abstracts: 75
    and 72 papers, two concepts) as "KL divergence"; VC is the VC dimension. The names' parts
    are words no dictionary knows, so an acronym of capitalised words ("Actor-Critic") is no
    eponym; one written mostly with a generic head names a method ("BFGS method") and stays
    itself."""
    of_stem: dict[tuple[str, ...], str] = {}  # the key of an eponym or of its acronym -> the acronym
    for smk, lmk in state.dominant.items():
        if smk in state.ambiguous or smk in state.foreign or not state.surfaces[lmk]:
            continue
        long = state.surfaces[lmk].most_common(1)[0][0]
        if _EPONYM.fullmatch(long) and not any(L.readings(p.lower()) for p in re.split(r"[-–]", long)):
            of_stem.update((key, smk) for key in state.keys_of[smk] | state.keys_of[lmk])
    if not of_stem:
        return
    heads: dict[str, Counter] = defaultdict(Counter)  # acronym -> head -> candidate forms
    by_head: dict[tuple[str, str], list[str]] = defaultdict(list)
    for mk, keys in state.keys_of.items():
        for key in keys:
            smk = of_stem.get(key[:-1])
            if smk and key[-1].islower():
                head = L.word_key(key[-1])
                heads[smk][head] += sum(state.surfaces[mk].values())
                by_head[smk, head].append(mk)
    for smk, counts in heads.items():
        head, n = counts.most_common(1)[0]  # a generic head first: a method's name ("BFGS method")
        if n >= EPONYM_HEAD_MIN and n >= EPONYM_HEAD_SHARE * sum(counts.values()) and head not in T.GENERIC_HEADS:
            for mk in by_head[smk, head]:
                state.sets.union(smk, mk)
            state.named_with[smk] = state.named_with[state.dominant[smk]] = set(by_head[smk, head])


_EPONYM = re.compile(r"[A-Z][^\W\d_A-Z]+(?:[-–][A-Z][^\W\d_A-Z]+)+")  # "Erdős-Rényi" too


def acronyms(
    state: LinkState,
    definitions: Sequence[Sequence[T.AcronymDef]],
    vectors: PhraseVectors,
    uses: Sequence[Sequence[str]] = (),
    doc_vectors: np.ndarray | None = None,
) -> None:
    """Each short form joins its dominant expansion; other expansions join when they mean the
    same ("Generative Adversarial Nets" / "generative adversarial networks", by embedding);
    an expansion with another meaning (VAD: video anomaly / voice activity detection) stays
    apart, and when that meaning is defined at least half as often as the dominant one the bare
    acronym is ambiguous and never names a concept. An acronym a few papers define and more
    papers far from them write undefined (``uses``: each paper's candidate phrases, with
    ``doc_vectors``) joins nothing: the definition is its papers' own (:func:`_foreign`)."""
    # acronym -> long form -> its definitions by a long form that names no concept
    unnamed: defaultdict[str, Counter] = defaultdict(Counter)
    for defs in definitions:
        here: dict[str, str] = {}
        for d in defs:
            # a long form no concept comes from still spells with its capitals ("Latent bAndiTs via
            # maTrIx ComplEtion (LATTICE)", "relAtional Graph adversarIal InferenCe (MAGIC)")
            state.spelled.update(R.group_key(T.phrase_key([w])) for w in _spelling_words(d))
            d = _without_its_setting(d)
            if not R.abbreviates(d.short, d.long) or R.rejection(d.short) or R.definition_rejection(d.long):
                if R.abbreviates(d.short, d.long) and not R.rejection(d.short):
                    # no concept, but a meaning: "Magneto-Rheological (MR)" beside "Mixed Reality (MR)"
                    unnamed[R.group_key(T.phrase_key([d.short]))][_loose_key(d.long)] += 1
                continue  # "Policy Optimization" does not spell PPO
            skey = T.phrase_key([d.short])
            lkey = T.phrase_key(d.long.split())
            smk, lmk = R.group_key(skey), R.group_key(lkey)
            if not smk or not lmk or smk == lmk:
                continue
            state.expansions[smk][lmk] += 1
            here[smk] = lmk
            state.surfaces[smk][d.short] += 1
            state.keys_of[smk].add(skey)
            state.surfaces[lmk][d.long] += 1
            state.keys_of[lmk].add(lkey)
            state.long_forms[lmk].add(d.long)
            state.artefacts.add(smk)
            state.best_rank[smk] = 1
            state.best_rank[lmk] = min(state.best_rank.get(lmk, 10**9), 1)
        state.local.append(here)
    state.dominant = {smk: c.most_common(1)[0][0] for smk, c in state.expansions.items()}
    if doc_vectors is not None and len(uses):
        state.foreign = _foreign(state, uses, doc_vectors, vectors)
    for smk, lmk in state.dominant.items():
        if smk not in state.foreign:
            state.sets.union(smk, lmk)
    surfaces = {}  # the written form of each long form, for the acronyms defined more than one way
    for smk, counts in state.expansions.items():
        if smk in state.foreign:
            continue
        others = [lmk for lmk in counts if lmk != state.dominant[smk]]
        if others:
            surfaces[smk] = {lmk: state.surfaces[lmk].most_common(1)[0][0] for lmk in [state.dominant[smk], *others]}
    vectors.prepare([f for surface in surfaces.values() for f in surface.values()])
    for smk, surface in surfaces.items():
        counts = state.expansions[smk]
        others = list(surface)[1:]
        vecs = vectors(list(surface.values()))
        apart = 0  # definitions by meanings other than the dominant one
        for lmk, v in zip(others, vecs[1:]):
            dominant = surface[state.dominant[smk]]
            if R.act_and_thing(surface[lmk], dominant):
                continue  # its own concept, but no other meaning: LM is the language model's
            if (
                R.one_abbreviated(surface[lmk], dominant)
                or R.same_marking(surface[lmk], dominant)
                or (
                    float(v @ vecs[0]) >= ACRONYM_VARIANT_SIMILARITY
                    and not R.other_prefix(surface[lmk], dominant)
                    and not R.one_word_apart(surface[lmk], dominant)
                )
            ):
                if not _brings_its_core(state, lmk, state.dominant[smk]):
                    state.sets.union(smk, lmk)
            else:
                apart += counts[lmk]
        # other meanings defined at least half as often as the dominant one (VAD 1:1; SAM 5 : 2+2+2)
        # make the acronym ambiguous; a stray (one other meaning beside four definitions of
        # ELECTRE) does not: that paper keeps its own meaning (the scan's override). A
        # translation that marks the same letters ("ELimination") is no other meaning (above).
        if (
            apart
            and 2 * (apart + _other_meanings(unnamed, smk, surface[state.dominant[smk]])) >= counts[state.dominant[smk]]
        ):
            state.ambiguous.add(smk)
    for smk in unnamed:
        if smk not in state.dominant or smk in state.foreign:
            continue
        dominant = state.dominant[smk]
        n = _other_meanings(unnamed, smk, state.surfaces[dominant].most_common(1)[0][0])
        if n and 2 * n >= state.expansions[smk][dominant]:
            state.ambiguous.add(smk)  # 3k scale abstracts: MR had been "Mixed Reality" for MR images and clutches


def _loose_key(long: str) -> str:
    """A long form's merge key with its hyphens read as spaces."""
    return R.group_key(T.phrase_key(long.replace("-", " ").split()))


def _other_meanings(unnamed: dict[str, Counter], smk: str, dominant: str) -> int:
    """The definitions of an acronym by a long form that names no concept and is not the
    dominant one written another way: "Lip Reading Sentences-3 (LRS3)" beside "Lip Reading
    Sentences 3" is no second meaning (2023-25 scale slice: LRS3, 2 papers, had vanished)."""
    return sum(n for key, n in unnamed[smk].items() if key != _loose_key(dominant))


def _without_its_setting(d: T.AcronymDef) -> T.AcronymDef:
    """The definition without the words after its long form that spell nothing and name its
    setting: "Computer Vision domain (CV)" is computer vision (3,000 scale abstracts of 2019-22:
    a concept CV of 3 papers, its alias "Computer Vision domain", beside computer vision's 92),
    "natural language processing field (NLP)"; not "Markov decision process (MDP)", "part
    affinity field (PAF)"."""
    words = d.long.split()
    letters = sum(c.isupper() for c in d.short)
    while (
        len(words) > 1
        and words[-1].lower() in _SETTINGS
        and len(re.split(r"[\s-]+", " ".join(words[:-1])))
        >= letters  # each letter a word's: not "Part Affinity (Field)"
        and R.spells(d.short, " ".join(words[:-1]))
    ):
        words.pop()
    return d if len(words) == len(d.long.split()) else replace(d, long=" ".join(words))


#: Words a long form may end on that name where its idea lives, not the idea.
_SETTINGS = frozenset("domain domains field fields area areas community literature setting settings".split())


def _foreign(
    state: LinkState, uses: Sequence[Sequence[str]], doc_vectors: np.ndarray, vectors: PhraseVectors
) -> set[str]:
    """The acronyms whose definitions stay in the papers that give them: written undefined in
    at least twice as many other papers, most of which lie far from the few defining ones and
    from every long form (:data:`FOREIGN_PAPERS`, :data:`FOREIGN_MEANING`,
    :data:`FOREIGN_DEFINERS`), and far from their dominant long form themselves
    (:data:`FOREIGN_SPELLING`). What those papers mean the acronym stands for alone; several
    meanings among the defining papers are the ambiguity :func:`acronyms` weighs."""
    definers: dict[str, list[int]] = defaultdict(list)
    for i, here in enumerate(state.local):
        for smk in here:
            definers[smk].append(i)
    few = {smk: set(ds) for smk, ds in definers.items() if len(ds) <= FOREIGN_DEFINERS}
    writers: dict[str, list[int]] = defaultdict(list)
    for i, phrases in enumerate(uses):
        for smk in {_mk(p) for p in phrases if " " not in p and L.is_name(p)}:
            if smk in few and i not in few[smk]:
                writers[smk].append(i)
    counted = {smk: sorted(ds) for smk, ds in few.items() if len(writers.get(smk, ())) >= max(2, 2 * len(ds))}
    long = {smk: [state.surfaces[lmk].most_common(1)[0][0] for lmk in state.expansions[smk]] for smk in counted}
    vectors.prepare([f for fs in long.values() for f in fs])
    far = []
    for smk, ds in counted.items():
        us = writers[smk]
        nearest = (doc_vectors[us] @ doc_vectors[ds].T).max(axis=1)
        meaning = (doc_vectors[us] @ vectors(long[smk]).T).max(axis=1)
        if 2 * int(((nearest < FOREIGN_PAPERS) & (meaning < FOREIGN_MEANING)).sum()) > len(us):
            far.append(smk)
    if not far:
        return set()
    short = {smk: state.surfaces[smk].most_common(1)[0][0] for smk in far}
    long = {smk: state.surfaces[state.dominant[smk]].most_common(1)[0][0] for smk in far}
    a, b = vectors([short[m] for m in far]), vectors([long[m] for m in far])
    return {smk for smk, x, y in zip(far, a, b) if float(x @ y) < FOREIGN_SPELLING}


def _spelling_words(d: T.AcronymDef) -> list[str]:
    """The words of a long form capitalised to spell its acronym ("REalite" of "ELimination Et
    Choix Traduisant la REalite (ELECTRE)"; the MCDA exports had it as a 7-paper concept): no
    names, though their capitals look like one's. A long form spells so with two words or
    more (ELimination ... REalite; one such word is a name's own capitals, as in "XGBoost
    Regression Trees (XGBRT)"). An English word so written is no name anyway
    (:func:`graphkit.lemmas.spelled_for_acronym`) and stays the word it is; this finds the
    others."""
    words = [w for p in d.long.split() for w in p.split("-")]
    spelling = [w for w in words if (m := _SPELLING.fullmatch(w)) and m.group(1) in d.short]
    initials = "".join(w[0] for w in words if w).upper()
    inside = [  # not when the words' initials spell it: "GloVe Vector Embeddings (GVE)" keeps GloVe
        w for w in words if _capitals_inside(w, d.short) and w not in spelling and initials != d.short.upper()
    ]
    # an English word with a capital inside is a name of its own to the merge keys, but no name
    # has one: it spells ("Stochastic Path Integrated Differential EstimatoR (SPIDER)"; 10k
    # scale: about 40 one-paper names such as "AliGnment", "PredicTion", "DialoguE")
    spelled = [w for w in inside if L.is_name(w)]
    if len(spelling) + len(inside) < 2:  # one is a name's own capitals: "XGBoost Regression Trees (XGBRT)"
        return spelled
    # an English word ("ATtention") shares its merge key with the word itself: attention stays
    return [w for w in spelling if not L.readings(w.lower())] + spelled


_SPELLING = re.compile(r"([A-Z]{2,})[a-z]{2,}")


def _capitals_inside(word: str, short: str) -> bool:
    """Is ``word`` a dictionary word with a capital inside, all its capitals letters of ``short``?"""
    caps = [c for c in word if c.isupper()]
    return (
        any(c.isupper() for c in word[1:])
        and not word.isupper()
        and all(c in short.upper() for c in caps)
        and bool(L.readings(word.lower()))
    )


def _only_spelling(state: LinkState, mks: list[str]) -> bool:
    """Is the group only words that spell an acronym, never written in lower case ("REalite",
    "Realite"; not a word some papers also write "autoencoder")?"""
    return state.spelled.issuperset(mks) and not any(s.islower() for mk in mks for s in state.surfaces[mk])


def _brings_its_core(state: LinkState, lmk: str, dominant: str) -> bool:
    """Would joining the expansion ``lmk`` to its acronym bring along the core it joined already
    (10k scale: one "gradient method (GD)" beside ten "gradient descent (GD)" joined "gradient",
    which owned "gradient method", to gradient descent: 307 papers)?"""
    for key in state.keys_of[lmk]:
        core = R.group_key(R.generic_core(key))
        if core != lmk and core in state.surfaces and state.sets[core] == state.sets[lmk] != state.sets[dominant]:
            return True
    return False


def apply_thesaurus(state: LinkState, thesaurus: Thesaurus | None) -> None:
    """The user's merges, renames and removals, matched by normal form."""
    if not thesaurus:
        return
    for src, dst in thesaurus.replace_by.items():
        smk = _mk(src)
        if not dst.strip():
            state.removed.add(smk)
            continue
        dmk = _mk(dst)
        state.surfaces[dmk][dst] += 0
        state.keys_of[dmk].add(T.phrase_key(dst.split()))
        if smk in state.surfaces:
            state.sets.union(smk, dmk)
        state.renamed[dmk] = dst


def group(state: LinkState) -> None:
    """The groups of merge keys, each named by its smallest, and the forms each matches in text."""
    members: dict[str, list[str]] = defaultdict(list)
    for mk in list(state.surfaces):
        members[state.sets[mk]].append(mk)
    state.groups = {min(mks): mks for mks in members.values()}
    state.group_of = {mk: root for root, mks in state.groups.items() for mk in mks}
    owner = {key: root for root, mks in state.groups.items() for mk in mks for key in state.keys_of[mk]}
    # "diffusion model" also matches "diffusion-based", "diffusion approach", ... (its core with any
    # generic head); a key with two generic heads does not ("vision-based method" is not every
    # "vision-based X"). A variant another concept has as its own form ("language model" /
    # "language"), or whose core two concepts derive from ("vision algorithm", "vision technique"
    # both give "vision model"), is neither's: it would link every paper saying it to both.
    deriver: dict[tuple[str, ...], str | None] = {}  # core -> the one group deriving from it, None if several
    for root, key in _keys_with_a_generic_head(state):
        c = T.core(key)
        deriver[c] = root if deriver.get(c, root) == root else None
    for root, mks in state.groups.items():
        fs: set[tuple[str, ...]] = set()
        for mk in mks:
            fs.update(state.keys_of[mk])
            if mk in state.expansions:
                state.acronym_forms[root].update(state.keys_of[mk])
        for c in {c for key in fs if len(key) - len(c := T.core(key)) == 1}:
            if deriver.get(c) == root and not (len(c) == 1 and c[0] in _NEVER_ALONE):
                heads = T.GENERIC_HEADS
                if len(c) == 1 and L.is_adjective(c[0]):
                    # an adjective's "model" is its "architecture", not its "approach" or "framework":
                    # "statistical framework" and "statistical methods" had been papers of
                    # "statistical model" (2023-25 scale slice: 8 of its 14), "causal framework" of
                    # "causal model"; "recurrent architectures" are still RNNs
                    heads = _THING_HEADS if any(c + (h,) in fs for h in _THING_HEADS) else frozenset()
                fs.update(v for v in (c + (h,) for h in heads) if v not in owner)
        state.forms[root] = {f for f in fs if f}


#: The generic heads that name a thing, not a way of doing: what an adjective's "model" may be written as.
_THING_HEADS = frozenset({"model", "architecture"})


def _keys_with_a_generic_head(state: LinkState):
    """(group, key) for each key that ends in exactly one generic head ("diffusion model")."""
    for root, mks in state.groups.items():
        for mk in mks:
            for key in state.keys_of[mk]:
                if len(key) - len(T.core(key)) == 1:
                    yield root, key


def scan(state: LinkState, texts: Sequence[str], titled: Sequence[bool] = ()) -> None:
    """Find every group's forms in every paper's text: the first match and its sentence, the
    papers each form occurs in, and the words that follow a group (for its kind). ``titled``:
    whether each text opens with its paper's title (whose groups :func:`keep_meant` keeps)."""
    roots: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for root, fs in state.forms.items():
        for f in fs:
            roots[f].append(root)
    # form -> (the form, its groups): a match yields the index's own form, not a new tuple each
    # time, and tuples, not lists (79,345 abstracts: some 3 M forms, 40 matches kept a paper)
    index = {f: (f, tuple(rs)) for f, rs in roots.items()}
    del roots
    lengths: dict[str, list[int]] = defaultdict(list)  # first word -> lengths of the forms it starts
    for f in sorted(index, key=len):
        if len(f) not in lengths[f[0]]:
            lengths[f[0]].append(len(f))
    scanned = []  # per paper: its kept matches, without its text (the scan of 79k texts held 1 GB of tokens)
    standalone: Counter = Counter()  # group -> papers where a form of it stands alone
    occurs: Counter = Counter()  # group -> papers where a form of it occurs at all
    containers: dict[str, Counter] = defaultdict(Counter)  # group -> papers with it inside each longer group
    uses: Counter = Counter()  # group -> its kept matches
    counted: Counter = Counter()  # group -> those right after a number: "7-DoF", "30 FPS"
    titled_counts: dict[int, set[str]] = {}  # paper -> groups its title writes only after a number
    for txt in texts:
        seq, raw, sent_of, sents, inner = _normalised(txt)
        matched = _matched(seq, inner, lengths, index)
        matched = [m for m in matched if m[1][-1] != "based" or not _based_on(seq, inner, m, state.forms)]
        if "attention" in lengths:
            matched = [m for m in matched if m[1] != ("attention",) or not _drawn(seq, m[0])]
        for pos, f, root in matched:
            end = pos + len(f)
            if f[-1] == "based":
                state.based[root] += 1
                if end < len(seq) and seq[end] is not None and _generic_head(seq[end]):
                    state.based_headed[root] += 1  # "energy-based models", not "image-based localization"
            # one written word: "stable", or a hyphenated "black-box", "time-consuming"
            # ("score-based" is about score, as "diffusion-based" is about diffusion: not counted)
            if len(f) == 1 or (f[-1] != "based" and end not in inner and all(q in inner for q in range(pos + 1, end))):
                state.single[root] += 1
                if len(f) == 1 and raw[pos][-1:] in "sS" and raw[pos].lower() != f[0]:
                    state.plural[root] += 1  # "humanoids": a noun, whatever else it modifies
                if len(f) == 1:
                    attached = _attached_to_a_name(raw, pos)
                    state.attached[root] += attached  # "MS" of "MS COCO", "SemAlign-MS"
                    # "UCF" of "UCF-Crime", "MS" of "MS-COCO", "MS COCO"
                    hyphenated = "-" in raw[pos]
                    state.prefixing[root] += (
                        hyphenated and pos not in inner and _qualifies(raw[pos]) or not hyphenated and attached
                    )
                prev = seq[pos - 1] if pos else None
                if prev in R.GRADERS:
                    state.graded[root] += 1  # "is challenging", "very stable": an adjective
                elif prev is not None and R.adverb_grades(prev, f):
                    state.adverbed[root] += 1  # "differentially private"
                if end < len(seq) and seq[end] in DETERMINERS and not f[-1].endswith("ing"):
                    state.verbal[root] += 1  # "leverage the", "design a": a verb
                nxt = seq[end] if end < len(seq) else None
                if nxt is not None and _modified(nxt) and not any(L.is_name(w) for w in f):
                    state.modifying[root] += 1  # "Bayesian inference", "black-box attacks": a modifier
                elif nxt is not None and _generic_head(nxt):
                    state.headed[root] += 1  # "multicriteria methods": the thing with its head
            elif end - 1 not in inner:
                state.phrase_uses[root] += 1
                if C.subject_verb(raw[end - 2], raw[end - 1], raw[end].lower()):
                    state.phrase_verbal[root] += 1  # "robots need to": a subject and its verb
                elif pos and pos not in inner and C.verb_object(raw[pos - 1], raw[pos], raw[end - 1]):
                    state.phrase_object[root] += 1  # "to answer questions": a verb and its object
        # a name inside an acronym of its own is none of its mentions: "Variational Surface-Adaptive
        # Modulation (V-SAM)" and "Light Stochastic Dominance Solver (Light-SD)" (2023-25 scale
        # slice) had been papers of SAM and Stable Diffusion
        kept = [
            k
            for k in M.mentions_in(matched)
            if len(k[1]) > 1 or "-" not in raw[k[0]] or _mk(raw[k[0]]) not in state.expansions
        ]
        if len(scanned) < len(titled) and titled[len(scanned)]:  # this paper's title is its first sentence
            heading = {
                root
                for pos, f, root, inside in kept
                if sent_of[pos] == 0 and not inside and not _infinitive(raw, pos, f) and not _title_opener(raw, pos, f)
            }
            if heading:
                state.in_title[len(scanned)] = heading
        after = _list_context(state, seq, sent_of, kept)
        counted_at = _counted_uses(seq, raw, matched, state.forms)
        numbered = [k[0] in counted_at for k in kept]
        if len(scanned) in state.in_title:  # a title's "7-DoF" may be a quantity: decided below
            in_title = [(k[2], c) for k, c in zip(kept, numbered) if sent_of[k[0]] == 0]
            only_counted = {r for r, c in in_title if c} - {r for r, c in in_title if not c}
            if only_counted:
                titled_counts[len(scanned)] = only_counted
        uses.update(root for _, _, root, _ in kept)
        counted.update(root for (_, _, root, _), c in zip(kept, numbered) if c)
        scanned.append(
            [
                (f, root, inside, sents[sent_of[pos]][1], a, c)
                for (pos, f, root, inside), a, c in zip(kept, after, numbered)
            ]
        )
        standalone.update({root for _, _, root, inside in kept if not inside})
        occurs.update({root for _, _, root, _ in kept})
        within = {(root, M.container(matched, pos, f)) for pos, f, root, inside in kept if inside}
        for root, outer in within:
            containers[root][outer] += 1
    bar = {root: max(1.0, M.STANDALONE * n) for root, n in occurs.items()}
    for root, outer in containers.items():
        if outer.most_common(1)[0][1] >= M.ONE_CONTAINER * sum(outer.values()):
            bar[root] = max(1.0, M.STANDALONE_ONE_CONTAINER * occurs[root])
    del containers  # a counter for every group seen inside another (79,345 abstracts: ~10^5)
    for root in _verbal_nouns(state, occurs):
        bar[root] = max(1.0, M.GERUND_STANDALONE * occurs[root])
    units = {root for root, n in counted.items() if n >= UNIT_SHARE * uses[root] and uses[root] >= UNIT_USES}
    del uses, counted
    for i, roots in titled_counts.items():
        state.in_title[i] -= roots & units  # "Learning 7-DoF Grasp Poses" is not on degrees of freedom
    for i, kept_here in enumerate(scanned):
        found: dict[str, tuple[str, ...]] = {}
        where: dict[str, str] = {}
        built_on: set[str] = set()
        seen_forms: set[tuple[str, tuple[str, ...]]] = set()
        override = (
            {smk: lmk for smk, lmk in state.local[i].items() if state.dominant.get(smk) != lmk or smk in state.foreign}
            if i < len(state.local)
            else {}
        )
        for f, root, inside, sentence, after, numbered in kept_here:
            if inside and standalone[root] < bar[root]:
                continue  # "language processing" only ever inside "natural language processing"
            if numbered and root in units:
                continue  # "a 7-DoF robot arm" states a quantity; it is not about degrees of freedom
            # the acronym alone or with generic heads: a paper's "SSL methods" (self-supervised)
            # are no semi-supervised learning's, as its "SSL" is not (3,000 scale abstracts of 2019-22)
            short = _acronym_part(f, state.acronym_forms.get(root))
            if short:
                smk = R.group_key(short)
                if smk in override and state.group_of.get(override[smk]) != root:
                    continue  # this paper defines the acronym differently
                if smk in state.ambiguous and (i >= len(state.local) or smk not in state.local[i]):
                    if root not in found:  # an acronym of two meanings: which one, the paper's subject says
                        state.undefined.append((i, root, smk, f, sentence))
                    continue
            seen_forms.add((root, f))
            if f[-1] == "based":
                built_on.add(root)
            if root in found:
                if len(f) > 1 and len(found[root]) == 1:
                    state.later_phrase.setdefault(i, {}).setdefault(root, (f, sentence))
                continue
            found[root] = f
            where[root] = sentence
            if after and not (inside and after in _MODEL_WORDS):
                state.next_words[root][after] += 1  # inside "language model(s)", "language" is no model
        scanned[i] = []  # done with this paper
        for rf in seen_forms:
            state.form_papers[rf] += 1
        state.hits.append({r: (f, where[r]) for r, f in found.items()})
        state.built_on.append(built_on)
    state.paper_count = Counter(r for h in state.hits for r in h)


def _acronym_part(f: tuple[str, ...], acronyms: set[tuple[str, ...]] | None) -> tuple[str, ...] | None:
    """The acronym a form is, alone or with generic heads ("SSL", "SSL methods"), written in one
    part or hyphenated ("C-MDP": 3,000 scale abstracts of 2023-25 linked a paper's "Collective
    Markov Decision Process (C-MDP)" to the constrained MDP, its definition unread); else None."""
    if not acronyms:
        return None
    for n in range(len(f), 0, -1):
        if f[:n] in acronyms and all(w in R.GENERIC_HEADS for w in f[n:]):
            return f[:n]
    return None


#: A group at least this share of whose uses come right after a whole number is a unit of
#: measure (:func:`scan`): three 3,000-abstract scale slices had "degrees of freedom" (about
#: 70% of 103-254 uses: "7-DoF robot arm", "six degrees of freedom"; 119 papers of one slice)
#: and one had FPS ("at 30 FPS", 19 papers); "minute" and "bit" had 2 papers each. Below it:
#: "language pair" (40-50%: "six language pairs" are still language pairs). A score is no
#: count: "85.2 F1" and "1.5 BLEU" use the metric.
UNIT_SHARE = 0.6
#: ... among at least this many uses in the corpus.
UNIT_USES = 5

_NUMBER_WORDS = frozenset(
    """one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty
    fifty hundred thousand""".split()
)
# whole numbers only (the chunker's number also takes "0.5", "85.2%": a score is no count)
_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})*|\d+")


def _number(token: str | None) -> bool:
    # asked before every match of every paper: the regex only where a digit starts the token
    if not token:
        return False
    return token[0].isdigit() and _NUMBER.fullmatch(token) is not None or token in _NUMBER_WORDS


def _counted_uses(seq: list, raw: list[str], matched: list, forms: dict) -> set[int]:
    """Where the matches stand right after a whole number ("7-DoF", "six degrees of freedom",
    "30 FPS"; not "85.2 F1"), or in brackets right after a form of their group that does ("5
    degrees-of-freedom (DOF)"). A unit of measure's such uses state a quantity (:data:`UNIT_SHARE`)."""
    out: set[int] = set()
    for pos, _, root in matched:
        if pos and _number(seq[pos - 1]):
            out.add(pos)
        elif pos > 2 and raw[pos - 1] == "(":
            for g in forms[root]:
                start = pos - 1 - len(g)
                if start > 0 and _number(seq[start - 1]) and tuple(seq[start : pos - 1]) == g:
                    out.add(pos)
                    break
    return out


def _verbal_nouns(state: LinkState, occurs: Counter) -> list[str]:
    """The groups found that have a single word in -ing among their forms and no plural among
    their surfaces: "answering", "coding" (not "embedding", which papers write "embeddings", nor
    "translating" of "translation", :func:`join_gerunds`)."""
    out = []
    for root in occurs:
        mks = state.groups[root]
        if (
            any(len(f) == 1 and f[0].endswith("ing") for f in state.forms[root])
            and not any(s.lower().endswith("ings") for mk in mks for s in state.surfaces[mk])
            and not any(mk in state.verb_forms for mk in mks)
        ):
            out.append(root)
    return out


#: An ambiguous acronym a paper writes undefined means its closest meaning only when the paper
#: is this close to that meaning, ... Measured on the 10k scale abstracts, reading the 136
#: guesses at 0.2 or more: from 0.35 about 70 of 80 are right (CLIP, GPT, SAT, OIE, AST...;
#: wrong: the SCAN benchmark, one paper's "CLIP" dataset), below it about half ("ID
#: embedding" read as intent detection, "ACE and ERE" as a model, a "CP decomposition" as
#: cluster pursuit).
AMBIGUOUS_SIMILARITY = 0.35
#: ... and at least this much closer to it than to the next meaning (GPT in papers on language
#: models 0.38-0.54 against 0.0-0.07 for a "graph-based point tracker").
AMBIGUOUS_MARGIN = 0.1


def resolve_ambiguous(
    state: LinkState, doc_vectors: np.ndarray, vectors: PhraseVectors, texts: Sequence[str] = ()
) -> None:
    """An acronym of several meanings (:func:`acronyms`) that a paper writes without defining
    it means the meaning closest to the paper, when that meaning is close enough
    (:data:`AMBIGUOUS_SIMILARITY`, :data:`AMBIGUOUS_MARGIN`) and the acronym stands alone, not
    inside a name or a token's brackets ("[CLS]")
    (10k scale abstracts: "MS" of "MS COCO", "MS-MARCO" and "LM-BFF-MS" had linked 31 papers to
    one paper's "monolingual summarization"). GPT in a paper on language models is the
    Generative Pre-trained Transformer, though one paper defines a "graph-based point tracker
    (GPT)" too. A paper that writes the acronym in brackets defines it in a way no definition
    was read from ("maximum entropy correlated equilibria (Maxent CE)", "difference of convex
    functions (DC) programming"): no meaning is guessed there."""
    if not state.undefined or doc_vectors.size == 0:
        state.undefined = []
        return
    meanings = {
        smk: [lmk for lmk, _ in state.expansions[smk].most_common() if state.surfaces[lmk]]
        for smk in {smk for _, _, smk, _, _ in state.undefined}
    }
    longs = sorted({state.surfaces[lmk].most_common(1)[0][0] for lmks in meanings.values() for lmk in lmks})
    vec = dict(zip(longs, vectors(longs)))
    uses: dict[tuple[int, str], tuple[tuple[str, ...], str]] = {}  # (paper, acronym) -> its first use standing alone
    for i, _root, smk, f, sentence in state.undefined:
        if (i, smk) not in uses and _standalone(f[0], sentence):
            uses[i, smk] = (f, sentence)
    for (i, smk), (f, sentence) in uses.items():  # a paper's uses of an acronym share one decision
        if i < len(texts) and _in_brackets(f[0], texts[i]):
            continue
        by_group: dict[str | None, float] = {}  # a meaning's spellings joined in one group count once
        for lmk in meanings[smk]:
            sim = float(vec[state.surfaces[lmk].most_common(1)[0][0]] @ doc_vectors[i])
            g = state.group_of.get(lmk)
            by_group[g] = max(sim, by_group.get(g, -1.0))
        sims = sorted(((sim, g) for g, sim in by_group.items()), key=lambda x: -x[0])
        best, group = sims[0] if sims else (0.0, None)
        runner_up = sims[1][0] if len(sims) > 1 else 0.0
        if (
            group is not None
            and best >= AMBIGUOUS_SIMILARITY
            and best - runner_up >= AMBIGUOUS_MARGIN
            and group not in state.hits[i]
        ):
            state.hits[i][group] = (f, sentence)
            state.form_papers[group, f] += 1
    state.paper_count = Counter(r for h in state.hits for r in h)
    state.undefined = []


def _in_brackets(short: str, text: str) -> bool:
    """Does the text write ``short`` in brackets as a definition does, after at most two other
    words ("(Maxent CE)", "(DC)"; not "(e.g., CLIP)", a list of examples)?"""
    for m in re.finditer(rf"\(([^()]*?)(?<![\w-]){re.escape(short)}s?(?![\w-])[^()]*\)", text):
        before = m.group(1).split()
        if len(before) <= 2 and not (before and before[0].lower().rstrip(".,:") in _NOT_DEFINING):
            return True
    return False


#: Words that open a bracket of examples or references, not a definition.
_NOT_DEFINING = frozenset("e.g i.e eg ie see cf such like including as".split())


def _standalone(short: str, sentence: str) -> bool:
    """Does the sentence write ``short`` as a word of its own, not a part of a name ("MS-COCO",
    "MS MARCO", "LM-BFF-MS")?"""
    for m in re.finditer(
        rf"(?<![\w\[<{_JOINERS}]){re.escape(short)}s?(?=$|[^\w\]>{_JOINERS}]|-(?:based|like|style)\b)", sentence
    ):
        following = sentence[m.end() :].split()[:1]
        if not (following and L.is_name(following[0].strip(",.;:()[]"))):
            return True
    return False


def _infinitive(raw: Sequence[str], pos: int, form: tuple[str, ...]) -> bool:
    """Is the one word at ``pos`` a verb after "to" or a modal? A title's "Using ELECTRE TRI to
    Support Maintenance" names no concept "support" (322 held-out papers: 8 titles had made it a
    hub). Not a gerund ("From Pixels to Reasoning"): that is a field."""
    word = raw[pos].lower()
    return (
        len(form) == 1
        and pos > 0
        and raw[pos - 1].lower() in C.BEFORE_VERB
        and not word.endswith("ing")
        and "VERB" in L.readings(word)
    )


def _title_opener(raw: Sequence[str], pos: int, form: tuple[str, ...]) -> bool:
    """Is the one word at ``pos`` a title's first, before "of" or "and"? "Development of a New
    Humanoid Robot" is about the robot: 3k scale abstracts' "development" had 28 papers, most
    by such titles. What the paper is about its abstract says too ("Segmentation of ...")."""
    return len(form) == 1 and pos == 0 and len(raw) > 1 and raw[1].lower() in ("of", "and")


#: Characters that join a name's parts ("MS-COCO", "MS–COCO", "MS/COCO").
_JOINERS = "\\-–—/"


def keep_meant(
    state: LinkState,
    doc_vectors: np.ndarray,
    vectors: PhraseVectors,
    phrased: dict[str, dict[tuple[str, ...], str]] | None = None,
) -> None:
    """Mentions that mean it: a form found in a paper links it to a concept the extractor did
    not choose for that paper only when the concept is close enough to the paper
    (:func:`graphkit.mentions.threshold`: a broad single word needs more than a name), when
    the paper says its work is built on it ("a novel diffusion-based model"), or when its
    title names it (the corpus's background aside, :data:`graphkit.mentions.BACKGROUND_SHARE`)."""
    chosen = [{state.group_of.get(mk) for mk in mks} for mks in state.chosen]
    found = sorted({r for h in state.hits for r in h})
    top = {r: _top_surface(state, r) for r in found}
    share = {r: n / max(1, len(state.hits)) for r, n in state.paper_count.items()}
    row = {r: j for j, r in enumerate(found)}
    n = max(1, len(state.hits))
    codes = []  # row of the group * papers + paper, for every unchosen (paper, group) found
    for i, h in enumerate(state.hits):
        here = (chosen[i] if i < len(chosen) else set()) | state.built_on[i]  # "our diffusion-based model"
        # and what the title names, unless the corpus's background: "Reasoning and Generalisation
        # with Transformers" is about transformers (3k scale abstracts: 27 of 75 papers had been)
        here |= {r for r in state.in_title.get(i, ()) if share.get(r, 0.0) <= M.BACKGROUND_SHARE}
        codes.extend(row[r] * n + i for r in h if r not in here)
    pairs = np.sort(np.array(codes, dtype=np.int64))
    del codes
    bars = getattr(vectors.embedder, "mention_bars", (M.MENTION_WORD, M.MENTION_PHRASE))
    # a word's group judged by the phrase a paper wrote it in: the paper that writes "attention
    # mechanism" is asked about that (its most written surface, which the pool embedded), as when
    # it was a concept of its own, not about "attention"; the word's own variants are the word
    # ("pre-trainings" is asked as "pretraining")
    if phrased is None:  # link hands over the ones it embedded before the scan
        phrased = _phrase_surfaces(state, found)

    def written(i: int, r: str) -> str:
        return phrased[r].get(state.hits[i][r][0], top[r]) if r in phrased else top[r]

    vectors.prepare([top[r] for r in found] + [f for surfaces in phrased.values() for f in surfaces.values()])
    for start in range(0, len(found), _BLOCK):  # a block of groups' vectors at a time (79k papers: 0.5 GB at once)
        block = found[start : start + _BLOCK]
        lo, hi = np.searchsorted(pairs, [start * n, (start + len(block)) * n])
        todo = [divmod(code, n) for code in pairs[lo:hi].tolist()]
        texts = {top[r]: None for r in block} | {written(i, found[j]): None for j, i in todo}
        vec = dict(zip(texts, vectors(list(texts))))
        for j, i in todo:
            r = found[j]
            text = written(i, r)
            if float(vec[text] @ doc_vectors[i]) < M.threshold(text, share[r], bars):
                del state.hits[i][r]
    state.paper_count = Counter(r for h in state.hits for r in h)


def _phrase_surfaces(state: LinkState, roots: Iterable[str]) -> dict[str, dict[tuple[str, ...], str]]:
    """For each group named by one ordinary word, its forms of other words ("attention
    mechanism" of "attention") with their most written surfaces (:func:`keep_meant`)."""
    phrased = {}
    for r in roots:
        top = _top_surface(state, r)
        if " " in top or any(L.is_name(p) for p in top.split("-") if p):
            continue
        own = R.group_key(T.phrase_key(top.split()))
        surfaces = {
            f: state.surfaces[fmk].most_common(1)[0][0]
            for f in state.forms.get(r, ())
            if len(f) > 1 and (fmk := R.group_key(f)) != own and state.surfaces.get(fmk)
        }
        if surfaces:
            phrased[r] = surfaces
    return phrased


def _top_surface(state: LinkState, r: str) -> str:
    """The surface the papers write group ``r`` in most often, which :func:`keep_meant` compares
    with the papers. One paper's odd case ("FoCus", :func:`join_odd_case`) of a word the papers
    write in lower case is that word, never its written form: read as a name it had no bar, and
    the 79,345 abstracts' "focus" linked 4,820 papers ("we focus on") when it tied with the
    word's one surface. A word they only write capitalised may be a name ("Llama")."""
    c: Counter = Counter()
    mks = [mk for mk in state.groups[r] if mk not in state.odd_case]
    if not any(s[:1].islower() for mk in mks for s in state.surfaces[mk]):
        mks = state.groups[r]
    for mk in mks:
        c.update(state.surfaces[mk])
    return c.most_common(1)[0][0]


def select(state: LinkState, min_rank_single: int) -> None:
    """The groups that become concepts: found in 2+ papers, artefacts, ranked high for their
    one paper, or named by the user; never removed ones, ones no text contains, or words that
    only spell an acronym."""
    renamed_groups = {state.group_of[dmk] for dmk in state.renamed}
    built_on = Counter(key[:2] for keys in state.keys_of.values() for key in keys if len(key) > 2)
    for root, mks in state.groups.items():
        if any(mk in state.removed for mk in mks) or state.paper_count[root] == 0 or _only_spelling(state, mks):
            continue
        if root not in renamed_groups and all(
            R.quantity(s) and built_on[_key(s)] < QUANTITY_TERMS for mk in mks for s in state.surfaces[mk]
        ):
            continue  # "multiple datasets"; not "multiple criteria", which longer terms are built on
        is_art = any(mk in state.artefacts for mk in mks)
        if (
            is_art
            and root not in renamed_groups
            and (
                state.attached[root] == state.single[root] + state.phrase_uses[root] > 0
                and not any(mk in state.expansions for mk in mks)
                # a definition whose long form joined no concept does not keep it: one paper's
                # "multispectral (MS)" beside MS-COCO, MS-SSIM and MS MARCO
                or 2 * state.prefixing[root] >= state.single[root] + state.phrase_uses[root] > 0
                and not any(mk in state.long_forms for mk in mks)
            )
        ):
            # only ever a part of other names (the samples' "MS": "MS COCO", "SemAlign-MS"), or
            # mostly the qualifier of other names (3,000 scale abstracts of 2019-22: "UCF" of
            # UCF-Crime and UCF-QNRF, "CMU" of CMU-Mocap and CMU-Seasons, "MS" of MS-COCO and MS-SSIM)
            continue
        if (
            (not is_art or _rarely_a_name(state, root, mks))
            and root not in renamed_groups
            and (
                R.used_as_adjective(state.graded[root], state.single[root])
                or R.used_after_adverbs(state.adverbed[root], state.single[root])
                or R.used_as_verb(state.verbal[root], state.single[root])
                or R.used_as_verb(state.phrase_verbal[root], state.phrase_uses[root])
                or R.used_as_verb(state.phrase_object[root], state.phrase_uses[root], R.VERB_OBJECT_USE)
                or (_modifier(state, root) and not _headed_forms(state, root))
                or _verbal_gerund(state, mks)
            )
        ):
            continue  # "challenging", "stable": the papers use it as an adjective; "leverage" as a verb;
            # "Bayesian", "latent" before another word
        best = min(state.best_rank.get(mk, 10**9) for mk in mks)
        if state.paper_count[root] >= 2 or is_art or best <= min_rank_single or root in renamed_groups:
            state.keep.add(root)


#: A gerund alone is a verb in this corpus ("extracting", "discovering": 10k scale abstracts,
#: 51 and 42 papers) when fewer than this share of the papers that write it as a phrase of its
#: own also write it as a longer phrase's head. Measured there (heads / alone): classifying
#: 0/15, discovering 0/23, extracting 3/34, generalizing 4/39, translating 2/15; nouns
#: searching 7/45, bootstrapping 2/12, paraphrasing 5/21, fine-tuning 0.34, pruning 41/61,
#: clustering 0.77, parsing 0.92 ("network pruning", "dependency parsing").
GERUND_HEAD_SHARE = 0.15
#: The fewest papers with the gerund alone before the share says anything.
GERUND_MIN_PAPERS = 5


def _verbal_gerund(state: LinkState, mks: list[str]) -> bool:
    """Is the group a bare gerund of a verb (every form one word in -ing) that the corpus
    writes alone and almost never as the head of a longer phrase (:data:`GERUND_HEAD_SHARE`)?"""
    words = {s.lower() for mk in mks for s in state.surfaces[mk]}
    if not words or not all(w.endswith("ing") and w.isalpha() for w in words):
        return False
    alone = sum(state.gerunds[w] for w in words)
    heads = sum(state.gerund_heads[w] for w in words)
    return (
        alone >= GERUND_MIN_PAPERS and heads < GERUND_HEAD_SHARE * alone and any("VERB" in L.readings(w) for w in words)
    )


#: A group whose forms written as a name (camel case, capitals inside, digits) are in at most
#: this share of the papers its other forms are in is read by those other forms: 2023-25 scale
#: slice's "collaborative" (17 papers, 47 of 55 uses before another word) had stood as a
#: concept for one "COLLAborative Design Activity (COLLADA)", and "spatio-temporal" (9) for one
#: "SpatioTemporal".
RARE_NAME_SHARE = 0.2


def _rarely_a_name(state: LinkState, root: str, mks: list[str]) -> bool:
    """Is the group written as a name (:func:`~graphkit.text.is_artefact`) in few papers beside
    the papers that write it as a word (:data:`RARE_NAME_SHARE`)? Then the word's uses decide
    whether it is an adjective or a verb."""
    named = {_key(s) for mk in mks if mk in state.artefacts for s in state.surfaces[mk] if T.is_artefact(s)}
    as_name = as_word = 0
    for f in state.forms.get(root, ()):
        n = state.form_papers.get((root, f), 0)
        if f in named:
            as_name = max(as_name, n)
        else:
            as_word = max(as_word, n)
    return as_name <= RARE_NAME_SHARE * as_word


def _modifier(state: LinkState, root: str) -> bool:
    """Do the papers use the group's one-word form to modify another word
    (:func:`~graphkit.concepts_rules.used_as_modifier`)? Its uses before a generic head count
    neither way: "zero-shot methods" is the thing itself (10k scale abstracts: "zero-shot"
    modifies a word in 301 of its 333 other uses)."""
    uses = state.single[root] - state.headed[root]
    shaped = any(R.compound_adjective(s) for mk in state.groups.get(root, ()) for s in state.surfaces[mk])
    return R.used_as_modifier(state.modifying[root], uses, shaped) or _prefixed(state, root) or _adjective(state, root)


def _adjective(state: LinkState, root: str) -> bool:
    """Is the group a word the dictionary reads as an adjective too, that the papers use as a
    modifier and never as a plural noun (:data:`~graphkit.concepts_rules.ADJECTIVE_PLURAL_USE`:
    "tactile", "hybrid", "manual", not "humanoid")? It is then no concept alone, and named
    with its generic head when it has one ("multilingual model")."""
    uses = state.single[root] - state.headed[root]
    return (
        uses >= R.MODIFIER_MIN_USES
        and state.modifying[root] >= R.ADJECTIVE_MODIFIER_USE * uses
        and state.plural[root] < R.ADJECTIVE_PLURAL_USE * state.single[root]
        and any(R.adjective_too(s) for mk in state.groups.get(root, ()) for s in state.surfaces[mk])
    )


def _prefixed(state: LinkState, root: str) -> bool:
    """Is one of the group's forms a prefixed word that only modifies (held-out "multi-objective",
    :func:`~graphkit.concepts_rules.prefix_adjective`)?"""
    return any(R.prefix_adjective(s) for mk in state.groups.get(root, ()) for s in state.surfaces[mk])


#: A count of things ("multiple criteria", :func:`~graphkit.concepts_rules.quantity`) is a
#: concept when this many longer forms start with it (held-out: 14 for "multiple criteria").
QUANTITY_TERMS = 3


def _headed_forms(state: LinkState, root: str) -> bool:
    """Does the group have a form with a generic head in several papers ("recurrent models",
    "contrastive methods")? Then the thing is named with the head, and the modifier rule leaves it."""
    return any(
        len(f) > 1
        and f[-1] != "based"  # "tactile-based" (7 papers of a 10k scale slice) still modifies
        and L.word_key(f[-1]) in T.GENERIC_HEADS
        and state.form_papers.get((root, f), 0) >= HEADED_MIN_PAPERS
        for f in state.forms[root]
    )


def name(state: LinkState, texts: Sequence[str] = ()) -> None:
    """Each kept group's concept: its name (the form most papers use; an acronym wins a tie
    with its long form) as the authors most often write it, case kept (EnvSocial-Diff),
    aliases, kind (from the words that follow it, its head, the shape of a name) and key."""
    # a list item starts like a sentence ("...; Deep learning; ..." of a keyword list)
    case = M.word_case_counts(  # one paper's words at a time, never the whole corpus's tokens
        (
            [[w for w in T.token_texts(item) if w[0].isalnum()] for s in T.sentences(t)[1:] for item in s.split(";")]
            for t in texts
        ),
        phrases={tuple(s.lower().split()) for root in state.keep for s in _case_surfaces(state, root)},
    )
    root_of: dict[str, str] = {}  # concept key -> its group
    for root in sorted(state.keep):  # in a fixed order: two groups with one display key get the same keys in every run
        mks = state.groups[root]
        counts: Counter = Counter()
        for mk in mks:
            for s, c in state.surfaces[mk].items():
                counts[s] += c
        renamed_to = next((state.renamed[mk] for mk in mks if mk in state.renamed), None)
        if renamed_to:
            concept_name = renamed_to
        else:
            first = min(counts, key=lambda s: (R.adverb_adjective(s), _name_order(state, root, s, counts[s])))
            if with_head := [s for s in counts if _mk(s) in state.named_with.get(_mk(first), ())]:
                first = min(with_head, key=lambda s: _name_order(state, root, s, counts[s]))  # "KL divergence"
            # "Bayesian", "Gaussian": adjectives of names, whatever the dictionary says; but "black
            # box" (18 dev papers, "black-box attacks") names a thing: a box
            modifier = (
                R.prefix_adjective(first)
                or _adjective(state, root)
                or (
                    _modifier(state, root)
                    and (
                        _capitalised(first, counts)
                        or not any("NOUN" in L.readings(w.lower()) for w in first.split()[-1].split("-"))
                    )
                )
            )
            surface = _headed(state, root, first, counts, always=modifier)
            if modifier and len(first.split()) == 1 and _key(surface) != _key(first):
                _drop_bare_modifier(state, root)
                if not state.paper_count[root]:  # no paper writes it with its head
                    state.keep.discard(root)
                    continue
            if _tail_of_a_name(surface, case):
                state.keep.discard(root)
                continue
            same = _mk(surface)
            votes: Counter = Counter()
            for s, c in counts.items():
                if _mk(s) == same:
                    votes[M.authors_case(s, case)] += c
            concept_name = R.display_name(votes, others=counts)
            if concept_name.islower() or concept_name not in counts:  # the papers may write it as a name
                concept_name = _written_as_a_name(counts, same, case) or concept_name
            headed = _most_written_head(state, root, surface, concept_name)
            # a name no concept may have ("How" led 79,345 abstracts' --fast map)
            if headed is None or R.rejection(headed) or R.prefix_adjective(headed) or R.adverb_adjective(headed):
                state.keep.discard(root)
                continue
            concept_name = headed
        aliases: dict[str, str] = {}
        for s in counts:
            if _mk(s) in state.derived and not state.form_papers.get((root, _key(s))):
                continue  # "image model", made from "image-based" and written nowhere, is no alias
            proper = _is_long_form(state, mks, s) and _is_proper(s)
            d = _display(s if proper else M.authors_case(s, case), keep_case=True)  # "Monte Carlo method"
            if (
                d.lower() != concept_name.lower() != s.lower()
                and d.lower() not in aliases  # not "super mario bro"
                and _plain(d) != _plain(concept_name)  # not "classifieRs" of "classifier"
            ):
                aliases[d.lower()] = d
            if s != concept_name:
                state.merges.append((s, concept_name))
        name_key = T.phrase_key(concept_name.split())
        state.name_key[root] = name_key
        ckey = " ".join(w.lower() for w in name_key)
        if ckey in state.concepts and _mk(state.concepts[ckey].name) == _mk(concept_name):
            # one name, one concept, however hyphenated: 3k scale abstracts had "energy-based
            # model" (5 papers) beside "energy based model" (2)
            _fold(state, root_of[ckey], root, aliases.values(), concept_name)
            continue
        if ckey in state.concepts:  # two groups normalising to one display key: keep them apart
            ckey = f"{ckey} ({root})"
        root_of[ckey] = root
        state.key_of[root] = ckey
        alias_list = sorted(aliases.values(), key=str.lower)
        state.concepts[ckey] = Concept(
            key=ckey,
            name=concept_name,
            aliases=alias_list,
            kind=_concept_kind(state, root, name_key, concept_name, alias_list),
            paper_count=state.paper_count[root],
        )
    _kinds_from_lists(state)
    _kinds_from_family(state)


def _drop_bare_modifier(state: LinkState, root: str) -> None:
    """A group named after its head because its word alone modifies ("physical model",
    "multilingual model", "Bayesian approach") links only the papers that write it with a head:
    its bare word modifies other things there ("physical plants", "multilingual datasets"). 5,000
    ICRA abstracts had linked 107 papers to "physical model", 10k scale 184 to "Bayesian approach"."""
    for i, h in enumerate(state.hits):
        hit = h.get(root)
        if hit is None or len(hit[0]) > 1:
            continue
        later = state.later_phrase.get(i, {}).get(root)
        if later is None:
            del h[root]
        else:
            h[root] = later  # the evidence is the phrase
    state.paper_count[root] = sum(1 for h in state.hits if root in h)


def _plain(surface: str) -> str:
    """``surface`` in lower case, its last word singular: an alias that is the name in another
    case or number says nothing ("image classifieRs" of "image classifier", spelling an acronym
    on the 2023-25 scale slice; "latent bAndiTs")."""
    words = surface.lower().split()
    return " ".join([*words[:-1], L.singular(words[-1])]) if words else ""


def _fold(state: LinkState, into: str, root: str, aliases: Iterable[str], name: str | None = None) -> None:
    """Group ``root``, named as group ``into``'s concept is, becomes part of that concept: its
    forms, its papers, its aliases. The 1,000 first scale abstracts had two concepts both shown
    "energy-based model" (4 and 2 papers): one of the papers' "energy-based" and one of
    "energy-based model" with its acronym EBM. ``name``: the folded group's own spelling of the
    name ("energy-based model" beside "energy based model"), which names the concept when that
    group has more papers than the concept had."""
    concept = state.concepts[state.key_of[into]]
    state.key_of[root] = concept.key
    state.keep.discard(root)
    state.forms[into] = state.forms[into] | state.forms.get(root, set())
    for h in state.hits:
        if root in h:
            found = h.pop(root)
            h.setdefault(into, found)
    before, brought = concept.paper_count, state.paper_count.get(root, 0)
    state.paper_count[into] = sum(1 for h in state.hits if into in h)
    concept.paper_count = state.paper_count[into]
    forms = [*concept.aliases, *aliases]
    if name is not None and name != concept.name:
        if brought > before:
            concept.name, name = name, concept.name
        forms.append(name)
    kept: dict[str, str] = {}
    for a in forms:
        if a.lower() != concept.name.lower():
            kept.setdefault(a.lower(), a)
    concept.aliases = sorted(kept.values(), key=str.lower)


#: Parts a name's variant adds to the name (after a hyphen or a space): a version, a size, a
#: flavour. "GPT-4o-mini" is a GPT-4o, "LLaMA-3-8B-Instruct" a LLaMA-3, "ResNet-50" a ResNet.
_VARIANT_PART = re.compile(
    r"(?i)v?\d+(\.\d+)*[a-z]?|\d+(\.\d+)?[bmk]|turbo|mini|nano|tiny|small|base|large|xl|xxl|"
    r"instruct|chat|pro|plus|ultra|lite|preview"
)
#: A part that says how many billion parameters: only models are sized so ("LLaMA2-13B",
#: "Qwen-1.8B"; not millions, which datasets are sized in too: "MovieLens-1M").
_PARAMETERS_PART = re.compile(r"(?i)\d+(\.\d+)?b")


def _kinds_from_family(state: LinkState) -> None:
    """A name of no kind that is another concept's name with variant parts added
    (:data:`_VARIANT_PART`) takes that concept's kind; with a parameter count among them, it is
    a model whatever its family. COLING 2025's "GPT-4o-mini", "GPT-3.5-turbo" (GPT-3.5 is a
    model) and "LLaMA-3-8B" had been terms. And a family of no kind with a member sized in
    parameters is a model: COLING 2025's "Llama" (36 papers) beside "LLaMA-3-8B"; a name whose
    members, two or more, all have one kind is of that kind (ResNet beside ResNet-18 and ResNet-50)."""
    by_name = {state.concepts[state.key_of[r]].name.lower(): state.concepts[state.key_of[r]] for r in state.keep}
    kind_of = {name: c.kind for name, c in by_name.items()}
    sized: set[str] = set()  # families with a member sized in parameters
    members: dict[str, list[str]] = defaultdict(list)  # family -> the kinds of its members
    for r in sorted(state.keep):
        concept = state.concepts[state.key_of[r]]
        for base, added in _families(concept.name):
            family = kind_of.get(base, "term")
            has_size = any(_PARAMETERS_PART.fullmatch(p) for p in added)
            if has_size:
                sized.add(base)
            if concept.kind == "term" and (family != "term" or has_size):  # the nearest family's kind
                concept.kind = family if family != "term" else "model"
            members[base].append(concept.kind)
    for base in sorted(sized):
        if base in by_name and by_name[base].kind == "term":
            by_name[base].kind = "model"
    for base, kinds in sorted(members.items()):
        # a name of no kind whose two members or more all have one kind is of it: the 2023-25
        # scale slice's ResNet (a term) beside its models ResNet-18 and ResNet-50 (not "depth"
        # beside "depth-1 datasets", nor COVID beside one "COVID-19 dataset")
        if (
            base in by_name
            and by_name[base].kind == "term"
            and len(kinds) >= 2
            and len(set(kinds)) == 1
            and kinds[0] != "term"
            and L.is_name(by_name[base].name)
        ):
            by_name[base].kind = kinds[0]


def _families(name: str) -> list[tuple[str, list[str]]]:
    """(family, the variant parts added to it) for each family a name can belong to, the
    nearest first: "LLaMA-3-8B" -> ("llama-3", ["8B"]), ("llama", ["3", "8B"])."""
    parts = re.split(r"[-\s]", name)
    if len(parts) < 2 or not any(L.is_name(p) for p in parts if p):
        return []
    out = []
    for cut in range(len(parts) - 1, 0, -1):
        added = parts[cut:]
        if not all(_VARIANT_PART.fullmatch(p) for p in added):
            break
        out.append((name[: len(name) - len(" ".join(added))].rstrip("- ").lower(), added))
    return out


#: A concept of no kind takes the kind of the concepts listed beside it when at least this
#: many of its list mates' uses, and this share of those with a kind, agree.
LIST_KIND_USES = 2
LIST_KIND_SHARE = 0.6
#: ... and those votes are at least this share of the uses of the name in the papers (as
#: :func:`graphkit.concepts_rules.kind_from_context` asks of the words after it)
LIST_KIND_OF_USES = 0.2


def _kinds_from_lists(state: LinkState) -> None:
    """A name the papers mostly list ("on MNIST and CIFAR-10") takes its list mates' kind. Only
    names: ordinary words are listed beside anything ("agent" became a method, "learning rate"
    a method, "video" a model on dev when they could). And only when the votes are a fair share
    of the name's uses (:data:`LIST_KIND_OF_USES`): ECCV 2022's "RGB" (78 papers, 74 uses, 32 of
    them "RGB image") was a dataset for 3 uses beside datasets."""
    kind_of = {r: state.concepts[state.key_of[r]].kind for r in state.keep}
    for r in sorted(state.keep):
        name = state.concepts[state.key_of[r]].name
        if kind_of[r] != "term" or not any(L.is_name(p) for w in name.split() for p in w.split("-") if p):
            continue
        votes: Counter = Counter()
        for mate, n in state.mates.get(r, Counter()).items():
            if kind_of.get(mate, "term") != "term":
                votes[kind_of[mate]] += n
        if votes:
            kind, n = votes.most_common(1)[0]
            uses = sum(state.next_words.get(r, Counter()).values())
            if n >= LIST_KIND_USES and n >= LIST_KIND_SHARE * sum(votes.values()) and n >= LIST_KIND_OF_USES * uses:
                state.concepts[state.key_of[r]].kind = kind


def _tail_of_a_name(surface: str, case: M.CaseCounts) -> bool:
    """Does a form of two words or more open on an ordinary word the sentences write only after
    another capitalised word, never alone nor in lower case ("Carlo" of "Monte Carlo")? Then it
    is the tail of a longer name: a 3,000-abstract scale slice's "Carlo Tree Search" (4 papers,
    every one of Monte Carlo Tree Search's), dev's "Book Test" of "Children's Book Test". A name
    opening it is its own ("Fast LiDAR-inertial odometry" is still LiDAR-inertial odometry)."""
    first = surface.split()[0]
    return (
        " " in surface
        and first[:1].isupper()
        and not any(L.is_name(p) for p in first.split("-") if p)  # not "LiDAR-inertial odometry"
        and case.in_runs.get(first, 0) > 0
        and not case.leading.get(first, 0)
        and not case.get(first, 0)
        and not case.get(first.lower(), 0)
    )


def _case_surfaces(state: LinkState, root: str) -> list[str]:
    """The group's surfaces of two words or more if one of them is in title case
    (:func:`_title_cased`): whose uses :func:`_written_as_a_name` counts by case."""
    surfaces = [s for mk in state.groups[root] for s in state.surfaces[mk] if " " in s]
    return surfaces if any(_title_cased(s) for s in surfaces) else []


def _title_cased(surface: str) -> bool:
    """Is every word capitalised, one at least an ordinary word ("Natural Questions", "Faster
    R-CNN", not "ELECTRE TRI")?"""
    words = surface.split()
    return all(w[:1].isupper() for w in words) and not all(any(L.is_name(p) for p in w.split("-") if p) for w in words)


#: A phrase in title case (:func:`_title_cased`) is a name written as the authors write it (case
#: and number kept) when its uses inside sentences are at least this many, in two papers or
#: more, with every word capitalised: ACL 2021-22's "Natural Questions" (15 uses in 12 papers;
#: it was "natural question"), "Universal Dependencies" (was "universal dependency"), dev's
#: "Super Mario Bros" (was "super mario bro"), "Children Book Test".
NAME_PHRASE_USES = 3
#: ... and written so at least this many times for each use in lower case: 2023-25 scale
#: abstracts write "Stable Diffusion" 10 times and "stable diffusion models" once (it had been
#: "stable diffusion").
NAME_CASE_RATIO = 5


def _written_as_a_name(counts: Counter, same: str, case: M.CaseCounts) -> str | None:
    """The surface of merge key ``same`` the papers write in title case inside their sentences
    (:data:`NAME_PHRASE_USES`), hardly ever in lower case (:data:`NAME_CASE_RATIO`) and never
    hyphenated in lower case ("vision-language models" is the lower case of "Vision Language
    Models"), if there is one; singular when
    its singular is written ("Signed Distance Fields", "Signed Distance Field"), as a name's plural is not
    ("Natural Questions", and Cityscapes, though one title writes "CITYSCAPE")."""
    if any(s.islower() and "-" in s and _mk(s) == same for s in counts):
        return None
    # the lower case of any number: 3,000 scale abstracts of 2019-22 wrote "Hidden Markov Model"
    # 4 times inside sentences, "hidden Markov models" 2 (it had been named "Hidden Markov Model");
    # with the first word's capital only when the papers capitalise that word ("Markov random
    # fields", "Bayesian neural networks"; not "Natural questions")
    written = {tuple(s.lower().split()) for s in counts if _mk(s) == same}
    lower = sum(
        case.lower_case.get(key, 0) + (case.first_capital.get(key, 0) if _capitalised_word(key[0], case) else 0)
        for key in written
    )
    found = []
    for s, c in counts.items():
        key = tuple(s.lower().split())
        if (
            _mk(s) == same
            and case.title_case.get(key, 0) >= NAME_PHRASE_USES
            and case.title_papers.get(key, 0) >= 2
            and lower * NAME_CASE_RATIO <= case.title_case[key]
            and _title_cased(s)
        ):
            found.append((-case.title_case[key], -c, s))
    if not found:
        return None
    best = min(found)[2]
    one = R.singular_form(best)
    # a singular written in capitals alone is a title's ("CITYSCAPE" beside 9 papers' Cityscapes)
    return one if one != best and any(s.lower() == one.lower() and not s.isupper() for s in counts) else best


def _capitalised_word(word: str, case: M.CaseCounts) -> bool:
    """Do the papers' sentences write this lower-case word capitalised at least as often as not
    ("Markov", "Bayesian"; not "natural")?"""
    up = word[:1].upper() + word[1:]
    return case.get(up, 0) + case.in_runs.get(up, 0) >= case.get(word, 0)


def _most_written_head(state: LinkState, root: str, surface: str, concept_name: str) -> str | None:
    """A name with a generic head takes the head the papers write with its core in the most
    papers ("diffusion model" matches "diffusion approach", "diffusion-based", ...), when that
    name can be one. :func:`pool` turns "energy-based" into "energy model": ACL 2021-22's
    "energy model" (4 papers, none writes it) is the "energy-based model", "span model" the
    "span-based model", dev's "policy method" (6: 3 "policy-based", 1 "policy method") the
    "policy-based method". An "X-based" rarely followed by a generic head is no concept (None,
    :data:`BASED_HEADED_SHARE`): ICRA/IROS 2023's "image model" (24 papers, none
    writes it) is neither an "image model" nor an "image-based model". Dev's "convolutional
    model" stays: its "convolutional architecture" would be an adjective and a generic head,
    no concept."""
    key = _key(surface)
    *core, head = concept_name.split()
    if len(key) < 2 or key[-1] not in T.GENERIC_HEADS or key[-1] == "based" or not core:
        return concept_name  # not "diffusion-model", its head glued
    papers = state.form_papers.get((root, key), 0)
    if key[-2] == "based" and state.form_papers.get((root, key[:-1]), 0) > papers:
        # written with its head by fewer papers than "X-based" alone: as if none wrote it (2023-25
        # scale slice: one paper's "image-based model" named 27 papers' "image-based X")
        return None if state.based_headed[root] < BASED_HEADED_SHARE * state.based[root] else concept_name
    written = sorted(
        ((n, word) for word in T.GENERIC_HEADS if (n := state.form_papers.get((root, (*key[:-1], word)), 0)) > papers),
        key=lambda nw: (-nw[0], nw[1]),
    )
    for _, word in written:
        if word == "based" and state.based_headed[root] < BASED_HEADED_SHARE * state.based[root]:
            return None  # "image-based" what? localization, visual servoing, editing: no one idea
        name = f"{' '.join(core)}-based {head}" if word == "based" else f"{' '.join(core)} {word}"
        if not R.rejection(name):
            return name
    return concept_name


#: A concept the papers name "X-based" more than anything else (:func:`_most_written_head`) is
#: an "X-based" model or method only when at least this share of its "X-based" is followed by a
#: generic head ("energy-based models"); else "X-based" says what something uses, not what it
#: is. Measured on four corpora, reading each "X-based" concept of 3 papers or more: at this
#: share stay ACL 2021-22's span-based (0.48 of 25 uses), graph-based (0.38), prompt-based
#: (0.30) methods; go ICRA/IROS 2023's "image-based model" (22 papers; 0.06 of 33 uses:
#: "image-based visual servoing", "... localization"), "contact-based" (0.00), "physics-based"
#: (0.19: "physics-based simulation"), WACV 2025's "image-based" (0.10) and "video-based"
#: (0.27), and dev's "energy-based model" (0.11: 5 of its 9 uses are "energy-based generative
#: adversarial networks", which the GAN concept holds).
BASED_HEADED_SHARE = 0.3


def _name_order(state: LinkState, root: str, surface: str, count: int) -> tuple:
    """Sort key of a surface form as a name: most papers first; an acronym wins a tie with its
    long form (GRPO over its expansion); an ambiguous acronym or a name's part (TRI of ELECTRE
    TRI) never wins."""
    key = _key(surface)
    in_papers = state.form_papers.get((root, key), 0)
    smk = R.group_key(key)
    if (
        smk in state.ambiguous
        or smk in state.parts
        or smk in state.verb_forms
        or smk in state.shorthands
        or smk in state.odd_case
    ):
        return (1, -in_papers, False, -count, len(surface), surface)
    return (0, -in_papers, smk not in state.expansions, -count, len(surface), surface)


#: A name takes the generic head that follows it in at least this share of its papers.
HEADED_SHARE = 0.8
#: ... among at least this many papers.
HEADED_MIN_PAPERS = 5


def _capitalised(surface: str, counts: Counter) -> bool:
    """Do the papers mostly write ``surface`` with a capital?"""
    same = [(s, c) for s, c in counts.items() if s.lower() == surface.lower()]
    return 2 * sum(c for s, c in same if s[:1].isupper()) > sum(c for _, c in same)


def _headed(state: LinkState, root: str, surface: str, counts: Counter, always: bool = False) -> str:
    """``surface``, or the form that adds a generic head to it when the papers nearly always
    write that ("pre-trained language" was the 10k scale name of "pre-trained language models",
    in 213 papers against 212), or ``always`` when ``surface`` is a word used as a modifier
    (:func:`~graphkit.concepts_rules.used_as_modifier`, its uses before a generic head left
    out) that the dictionary knows as no noun or that the papers capitalise: the MCDA exports'
    "multicriteria" (59 papers; 247 of its 262 other uses modify a word) is named
    "multicriteria method", the 10k scale abstracts' "Bayesian" (187 papers) after its head."""
    key = _key(surface)
    n = state.form_papers.get((root, key), 0)
    longer = [
        s
        for s in counts
        if len(_key(s)) == len(key) + 1 and _key(s)[:-1] == key and L.word_key(_key(s)[-1]) in T.GENERIC_HEADS
    ]
    if not longer or n < HEADED_MIN_PAPERS:  # one paper's "momentum SGD algorithm" stays "momentum SGD"
        return surface
    best = min(longer, key=lambda s: _name_order(state, root, s, counts[s]))
    in_papers = state.form_papers.get((root, _key(best)), 0)
    if always and in_papers >= HEADED_MIN_PAPERS:
        return best
    return best if in_papers >= HEADED_SHARE * n else surface


def _is_long_form(state: LinkState, mks: list[str], surface: str) -> bool:
    return any(surface in state.long_forms.get(mk, ()) for mk in mks)  # .get: no empty set per form


def rank(
    state: LinkState, papers: Sequence[Paper], doc_vectors: np.ndarray, vectors: PhraseVectors, ranking: Ranking
) -> list[Mention]:
    """Mentions: scored by the similarity of paper and concept name, ranked within the paper by
    that score, lifted for concepts the extractor chose for the paper and for concepts many
    papers share. Also sets each concept's first year."""
    n = len(papers)
    roots = sorted(state.keep)
    # the names' vectors first: they may start the model's process, beside this one at its fullest
    name_vecs = _held_compactly(vectors, [state.concepts[state.key_of[r]].name for r in roots])
    chosen = [{state.group_of.get(mk) for mk in mks} for mks in state.chosen]
    row_of = {r: j for j, r in enumerate(roots)}
    named = {r for r in roots if all(T.is_artefact(w) for w in state.concepts[state.key_of[r]].name.split())}
    mentions: list[Mention] = []
    for i, h in enumerate(state.hits):
        rs = [r for r in h if r in row_of]
        if not rs:
            continue
        sims = name_vecs[[row_of[r] for r in rs]].astype(np.float32) @ doc_vectors[i]
        chosen_here = chosen[i] if i < len(chosen) else set()
        priority = sims + np.array(
            [
                ranking.chosen * (r in chosen_here)
                + ranking.shared * math.log1p(state.paper_count[r]) / math.log1p(max(2, n))
                + ranking.named * (r in named)
                for r in rs
            ]
        )
        order = np.argsort(-priority, kind="stable")
        for rnk, j in enumerate(order, start=1):
            r = rs[j]
            evidence = h[r][1]
            mentions.append(
                Mention(papers[i].id, state.key_of[r], round(float(max(0.0, min(1.0, sims[j]))), 4), rnk, evidence)
            )
        y = papers[i].year
        for r in rs:
            c = state.concepts[state.key_of[r]]
            if y is not None and (c.first_year is None or y < c.first_year):
                c.first_year = y
    return mentions


def _held_compactly(vectors: PhraseVectors, phrases: list[str]) -> np.ndarray:
    """``vectors(phrases)`` fetched :data:`_BLOCK` at a time into one array of float16 when
    every number is one (the cache's numbers; ``.astype(np.float32)`` gives them back exactly),
    else float32. The names of 79,345 abstracts' 259,131 concepts were 0.4 GB as float32, held
    while the mentions are made: the top of linking's memory."""
    out: np.ndarray | None = None
    vectors.prepare(phrases)
    for s in range(0, len(phrases), _BLOCK):
        block = vectors(phrases[s : s + _BLOCK])
        dtype = holding_dtype(block, None if out is None else out.dtype)
        if out is None:
            out = np.empty((len(phrases), block.shape[1]), dtype=dtype)
        elif dtype != out.dtype:
            out = out.astype(dtype)
        out[s : s + len(block)] = block
    return out if out is not None else vectors(phrases)


def broader(state: LinkState) -> list[tuple[str, str]]:
    """BROADER: (narrower key, broader key) for a concept's nearest proper suffix that is itself a
    concept, generic heads aside ("deep reinforcement learning model" is narrower than
    "reinforcement learning"). Where concepts differ only in such heads, the one whose whole name
    ends the narrower name is the broader one, else the bare one: "large language model" is
    narrower than "language model", "endangered language" than "language" (COLING 2025, where
    it had been "language model"'s)."""
    names = {r: tuple(w.lower() for w in state.name_key[r]) for r in sorted(state.keep)}
    by_core: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for r, words in names.items():
        by_core[T.core(words)].append(r)
    out: list[tuple[str, str]] = []
    for r, words in names.items():
        k = T.core(words)
        for s in range(1, len(k)):
            same = [p for p in by_core.get(k[s:], ()) if p != r]
            if not same:
                continue
            ending = [p for p in same if words[len(words) - len(names[p]) :] == names[p]]
            bare = [p for p in same if names[p] == k[s:]]
            written = state.name_key[r]  # as written: InternLM-Law's "law", not the acronym LAW
            as_written = [p for p in ending or bare if written[len(written) - len(names[p]) :] == state.name_key[p]]
            out.append((state.key_of[r], state.key_of[(as_written or ending or bare or same)[0]]))
            break
    return out


def _display(surface: str, keep_case: bool) -> str:
    """Display form: last word singular; ordinary words lower-cased unless keep_case."""
    words = surface.split()
    out = []
    for i, w in enumerate(words):
        parts = w.split("-")
        new_parts = []
        for j, p in enumerate(parts):
            last = i == len(words) - 1 and j == len(parts) - 1
            if T.artefact_part(p):
                new_parts.append(T.norm_word(p) if last else p)
            else:
                q = p if keep_case else p.lower()
                if last:
                    s = T.singular(q.lower())
                    q = s if q.islower() else (s[:1].upper() + s[1:] if q[:1].isupper() else s)
                new_parts.append(q)
        out.append("-".join(new_parts))
    return " ".join(out)


def _is_proper(surface: str) -> bool:
    """A long form written as a name ("Group Relative Policy Optimization")."""
    words = [w for w in surface.split() if w.lower() not in T.STOPWORDS]
    return len(words) >= 2 and sum(w[:1].isupper() for w in words) >= max(2, len(words) - 1)


def _kind_aliases(state: LinkState, root: str, name: str, aliases: list[str]) -> list[str]:
    """The aliases that may give a concept its kind: not the name and a kind's head ("RGB
    dataset") where the papers write another noun after the name at least three times as often
    as they write that alias. ECCV 2022's "RGB" (78 papers) was a dataset for the 3 papers with
    "RGB datasets", beside 32 "RGB images"; ImageNet (9 papers write "ImageNet dataset", 6
    "ImageNet classification") and COCO stay datasets."""
    after = state.next_words.get(root)
    if not after:
        return aliases
    kind_words = {w for words in _KIND_HEADS.values() for w in words}
    nouns = [n for w, n in after.items() if w not in kind_words and "NOUN" in L.readings(w) and w not in T.STOPWORDS]
    most = max(nouns, default=0)
    out = []
    for a in aliases:
        words = a.split()
        if (
            len(words) >= 2
            and " ".join(words[:-1]).lower() == name.lower()
            and words[-1].lower() in kind_words
            and most >= 3 * max(1, state.form_papers.get((root, _key(a)), 0))
        ):
            continue
        out.append(a)
    return out


def _concept_kind(state: LinkState, root: str, name_key: tuple[str, ...], name: str, aliases: list[str]) -> str:
    """A concept's kind: from its head, what follows its name, its aliases, the shape of its
    name, in that order (README, "What a concept is")."""
    if kind := _head_kind(name_key, name):
        if name_key[-1].lower() == "control" and any(a.split()[-1].lower() in _TASK_NAME_HEADS for a in aliases):
            return "task"  # "continuous control" of "continuous control tasks" is a task, no manner
        return kind
    kind_aliases = _kind_aliases(state, root, name, aliases)  # once: it reads each word's parts of speech
    keys = [_key(a) for a in kind_aliases]
    kept = _alias_keys(name_key, name, kind_aliases)
    kind = (
        R.kind_from_context(_after_name(state, root, aliases, keys, kept))
        or _kind(name_key, [], Counter()).replace("term", "")
        or _alias_kind(state, root, kept, doer=_doer(name_key))
        or R.name_kind(name)
        or _kind(name_key, [], state.next_words.get(root, Counter()))
    )
    if kind == "dataset" and name.islower():
        # an activity's or a quality's datasets are data for it: "visual grounding benchmarks",
        # "benchmarking datasets", "transferability benchmarks" (2023-25 scale slice: datasets)
        word = name.split()[-1].split("-")[-1]
        return "task" if R.activity(word) else "term" if word.endswith("ity") else kind
    return kind


def _doer(name_key: tuple[str, ...]) -> bool:
    """Does a name end in a doer's word ("classifier", "tracker", "estimator")?"""
    return name_key[-1].endswith(("er", "or"))


def _alias_keys(name_key: tuple[str, ...], name: str, aliases: list[str]) -> list[tuple[str, ...]]:
    """The keys of the aliases whose heads may give a concept its kind. A lower-case word or
    phrase's alias that is the name and a model's head ("pose model", "point cloud
    architecture") may be a model of the thing named, not the thing a model: its papers' "pose
    model" made ECCV 2022's "pose" (109 papers) a model, as "camera", "mesh", "prior",
    "interaction" and "point cloud" were; what follows the name is weighed against its other
    uses by :func:`graphkit.concepts_rules.kind_from_context` instead (however the name is
    hyphenated: COLING 2025's "pretraining" was a model for "pre-training model"). "dropout method",
    "boosting algorithm" do say a method, and a doer's "classifier model", "tracker model" a model."""
    keys = [_key(a) for a in aliases]
    if not name.islower() or _doer(name_key):
        return keys
    joined = "".join(w.lower() for w in name_key)  # "pre-training model" is "pretraining" and a head
    return [
        k
        for k in keys
        if not (len(k) >= 2 and "".join(w.lower() for w in k[:-1]) == joined and k[-1].lower() in _KIND_HEADS["model"])
    ]


#: A lower-case name's "X model" alias says what X is when at least this many of its papers,
#: and this share of them, write it. Measured on the first 10,000 scale abstracts: "mixture"
#: (76 of 136 papers), "latent variable" (71 of 187), "diffusion" (31 of 63), "copula" (6 of
#: 15), "random graph" (7 of 8) are models; below the share or from one paper the alias is
#: mostly a model that does X ("risk assessment model", "discourse analysis model", "sentence
#: compression model", 1 of 3 papers each) or of X ("equation model", 16 of 51).
ALIAS_KIND_PAPERS = 2
ALIAS_KIND_SHARE = 1 / 3


def _after_name(
    state: LinkState, root: str, aliases: list[str], keys: list[tuple[str, ...]], kept: list[tuple[str, ...]]
) -> Counter:
    """The words after a concept's name in its papers, for its kind, and for a lower-case name
    the head of each alias that is the name and a model's head, once for each paper that writes
    it: a paper whose first form is "diffusion model" has nothing after "diffusion", yet says
    what diffusion is (the first 10,000 scale abstracts' "diffusion", "mixture" and "latent
    variable" had been terms), where enough papers write it (:data:`ALIAS_KIND_SHARE`). The
    alias is one vote among the name's other uses, as "pose model" is among "pose estimation"
    and "pose features" (:func:`_alias_keys`). Not where the papers also write "X task" or "X
    problem": a model of a task does the task (the first 10,000 scale abstracts' "textual
    entailment model", "fact checking model", "pricing model"). ``keys``: the phrase keys of
    the aliases that may give a kind (:func:`_kind_aliases`), ``kept`` those
    :func:`_alias_keys` keeps."""
    after = state.next_words.get(root, Counter())
    if any(w in _TASK_NAME_HEADS for w in after) or any(a.split()[-1].lower() in _TASK_NAME_HEADS for a in aliases):
        return after  # "textual entailment task", "pricing problem": its "X model" does X
    extra: Counter = Counter()
    for k in keys:
        if k not in kept:  # a head counts by its most written alias, not their sum (which made
            # models of 10k scale's "equation", 51 papers, and "fact checking", 21)
            extra[k[-1].lower()] = max(extra[k[-1].lower()], state.form_papers.get((root, k), 0))
    votes = sum(extra.values())
    if votes < ALIAS_KIND_PAPERS or votes < ALIAS_KIND_SHARE * state.paper_count[root]:
        return after
    return after + extra


def _alias_kind(state: LinkState, root: str, keys: list[tuple[str, ...]], doer: bool = False) -> str | None:
    """The kind a concept's aliases give it, each alias weighed by the papers that write it;
    papers that write "X task" weigh for a task against them (alone they say nothing: "task"
    often follows a name). Not "X problem": optimisation writes "Lasso problem", "MAP
    problem", "optimal transport problem" of methods (first 10,000 scale abstracts). The dev
    set's "language modeling" (38 papers) had been a model for one paper's "LM-architecture"
    beside three of "language modeling task", and "natural language" a method for one
    "natural language method". Ties go to the kind :func:`_kind` tries first; a concept of
    many papers needs a share of them behind its kind (:data:`ALIAS_KIND_MIN_SHARE`)."""
    votes: Counter = Counter()
    tasks = 0
    for key in keys:
        papers = max(1, state.form_papers.get((root, key), 0))
        if key and key[-1].lower() in ("task", "tasks"):
            tasks += papers
        elif (
            key
            and (kind := _kind(key[-2:] if key[-1].lower() in ("filter", "filters") else key[-1:], [], Counter()))
            != "term"
        ):
            votes[kind] += papers
    if not votes:
        return None
    votes["task"] += tasks
    best = max(votes, key=lambda kind: (votes[kind], -_HEAD_KIND_ORDER.index(kind)))
    if not doer and votes[best] < ALIAS_KIND_MIN_SHARE * state.paper_count[root]:
        return None  # "uncertainty method" in 2 of "uncertainty"'s 94 papers
    return best


#: The share of a concept's papers that must write the aliases giving it its kind (a doer's
#: "classifier model" excepted). In the first 10,000 scale abstracts, 1-2 papers' "uncertainty
#: method" (of 94), "MI method" (93), "cluster model" (82), "outlier method" (72), "prompt
#: method" (58), "time complexity algorithm" (44) had made methods and models of them;
#: "adversarial attack method" and the like (8 of 101 papers) and "RoBERTa model" (6 of 42)
#: stay. It matters from 34 papers up: below, one paper is enough.
ALIAS_KIND_MIN_SHARE = 0.03


def _head_kind(name_key: tuple[str, ...], name: str) -> str | None:
    """The kind a lower-case word or phrase's head gives it, which what follows it does not
    overrule: "reinforcement learning" is a method though its papers write "reinforcement
    learning model(s)" (dev: 164 papers of a "model"), "text classification" a task, "inference"
    a method. A name's kind comes from its context ("SAM2 model", "DROID dataset"), as a proper
    name's does ("Stanford Natural Language Inference corpus")."""
    if len(name_key) > 1 and name_key[-1].lower() in _OBJECT_HEADS and name.split()[-1].islower():
        return "term"  # "polynomial time algorithms" are algorithms, "polynomial time" no method
    if not name_key or not name.islower():
        return None
    kind = _kind(name_key, [], Counter())
    return None if kind == "term" else kind


#: Heads of a mathematical object or quantity, a term whatever follows it: three 3,000-abstract
#: scale slices had "latent space" (29 papers), "polynomial time" (16, 13), "directed acyclic
#: graph" (14), "covariance matrix" (13) and "Hilbert space" methods, "inference time" a model.
_OBJECT_HEADS = frozenset("time space matrix graph function norm vector tensor equation manifold distribution".split())


#: The order in which the kinds of a name's or an alias's head are tried (:func:`_kind`, :func:`_alias_kind`).
_HEAD_KIND_ORDER = ("dataset", "metric", "task", "model", "method")


def _kind(name_key: tuple[str, ...], aliases_keys: list[tuple[str, ...]], next_words: Counter) -> str:
    if len(name_key) > 1 and name_key[-1].lower() in _TASK_NAME_HEADS:
        return "task"
    if len(name_key) > 1 and name_key[-1].lower() in ("filter", "filters") and _filtering(name_key[-2]):
        return "method"  # "Kalman filter", "extended Kalman filter", "particle filter" (2019-22 scale slice: terms)
    if len(name_key) > 1 and name_key[-1].lower() == "control" and _manner(name_key[-2].lower()):
        # a manner of control is a method: "model predictive control", "optimal control",
        # "adaptive control", "decentralized control"; what is controlled a task ("force control")
        return "method"
    heads = [k[-1].lower() for k in [name_key, *aliases_keys] if k]
    if any(h in _MEASURES for h in heads):
        return "metric"
    for kind in _HEAD_KIND_ORDER:
        if any(h in _KIND_HEADS[kind] or kind == "task" and h in _TASK_HEADS for h in heads):
            return kind
    for word, _ in next_words.most_common(3):
        if word == "machine":
            continue  # after a word, "machine" is mostly "machine learning" ("box" of "black box machine")
        # not a task's head: what precedes one is the task's object, no task ("UAV navigation",
        # "object detection": 3k scale abstracts' UAV had been a task)
        for kind in ("dataset", "model", "method", "metric"):
            if word in _KIND_HEADS[kind]:
                return kind
    return "term"


#: Names of measures, a metric as a concept's own head but not after another name ("DeepSpeech
#: WER" is no metric): "IoU", "mIoU", "RMSE", "NDCG", "WER", "CIDEr", "BERTScore", "LPIPS"
#: (2023-25 scale slice: terms). Not "MAE", "MRR", "MAP": masked autoencoders, modular robots,
#: maximum a posteriori. A measure's family with its variants is R.name_kind's.
_MEASURES = frozenset("iou miou mse rmse ndcg wer cider bertscore lpips chrf".split())


def _filtering(word: str) -> bool:
    """Does ``word`` before "filter" name a filtering method: a person's name ("Kalman",
    "Gabor") or a particle filter's, not a network's ("convolutional filter", "CNN filter")?"""
    low = word.lower()
    if low in _KIND_HEADS["model"]:
        return False
    # a key keeps a name's capital only where the dictionary knows the word: "kalman" it does
    # not, nor "convolutional", "learnable" (whose endings say adjective)
    unknown = not L.readings(low) and not low.endswith(("al", "ic", "ive", "able", "ible", "ed", "ing", "ous", "ar"))
    return word[:1].isupper() or unknown or low in ("particle", "complementary")


def _manner(word: str) -> bool:
    """Is ``word`` an adjective and no noun ("predictive", "optimal", "nonlinear") or a past
    participle ("decentralized")?"""
    if word.endswith("ed") and any("VERB" in L.readings(stem) for stem in (word[:-1], word[:-2])):
        return True  # not "speed"
    readings = L.readings(word)
    return readings == {"ADJ"} or not readings and word.endswith(("ar", "al", "ic", "ive", "ous"))


#: A concept named "X task" or "X problem" is a task, whatever its aliases and what follows it
#: say (NAACL 2024 "generation task" had been a method, by its alias "generation approach").
#: Only the name's own head: many a concept has a variant "X problem" ("robot problem" of
#: robotics "robot"), and "task" often follows a name ("PCA problem").
_TASK_NAME_HEADS = frozenset({"task", "tasks", "problem", "problems"})


#: Heads of tasks that, after a concept, make it the task's object, not a task: "feature
#: extraction" is a task, "feature" no task (WACV 2025), nor "conflict" of "conflict resolution"
#: (robotics). ACL and NAACL's "relation extraction", "coreference resolution", "entity linking"
#: had been models, "information extraction" a dataset ("information extraction datasets").
_TASK_HEADS = frozenset(
    "extraction resolution linking tagging labeling typing verification comprehension inpainting understanding".split()
)


#: After a form matched inside a longer concept's form, these words say what that concept is,
#: not the form: ACL's and NAACL's "language" (in "language models", 492 uses) had been a model,
#: as had "dialogue" ("dialogue models"). "task" or "dataset" there does say it: "computer
#: vision" of "computer vision tasks" is a task.
_MODEL_WORDS = frozenset({"model", "network", "architecture", "encoder", "decoder", "backbone"})


#: Words that join the items of a list ("MNIST, CIFAR-10 and SVHN").
_CONNECTORS = frozenset({"and", "or"})


def _list_context(state: LinkState, seq, sent_of: list[int], kept) -> list[str | None]:
    """The word after each kept match, for its kind; the items of a list ("MNIST, TFD and
    CIFAR-10 datasets") all take the word after the list, and each item's list mates are
    counted in ``state.mates`` (a form the papers only list, never follow by a kind word,
    takes its mates' kind: MNIST beside CIFAR-10)."""
    after = [_next_word(seq, pos + len(f)) for pos, f, _, _ in kept]
    items = sorted((pos, pos + len(f), k) for k, (pos, f, _, inside) in enumerate(kept) if not inside)
    lists: list[list[int]] = []
    for (_, end, k), (pos, _, k2) in zip(items, items[1:]):
        if not _joins(seq, sent_of, end, pos):
            continue
        if lists and lists[-1][-1] == k:
            lists[-1].append(k2)
        else:
            lists.append([k, k2])
    for ks in lists:
        pos, f = kept[ks[-1]][0], kept[ks[-1]][1]
        word = _next_word(seq, pos + len(f))
        roots = {kept[k][2] for k in ks}
        for k in ks:
            after[k] = None if word in _CONNECTORS else word
            state.mates[kept[k][2]].update(r for r in roots if r != kept[k][2])
    return after


def _joins(seq, sent_of: list[int], end: int, pos: int) -> bool:
    """Do a comma, "and", "or" or ", and" alone separate a match ending at ``end`` from one at ``pos``?"""
    gap = seq[end:pos]
    if not 1 <= len(gap) <= 2 or sent_of[end] != sent_of[pos]:
        return False
    if gap == [None]:
        return True
    return gap[-1] is not None and gap[-1].lower() in _CONNECTORS and (len(gap) == 1 or gap[0] is None)


@lru_cache(maxsize=100_000)
def _modified(word: str) -> bool:
    """Is ``word``, right after a single-word form, a word that form modifies? Not a function
    word, nor a generic head ("diffusion model" is diffusion itself), nor a word that makes a
    modifier of what it follows ("physics-guided")."""
    low = word.lower()
    return low not in STOPWORDS and low not in NON_HEAD and L.word_key(low) not in T.GENERIC_HEADS


def _next_word(seq, end: int) -> str | None:
    """The normalised word after a match, lower-cased (None at punctuation or the text's end);
    past a year or a version number ("PASCAL VOC 2012 dataset", "COCO 2017 benchmark")."""
    if end + 1 < len(seq) and seq[end] and seq[end + 1] and _VERSION.fullmatch(seq[end]):
        end += 1
    return seq[end].lower() if end < len(seq) and seq[end] else None


_VERSION = re.compile(r"v?\d+(?:\.\d+)*")


_BASED_ON = frozenset(("on", "upon"))


def _attached_to_a_name(raw: list[str], pos: int) -> bool:
    """Is the one-word match at ``pos`` written onto another name: in a hyphenated word of two
    names or more ("SemAlign-MS"; not "ResNet-50", "GAN-based"), or a word of up to three
    capitals right before a name ("MS COCO", "SUN RGB-D")?"""
    tok = raw[pos]
    if "-" in tok:
        return sum(1 for p in tok.split("-") if p and not p.isdigit() and L.is_name(p)) >= 2
    nxt = raw[pos + 1] if pos + 1 < len(raw) else "."
    # three capitals at most: "WMT19 English-German", "NVIDIA GPUs" name things of their own
    return len(tok) <= 3 and tok.isalpha() and tok.isupper() and nxt[:1].isalpha() and L.is_name(nxt)


def _qualifies(tok: str) -> bool:
    """Is the first part of the hyphenated ``tok`` a name's qualifier: before a capitalised word
    or name of three letters or more ("UCF-Crime", "CMU-Mocap", "MS-COCO"; not "GAN-Based" in a
    title, "AI-Assisted", "EfficientNet-B0", "RGB-D", "ResNet-50", "MIMIC-III")? A word of up to
    three capitals right before a name ("MS COCO") qualifies it too (:func:`_attached_to_a_name`)."""
    nxt = tok.split("-")[1]
    return (
        len(nxt) >= 3 and nxt[0].isupper() and nxt.isalpha() and not _suffix(nxt.lower()) and not _ROMAN.fullmatch(nxt)
    )


_ROMAN = re.compile(r"[IVX]+")  # "MIMIC-III" is MIMIC's third version


def _suffix(word: str) -> bool:
    """Does ``word`` after a hyphen say how, not what ("based", "like", "Assisted", "driven")?"""
    return word in NON_HEAD or word.endswith(("ed", "ing", "like", "free", "aware", "wise", "able"))


def _based_on(seq, inner: set[int], match: tuple[int, tuple[str, ...], str], forms) -> bool:
    """Is this match of "X based" the verb of "X based on", in a group that "X" alone is no
    form of? ICRA/IROS 2023's "Ski Skills Based on Physical and Visual Feedbacks" is no
    "skill-based" work, dev's "a policy based on" no "policy-based method"; but "a trajectory
    based on splines" speaks of a trajectory."""
    pos, form, root = match
    end = pos + len(form)
    return end - 1 not in inner and end < len(seq) and seq[end] in _BASED_ON and form[:-1] not in forms[root]


def _drawn(seq, pos: int) -> bool:
    """Is the word at ``pos`` the attention a topic attracts or one pays ("has attracted
    increasing attention", "pay more attention to"), no attention mechanism? 3,000 scale
    abstracts of 2019-22: 8 of the 56 papers of "attention" only said so."""
    for ahead in range(1, 4):  # "little attention (has been) paid to"
        word = seq[pos + ahead] if pos + ahead < len(seq) else None
        if word in _PAID:
            return True
        if word not in _AUXILIARIES:
            break
    for back in range(1, 7):
        word = seq[pos - back] if pos >= back else None
        if word is None:
            return False
        if word in _DRAWING:
            return True
        if word not in _DRAWN_BY:
            return False
    return False


#: Verbs whose object "attention" is interest, not a mechanism ...
_DRAWING = frozenset(
    """attract attracts attracted attracting draw draws drew drawn drawing pay pays paid paying
    gain gains gained gaining receive receives received receiving garner garners garnered
    garnering get gets got gotten getting catch catches caught capture captured deserve deserves
    deserved deserving require requires required requiring devote devotes devoted""".split()
)
#: ... or that follow it ("little attention has been paid to").
_PAID = frozenset("paid devoted".split())
_AUXILIARIES = frozenset("is are was were has have had been be being".split())
#: ... and the words that may stand between them ("attracted a lot of research attention").
_DRAWN_BY = frozenset(
    """much more most increasing increased considerable significant growing great greater wide
    widespread little less special close closer particular a lot lots of the research extensive
    substantial tremendous broad some renewed recent enormous notable""".split()
)


def _matched(seq, inner: set[int], lengths, index) -> list[tuple[int, tuple[str, ...], str]]:
    """(position, form, group) for every form found in the normalised text, in text order.

    A form starts where a word does: "supervised learning" is not in "semi-supervised
    learning", nor "policy method" in "off-policy methods" (a name is: LSTM in "CNN-LSTM"); a
    name before "-hard" is no match ("NP" of "NP-hard").
    """
    # one loop, no generator per position (1,000 abstracts: 0.22 s -> 0.17 s)
    matched = []
    size = len(seq)
    for pos, tok in enumerate(seq):
        if tok is None or tok not in lengths or (pos in inner and not L.is_name(tok)):
            continue
        for n in lengths[tok]:
            end = pos + n
            if end > size:
                break
            hit = index.get((tok,) if n == 1 else tuple(seq[pos:end]))
            if hit is None or (end in inner and seq[end] in M.CLASS_SUFFIXES):
                continue
            form, roots = hit
            for root in roots:
                matched.append((pos, form, root))
    return matched


def _normalised(text: str):
    """The text as a flat list of normalised word parts (None at punctuation), the token of
    each as written, the sentence index of each, the sentences themselves, and the positions
    inside a hyphenated word."""
    seq: list[str | None] = []
    raw: list[str] = []  # the token each part comes from, as written
    sent_of: list[int] = []
    inner: set[int] = set()  # the positions of a hyphenated word's second and later parts
    sents = list(enumerate(T.sentences(text)))
    for si, s in sents:
        for tok in T.token_texts(s):
            parts = _token_key(tok)
            if len(parts) > 1:
                inner.update(range(len(seq) + 1, len(seq) + len(parts)))
            seq.extend(parts)
            raw.extend([tok] * len(parts))
        seq.append(None)
        raw.append(".")
        sent_of.extend([si] * (len(seq) - len(sent_of)))  # the sentence's parts and its None at once
    return seq, raw, sent_of, sents, inner


# Memoised by token: the scan normalises every word of every text (1,000 abstracts: 250 k
# tokens; _normalised 1.0 s -> 0.6 s under the profiler).
@lru_cache(maxsize=200_000)
def _token_key(tok: str) -> tuple[str | None, ...]:
    """A token's normalised word parts, or (None,) for punctuation."""
    if not tok[0].isalnum():
        return (None,)
    return tuple(T.norm_word(p) for p in T.word_parts(tok.rstrip(".")))
