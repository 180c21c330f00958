"""Plain text: abstracts separated by blank lines, under an optional one-line heading."""

from __future__ import annotations

import re

from ..errors import InputError
from ..model import Paper
from . import check_abstract, content_id, readers, register

__all__ = ["read_text"]

_HEADING_VENUE = re.compile(r"^\s*([A-Za-z][\w&.-]*)\s+((?:19|20)\d\d)\b")


def _is_heading(block: str) -> bool:
    return "\n" not in block.strip() and len(block.split()) <= 15 and not block.rstrip().endswith(".")


#: Bibliographic exports (format name -> what to call it), which text never reads.
EXPORTS = {
    "bibtex": "BibTeX",
    "ris": "RIS",
    "wos": "Web of Science",
    "openalex": "OpenAlex",
    "semanticscholar": "Semantic Scholar",
    "csv": "Scopus CSV",
}


def _export_format(text: str) -> str | None:
    from .csvfile import looks_like_scopus_csv

    for name, spec in readers().items():
        if name in EXPORTS and name != "csv" and spec.sniff is not None and spec.sniff(text):
            return name
    return "csv" if looks_like_scopus_csv(text) else None


@register("text", extensions=(".txt", ".text"))
def read_text(path: str, text: str) -> list[Paper]:
    export = _export_format(text)
    if export is not None:  # a bibliographic export is never read as plain text
        raise InputError(path, f"looks like a {EXPORTS[export]} export; read it with --format {export}")
    blocks: list[tuple[int, str]] = []
    start, buf = None, []
    for i, line in enumerate(text.split("\n") + [""], start=1):
        if line.strip():
            if start is None:
                start = i
            buf.append(line.strip())
        elif buf:
            blocks.append((start, " ".join(buf)))
            start, buf = None, []
    venue, year = "", None
    if blocks and _is_heading(blocks[0][1]) and len(blocks) > 1:
        m = _HEADING_VENUE.match(blocks[0][1])
        if m:
            venue, year = m.group(1), int(m.group(2))
        blocks = blocks[1:]
    papers = []
    for line, abstract in blocks:
        check_abstract(abstract, path, line)
        papers.append(
            Paper(id=content_id(abstract), abstract=abstract, venue=venue, year=year, source=f"{path}:{line}")
        )
    return papers
