"""Mentions that mean it: when a form found in a paper's text links the paper to a concept.

Plain functions over the scan's matches and vectors; the link phases call them.

- A form used as a modifier inside a longer form ("reinforcement" in "reinforcement
  learning", "gradient" in "gradient descent") is no mention.
- A form that is the tail of a longer one ("neural network" in "convolutional neural
  network") is a mention only when the concept also stands alone in some papers, so a
  fragment that only ever occurs inside one term ("language processing" in "natural
  language processing", "connected layer") never becomes a hub; one nearly always inside the
  same term must stand alone more often ("decision process" of "Markov decision process").
- A concept the extractor did not choose for a paper links it only when the concept is close
  enough to the paper (cosine of their embeddings): a broad single word needs more, and a
  concept in more than a fifth of the papers (the corpus's background) needs the extractor's
  choice.
- Display names take the authors' case: a capitalised ordinary word is lower-cased unless
  the authors write it capitalised inside sentences more often than not.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Sequence

from . import lemmas as L
from .concepts_rules import GENERIC_HEADS
from .text.words import STOPWORDS

__all__ = [
    "MENTION_WORD",
    "MENTION_PHRASE",
    "MENTION_NAME",
    "STANDALONE",
    "GERUND_STANDALONE",
    "RARE_WORD_SHARE",
    "BACKGROUND_SHARE",
    "mentions_in",
    "container",
    "threshold",
    "word_case_counts",
    "CaseCounts",
    "authors_case",
]

#: Least cosine of paper and concept for a mention the extractor did not choose, by the shape
#: of the concept's form. Measured on the 1,283 dev papers (benchmarks/quality.py): for single
#: ordinary words 0.3 -> 0.35 lifts hub precision 0.82 -> 0.86 at the cost of linking recall;
#: names (GRPO, REINFORCE) are specific enough to link wherever they are written.
MENTION_WORD = 0.35
MENTION_PHRASE = 0.2
MENTION_NAME = 0.0
#: Share of the papers with a concept in which it must stand alone before its occurrences as
#: the tail of a longer form count (at least one paper). On dev this keeps "connected layer",
#: "language processing", "Short-Term memory" (fragments of one longer term) from being hubs.
STANDALONE = 0.1
#: ... and this share when nearly all its uses inside longer forms (:data:`ONE_CONTAINER`, by
#: papers) are inside one term: then it is that term's tail ("decision process" of "Markov
#: decision process", "entity recognition" of "named entity recognition"), and its papers
#: beyond those where it stands alone would be that term's papers again. A fragment inside
#: many terms names what they share ("bandit" of linear, contextual and multi-armed bandits).
#: Read on dev, held-out, 1k scale abstracts and four venue slices: 24 concepts shrink or go,
#: all tails of one term, dev's and held-out's benchmark figures unchanged; the biggest change,
#: COLING 2025's "language model" 323 -> 79 papers, leaves the 475 with "large language model"
#: to that concept (it is "language model"'s narrower concept, not its duplicate hub).
STANDALONE_ONE_CONTAINER = 0.2
ONE_CONTAINER = 0.75
#: The same for a verbal noun in -ing ("answering" stands alone in 8 of the 38 dev papers with
#: "question answering", "coding" in 3 of 15 with "sparse coding"; "sampling" in 44 of 56).
#: On dev this drops --fast's hub "answering" (38 papers); the benchmark's figures stay as they were.
GERUND_STANDALONE = 0.5

Match = tuple[int, tuple[str, ...], str]  # (position, normalised form, concept group)


def mentions_in(matched: Sequence[Match]) -> list[tuple[int, tuple[str, ...], str, bool]]:
    """The matches of one paper that are mentions, each flagged ``inside`` when it is the tail
    of a longer match. A match that a longer one extends beyond its end (a modifier) is dropped,
    unless it is a name (REINFORCE in "REINFORCE baseline") or only generic heads follow it
    ("diffusion" in "diffusion model")."""
    out = []
    # Only matches starting at most `longest` words back can cover one: with the matches in
    # position order (as scan gives them) look at those alone, not at all (1,000 abstracts:
    # 0.46 s -> 0.30 s).
    longest = max((len(g) for _, g, _ in matched), default=0)
    starts = [q for q, _, _ in matched]
    in_order = all(a <= b for a, b in zip(starts, starts[1:]))
    for pos, form, group in matched:
        end = pos + len(form)
        near = matched[bisect_left(starts, pos - longest + 1) : bisect_right(starts, pos)] if in_order else matched
        # the match alone: nothing covers it or reads the text otherwise (1,000 abstracts: 0.31 s -> 0.23 s)
        if len(near) == 1:
            out.append((pos, form, group, False))
            continue
        covers = [(q, g) for q, g, _ in _covering(near, pos, form)]
        named = any(L.is_name(w) for w in form) or form[-1] == "based"  # "diffusion-based X" is about diffusion
        if not named and not covers and any(q < pos < q + len(g) < end for q, g, _ in near):
            continue  # the text was read as an earlier form: "vision task" in "computer vision tasks"
        extended = [g[end - q :] for q, g in covers if q + len(g) > end]
        if any(rest[0][:1].isdigit() or rest[0].lower() in CLASS_SUFFIXES or _letter(rest[0]) for rest in extended):
            continue  # "CIFAR" in "CIFAR-10", "GPT" in "GPT 2", "NP" in "NP-hard", "RGB" in "RGB-D": a different name
        if not named and any(not all(L.word_key(w) in GENERIC_HEADS for w in rest) for rest in extended):
            continue
        # SAM2 in "attention-guided SAM2 prompting" stands for itself; TRI in "ELECTRE TRI" is
        # part of a longer name
        inside = bool(covers) and (not named or any(all(L.is_name(w) for w in g) for _, g in covers))
        out.append((pos, form, group, inside))
    return out


def _letter(word: str) -> bool:
    """A single letter that extends a name into another ("RGB-D", "GPT-J"): 3k scale abstracts'
    RGB (54 papers) had 30 sentences that say RGB-D, a concept of its own."""
    return len(word) == 1 and word.isalpha()


def container(matched: Sequence[Match], pos: int, form: tuple[str, ...]) -> str | None:
    """The group of the shortest other match that covers ``form`` at ``pos`` (the term it is
    the tail of: "Markov decision process" for "decision process"), if any."""
    covers = [(len(g), grp) for _, g, grp in _covering(matched, pos, form)]
    return min(covers)[1] if covers else None


def _covering(matched: Iterable[Match], pos: int, form: tuple[str, ...]) -> list[Match]:
    """The other matches that cover ``form`` at ``pos`` (start at or before it, end at or after it)."""
    end = pos + len(form)
    return [(q, g, grp) for q, g, grp in matched if q <= pos and q + len(g) >= end and (q, g) != (pos, form)]


# What a complexity class's name takes to name another thing ("NP-hard" is not NP, which the
# 10k scale abstracts' "NP-hard" made a 93-paper concept, named after Neyman-Pearson).
CLASS_SUFFIXES = frozenset("hard complete hardness completeness".split())

#: A single word found in fewer than this share of the papers is specific enough to be held
#: to a phrase's bar ("diffusion" in 5 of 1,283 dev papers); a broad one ("image") is not.
RARE_WORD_SHARE = 0.01
#: A concept found in more than this share of the papers is the corpus's background ("neural
#: network" in 47% of the ICLR dev papers): it links only the papers whose extractor chose it.
#: Measured on dev: linking precision 0.254 -> 0.288 (recall 0.431 -> 0.292), F1@10 unchanged
#: at 0.171, hub precision 0.87 -> 0.86.
BACKGROUND_SHARE = 0.2


def threshold(surface: str, share: float = 0.0, bars: tuple[float, float] = (MENTION_WORD, MENTION_PHRASE)) -> float:
    """The least paper-concept cosine for an unchosen mention of a concept written ``surface``
    that occurs in ``share`` of the papers. ``bars``: the word and phrase bars of the embedding
    space the cosines come from (an embedder's ``mention_bars``; MiniLM's by default)."""
    if share > BACKGROUND_SHARE:
        return math.inf  # only the papers whose extractor chose it
    if any(L.is_name(p) for w in surface.split() for p in w.split("-") if p):
        return MENTION_NAME
    word, phrase = bars
    return phrase if len(surface.split()) > 1 or share < RARE_WORD_SHARE else word


#: A word the sentences only write capitalised beside another capitalised word keeps its capital
#: when those uses outnumber its lower-case ones this many times ("Monte Carlo"; "Deep" of "Deep
#: Reinforcement Learning" is outnumbered by "deep").
RUN_CASE = 10


class CaseCounts(Counter):
    """:func:`word_case_counts`'s answer: a Counter of words by exact case, in ``in_runs`` the
    capitalised words only ever counted beside another capitalised word, and in ``leading``
    the capitalised uses that open their run ("Monte" of "Monte Carlo", not "Carlo") or their
    sentence."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.in_runs: Counter = Counter()
        self.leading: Counter = Counter()
        self.title_case: Counter = Counter()  # phrase -> uses with every word capitalised
        self.lower_case: Counter = Counter()  # phrase -> uses in lower case
        self.title_papers: Counter = Counter()  # phrase -> papers with a use in title case
        self.first_capital: Counter = Counter()  # phrase -> uses with only an ordinary first word capitalised

    def __reduce__(self):
        phrases = (dict(self.title_case), dict(self.lower_case), dict(self.title_papers), dict(self.first_capital))
        return (_case_counts, (dict(self), dict(self.in_runs), dict(self.leading), *phrases))


def _case_counts(
    counts: dict, in_runs: dict, leading: dict, title_case=(), lower_case=(), title_papers=(), first_capital=()
) -> CaseCounts:
    out = CaseCounts(counts)
    out.in_runs.update(in_runs)
    out.leading.update(leading)
    out.title_case.update(dict(title_case))
    out.lower_case.update(dict(lower_case))
    out.title_papers.update(dict(title_papers))
    out.first_capital.update(dict(first_capital))
    return out


def word_case_counts(
    sentences_of: Iterable[Sequence[Sequence[str]]], phrases: Iterable[tuple[str, ...]] = ()
) -> CaseCounts:
    """How often each word is written, by exact case, inside a sentence (not its first word).
    A capitalised word beside another capitalised ordinary word is no vote ("Deep Reinforcement
    Learning" is the case of a title, not of the word) but is counted in ``in_runs``.

    ``sentences_of`` gives, per paper, its sentences as word lists, without the title.
    ``phrases``: word sequences in lower case whose uses inside sentences are counted too, in
    ``title_case`` (every word capitalised), ``lower_case`` and ``title_papers``."""
    out = CaseCounts()
    wanted = set(phrases)
    firsts = {p[0] for p in wanted}
    lengths = sorted({len(p) for p in wanted})
    for sentences in sentences_of:
        # a paper's words listed, then counted at once by Counter.update, in C (1,000 abstracts: 0.09 s -> 0.07 s)
        plain: list[str] = []
        in_runs: list[str] = []
        leading: list[str] = []
        titled: set[tuple[str, ...]] = set()
        for words in sentences:
            if words and words[0][:1].isupper():
                leading.append(words[0])  # a sentence's first word opens its run: "In-space assembly is"
            for i in range(1, len(words)):
                w = words[i]
                after = w[:1].isupper() and (_title(words, i - 1) or _titled_opening(words, i))
                if after or w[:1].isupper() and _title(words, i + 1):
                    in_runs.append(w)
                    if not after:
                        leading.append(w)
                else:
                    plain.append(w)
                if firsts and w.lower() in firsts:
                    _count_phrase(words, i, lengths, wanted, out, titled)
        out.update(plain)
        out.in_runs.update(in_runs)
        out.leading.update(leading)
        out.title_papers.update(titled)
    return out


def _count_phrase(words, i: int, lengths, wanted: set, out: CaseCounts, titled: set) -> None:
    """Count the wanted phrases that start at ``words[i]``, by case."""
    for n in lengths:
        written = words[i : i + n]
        key = tuple(w.lower() for w in written)
        if len(written) < n or key not in wanted:
            continue
        if all(w[:1].isupper() for w in written):
            if _run_before(words, i):
                continue  # the tail of a longer name: "Random Field" of "Markov Random Field"
            out.title_case[key] += 1
            titled.add(key)
        elif _first_capital_only(written):
            # "Natural questions", "Bayesian neural networks", "Markov random fields": lower case
            # when the first word is a name's that the papers capitalise (see the caller)
            out.first_capital[key] += 1
        else:  # in lower case, a name's word kept: "faster R-CNN", "hidden Markov models"
            out.lower_case[key] += 1


def _first_capital_only(written: Sequence[str]) -> bool:
    """Is the first word of a phrase, an ordinary word, capitalised and no other but names?"""
    return (
        written[0][:1].isupper()
        and not L.is_name(written[0])
        and all(w[:1].islower() or L.is_name(w) for w in written[1:])
    )


def _run_before(words: Sequence[str], i: int) -> bool:
    """Does a capitalised word stand right before ``words[i]`` (a sentence's first word only when
    it is no stop word: "The Intelligent Space" is a use of its own)?"""
    before = words[i - 1] if i else ""
    return before[:1].isupper() and not (i == 1 and before.lower() in STOPWORDS)


def _title(words: Sequence[str], i: int) -> bool:
    """Is ``words[i]`` a capitalised ordinary word after a sentence's first (a run in title case)?"""
    return (
        1 <= i < len(words) and words[i][:1].isupper() and not L.is_name(words[i])
    )  # a first word's capital says nothing


def _titled_opening(words: Sequence[str], i: int) -> bool:
    """Is ``words[i]`` the second word of a sentence that opens with a capitalised content word,
    which may be a run's first ("Social Agents outperforms ...": the sample's framework, written
    "We introduce Social Agents", had been shown "social Agent")? "The Hamiltonian" still votes."""
    first = words[0]
    return i == 1 and first[:1].isupper() and first.lower() not in STOPWORDS and not L.is_name(first)


#: Endings of an adjective made of a name ("Gaussian", "Hamiltonian", "Euclidean"), which keeps
#: its capital when the authors never write it in lower case (see :func:`authors_case`) and the
#: dictionary knows it as no noun ("median", "physician", "ocean" are ordinary words).
_PROPER_ADJECTIVE_ENDS = ("ian", "ean")


def _lowered(part: str) -> str:
    if L.spelled_for_acronym(part):
        return part.lower()
    return part[:1].lower() + part[1:] if len(part) > 1 else part


def authors_case(form: str, seen: Counter | dict[str, int]) -> str:
    """``form`` with each capitalised ordinary word lower-cased unless the authors write it
    capitalised inside sentences more often than not ("Hamiltonian" stays; "Adversarial
    Network" from a title becomes "adversarial network", "Actor-Critic" "actor-critic"). Names
    keep their case. So do words the sentences write capitalised, always beside another
    capitalised word, and hardly ever in lower case (:data:`RUN_CASE`: "Monte Carlo", "Penn
    Treebank"), unless another word of the form is lower-cased: then all are ("Arcade Learning
    Environment": the authors write "learning", so "arcade learning environment", not "Arcade
    learning environment"; dev's "Neural Photo Editor" is not "neural Photo Editor"), except
    beside an ordinary word that keeps its capital ("Monte Carlo methods", where the sentences
    also write "Carlo" alone capitalised). An adjective made of a name the authors never write in
    lower case keeps its capital in any case ("Gaussian variational inference")."""
    runs = getattr(seen, "in_runs", {})
    words = form.split()
    lowered: dict[int, str] = {}
    never_low: dict[int, str] = {}
    ordinary: list[int] = []  # capitalised ordinary words
    proper: set[int] = set()  # adjectives made of a name: kept, but keep no neighbour
    for i, w in enumerate(words):
        if w[:1].isupper() and not any(L.is_name(p) for p in w.split("-") if p):
            ordinary.append(i)
            # each part: "Actor-Critic" -> "actor-critic"; a one-letter part is a symbol ("Q-Learning" -> "Q-learning");
            # a word capitalised to spell an acronym is the word ("TExt" -> "text", not "tExt")
            low = "-".join(_lowered(p) for p in w.split("-"))
            if low == w:
                continue
            up, down = seen.get(w, 0), seen.get(low, 0)
            if not down and low.endswith(_PROPER_ADJECTIVE_ENDS) and w[1:].islower() and "NOUN" not in L.readings(low):
                proper.add(i)  # "Gaussian Variational Inference" is "Gaussian variational inference"
                continue
            if not up and "-" not in w and runs.get(w, 0) > RUN_CASE * down:
                never_low[i] = low  # 79k: "Monte" 300+ times beside "Carlo", "monte" twice
            elif up <= down:
                lowered[i] = low
    if lowered:  # all or none: "Neural Photo Editor" is not "neural Photo Editor" ...
        # ... but one beside an ordinary word that keeps its capital is a name with it: "Monte
        # Carlo Methods" is "Monte Carlo methods", "Kinetic Langevin Monte Carlo" "kinetic
        # Langevin Monte Carlo" (COLT, ICML 2019 had shown "monte Carlo", "Langevin monte
        # Carlo"); beside an acronym it is not ("BERT Oriented Probing")
        kept = {i for i in ordinary if i not in lowered and i not in never_low and i not in proper}
        grown = True
        while grown:
            grown = False
            for i in [i for i in never_low if i not in kept and (i - 1 in kept or i + 1 in kept)]:
                kept.add(i)
                grown = True
        lowered.update((i, low) for i, low in never_low.items() if i not in kept)
    return " ".join(lowered.get(i, w) for i, w in enumerate(words))
