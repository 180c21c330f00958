"""CSV with a header row, RFC 4180 (comma separated, ``""`` inside quoted fields), as
spreadsheets and Scopus write it. The dialect is the standard one, never guessed from the
content; a ``.tsv`` file is read with tabs.

Columns: ``abstract`` (or ``title`` with ``references``) required; Scopus's ``Authors``,
``Title``, ``Year``, ``Source title``, ``DOI``, ``EID``, ``Link``, ``Author Keywords``,
``Index Keywords`` and ``References`` ("Smith, J., Title (2010) Journal, 1, pp. 1-9; ...")
are understood, as are Web of Science's two-letter tags (TI, AB, PY, AU, DE, ID, DI, UT, CR).
"""

from __future__ import annotations

import csv
import io
import re
import sys

from ..biblio import parse_scopus_reference, parse_wos_reference, split_scopus_references
from ..errors import InputError
from ..model import Paper
from . import keywords_suffice, lacking_text_error, lacks_text, paper_from_record, register
from ._bib import make_paper, split_list

__all__ = ["read_csv", "looks_like_csv", "looks_like_scopus_csv"]

# Header names (lower-cased) -> record fields.
_COLUMNS = {
    "id": "id",
    "paper_id": "id",
    "eid": "id",
    "ut": "id",
    "ut (unique wos id)": "id",
    "title": "title",
    "ti": "title",
    "article title": "title",
    "abstract": "abstract",
    "ab": "abstract",
    "year": "year",
    "py": "year",
    "publication year": "year",
    "venue": "venue",
    "source title": "venue",
    "journal": "venue",
    "so": "venue",
    "authors": "authors",
    "author": "authors",
    "au": "authors",
    "author full names": "full_authors",
    "af": "full_authors",
    "keywords": "keywords",
    "author keywords": "keywords",
    "de": "keywords",
    "index keywords": "index_keywords",
    "keywords plus": "index_keywords",
    "references": "references",
    "cited references": "cited_wos",
    "cr": "cited_wos",
    "doi": "doi",
    "di": "doi",
    "url": "url",
    "link": "url",
}

csv.field_size_limit(sys.maxsize)

# A Scopus author list: "Phillips J.C., Braun R., Kalé L." (comma separated, initials last)
_SCOPUS_AUTHORS = re.compile(r"^[^,]+?\s(?:[A-Z][\w'-]*\.)+(?:,\s*[^,]+?\s(?:[A-Z][\w'-]*\.)+)*$")


def looks_like_scopus_csv(text: str) -> bool:
    """A Scopus CSV export: its header names Authors, Title and EID or Source title."""
    header = next(csv.reader(io.StringIO(text.split("\n", 1)[0])), [])
    cols = {h.strip().lower().lstrip("\ufeff") for h in header}
    return {"authors", "title"} <= cols and bool({"eid", "source title"} & cols)


def looks_like_csv(text: str) -> bool:
    """A comma-separated header row with an abstract column (or a Scopus export's header)."""
    header = next(csv.reader(io.StringIO(text.split("\n", 1)[0])), [])
    return len(header) > 1 and any(_field(h) == "abstract" for h in header) or looks_like_scopus_csv(text)


def _dialect(path: str):
    return csv.excel_tab if str(path).lower().removesuffix(".gz").endswith(".tsv") else csv.excel


@register("csv", extensions=(".csv", ".tsv"), sniff=looks_like_csv)
def read_csv(path: str, text: str) -> list[Paper]:
    reader = csv.reader(io.StringIO(text), _dialect(path), strict=True)
    try:
        header = next(reader)
    except (StopIteration, csv.Error) as e:
        raise InputError(path, f"malformed CSV header: {e}", 1) from None
    fields = [_field(h) for h in header]
    if {"ut", "id"} <= {h.strip().lower() for h in header}:  # Web of Science: its ID column is Keywords Plus
        fields = ["index_keywords" if h.strip().lower() == "id" else f for h, f in zip(header, fields)]
    _one_column_each(path, header, fields)
    if (
        "abstract" not in fields
        and not ("title" in fields and {"references", "cited_wos"} & set(fields))
        and not (keywords_suffice() and "keywords" in fields)
    ):
        if header and header[0].lstrip().startswith(("{", "[")):
            raise InputError(
                path, "CSV has no 'abstract' column: this looks like JSON, not CSV (drop --format csv?)", 1
            )
        shown = ", ".join(h[:30] for h in header[:8]) + (f", ... ({len(header)} columns)" if len(header) > 8 else "")
        raise InputError(path, f"CSV has no 'abstract' column (columns: {shown})", 1)
    # Scopus writes a record's second, third... funding texts as extra unnamed columns right
    # after "Funding Text 1" (the header names only the first): they are dropped.
    lowered = [h.strip().lower() for h in header]
    funding = lowered.index("funding text 1") if "funding text 1" in lowered else None
    papers, missing, total = [], [], 0
    while True:
        start = reader.line_num + 1  # a record over several lines is reported at its first line
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as e:
            raise InputError(path, f"malformed CSV: {e}", start) from None
        if not any(c.strip() for c in row):
            continue
        total += 1
        if len(row) > len(header) and funding is not None:
            row = row[: funding + 1] + row[funding + 1 + len(row) - len(header) :]
        if len(row) != len(header):
            raise InputError(path, f"malformed CSV: row has {len(row)} fields, the header has {len(header)}", start)
        rec = {f: v for f, v in zip(fields, row) if f and v.strip()}
        p = _paper(path, start, rec)
        if p is None:
            missing.append(start)
            continue
        papers.append(p)
    if missing:
        raise lacking_text_error(path, missing, total)
    return papers


def _one_column_each(path: str, header: list[str], fields: list[str | None]) -> None:
    """Refuse a header with two columns for one field ("title,abstract,abstract", or "Abstract"
    and "AB"): a row's value in one of them had been dropped without a word."""
    first: dict[str, int] = {}
    for i, f in enumerate(fields):
        if f is None:
            continue
        if f in first:
            a, b = header[first[f]].strip(), header[i].strip()
            raise InputError(
                path, f"CSV has two columns for {f!r}: {a!r} (column {first[f] + 1}) and {b!r} (column {i + 1})", 1
            )
        first[f] = i


def _field(header: str) -> str | None:
    return _COLUMNS.get(header.strip().lower().lstrip("\ufeff"))


def _paper(path: str, line: int, rec: dict[str, str]) -> Paper | None:
    bibliographic = {"doi", "references", "cited_wos", "index_keywords", "full_authors"} & set(rec)
    if not bibliographic:
        if lacks_text(rec):
            return None
        return paper_from_record(rec, path, line)
    cited = [parse_scopus_reference(r) for r in split_scopus_references(rec.get("references", ""))]
    cited += [parse_wos_reference(r) for r in split_list(rec.get("cited_wos", ""))]
    pid = rec.get("id", "")
    ids = {("wos" if pid.startswith("WOS:") else "scopus"): pid} if pid else {}
    return make_paper(
        path,
        line,
        pid=pid,
        title=rec.get("title", ""),
        abstract=rec.get("abstract", ""),
        year=rec.get("year"),
        venue=rec.get("venue", ""),
        authors=_authors(rec.get("full_authors") or rec.get("authors", "")),
        keywords=split_list(rec.get("keywords", "")) + split_list(rec.get("index_keywords", "")),
        doi=rec.get("doi", ""),
        url=rec.get("url", ""),
        cited=cited,
        ids=ids,
    )


def _authors(value: str) -> list[str]:
    value = value.strip()
    if ";" not in value and _SCOPUS_AUTHORS.match(value):
        return [a.strip() for a in value.split(",") if a.strip()]
    return [re.sub(r"\s*\(\d+\)$", "", a) for a in split_list(value)]  # Scopus full names: "Smith, John (1234)"
