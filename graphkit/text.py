"""Text utilities: cleaning, sentences, tokens, normal forms, acronyms, candidate phrases.

Everything here is plain Python over strings, with no model: it is the part of concept
extraction that decides *what* may be a concept and *which surface forms are the same*.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

__all__ = [
    "clean",
    "sentences",
    "Token",
    "tokenize",
    "norm_word",
    "singular",
    "is_artefact",
    "phrase_key",
    "merge_key",
    "find_acronyms",
    "candidate_phrases",
    "ngrams",
]

# ---------------------------------------------------------------- cleaning

_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2212\ufe63\uff0d"), "-")
_LATEX_CMD = re.compile(r"\\(?:textbf|textit|emph|texttt|textsc|mathrm|mathbf|mathcal|text|url)\{([^{}]*)\}")
_LATEX_ESC = re.compile(r"\\([%&#_$])")
_MATH = re.compile(r"\$([^$]{0,80})\$")
_MARKUP = re.compile(r"(?<!\w)[*_]{1,2}(?=\S)(.+?)(?<=\S)[*_]{1,2}(?!\w)")


def clean(text: str) -> str:
    """Text for analysis: LaTeX and Markdown emphasis removed, dashes unified.

    The stored abstract stays verbatim; only extraction reads the cleaned form.
    """
    text = text.translate(_DASHES)
    text = _LATEX_CMD.sub(r"\1", text)
    text = _LATEX_ESC.sub(r"\1", text)
    text = _MATH.sub(lambda m: m.group(1).replace("\\", ""), text)
    text = _MARKUP.sub(r"\1", text)
    return re.sub(r"\s+", " ", text).strip()


_ABBREV = re.compile(r"\b(?:e\.g|i\.e|et al|etc|vs|cf|Fig|Eq|Sec|resp|approx|i\.i\.d)\.$", re.I)


def sentences(text: str) -> list[str]:
    """Split cleaned text into sentences (good enough for abstracts)."""
    parts = re.split(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])", text)
    out: list[str] = []
    for p in parts:
        if out and _ABBREV.search(out[-1]):
            out[-1] = out[-1] + " " + p
        else:
            out.append(p)
    return [s.strip() for s in out if s.strip()]


# ---------------------------------------------------------------- tokens

_TOKEN = re.compile(r"[^\W_](?:[^\W_]|[-'\u2019.](?=[^\W_]))*|[^\w\s]", re.UNICODE)


@dataclass(frozen=True)
class Token:
    text: str
    start: int
    end: int

    @property
    def is_word(self) -> bool:
        return self.text[0].isalnum()


def tokenize(text: str) -> list[Token]:
    """Words (hyphenated words kept whole) and single punctuation marks."""
    toks = []
    for m in _TOKEN.finditer(text):
        t, end = m.group(), m.end()
        if len(t) > 2 and t[-2] in "'’" and t[-1] in "sS":  # possessive: "LaGoVAD's" -> "LaGoVAD"
            t, end = t[:-2], end - 2
        toks.append(Token(t, m.start(), end))
    return toks


# ---------------------------------------------------------------- normal forms

_INVARIANT = frozenset(
    """analysis basis bias series species physics mathematics dynamics statistics robotics economics
    news means gas lens thesis hypothesis synthesis diagnosis axis chaos ethics genetics kinetics optics
    linguistics semantics pragmatics mechanics graphics logistics kinematics politics electronics
    aerodynamics thermodynamics bus corpus status consensus focus virus campus radius stimulus nucleus
    calculus modulus apparatus census lexicon cross-lingual this its has was is as us plus various
    previous numerous continuous""".split()
)
_IRREGULAR = {
    "analyses": "analysis", "bases": "basis", "hypotheses": "hypothesis", "theses": "thesis",
    "matrices": "matrix", "vertices": "vertex", "indices": "index", "appendices": "appendix",
    "criteria": "criterion", "phenomena": "phenomenon", "children": "child", "men": "man",
    "women": "woman", "mice": "mouse", "corpora": "corpus", "axes": "axis", "diagnoses": "diagnosis",
    "syntheses": "synthesis", "lemmata": "lemma", "schemata": "schema", "halves": "half",
    "leaves": "leaf", "selves": "self", "lives": "life", "radii": "radius", "stimuli": "stimulus",
}


@lru_cache(maxsize=200_000)
def singular(word: str) -> str:
    """Singular of a lower-case English noun (rules for the words abstracts use)."""
    w = word
    if len(w) <= 3 or w in _INVARIANT:
        return w
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith("es") and w[:-2] in _INVARIANT:  # biases, statuses
        return w[:-2]
    if w.endswith("sses"):
        return w[:-2]
    if w.endswith(("ches", "shes", "xes", "zzes")):
        return w[:-2]
    if w.endswith(("ss", "us", "is", "ics", "ous", "ness")):
        return w
    if w.endswith("s") and not w.endswith("'s"):
        return w[:-1]
    return w


_ACRO_PLURAL = re.compile(r"^([A-Z][A-Za-z0-9]*[A-Z0-9])s$")


def is_artefact(word: str) -> bool:
    """A named thing written with case or digits: GRPO, SAM2, DROID, AlphaAlign, GPT-4, LLMs.

    Ordinary capitalised words (a sentence start) and bare sizes (3D, 100k) are not.
    """
    if " " in word:
        return False
    parts = [p for p in word.split("-") if p]
    return any(_artefact_part(p) for p in parts)


@lru_cache(maxsize=200_000)
def _artefact_part(p: str) -> bool:
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
    if _artefact_part(part):
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
    "model method approach framework algorithm techniqu architectur base scheme strategi paradigm".split())


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


# ---------------------------------------------------------------- acronyms


@dataclass(frozen=True)
class AcronymDef:
    short: str
    long: str
    sentence: str


_PAREN = re.compile(r"\(([^()]{1,80})\)")


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
            at_word_start = li == 0 or not text[li - 1].isalnum()
            if ch == c and (si > 0 or at_word_start):
                break
            li -= 1
        if li < 0:
            return None
        si -= 1
        li -= 1
    start = li + 1
    long = text[start:].strip(" -,;:")
    if not long or len(long) <= len(short) or " " not in long and "-" not in long:
        return None
    if any(c in long for c in ":;()[]") or any(len(w) > 1 and w.isupper() for w in re.split(r"[\s-]+", long)):
        return None  # a long form is a plain phrase, not a clause around other acronyms
    if short.lower() in long.lower().split():
        return None
    first = long.split()[0].lower()
    if first in STOPWORDS:
        return None
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


# ---------------------------------------------------------------- candidates

STOPWORDS = frozenset(
    """a an the this that these those such some any each every all both either neither no not nor only
    own same other another more most less least much many few several various certain
    i we you he she it they me us him her them my our your his its their mine ours yours theirs
    who whom whose which what whatever whichever whoever when where why how whether
    and or but if then else than so as because since while although though unless until whereas
    yet also thus hence therefore however moreover furthermore additionally instead rather
    indeed namely respectively especially particularly specifically notably
    of in on at by for with without from to into onto upon about above below over under between
    among amongst through throughout during before after against along across around beyond
    within via per toward towards despite versus vs like unlike near off out up down
    is are was were be been being am do does did done doing have has had having
    can could may might must shall should will would
    here there now very too quite just even still already again further often always never
    ever sometimes usually typically generally well also first second third finally
    one two three four five six seven eight nine ten hundred thousand million billion
    et al e.g i.e etc eg ie
    new novel proposed propose proposes existing current recent prior previous present presents
    presented different diverse various similar simple simpler effective efficient
    significant significantly substantial substantially strong stronger better best good
    large-scale key main major important crucial critical extensive comprehensive
    promising remarkable superior competitive robust powerful general generic specific
    unique additional overall whole entire full high higher low lower great greater
    classic classical standard vanilla original modern conventional traditional typical popular naive
    widely-used well-known commonly
    able due based-on given using used use uses show shows shown showing demonstrate demonstrates
    demonstrated demonstrating achieve achieves achieved achieving outperform outperforms
    outperformed outperforming improve improves improved improving introduce introduces introduced
    introducing leverage leverages leveraged leveraging enable enables enabled enabling provide
    provides provided providing develop develops developed developing design designed designs
    designing study studies studied investigate investigates investigated explore explores
    explored exploring evaluate evaluates evaluated evaluating conduct conducts conducted
    perform performs performed apply applies applied applying obtain obtains obtained
    allow allows allowed allowing require requires required requiring make makes made making
    remain remains remained suffer suffers suffered exhibit exhibits exhibited reveal reveals
    revealed reach reaches reached yield yields yielded compare compares compared consider
    considers considered focus focuses focused address addresses addressed tackle tackles
    aim aims aimed seek seeks find finds found call called term termed named known
    become becomes became lead leads led take takes took get gets got give gives gave
    help helps helped support supports supported capture captures captured incorporate
    incorporates incorporated integrate integrates integrated combine combines combined
    formulate formulates formulated establish establishes established extend extends extended
    consist consists consisting contain contains containing involve involves involving
    offer offers offered produce produces produced generate generates generated
    capable enhance enhances enhanced enhancing reduce reduces reduced reducing increase increases
    increased increasing mitigate mitigates mitigated ensure ensures ensured describe describes
    described argue argues argued observe observes observed suggest suggests suggested
    rely relies relied depend depends depended remain lack lacks lacking fail fails failed
    tend tends emerge emerges emerged attract attracts attracted attain attains attained
    accelerate accelerates accelerated facilitate facilitates facilitated validate validates
    validated verify verifies verified confirm confirms confirmed highlight highlights
    highlighted underscore underscores motivate motivates motivated inspire inspired
    compute computes computed estimate estimates estimated predict predicts predicted
    learn learns learned learnt train trains trained solve solves solved
    define defines defined denote denotes denoted refer refers referred
    recently widely largely mainly mostly nearly almost roughly highly fully jointly
    simultaneously directly explicitly implicitly effectively efficiently successfully
    experimentally empirically theoretically consistently""".split()
)

# Words that may open or sit inside a phrase but cannot end it.
_NON_HEAD = frozenset("based driven guided aware free level style wise specific conditioned oriented".split())


def _breaks(tok: Token) -> bool:
    w = tok.text
    if not tok.is_word:
        return w not in "-"
    lw = w.lower()
    if lw in STOPWORDS:
        return True
    if w.isdigit() or re.fullmatch(r"[\d.,%]+", w):
        return True
    if lw.endswith("ly") and len(lw) > 4 and not is_artefact(w) and lw not in {"family", "anomaly", "assembly", "supply", "poly", "italy"}:
        return True
    return False


def _good_head(w: str) -> bool:
    lw = w.lower()
    if is_artefact(w):
        return True
    last = lw.split("-")[-1]
    if last in _NON_HEAD or last in STOPWORDS:
        return False
    if last.endswith("ed") and last not in {"speed", "need", "seed", "feed", "bed", "embed", "shed"}:
        return False
    return len(last) > 2


MAX_PHRASE_WORDS = 4


_DETERMINERS = frozenset("the a an this these those their its our his her each every such".split())


def verbs_in(texts, min_count: int = 3, share: float = 0.25) -> frozenset[str]:
    """Words this corpus uses as verbs, learned from it: words often followed at once by a
    determiner ("necessitate the", "affects their") are verbs; nouns hardly ever are."""
    total: dict[str, int] = {}
    before_det: dict[str, int] = {}
    for text in texts:
        words = [t.text for t in tokenize(text)]
        for w, nxt in zip(words, words[1:] + ["."]):
            lw = w.lower()
            if not w[0].isalpha() or lw in STOPWORDS or is_artefact(w):
                continue
            total[lw] = total.get(lw, 0) + 1
            if nxt.lower() in _DETERMINERS:
                before_det[lw] = before_det.get(lw, 0) + 1
    return frozenset(w for w, n in before_det.items() if n >= min_count and n / total[w] >= share
                     and w not in _NOUN_GERUNDS)


def candidate_phrases(text: str, verbs: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """Noun-phrase-like candidates in cleaned text, as (surface form, sentence).

    A rule-based chunker: phrases are runs of content words between stop words, the
    corpus's verbs (see :func:`verbs_in`) and punctuation, ending on a noun-like word; every
    head-final sub-phrase is also a candidate ("off-policy reinforcement learning",
    "reinforcement learning").
    """
    out: list[tuple[str, str]] = []
    for sent in sentences(text):
        toks = tokenize(sent)
        run: list[Token] = []
        for tok in toks + [Token(".", len(sent), len(sent))]:
            if _breaks(tok) or (verbs and tok.text.lower() in verbs):
                _emit(run, sent, out)
                run = []
            elif tok.is_word:
                run.append(tok)
    return out


# Gerunds that are nouns when they modify another noun ("learning rate", "training data").
_NOUN_GERUNDS = frozenset(
    """learning training reasoning planning sampling computing processing programming matching pruning
    scaling embedding tracking ranking clustering boosting coding labeling labelling pooling encoding
    decoding rendering editing forecasting engineering mining modeling modelling understanding
    reading writing speaking hearing listening driving parsing tagging prompting finetuning
    fine-tuning pretraining pre-training recycling imaging sensing routing scheduling caching
    tuning testing monitoring tokenizing hashing indexing streaming""".split()
)


def _emit(run: list[Token], sent: str, out: list) -> None:
    # a gerund that opens a run is usually a verb ("adapting REINFORCE", "injecting bias")
    while run and run[0].text.lower().endswith("ing") and run[0].text.lower() not in _NOUN_GERUNDS \
            and not is_artefact(run[0].text) and len(run) > 1:
        run = run[1:]
    while run and not _good_head(run[-1].text):
        run = run[:-1]
    if not run:
        return
    # a capitalised sentence-initial ordinary word is usually not part of the phrase
    words = [t.text for t in run]
    for end in range(len(words), 0, -1):
        if not _good_head(words[end - 1]):
            continue
        for start in range(max(0, end - MAX_PHRASE_WORDS), end):
            phrase = words[start:end]
            if len(phrase) == 1 and len(phrase[0]) < 3:
                continue
            if not _good_head(phrase[-1]) or phrase[0].lower().split("-")[0] in _NON_HEAD:
                continue
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
                grams.add(tuple(seg[i:i + n]))

    for k in keys:
        if k is None:
            flush()
            seg = []
        else:
            seg.extend(k)
    flush()
    return grams
