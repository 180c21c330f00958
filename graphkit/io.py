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

__all__ = ["atomic_write", "atomic_write_many", "path_or_file"]


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


def atomic_write_many(writes: list[tuple[str | os.PathLike, Callable[[BinaryIO], None]]]) -> list[Path]:
    """:func:`atomic_write` for files that belong together (a map and its network file): every
    one is written to its temporary file before any is renamed into place, so a failure in
    any writer leaves none of them half-written or new beside an old partner."""
    staged: list[tuple[Path, Path]] = []
    try:
        for path, write in writes:
            target = Path(path)
            tmp = target.with_name(f".{target.name}.part")
            atomic_write(tmp, write)
            staged.append((tmp, target))
        for tmp, target in staged:
            try:
                os.replace(tmp, target)
            except OSError as e:
                raise GraphkitError(f"{target}: cannot write ({e.strerror or e})") from None
    finally:
        for tmp, _ in staged:
            if tmp.exists():
                tmp.unlink()
    return [Path(p) for p, _ in writes]


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
