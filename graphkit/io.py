"""Writing files safely: every output goes to a temporary file beside its target and is
renamed into place, so a failure leaves nothing half-written."""

from __future__ import annotations

import functools
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from .errors import GraphkitError

__all__ = ["atomic_write", "path_or_file"]


def atomic_write(path: str | os.PathLike, write: Callable[[BinaryIO], object]) -> Path:
    """Call ``write(fileobj)`` on a temporary file beside ``path``, then rename it into place."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as e:
        raise GraphkitError(f"{target}: cannot write here ({e.strerror or e})") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(e, OSError) and not isinstance(e, FileNotFoundError):
            raise GraphkitError(f"{target}: cannot write ({e.strerror or e})") from None
        raise
    return target


def path_or_file(write: Callable[..., None]) -> Callable[..., None]:
    """Let ``write(obj, fh, ...)``, which writes to a binary file, also take a path as ``out``:
    a path is written atomically (:func:`atomic_write`), an open binary file directly."""

    @functools.wraps(write)
    def wrapper(obj, out, *args, **kwargs) -> None:
        if hasattr(out, "write"):
            write(obj, out, *args, **kwargs)
        else:
            atomic_write(out, lambda fh: write(obj, fh, *args, **kwargs))

    return wrapper
