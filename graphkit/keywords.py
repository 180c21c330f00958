"""Authors' keywords as concepts: on their own (no model), or joined with extracted ones.

``build --concepts`` chooses where concepts come from:

- ``extracted``: KeyBERT over titles and abstracts (:func:`graphkit.link.link`), as before;
- ``keywords``: the authors' keywords alone (:func:`link_keywords`). No model is loaded and a
  corpus without abstracts works; keywords are grouped by the merge key linking uses (case,
  plural, hyphenation), and the thesaurus merges, renames and removes as it does for linking.
  Every keyword becomes a concept, as in VOSviewer's keyword map (filter by papers later);
- ``both``: the keywords are fed into linking through one hook, :func:`with_keywords`, that
  adds them to each paper's candidates (first, so they rank as the paper's own choices) and
  to the text linking scans (so the paper mentions them even where its abstract does not).
  From there on linking's own rules decide which forms are one concept, so an author keyword
  joins the extracted concept of the same meaning however linking groups forms.
  :func:`mark_sources` then records where each concept came from (``source``: extracted,
  keyword or both).

Nothing in :mod:`graphkit.link` knows about keywords: this module is the whole hook.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import replace

from . import text as T
from .errors import InputError
from .extract import Extraction
from .link import Linked, _display, _kind
from .model import Candidate, Concept, Mention, Paper
from .thesaurus import Thesaurus

__all__ = [
    "CONCEPT_SOURCES",
    "EXTRACTED",
    "KEYWORD",
    "BOTH",
    "link_keywords",
    "with_keywords",
    "mark_sources",
    "keyword_key",
    "check_keywords",
]

#: The ``build --concepts`` choices.
CONCEPT_SOURCES = ("extracted", "keywords", "both")
#: The values of a Concept's ``source``.
EXTRACTED, KEYWORD, BOTH = "extracted", "keyword", "both"


def keyword_key(surface: str) -> str:
    """The merge key linking groups forms by ("Deep-Learning" and "deep learnings" share one;
    lemmas, not stems: "generative model" and "generalization" do not)."""
    from .concepts_rules import group_key

    return group_key(T.phrase_key(_unshouted(surface).split()))


def _unshouted(surface: str) -> str:
    """A keyword of two words or more written all in capitals, every word a dictionary word, in
    lower case: "DEEP LEARNING" is "deep learning" shouted (some exports write keywords so), not
    two acronyms; a single word in capitals may be a name (REINFORCE) and stays."""
    from .lemmas import readings
    from .text.words import STOPWORDS

    parts = [w for w in surface.replace("-", " ").split() if w]
    if len(parts) > 1 and surface.isupper() and all(readings(w.lower()) or w.lower() in STOPWORDS for w in parts):
        # a short word may be an acronym that is also a word ("AI SAFETY", "IT SECURITY"): kept
        return " ".join(w if len(w) <= 3 and w.lower() not in STOPWORDS else w.lower() for w in surface.split())
    return surface


def check_keywords(papers: Sequence[Paper]) -> None:
    """Refuse a keyword map of a corpus in which no paper has keywords."""
    if not any(p.keywords for p in papers):
        where = papers[0].source.rpartition(":")[0] if papers else "input"
        raise InputError(
            where,
            f"none of the {len(papers):,} papers has keywords; "
            "use --concepts extracted, or give files with a 'keywords' field",
        )


def _thesaurus_map(thesaurus: Thesaurus | None) -> tuple[set[str], dict[str, str]]:
    """(removed merge keys, merge key -> replacement label) of a thesaurus."""
    removed: set[str] = set()
    rename: dict[str, str] = {}
    for src, dst in thesaurus.replace_by.items() if thesaurus else ():
        if not dst.strip():
            removed.add(keyword_key(src))
        else:
            rename[keyword_key(src)] = dst.strip()
            rename.setdefault(keyword_key(dst), dst.strip())
    return removed, rename


def link_keywords(papers: Sequence[Paper], *, thesaurus: Thesaurus | None = None) -> Linked:
    """Concepts from the authors' keywords alone: no model, no abstract needed."""
    removed, rename = _thesaurus_map(thesaurus)
    surfaces: dict[str, Counter] = defaultdict(Counter)
    per_paper: list[list[tuple[str, str]]] = []  # per paper: (merge key, keyword as written)
    wordless: list[tuple[str, str]] = []  # (keyword, its record) with no word in it: "---"
    for p in papers:
        seen: dict[str, str] = {}
        for kw in p.keywords:
            mk = keyword_key(kw)
            if not mk or not any(c.isalnum() for c in kw):
                wordless.append((kw, p.source))
                continue
            if mk in removed:
                continue
            if mk in rename:
                mk = keyword_key(rename[mk])
            surfaces[mk][kw] += 1
            seen.setdefault(mk, kw)
        per_paper.append(list(seen.items()))
    if wordless:  # said, not dropped without a word
        import warnings

        from .errors import GraphkitWarning

        kw, where = wordless[0]
        n = len(wordless)
        what = f"{n:,} keywords with no word in them" if n > 1 else "a keyword with no word in it"
        warnings.warn(f"{where}: {what} left out (first: {kw!r})", GraphkitWarning, stacklevel=2)
    concepts: dict[str, Concept] = {}
    key_of: dict[str, str] = {}
    merges: set[tuple[str, str]] = set()
    for mk in sorted(surfaces):
        concept = _concept(mk, surfaces[mk], rename, concepts)
        concepts[concept.key] = concept
        key_of[mk] = concept.key
        merges.update((s, concept.name) for s in surfaces[mk] if s != concept.name)
    mentions: list[Mention] = []
    for p, kws in zip(papers, per_paper):
        for rank, (mk, _kw) in enumerate(kws, start=1):
            c = concepts[key_of[mk]]
            c.paper_count += 1
            if p.year is not None and (c.first_year is None or p.year < c.first_year):
                c.first_year = p.year
            mentions.append(Mention(p.id, c.key, 1.0, rank, ""))
    forms = {key_of[mk]: sorted({T.phrase_key(s.split()) for s in surfaces[mk]}) for mk in surfaces}
    return Linked(list(concepts.values()), mentions, _broader(concepts), forms, sorted(merges))


def _concept(mk: str, counts: Counter, rename: dict[str, str], taken: dict[str, Concept]) -> Concept:
    """The concept of one group of keywords: the thesaurus's label, else the commonest form."""
    named = next((dst for src, dst in rename.items() if keyword_key(dst) == mk), None)
    surface = min(counts, key=lambda s: (-counts[s], _unshouted(s) != s, len(s), s))
    name = named or _display(_unshouted(surface), keep_case=False)
    aliases: dict[str, str] = {}
    for s in counts:
        d = _display(s, keep_case=False)
        if d.lower() != name.lower():
            aliases.setdefault(d.lower(), d)
    name_key = T.phrase_key(name.split())
    key = " ".join(w.lower() for w in name_key) or mk
    if key in taken:
        key = f"{key} ({mk})"
    alias_list = sorted(aliases.values(), key=str.lower)
    return Concept(
        key=key,
        name=name,
        aliases=alias_list,
        source=KEYWORD,
        kind=_kind(name_key, [T.phrase_key(a.split()) for a in alias_list], Counter()),
    )


def _broader(concepts: dict[str, Concept]) -> list[tuple[str, str]]:
    """A concept's nearest proper suffix that is itself a concept (linking's rule)."""
    by_core = {T.core(tuple(w.lower() for w in T.phrase_key(c.name.split()))): c.key for c in concepts.values()}
    out = []
    for c in concepts.values():
        k = T.core(tuple(w.lower() for w in T.phrase_key(c.name.split())))
        for s in range(1, len(k)):
            parent = by_core.get(k[s:])
            if parent and parent != c.key:
                out.append((c.key, parent))
                break
    return out


def with_keywords(papers: Sequence[Paper], ex: Extraction) -> Extraction:
    """The hook: ``ex`` with each paper's keywords first among its candidates and appended to
    the text linking scans (as one ``;``-separated sentence, so no form spans two keywords)."""
    texts, candidates = [], []
    for p, text, cands in zip(papers, ex.texts, ex.candidates):
        kws = [k for k in p.keywords if k.strip()]
        own = {c.text for c in cands}
        candidates.append([Candidate(k, 1.0) for k in kws if k not in own] + list(cands))
        texts.append(f"{text}\n\n{'; '.join(kws)}." if kws else text)
    return replace(ex, texts=texts, candidates=candidates)


def _extracted_forms(ex: Extraction) -> set[tuple[str, ...]]:
    """The normal forms extraction proposed: candidates, their tails, acronyms and expansions."""
    out: set[tuple[str, ...]] = set()
    for cands in ex.candidates:
        for c in cands:
            words = c.text.split()
            out.update(T.phrase_key(words[s:]) for s in range(len(words)))
    for defs in ex.acronyms:
        for d in defs:
            out.add(T.phrase_key([d.short]))
            out.add(T.phrase_key(d.long.split()))
    return out


def mark_sources(linked: Linked, papers: Sequence[Paper], ex: Extraction) -> None:
    """Set each concept's ``source`` from the forms it matches: an author's keyword, something
    extraction proposed (``ex`` is the extraction before :func:`with_keywords`), or both."""
    kw_forms = {T.phrase_key(k.split()) for p in papers for k in p.keywords}
    ex_forms = _extracted_forms(ex)
    for c in linked.concepts:
        forms = set(linked.forms.get(c.key, ()))
        from_kw, from_ex = bool(forms & kw_forms), bool(forms & ex_forms)
        c.source = BOTH if from_kw and from_ex else KEYWORD if from_kw else EXTRACTED
