"""OpenAlex works (https://docs.openalex.org/api-entities/works): one JSON object, a JSON
list, JSON Lines, or the API's ``{"results": [...]}`` page.

The abstract is rebuilt from ``abstract_inverted_index`` (word -> positions);
``referenced_works`` become the paper's cited references (OpenAlex ids).
"""

from __future__ import annotations

from ..errors import InputError
from ..model import Paper, Reference
from . import register
from ._bib import make_paper, no_usable_records, typed_list, typed_object

__all__ = ["read_openalex", "looks_like_openalex", "is_openalex_work", "paper_from_openalex", "rebuild_abstract"]

_PREFIX = "https://openalex.org/"


def is_openalex_work(rec) -> bool:
    return isinstance(rec, dict) and (
        "abstract_inverted_index" in rec
        or "referenced_works" in rec
        or str(rec.get("id", "")).startswith(_PREFIX + "W")
    )


def looks_like_openalex(text: str) -> bool:
    head = text[:200_000]
    return (
        head.lstrip().startswith(("{", "["))
        and '"https://openalex.org/W' in head
        and ('"abstract_inverted_index"' in head or '"referenced_works"' in head or '"authorships"' in head)
    )


@register("openalex", sniff=looks_like_openalex)
def read_openalex(path: str, text: str) -> list[Paper]:
    from .jsonfile import json_records

    papers = [
        p
        for line, rec in json_records(path, text)
        if isinstance(rec, dict) and (p := paper_from_openalex(rec, path, line))
    ]
    if not papers:
        raise no_usable_records(path, "OpenAlex")
    return papers


def short_id(value) -> str:
    """``https://openalex.org/W2741809807`` -> ``W2741809807``."""
    value = str(value or "")
    return value[len(_PREFIX) :] if value.startswith(_PREFIX) else value


def rebuild_abstract(index, path: str = "", line: int | None = None) -> str:
    """The abstract text from OpenAlex's inverted index ({word: [positions]}); an InputError for
    an index that is not one (a position that is no whole number, two words at one position:
    words had been dropped without a word)."""
    if index is None:
        return ""
    bad = f"field 'abstract_inverted_index' is not an inverted index ({{word: [positions]}}): {str(index)[:60]!r}"
    if not isinstance(index, dict):
        raise InputError(path, bad, line)
    at: dict[int, str] = {}
    for word, positions in index.items():
        if not isinstance(positions, list):
            raise InputError(path, bad, line)
        for pos in positions:
            if not isinstance(pos, int) or isinstance(pos, bool) or pos < 0:
                raise InputError(path, f"field 'abstract_inverted_index': {word!r} has the position {pos!r}", line)
            if pos in at:
                raise InputError(
                    path, f"field 'abstract_inverted_index': {at[pos]!r} and {word!r} share position {pos}", line
                )
            at[pos] = word
    return " ".join(at[i] for i in sorted(at))


def paper_from_openalex(rec: dict, path: str, line: int) -> Paper | None:
    wid = short_id(rec.get("id"))
    loc = typed_object(rec.get("primary_location"), "primary_location", path, line)
    source = typed_object(loc.get("source"), "primary_location.source", path, line)
    authors = [
        _text(typed_object(a.get("author"), "authorships.author", path, line).get("display_name"), path, line)
        or _text(a.get("raw_author_name"), path, line)
        for a in typed_list(rec, "authorships", dict, path, line)
    ]
    cited = [
        Reference(id=short_id(w), text=short_id(w)) for w in typed_list(rec, "referenced_works", str, path, line) if w
    ]
    return make_paper(
        path,
        line,
        pid=wid,
        title=rec.get("title") or rec.get("display_name") or "",
        abstract=rebuild_abstract(rec.get("abstract_inverted_index"), path, line) or str(rec.get("abstract") or ""),
        year=rec.get("publication_year"),
        venue=source.get("display_name") or "",
        authors=authors,
        doi=rec.get("doi") or "",
        url=loc.get("landing_page_url") or rec.get("id", ""),
        cited=cited,
        ids={"openalex": wid} if wid else {},
    )


def _text(value, path: str, line: int) -> str:
    """A name's text: a string (or number), else an InputError (["x"] had become the author "['x']")."""
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise InputError(path, f"an author's name must be a string, got {str(value)[:60]!r}", line)
    return str(value)
