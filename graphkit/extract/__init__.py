"""Extract: Paper -> candidate keyphrases (KeyBERT over noun-phrase candidates + named artefacts).

The extractor is a protocol; :class:`KeyBERTExtractor` is the implementation graphkit ships.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from .. import text as T
from ..concepts_rules import repair, uncap_title
from ..model import Candidate, Paper
from .embed import Embedder, EmbeddingCache, MiniLMEmbedder, default_cache_path

__all__ = [
    "MAX_CONCEPT_CHARS",
    "Extraction",
    "Extractor",
    "KeyBERTExtractor",
    "default_embedder",
    "paper_text",
    "candidate_forms",
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
        return f"{title}. {body}"
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
    """KeyBERT with all-MiniLM-L6-v2, run once over the whole corpus.

    Candidates come from a rule-based noun-phrase chunker rather than all n-grams, so
    KeyBERT ranks phrases that can name a concept; case is kept. Named artefacts (GRPO,
    SAM2, DROID) are always kept, whatever their score.

    ``verbs``: the corpus's verbs (:func:`graphkit.text.verbs_in`) when the papers given to
    :meth:`extract` are one part of a corpus (the distributed build); by default they are
    learned from the papers given. Each paper's candidates depend only on its own text, its
    vectors and the verbs, so the parts' extractions are the whole's.
    """

    def __init__(
        self,
        embedder: Embedder | None = None,
        top_n: int = 15,
        cache: bool = True,
        verbs: frozenset[str] | None = None,
    ):
        self.embedder = embedder if embedder is not None else default_embedder(cache)
        self.top_n = top_n
        self.verbs = verbs

    def extract(self, papers: Sequence[Paper], progress: bool = False) -> Extraction:
        from keybert import KeyBERT
        from sklearn.feature_extraction.text import CountVectorizer

        texts = [paper_text(p) for p in papers]
        phrases, artefacts = candidate_forms(texts, progress=progress, verbs=self.verbs)
        by_text = dict(zip(texts, phrases))
        vectorizer = CountVectorizer(analyzer=lambda doc: by_text[doc], lowercase=False)
        if not any(phrases):
            vocab: list[str] = []
        else:
            vocab = list(vectorizer.fit(texts).get_feature_names_out())
        doc_vecs = self.embedder.embed(texts, progress="Embedding abstracts" if progress else None)
        word_vecs = self.embedder.embed(vocab, progress="Embedding phrases" if progress else None)

        selected: list[list[tuple[str, float]]] = [[] for _ in texts]
        if vocab:
            model = KeyBERT(model=_as_keybert_model(self.embedder))
            result = model.extract_keywords(
                texts, vectorizer=vectorizer, top_n=self.top_n, doc_embeddings=doc_vecs, word_embeddings=word_vecs
            )
            if texts and result and isinstance(result[0], tuple):  # KeyBERT flattens a single document
                result = [result]
            selected = [list(r) for r in result]

        vocab_vectors = dict(zip(vocab, word_vecs))
        candidates = with_artefacts(selected, artefacts, vocab_vectors, doc_vecs)
        acronyms = [T.find_acronyms(t) for t in texts]
        return Extraction(texts, candidates, phrases, acronyms, doc_vectors=doc_vecs, phrase_vectors=vocab_vectors)


def candidate_forms(
    texts: list[str], progress: bool = False, verbs: frozenset[str] | None = None
) -> tuple[list[list[str]], list[list[str]]]:
    """Every candidate surface form of each text (noun phrases, then artefacts) and its artefacts.

    ``verbs``: the corpus's verbs, if these texts are a part of it (default: learned from them).
    """
    from ..progress import bar

    phrases: list[list[str]] = []
    artefacts: list[list[str]] = []
    verbs = T.verbs_in(texts) if verbs is None else verbs
    one: dict[str, str] = {}  # each distinct phrase held once, however many papers have it
    with bar("Chunking", len(texts), "paper", progress) as b:
        for t in texts:
            cands = T.candidate_phrases(t, verbs)
            forms = list(dict.fromkeys(c for c, _ in cands if len(c) <= MAX_CONCEPT_CHARS))
            arts = list(dict.fromkeys(a for a in _artefacts_in(t) if len(a) <= MAX_CONCEPT_CHARS))
            phrases.append([one.setdefault(f, f) for f in dict.fromkeys(forms + arts)])
            artefacts.append([one.setdefault(a, a) for a in arts])
            b.update(1)
    return phrases, artefacts


def with_artefacts(
    selected: list[list[tuple[str, float]]],
    artefacts: list[list[str]],
    vocab_vectors: dict[str, np.ndarray],
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


_SUFFIX_WORDS = T.NON_HEAD | T.STOPWORDS | {"like", "style", "type", "scale", "level", "wise"}


def _artefacts_in(text: str) -> list[str]:
    """Named artefacts in the text, trimmed of generic hyphen suffixes ("LLM-based" -> "LLM")."""
    out = []
    for tok in T.token_texts(text):
        if not tok[0].isalnum() or not T.is_artefact(tok):
            continue
        parts = [p for p in tok.split("-") if p]
        while parts and not T.artefact_part(parts[-1]) and parts[-1].lower() in _SUFFIX_WORDS:
            parts.pop()
        if parts and any(T.artefact_part(p) for p in parts):
            out.append("-".join(parts).rstrip("."))
    return out


def _as_keybert_model(embedder: Embedder):
    """KeyBERT needs a backend object; graphkit gives it the same model it embeds with."""
    if isinstance(embedder, MiniLMEmbedder):
        return embedder.model
    from keybert.backend import BaseEmbedder

    class _Backend(BaseEmbedder):
        def embed(self, documents, verbose=False):
            return embedder.embed(list(documents))

    return _Backend()
