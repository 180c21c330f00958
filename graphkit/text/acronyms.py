"""Acronyms: definitions like "Group Relative Policy Optimization (GRPO)" (Schwartz-Hearst style)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..lemmas import readings
from .chunking import stop_word_term
from .clean import sentences
from .forms import GENERIC_HEADS, is_artefact
from .words import NOUN_VERBS, STOPWORDS

__all__ = ["AcronymDef", "find_acronyms", "spoken_readings"]


@dataclass(frozen=True)
class AcronymDef:
    short: str
    long: str
    sentence: str


_PAREN = re.compile(r"\(([^()]{1,80})\)")
_QUOTES = re.compile(r"[\"\u201c\u201d]")


#: A capital and the count of its repeats in an acronym: A3C, S4, T5, R2D2 (not "C51", "V100").
_REPEATS = re.compile(r"([A-Z])([2-9])(?!\d)")
#: A 2 between letters, which may stand for "to": S2S, T2I, P2P.
_TWO = re.compile(r"(?<=[A-Za-z])2(?=[A-Za-z])")


def spoken_readings(short: str) -> list[list[str]]:
    """How an acronym with digits may be read aloud, other than as written: each reading its
    letters in order, lower case, "to" a word of its own. A 2 between letters may be "to"
    ("sequence-to-sequence (S2S)", "Text-to-Image (T2I)"); a digit after a capital may count
    it ("Asynchronous Advantage Actor-Critic (A3C)", "Structured State Space Sequence model
    (S4)", "Recurrent Replay Distributed DQN (R2D2)"; dev: A3C, 8 papers, stood beside its long
    form, 7). Each letter so read is a word's initial (or a hyphen's part's), never a letter
    inside one: "Advantage Actor-Critic" is A2C, not A3C. Empty for an acronym without such digits."""
    out = []
    if _TWO.search(short):
        out.append([c.lower() if c != "2" else "to" for c in short if c.isalnum()])
    counted = _REPEATS.sub(lambda m: m.group(1) * int(m.group(2)), short)
    if counted != short:
        out.append([c.lower() for c in counted if c.isalnum()])
    return out


def _long_form_for(short: str, before: str) -> str | None:
    """The long form of a short form among the words before its parenthesis: read by the words'
    initials (:func:`_initials_start`), else letter by letter, Schwartz-Hearst's way
    (:func:`_letters_start`); an acronym with digits, as written first, then read aloud
    (:func:`spoken_readings`), by initials alone."""
    if len(short) < 2 or not short[0].isalnum():
        return None
    words = before.split()
    start = None
    for n, chars in enumerate([[c.lower() for c in short if c.isalnum()], *spoken_readings(short)]):
        if len(chars) < 2:
            continue
        limit = min(len(chars) + 5, 2 * len(chars))
        text = " ".join(words[-limit:])
        start = _initials_start(chars, text)
        if start is None and n == 0:
            start = _letters_start(chars, text)
        elif start is None:  # a generic head may give no letter: "Structured State Space Sequence model (S4)"
            headless, _, head = text.rpartition(" ")
            start = _initials_start(chars, headless) if headless and head.lower().rstrip("s") in GENERIC_HEADS else None
        if start is not None:
            break
    if start is None:
        return None
    # quotes around a part of it go: dev's 'the "Energy-based Generative Adversarial Network"
    # model (EBGAN)' gave EBGAN the alias 'Energy-based Generative Adversarial Network" model'
    long = " ".join(_QUOTES.sub("", text[start:]).split()).strip(" -,;:\u2018\u2019")  # single ones at its ends
    if not long or len(long) <= len(short) or " " not in long and "-" not in long:
        return None
    if any(c in long for c in ":;()[]") or any(_other_acronym(w, short) for w in re.split(r"[\s-]+", long)):
        return None  # a long form is a plain phrase, not a clause around other acronyms
    if short.lower() in long.lower().split():
        return None
    first, *rest = long.split()
    if (
        first.lower() in STOPWORDS
        and first.lower() not in NOUN_VERBS
        and not (rest and stop_word_term(first, rest[0]))
        and not _titled_name(first, rest)
        and not _content_opener(first)
    ):
        return None  # "support vector machine (SVM)" starts with a noun, "named entity recognition (NER)" with a term
    return long


def _content_opener(word: str) -> bool:
    """May a long form open on this word of the chunker's stop list? An adjective, a noun, a
    participle or an adverb in -ly may ("fully convolutional network (FCN)", "extended Kalman
    filter (EKF)", "high dynamic range (HDR)", "computed tomography (CT)", "whole slide image
    (WSI)": dev, the held-out papers and three 3,000-abstract scale slices read 59 such
    definitions as none); a function word, a verb's base form or a proposal's adjective may
    not ("the", "propose", "the proposed method (PM)", "our new model (NM)")."""
    w = word.lower().split("-")[0]
    if w in _FUNCTION_WORDS or w in _PROPOSAL_WORDS:
        return False
    return bool(readings(w) & {"NOUN", "ADJ"}) or w.endswith(("ed", "ing")) or w.endswith("ly") and w != "only"


#: Adjectives that say a work is the authors' own, not what it is.
_PROPOSAL_WORDS = frozenset(
    "proposed new novel present presented existing current above following aforementioned".split()
)


def _other_acronym(word: str, short: str) -> bool:
    """Is a word of a long form an acronym the short form does not spell out? One the short form
    holds is a part of it: "Wasserstein GAN (WGAN)", "Habitat-Matterport 3D (HM3D)", "low-dose
    CT (LDCT)" (dev's WGAN, 4 papers, had stood beside Wasserstein GAN, 12)."""
    return len(word) > 1 and word.isupper() and word.lower() not in short.lower()


def _titled_name(first: str, rest: list[str]) -> bool:
    """Is a long form opening on a stop word a name written in title case, every word but its
    small ones capitalised ("High Dynamic Range", "General Problem Solver", "Simple Online and
    Realtime Tracking": 3,000 scale abstracts of 2019-22 read no definition of HDR or GPS
    there), and not a determiner's phrase ("The Transformer Model", "Our Method")?"""
    if not first[:1].isupper() or first.lower() in _FUNCTION_WORDS:
        return False
    return all(w[:1].isupper() for w in rest if w.lower() not in _FUNCTION_WORDS)


#: Words no name opens on, however written.
_FUNCTION_WORDS = frozenset(
    """the a an this that these those our their its his her my your we they it in on of for with
    by to from and or as at into via per each every all any some no not""".split()
)


#: A word of a long form: no space in it, nor a dash written as two or three hyphens
#: ("perspective---Graph Spectral Domain Attack (GSDA)" starts at "Graph").
_WORD = re.compile(r"(?:(?!--)\S)+")


def _initials_start(chars: list[str], text: str) -> int | None:
    """Where the long form starts when each letter of the short form starts a word or a hyphen's
    part of ``text``, in order and up to its end, and every word but a stop word gives one: ECCV
    2022's "relation-guided representation learning (RRL)", where Schwartz-Hearst's letter by
    letter match took the second R inside "representation" and gave "representation learning".
    None when there is no such reading (then :func:`_letters_start` decides)."""
    spans = [(m.start(), m.group()) for m in _WORD.finditer(text)]
    si = len(chars) - 1
    for wstart, word in reversed(spans):
        gave = 0
        for part in reversed(word.split("-")):
            if si >= 0 and (
                part.lower().strip(",;:") == chars[si] if len(chars[si]) > 1 else part[:1].lower() == chars[si]
            ):
                si -= 1
                gave += 1
        if not gave and word.lower().strip(",;:") not in STOPWORDS:
            return None
        if si < 0:
            return wstart
    return None


def _letters_start(chars: list[str], text: str) -> int | None:
    """Schwartz-Hearst's match: the short form's letters from its last, each found going back
    through ``text``, the first one at a word's start; where the long form starts."""
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
    return li + 1


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
