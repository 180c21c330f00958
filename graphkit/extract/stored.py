"""The default mode's phrase vectors between extraction and linking, held compactly.

A cold build's vectors are rounded to the embedding cache's float16 and a warm build's come
from it, so keeping them as float16 changes no number; a vocabulary of more than
:data:`SPILL_ROWS` phrases goes to an unnamed temporary file instead of memory, read back row by
row when linking asks. 79,345 abstracts have 1.05 M distinct phrases: 1.5 GB as float32 rows
(plus some 0.2 GB of per-phrase array views in a dict), held through linking and the graph.
"""

from __future__ import annotations

import os
import tempfile
from bisect import bisect_left
from collections.abc import Iterator, Mapping
from typing import IO, TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .embed import Embedder

__all__ = ["StoredVectors", "SPILL_ROWS", "EMBED_CHUNK", "exactly_half", "holding_dtype"]

#: Vocabularies above this many phrases are kept in a temporary file, not in memory. Below it
#: the rows are few enough to hold (200,000 float16 rows of 384: 154 MB; 10,000 abstracts have
#: about 190,000 phrases, the 1,283 dev papers 40,000).
SPILL_ROWS = 200_000

#: Rows converted (and checked) at a time: bounds the copies made while storing.
_BLOCK = 65_536

#: Phrases embedded at a time by :meth:`StoredVectors.embedded`: 100,000 float32 rows of 384
#: are 154 MB (a warm build's cache lookups about as much again).
EMBED_CHUNK = 100_000


class StoredVectors(Mapping):
    """``dict(zip(vocab, vectors))`` for a sorted vocabulary, in float16 when every vector is
    exactly a float16 (else float32), in a temporary file above ``spill_rows`` phrases
    (default :data:`SPILL_ROWS`; where ``os.pread`` exists). Read back as float32, bit for bit the vectors given.
    :meth:`many` answers for a list of phrases at once, as linking asks
    (:class:`graphkit.link.PhraseVectors`)."""

    vocab: list[str]
    dim: int
    dtype: np.dtype
    _rows: np.ndarray | None
    _file: IO[bytes] | None

    def __init__(self, vocab: list[str], vectors: np.ndarray, spill_rows: int | None = None):
        if len(vocab) != len(vectors):
            raise ValueError(f"{len(vocab)} phrases but {len(vectors)} vectors")
        self._open(vocab, int(vectors.shape[1]) if vectors.ndim == 2 else 0, exactly_half(vectors), spill_rows)
        if self._file is None:
            self._rows = np.asarray(vectors, dtype=self.dtype)  # the given float32 array itself when not float16
        else:
            for s in range(0, len(vectors), _BLOCK):
                self._file.write(np.ascontiguousarray(vectors[s : s + _BLOCK], dtype=self.dtype).tobytes())
            self._file.flush()

    @classmethod
    def embedded(
        cls,
        vocab: list[str],
        embedder: Embedder,
        progress: str | None = None,
        spill_rows: int | None = None,
        chunk: int | None = None,
    ) -> StoredVectors:
        """``StoredVectors(vocab, embedder.embed(vocab))`` without the whole float32 matrix at
        once: the phrases are embedded :data:`EMBED_CHUNK` at a time (``chunk``), each chunk's
        rows stored as it comes. The chunks follow the phrases' lower-case order, so the case
        variants the model reads as one text ("Neural Networks", "neural networks") share a
        chunk and are encoded once. 79,345 abstracts' 1.05 M phrases were 1.6 GB as float32
        (and a warm build's cache lookups as many again), on top of the process at its peak.
        ``progress``: the label of the embedder's bar (numbered by chunk when there are several)."""
        chunk = chunk or EMBED_CHUNK
        order = sorted(range(len(vocab)), key=lambda i: vocab[i].lower())
        parts: list[list[int]] = []
        for i in order:  # a chunk is cut between phrases of different lower-case forms only
            if not parts or len(parts[-1]) >= chunk and vocab[i].lower() != vocab[parts[-1][-1]].lower():
                parts.append([])
            parts[-1].append(i)
        self = cls.__new__(cls)
        for n, rows in enumerate(parts, start=1):
            label = f"{progress} ({n}/{len(parts)})" if progress and len(parts) > 1 else progress
            vecs = embedder.embed([vocab[i] for i in rows], progress=label)
            dtype = holding_dtype(vecs, self.dtype if n > 1 else None)
            if n == 1:
                self._open(vocab, int(vecs.shape[1]), dtype == np.float16, spill_rows)
                if self._file is None:
                    self._rows = np.zeros((len(vocab), self.dim), dtype=self.dtype)
                else:
                    self._file.truncate(len(vocab) * self.dim * self.dtype.itemsize)
            elif dtype != self.dtype:
                self._widen()  # another embedder's numbers: float32 for all, as the constructor keeps them
            self._put(rows, vecs)
        if not parts:
            self._open(vocab, 0, True, spill_rows)
            self._rows = np.zeros((0, 0), dtype=self.dtype)
        if self._file is not None:
            self._file.flush()
        return self

    def _open(self, vocab: list[str], dim: int, half: bool, spill_rows: int | None) -> None:
        self.vocab = vocab  # sorted, distinct: a phrase's row is found by bisection, no dict of a million keys
        self.dim = dim
        self.dtype = np.dtype(np.float16 if half else np.float32)
        self._rows = None
        self._file = None
        if len(vocab) > (SPILL_ROWS if spill_rows is None else spill_rows) and hasattr(os, "pread"):
            self._file = tempfile.TemporaryFile(prefix="graphkit-vectors-")  # unnamed: gone with the process

    def _put(self, rows: list[int], vecs: np.ndarray) -> None:
        """Store ``vecs[k]`` as row ``rows[k]``."""
        vecs = np.ascontiguousarray(vecs, dtype=self.dtype)
        if self._file is None:
            self._rows[rows] = vecs  # type: ignore[index]
            return
        size = self.dim * self.dtype.itemsize
        by_row = np.argsort(rows, kind="stable")
        dest, data = np.asarray(rows)[by_row], vecs[by_row]
        # a run of consecutive rows in one write (a chunk's rows are mostly neighbours)
        ends = [*(np.flatnonzero(np.diff(dest) != 1) + 1).tolist(), len(dest)]
        start = 0
        for end in ends:
            os.pwrite(self._file.fileno(), data[start:end].tobytes(), int(dest[start]) * size)
            start = end

    def _widen(self) -> None:
        """Hold the rows stored so far, and all to come, as float32."""
        if self._file is None:
            self._rows = self._rows.astype(np.float32)  # type: ignore[union-attr]
            self.dtype = np.dtype(np.float32)
            return
        old, n = self._file, len(self.vocab)
        self._file = tempfile.TemporaryFile(prefix="graphkit-vectors-")
        self._file.truncate(n * self.dim * 4)
        fd, size = old.fileno(), self.dim * self.dtype.itemsize
        self.dtype = np.dtype(np.float32)
        for s in range(0, n, _BLOCK):
            block = os.pread(fd, size * min(_BLOCK, n - s), s * size)
            rows = np.frombuffer(block, dtype=np.float16).astype(np.float32)
            os.pwrite(self._file.fileno(), rows.tobytes(), s * self.dim * 4)
        old.close()

    def _row(self, phrase: object) -> int:
        i = bisect_left(self.vocab, phrase) if isinstance(phrase, str) else len(self.vocab)
        if i == len(self.vocab) or self.vocab[i] != phrase:
            raise KeyError(phrase)
        return i

    def _read(self, rows: list[int]) -> np.ndarray:
        if self._rows is not None:
            return self._rows[rows].astype(np.float32)
        size = self.dim * self.dtype.itemsize
        fd = self._file.fileno()  # type: ignore[union-attr]
        data = b"".join(os.pread(fd, size, r * size) for r in rows)
        return np.frombuffer(data, dtype=self.dtype).reshape(len(rows), self.dim).astype(np.float32)

    def __getitem__(self, phrase: str) -> np.ndarray:
        return self._read([self._row(phrase)])[0]

    def many(self, phrases: list[str]) -> np.ndarray:
        """One float32 row per phrase (a KeyError for one not in the vocabulary)."""
        return self._read([self._row(p) for p in phrases]).reshape(len(phrases), self.dim)

    def rows(self) -> Rows:
        """The vectors by row (the vocabulary's order), as KeyBERT reads its ``word_embeddings``."""
        return Rows(self)

    def __contains__(self, phrase: object) -> bool:
        try:
            self._row(phrase)
        except KeyError:
            return False
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(self.vocab)

    def __len__(self) -> int:
        return len(self.vocab)

    @property
    def spilled(self) -> bool:
        """Are the rows in a temporary file rather than in memory?"""
        return self._file is not None

    def close(self) -> None:
        """Let go of the rows (the temporary file is removed); the mapping is empty after."""
        if self._file is not None:
            self._file.close()
            self._file = None
        self._rows = np.zeros((0, self.dim), dtype=self.dtype)
        self.vocab = []

    def __reduce__(self):
        """Pickled (a distributed build's shard), the rows travel as an array, not as a file."""
        return StoredVectors, (self.vocab, self.many(self.vocab) if self.vocab else np.zeros((0, self.dim)), 2**62)


class Rows:
    """A :class:`StoredVectors`' rows by position: ``shape``, and ``rows[indices]`` as float32,
    all that KeyBERT's ``extract_keywords`` and :func:`graphkit.extract.keybert_choice` ask of
    ``word_embeddings``, so neither needs the whole matrix in memory."""

    dtype = np.dtype(np.float32)

    def __init__(self, store: StoredVectors):
        self._store = store
        self.shape = (len(store.vocab), store.dim)

    def __len__(self) -> int:
        return self.shape[0]

    def __getitem__(self, rows) -> np.ndarray:
        picked = [int(r) for r in np.atleast_1d(np.asarray(rows, dtype=np.int64))]
        return self._store._read(picked).reshape(len(picked), self._store.dim)


def holding_dtype(block: np.ndarray, held: np.dtype | None = None) -> np.dtype:
    """The dtype to hold ``block`` in, beside blocks held so far as ``held`` (None: the first
    block): float16 while every block's numbers are exactly float16 (the cache's rounding, so
    ``.astype(np.float32)`` gives them back), float32 from the first block that is not, for all."""
    if held is not None and held != np.float16:
        return np.dtype(np.float32)
    return np.dtype(np.float16 if exactly_half(block) else np.float32)


def exactly_half(vectors: np.ndarray) -> bool:
    """Is every number exactly a float16 (the cache's rounding), so float16 keeps them all?"""
    with np.errstate(over="ignore"):
        return all(
            np.array_equal(vectors[s : s + _BLOCK], vectors[s : s + _BLOCK].astype(np.float16))
            for s in range(0, len(vectors), _BLOCK)
        )
