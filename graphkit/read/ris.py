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
    _check_between_records(path, text)
    try:
        entries = rispy.loads(text, skip_unknown_tags=True)
    except (OSError, ValueError, KeyError) as e:  # rispy reports a broken structure as IOError
        raise InputError(path, f"malformed RIS: {e}", _line_of(e)) from None
    if len(entries) != len(starts):
        raise InputError(
            path,
            f"malformed RIS: {len(starts)} records start with TY but {len(entries)} end with ER",
            starts[-1] if starts else 1,
        )
    papers = []
    for line, rec in zip(starts, entries):
        p = make_paper(
            path,
            line,
            pid=_first(rec.get("id")) or _first(rec.get("accession_number")),
            title=_first(rec.get("title") or rec.get("primary_title") or rec.get("translated_title")),
            abstract=_first(rec.get("abstract") or rec.get("notes_abstract")),
            year=_first(rec.get("year") or rec.get("publication_year") or rec.get("date")),
            venue=_first(rec.get("secondary_title") or rec.get("journal_name") or rec.get("alternate_title3")),
            authors=list(rec.get("authors") or rec.get("first_authors") or []),
            keywords=list(rec.get("keywords") or []),
            doi=_first(rec.get("doi")),
            url=_first(rec.get("urls")),
        )
        if p is not None:
            papers.append(p)
    if not papers:
        raise no_usable_records(path, "RIS")
    return papers


def _check_between_records(path: str, text: str) -> None:
    """Text between one record's ER and the next TY (which rispy would skip) is an error; lines
    before the first record are an export's header ("Provider: Elsevier") and are left alone."""
    inside, seen = False, False
    for n, ln in enumerate(text.split("\n"), start=1):
        if ln.startswith("TY  -"):
            inside = seen = True
        elif ln.startswith("ER  -"):
            inside = False
        elif seen and not inside and ln.strip():
            raise InputError(path, f"text outside a record (after ER, before TY): {ln.strip()[:60]!r}", n)


def _first(value) -> str:
    if isinstance(value, list):
        return str(value[0]) if value else ""
    return str(value or "")


def _line_of(err) -> int | None:
    m = re.search(r"[Ll]ine (\d+)", str(err))
    return int(m.group(1)) if m else None
