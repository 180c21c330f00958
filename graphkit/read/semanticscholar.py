"""Semantic Scholar Graph API papers (https://api.semanticscholar.org/api-docs/graph): one
object, a list, JSON Lines or a ``{"data": [...]}`` page, with ``references`` (works it
cites) and ``citations`` (works citing it), each identified by ``paperId`` (and DOI, title).
"""

from __future__ import annotations

from ..biblio import normalise_doi, year_of
from ..model import Paper, Reference
from . import register
from ._bib import make_paper, no_usable_records, typed_list, typed_object

__all__ = ["read_semanticscholar", "looks_like_semanticscholar", "is_s2_paper", "paper_from_s2"]


def is_s2_paper(rec) -> bool:
    return isinstance(rec, dict) and "paperId" in rec


def looks_like_semanticscholar(text: str) -> bool:
    head = text[:5000].lstrip()
    return head.startswith(("{", "[")) and '"paperId"' in head


@register("semanticscholar", sniff=looks_like_semanticscholar)
def read_semanticscholar(path: str, text: str) -> list[Paper]:
    from .jsonfile import json_records

    papers = [
        p for line, rec in json_records(path, text) if isinstance(rec, dict) and (p := paper_from_s2(rec, path, line))
    ]
    if not papers:
        raise no_usable_records(path, "Semantic Scholar")
    return papers


def _ref(rec) -> Reference | None:
    if not isinstance(rec, dict):
        return None
    ext = rec.get("externalIds")
    ext = ext if isinstance(ext, dict) else {}  # a cited work's identifiers, taken where they are well formed
    authors = rec.get("authors") or []
    first = (
        str(authors[0].get("name") or "")
        if isinstance(authors, list) and authors and isinstance(authors[0], dict)
        else ""
    )
    ref = Reference(
        id=rec.get("paperId") or "",
        doi=normalise_doi(ext.get("DOI")),
        title=str(rec.get("title") or ""),
        year=year_of(rec.get("year")),
        author=first,
        venue=rec.get("venue") or "",
    )
    ref.text = ref.title or ref.id
    return ref if (ref.id or ref.doi or ref.title) else None


def paper_from_s2(rec: dict, path: str, line: int) -> Paper | None:
    ext = typed_object(rec.get("externalIds"), "externalIds", path, line)
    ids = {"s2": rec.get("paperId") or ""}
    for key, name in (("CorpusId", "s2corpus"), ("ArXiv", "arxiv"), ("DBLP", "dblp"), ("ACL", "acl")):
        if ext.get(key):
            ids[name] = str(ext[key])
    journal = typed_object(rec.get("journal"), "journal", path, line)
    return make_paper(
        path,
        line,
        pid=rec.get("paperId") or "",
        title=rec.get("title") or "",
        abstract=rec.get("abstract") or "",
        year=rec.get("year"),
        venue=rec.get("venue") or journal.get("name") or "",
        authors=[str(a.get("name") or "") for a in typed_list(rec, "authors", dict, path, line)],
        doi=ext.get("DOI") or "",
        url=rec.get("url") or "",
        cited=[r for r in map(_ref, typed_list(rec, "references", dict, path, line)) if r],
        citing=[r for r in map(_ref, typed_list(rec, "citations", dict, path, line)) if r],
        ids={k: v for k, v in ids.items() if v},
    )
