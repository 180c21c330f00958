"""BibTeX (``.bib``), including the Web of Science and Scopus flavours with cited references.

Parsed with bibtexparser; the fields each vendor writes are mapped here:

- Web of Science: ``Unique-ID`` (WOS:...), ``Keywords`` (the authors'), ``Keywords-Plus``,
  ``Cited-References`` (one "Smith J, 2010, NATURE, V1, P1, DOI 10..." a line).
- Scopus: ``author_keywords``, ``keywords`` (index terms), ``references`` ("; "-separated
  "Smith, J., Title (2010) Journal, 1, pp. 1-9"), the EID in ``url``.
"""

from __future__ import annotations

import re

from ..biblio import parse_scopus_reference, parse_wos_reference, split_scopus_references
from ..errors import InputError
from ..model import Paper
from . import register
from ._bib import make_paper, no_usable_records, split_list

__all__ = ["read_bibtex", "looks_like_bibtex"]

_ENTRY = re.compile(
    r"^\s*@\s*(article|inproceedings|conference|book|incollection|inbook|misc|phdthesis|"
    r"mastersthesis|techreport|proceedings|unpublished|online|report|thesis)\s*[{(]",
    re.I | re.M,
)


#: An entry's opening written without its "@" ("article{key,"), read as a comment by BibTeX.
_TYPE_ONLY = re.compile(_ENTRY.pattern.replace(r"^\s*@\s*", r"\s*") + r"\s*[^\s,{}()]+\s*,", re.I)


def looks_like_bibtex(text: str) -> bool:
    """An ``@article{`` (or another entry type) at the start of a line near the top."""
    return bool(_ENTRY.search(text[:20_000]))


@register("bibtex", extensions=(".bib", ".bibtex"), sniff=looks_like_bibtex)
def read_bibtex(path: str, text: str) -> list[Paper]:
    import logging

    import bibtexparser

    # the parser logs each failed block to standard error as well: graphkit says it once, in one line
    log = logging.getLogger("bibtexparser")
    level = log.level
    log.setLevel(logging.CRITICAL)
    try:
        library = bibtexparser.parse_string(text)
    finally:
        log.setLevel(level)
    entries = list(library.entries)
    for block in library.failed_blocks:
        entry = getattr(block, "ignore_error_block", None)
        if entry is not None and hasattr(entry, "fields_dict"):  # a repeated field (Scopus: funding_details)
            entries.append(entry)
            continue
        raise InputError(path, f"malformed BibTeX entry: {_first_line(block.error)}", (block.start_line or 0) + 1)
    for comment in library.comments:  # text between entries, which BibTeX skips: an entry missing its @?
        if _TYPE_ONLY.match(getattr(comment, "comment", "") or ""):
            raise InputError(
                path, "an entry without the '@' before its type, which BibTeX skips", (comment.start_line or 0) + 1
            )
    entries.sort(key=lambda e: e.start_line or 0)
    papers = [p for p in (_paper(path, e) for e in entries) if p is not None]
    if not papers:
        raise no_usable_records(path, "BibTeX")
    return papers


def _first_line(err) -> str:
    reason = (
        str(err).strip() or getattr(err, "abort_reason", "") or type(err).__name__
    )  # BlockAbortedException's str is ""
    return reason.split("\n", 1)[0]


# A field that swallowed the next one because a comma is missing between them:
# 'title={A title}\n  abstract={...}' parses as one title with "abstract=" inside it
# ("p = 0.01" on a wrapped line of an abstract is no field: only BibTeX's own field names count)
_FIELDS = (
    "title|abstract|author|authors|year|journal|booktitle|doi|keywords|author_keywords|volume|number"
    "|pages|publisher|url|note|month|issn|isbn|address|editor|series|language|type|references"
    "|unique-id|cited-references|keywords-plus|affiliation|source|eprint|archiveprefix|howpublished"
)
_RUN_ON = re.compile(rf"[}}\"]\s*\n\s*({_FIELDS})\s*=\s*[{{\"\d]", re.I)


def _paper(path: str, entry) -> Paper | None:
    line = (entry.start_line or 0) + 1
    for k, v in entry.fields_dict.items():
        run_on = _RUN_ON.search(str(v.value))
        if run_on:  # the entry's line
            raise InputError(
                path, f"malformed BibTeX entry: field {k!r} runs into {run_on.group(1)!r} (a comma missing?)", line
            )
    f = {k.lower(): _unescape(_unbrace(str(v.value))) for k, v in entry.fields_dict.items()}
    wos = "unique-id" in f or "cited-references" in f
    keywords = (
        split_list(f.get("author_keywords", ""))
        + split_list(f.get("keywords", ""), _kw_sep(f))
        + split_list(f.get("keywords-plus", ""))
    )
    if wos:
        cited = [parse_wos_reference(r) for r in _lines(f.get("cited-references", ""))]
        pid = _unbrace(f.get("unique-id", "")) or ""
        ids = {"wos": pid} if pid else {}
    else:
        cited = [parse_scopus_reference(r) for r in split_scopus_references(_unbrace(f.get("references", "")))]
        eid = re.search(r"eid=([\w.-]+)", f.get("url", ""))
        pid = eid.group(1) if eid else ""
        ids = {"scopus": pid} if pid else {}
    return make_paper(
        path,
        line,
        pid=pid,
        title=f.get("title", ""),
        abstract=_unbrace(f.get("abstract", "")),
        year=f.get("year"),
        venue=f.get("journal") or f.get("booktitle", ""),
        authors=[a.strip() for a in re.split(r"\s+and\s+", " ".join(f.get("author", "").split())) if a.strip()],
        keywords=[_unbrace(k) for k in keywords],
        doi=_unbrace(f.get("doi", "")),
        url=_url(f),
        cited=cited,
        ids=ids,
    )


def _kw_sep(fields: dict) -> str:
    kw = fields.get("keywords", "")
    return ";" if ";" in kw or "," not in kw else ","


#: BibTeX's escapes of characters TeX reserves. Web of Science writes "10.1007/978-1-4020-5802-8\_15"
#: in DOIs and cited references, and "R\&D" in titles: kept, the DOIs matched no other record's
#: (12 citations of corpus papers went to duplicate outside works). Only these are undone; the
#: rest of the markup (math, accents) stays as the authors wrote it.
_ESCAPED = re.compile(r"\\([_&%$#{}])")


def _unescape(value: str) -> str:
    return _ESCAPED.sub(r"\1", value) if "\\" in value else value


def _unbrace(value: str) -> str:
    value = value.strip()
    while value.startswith("{") and value.endswith("}") and _balanced(value[1:-1]):
        value = value[1:-1].strip()
    return value


def _balanced(s: str) -> bool:
    depth = 0
    for ch in s:
        depth += (ch == "{") - (ch == "}")
        if depth < 0:
            return False
    return depth == 0


def _lines(value: str) -> list[str]:
    return [ln.strip() for ln in _unbrace(value).split("\n") if ln.strip()]


def _url(fields: dict) -> str:
    url = _unbrace(fields.get("url", ""))
    return url.split()[0] if url else ""
