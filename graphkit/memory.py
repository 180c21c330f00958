"""Handing memory the process freed back to the system (glibc keeps it otherwise)."""

from __future__ import annotations

from functools import lru_cache

__all__ = ["give_back_freed_memory", "map_big_blocks"]


@lru_cache(maxsize=1)
def _libc():
    """The C library, or None where it cannot be loaded."""
    import ctypes
    import ctypes.util

    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None


def _malloc_trim():
    """glibc's ``malloc_trim``, or None where the C library has none (macOS, musl)."""
    return getattr(_libc(), "malloc_trim", None)


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


#: glibc's mallopt parameter for the mmap threshold (malloc.h)
_M_MMAP_THRESHOLD = -3


def map_big_blocks(threshold: int = 256 * 1024) -> None:
    """Have glibc give a block of ``threshold`` bytes or more a mapping of its own, unmapped when
    freed, rather than grow the heap for it (``mallopt(M_MMAP_THRESHOLD)``; free room the heap
    already has is still used; elsewhere nothing is done), for the rest of the process.

    By default glibc raises that threshold to the size of each mapped block freed, up to 32 MB,
    after which numpy's temporaries of a few MB come from the heap and, freed between objects
    that live on, fragment it for good. At 79,345 abstracts counting co-occurrence (then 8 M pairs a
    block) grew the process by 1.1 GB for 0.4 M edges. Called once the model's passes are done:
    during them a mapping for every tensor would cost page faults on every batch."""
    lib = _libc()
    if lib is not None and hasattr(lib, "mallopt"):
        lib.mallopt(_M_MMAP_THRESHOLD, threshold)
