"""Writing files safely: every output goes to a temporary file beside its target and is
renamed into place, so a failure leaves nothing half-written.

What is at an output path is respected: a symlink is written through to its target, an
existing file keeps its mode, ``-`` means standard output, and a directory, FIFO, socket or
device is refused in one line rather than replaced. :func:`check_outputs` checks every output
of a command (and that none is one of its inputs) before any work starts, so a bad second
output never costs the first one. Temporary files left by a killed run are removed by the
next write beside them.
"""

from __future__ import annotations

import functools
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import BinaryIO

from .errors import GraphkitError, InputError

__all__ = [
    "STDOUT",
    "STDIN",
    "atomic_write",
    "atomic_write_many",
    "path_or_file",
    "output_target",
    "check_outputs",
    "check_input",
    "same_file",
]

#: The output path that means standard output.
STDOUT = "-"
#: The input path that means standard input.
STDIN = "-"


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def check_input(path: str | os.PathLike) -> None:
    """Refuse an input that is a directory, FIFO, socket or device (a FIFO with no writer
    would block forever); a missing file is left to the reader to report."""
    if str(path) == STDIN:
        return
    try:
        st = os.stat(path)
    except OSError:
        return
    if stat.S_ISDIR(st.st_mode):
        raise InputError(path, "is a directory, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise InputError(path, f"is {_kind(st.st_mode)}, not a file; save what it holds to a file first")


def output_target(path: str | os.PathLike) -> Path | None:
    """The file a write to ``path`` lands in (symlinks followed), or None for ``-`` (standard output).

    Raises a one-line error when the path names a directory, FIFO, socket or device, or a
    folder that cannot hold it.
    """
    if str(path) == STDOUT:
        return None
    given = Path(path)
    target = Path(os.path.realpath(given))
    try:
        st = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise GraphkitError(f"{given}: cannot write here ({e.strerror})") from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise GraphkitError(f"{given}: is a directory; give a file name")
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise GraphkitError(
            f"{given}: is {_kind(st.st_mode)}, not a file; graphkit writes files, or - for standard output"
        )
    parent = target.parent
    while not parent.exists() and parent != parent.parent:  # the folder is made when written
        parent = parent.parent
    if not parent.is_dir():
        raise GraphkitError(f"{given}: cannot write here ({parent} is not a folder)")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise GraphkitError(f"{given}: cannot write here (no permission to write in {parent})")
    return target


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Whether two paths name the same file (through links), existing or not."""
    if str(a) == STDOUT or str(b) == STDOUT:
        return str(a) == str(b)
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def check_outputs(outputs: Mapping[str, str | os.PathLike | None], inputs: Iterable[str | os.PathLike] = ()) -> None:
    """Check every output before anything is written: each can be written (see
    :func:`output_target`), no two are the same file, and none is an input.

    ``outputs`` maps an option name (``--output``) to its path; None entries are skipped.
    """
    given = [(name, p) for name, p in outputs.items() if p is not None]
    for _, p in given:
        output_target(p)
    for i, (name, p) in enumerate(given):
        for other, q in given[i + 1 :]:
            if same_file(p, q):
                raise GraphkitError(f"{other} and {name} are the same file ({q}); give each its own")
    for src in inputs:
        if str(src) == STDOUT:
            continue
        for name, p in given:
            if same_file(p, src):
                raise GraphkitError(f"{p}: {name} is also an input; write to another file")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _remove_stale(folder: Path, name: str) -> None:
    """Delete temporary files beside ``name`` that a killed graphkit run left (their process is gone)."""
    prefix = f".{name}."
    try:
        leftovers = [e for e in os.scandir(folder) if e.name.startswith(prefix) and e.name.endswith(".tmp")]
    except OSError:
        return
    for entry in leftovers:
        pid = entry.name[len(prefix) :].split(".", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid() or _alive(int(pid)):
            continue
        try:
            os.unlink(entry.path)
        except OSError:
            pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def atomic_write(path: str | os.PathLike, write: Callable[[BinaryIO], object]) -> Path | None:
    """Call ``write(fileobj)`` on a temporary file beside ``path``, then rename it into place.

    ``-`` writes to standard output (returns None). A symlink is written through to its
    target, which keeps its mode; a new file gets the umask's.
    """
    target = output_target(path)
    if target is None:
        out = sys.stdout.buffer
        write(out)
        out.flush()
        return None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale(target.parent, target.name)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp", dir=target.parent)
    except OSError as e:
        raise GraphkitError(f"{path}: cannot write here ({e.strerror or e})") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(e, OSError) and not isinstance(e, FileNotFoundError):
            raise GraphkitError(f"{path}: cannot write ({e.strerror or e})") from None
        raise
    return target


def atomic_write_many(writes: list[tuple[str | os.PathLike, Callable[[BinaryIO], None]]]) -> list[Path]:
    """:func:`atomic_write` for files that belong together (a map and its network file): every
    one is written to its temporary file before any is renamed into place, so a failure in
    any writer leaves none of them half-written or new beside an old partner."""
    staged: list[tuple[Path, Path]] = []
    try:
        targets = [output_target(path) for path, _ in writes]  # symlinks followed; devices refused
        if any(t is None for t in targets):
            raise GraphkitError("this format writes several files: give a file name, not - (standard output)")
        for target, (_, write) in zip(targets, writes):
            assert target is not None
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
