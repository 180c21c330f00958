"""CSV with a header row (``abstract`` required; Scopus/WoS-style column names understood)."""

from __future__ import annotations

import csv
import io
import sys

from ..errors import InputError
from ..model import Paper
from . import keywords_suffice, lacking_text_error, lacks_text, paper_from_record, register

__all__ = ["read_csv"]

# Header names (lower-cased) -> record fields.
_COLUMNS = {
    "id": "id", "paper_id": "id", "eid": "id",
    "title": "title", "ti": "title",
    "abstract": "abstract", "ab": "abstract",
    "year": "year", "py": "year", "publication year": "year",
    "venue": "venue", "source title": "venue", "journal": "venue", "so": "venue",
    "authors": "authors", "author": "authors", "au": "authors",
    "keywords": "keywords", "author keywords": "keywords", "de": "keywords",
    "references": "references",
    "url": "url", "link": "url",
}

csv.field_size_limit(sys.maxsize)


def looks_like_csv(text: str) -> bool:
    """A header row with an abstract column, separated by commas, semicolons or tabs."""
    first = text.split("\n", 1)[0]
    for sep in ",;\t":
        cells = [c.strip().strip('"').lower().lstrip("\ufeff") for c in first.split(sep)]
        if len(cells) > 1 and any(_COLUMNS.get(c) == "abstract" for c in cells):
            return True
    return False


@register("csv", extensions=(".csv",), sniff=looks_like_csv)
def read_csv(path: str, text: str) -> list[Paper]:
    sample = text[:4096]
    try:
        dialect = csv.Sniffer().sniff(sample.split("\n", 1)[0], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text), dialect)
    try:
        header = next(reader)
    except (StopIteration, csv.Error) as e:
        raise InputError(path, f"malformed CSV header: {e}", 1) from None
    fields = [_COLUMNS.get(h.strip().lower().lstrip("\ufeff")) for h in header]
    if "abstract" not in fields and not (keywords_suffice() and "keywords" in fields):
        raise InputError(path, f"CSV has no 'abstract' column (columns: {', '.join(header)})", 1)
    papers, missing, total = [], [], 0
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as e:
            raise InputError(path, f"malformed CSV: {e}", reader.line_num) from None
        line = reader.line_num
        if not any(c.strip() for c in row):
            continue
        total += 1
        if len(row) != len(header):
            raise InputError(path, f"malformed CSV: row has {len(row)} fields, the header has {len(header)}", line)
        rec = {f: v for f, v in zip(fields, row) if f and v.strip()}
        if lacks_text(rec):
            missing.append(line)
            continue
        papers.append(paper_from_record(rec, path, line))
    if missing:
        raise lacking_text_error(path, missing, total)
    return papers
