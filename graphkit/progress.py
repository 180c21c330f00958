"""Progress for long runs: a bar per stage with counts and rates, on standard error.

Quiet when the caller says so (``-q``) and whenever standard error is not a terminal, so
logs and pipes stay clean. tqdm draws the bars.
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager

__all__ = ["bar", "stage"]


def _on(enabled: bool) -> bool:
    return bool(enabled) and sys.stderr.isatty()


def bar(desc: str, total: int | None, unit: str, enabled: bool):
    """A tqdm bar (``update(n)``), silent unless ``enabled`` and standard error is a terminal."""
    from tqdm.auto import tqdm

    return tqdm(
        total=total,
        desc=desc,
        unit=f" {unit}s",
        disable=not _on(enabled),
        leave=True,
        file=sys.stderr,
        unit_scale=False,
        dynamic_ncols=True,
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
