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

import numpy as np

__all__ = ["StoredVectors", "SPILL_ROWS"]

#: Vocabularies above this many phrases are kept in a temporary file, not in memory. Below it
#: the rows are few enough to hold (200,000 float16 rows of 384: 154 MB; 10,000 abstracts have
#: about 190,000 phrases, the 1,283 dev papers 40,000).
SPILL_ROWS = 200_000

#: Rows converted (and checked) at a time: bounds the copies made while storing.
_BLOCK = 65_536


class StoredVectors(Mapping):
    """``dict(zip(vocab, vectors))`` for a sorted vocabulary, in float16 when every vector is
    exactly a float16 (else float32), in a temporary file above ``spill_rows`` phrases
    (default :data:`SPILL_ROWS`; where ``os.pread`` exists). Read back as float32, bit for bit the vectors given.
    :meth:`many` answers for a list of phrases at once, as linking asks
    (:class:`graphkit.link.PhraseVectors`)."""

    def __init__(self, vocab: list[str], vectors: np.ndarray, spill_rows: int | None = None):
        if len(vocab) != len(vectors):
            raise ValueError(f"{len(vocab)} phrases but {len(vectors)} vectors")
        self.vocab = vocab  # sorted, distinct: a phrase's row is found by bisection, no dict of a million keys
        self.dim = int(vectors.shape[1]) if vectors.ndim == 2 else 0
        self.dtype = np.dtype(np.float16 if _all_half(vectors) else np.float32)
        self._rows: np.ndarray | None = None
        self._file = None
        if len(vocab) > (SPILL_ROWS if spill_rows is None else spill_rows) and hasattr(os, "pread"):
            self._file = tempfile.TemporaryFile(prefix="graphkit-vectors-")  # unnamed: gone with the process
            for s in range(0, len(vectors), _BLOCK):
                self._file.write(np.ascontiguousarray(vectors[s : s + _BLOCK], dtype=self.dtype).tobytes())
            self._file.flush()
        else:
            self._rows = np.asarray(
                vectors, dtype=self.dtype
            )  # the given float32 array itself when not float16: no copy

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


def _all_half(vectors: np.ndarray) -> bool:
    """Is every number exactly a float16 (the cache's rounding), so float16 keeps them all?"""
    with np.errstate(over="ignore"):
        return all(
            np.array_equal(vectors[s : s + _BLOCK], vectors[s : s + _BLOCK].astype(np.float16))
            for s in range(0, len(vectors), _BLOCK)
        )
