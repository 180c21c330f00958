"""One corpus from several files and sources: the same work read twice becomes one Paper.

Two records are one work when they share an id, a DOI, or a normalised title and year
(graphkit.biblio.normalise_title: case, punctuation, accents and LaTeX ignored). The merged
record keeps every source's fields: the first non-empty value of each field, the union of
keywords, identifiers and references, and every source in ``sources`` (provenance).
"""

from __future__ import annotations

from collections.abc import Iterable

from .biblio import normalise_title
from .model import Paper, Reference

__all__ = ["merge_papers", "work_keys"]


def work_keys(p: Paper) -> list[str]:
    """The keys under which a record can meet another record of the same work."""
    keys = [f"id:{p.id}"] + [f"id:{v}" for v in p.ids.values() if v]
    if p.doi:
        keys.append(f"doi:{p.doi}")
    title = normalise_title(p.title)
    if title and p.year is not None and len(title) >= 12:  # "introduction 2020" is not a work
        keys.append(f"title:{title}|{p.year}")
    return keys


def merge_papers(batches: Iterable[list[Paper]]) -> list[Paper]:
    """Merge the papers of several sources; records within one source are never merged."""
    out: list[Paper] = []
    where: dict[str, int] = {}
    for batch in batches:
        claimed: dict[int, Paper] = {}
        start = len(out)
        for p in batch:
            hit = next((where[k] for k in work_keys(p) if k in where), None)
            if hit is None or hit >= start or hit in claimed:  # a new work, or one this source already has
                where.update({k: len(out) for k in work_keys(p) if k not in where})
                out.append(p)
                continue
            claimed[hit] = p
            _merge_into(out[hit], p)
            where.update({k: hit for k in work_keys(out[hit]) if k not in where})
    return out


def _merge_into(a: Paper, b: Paper) -> None:
    for name in ("abstract", "title", "venue", "url", "doi"):
        if not getattr(a, name) and getattr(b, name):
            setattr(a, name, getattr(b, name))
    if a.year is None:
        a.year = b.year
    if not a.authors:
        a.authors = list(b.authors)
    have = {k.casefold() for k in a.keywords}
    for k in b.keywords:
        if k.casefold() not in have:
            have.add(k.casefold())
            a.keywords.append(k)
    a.references += [r for r in b.references if r not in a.references]
    a.cited = _union_refs(a.cited, b.cited)
    a.citing = _union_refs(a.citing, b.citing)
    for k, v in b.ids.items():
        a.ids.setdefault(k, v)
    if b.id != a.id:
        a.ids.setdefault(f"merged{len(a.sources)}", b.id)  # references to either id find the work
    a.sources += [s for s in (b.sources or [b.source]) if s not in a.sources]


def _union_refs(first: list[Reference], second: list[Reference]) -> list[Reference]:
    """``first``, plus what ``second`` adds: all of it when ``first`` is empty, else the
    references ``second`` identifies by id or DOI that ``first`` lacks (two vendors' strings
    for one cited work must not count twice)."""
    if not first:
        return list(second)
    have = {r.doi for r in first if r.doi} | {r.id for r in first if r.id}
    return first + [r for r in second if (r.doi or r.id) and not ({r.doi, r.id} - {""}) & have]
