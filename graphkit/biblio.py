"""Bibliographic text: DOIs, titles, author names and the cited-reference strings of exports.

Pure functions over strings, shared by the readers (graphkit.read) and by reference
resolution (graphkit.citations).
"""

from __future__ import annotations

import re
import unicodedata

from .model import Reference

__all__ = [
    "normalise_doi",
    "normalise_title",
    "latex_to_text",
    "author_parts",
    "author_id",
    "parse_wos_reference",
    "parse_scopus_reference",
    "year_of",
]

_DOI = re.compile(r"10\.\d{4,9}/\S+", re.I)
_DOI_PREFIX = re.compile(r"^\s*(?:https?://(?:dx\.)?doi\.org/|doi:\s*|doi\s+)+", re.I)


def normalise_doi(value: str | None) -> str:
    """``https://doi.org/10.1/AbC`` / ``DOI 10.1/abc`` / ``doi:10.1/ABC`` -> ``10.1/abc``; "" if none."""
    if not value:
        return ""
    text = _DOI_PREFIX.sub("", str(value).strip())
    m = _DOI.search(text)
    if not m:
        return ""
    return m.group(0).rstrip(".,;)]}").lower()


def latex_to_text(value: str) -> str:
    """BibTeX field text as plain Unicode: ``{\\"u}ber \\& {GANs}`` -> ``über & GANs``."""
    if "\\" not in value and "$" not in value:
        return " ".join(value.replace("{", "").replace("}", "").split())
    from pylatexenc.latex2text import LatexNodes2Text

    try:  # in BibTeX a % is text, not a comment
        text = LatexNodes2Text(math_mode="verbatim").latex_to_text(value.replace("%", "\\%"))
    except Exception:  # pylatexenc gives up on unbalanced input; the raw text is still better than nothing
        text = value.replace("{", "").replace("}", "")
    return " ".join(text.split())


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()


def normalise_title(title: str | None) -> str:
    """A title's match key: LaTeX, accents, case, punctuation and spacing ignored."""
    if not title:
        return ""
    text = _fold(latex_to_text(title))
    return " ".join(re.findall(r"[^\W_]+", text))


def author_parts(name: str) -> tuple[str, str]:
    """(surname, initials) of a name as exports write it, both folded to plain lower case.

    "Smith, John" / "Smith, J." / "SMITH J" / "Smith J." / "J. Smith" / "John Smith" all
    give ("smith", "j"); "Costa de Beauregard O." gives ("costa de beauregard", "o").
    """
    name = " ".join(latex_to_text(name).split())
    if "," in name:  # "Surname, Given names"
        surname, _, given = name.partition(",")
    else:
        words = name.split()
        if len(words) > 1 and _INITIALS.fullmatch(words[-1]):  # WoS/Scopus "Smith J", "Kale L.", "ARNAUD JA"
            surname, given = " ".join(words[:-1]), words[-1]
            return _fold_words(surname), "".join(ch for ch in _fold(given) if ch.isalpha())
        surname, given = (words[-1], " ".join(words[:-1])) if words else ("", "")  # "J. Smith", "John A. Smith"
    return _fold_words(surname), "".join(w[0] for w in re.findall(r"[^\W\d_]+", _fold(given)))


_INITIALS = re.compile(r"(?:[A-Z]\.?-?){1,4}")


def _fold_words(text: str) -> str:
    return " ".join(re.findall(r"[^\W_]+", _fold(text)))


def author_id(name: str) -> str:
    """ "surname initial" (the first initial only): the key WoS and Scopus cited references allow."""
    surname, initials = author_parts(name)
    return f"{surname} {initials[:1]}".strip()


def year_of(value) -> int | None:
    """The first plausible four-digit year in a value, else None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if 1000 <= value <= 2999 else None
    m = re.search(r"(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)", str(value or ""))
    return int(m.group(1)) if m else None


_WOS_YEAR = re.compile(r"^(1[5-9]\d\d|20\d\d)$")


def parse_wos_reference(text: str) -> Reference:
    """A Web of Science cited reference: ``Smith J, 2010, NATURE, V1, P1, DOI 10.1/x``.

    Fields are comma separated; any may be missing (``[Anonymous], 2000, B WORLD HEALTH ORGAN``).
    """
    raw = " ".join(text.replace("{[}", "[").split()).rstrip(".")
    ref = Reference(text=raw)
    doi_at = re.search(r",\s*DOI\s+", raw)
    head = raw[: doi_at.start()] if doi_at else raw
    if doi_at:
        ref.doi = normalise_doi(raw[doi_at.end() :].split(",")[0].replace("DOI ", ""))
    parts = [p.strip() for p in head.split(",")]
    i = 0
    if parts and not _WOS_YEAR.match(parts[0]):
        ref.author = "" if parts[0].startswith("[") else parts[0]
        i = 1
    if i < len(parts) and _WOS_YEAR.match(parts[i]):
        ref.year = int(parts[i])
        i += 1
    rest = parts[i:]
    for p in rest:
        if re.fullmatch(r"V\w+", p) and not ref.volume:
            ref.volume = p[1:]
        elif re.fullmatch(r"P\w+", p) and not ref.page:
            ref.page = p[1:]
    if rest and not re.fullmatch(r"[VP]\w+", rest[0]):
        ref.venue = rest[0]
    return ref


_SCOPUS_YEAR = re.compile(r"\((1[5-9]\d\d|20\d\d)\)")
_SCOPUS_AUTHOR = re.compile(r"^\s*((?:[^,()]+,\s*(?:[A-Z][\w'\u2019-]*\.\s*-?)+,\s*)+)")


#: A piece of a Scopus reference list that is no reference: the editors or the publisher of the
#: book chapter before it, which Scopus separates with "; " too ("Skeel, R. D., Eds.",
#: "Springer-Verlag: Berlin", "Hermans, J."). One NAMD paper's 148 references had made 8 outside
#: works titled "Eds" become one, and "Hermans" a work.
_NAMES_ONLY = re.compile(r"(?:[^,():;]+,\s*(?:[A-Z][\w'\u2019-]*\.\s*-?)+,?\s*)+(?:Eds?\.)?")
_PUBLISHER = re.compile(r"(?:(?!\. )[^:;]){2,80}: (?:(?!\. [A-Z])[^:;\[\]]){2,80}")  # no sentence in it


def split_scopus_references(text: str) -> list[str]:
    """A Scopus reference list ("; " between references) as its references, the pieces of one
    that are no reference (:data:`_NAMES_ONLY`, :data:`_PUBLISHER`, with no year) joined to the
    reference before them."""
    out: list[str] = []
    for piece in re.split(r";\s+", text):
        piece = piece.strip()
        if not piece:
            continue
        tail = (
            out
            and not _SCOPUS_YEAR.search(piece)
            and (_NAMES_ONLY.fullmatch(piece) or (_PUBLISHER.fullmatch(piece) and len(piece.split()) <= 12))
        )
        if tail:
            out[-1] = f"{out[-1]}; {piece}"
        else:
            out.append(piece)
    return out


def parse_scopus_reference(text: str) -> Reference:
    """A Scopus reference: ``Smith, J., Doe, A., Title of the work (2010) Journal, 1 (2), pp. 1-9``.

    Also the short form with the year first: ``Smith, J., (2010) Journal, 1, p. 5``.
    """
    raw = " ".join(text.split())
    ref = Reference(text=raw)
    m = re.search(r"\bDOI:?\s*(10\.\S+)", raw, re.I)
    if m:
        ref.doi = normalise_doi(m.group(1))
    authors = _SCOPUS_AUTHOR.match(raw)
    body = raw
    if authors:
        first = authors.group(1).split(".,")[0] + "."
        ref.author = first.strip()
        body = raw[authors.end() :]
    y = _SCOPUS_YEAR.search(body)
    if y:
        ref.year = int(y.group(1))
        title = body[: y.start()].strip().rstrip(",").strip()
        ref.title = title
        after = body[y.end() :].strip()
        ref.venue = after.split(",")[0].strip()
        vol = re.match(r"[^,]+,\s*(\w+)", after)
        if vol and vol.group(1).isdigit():
            ref.volume = vol.group(1)
        page = re.search(r"\bpp?\.\s*(\w+)", after)
        if page:
            ref.page = page.group(1)
    else:
        ref.title = body.split(",")[0].strip() if not authors else body.strip()
    return ref
