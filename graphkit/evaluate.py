"""Scoring concepts against authors' keywords (the quality benchmark's scorer).

Exact match after lower-casing, hyphens to spaces and Porter-stemming each word; a predicted
concept matches when its name or one of its aliases does. All functions are pure and take
plain lists, so peers (plain KeyBERT, YAKE) are scored by the very same code.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence

from networkx.utils import UnionFind

from .text import find_acronyms, stem

__all__ = [
    "normalise",
    "Prediction",
    "prf_at_k",
    "share_linking",
    "duplicates",
    "duplicate_groups",
    "linking",
    "hub_precision",
    "dissimilar_merges",
    "DISSIMILAR",
]

# A prediction is the list of surface forms that name one concept: [name, *aliases].
Prediction = Sequence[str]


def normalise(phrase: str) -> str:
    return " ".join(stem(w) for w in phrase.lower().replace("-", " ").split())


def prf_at_k(predicted: Sequence[Sequence[Prediction]], gold: Sequence[Sequence[str]], k: int) -> dict:
    """Macro-averaged precision and recall at k over papers with gold keywords; F1 of the two.

    Precision divides by k (a paper with fewer than k predictions is not rewarded for it).
    """
    ps, rs = [], []
    for preds, keys in zip(predicted, gold):
        want = {normalise(g) for g in keys if g.strip()}
        if not want:
            continue
        top = preds[:k]
        hit_preds = sum(1 for forms in top if {normalise(f) for f in forms} & want)
        found = {w for w in want if any(w in {normalise(f) for f in forms} for forms in top)}
        ps.append(hit_preds / k)
        rs.append(len(found) / len(want))
    p = sum(ps) / len(ps) if ps else 0.0
    r = sum(rs) / len(rs) if rs else 0.0
    return {"p": p, "r": r, "f1": 2 * p * r / (p + r) if p + r else 0.0}


def share_linking(predicted: Sequence[Sequence[Prediction]]) -> float:
    """Share of distinct predicted concepts that two or more papers have."""
    papers_of: dict[str, set[int]] = defaultdict(set)
    for i, preds in enumerate(predicted):
        for forms in preds:
            papers_of[normalise(forms[0])].add(i)
    return sum(1 for s in papers_of.values() if len(s) >= 2) / len(papers_of) if papers_of else 0.0


def duplicates(concepts: Sequence[Prediction], texts: Sequence[str]) -> int:
    """Redundant concepts: names with the same lemma key (:func:`graphkit.lemmas.lemma_key`:
    inflection, British/American spelling, hyphens and the case of a name that is no word),
    or an acronym beside its expansion (as some text defines it), counted as group size minus
    one. Lemmas, not Porter stems: stems would count "optimizer" beside "optimization" or
    REINFORCE beside "reinforcement" as duplicates, and those are different ideas."""
    return sum(len(g) - 1 for g in duplicate_groups(concepts, texts))


def _lemma_form(phrase: str) -> str:
    from .lemmas import lemma_key

    return "".join(lemma_key(phrase))


def duplicate_groups(concepts: Sequence[Prediction], texts: Sequence[str], same_name: bool = True) -> list[list[str]]:
    """The groups of concept names :func:`duplicates` counts (for a look at them); with
    ``same_name=False`` only acronyms beside their expansions."""
    by_form: dict[str, list[int]] = defaultdict(list)
    for i, forms in enumerate(concepts):
        by_form[_lemma_form(forms[0])].append(i)
    sets = UnionFind(range(len(concepts)))
    for ids in by_form.values() if same_name else ():
        sets.union(*ids)
    by_alias = {k: v[:1] for k, v in by_form.items()}
    for forms_i, forms in enumerate(concepts):  # a long form is found by an alias too
        for f in forms[1:]:
            by_alias.setdefault(_lemma_form(f), [forms_i])
    for t in texts:
        for d in find_acronyms(t):
            short, long = by_form.get(_lemma_form(d.short)), by_alias.get(_lemma_form(d.long))
            if short and long:
                sets.union(short[0], long[0])
    roots: dict[int, list[str]] = defaultdict(list)
    for i in range(len(concepts)):
        roots[sets[i]].append(concepts[i][0])
    return [g for g in roots.values() if len(g) > 1]


def linking(links: Sequence[set[str]], gold: Sequence[Sequence[str]]) -> dict:
    """Pairs of papers: gold-linked when they share an author keyword, system-linked when
    they share a concept. Returns precision, recall, F1 and the pair counts."""

    def pairs(sets: Sequence[set[str]]) -> set[int]:
        inv: dict[str, list[int]] = defaultdict(list)
        for i, s in enumerate(sets):
            for x in s:
                inv[x].append(i)
        n = len(sets)
        out: set[int] = set()
        for ids in inv.values():
            for a, b in itertools.combinations(ids, 2):
                out.add(a * n + b)
        return out

    gold_pairs = pairs([{normalise(g) for g in keys} for keys in gold])
    sys_pairs = pairs(links)
    both = len(gold_pairs & sys_pairs)
    p = both / len(sys_pairs) if sys_pairs else 0.0
    r = both / len(gold_pairs) if gold_pairs else 0.0
    return {
        "p": p,
        "r": r,
        "f1": 2 * p * r / (p + r) if p + r else 0.0,
        "system_pairs": len(sys_pairs),
        "gold_pairs": len(gold_pairs),
    }


def hub_precision(concepts: Sequence[tuple[Prediction, int]], gold: Sequence[Sequence[str]], top: int = 100) -> dict:
    """Of the ``top`` concepts with the most papers, the share that appear as an author keyword
    somewhere in the keyword pool (any paper's keywords, normalised as above). A concept is
    ``(forms, paper count)``; it counts when its name — what the user sees on the map — is in
    the pool (aliases do not rescue a hub named "neural"). Ties in paper count are broken by
    name, so the figure is deterministic. Also returns the misses."""
    pool = {normalise(g) for keys in gold for g in keys if g.strip()}
    hubs = sorted(concepts, key=lambda c: (-c[1], c[0][0].lower()))[:top]
    hits = [forms[0] for forms, _ in hubs if normalise(forms[0]) in pool]
    return {
        "precision": len(hits) / len(hubs) if hubs else 0.0,
        "misses": [(forms[0], n) for forms, n in hubs if forms[0] not in set(hits)],
    }


#: Two forms of one concept whose embeddings' cosine (all-MiniLM-L6-v2) is below this do not
#: mean the same. Measured pairs: "generation performance" / "generalization performance" 0.42,
#: "computation" / "computer" 0.41, "generative" / "generalization" 0.45, "complex" /
#: "complexity" 0.49, "visual" / "visualization" 0.60, "knowledge" / "knowledge base" 0.64,
#: "reinforcement" / "REINFORCE" 0.68, "language" / "language model" 0.68; same meaning:
#: "diffusion" / "diffusion model" 0.87, "dropout" / "dropout method" 0.82, inflection 0.89-0.98.
#: (Embeddings alone cannot catch every bad merge: "optimization" / "optimizer" 0.84, "map" /
#: "mapping" 0.87 — hence lemmas first.)
DISSIMILAR = 0.7


def dissimilar_merges(
    concepts: Sequence[Prediction], lemma_key, similarity, texts: Sequence[str] = ()
) -> list[list[str]]:
    """Merged concepts that join forms with different lemmas AND dissimilar embeddings.

    ``lemma_key(form)`` gives a form's lemma key (lower-cased here: case alone is no
    difference), ``similarity(a, b)`` the cosine of their embeddings. An acronym beside its
    expansion ("GRPO" / "Group Relative Policy Optimization") is not counted: it is a
    definition, not a variant; nor is a pair one of ``texts`` defines so ("Dense Convolutional
    Network (DenseNet)"): :func:`duplicates` counts that pair as a duplicate when it stays
    apart, so it cannot be a bad merge too. Returns the offending concepts' forms."""
    defined = {frozenset((_lemma_form(d.short), _lemma_form(d.long))) for t in texts for d in find_acronyms(t)}
    bad = []
    for forms in concepts:
        if len(forms) < 2:
            continue
        keys = {f: "".join(k.lower() for k in lemma_key(f)) for f in forms}
        for a, b in itertools.combinations(forms, 2):
            if keys[a] == keys[b] or _is_expansion(a, b) or _is_expansion(b, a):
                continue
            if frozenset((_lemma_form(a), _lemma_form(b))) in defined:
                continue
            if similarity(a, b) < DISSIMILAR:
                bad.append(list(forms))
                break
    return bad


def _is_expansion(short: str, long: str) -> bool:
    """Is ``short`` an acronym whose letters ``long`` spells (Schwartz-Hearst match)?"""
    if " " in short or " " not in long.strip() or len(short) > 12 or not any(c.isupper() for c in short):
        return False
    from .concepts_rules import spells

    return spells(short, long)
