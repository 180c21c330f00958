"""Thesaurus files: VOSviewer's two-column TSV (``label`` TAB ``replace by``).

A row merges or renames ``label`` into ``replace by``; an empty ``replace by`` removes the
label. ``write_thesaurus`` writes the merges graphkit made itself, in the same format, so
they can be reviewed, edited and fed back with ``graphkit build --thesaurus``.
"""

from __future__ import annotations

import csv
import io
import os
from dataclasses import dataclass, field

import networkx as nx

from . import schema as S
from .errors import InputError
from .io import atomic_write
from .read import load_text

__all__ = ["Thesaurus", "read_thesaurus", "write_thesaurus", "HEADER"]

HEADER = ("label", "replace by")


@dataclass
class Thesaurus:
    """User merges, renames and removals (VOSviewer's two-column format).

    ``replace_by[label] = new label`` merges or renames; an empty value removes the label.
    Labels are matched by normal form, so "Diffusion Models" also matches "diffusion model".
    """

    replace_by: dict[str, str] = field(default_factory=dict)


def read_thesaurus(path: str | os.PathLike) -> Thesaurus:
    text = load_text(path)
    rows = list(csv.reader(io.StringIO(text), delimiter="\t"))
    replace: dict[str, str] = {}
    for n, row in enumerate(rows, start=1):
        if not row or not any(c.strip() for c in row):
            continue
        if n == 1 and [c.strip().lower() for c in row[:2]] == list(HEADER):
            continue
        if len(row) != 2:  # a removal is "label<TAB>": a row with no tab is no thesaurus row
            raise InputError(
                path,
                f"expected 2 tab-separated columns (label, replace by; an empty replace by removes), got {len(row)}",
                n,
            )
        label = row[0].strip()
        if not label:
            raise InputError(path, "empty label", n)
        replace[label] = row[1].strip()
    if not replace:
        raise InputError(path, "no thesaurus rows (expected 'label<TAB>replace by')")
    return Thesaurus(replace)


def write_thesaurus(g: nx.MultiDiGraph, path: str | os.PathLike) -> int:
    """Every alias of every concept as a row 'alias -> concept name'; returns the row count."""
    rows = []
    for _, d in S.nodes_of(g, S.CONCEPT):
        for alias in d.get("aliases", []):
            rows.append((alias, d.get("name", "")))
    rows.sort(key=lambda r: (r[1].lower(), r[0].lower()))
    buf = io.StringIO()
    w = csv.writer(buf, delimiter="\t", lineterminator="\n")
    w.writerow(HEADER)
    w.writerows(rows)
    atomic_write(path, lambda fh: fh.write(buf.getvalue().encode("utf-8")))
    return len(rows)
