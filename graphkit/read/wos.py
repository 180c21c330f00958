"""Web of Science plain text (``savedrecs.txt``): two-letter tags, one record per ``PT`` ... ``ER``.

Tags used: UT (id), TI, AB, PY, SO (source), AU/AF (authors), DE (author keywords),
ID (Keywords Plus), DI (DOI), CR (cited references, one a line). Continuation lines start
with three spaces. Written by hand: the format is a few lines of rules and no maintained
parser for it exists on PyPI.
"""

from __future__ import annotations

import re

from ..biblio import parse_wos_reference
from ..errors import InputError
from ..model import Paper
from . import register
from ._bib import make_paper, no_usable_records, split_list

__all__ = ["read_wos", "looks_like_wos"]

_LINE = re.compile(r"^([A-Z][A-Z0-9]) (.*)$")


def looks_like_wos(text: str) -> bool:
    """Starts with ``FN `` (a Web of Science/Thomson Reuters header) or ``PT `` and has ``ER`` lines."""
    head = text.lstrip()[:2000]
    return (head.startswith("FN ") and "\nPT " in head) or (head.startswith("PT ") and "\nER" in text)


@register("wos", sniff=looks_like_wos)
def read_wos(path: str, text: str) -> list[Paper]:
    papers: list[Paper] = []
    rec: dict[str, list[str]] | None = None
    start, tag = 0, ""
    for n, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        if line.startswith("   ") and rec is not None and tag:
            rec[tag].append(line.strip())
            continue
        m = _LINE.match(line)
        if m:
            tag, value = m.group(1), m.group(2)
        elif line.strip() in ("ER", "EF"):
            tag, value = line.strip(), ""
        else:
            raise InputError(path, f"malformed Web of Science record: {line[:40]!r} is not a tagged line", n)
        if tag == "PT":
            rec, start = {}, n
        elif tag == "ER":
            if rec is None:
                raise InputError(path, "malformed Web of Science record: ER without PT", n)
            p = _paper(path, start, rec)
            if p is not None:
                papers.append(p)
            rec, tag = None, ""
            continue
        elif rec is None:
            continue  # FN, VR, EF: file header and trailer
        rec.setdefault(tag, []).append(value.strip())
    if rec is not None:
        raise InputError(path, "malformed Web of Science record: it has no ER line", start)
    if not papers:
        raise no_usable_records(path, "Web of Science")
    return papers


def _paper(path: str, line: int, rec: dict[str, list[str]]) -> Paper | None:
    def joined(tag: str) -> str:
        return " ".join(rec.get(tag, []))

    uid = joined("UT")
    return make_paper(
        path,
        line,
        pid=uid,
        title=joined("TI"),
        abstract=joined("AB"),
        year=joined("PY") or joined("EA"),
        venue=joined("SO"),
        authors=rec.get("AF") or rec.get("AU") or [],
        keywords=split_list(joined("DE")) + split_list(joined("ID")),
        doi=joined("DI"),
        cited=[parse_wos_reference(r) for r in rec.get("CR", [])],
        ids={"wos": uid} if uid else {},
    )
