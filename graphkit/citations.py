"""References -> citations: resolve every cited work to a paper of the corpus, or to an
external paper, then derive the bibliometric networks.

Resolution, in order (the first that finds exactly one paper wins):

1. an identifier: the paper's id or any of its other ids (OpenAlex ``W...``, Semantic
   Scholar ``paperId``, ``WOS:...``, a Scopus EID);
2. the DOI, whatever its case or prefix (``https://doi.org/``, ``doi:``, ``DOI ``);
3. the normalised title (case, punctuation, accents, LaTeX ignored), with the year when
   both have one (a year apart is allowed: online first / print);
4. for cited-reference strings without a title (Web of Science: "Smith J, 2010, NATURE,
   V1, P1"): the first author (surname + first initial) and the year, narrowed by the
   source when several papers fit; still several -> unresolved, never a guess.

What resolves to nothing becomes an external ``Paper`` (``external=True``; title, year,
DOI as parsed; a Web of Science string is its title), one per distinct cited work, so
co-citation runs over cited references as in VOSviewer. ``external=False`` drops them.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from .biblio import author_id, author_parts, normalise_doi, normalise_title
from .model import Paper, Reference

__all__ = [
    "Resolved",
    "resolve",
    "Network",
    "cocitation",
    "coupling",
    "coauthorship",
    "author_keys",
    "venue_matches",
]


@dataclass
class Resolved:
    """The corpus, the external papers its references name, and the citations between them."""

    papers: list[Paper]  # the corpus, then the external papers
    cites: list[tuple[str, str]]  # (citing id, cited id), each pair once, no self-citation
    by: Counter = field(
        default_factory=Counter
    )  # how each reference resolved: id, doi, title, author-year, external, dropped


class _Index:
    def __init__(self, papers: Sequence[Paper]):
        self.ids: dict[str, str] = {}
        self.doi: dict[str, str] = {}
        self.title: dict[str, list[Paper]] = defaultdict(list)
        self.author_year: dict[tuple[str, int], list[Paper]] = defaultdict(list)
        for p in papers:
            self.add(p)

    def add(self, p: Paper) -> None:
        for v in [p.id, *p.ids.values()]:
            if v:
                self.ids.setdefault(v, p.id)
        if p.doi:
            self.doi.setdefault(p.doi, p.id)
        t = normalise_title(p.title)
        if t:
            self.title[t].append(p)
        if p.authors and p.year is not None and not p.external:
            self.author_year[(author_id(p.authors[0]), p.year)].append(p)

    def find(self, ref: Reference) -> tuple[str | None, str]:
        if ref.id and ref.id in self.ids:
            return self.ids[ref.id], "id"
        doi = ref.doi or normalise_doi(ref.id)
        if doi and doi in self.doi:
            return self.doi[doi], "doi"
        if ref.title:
            # an external work named by its own id or DOI is not another one that shares its title
            hits = [
                p
                for p in self.title.get(normalise_title(ref.title), [])
                if (ref.year is None or p.year is None or abs(p.year - ref.year) <= 1)
                and not (p.external and (ref.id or ref.doi))
            ]
            if len(hits) > 1 and ref.year is not None:
                hits = [p for p in hits if p.year == ref.year] or hits
            if len(hits) == 1:
                return hits[0].id, "title"
            if hits:
                return None, "ambiguous"
        if ref.author and ref.year is not None and not ref.title:
            hits = self.author_year.get((author_id(ref.author), ref.year), [])
            if len(hits) > 1 and ref.venue:
                hits = [p for p in hits if venue_matches(ref.venue, p.venue)]
            if len(hits) == 1 and (not ref.venue or not hits[0].venue or venue_matches(ref.venue, hits[0].venue)):
                return hits[0].id, "author-year"
        return None, ""


_VENUE_STOP = {"of", "the", "and", "for", "in", "on", "&", "a", "an", "de", "la"}


def venue_matches(abbrev: str, full: str) -> bool:
    """Whether an abbreviated source ("EUR J OPER RES") fits a full one ("European Journal
    of Operational Research"): each abbreviated word starts one of the full words, in order."""
    a = normalise_title(abbrev).split()
    f = [w for w in normalise_title(full).split() if w not in _VENUE_STOP]
    if not a or not f:
        return False
    i = 0
    for word in a:
        while i < len(f) and not f[i].startswith(word):
            i += 1
        if i == len(f):
            return False
        i += 1
    return True


def _external_key(ref: Reference) -> str:
    if ref.doi:
        return "doi:" + ref.doi
    if ref.id:
        return "id:" + ref.id
    if ref.title:
        return f"title:{normalise_title(ref.title)}|{ref.year or ''}"
    return "ref:" + "|".join(
        [author_id(ref.author), str(ref.year or ""), normalise_title(ref.venue), ref.volume.lower(), ref.page.lower()]
    )


def _external_paper(ref: Reference, key: str) -> Paper:
    if ref.doi:
        pid = "doi:" + ref.doi
    elif ref.id:
        pid = ref.id
    else:
        pid = "ref:" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:12]
    return Paper(
        id=pid,
        title=ref.title or ref.text or ref.id or ref.doi,
        year=ref.year,
        venue=ref.venue,
        doi=ref.doi,
        external=True,
        url=f"https://doi.org/{ref.doi}" if ref.doi else "",
    )


def _references(p: Paper) -> Iterable[Reference]:
    for r in p.references:
        yield Reference(
            id=r, doi=normalise_doi(r) if r.lower().startswith(("10.", "doi:", "https://doi")) else "", text=r
        )
    yield from p.cited


def resolve(papers: Sequence[Paper], *, external: bool = True) -> Resolved:
    """Resolve the references of ``papers`` (see the module's docstring)."""
    index = _Index(papers)
    out = Resolved(papers=list(papers), cites=[])
    seen: set[tuple[str, str]] = set()
    externals: dict[str, str] = {}

    def target(ref: Reference) -> str | None:
        if ref.doi:
            ref = replace(ref, doi=normalise_doi(ref.doi))
        pid, how = index.find(ref)
        if pid is not None:
            out.by[how] += 1
            return pid
        if not external:
            out.by["dropped"] += 1
            return None
        key = _external_key(ref)
        if key not in externals:
            ext = _external_paper(ref, key)
            while ext.id in index.ids and index.ids[ext.id] != ext.id:  # an id taken by a corpus paper's alias
                ext.id += "'"
            externals[key] = ext.id
            out.papers.append(ext)
            index.add(ext)
        out.by["external"] += 1
        return externals[key]

    def add(a: str, b: str) -> None:
        if a != b and (a, b) not in seen:
            seen.add((a, b))
            out.cites.append((a, b))

    for p in papers:
        for ref in _references(p):
            cited = target(ref)
            if cited is not None:
                add(p.id, cited)
        for ref in p.citing:
            citing = target(ref)
            if citing is not None:
                add(citing, p.id)
    return out


# -- derived networks ----------------------------------------------------------------------


@dataclass
class Network:
    """Undirected weighted pairs: ``(a, b) -> weight`` with a < b, and each node's total."""

    edges: dict[tuple[str, str], int]
    totals: dict[str, int]  # occurrences of each node (citations, references, papers)
    n: int  # the number of units the pairs were counted over

    def strength(self, a: str, b: str) -> float:
        """Association strength: weight / the weight expected if a and b were independent
        (w * n / (n_a * n_b)); 1 means as often as chance, above 1 more often."""
        w = self.edges[(a, b) if a < b else (b, a)]
        return w * self.n / (self.totals[a] * self.totals[b])


def _pairs(groups_in: Iterable[Iterable[str]], min_weight: int, min_total: int = 1) -> Network:
    groups = [sorted(set(g)) for g in groups_in]
    totals = Counter(x for g in groups for x in g)
    keep = {x for x, c in totals.items() if c >= min_total}
    edges: Counter = Counter()
    for group in groups:
        kept = [x for x in group if x in keep]
        for i, a in enumerate(kept):
            for b in kept[i + 1 :]:
                edges[(a, b)] += 1
    return Network({k: w for k, w in edges.items() if w >= min_weight}, dict(totals), sum(1 for g in groups if g))


def cocitation(cites: Iterable[tuple[str, str]], *, min_weight: int = 2, min_citations: int = 1) -> Network:
    """Co-citation: two works cited together by ``weight`` papers. ``min_citations``: the
    fewest citations a work needs to take part (VOSviewer's threshold for cited references)."""
    refs: dict[str, list[str]] = defaultdict(list)
    for a, b in cites:
        refs[a].append(b)
    return _pairs(refs.values(), min_weight, min_citations)


def coupling(cites: Iterable[tuple[str, str]], *, min_weight: int = 2, among: set[str] | None = None) -> Network:
    """Bibliographic coupling: two papers sharing ``weight`` references (only papers in
    ``among``, the corpus, when given: external works have no known references)."""
    citing: dict[str, list[str]] = defaultdict(list)
    for a, b in cites:
        if among is None or a in among:
            citing[b].append(a)
    return _pairs(citing.values(), min_weight)


def coauthorship(papers: Sequence[Paper], keys: dict[str, str], *, min_weight: int = 1) -> Network:
    """Co-authorship: two authors (by ``author_keys``) who wrote ``weight`` papers together."""
    return _pairs(([keys[a] for a in p.authors if a in keys] for p in papers), min_weight)


# -- author names --------------------------------------------------------------------------


def _given_name(name: str) -> str:
    """The first given name when spelled out ("john" of "Smith, John A."), else ""."""
    if "," in name:
        given = name.split(",", 1)[1]
    else:
        words = name.split()
        if len(words) > 1 and re.fullmatch(r"(?:[A-Z]\.?-?){1,4}", words[-1]):
            return ""
        given = " ".join(words[:-1])
    first = given.strip().split(" ")[0].strip(".") if given.strip() else ""
    return first.casefold() if len(first) > 1 and first.isalpha() and not first.isupper() else ""


def author_keys(names: Iterable[str]) -> dict[str, str]:
    """A key for each author name of a paper set: "Smith, J.", "J. Smith", "SMITH J" and
    "John Smith" are one author ("smith j") unless the set makes that ambiguous: two
    spelled-out first names ("John Smith", "Jane Smith") or initials that disagree
    ("Smith J.A.", "Smith J.B."); then each form keeps a key of its own."""
    forms: dict[str, tuple[str, str, str]] = {}
    groups: dict[tuple[str, str], set[str]] = defaultdict(set)
    for name in names:
        if name in forms or not name.strip():
            continue
        surname, initials = author_parts(name)
        if not surname:
            continue
        forms[name] = (surname, initials, _given_name(name))
        groups[(surname, initials[:1])].add(name)
    keys: dict[str, str] = {}
    for (surname, first), members in groups.items():
        given = {forms[m][2] for m in members} - {""}
        inits = sorted({forms[m][1] for m in members}, key=len)
        chain = all(inits[-1].startswith(i) for i in inits)
        for m in members:
            if len(given) <= 1 and chain:
                keys[m] = f"{surname} {first}".strip()
            else:
                _, initials, g = forms[m]
                keys[m] = f"{surname} {g or initials}".strip()
    return keys
