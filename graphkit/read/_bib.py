"""What the bibliographic readers share: one record's fields -> a checked Paper."""

from __future__ import annotations

import hashlib

from ..biblio import latex_to_text, normalise_doi, year_of
from ..errors import InputError
from ..model import Paper, Reference
from . import check_abstract, content_id, keywords_suffice

__all__ = ["make_paper", "split_list", "unique", "no_usable_records"]

#: What exports write where a record has no abstract.
_NO_ABSTRACT = {"[no abstract available]", "no abstract available", "[no abstract]"}


def split_list(value: str, sep: str = ";") -> list[str]:
    return [v.strip() for v in (value or "").split(sep) if v.strip()]


def unique(items) -> list:
    """Items in order, each once (exports repeat authors: "G. Kalbe; G. Kalbe")."""
    seen, out = set(), []
    for it in items:
        if it and it not in seen:
            seen.add(it)
            out.append(it)
    return out


def typed_list(rec: dict, field: str, kind: type, path: str, line: int) -> list:
    """``rec[field]`` as a list of ``kind`` (empty when missing or null); an InputError naming the
    field otherwise: a string there had been read letter by letter (OpenAlex's
    ``"referenced_works": "W2"`` made two cited works, "W" and "2"), a list of other things dropped."""
    value = rec.get(field)
    if value is None:
        return []
    what = "objects" if kind is dict else "strings"
    if not isinstance(value, list) or not all(isinstance(v, kind) for v in value):
        raise InputError(path, f"field {field!r} must be a list of {what}, got {str(value)[:60]!r}", line)
    return value


def typed_object(value, field: str, path: str, line: int) -> dict:
    """``value`` as an object ({} when missing or null); an InputError naming the field otherwise
    (a string there had been an AttributeError traceback)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise InputError(path, f"field {field!r} must be an object, got {str(value)[:60]!r}", line)
    return value


def make_paper(
    path: str,
    line: int,
    *,
    title: str = "",
    abstract: str = "",
    year=None,
    venue: str = "",
    authors=(),
    keywords=(),
    doi: str = "",
    url: str = "",
    pid: str = "",
    cited: list[Reference] | None = None,
    citing: list[Reference] | None = None,
    ids: dict[str, str] | None = None,
) -> Paper:
    """A Paper from one record's fields; an InputError for a record with neither title nor
    abstract (it had been left out without a word: an empty RIS record, a CSV row of commas)."""
    for name, value in (("title", title), ("abstract", abstract), ("venue", venue), ("doi", doi), ("url", url)):
        if value is not None and not isinstance(value, (str, int, float)) or isinstance(value, bool):
            raise InputError(path, f"field {name!r} must be a string, got {str(value)[:60]!r}", line)
    title = latex_to_text(str(title or ""))
    abstract = " ".join(str(abstract or "").split())
    if abstract.lower() in _NO_ABSTRACT:
        abstract = ""
    keywords = [str(k) for k in keywords if str(k).strip()]
    if not title and not abstract and not (keywords_suffice() and keywords):  # a keyword map takes keywords alone
        raise InputError(path, "record has neither abstract nor title", line)
    check_abstract(abstract, path, line)
    doi = normalise_doi(doi)
    written, year = year, year_of(year)
    if year is None and str(written or "").strip().strip("{}()[]. ").lower() not in _NO_YEAR:
        raise InputError(path, f"year has no year in it: {str(written)[:80]!r}", line)
    pid = (pid or "").strip() or _fallback_id(doi, title or "|".join(keywords), year, abstract)
    return Paper(
        id=pid,
        abstract=abstract,
        title=title,
        year=year,
        venue=latex_to_text(str(venue or "")),
        url=str(url or ""),
        authors=unique(latex_to_text(a) for a in authors),
        keywords=unique(latex_to_text(k) for k in keywords),
        doi=doi,
        cited=list(cited or []),
        citing=list(citing or []),
        ids=dict(ids or {}),
        source=f"{path}:{line}",
        sources=[f"{path}:{line}"],
    )


#: What exports write where a record has no year yet: no year, and no error.
_NO_YEAR = {
    "",
    "in press",
    "inpress",
    "forthcoming",
    "to appear",
    "accepted",
    "submitted",
    "n.d",
    "nd",
    "preprint",
    "unpublished",
    "none",
    "na",
    "n/a",
    "nan",
    "null",
    "unknown",
    "-",
    "s.d",
    "s.f",
}


def _fallback_id(doi: str, title: str, year, abstract: str) -> str:
    if doi:
        return "doi:" + doi
    if abstract:
        return content_id(abstract)
    key = f"{' '.join(title.lower().split())}|{year or ''}"
    return "p" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:12]


def no_usable_records(path: str, kind: str) -> InputError:
    return InputError(path, f"no {kind} records with a title or an abstract found")
