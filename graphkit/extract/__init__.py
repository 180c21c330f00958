"""Extract: Paper -> candidate keyphrases (KeyBERT over noun-phrase candidates + named artefacts).

The extractor is a protocol; :class:`KeyBERTExtractor` is the implementation graphkit ships.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from bisect import bisect_left
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from .. import text as T
from ..concepts_rules import repair, uncap_title
from ..memory import give_back_freed_memory
from ..model import Candidate, Paper
from ..progress import bar, stage
from .embed import Embedder, EmbeddingCache, MiniLMEmbedder, default_cache_path
from .stored import Rows, StoredVectors

__all__ = [
    "MAX_CONCEPT_CHARS",
    "Extraction",
    "Extractor",
    "KeyBERTExtractor",
    "keybert_choice",
    "embed_and_rank",
    "default_embedder",
    "paper_text",
    "paper_texts",
    "candidate_forms",
    "corpus_words",
    "with_artefacts",
    "Embedder",
    "MiniLMEmbedder",
    "EmbeddingCache",
    "default_cache_path",
]


#: A longer "phrase" is a broken token, not a concept (and Neo4j could not index its key).
MAX_CONCEPT_CHARS = 100


def paper_text(p: Paper) -> str:
    """The cleaned text a paper is analysed by: its title (if any), then its abstract."""
    body = T.clean(repair(p.abstract))
    if p.title:
        title = T.clean(uncap_title(repair(p.title), p.abstract)).rstrip(".")
        return f"{title}{'' if title.endswith(('?', '!')) else '.'} {body}"  # not "Why does it work?."
    return body


@dataclass
class Extraction:
    """What extraction found, aligned with the input papers: data only, no model.

    ``doc_vectors`` and ``phrase_vectors`` are the vectors an extractor computed on its way
    (``None`` and empty if it computed none): linking reuses them instead of embedding the
    same texts again, and looks for scaffolding phrases among ``phrase_vectors``.
    """

    texts: list[str]  # cleaned analysed text of each paper
    candidates: list[list[Candidate]]  # the extractor's choices and the artefacts, best first
    phrases: list[list[str]]  # every candidate surface form seen in each paper
    acronyms: list[list[T.AcronymDef]]  # the acronyms each paper defines
    doc_vectors: np.ndarray | None = None  # one row per paper
    phrase_vectors: Mapping[str, np.ndarray] = field(default_factory=dict)
    joins: frozenset[tuple[str, str]] | None = None  # the corpus's names' parts (None: linking counts them)


class Extractor(ABC):
    """Turns papers into per-paper keyphrase candidates.

    To add one, subclass this and return an :class:`Extraction`; pass it to
    ``graphkit.build.build(papers, extractor=...)``.
    """

    @abstractmethod
    def extract(self, papers: Sequence[Paper], progress: bool = False) -> Extraction:
        raise NotImplementedError


def default_embedder(cache: bool = True) -> MiniLMEmbedder:
    """all-MiniLM-L6-v2 with the on-disk embedding cache (``cache=False``: without it)."""
    return MiniLMEmbedder(cache=EmbeddingCache(default_cache_path()) if cache else None)


class KeyBERTExtractor(Extractor):
    """KeyBERT with all-MiniLM-L6-v2, run once over the whole corpus. When every vector came
    from the embedding cache (a rebuild), KeyBERT's ranking is replayed by
    :func:`keybert_choice` (KeyBERT's numbers, without importing torch or loading the model).

    Candidates come from a rule-based noun-phrase chunker rather than all n-grams, so
    KeyBERT ranks phrases that can name a concept; case is kept. Named artefacts (GRPO,
    SAM2, DROID) are always kept, whatever their score.

    ``verbs``, ``joins``: the corpus's verbs (:func:`graphkit.text.verbs_in`) and names' parts
    (:func:`graphkit.text.name_joins`) when the papers given to :meth:`extract` are one part of a corpus (the
    distributed build); by default they are learned from the papers given. Each paper's
    candidates depend only on its own text, its vectors, the verbs and the joins, so the parts'
    extractions are the whole's.
    """

    def __init__(
        self,
        embedder: Embedder | None = None,
        top_n: int = 15,
        cache: bool = True,
        verbs: frozenset[str] | None = None,
        joins: frozenset[tuple[str, str]] | None = None,
    ):
        self.embedder = embedder if embedder is not None else default_embedder(cache)
        self.top_n = top_n
        self.verbs = verbs
        self.joins = joins

    def extract(self, papers: Sequence[Paper], progress: bool = False) -> Extraction:
        texts = paper_texts(papers, progress)
        verbs, joins = corpus_words(texts, self.verbs, self.joins, progress=progress)
        phrases, artefacts = candidate_forms(texts, progress=progress, verbs=verbs, joins=joins)
        by_text = dict(zip(texts, phrases))
        vocab = sorted({f for fs in by_text.values() for f in fs})  # what CountVectorizer(analyzer=by_text) learns
        chosen = self._chosen_apart(texts, phrases, vocab, progress)
        doc_vecs, vocab_vectors, selected = embed_and_rank(
            texts, by_text, vocab, self.embedder, self.top_n, "Embedding" if progress else None, rank=chosen is None
        )
        if chosen is not None:
            selected = chosen
        candidates = with_artefacts(selected, artefacts, vocab_vectors, doc_vecs)
        acronyms = [T.find_acronyms(t) for t in texts]
        return Extraction(
            texts, candidates, phrases, acronyms, doc_vectors=doc_vecs, phrase_vectors=vocab_vectors, joins=joins
        )

    def _chosen_apart(self, texts, phrases, vocab, progress: bool) -> list[list[tuple[str, float]]] | None:
        """With the embedder ``apart`` and its cache lacking some vectors: the embedding and
        KeyBERT's ranking done in a child process (:mod:`graphkit.extract.apart`) that puts
        the vectors in the cache, so this process then reads them as a rebuild does and never
        imports torch. None when the model is not apart, when the cache holds every vector
        (then nothing needs the model) or cannot take them (then the vectors come back from
        each call instead, and KeyBERT runs here)."""
        emb = self.embedder
        if not (isinstance(emb, MiniLMEmbedder) and emb.apart and emb.cache is not None and vocab):
            return None
        cache = emb.cache
        if not cache.working() or not cache.lacks([EmbeddingCache.key(emb.model_id, t) for t in (*texts, *vocab)]):
            return None
        from .apart import run_apart

        options = {**emb.options(), "cache": str(cache.path)}
        chosen = run_apart(("extract", texts, phrases, vocab, self.top_n, "Embedding" if progress else None, options))
        emb._ran_apart = True  # as in one process: the model ran, so KeyBERT itself ranked
        for picks in chosen:  # the vocabulary's own strings, as KeyBERT's in one process are, not the
            for k, (w, score) in enumerate(picks):  # answer's copies (79,345 abstracts: 1.2 M of them)
                i = bisect_left(vocab, w)
                if i < len(vocab) and vocab[i] == w:
                    picks[k] = (vocab[i], score)
        return chosen


def embed_and_rank(
    texts: list[str],
    by_text: Mapping[str, list[str]],
    vocab: list[str],
    embedder: Embedder,
    top_n: int,
    label: str | None = None,
    rank: bool = True,
) -> tuple[np.ndarray, StoredVectors, list[list[tuple[str, float]]]]:
    """The texts' vectors, the vocabulary's (:class:`StoredVectors`) and, with ``rank``,
    KeyBERT's ``top_n`` picks of each text among its phrases (``by_text[text]``; empty lists
    without ``rank``): what :meth:`KeyBERTExtractor.extract` computes with the model, in its
    process or in the model's child (:mod:`graphkit.extract.apart`). ``label``: the progress
    bars' first word ("Embedding"), None for none."""
    doc_vecs = embedder.embed(texts, progress=f"{label} abstracts" if label else None)
    # float16 (the cache's numbers) and, for a big vocabulary, out of memory: embedded a chunk
    # at a time into the store, which KeyBERT and then linking read
    vocab_vectors = StoredVectors.embedded(vocab, embedder, f"{label} phrases" if label else None)
    give_back_freed_memory()
    word_vecs = vocab_vectors.rows()
    selected: list[list[tuple[str, float]]] = [[] for _ in texts]
    if rank and vocab and _model_ran(embedder):  # the model ran anyway: KeyBERT itself ranks
        selected = _keybert(texts, by_text, doc_vecs, word_vecs, top_n, embedder)
    elif rank and vocab:  # every vector came from the cache: KeyBERT's numbers without importing it
        selected = keybert_choice([by_text[t] for t in texts], vocab, doc_vecs, word_vecs, top_n)
    return doc_vecs, vocab_vectors, selected


def paper_texts(papers: Sequence[Paper], progress: bool = False) -> list[str]:
    """:func:`paper_text` of each paper (a stage of its own on a terminal)."""
    with stage("Cleaning text", "paper", progress, count=len(papers)):
        return [paper_text(p) for p in papers]


def corpus_words(
    texts: list[str],
    verbs: frozenset[str] | None = None,
    joins: frozenset[tuple[str, str]] | None = None,
    progress: bool = False,
) -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    """The corpus's verbs (:func:`graphkit.text.verbs_in`) and names' parts
    (:func:`graphkit.text.name_joins`): the ones given, else learned from ``texts`` in one pass
    over their tokens (a stage of its own on a terminal)."""
    if verbs is None or joins is None:
        names: Counter = Counter()
        with stage("Counting words", "paper", progress, count=len(texts)):
            counted = T.verbs_from_counts(*T.verb_counts(texts, names))
        verbs = counted if verbs is None else verbs
        joins = T.name_joins(names) if joins is None else joins
    return verbs, joins


def candidate_forms(
    texts: list[str],
    progress: bool = False,
    verbs: frozenset[str] | None = None,
    joins: frozenset[tuple[str, str]] | None = None,
) -> tuple[list[list[str]], list[list[str]]]:
    """Every candidate surface form of each text (noun phrases, then artefacts) and its artefacts.

    ``verbs``, ``joins``: the corpus's verbs and names' parts (:func:`graphkit.text.name_joins`), if these
    texts are a part of it (default: learned from them).
    """
    phrases: list[list[str]] = []
    artefacts: list[list[str]] = []
    verbs, joins = corpus_words(texts, verbs, joins)
    one: dict[str, str] = {}  # each distinct phrase held once, however many papers have it
    with bar("Chunking", len(texts), "paper", progress) as b:
        for t in texts:
            cands = T.candidate_phrases(t, verbs, joins)
            forms = list(dict.fromkeys(c for c, _ in cands if len(c) <= MAX_CONCEPT_CHARS))
            arts = list(dict.fromkeys(a for a in _artefacts_in(t, joins) if len(a) <= MAX_CONCEPT_CHARS))
            phrases.append([one.setdefault(f, f) for f in dict.fromkeys(forms + arts)])
            artefacts.append([one.setdefault(a, a) for a in arts])
            b.update(1)
    return phrases, artefacts


def with_artefacts(
    selected: list[list[tuple[str, float]]],
    artefacts: list[list[str]],
    vocab_vectors: Mapping[str, np.ndarray],
    doc_vecs: np.ndarray,
) -> list[list[Candidate]]:
    """The ranked picks of each paper, then its named artefacts the ranking left out (always kept)."""
    candidates: list[list[Candidate]] = []
    for i, sel in enumerate(selected):
        chosen = {w: s for w, s in sel}
        out = [Candidate(w, float(s), artefact=T.is_artefact(w)) for w, s in sel]
        for a in artefacts[i]:
            if a not in chosen:
                v = vocab_vectors.get(a)
                s = float(v @ doc_vecs[i]) if v is not None else 0.0
                out.append(Candidate(a, s, artefact=True))
        candidates.append(out)
    return candidates


def _artefacts_in(text: str, joins: frozenset[tuple[str, str]] = frozenset()) -> list[str]:
    """Named artefacts in the text, trimmed of generic hyphen suffixes ("LLM-based" -> "LLM").
    A name the corpus writes after another one (``joins``, :func:`graphkit.text.name_joins`) is a
    part of it: "ELECTRE TRI", "PASCAL VOC", up to three names in a row."""
    out: list[str] = []
    run: list[str] = []
    for name, ends in map(T.name_of, T.token_texts(text)):
        if run and (not name or len(run) == _NAME_RUN or (run[-1], name) not in joins):
            out.append(" ".join(run))
            run = []
        if name:
            run.append(name)
            if ends:
                out.append(" ".join(run))
                run = []
    if run:
        out.append(" ".join(run))
    return out


#: The most names in a row read as one name.
_NAME_RUN = 3


def _model_ran(embedder: Embedder) -> bool:
    """Did embedding need the model (MiniLM loads it only for vectors its cache lacks)? Any
    other embedder counts as run."""
    return not isinstance(embedder, MiniLMEmbedder) or embedder.ran


def _keybert(texts, by_text, doc_vecs, word_vecs, top_n: int, embedder: Embedder) -> list[list[tuple[str, float]]]:
    """KeyBERT's keywords of each text among its candidate phrases (``by_text[text]``)."""
    from keybert import KeyBERT
    from sklearn.feature_extraction.text import CountVectorizer

    vectorizer = CountVectorizer(analyzer=lambda doc: by_text[doc], lowercase=False)
    model = KeyBERT(model=_as_keybert_model(embedder))
    result = model.extract_keywords(
        texts, vectorizer=vectorizer, top_n=top_n, doc_embeddings=doc_vecs, word_embeddings=word_vecs
    )
    if texts and result and isinstance(result[0], tuple):  # KeyBERT flattens a single document
        result = [result]
    return [list(r) for r in result]


def _as_keybert_model(embedder: Embedder):
    """KeyBERT needs a backend object; graphkit gives it the same model it embeds with."""
    if isinstance(embedder, MiniLMEmbedder):
        return embedder.model
    from keybert.backend import BaseEmbedder

    class _Backend(BaseEmbedder):
        def embed(self, documents, verbose=False):
            return embedder.embed(list(documents))

    return _Backend()


def keybert_choice(
    phrases: Sequence[Sequence[str]],
    vocab: Sequence[str],
    doc_vecs: np.ndarray,
    word_vecs: np.ndarray | Rows,
    top_n: int,
) -> list[list[tuple[str, float]]]:
    """``KeyBERT().extract_keywords(texts, vectorizer=CountVectorizer(analyzer=<the phrases>),
    top_n=top_n, doc_embeddings=doc_vecs, word_embeddings=word_vecs)``, computed as KeyBERT 0.9
    computes it (its candidates in vocabulary order, scikit-learn's ``cosine_similarity``,
    ``argsort``, the best ``top_n``, scores rounded to 4 places), with the same numbers, but in
    numpy alone, for a rebuild whose vectors are all cached: importing KeyBERT imports
    sentence-transformers, torch and scikit-learn (5.7 s), and its backend wants the model
    loaded (warm 1,000 abstracts: 17.4 s -> 6.4 s a build). ``tests/test_samples.py`` checks it
    against KeyBERT itself.

    ``vocab``: the sorted distinct phrases; ``phrases[i]``: those of document ``i``."""
    index = {w: i for i, w in enumerate(vocab)}
    both32 = doc_vecs.dtype == np.float32 and word_vecs.dtype == np.float32
    dtype = np.float32 if both32 else np.float64  # scikit-learn's check_pairwise_arrays
    out: list[list[tuple[str, float]]] = []
    for i, forms in enumerate(phrases):
        cols = sorted({index[f] for f in forms})  # the row's non-zero columns of the count matrix
        doc = np.array(doc_vecs[i].reshape(1, -1), dtype=dtype)
        cand = np.array(word_vecs[cols], dtype=dtype)
        if not cols or not (np.isfinite(doc).all() and np.isfinite(cand).all()):
            out.append([])  # scikit-learn's ValueError, which KeyBERT turns into no keywords
            continue
        distances = _l2_rows(doc) @ _l2_rows(cand).T
        best = distances.argsort()[0][-top_n:][::-1]
        out.append([(vocab[cols[j]], round(float(distances[0][j]), 4)) for j in best])
    return out


def _l2_rows(x: np.ndarray) -> np.ndarray:
    """scikit-learn's ``normalize(x)`` for a dense array (row norms by einsum; zero rows kept)."""
    norms = np.sqrt(np.einsum("ij,ij->i", x, x))
    norms[norms < 10 * np.finfo(norms.dtype).eps] = 1.0
    x /= norms[:, None]
    return x
