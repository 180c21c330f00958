"""Fast mode: static token embeddings distilled from all-MiniLM-L6-v2, and an extractor that
ranks candidates the way KeyBERT does without KeyBERT, scikit-learn or torch.

The model (``graphkit/models/minilm-static``, ~16 MB) is model2vec's distillation of the
bundled MiniLM, rebuilt by ``scripts/distill_static.py``. A text's vector is the mean of its
WordPiece tokens' vectors, L2-normalised: no transformer runs, so embedding costs a table
look-up per token. Only numpy, ``tokenizers`` and ``safetensors`` are needed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np

from .. import text as T
from ..errors import MissingDependency
from ..model import Candidate, Paper
from ..progress import stage
from . import Extraction, Extractor, candidate_forms, corpus_words, paper_texts, with_artefacts

__all__ = ["StaticEmbedder", "StaticExtractor", "LazyVectors", "MODEL_DIR", "center_sum", "corpus_center"]

MODEL_DIR = Path(__file__).resolve().parent.parent / "models" / "minilm-static"

#: Texts tokenized and summed per call: bounds the memory of their encodings, ids and sums. 4,096
#: was no faster (1,000 abstracts and their 33,545 phrases: 0.20 + 0.38 s against 0.19 + 0.44 s)
#: and raised the 79,345-abstract build's peak RSS from 3,485,604 KB to 3,586,252-3,650,416 KB.
CHUNK = 512
#: Papers whose phrases are embedded together when choosing candidates.
BLOCK = 5000
#: Choosing candidates, phrase and paper vectors are compared after subtracting this multiple of
#: the corpus's mean paper vector. A mean of static token vectors shares a large common
#: component with every other one, which lifts broad words ("classification", "prediction") above
#: the phrases a paper is about; taking it out is the common-component removal of Arora et al.
#: (2017, SIF). Measured on the 1,283 dev papers (benchmarks/quality.py, fast mode):
#:
#:     multiple  F1@5   F1@10  hub precision  link P / R        bad merges
#:     0         0.132  0.146  0.77           0.285 / 0.275     88
#:     1.0       0.148  0.156  0.80           -     / -         69
#:     1.5       0.158  0.159  0.81           0.301 / 0.238     66
#:     2.0       0.158  0.158  0.81           -                 66
#:     3.0       0.154  0.156  0.79           -                 67
#:
#: (The default mode's MiniLM vectors gain nothing from it: at 1.0 F1@10 0.173 -> 0.172 and
#: linking F1 0.290 -> 0.275; KeyBERT's own ranking stays there.)
CENTERING = 1.5


@lru_cache(maxsize=2)
def _load(folder: str):
    """(tokenizer, float32 token vectors) from a model2vec-format folder, once per process."""
    try:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise MissingDependency(f"fast mode needs {e.name}; run: pip install tokenizers safetensors") from None
    path = Path(folder)
    tok = Tokenizer.from_file(str(path / "tokenizer.json"))
    tok.no_truncation()
    tok.no_padding()
    vectors = load_file(str(path / "model.safetensors"))["embeddings"].astype(np.float32)
    config = json.loads((path / "config.json").read_text(encoding="utf-8"))
    if vectors.shape[1] != config["hidden_dim"]:
        raise MissingDependency(f"{path}: the static model is damaged; rebuild it with scripts/distill_static.py")
    return tok, vectors


def _encode_batch(tok):
    """``encode_batch_fast`` where ``tokenizers`` has it (0.23 does): the same ids without character
    offsets (1,000 abstracts: 0.74 s -> 0.55 s); else ``encode_batch``."""
    return getattr(tok, "encode_batch_fast", tok.encode_batch)


class StaticEmbedder:
    """Mean of static token vectors (model2vec-style), L2-normalised. Deterministic, no cache needed:
    embedding is faster than a cache look-up."""

    model_id = "minilm-static-256/f16"
    #: graphkit.mentions.threshold's word and phrase bars in this space. Cosines run higher here
    #: than in MiniLM's: at MiniLM's bars (0.35, 0.2) 8.5% of the dev set's unchosen single-word
    #: mentions and 74% of its phrase mentions passed, against 2.3% and 53% with MiniLM; these
    #: bars are the quantiles that pass the same shares (measured on the 1,283 dev papers).
    mention_bars = (0.40, 0.27)

    def __init__(self, folder: str | Path = MODEL_DIR):
        self.folder = Path(folder)

    @property
    def dimension(self) -> int:
        return _load(str(self.folder))[1].shape[1]

    def embed(self, texts: Sequence[str], progress: str | None = None) -> np.ndarray:
        tok, vectors = _load(str(self.folder))
        texts = list(texts)
        out = np.zeros((len(texts), vectors.shape[1]), dtype=np.float32)
        for s in range(0, len(texts), CHUNK):
            encs = _encode_batch(tok)(texts[s : s + CHUNK], add_special_tokens=False)
            lengths = np.fromiter((len(e.ids) for e in encs), dtype=np.int64, count=len(encs))
            if not lengths.sum():
                continue
            ids = np.concatenate([np.asarray(e.ids, dtype=np.int64) for e in encs])
            nonempty = lengths > 0
            out[s : s + CHUNK][nonempty] = _token_sums(vectors, ids, lengths)[nonempty] / lengths[nonempty, None]
        return _unit(out)

    def embed_one(self, text: str) -> np.ndarray:
        """``embed([text])[0]``, bit for bit, in half the time (linking asks for phrases one by one)."""
        tok, vectors = _load(str(self.folder))
        ids = np.asarray(tok.encode(text, add_special_tokens=False).ids, dtype=np.int64)
        out = np.zeros((1, vectors.shape[1]), dtype=np.float32)
        if len(ids):
            out[0] = _token_sums(vectors, ids, np.array([len(ids)]))[0] / len(ids)
        return _unit(out)[0]


class StaticExtractor(Extractor):
    """The same candidates as :class:`~graphkit.extract.KeyBERTExtractor`, ranked the way KeyBERT
    ranks them (cosine of phrase and document vectors, best ``top_n``), with static vectors.
    Link with the same embedder: ``build(papers, extractor=x, embedder=x.embedder)``.
    ``verbs``, ``joins``: as for :class:`~graphkit.extract.KeyBERTExtractor`. ``center``: the vector taken
    out of both before comparing (:data:`CENTERING` x the corpus's mean paper vector,
    :func:`corpus_center`); by default the papers' own, which is the corpus's when it is given
    whole (a distributed build computes the corpus's and hands it to every shard)."""

    def __init__(
        self,
        embedder=None,
        top_n: int = 15,
        verbs: frozenset[str] | None = None,
        center: np.ndarray | None = None,
        joins: frozenset[tuple[str, str]] | None = None,
    ):
        self.embedder = embedder or StaticEmbedder()
        self.top_n = top_n
        self.verbs = verbs
        self.joins = joins
        self.center = center

    def extract(self, papers: Sequence[Paper], progress: bool = False) -> Extraction:
        texts = paper_texts(papers, progress)
        verbs, joins = corpus_words(texts, self.verbs, self.joins, progress=progress)
        phrases, artefacts = candidate_forms(texts, progress=progress, verbs=verbs, joins=joins)
        vocab = {f for fs in phrases for f in fs}
        candidates: list[list[Candidate]] = []
        lazy = LazyVectors(vocab, self.embedder)
        with stage("Embedding", "text", progress, count=len(texts) + len(vocab)):
            doc_vecs = self.embedder.embed(texts)
            center = corpus_center(*center_sum(doc_vecs)) if self.center is None else self.center
            for s in range(0, len(texts), BLOCK):  # a block's phrase vectors at a time, never the whole vocabulary's
                block = phrases[s : s + BLOCK]
                block_vocab = sorted({f for fs in block for f in fs})
                word_vecs = self.embedder.embed(block_vocab)
                candidates += self._choose(
                    block, artefacts[s : s + BLOCK], doc_vecs[s : s + BLOCK], block_vocab, word_vecs, center
                )
                if len(texts) <= BLOCK:  # one block: its vectors are the whole vocabulary's, linking reuses them
                    lazy.keep(block_vocab, word_vecs)
        acronyms = [T.find_acronyms(t) for t in texts]
        return Extraction(texts, candidates, phrases, acronyms, doc_vectors=doc_vecs, phrase_vectors=lazy, joins=joins)

    def _choose(
        self,
        phrases: list[list[str]],
        artefacts: list[list[str]],
        doc_vecs: np.ndarray,
        vocab: list[str],
        word_vecs: np.ndarray,
        center: np.ndarray,
    ) -> list[list[Candidate]]:
        """KeyBERT's choice for some papers: their ``top_n`` phrases by cosine with the paper, both
        less ``center``, then their artefacts; each scored by that cosine.
        ``vocab``: the papers' phrases, sorted; ``word_vecs``: their vectors."""
        index = {w: i for i, w in enumerate(vocab)}
        words_c, docs_c = _unit(word_vecs - center), _unit(doc_vecs - center)
        selected: list[list[tuple[str, float]]] = []
        for i, forms in enumerate(phrases):
            if not forms:
                selected.append([])
                continue
            idx = np.fromiter((index[f] for f in forms), dtype=np.int64, count=len(forms))
            sims = words_c[idx] @ docs_c[i]
            best = np.argsort(-sims, kind="stable")[: self.top_n]
            selected.append([(forms[j], round(float(sims[j]), 4)) for j in best])
        return with_artefacts(selected, artefacts, dict(zip(vocab, words_c)), docs_c)


def _token_sums(vectors: np.ndarray, ids: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Each text's sum of its tokens' vectors (``ids``: the texts' token ids one after another,
    ``lengths`` of them each), added position by position: the first tokens of all texts, then
    the second ones of those that have one, and so on. Each sum is added in token order, so a
    text's sum does not depend on the other texts. It replaces ``np.add.reduceat(vectors[ids],
    starts, axis=0)``, which gathered every token's vector at once (1,000 abstracts, 250 k tokens:
    1 KB each, 256 MB, most of the time in page faults) and reduced slowly (1.34 s -> 0.3 s;
    hand-written for that). reduceat adds in another order, so a vector may differ from its
    in the last bit; the dev, held-out and 1k graphs built with either are byte for byte the same."""
    starts = np.cumsum(lengths) - lengths
    order = np.argsort(-lengths, kind="stable")  # longest first: the texts still going are a prefix
    by_length, first = lengths[order], starts[order]
    sums = np.zeros((len(lengths), vectors.shape[1]), dtype=np.float32)
    going = len(lengths)
    for j in range(int(by_length[0]) if len(lengths) else 0):
        while going and by_length[going - 1] <= j:
            going -= 1
        sums[:going] += vectors[ids[first[:going] + j]]
    out = np.empty_like(sums)
    out[order] = sums
    return out


def center_sum(doc_vecs: np.ndarray) -> tuple[np.ndarray, int]:
    """The exact sum of some paper vectors (as integers, units of 2**-24) and their count: shards'
    sums add up to the corpus's in any order, so a distributed build centres as one process does."""
    return np.rint(doc_vecs.astype(np.float64) * 2**24).astype(np.int64).sum(axis=0), len(doc_vecs)


def corpus_center(total: np.ndarray, count: int) -> np.ndarray:
    """:data:`CENTERING` x the mean paper vector, from :func:`center_sum`'s sum and count."""
    if not count:
        return np.zeros(total.shape, dtype=np.float32)
    return (CENTERING * total.astype(np.float64) / 2**24 / count).astype(np.float32)


def _unit(x: np.ndarray) -> np.ndarray:
    """Rows scaled to length 1 (zero rows stay zero)."""
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    return np.divide(x, norms, out=np.zeros_like(x), where=norms > 0)


class LazyVectors(Mapping):
    """The static vectors of a vocabulary, computed when asked for (a phrase's static vector does
    not depend on what it is embedded with, so this is the dict of them all, without holding
    1.2 GB of them for the 1.17 M phrases of 79,345 abstracts).

    :meth:`keep` hands it vectors computed already (the extractor's, for a corpus of one block):
    they are returned instead of embedding the phrase again, bit for bit the same."""

    def __init__(self, vocab: set[str], embedder: StaticEmbedder):
        self.vocab, self.embedder = vocab, embedder
        self._row: dict[str, int] = {}
        self._kept: np.ndarray | None = None

    def keep(self, phrases: list[str], vectors: np.ndarray) -> None:
        """Hold these phrases' vectors (``embedder.embed(phrases)``): linking asks for most of the
        vocabulary one phrase at a time (the 34 k phrases of 1,000 abstracts: 1.5 s -> 0.02 s)."""
        self._row = {p: i for i, p in enumerate(phrases)}
        self._kept = vectors

    def __getitem__(self, phrase: str) -> np.ndarray:
        if phrase not in self.vocab:
            raise KeyError(phrase)
        row = self._row.get(phrase)
        return self.embedder.embed_one(phrase) if row is None or self._kept is None else self._kept[row]

    def many(self, phrases: list[str]) -> np.ndarray:
        """The vectors of some vocabulary phrases, one row each, the ones not kept embedded in one
        call: the same numbers as asking one by one (:meth:`StaticEmbedder.embed` sums each text
        on its own), without a tokenizer call per phrase (10,000 abstracts' fast build spent 16 of
        its 91 s embedding phrases one at a time for linking)."""
        out = np.empty((len(phrases), self.embedder.dimension), dtype=np.float32)
        todo = []
        for k, p in enumerate(phrases):
            if p not in self.vocab:
                raise KeyError(p)
            row = self._row.get(p)
            if row is None or self._kept is None:
                todo.append(k)
            else:
                out[k] = self._kept[row]
        if todo:
            out[todo] = self.embedder.embed([phrases[k] for k in todo])
        return out

    def __contains__(self, phrase: object) -> bool:
        return phrase in self.vocab

    def __iter__(self):
        return iter(sorted(self.vocab))

    def __len__(self) -> int:
        return len(self.vocab)
