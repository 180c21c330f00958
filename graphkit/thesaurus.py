"""Thesaurus files: VOSviewer's two-column TSV (``label`` TAB ``replace by``).

A row merges or renames ``label`` into ``replace by``; an empty ``replace by`` removes the
label. ``write_thesaurus`` writes the merges graphkit made itself, in the same format, so
they can be reviewed, edited and fed back with ``graphkit build --thesaurus``.
"""

from __future__ import annotations

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
    """The rows of a thesaurus file, each line split at its tab as VOSviewer writes them (no
    quoting: a label's quotes are its own). A label given twice with two replacements, a cycle
    of replacements and a rename into a label the file removes are errors naming the line; a
    chain of renames ("A" -> "B", "B" -> "C") is followed to its end, so every mode merges alike.
    A file of the header alone is a thesaurus of no rows (``--thesaurus-out`` of a graph
    without merges writes one)."""
    text = load_text(path)
    replace: dict[str, str] = {}
    line_of: dict[str, int] = {}  # a label's normal form -> its line
    first_of: dict[str, str] = {}  # a label's normal form -> the label as first written
    header = False
    for n, line in enumerate(text.splitlines(), start=1):
        row = line.split("\t")
        if not any(c.strip() for c in row):
            continue
        if n == 1 and [c.strip().lower() for c in row[:2]] == list(HEADER):
            header = True
            continue
        if len(row) != 2:  # a removal is "label<TAB>": a row with no tab is no thesaurus row
            raise InputError(
                path,
                f"expected 2 tab-separated columns (label, replace by; an empty replace by removes), got {len(row)}",
                n,
            )
        label, dst = row[0].strip(), row[1].strip()
        if not label:
            raise InputError(path, "empty label", n)
        key = _normal(label)
        if key in line_of:
            first = first_of[key]
            if replace[first] != dst:
                raise InputError(
                    path, f"{label!r} is replaced by {replace[first]!r} on line {line_of[key]} and by {dst!r} here", n
                )
            continue
        replace[label] = dst
        line_of[key] = n
        first_of[key] = label
    if not replace and not header:
        raise InputError(path, "no thesaurus rows (expected 'label<TAB>replace by')")
    return Thesaurus(_followed(path, replace, line_of))


def _cell(text: str) -> str:
    return " ".join(text.split()) if any(c in text for c in "\t\r\n") else text


def _normal(label: str) -> str:
    """A label's normal form, the builds' merge key (case, plural, hyphens): "GANs" is "GAN"."""
    from .keywords import keyword_key

    return keyword_key(label) or " ".join(label.lower().split())


def _followed(path, replace: dict[str, str], line_of: dict[str, int]) -> dict[str, str]:
    """Each label's replacement at the end of its chain of renames."""
    by_key = {_normal(k): v for k, v in replace.items()}
    label_of = {_normal(k): k for k in replace}
    out: dict[str, str] = {}
    for label, dst in replace.items():
        seen = [_normal(label)]
        while dst and _normal(dst) in by_key and _normal(dst) != seen[-1]:
            if _normal(dst) in seen:
                cycle = " -> ".join([label, *(label_of[s] for s in seen[1:]), dst])
                raise InputError(path, f"the replacements go round in a cycle: {cycle}", line_of[seen[0]])
            seen.append(_normal(dst))
            nxt = by_key[_normal(dst)]
            if not nxt:
                raise InputError(
                    path,
                    f"{label!r} is replaced by {dst!r}, which line {line_of[_normal(dst)]} removes",
                    line_of[seen[0]],
                )
            dst = nxt
        out[label] = dst
    return out


def write_thesaurus(g: nx.MultiDiGraph, path: str | os.PathLike) -> int:
    """Every alias of every concept as a row 'alias -> concept name'; returns the row count."""
    rows = []
    for _, d in S.nodes_of(g, S.CONCEPT):
        for alias in d.get("aliases", []):
            rows.append((alias, d.get("name", "")))
    rows.sort(key=lambda r: (r[1].lower(), r[0].lower()))
    # unquoted, as VOSviewer writes and reads it; a tab or line break (no concept name has one) would split a row
    text = "".join(f"{_cell(a)}\t{_cell(b)}\n" for a, b in [HEADER, *rows])
    atomic_write(path, lambda fh: fh.write(text.encode("utf-8")))
    return len(rows)
