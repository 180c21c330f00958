"""Candidate phrases: a rule-based noun-phrase chunker, and the verbs a corpus uses."""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from ..lemmas import is_adjective, readings, singular
from .clean import sentences
from .forms import GENERIC_HEADS, artefact_part, is_artefact
from .tokens import token_texts
from .words import DEGREE_ADVERBS, NON_HEAD, NOUN_VERBS, STOPWORDS

__all__ = [
    "DETERMINERS",
    "MAX_PHRASE_WORDS",
    "verbs_in",
    "verb_counts",
    "verbs_from_counts",
    "candidate_phrases",
    "stop_word_term",
    "ngrams",
]


# Memoised by word, as _good_head: a corpus repeats its words (1,000 abstracts: 222 k calls;
# with token_texts and is_artefact's cache, candidate_phrases 0.90 s -> 0.41 s, verbs_in
# 0.46 s -> 0.22 s).
@lru_cache(maxsize=200_000)
def _breaks(w: str) -> bool:
    if not w[0].isalnum():
        return w not in "-"
    lw = w.lower()
    if lw in STOPWORDS:
        return True
    if w.isdigit() or re.fullmatch(r"[\d.,%]+", w):
        return True
    if (
        lw.endswith("ly")
        and len(lw) > 4
        and not is_artefact(w)
        and lw not in {"family", "anomaly", "assembly", "supply", "poly", "italy"}
    ):
        return True
    return False


@lru_cache(maxsize=200_000)
def _good_head(w: str) -> bool:
    lw = w.lower()
    if is_artefact(w):
        return True
    last = lw.split("-")[-1]
    if last in NON_HEAD or (last in STOPWORDS and last not in NOUN_VERBS):  # a run holds those only as nouns
        return False
    if last.endswith("ed") and last not in {"speed", "need", "seed", "feed", "bed", "embed", "shed"}:
        return False
    return len(last) > 2


MAX_PHRASE_WORDS = 4


DETERMINERS = frozenset("the a an this these those their its our his her each every such".split())


def verbs_in(texts, min_count: int = 3, share: float = 0.25) -> frozenset[str]:
    """Words this corpus uses as verbs, learned from it: words often followed at once by a
    determiner ("necessitate the", "affects their") are verbs; nouns hardly ever are."""
    return verbs_from_counts(*verb_counts(texts), min_count=min_count, share=share)


def verb_counts(texts, names: Counter | None = None) -> tuple[Counter, Counter]:
    """(occurrences, occurrences right before a determiner) of each word: what :func:`verbs_in`
    decides on. Counts of parts of a corpus add up to the counts of the whole. ``names``: also
    add there, in the same pass over the tokens, what :func:`name_counts` counts."""
    total: Counter = Counter()
    before_det: Counter = Counter()
    for text in texts:
        words = token_texts(text)
        if names is not None:
            _count_names(words, names)
        counted: list[str] = []  # a text's words listed, then counted by Counter.update, in C
        before: list[str] = []
        for w, nxt in zip(words, words[1:] + ["."]):
            lw = w.lower()
            if not w[0].isalpha() or lw in STOPWORDS or is_artefact(w):
                continue
            counted.append(lw)
            if nxt.lower() in DETERMINERS:
                before.append(lw)
        total.update(counted)
        before_det.update(before)
    return total, before_det


def verbs_from_counts(
    total: Counter, before_det: Counter, *, min_count: int = 3, share: float = 0.25
) -> frozenset[str]:
    """:func:`verbs_in` from :func:`verb_counts` (summed over the parts of a corpus)."""
    return frozenset(
        w for w, n in before_det.items() if n >= min_count and n / total[w] >= share and w not in _NOUN_GERUNDS
    )


#: A name is a part of the name before it when the corpus writes it there in this share of
#: its uses, and uses it this often: "TRI" in "ELECTRE TRI" (the MCDA exports: 98%), "VOC" in
#: "PASCAL VOC" (3,000 scale abstracts of 2019-22: 82%, "VOC 2007" and "the VOC" besides; at
#: 0.9 "PASCAL" and "VOC" had been two concepts of 16 and 24 papers); not "CNN" of "LeNet-5
#: CNN", nor "WER" of one "DeepSpeech2 WER" (dev).
JOIN_SHARE = 0.8
JOIN_MIN_USES = 3


def name_counts(texts) -> Counter:
    """Each name's uses, keyed ``(name,)``, and each name written right after another one,
    keyed ``(before, name)``. Counts of parts of a corpus add up to the whole's."""
    c: Counter = Counter()
    for text in texts:
        _count_names(token_texts(text), c)
    return c


def _count_names(words: list[str], c: Counter) -> None:
    prev = ""
    for tok in words:
        name, ends = name_of(tok)
        if name:
            c[(name,)] += 1
            if prev:
                c[(prev, name)] += 1
        prev = "" if ends else name or (_titled(tok) if tok[:1].isupper() else "")  # most words are lower case


def _title_word(tok: str) -> bool:
    """An ordinary word in title case ("Deep"), not a name ("DeepMind")."""
    return tok[:1].isupper() and tok[1:].islower() and not is_artefact(tok)


def _titled(tok: str) -> str:
    """A word in title case as the name it may be ("Electre" of "Electre TRI-B", 2 of the 9
    uses of TRI-B in the MCDA exports), else ""."""
    return tok.upper() if len(tok) > 2 and tok[0].isupper() and tok[1:].islower() and tok.isalpha() else ""


def name_joins(counts: Counter) -> frozenset[tuple[str, str]]:
    """The (name, name) pairs read as one name (:data:`JOIN_SHARE`, :data:`JOIN_MIN_USES`); the
    first may be written in title case too ("Electre TRI-B"), if it is a name elsewhere."""
    return frozenset(
        k
        for k, n in counts.items()
        if len(k) == 2 and counts[k[1:]] >= JOIN_MIN_USES and n >= JOIN_SHARE * counts[k[1:]] and counts[k[:1]]
    )


def candidate_phrases(
    text: str, verbs: frozenset[str] = frozenset(), joins: frozenset[tuple[str, str]] = frozenset()
) -> list[tuple[str, str]]:
    """Noun-phrase-like candidates in cleaned text, as (surface form, sentence).

    A rule-based chunker: phrases are runs of content words between stop words, the
    corpus's verbs (see :func:`verbs_in`) and punctuation, ending on a noun-like word; every
    head-final sub-phrase is also a candidate ("off-policy reinforcement learning",
    "reinforcement learning").
    """
    out: list[tuple[str, str]] = []
    for sent in sentences(text):
        run: list[str] = []
        toks = token_texts(sent) + ["."]
        for prev, tok, nxt in zip(["."] + toks, toks, toks[1:] + ["."]):
            # most tokens break no run or are no noun-verb: the calls for those left out (1,000
            # abstracts: 130 k runs emitted, most of them empty)
            low = tok.lower()
            if (
                (
                    _breaks(tok)
                    and not (low in _TERM_STARTS and stop_word_term(tok, nxt))
                    and not (low in NOUN_VERBS and _noun_here(prev, tok, nxt))
                    and not (low in _TERM_ENDS and _compound(prev, tok))
                )
                or (verbs and low in verbs)
                or _verb_here(prev, tok, nxt, run)
            ):
                if run:
                    if len(run) > 1 and subject_verb(run[-2], run[-1], low):
                        run = run[
                            :-1
                        ]  # "dialogue systems need to", "classifiers output a", "a robot needs to": the verb
                    _emit(run, sent, out, joins)
                    run = []
            elif tok[0].isalnum() and (run or prev.lower() not in _DEGREE or not is_adjective(tok)):
                run.append(tok)
    return out


#: Degree words: an adjective they grade opens no phrase ("more accurate caption error
#: detection" is caption error detection; a sample paper's concept had been "accurate caption
#: error detection"). A classifying adjective takes no degree ("more convolutional").
_DEGREE = DEGREE_ADVERBS | frozenset("more most less least".split())


#: Subjects whose next word is their verb ("we cast video reasoning segmentation as ...").
_SUBJECTS = frozenset({"we", "they"})
#: Auxiliaries of the perfect, whose next word in -ed is a verb ("has equipped large language models").
_PERFECT = frozenset({"has", "have", "had"})
_NUMBER = re.compile(r"\d[\d.,%]*|one|two|three|four|five|six|seven|eight|nine|ten|hundreds?|thousands?|millions?")


def _verb_here(prev: str, tok: str, nxt: str, run: list[str]) -> bool:
    """Is ``tok`` a verb between these neighbours, whatever the corpus's learned verbs (a
    corpus of 38 abstracts teaches few): a word after "we" or "they"; a word in -ed after
    "has", "have", "had"; a verb's -ing form (not a noun's gerund: "learning", "training")
    before an article or a number ("an expert cache utilizing a length", "a benchmark
    encompassing six domains") or, when the dictionary knows it only as a verb, after a plural
    noun ("emotion datasets spanning five languages", "human judgments shaping responses").
    "reward shaping" and "model merging" keep their -ing word: a singular before it."""
    p = prev.lower()
    if p in _SUBJECTS or (p in _PERFECT and tok.endswith("ed")):
        return tok.islower() and tok[0].isalpha() and not is_artefact(tok)
    if run and nxt.lower() == "as" and tok.lower() in _VERBS_AS:
        return True  # "knowledge distillation serve as", "graphs act as" (no "distillation serve")
    if not (run and tok.endswith("ing") and tok.islower()) or tok in _NOUN_GERUNDS or is_artefact(tok):
        return False
    n = nxt.lower()
    if n in DETERMINERS or _NUMBER.fullmatch(n):
        return True
    last = run[-1]
    return (
        last.islower()
        and last.endswith("s")
        and not last.endswith("ss")
        and singular(last) != last
        and readings(tok) == {"VERB"}
    )


#: Verbs that are nouns too, a verb before "as" ("serve as", "acts as"; not "function", whose
#: noun is common before "as": "an activation function as in"): 3,000 scale abstracts of
#: 2019-22 had the concept "knowledge distillation serve".
_VERBS_AS = frozenset("serve serves serving served act acts acting acted".split())

#: Words after which such a word ends its phrase as its head ("a user study of", "a user study
#: shows", "the experimental design is"): prepositions, conjunctions and the verbs of a
#: subject, not an object.
_AFTER_HEAD = frozenset(
    "of in on for with and or to that is was are were has have shows showed reveals suggests demonstrates indicates confirms".split()
)


def _noun_here(prev: str, tok: str, nxt: str) -> bool:
    """Is a :data:`~graphkit.text.words.NOUN_VERBS` word a noun between these neighbours? After
    an article or a singular content word (whose verb would be "supports"), and before a
    content word (a compound) or the end of the phrase (its head); never before a determiner
    ("support the") nor after a plural, its likely subject ("experiments support that")."""
    low = tok.lower()
    if low not in NOUN_VERBS:
        return False
    p, n = prev.lower(), nxt.lower()
    if n in DETERMINERS or not (p in DETERMINERS or (prev[0].isalnum() and not _breaks(prev))):
        return False
    if p not in DETERMINERS and singular(p) != p:
        return False  # the verb of a plural subject: "results support", "Researchers design"
    return (nxt[0].isalnum() and not _breaks(nxt)) or not nxt[0].isalnum() or n in _AFTER_HEAD


#: Verbs (and verb-like words) that take "to" after a plural subject ("systems need to",
#: "models generalize to", "problems subject to"): before "to", only these; before a
#: determiner, any verb ("classifiers output a"). "operations research to" stays a noun.
_TO_VERBS = frozenset(
    """need tend fail seek aim try want struggle learn have help serve attempt continue begin start
    appear seem choose manage hope plan strive wish require use allow enable guarantee lead refer
    correspond belong respond contribute apply adapt scale generalize converge transfer extend
    relate subject close back equal""".split()
)


def subject_verb(first: str, second: str, nxt: str) -> bool:
    """Are ``first`` and ``second`` a subject and its verb, given the lower-case word after
    them ("dialogue systems need to", "classifiers output a", "a robot needs to")?"""
    return (_verb_before(second, nxt) and _plural_then_verb(first, second)) or (
        nxt == "to" and _singular_then_verb(first, second)
    )


#: Words after which a verb's plain form starts a verb phrase ("to answer questions", "can
#: answer questions").
BEFORE_VERB = frozenset("to can cannot could may might must should will would".split())


@lru_cache(maxsize=200_000)
def verb_object(before: str, first: str, last: str) -> bool:
    """Are ``first`` ... ``last`` a verb in its plain form and its plural object, after "to" or
    a modal (``before``)? The scale set's ACL abstracts had "answer question" as a concept of 11
    papers ("to answer questions", "can answer questions"); "to feature maps" reads so too,
    which is why linking asks for a share of a phrase's uses, not one."""
    if before.lower() not in BEFORE_VERB or not (first.islower() and last.islower()):
        return False
    if not last.endswith("s") or singular(last) == last:
        return False
    from lemminflect import getAllLemmas

    return first in getAllLemmas(first).get("VERB", ())


def _verb_before(word: str, nxt: str) -> bool:
    """Is ``nxt`` a word a verb ``word`` (if one) is followed by: a determiner, or "to" after a verb of :data:`_TO_VERBS`?"""
    return nxt in DETERMINERS or (nxt == "to" and word.lower() in _TO_VERBS)


@lru_cache(maxsize=200_000)
def _plural_then_verb(first: str, second: str) -> bool:
    """Are two lower-case words a plural noun and a verb in its plain form ("systems need",
    "classifiers output", "parsers struggle"), when :func:`_verb_before` says the next word
    follows a verb? A noun compound starts with a singular ("system need"); 10k scale abstracts
    had 15 such concepts."""
    first = first.lower() if _title_word(first) else first  # "Users rate the items"
    if not (first.islower() and second.islower()):
        return False
    if not first.endswith("s") or singular(first) == first or first.endswith("ss") or readings(first) - {"NOUN"}:
        return False  # a plural in -s the dictionary knows only as a noun, or not at all ("classifiers"); not "data"
    from lemminflect import getAllLemmas

    return second in getAllLemmas(second).get("VERB", ())  # its own lemma: "need", not "needs", "needed"


@lru_cache(maxsize=200_000)
def _singular_then_verb(first: str, second: str) -> bool:
    """Are two lower-case words a singular noun and a verb of :data:`_TO_VERBS` in -s, before
    "to" ("robot needs to", "model fails to")? 2,523 robotics abstracts had a concept "robot
    need" (18 papers). Not before a determiner: "user needs", "model outputs" are nouns too."""
    first = first.lower() if _title_word(first) else first
    if not (first.islower() and second.islower() and second.endswith("s")) or singular(first) != first:
        return False
    from lemminflect import getAllLemmas

    return any(v in _TO_VERBS and v != second for v in getAllLemmas(second).get("VERB", ()))


#: Terms with a stop word in them (10k scale abstracts: 503 "lower bound", which read as
#: "bound" beside "upper bound"; 581 "decision making", and held-out "multi-criteria decision
#: making" had been cut to "multi-criteria decision", 10 papers, with "decision-making" no head).
#: "named entity" and "least squares" name things; "named entity recognition" had been read as
#: "entity recognition" (COLING 2025: 24 papers beside "named-entity recognition", 22) and
#: COLT's 44 papers on least squares had no such concept, only "squares regression" and
#: "ordinary". Adjectives that make a technical term of the noun after them, which the scale
#: abstracts also write hyphenated 75-450 times ("low-rank", "high-resolution", "first-order",
#: "whole-body"): "low rank matrix" had been read as "rank matrix" (COLT's "rank", 5 papers).
_STOP_WORD_TERMS = frozenset(
    {("lower", "bound"), ("lower", "bounds"), ("decision", "making")}
    | {("named", "entity"), ("named", "entities"), ("least", "squares"), ("least", "square")}
    | {(a, "order") for a in ("first", "second", "third", "high", "higher", "low", "lower")}
    | {("low", "rank"), ("high", "resolution"), ("low", "resolution"), ("whole", "body"), ("full", "body")}
)
_TERM_STARTS = frozenset(a for a, _ in _STOP_WORD_TERMS)
_TERM_ENDS = frozenset(b for _, b in _STOP_WORD_TERMS)


def stop_word_term(tok: str, nxt: str) -> bool:
    """Does the stop word ``tok`` start a term with ``nxt`` ("lower bound", "named entity")?"""
    return (tok.lower(), nxt.lower()) in _STOP_WORD_TERMS


def _compound(prev: str, tok: str) -> bool:
    """Does the stop word ``tok`` end a term after ``prev`` ("decision making", "multi-decision making")?"""
    return (prev.lower().rsplit("-", 1)[-1], tok.lower()) in _STOP_WORD_TERMS


def _compound_word(word: str) -> bool:
    """ "decision-making": a compound of :func:`_compound` written as one word."""
    left, _, right = word.rpartition("-")
    return bool(left) and _compound(left, right)


def _head_at(words: list[str], i: int) -> bool:
    """May ``words[i]`` end a phrase (:func:`_good_head`, or a compound's head after its first word)?"""
    return _good_head(words[i]) or _compound_word(words[i]) or (i > 0 and _compound(words[i - 1], words[i]))


# Gerunds that are nouns when they modify another noun ("learning rate", "training data").
_NOUN_GERUNDS = frozenset(
    """learning training reasoning planning sampling computing processing programming matching pruning
    scaling embedding tracking ranking clustering boosting coding labeling labelling pooling encoding
    decoding rendering editing forecasting engineering mining modeling modelling understanding
    reading writing speaking hearing listening driving parsing tagging prompting finetuning
    fine-tuning pretraining pre-training recycling imaging sensing routing scheduling caching
    tuning testing monitoring tokenizing hashing indexing streaming denoising spiking inpainting
    captioning grounding""".split()
)

#: Gerunds that name a thing (:data:`_NOUN_GERUNDS`) but before a name are what is done to it:
#: "training GANs", "pruning CNNs", "understanding GANs" (dev had each as a concept); the
#: others stay before a name ("streaming PCA").
_DONE_TO_MODELS = frozenset(
    "learning training pretraining pre-training finetuning fine-tuning pruning tuning testing understanding".split()
)
_NAMING_GERUNDS = _NOUN_GERUNDS - _DONE_TO_MODELS


# Plural or not: the kind of thing a name is, written before the name ("methods ELECTRE",
# "the decision support system IRIS": the MCDA exports had "system IRIS" and "support system
# IRIS" as concepts).
_KIND_WORDS = frozenset(
    w + s
    for w in (GENERIC_HEADS - {"based"}) | {"analysis", "system", "tool", "toolkit", "software", "package", "library"}
    for s in ("", "s")
) | {"analyses", "libraries"}

# Words a hyphen joins to the end of a name without changing what it names ("LLM-based").
_NAME_SUFFIXES = NON_HEAD | STOPWORDS | {"like", "style", "type", "scale", "level", "wise"}


@lru_cache(maxsize=200_000)
def name_of(tok: str) -> tuple[str, bool]:
    """The name a token writes, trimmed of generic hyphen suffixes ("LLM-based" -> "LLM"), and
    whether such a suffix ended it; ("", False) for a token that is no name."""
    if not (tok[:1].isalnum() and is_artefact(tok)):
        return "", False
    parts = [p for p in tok.split("-") if p]
    while parts and not artefact_part(parts[-1]) and parts[-1].lower() in _NAME_SUFFIXES:
        parts.pop()
    if not (parts and any(artefact_part(p) for p in parts)):
        return "", False
    return "-".join(parts), len(parts) < len(tok.split("-"))


def _opens(sent: str, word: str) -> bool:
    """Is ``word`` the sentence's first word (not only its first letters: "Rankings of Ranking SVM")?"""
    return sent.startswith(word) and not sent[len(word) : len(word) + 1].isalnum()


def _emit(words: list[str], sent: str, out: list, joins: frozenset[tuple[str, str]] = frozenset()) -> None:
    # a gerund that opens a run is usually a verb ("adapting REINFORCE", "injecting bias")
    while (
        words
        and words[0].lower().endswith("ing")
        and words[0].lower() not in _NOUN_GERUNDS
        and not is_artefact(words[0])
        and not _compound_word(words[0])  # "decision-making tools"
        and len(words) > 1
    ):
        words = words[1:]
    # even a noun's gerund is a verb before an adjective: "training deep networks", "modeling
    # corporate credit rating" (but "learning rate", "training data")
    while (
        len(words) > 2
        and words[0].lower().endswith("ing")
        and words[0].lower() != "spiking"  # "spiking neural networks": a kind of neuron, not a verb
        and not is_artefact(words[0])
        and (words[1].islower() or _title_word(words[1]))  # a title's "Training Deep Neural Networks" too
        and is_adjective(words[1].lower())
    ):
        words = words[1:]
    # and before a name: "training GANs", "training RNNs" (dev: a concept "training GAN" in 5
    # papers beside "GAN training")
    if (
        len(words) > 1
        and words[0].lower().endswith("ing")
        and words[0].lower() != "spiking"
        and (words[0].islower() or _opens(sent, words[0]))  # not "Ranking SVM", a name
        and words[0].lower() not in _NAMING_GERUNDS  # "streaming PCA" stays
        and not is_artefact(words[0])
        and is_artefact(words[1])
    ):
        words = words[1:]
    while words and not _head_at(words, len(words) - 1):
        words = words[:-1]
    if not words:
        return
    for i in range(len(words) - 1):
        if words[i].lower() in _KIND_WORDS and is_artefact(words[i + 1]):
            # the kind, then the name: "decision-making methods ELECTRE", "the algorithm
            # REINFORCE" are two phrases, not one
            _emit(words[: i + 1], sent, out, joins)
            _emit(words[i + 1 :], sent, out, joins)
            return
    # a capitalised sentence-initial ordinary word is usually not part of the phrase
    for end in range(len(words), 0, -1):
        if not _head_at(words, end - 1):
            continue
        for start in range(max(0, end - MAX_PHRASE_WORDS), end):
            phrase = words[start:end]
            if len(phrase) == 1 and len(phrase[0]) < 3:
                continue
            if not _head_at(phrase, len(phrase) - 1) or phrase[0].lower().split("-")[0] in NON_HEAD:
                continue
            if start and (name_of(words[start - 1])[0] or _titled(words[start - 1]), name_of(phrase[0])[0]) in joins:
                continue  # a name's last part: "TRI" of "ELECTRE TRI" (see extract.name_joins)
            out.append((" ".join(phrase), sent))
        break  # only head-final sub-phrases of the longest run
    # the words before a non-head break inside the run ("diffusion-based crowd model") are covered above


def ngrams(keys: list[tuple[str, ...]], max_n: int) -> set[tuple[str, ...]]:
    """All n-grams (n <= max_n) of a sequence of normalised tokens; None entries separate segments."""
    grams: set[tuple[str, ...]] = set()
    seg: list[str] = []

    def flush():
        for i in range(len(seg)):
            for n in range(1, max_n + 1):
                if i + n > len(seg):
                    break
                grams.add(tuple(seg[i : i + n]))

    for k in keys:
        if k is None:
            flush()
            seg = []
        else:
            seg.extend(k)
    flush()
    return grams
