"""Acronyms: definitions like "Group Relative Policy Optimization (GRPO)" (Schwartz-Hearst style)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .chunking import stop_word_term
from .clean import sentences
from .forms import is_artefact
from .words import NOUN_VERBS, STOPWORDS

__all__ = ["AcronymDef", "find_acronyms"]


@dataclass(frozen=True)
class AcronymDef:
    short: str
    long: str
    sentence: str


_PAREN = re.compile(r"\(([^()]{1,80})\)")
_QUOTES = re.compile(r"[\"\u201c\u201d]")


def _long_form_for(short: str, before: str) -> str | None:
    """Schwartz–Hearst style match of a short form against the words before its parenthesis."""
    chars = [c.lower() for c in short if c.isalnum()]
    if len(chars) < 2 or not short[0].isalnum():
        return None
    words = before.split()
    limit = min(len(chars) + 5, 2 * len(chars))
    words = words[-limit:]
    text = " ".join(words)
    li = len(text) - 1
    si = len(chars) - 1
    while si >= 0:
        c = chars[si]
        while li >= 0:
            ch = text[li].lower()
            # the first letter starts a word, not a hyphen's second part: "semi-supervised
            # learning (SSL)" is not "supervised learning" (10k scale: SSL named supervised learning)
            at_word_start = li == 0 or not (text[li - 1].isalnum() or text[li - 1] == "-")
            if ch == c and (si > 0 or at_word_start):
                break
            li -= 1
        if li < 0:
            return None
        si -= 1
        li -= 1
    start = li + 1
    # quotes around a part of it go: dev's 'the "Energy-based Generative Adversarial Network"
    # model (EBGAN)' gave EBGAN the alias 'Energy-based Generative Adversarial Network" model'
    long = " ".join(_QUOTES.sub("", text[start:]).split()).strip(" -,;:\u2018\u2019")  # single ones at its ends
    if not long or len(long) <= len(short) or " " not in long and "-" not in long:
        return None
    if any(c in long for c in ":;()[]") or any(len(w) > 1 and w.isupper() for w in re.split(r"[\s-]+", long)):
        return None  # a long form is a plain phrase, not a clause around other acronyms
    if short.lower() in long.lower().split():
        return None
    first, *rest = long.split()
    if first.lower() in STOPWORDS and first.lower() not in NOUN_VERBS and not (rest and stop_word_term(first, rest[0])):
        return None  # "support vector machine (SVM)" starts with a noun, "named entity recognition (NER)" with a term
    return long


def find_acronyms(text: str) -> list[AcronymDef]:
    """Definitions like "Group Relative Policy Optimization (GRPO)" in cleaned text."""
    found: list[AcronymDef] = []
    for sent in sentences(text):
        for m in _PAREN.finditer(sent):
            inside = m.group(1).strip()
            inside_first = re.split(r"[;,]", inside)[0].strip()
            if " " not in inside_first and 2 <= len(inside_first) <= 12 and any(c.isupper() for c in inside_first):
                before = sent[: m.start()].rstrip()
                long = _long_form_for(inside_first, before)
                if long:
                    found.append(AcronymDef(inside_first, long, sent))
            else:  # "GRPO (Group Relative Policy Optimization)"
                prev = sent[: m.start()].rstrip().split()
                if prev and is_artefact(prev[-1]) and " " in inside:
                    short = prev[-1].strip(",;:")
                    long = _long_form_for(short, inside)
                    if long and inside.lower().startswith(long.lower()):
                        found.append(AcronymDef(short, long, sent))
    return found
