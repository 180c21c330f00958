"""A held-out check for benchmarks/quality.py: the bibliographic exports in ../shared/data/formats.

The dev set is ICLR; these are other fields and venues (multi-criteria decision analysis from
Web of Science and Scopus, optics from a Web of Science export, biology and simulation from a
Scopus CSV), so rules tuned on dev meet text they were not tuned on. The gold keywords are the
authors' alone: the vendors' index terms (Keywords Plus, Scopus index keywords) are left out,
and so is the IEEE RIS export, whose KW field mixes the two. A work exported by both vendors
is kept once (same title). Read here with the libraries graphkit's readers use, not through
graphkit, so that graphkit's merging of keyword fields cannot change the gold.
"""

from __future__ import annotations

import csv
import re

from _common import shared


def heldout_records() -> list[dict]:
    """Records (id, title, abstract, authors, keywords) with an abstract and authors' keywords."""
    out: list[dict] = []
    seen: set[str] = set()
    for rec in [*_bibtex("wos_export.bib", "keywords"), *_bibtex("scopus_export.bib", "author_keywords")]:
        _keep(rec, out, seen)
    for rec in _wos_tagged("wos_savedrecs.txt"):
        _keep(rec, out, seen)
    for rec in _scopus_csv("scopus_export.csv"):
        _keep(rec, out, seen)
    return out


def _keep(rec: dict, out: list[dict], seen: set[str]) -> None:
    key = re.sub(r"\W+", "", rec["title"].lower())
    if not rec["abstract"] or not rec["keywords"] or key in seen:
        return
    seen.add(key)
    rec["id"] = f"h{len(out) + 1}"
    out.append(rec)


def _split(value: str) -> list[str]:
    return [k.strip() for k in re.split(r";", value) if k.strip()]


def _bibtex(name: str, field: str) -> list[dict]:
    import bibtexparser

    lib = bibtexparser.parse_string(shared("formats", name).read_text(encoding="utf-8"))
    recs = []
    for e in lib.entries:
        f = {
            k.lower(): " ".join(str(v.value).replace("{", "").replace("}", "").split())
            for k, v in e.fields_dict.items()
        }
        kw = f.get(field, "")
        recs.append(
            {
                "title": f.get("title", ""),
                "abstract": f.get("abstract", ""),
                "authors": [a.strip() for a in f.get("author", "").split(" and ") if a.strip()],
                "keywords": _split(kw) if ";" in kw or "," not in kw else [k.strip() for k in kw.split(",")],
            }
        )
    return recs


def _wos_tagged(name: str) -> list[dict]:
    recs, rec, tag = [], {}, ""
    for line in shared("formats", name).read_text(encoding="utf-8-sig").splitlines():
        if line.startswith("ER"):
            recs.append(rec)
            rec, tag = {}, ""
            continue
        if line[:2].strip() and line[2:3] == " ":
            tag = line[:2]
        rec.setdefault(tag, []).append(line[3:].strip())
    return [
        {
            "title": " ".join(r.get("TI", [])),
            "abstract": " ".join(r.get("AB", [])),
            "authors": r.get("AU", []),
            "keywords": _split(" ".join(r.get("DE", []))),
        }
        for r in recs
    ]


def _scopus_csv(name: str) -> list[dict]:
    with open(shared("formats", name), encoding="utf-8-sig", newline="") as fh:
        return [
            {
                "title": r.get("Title", ""),
                "abstract": "" if r.get("Abstract", "").startswith("[No abstract") else r.get("Abstract", ""),
                "authors": [a.strip() for a in r.get("Authors", "").split(",") if a.strip()],
                "keywords": _split(r.get("Author Keywords", "")),
            }
            for r in csv.DictReader(fh)
        ]
