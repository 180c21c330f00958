"""Handing memory the process freed back to the system (glibc keeps it otherwise)."""

from __future__ import annotations

from functools import lru_cache

__all__ = ["give_back_freed_memory"]


@lru_cache(maxsize=1)
def _malloc_trim():
    """glibc's ``malloc_trim``, or None where the C library has none (macOS, musl)."""
    import ctypes
    import ctypes.util

    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None


def give_back_freed_memory() -> None:
    """Hand the memory the process freed back to the system (glibc only; elsewhere nothing is
    done). glibc keeps freed heap memory for reuse, and a heap fragmented by big passes keeps
    most of it for good.

    The model's passes: each new batch shape (the texts run in the order of their token counts,
    so the length grows every few batches) left the heap more fragmented, and none of it was
    returned: the 79,345 abstracts' pass grew from 1.7 to 6.9 GB, and stopped growing only once
    the texts reached the model's 256 tokens. Called when the shape changes: 40 lengths of 4
    batches each grew the process by 524 MB without a trim, 176 MB with one a shape and 134 MB
    with one every batch; a trim takes some 4 ms (a batch of 32 abstracts 0.37 s, of 256
    phrases about 0.1 s). Called again when extraction and linking let go of their data, before
    the graph is built."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)
