"""Lemmas and parts of speech for concept words (lemminflect; its data ships in the wheel).

Variants of one concept merge on these lemma keys, not on Porter stems: stems join words of
different meaning ("generative" / "generalization" / "generator" all stem to "gener"),
lemmas only undo inflection ("networks" -> "network", "behaviours" -> "behavior"). A word
written as a name or acronym (REINFORCE, MAP, SAM2, LLMs) keeps its case in the key, so it
never meets an ordinary word ("reinforcement", "map").
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = [
    "american",
    "readings",
    "singular",
    "noun_lemma",
    "is_name",
    "spelled_for_acronym",
    "PREFIXES",
    "name_singular",
    "word_key",
    "lemma_key",
    "is_nominal",
    "is_adjective",
    "is_verb_only",
]

# British -> American spelling, tried in order; a rule applies only when lemminflect knows the
# American result as a word, so "colour" -> "color" but "hour" and "four" stay.
_SPELLING = [
    (re.compile(r"our(hoods?|s|ed|ing|al|able|ful|ite|ites)?$"), r"or\1"),  # behaviour, colour, neighbourhood
    (_ISE := re.compile(r"is(e|es|ed|ing|ation|ations|er|ers|able)$"), r"iz\1"),  # optimise, normalisation
    (re.compile(r"ys(e|es|ed|ing|er|ers)$"), r"yz\1"),  # analyse, catalyser
    (re.compile(r"([bcdfgklmnpstvz])re(s|d)?$"), r"\1er\2"),  # centre, metre, fibre
    (re.compile(r"(el|al)l(ing|ed|er|ers)$"), r"\1\2"),  # modelling, labelled
    (re.compile(r"ogue(s)?$"), r"og\1"),  # catalogue, dialogue
    (re.compile(r"ence$"), r"ense"),  # defence, licence
]
# Words American writes in -ise too, which lemminflect also knows in -ize ("supervized",
# "exercized", "surprized"): "supervised" was keyed as "supervized".
_KEPT_ISE = re.compile(
    r"(?:adv|advert|compr|comprom|desp|dev|disgu|enterpr|exerc|expert|improv|prem|prom|rev|surpr|superv|telev)"
    r"is(?:e|es|ed|ing|er|ers|able)$"
)
_SPELLING_WORDS = {
    "analyses": "analyses",  # the plural of "analysis" first, not the verb "analyzes"
    "grey": "gray",
    "programme": "program",
    "programmes": "programs",
    "aluminium": "aluminum",
    "tyre": "tire",
    "tyres": "tires",
    "sceptical": "skeptical",
    "ageing": "aging",
    "artefact": "artifact",
    "artefacts": "artifacts",
    "judgement": "judgment",
    "judgements": "judgments",
    "enrolment": "enrollment",
    "fulfil": "fulfill",
    "odour": "odor",  # five letters, as "hour" and "four" are: the -our rule leaves it
    "odours": "odors",
}


@lru_cache(maxsize=200_000)
def readings(word: str) -> frozenset[str]:
    """The parts of speech lemminflect's dictionary knows for a lower-case word (empty if unknown),
    with the noun readings it lacks (:data:`NOUNS_TOO`)."""
    from lemminflect import getAllLemmas

    found = frozenset(getAllLemmas(word))
    if word in NOUNS_TOO or (word.endswith("s") and word[:-1] in NOUNS_TOO):
        return found | {"NOUN"}
    return found


#: Nouns lemminflect knows only as verbs (or adjectives): "log-likelihood" (64 uses in the 10k
#: scale abstracts), "edit distance", "parse tree", "dialog act", "relation triples" and
#: "templates" were no concepts, read as phrases with a verb in them.
NOUNS_TOO = frozenset("log template edit parse triple act".split())
#: Of those, the ones a paper writing the bare word means as a verb more often than not ("agents
#: act and speak", "to parse", "a token to edit": 10k scale abstracts): no concept alone. So is
#: "look" ("looks at the exhibit", "You Only Look Once": 13 robotics papers).
VERBS_ALONE = frozenset("act parse edit look".split())


@lru_cache(maxsize=200_000)
def american(word: str) -> str:
    """American spelling of a lower-case word ("behaviour" -> "behavior", "modelling" -> "modeling")."""
    if word in _SPELLING_WORDS:
        return _SPELLING_WORDS[word]
    for pattern, repl in _SPELLING:
        if pattern.search(word) and not (pattern is _ISE and _KEPT_ISE.search(word)):
            new = pattern.sub(repl, word)
            if new != word and readings(new) and (not readings(word) or len(word) > 5):
                return new
            # -isation is British wherever it is written, even for a word the dictionary lacks
            # ("regularisation", "summarisation", "tokenisation" stood beside their -ization)
            if new != word and word.endswith(("isation", "isations")) and len(word) > 9:
                return new
    return word


#: Prefixes a word takes with or without a hyphen ("multicriteria" is "multi-criteria",
#: "semi-supervised" / "semi supervised").
PREFIXES = frozenset("pre post non multi semi self sub inter intra anti co re un de bi tri mid".split())

#: Words that are no plural though they end in -s (or have no plural): the singular rules of
#: :func:`graphkit.text.singular` and of :func:`singular` keep them.
INVARIANT_NOUNS = frozenset(
    """analysis basis bias series species physics mathematics dynamics statistics robotics economics
    news means gas lens thesis hypothesis synthesis diagnosis axis chaos ethics genetics kinetics optics
    linguistics semantics pragmatics mechanics graphics logistics kinematics politics electronics
    aerodynamics thermodynamics bus corpus status consensus focus virus campus radius stimulus nucleus
    calculus modulus apparatus census lexicon cross-lingual this its has was is as us plus various
    previous numerous continuous bayes gibbs stokes hastings jones""".split()
)
#: Of those, the ones lemminflect would make singular: a field whose name in -ics is another
#: word without its S ("statistical mechanics" had been shown "statistical mechanic", NeurIPS
#: 1995-97; "computer graphics", "adaptive optics"), and names and an adjective it cuts
#: ("Navier-Stokes", "continuous"). Not "statistics": "sufficient statistics" are sufficient
#: statistic's plural.
_NOT_PLURALS = INVARIANT_NOUNS - {"statistics"}

_IRREGULAR_PLURALS = {
    "criteria": "criterion",
    "phenomena": "phenomenon",
    "men": "man",
    "women": "woman",
    "children": "child",
    "mice": "mouse",
    "feet": "foot",
    "teeth": "tooth",
    "axes": "axis",  # not lemminflect's "axe", a tool no abstract here writes of ("principal axes")
}


@lru_cache(maxsize=200_000)
def singular(word: str) -> str:
    """Singular of a lower-case word read as a noun, spelling kept ("policies" -> "policy")."""
    from lemminflect import getLemma

    if len(word) <= 3 and not word.endswith("ies"):
        return word
    if word in _NOT_PLURALS:
        return word
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word]  # lemminflect reads "multi" as a plural of "multus", "axes" as "axe"'s
    if not word.endswith("s"):
        for plural, one in _IRREGULAR_PLURALS.items():  # a prefix before one: "multicriteria"
            if len(plural) > 5 and word.endswith(plural) and word[: -len(plural)] in PREFIXES:
                return word[: -len(plural)] + one
        return word
    if word.endswith(("ases", "ises", "oses", "uses")) and not readings(word):
        return word[:-1]  # a word lemminflect does not know: "keyphrases", "codebases" (not "keyphras", "codebasis")
    lemma = getLemma(word, upos="NOUN")[0]
    return lemma if lemma else word


@lru_cache(maxsize=200_000)
def noun_lemma(word: str) -> str:
    """Singular of a lower-case word read as a noun, American spelling ("behaviours" -> "behavior")."""
    return american(singular(word))


_ACRO_PLURAL = re.compile(r"^([A-Z][A-Za-z0-9]*[A-Z0-9])s$")


@lru_cache(maxsize=200_000)
def is_name(part: str) -> bool:
    """A word part written as a name or acronym: two capitals (GRPO, AlphaAlign, LLMs), a capital
    inside (wav2Vec), or a capital and a digit (SAM2, T5). Not a sentence-initial capital, a
    bare size (3D, 100k) or a roman numeral."""
    letters = sum(c.isalpha() for c in part)
    if not part or not part[0].isalnum() or letters == 0:
        return False
    if re.fullmatch(r"\d+(?:[A-Za-z]|[kKmMbB]|st|nd|rd|th|s)", part) or re.fullmatch(r"[IVX]{1,4}", part):
        return False
    if spelled_for_acronym(part):
        return False
    uppers = sum(c.isupper() for c in part)
    digits = sum(c.isdigit() for c in part)
    return uppers >= 2 or (uppers == 1 and not part[0].isupper()) or (uppers >= 1 and digits >= 1)


def spelled_for_acronym(part: str) -> bool:
    """An English word with its first letters capitalised to spell an acronym: "ELimination" (of
    ELECTRE), "HORizon" (THOR). No name, though its capitals look like one's. An adjective the
    dictionary lacks is known by its ending ("COmpositional", "GEneralizable", "EXplainable": 2023-25
    scale slice, "COmpositional learning" had been a concept of its own); a noun's ending is not
    enough ("UNet" is a name), nor an ending alone ("LLatrieval")."""
    # most words have no capital second letter: no regex for them (1,000 abstracts: 32 k calls)
    if not (part[1:2].isupper() and _SPELLED.fullmatch(part)):
        return False
    low = part.lower()
    return bool(readings(low)) or _derived_adjective(low)


def _derived_adjective(word: str) -> bool:
    """A lower-case word the dictionary lacks, made an adjective of one it knows by an ending
    ("compositional", "explainable", "steerable", "multimodal"): the 79,345 scale abstracts
    write 14 such words in acronym capitals, and three names ("WATonomous", "LLatrieval",
    "ASTactic"), which this does not take for words."""
    found = _ADJECTIVE_ENDING.search(word)
    if not found:
        return False
    stem = word[: found.start()]
    if len(stem) >= 4 and (readings(stem) or readings(stem + "e")):
        return True  # not "LEval" of Ada-LEval, a name: "lev" is too short a stem
    return any(
        word.startswith(p) and len(word) > len(p) + 3 and (readings(rest := word[len(p) :]) or _derived_adjective(rest))
        for p in PREFIXES
    )


_SPELLED = re.compile(r"[A-Z]{2,3}[a-z]{2,}")
#: The endings that make an adjective of a known word (:func:`_derived_adjective`).
_ADJECTIVE_ENDING = re.compile(r"(?:al|able|ible|ive|ous|ic)$")


def _own_capital_s(name: str) -> bool:
    """Does ``name`` end in a capital S of its own? An upper-case S ends a plural only in a word
    all in capitals (GANS in a capitalised title); in "CoCoS" it is the name's, and it is not COCO."""
    return name[-1:] == "S" and not name.isupper()


def name_singular(part: str) -> str:
    """A name without its plural "s", case kept: "LLMs" -> "LLM", "ConvNets" -> "ConvNet"."""
    m = _ACRO_PLURAL.match(part)
    if m:
        return m.group(1)
    low = part.lower()
    if _own_capital_s(part):
        return part
    if low.endswith("s") and not low.endswith("ss") and singular(low) == low[:-1]:
        return part[:-1]
    return part


@lru_cache(maxsize=400_000)
def word_key(part: str) -> str:
    """Normal form of one word part: a name keeps its case (plural "s" dropped: LLMs -> LLM);
    an ordinary word becomes its lower-case American noun lemma."""
    part = part.replace("\u2019", "'")
    if not part.isascii():  # "REalité" = "REalite" (one long form in two spellings made ELECTRE ambiguous)
        part = _plain(part)
    if is_name(part):
        m = _ACRO_PLURAL.match(part)
        name = m.group(1) if m else part
        low = name.lower()
        # A plural's small "s" goes ("ConvNets"); a capital S stays: "CoCoS" is not COCO, and in
        # capitals alone IRLS (least squares) is not IRL, PACS not PAC, MCTS not MCT. Whether
        # "CNNS" is CNNs is the corpus's question (:func:`graphkit.link.join_capital_plurals`).
        if name.endswith("s"):
            low = singular(low)
        # A name that is no English word in any case is one name however it is capitalised
        # ("ConvNets" = "convnet", "SQuAD" = "SQUAD", "ImageNet" = "Imagenet"); one that is a
        # word keeps its case, so it never meets the word (REINFORCE / reinforce, MAP / map).
        return low if not readings(low) and not readings(name.lower()) else name
    lemma = noun_lemma(part.lower())
    # "bases" is the plural of both: NAACL 2024 had "knowledge base" twice, its "knowledge bases"
    # read as "knowledge basis"; "orthonormal bases" is "orthonormal basis"
    return "base" if lemma == "basis" else lemma


def _plain(part: str) -> str:
    """``part`` without its accents (NFKD's combining marks dropped); other letters kept."""
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFKD", part) if not unicodedata.combining(c)) or part


def lemma_key(phrase: str) -> tuple[str, ...]:
    """Lemma key of a surface form: one entry per word part (hyphens split)."""
    return tuple(word_key(p) for w in phrase.split() for p in w.split("-") if p)


# Suffixes that mark an adjective, for words outside lemminflect's dictionary
# ("convolutional", "variational", "equivariant" are not in it).
_ADJ_SUFFIX = re.compile(
    r"(?:al|ive|ous|ic|ical|able|ible|ful|less|ant|ent|ary|ory|ish|wise|like|free|"
    r"aware|based|driven|agnostic|invariant|equivariant|(?<=[a-z]{4})ed)$"  # -ed: "parameterized", "pretrained"
)
# Suffixes that mark a verb, for words outside the dictionary: "tensorize", "linearizes",
# "misclassify" (10k scale and dev: "parallelize", "contextualize" and "misclassify" had been
# concepts); not a "-size" ("stepsize", "minibatch-size" are nouns).
_VERB_SUFFIX = re.compile(r"(?:(?<=[a-z]{3}[^s])iz(?:e|es)|(?<=[a-z]{3})if(?:y|ies))$")
_NOUN_SUFFIX = re.compile(
    r"(?:tion|sion|ment|ness|ity|ance|ence|ism|ist|er|or|ics|ing|age|ure|ogy|graph|"
    r"gram|ware|set|net|bench|former|model)s?$"
)


@lru_cache(maxsize=200_000)
def is_nominal(word: str) -> bool:
    """Can this word head a noun phrase? Names always; dictionary words with a noun reading;
    unknown words unless they look like adjectives."""
    last = word.split("-")[-1]
    if not last:
        return False
    if is_name(last):
        return True
    lw = american(last.lower())
    r = readings(lw)
    if r:
        return "NOUN" in r or "PROPN" in r or ("VERB" in r and lw.endswith("ing"))  # gerund: "answering"
    if _NOUN_SUFFIX.search(lw):
        return True
    return not _ADJ_SUFFIX.search(lw) and not _VERB_SUFFIX.search(lw)


@lru_cache(maxsize=200_000)
def prefixed_adjective(word: str) -> bool:
    """Is a lower-case word the dictionary lacks a prefix and an adjective it knows (10k scale
    "nonlinear", 38 papers, and "nonconvex", as "linear" and "convex")? Only an adjective and
    nothing else: "coreset" is no "co-reset"."""
    return not readings(word) and any(
        word.startswith(p) and len(word) > len(p) + 3 and readings(word[len(p) :]) == {"ADJ"} for p in PREFIXES
    )


@lru_cache(maxsize=200_000)
def is_adjective(word: str) -> bool:
    """An ordinary word that is only an adjective or adverb ("neural", "deep", "faster",
    "convolutional"): it cannot be a concept on its own."""
    return not is_name(word) and not is_nominal(word)


@lru_cache(maxsize=200_000)
def is_verb_only(word: str) -> bool:
    """A finite verb form and nothing else ("undergo", "generalize", "reconstructs"). Gerunds
    and participles are not finite: they name things inside noun phrases ("question answering",
    "pruning", "semi-supervised learning")."""
    if is_name(word):
        return False
    lw = american(word.lower())
    if lw.endswith(("ing", "ed", "en")) and len(lw) > 4:
        return False
    r = readings(lw)
    return bool(r) and r <= {"VERB", "AUX"} or not r and bool(_VERB_SUFFIX.search(lw))


@lru_cache(maxsize=200_000)
def nominalisations(gerund: str) -> tuple[str, ...]:
    """The nouns a verb's -ing form may have in -ation, -ion, -ition, -ment, -ication (which of
    them exist, the caller's corpus says): "translating" -> "translation", "summarizing" ->
    "summarization", "classifying" -> "classification"."""
    from lemminflect import getLemma

    verb = (getLemma(gerund, upos="VERB") or (gerund[:-3],))[0]
    stem = verb[:-1] if verb.endswith("e") else verb
    nouns = {verb + "ment", stem + "ation", stem + "ion", stem + "ition"}
    if verb.endswith("ify"):
        nouns.add(verb[:-1] + "ication")  # "classify" -> "classification"
    return tuple(sorted(n for n in nouns if n != gerund))
