"""Normal forms: singulars, named artefacts, phrase keys and the merge key variants share."""

from __future__ import annotations

import re
from functools import lru_cache

from ..lemmas import INVARIANT_NOUNS as _INVARIANT
from ..lemmas import readings, spelled_for_acronym

__all__ = [
    "singular",
    "is_artefact",
    "artefact_part",
    "norm_word",
    "word_parts",
    "phrase_key",
    "GENERIC_HEADS",
    "core",
    "stem",
    "merge_key",
]

_IRREGULAR = {
    "analyses": "analysis",
    "bases": "basis",
    "hypotheses": "hypothesis",
    "theses": "thesis",
    "matrices": "matrix",
    "vertices": "vertex",
    "indices": "index",
    "appendices": "appendix",
    "criteria": "criterion",
    "phenomena": "phenomenon",
    "children": "child",
    "men": "man",
    "women": "woman",
    "mice": "mouse",
    "corpora": "corpus",
    "axes": "axis",
    "diagnoses": "diagnosis",
    "syntheses": "synthesis",
    "crises": "crisis",
    "emphases": "emphasis",
    "lemmata": "lemma",
    "schemata": "schema",
    "halves": "half",
    "leaves": "leaf",
    "selves": "self",
    "lives": "life",
    "radii": "radius",
    "stimuli": "stimulus",
}


@lru_cache(maxsize=200_000)
def singular(word: str) -> str:
    """Singular of a lower-case English noun (rules for the words abstracts use)."""
    w = word
    if len(w) <= 3 or w in _INVARIANT:
        return w
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if w.endswith("theses"):  # a Greek plural: "prostheses", "parentheses" (robotics had "knee prosthesis" twice)
        return w[:-2] + "is"
    if w.endswith("ies") and len(w) > 4:
        return _s_dropped(w, w[:-3] + "y")  # "policies"; "movies", not "movy"
    if w.endswith("es") and w[:-2] in _INVARIANT:  # biases, statuses
        return w[:-2]
    if w.endswith("sses"):
        return w[:-2]
    if w.endswith("ches"):
        return _s_dropped(w, w[:-2])  # "approaches"; "caches", not "cach" (COLING 2025's two "KV cache")
    if w.endswith(("shes", "xes", "zzes")):
        return w[:-2]
    if w.endswith(("ss", "us", "is", "ics", "ous", "ness")):
        return w
    if w.endswith("s") and not w.endswith("'s"):
        return w[:-1]
    return w


def _s_dropped(plural: str, ruled: str) -> str:
    """The rule's singular ``ruled``, unless the dictionary knows ``plural`` less its S as a noun
    and ``ruled`` as none ("movies" -> "movie", "caches" -> "cache")."""
    if "NOUN" in readings(plural[:-1]) and "NOUN" not in readings(ruled):
        return plural[:-1]
    return ruled


_ACRO_PLURAL = re.compile(r"^([A-Z][A-Za-z0-9]*[A-Z0-9])s$")


# Memoised: the chunker asks about every word of every abstract (518 k calls for 1,000
# abstracts; the artefact finder over them 0.45 s -> 0.15 s with token_texts).
@lru_cache(maxsize=400_000)
def is_artefact(word: str) -> bool:
    """A named thing written with case or digits: GRPO, SAM2, DROID, AlphaAlign, GPT-4, LLMs.

    Ordinary capitalised words (a sentence start) and bare sizes (3D, 100k) are not.
    """
    if " " in word:
        return False
    parts = [p for p in word.split("-") if p]
    return any(artefact_part(p) for p in parts)


@lru_cache(maxsize=200_000)
def artefact_part(p: str) -> bool:
    if not p or not p[0].isalnum():
        return False
    letters = sum(c.isalpha() for c in p)
    uppers = sum(c.isupper() for c in p)
    digits = sum(c.isdigit() for c in p)
    if letters == 0:
        return False
    if re.fullmatch(r"\d+(?:[A-Za-z]|[kKmMbB]|st|nd|rd|th|s)", p):  # 3D, 100k, 1990s, 2nd
        return False
    if re.fullmatch(r"[IVX]+", p) and len(p) <= 4:  # roman numerals
        return False
    if spelled_for_acronym(p):
        return False  # "ELimination" (ELECTRE), "DEtection"
    if uppers >= 2:
        return True
    if uppers == 1 and not p[0].isupper():  # camelCase: wav2Vec, iPhone
        return True
    if uppers >= 1 and digits >= 1:  # T5, SAM2, Llama2
        return True
    return False


@lru_cache(maxsize=400_000)
def norm_word(part: str) -> str:
    """Normal form of one word part: artefacts keep their case (plural dropped), others lower-cased singular."""
    if artefact_part(part):
        m = _ACRO_PLURAL.match(part)
        return m.group(1) if m else part
    return singular(part.lower().replace("\u2019", "'"))


def word_parts(token_text: str) -> list[str]:
    """A token's parts: hyphenated words split, apostrophes and dots inside kept."""
    return [p for p in token_text.split("-") if p]


def phrase_key(words: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Normal form of a phrase given as its surface tokens: one entry per word part."""
    out: list[str] = []
    for w in words:
        out.extend(norm_word(p) for p in word_parts(w))
    return tuple(out)


# Head words that name the kind of thing rather than the thing: "diffusion model" and
# "diffusion-based" are both the idea "diffusion".
GENERIC_HEADS = frozenset(
    "model method approach framework algorithm technique architecture based scheme strategy paradigm".split()
)


_GENERIC_STEMS = frozenset(
    "model method approach framework algorithm techniqu architectur base scheme strategi paradigm".split()
)


def core(key: tuple[str, ...]) -> tuple[str, ...]:
    """Drop trailing generic heads: (diffusion, model) -> (diffusion,); never empties a phrase."""
    k = list(key)
    while len(k) > 1 and k[-1] in GENERIC_HEADS:
        k.pop()
    return tuple(k)


@lru_cache(maxsize=1)
def _porter():
    from nltk.stem.porter import PorterStemmer

    return PorterStemmer()


@lru_cache(maxsize=400_000)
def stem(word: str) -> str:
    """Porter stem of a lower-case word ("optimization" -> "optim")."""
    return _porter().stem(word, to_lowercase=True)


def merge_key(key: tuple[str, ...]) -> str:
    """The identity two surface forms share when they name the same concept.

    Case, plural and inflection ignored (Porter stems), hyphens/spaces ignored
    ("pre-training" = "pretraining"), trailing generic heads dropped ("diffusion model" =
    "diffusion-based" = "diffusion").
    """
    stems = [stem(w.lower().replace("'", "")) for w in key]
    while len(stems) > 1 and stems[-1] in _GENERIC_STEMS:  # "language modeling" = "language model"
        stems.pop()
    return "".join(stems)
