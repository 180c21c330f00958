"""RIS (``.ris``: IEEE Xplore, Scopus, Zotero, EndNote exports), parsed with rispy."""

from __future__ import annotations

import re

from ..errors import InputError
from ..model import Paper
from . import register
from ._bib import make_paper, no_usable_records

__all__ = ["read_ris", "looks_like_ris"]

_TAG = re.compile(r"^([A-Z][A-Z0-9])  - ?", re.M)


def looks_like_ris(text: str) -> bool:
    """A ``TY  - `` line starts the file, followed by more RIS tags."""
    head = text.lstrip()[:5000]
    return head.startswith("TY  -") and len(_TAG.findall(head)) >= 3


@register("ris", extensions=(".ris",), sniff=looks_like_ris)
def read_ris(path: str, text: str) -> list[Paper]:
    import rispy

    starts = [n for n, ln in enumerate(text.split("\n"), start=1) if ln.startswith("TY  -")]
    try:
        entries = rispy.loads(text, skip_unknown_tags=True)
    except (OSError, ValueError, KeyError) as e:  # rispy reports a broken structure as IOError
        raise InputError(path, f"malformed RIS: {e}", _line_of(e)) from None
    if len(entries) != len(starts):
        raise InputError(path, f"malformed RIS: {len(starts)} records start with TY but {len(entries)} end with ER",
                         starts[-1] if starts else 1)
    papers = []
    for line, e in zip(starts, entries):
        p = make_paper(
            path, line, pid=_first(e.get("id")) or _first(e.get("accession_number")),
            title=_first(e.get("title") or e.get("primary_title") or e.get("translated_title")),
            abstract=_first(e.get("abstract") or e.get("notes_abstract")),
            year=_first(e.get("year") or e.get("publication_year") or e.get("date")),
            venue=_first(e.get("secondary_title") or e.get("journal_name") or e.get("alternate_title3")),
            authors=list(e.get("authors") or e.get("first_authors") or []),
            keywords=list(e.get("keywords") or []), doi=_first(e.get("doi")), url=_first(e.get("urls")),
        )
        if p is not None:
            papers.append(p)
    if not papers:
        raise no_usable_records(path, "RIS")
    return papers


def _first(value) -> str:
    if isinstance(value, list):
        return str(value[0]) if value else ""
    return str(value or "")


def _line_of(err) -> int | None:
    m = re.search(r"[Ll]ine (\d+)", str(err))
    return int(m.group(1)) if m else None
