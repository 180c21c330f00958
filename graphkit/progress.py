"""Progress for long runs: a bar per stage with counts and rates, on standard error.

Quiet when the caller says so (``-q``) and whenever standard error is not a terminal, so
logs and pipes stay clean. tqdm draws the bars.
"""

from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager

__all__ = ["bar", "stage"]


def _on(enabled: bool) -> bool:
    return bool(enabled) and sys.stderr.isatty()


def _size() -> tuple[int, int]:
    """The columns and lines standard error's terminal reports; 0 for what it reports none of."""
    try:
        size = os.get_terminal_size(sys.stderr.fileno())
    except (AttributeError, OSError, ValueError):  # no file descriptor (a StringIO), or not a terminal
        return 0, 0
    return size.columns, size.lines


def bar(desc: str, total: int | None, unit: str, enabled: bool, leave: bool = True):
    """A tqdm bar (``update(n)``), silent unless ``enabled`` and standard error is a terminal.
    It follows the terminal's width; a terminal that reports none (``script``, some CI and
    editor shells report 0 by 0, where tqdm draws nothing at all) gets 80 columns and 24 lines.
    ``leave``: keep the finished bar (its count, time and rate) on the screen."""
    from tqdm.auto import tqdm

    width, height = _size()
    return tqdm(
        total=total,
        desc=desc,
        unit=f" {unit}s",
        disable=not _on(enabled),
        leave=leave,
        file=sys.stderr,
        unit_scale=False,
        dynamic_ncols=width > 0,
        ncols=None if width > 0 else 80,
        nrows=None if height > 0 else 24,  # tqdm hides a bar below the terminal's last line
    )


class _Stage:
    def __init__(self) -> None:
        self.count: int | None = None


@contextmanager
def stage(desc: str, unit: str, enabled: bool, count: int | None = None):
    """A stage with no inner loop to show: its name while it runs, then its count, time and rate.

    Set ``.count`` on the yielded object when the count is only known at the end.
    """
    s = _Stage()
    s.count = count
    on = _on(enabled)
    if on:
        what = f" {count:,} {unit}s" if count is not None else ""
        sys.stderr.write(f"{desc}{what} ...\r")
        sys.stderr.flush()
    t = time.perf_counter()
    yield s
    if on:
        took = time.perf_counter() - t
        rate = f", {s.count / took:,.0f} {unit}s/s" if s.count is not None and took > 0 else ""
        n = f" {s.count:,} {unit}s" if s.count is not None else ""
        sys.stderr.write(f"\x1b[2K{desc}{n}: {took:.1f} s{rate}\n")
        sys.stderr.flush()
