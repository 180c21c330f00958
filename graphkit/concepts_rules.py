"""What may be a concept, which forms are one concept, and what a concept is called.

Plain functions over strings (lemmas from :mod:`graphkit.lemmas`; no model): the link phases
call them, and unit tests pin each rule with the cases that motivated it.

- Text repair before extraction: sentences glued without a space ("modeling.To"), Markdown,
  HTML and LaTeX leftovers ("**open-world **", "flows}"), titles written in capitals.
- A concept names a thing: a phrase with a nominal head, with no stop word (in any case), no
  finite verb, not a bare adjective or adverb, not scaffolding ("based model", "state of the art").
- Merging: forms with one lemma key are one concept; a name or acronym never merges with an
  ordinary word (REINFORCE / reinforcement, MAP / map); other forms merge only when their
  embeddings agree (:data:`AGREE_SIMILARITY`).
- Display name: the authors' most frequent written form, case kept (EnvSocial-Diff).
- Kind from context: the words that follow a form ("DROID dataset", "SAM2 model").
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from functools import cache, lru_cache

from . import lemmas as L
from .text.acronyms import spoken_readings
from .text.words import BROAD_ALONE, DEGREE_ADVERBS, NON_HEAD, TOO_BROAD

__all__ = [
    "repair",
    "split_glued",
    "strip_rights",
    "strip_urls",
    "strip_markup",
    "uncap_title",
    "STOP_WORDS",
    "SCAFFOLDS",
    "rejection",
    "is_concept",
    "group_key",
    "GENERIC_HEADS",
    "BROAD",
    "generic_core",
    "related_key",
    "may_merge",
    "AGREE_SIMILARITY",
    "AGREE_HEADED",
    "adds_a_head",
    "spells",
    "display_name",
    "singular_form",
    "quantity",
    "kind_from_context",
    "name_kind",
    "MEASURE_HEADS",
    "named_artefact",
    "one_abbreviated",
    "one_word_apart",
    "act_and_thing",
    "DATASET_HEADS",
    "GRADERS",
    "ADJECTIVE_USE",
    "MIN_USES",
    "used_as_adjective",
    "used_as_modifier",
    "compound_adjective",
    "adjective_too",
    "VERB_USE",
    "used_as_verb",
]

# ---------------------------------------------------------------- text repair

# "modeling.To", "deployment.In": a sentence end glued to the next sentence. Two lower-case
# letters before the stop and a capitalised word after, so "e.g.The" is left to the splitter
# and "arXiv.org", "Node.js", "U.S." are untouched.
_GLUED = re.compile(r"(?<=[a-z]{2}[.!?])(?=[A-Z][a-z])")
# ... or an acronym after a lower-case word ("preferences.RLHF contains", NAACL 2024; 30 of the
# 79k scale abstracts): not after a name ("AdaBoost.MH", "Infer.NET", "NormalHedge.DT").
_GLUED_ACRONYM = re.compile(r"(?<![\w.-])([a-z]{2,}[.!?])(?=[A-Z][A-Z0-9]+s?\b)")


# A footnote mark glued between two sentences, as IEEE's abstracts carry them: its number twice
# (a superscript and the note's own, "multiple quadcopters.11Code Repository - https://...",
# "the community11Code: https://...", "(Video11Video demonstration: ...)") or a letter twice
# after the stop ("a Jackal UGV platform.aaProject page"). 2,523 ICRA/IROS 2023 abstracts had
# 23 such concepts ("method.11This", "time11The", "Video11Video"); "Sim2Real", "Matterport3D",
# "GraspNet-1Billion" are no such marks.
# Two lower-case letters before it are checked in _footnote_gap: a lookbehind first in the
# pattern tries every position of every text (1,000 abstracts: 0.17 s against 0.10 s).
_FOOTNOTE = re.compile(r"(?:\.([a-z])\1|\.?(\d)\2)(?=[A-Z][a-z])")


def split_glued(text: str) -> str:
    """Put the missing space after a sentence end: "modeling.To do" -> "modeling. To do"; a
    footnote mark glued between two sentences goes: "quadcopters.11Code" -> "quadcopters. Code"."""
    text = _FOOTNOTE.sub(_footnote_gap, text)
    return _GLUED_ACRONYM.sub(r"\1 ", _GLUED.sub(" ", text))


def _footnote_gap(m: re.Match) -> str:
    before = m.string[max(0, m.start() - 2) : m.start()]
    return ". " if len(before) == 2 and before.isalpha() and before.islower() else m.group(0)


_HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]{0,200})?/?>")
_BOLD = re.compile(r"(\*\*|__)\s*(.+?)\s*\1")
_EMPH = re.compile(r"(?<![\w*])\*(?!\s)([^*]+?)\s*\*(?![\w*])")
_CODE = re.compile(r"`([^`]{1,80})`")
_LATEX_CMD = re.compile(r"\\[A-Za-z]+\*?(?:\[[^\]]{0,40}\])?\{([^{}]*)\}")
_LATEX_BARE = re.compile(r"(?<!\$)\\[A-Za-z]+\b\s*(?![^$]*\$)")
_BRACES = re.compile(r"[{}]")
# A formatting command whose backslash a scrape lost: ECCV 2018's "called emph{Asymptotic
# Localization Fitting} (ALF)" gave the concept "emphAsymptotic" (18 of the 79,345 scale abstracts)
_LATEX_CMD_BARE = re.compile(r"(?<![\\\w])(?:textbf|textit|emph|texttt|textsc)\{([^{}]*)\}")
# Braces around words alone, a LaTeX group whose command went ("{\em Simultaneous Location and
# Mapping}" gave the 79k alias "Simultaneous Location and Mapping}"; "{continuous-time flows}")
_BRACED_WORDS = re.compile(r"(?<![\^_])\{\s*([A-Za-z][A-Za-z' -]*?)\s*\}")  # not x_{t}, 10^{n}


def strip_markup(text: str) -> str:
    """Markdown, HTML tags and LaTeX commands removed, their words kept
    ("**open-world **" -> "open-world", "\\textit{flows}" -> "flows", "flows}" -> "flows")."""
    # each pass only where the text has the character every match needs: most abstracts have
    # no markup, and a search for none tries every position (1,000 abstracts: 0.34 s -> 0.11 s)
    if "<" in text:
        text = _HTML_TAG.sub(" ", text)
    if "**" in text or "__" in text:
        text = _BOLD.sub(r"\2", text)
    if "*" in text:
        text = _EMPH.sub(r"\1", text)
    if "`" in text:
        text = _CODE.sub(r"\1", text)
    if "\\" in text:
        for _ in range(3):  # nested commands: \textbf{\emph{x}}
            text = _LATEX_CMD.sub(r"\1", text)
        text = _LATEX_BARE.sub("", text)
    if "{" in text:
        text = _LATEX_CMD_BARE.sub(r"\1", text)
        text = _BRACED_WORDS.sub(r"\1", text)
    if "~" in text:
        text = _TIE.sub(" ", text)
    if "- " in text:
        text = _BROKEN.sub(_mend, text)
    if "-" in text:
        text = _SPLIT.sub(_join, text)
    text = _unmatched_braces(text)
    return _BLANKS.sub(" ", text) if "  " in text or "\t" in text else text


_BLANKS = re.compile(r"[ \t]+")


# LaTeX's tie, a space that does not break: "gradient descent~(SGD)" (a dev alias kept the "~");
# "~10%" (about ten) has a space before it and stays
_TIE = re.compile(r"(?<=[\w.])~(?=[\w(\[])")
# A word broken at the end of a line and pasted back with a space: "Neural Net- work",
# "maximum- likelihood"; "first- and second-order" leaves out a word and stays
_BROKEN = re.compile(r"\b([A-Za-z]+)- ([a-z]+)\b")


# A word broken at a line end, its hyphen kept: "PArameterized Clipping acTi-vation (PACT)"
# (PACT stayed beside its long form on dev), "en-ergy"; joined only when neither part is a
# word and the whole is (dev: 4 of 4,312 hyphenated words, all of them broken ones)
_SPLIT = re.compile(r"\b([A-Za-z]{2,})-([a-z]{2,})\b")


def _join(m: re.Match) -> str:
    left, right = m.groups()
    low = left.lower()
    # cheapest first: a prefix ("pre-trained", "multi-agent") or a known right part ends it
    if low in _PREFIXES or L.readings(right) or L.readings(low) or not L.readings(low + right):
        return m.group()
    return left + right


def _mend(m: re.Match) -> str:
    """One word when the dictionary knows it ("Network"), else the hyphenated compound; a
    suspended hyphen stays ("first- and second-order", "low- versus high-resource")."""
    left, right = m.groups()
    if right in STOP_WORDS:
        return m.group()
    return left + right if L.readings((left + right).lower()) else f"{left}-{right}"


def _unmatched_braces(text: str) -> str:
    """``text`` without the braces that have no partner ("flows}"); "10^{-2}" keeps its pair."""
    if "{" not in text and "}" not in text:  # most abstracts: no walk over every character (1,000: 0.15 s)
        return text
    opened: list[int] = []
    drop: set[int] = set()
    for i, c in enumerate(text):
        if c == "{":
            opened.append(i)
        elif c == "}":
            if opened:
                opened.pop()
            else:
                drop.add(i)
    drop.update(opened)
    return "".join(c for i, c in enumerate(text) if i not in drop) if drop else text


def uncap_title(title: str, body: str) -> str:
    """A title written in capitals ("DEEP LEARNING FOR GRAPHS") in ordinary case, so that its
    words are not taken for acronyms; a word the body also writes in capitals (GAN) stays."""
    words = re.findall(r"[A-Za-z][A-Za-z0-9'-]*", title)
    caps = [w for w in words if len(w) > 1 and w.isupper()]
    if len(words) < 3 or len(caps) < 0.6 * len(words):
        return title
    keep = set(re.findall(r"\b[A-Z][A-Z0-9-]+\b", body))

    def fix(m: re.Match) -> str:
        w = m.group()
        return w if w in keep else w.lower()

    return re.sub(r"[A-Za-z][A-Za-z0-9'-]*", fix, title)


# A publisher's notice that bibliographic exports append to an abstract ("(c) 2020 Elsevier
# Ltd. All rights reserved.", "© Springer Nature Switzerland AG 2019."): not the authors' words,
# and "B.V", "Elsevier Ltd" or "Springer" would become hubs of a Scopus or WoS corpus.
_RIGHTS = re.compile(
    r"\s*(?:(?:©|\([cC]\)\s*(?:\d{4}|[A-Z])|\b[Cc]opyright\b\s*(?:©|\([cC]\))?\s*(?:\d{4}|[A-Z]))[^\n]{0,300}"
    r"|\bAll rights reserved\.?\s*)$"
)


def strip_rights(text: str) -> str:
    """``text`` without a publisher's copyright notice at its end."""
    if not any(k in text for k in _RIGHTS_WORDS):  # one of them is in every match; the search tries each position
        return text
    return _RIGHTS.sub("", text)


_RIGHTS_WORDS = ("©", "(c)", "(C)", "opyright", "All rights reserved")


def repair(text: str) -> str:
    """Markup stripped, web addresses and a publisher's notice dropped, PDF glyph codes and
    ligatures read and glued sentences split: the text extraction should read."""
    return split_glued(strip_markup(strip_urls(strip_rights(read_glyph_codes(text.translate(_LIGATURE_CHARS))))))


#: Typographic ligatures a PDF's text layer keeps (U+FB00-FB06: "ﬁ", "ﬂ", "ﬃ"...), read as
#: their letters (their NFKC forms): 631 of the 79,345 scale abstracts have them, and the first
#: 10,000 had made "classiﬁer", "overﬁtting" and "eﬃcient actor-critic" forms of their own.
_LIGATURE_CHARS = str.maketrans({chr(c): unicodedata.normalize("NFKC", chr(c)) for c in range(0xFB00, 0xFB07)})


# A PDF extractor's "(cid:N)" for a glyph it could not map: 1,588 of the 79,345 scale abstracts
# (old NeurIPS) have them, and "cid" was a 952-paper hub. 173 is a soft hyphen at a line end
# ("piri(cid:173) form", never across a blank line); 11-15 next to a letter are TeX's ligatures
# ("classi(cid:12)cation", "(cid:12)rst", "sta(cid:11)"); any other code is no word.
_GLYPH = re.compile(r"(?<=([A-Za-z]))?\(cid:(\d+)\)(\s*)(?=([A-Za-z]))?")
_LIGATURES = {"11": "ff", "12": "fi", "13": "fl", "14": "ffi", "15": "ffl"}


def _glyph(m: re.Match) -> str:
    before, code, space, after = m.groups()
    if code == "173" and before and after and after.islower() and "\n\n" not in space:
        return ""  # "piri(cid:173) form" -> "piriform"
    if code in _LIGATURES and after and not space:
        return _LIGATURES[code]  # "classi(cid:12)cation", "(cid:12)rst"
    if code in _LIGATURES and before:
        return _LIGATURES[code] + (" " if space else "")  # "sta(cid:11) and", "sta(cid:11)."
    return " "


def read_glyph_codes(text: str) -> str:
    """``text`` with a PDF extractor's "(cid:N)" glyph codes read (:data:`_GLYPH`)."""
    return _GLYPH.sub(_glyph, text) if "(cid:" in text else text


# A web address is no concept: "code at https://github.com/x/y" made "HTTP" and "github.com"
# hubs of the 79,345 scale abstracts. Its last character is never the sentence's full stop.
_URL = re.compile(
    r"(?:\b(?:https?|ftp)://|\bwww\.|\b(?:github|gitlab|bitbucket|huggingface)\.(?:com|org|io|co)/)"
    r"[^\s<>\"')\]]*[^\s<>\"')\].,;:!?]"
)


# An anonymised reference: the scale set's ACL abstracts write "such as mBERT (CITATION)" (21
# abstracts); "CITATION" was a concept of 11 ACL 2021-22 papers.
_CITATION = re.compile(r"\s?[(\[]\s*CITATION\s*[)\]](?:(\.)(?=[A-Z]))?")  # "SimCSE (CITATION).However"


def strip_urls(text: str) -> str:
    """``text`` without its web addresses and anonymised references ("(CITATION)")."""
    if "CITATION" in text:
        text = _CITATION.sub(lambda m: ". " if m.group(1) else "", text)
    if "://" not in text and "www." not in text and ".com/" not in text and ".org/" not in text:
        return text
    return _URL.sub("", text)


# ---------------------------------------------------------------- what may be a concept

STOP_WORDS = frozenset(
    """a an the this that these those some any each every all both either neither no not nor only
    own same other another such latter i we you he she it they me us him her them my our your his its their
    who whom whose which what when where why how whether and or but if then else than so as because
    since while although though unless until whereas yet also thus hence therefore however of in on
    at by for with without from to into onto upon about above below over under between among
    through throughout during before after against along across around beyond within via per
    toward towards despite versus vs like unlike using is are was were be been being am do does did
    have has had can could may might must shall should will would here there very too just even
    albeit according""".split()
) | frozenset(  # contractions, in either apostrophe ("don’t" had 19 papers of the 10k --fast graph)
    c.replace("'", q)
    for c in "don't doesn't didn't can't cannot won't isn't aren't wasn't weren't shouldn't wouldn't couldn't".split()
    for q in "'\u2019"
)

#: Phrases that describe a paper or its results rather than a subject, as lemma keys.
SCAFFOLDS = frozenset(
    {
        ("based",),
        ("based", "model"),
        ("based", "method"),
        ("based", "approach"),
        ("state", "of", "the", "art"),
        ("state", "art"),
        ("sota",),
        ("SOTA",),
        ("art",),
        ("proposed", "method"),
        ("proposed", "model"),
        ("proposed", "approach"),
        ("experimental", "result"),
        ("extensive", "experiment"),
        ("wide", "range"),
        ("real", "world"),
        ("empirical", "result"),
        ("numerical", "experiment"),
        ("numerical", "result"),
        ("theoretical", "result"),
        ("simulation", "result"),
        ("future", "work"),
        ("future", "research"),  # NAACL 2024: 5 papers
        ("future", "direction"),
        ("key", "insight"),
        # what a paper says of its own work, not a thing it names (10k scale abstracts, --fast:
        # 174, 89, 70, 70, 63, 54, 52, 48, 47, 46, 44, 26, 24, 23 and 16 papers)
        ("theoretical", "guarantee"),
        ("theoretical", "finding"),
        ("theoretical", "property"),
        ("theoretical", "justification"),
        ("theoretical", "insight"),
        ("practical", "algorithm"),
        ("practical", "performance"),
        ("real", "data", "set"),
        ("real", "dataset"),
        ("real", "robot"),  # "experiments on a real robot": 20 of 3,000 scale abstracts (robotics)
        ("general", "purpose"),  # "General Purpose (GP) hardware", "general purpose features" (dev)
        ("real", "robot", "experiment"),
        ("special", "case"),
        ("public", "dataset"),
        ("available", "dataset"),  # "publicly available datasets": 44 of 5,000 CVPR abstracts
        ("publicly", "available", "dataset"),  # 29 of 3,604 WACV
        ("available", "data"),
        ("publicly", "available", "data"),
        ("computational", "cost"),  # "reduces the computational cost": 997 of the 79,345 scale abstracts (--fast)
        ("computation", "cost"),
        ("input", "image"),  # "given an input image": 631 of them, 162 of 5,000 CVPR
        ("practical", "application"),
        ("theoretical", "understanding"),
        ("experimental", "evaluation"),
        ("usefulness",),
        ("shortcoming",),
        ("paper",),
        ("work",),
        ("approach",),
        ("method",),
        ("model",),
        ("framework",),
        ("result",),
        ("performance",),
        ("task",),
        ("problem",),
        ("data",),
        ("experiment",),
        ("technique",),
        ("algorithm",),
        ("way",),
        ("baseline",),
        ("benchmark",),
        ("setting",),
        ("number",),
        ("variety",),
        ("amount",),
        ("lot",),
        ("end", "to", "end"),
        ("end",),
        ("trade", "off"),
        ("tradeoff",),
        ("faster",),
        ("machine",),
        ("order", "of", "magnitude"),
        ("magnitude",),
        ("art", "performance"),
        ("state", "of", "the", "art", "performance"),
    }
)

# Stop words a long form may hold inside ("theory of mind", "Maximum a Posteriori", "reinforcement
# learning from human feedback", "structure from motion", "learning without forgetting").
_INNER_OK = frozenset("of the a an and for to on in with from without".split())

#: Prepositions that open a hyphenated word ("in-context", "on-policy", "by-product", "per-pixel",
#: "within-class", "between-class", "all-to-all"). Not "so" ("so-called").
_WORD_PREFIXES = frozenset("in on by per within between all".split())

# Adjectives lemminflect also lists as nouns, which abstracts use as modifiers only.
_MODIFIERS = frozenset(
    """complex visual deep neural general novel key main potential
    standard typical individual original final initial local global natural normal
    special specific similar essential particular fundamental critical chemical
    adversarial generative stochastic convolutional variational recurrent
    experimental multiple empirical theoretical numerical practical statistical computational single""".split()
)


# Heads that make an adjective + head phrase a term of its own ("generative model", "deep
# network", "recurrent net"), unlike "neural approach" or "robust method".
_TERM_HEADS = frozenset("model network net".split())

# Adjectives that fit any network, so adjective + "model" says nothing ("deep model",
# "neural model"; but "deep network" is the authors' term). The 10k scale abstracts had
# "optimal model" (50 papers), "supervised model" (52), "unsupervised model" (55), "greedy
# model" (30: its "greedy approach", "greedy method"...), "flexible model" and "tractable model".
_VAGUE = frozenset(
    "deep neural large small big complex trained learned powerful optimal supervised unsupervised greedy flexible tractable"
    " single".split()  # dev's "single model" (8 papers: "we present a single model", "state-of-the-art single models")
)

# Adjectives that, before "algorithm", name a family of algorithms: "genetic algorithm" (9 of
# the dev, held-out and ICRA/IROS 2023 papers), "evolutionary algorithm" (8; an author keyword
# of the held-out papers), "greedy algorithm" (3); "evolutionary approach", "greedy method"
# stay adjective and head.
_FAMILY_ADJECTIVES = frozenset("genetic evolutionary memetic greedy".split())

# Words that never start a concept: a compound cut at its hyphen ("model-based RL" read from
# "based"), or a paper's praise of itself ("state-of-the-art GAN").
_NOT_FIRST = frozenset("based driven guided aware free level style wise specific conditioned oriented".split()) | {
    "state-of-the-art",
    "sota",
    "proposed",
    "previous",
    "art",  # the tail of "state-of-the-art X" the chunker cut: "art reinforcement learning algorithm"
    "real-world",
    # a thing's role in the paper, not a name of it: the MCDA exports' "predefined ordered
    # category" (7 papers) beside "ordered category", IROS 2019's "desired motion",
    # COLING's "underlying vision-and-language navigation"
    "predefined",
    "pre-defined",
    "desired",
    "underlying",
    "fewer",  # a comparison, not a kind: dev's "fewer parameter" (6 papers: "fewer parameters than ...")
}


_POSSESSIVE = re.compile(r"(?<=\w)['’][sS]$")


#: A quantity, its unit or none, or a numbered sentence glued to its first word: 3,000 scale
#: abstracts of 2019-22 had 38 such concepts ("200Hz", "0.09M", "32.095dB", "17.5X", "29.5K",
#: "1.We", "0.7.A"; three slices had 12 more: "90mW", "46.1kPa", "600mL", "1GPUh", "360deg");
#: not "2.5D", "6DoF", "3DMM", "T5", "1080Ti", "5G", "50Salads".
_QUANTITY = re.compile(
    r"\d+(?:[.,]\d+)?(?:[kKMBXxNWVA]|Hz|kHz|MHz|GHz|dB|[kKMGT]?B|FPS|fps|ms|mm|cm|km|kg|mAh|%"
    r"|[mkM]W|[mk]V|[kMG]?Pa|[mµ]?[lL]|Nm|[kMG]?bps|GPUh|deg)?"
    r"|\d+(?:\.\d+)*\.[A-Z][a-z]*"
)


# Memoised: linking asks about each pooled form once per paper that has it (1,000 abstracts:
# 29 k calls for 18.6 k phrases; the answer depends on the phrase alone).
@lru_cache(maxsize=200_000)
def rejection(phrase: str) -> str | None:
    """Why a surface form cannot name a concept (``None`` when it can).

    A name or acronym (REINFORCE, SAM2) is always acceptable unless it is a stop word in
    capitals (FOR, AND in a title written in capitals)."""
    words = [_POSSESSIVE.sub("", w) if "'" in w or "’" in w else w for w in phrase.split()]  # as tokens are
    if not words:
        return "empty"
    parts = [p for w in words for p in w.split("-") if p]
    if not parts:
        return "empty"
    if _is_scaffold(phrase):
        return "scaffold"
    if len(words) == 1 and _QUANTITY.fullmatch(words[0]):
        return "number"  # "200Hz", "0.09M", "32.095dB", "17.5X"; "1.We", a sentence glued to its number
    lower = [p.lower() for p in parts]
    first = words[0].lower().split("-")
    # a preposition opening a hyphenated word before a noun is part of the word: "in-context
    # learning" (NAACL 2024's ICL had no long form), "on-policy learning", "per-pixel loss"
    joined = len(words) > 1 and len(first) > 1 and first[0] in _WORD_PREFIXES and first[1] not in STOP_WORDS
    if (
        lower[0] in STOP_WORDS
        and not joined
        or lower[-1] in STOP_WORDS
        or any(w in STOP_WORDS and w not in _INNER_OK for w in lower[1:-1])
    ):
        return "stop word"
    if (
        len(parts) == 1
        and lower[0] in _NOTATION
        and not parts[0].isupper()
        and (parts[0].islower() or lower[0] not in _GREEK)
    ):
        return "notation"  # "min_x max_y": 10k scale "max" (45 papers) and "min" (14, merged with MIN)
    if len(parts) == 1 and L.singular(lower[0]) in L.VERBS_ALONE and not parts[0].isupper():
        return "verb"  # "agents act" (but "dialogue act", "parse tree", "edit distance"; ACT is a name)
    if any(
        "-" in w
        and not w.isupper()
        and any(L.is_name(p) for p in w.split("-"))
        and L.readings(w.replace("-", "").lower())
        for w in words
    ):
        return "broken word"  # "acTi-vation": a word cut by a line break, not a name
    if any(w.lower().replace("-", "") in _COMPOUND_VERBS for w in words):
        return "verb"  # "fine-tunes BERT" (ACL 2021-22: 4 papers), NAACL 2024's "pretrain" (5)
    head = parts[-1]
    if L.is_name(head):
        return None
    key = L.lemma_key(phrase)
    core = generic_core(key)
    if (
        len(core) == 1
        and (core[0] in BROAD or core[0] in BROAD_ALONE)
        or len(key) <= 2
        and all(k in BROAD for k in key)
        and key[-1] != "learning"
    ):
        return "broad"  # "learning method", "training data", "benchmark dataset"
    if len(core) == 2 and len(key) > 2 and core[1] in _BROAD_SUFFIXES and core[0] in BROAD:
        return "broad"  # "data-driven approach" (16 papers of the 2023-25 scale slice), "task-specific model"
    if len(key) == 2 and key[0].lower() in _NOT_ALONE and key[1] in BROAD:
        return "broad"  # "large dataset", "new model", "different task"
    if (
        len(words) == 2
        and len(key) > len(core) == len(words[0].split("-")) > 1
        and core[0].lower() in _NOT_ALONE - _ORDINALS
        and core[1] != "order"
    ):
        return "adjective"  # "zero-shot approach", "large-scale method" (not "first-order method")
    if (
        len(core) == 1
        and len(key) > 1
        and (
            L.is_adjective(core[0])
            or core[0] in _MODIFIERS  # dev's "complex task" (9 papers)
            or (_adjective_shaped(core[0]) and key[-1] not in ("task", "problem"))  # not "auxiliary task"
        )
        and (key[-1] not in _TERM_HEADS or (core[0] in _VAGUE and key[-1] == "model"))
        and not (core[0] in _FAMILY_ADJECTIVES and key[-1] == "algorithm")
    ):
        return "adjective"  # "neural approach", "efficient method" (but "generative model" is a term)
    if len(key) == 2 and key[1] in _KIT_HEADS and not L.is_name(words[0]):
        # a kit named by a quality or a broad word names no idea: the sample's "interpretable tool"
        # (2 papers), the scale slices' "robotic platform" (9-21), "optimal solution" (11-16),
        # "learning pipeline" (4-7); so goes "surgical tool", while "simulation tool" stays
        if key[0] in BROAD or key[0] in BROAD_ALONE:
            return "broad"
        if "ADJ" in L.readings(key[0]) or key[0] in _MODIFIERS or key[0].endswith(_SHAPED_ADJECTIVE_ENDINGS):
            return "adjective"  # not a word the dictionary lacks otherwise: "nondominated solution"
    # "state-of-theart", "real-worlds": as the scale abstracts write them too
    praise = lower[:3] in (["state", "of", "the"], ["state", "of", "theart"])
    if words[0].lower() in _NOT_FIRST or praise or lower[:2] in (["real", "world"], ["real", "worlds"]):
        return "scaffold"  # "based reinforcement learning", "state-of-the-art GAN"
    if len(lower) > 1 and (
        lower[-1] in ("manner", "manners")
        or lower[-1] == "fashion"
        and len(words) > 1
        and ("-" in words[-2] or words[-2].endswith(("ed", "ive", "ic", "al", "ble", "wise", "ous")))
    ):
        # "(in an) end-to-end manner": 47 papers of 5,000 CVPR abstracts; "(in a) self-supervised
        # fashion": 7 papers of 3,000 scale abstracts of 2019-22
        return "scaffold"
    if any(L.is_verb_only(p) for p in parts if p.lower() not in _PREFIXES) or any(_verb_s(p) for p in parts[:-1]):
        return "verb"
    if len(words) == 1 and (L.is_adjective(head) or L.noun_lemma(head.lower()) in _MODIFIERS):  # "multiples"
        return "adjective"
    if len(parts) == 1 and L.prefixed_adjective(lower[0]):
        return "adjective"  # "nonlinear"; alone only: "positive semidefinite" is the long form of PSD
    if len(words) == 1 and len(parts) == 1 and _ADVERB.fullmatch(lower[0]) and "NOUN" not in L.readings(lower[0]):
        return "adverb"  # "linguistically", unknown to the dictionary (16 of 2,128 COLING abstracts)
    if len(words) == 1 and len(parts) == 1 and (L.noun_lemma(head.lower()) in _NOT_ALONE or not _wordlike(head)):
        return "not alone"  # "ones", "betters", "first", "o", "2", "github.com": hubs of 79k abstracts in --fast
    if (
        len(words) == 1
        and len(parts) == 1
        and (re.sub(r"(?<!s)s$", "", lower[0]) in _PREFIXES or _joined_modifier(lower[0]))
    ):
        return "not alone"  # "pre" (of "pre-trained", 970 papers at 79k), "largescale"
    if len(words) == 1 and len(parts) > 1 and lower[0] in _NOT_ALONE:
        return "not alone"  # "large-scale", "high-level", "few-shot": modifiers ("large-scale" led 79k abstracts)
    if (
        len(key) == 3
        and key[0].lower() in _NOT_ALONE - _ORDINALS - _COUNTS
        and key[1] in BROAD - {"order"}
        and key[2] in BROAD - {"learning"}
    ):
        # "large-scale dataset" (10k scale abstracts: 66 papers), "large data set" (29), "large
        # scale problem" (20), "high-level feature"; not "two-layer network", "first-order method"
        return "broad"
    if not L.is_nominal(head):
        return "adjective head"
    return None


#: Words that count the plural after them: with it alone they name no idea ("multiple tasks";
#: "multiple testing", "multiple kernel learning" do).
_QUANTIFIERS = frozenset("multiple many several various numerous different diverse few".split())


def quantity(phrase: str) -> bool:
    """A count of things, no idea of its own: "multiple languages", "multiple datasets" (22
    and 14 of 10k scale abstracts had them as concepts), "T rounds", "n vertices". Linking keeps one that longer terms
    are built on ("multiple criteria" of "multiple criteria decision analysis")."""
    words = phrase.split()
    if len(words) != 2:
        return False
    first = words[0]
    # or a variable: COLT's "T rounds" (10 papers), "n vertices" (8)
    counted = first.lower() in _QUANTIFIERS or (len(first) == 1 and first.isalpha() and first not in "aAI")
    return counted and L.singular(words[1].lower()) != words[1].lower()


#: Mathematical operators and the Greek letters of formulas, no concept alone (an acronym in
#: capitals, MIN or MAX, is a name): 10k scale abstracts had "sqrt" (23 papers, "O(1/sqrt(T))")
#: and TAU (15, 13 of them a "tolerance level tau"). Not "kappa": Cohen's kappa is a measure.
_GREEK = frozenset(
    """alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota lambda mu nu xi pi
    rho sigma tau upsilon phi varphi chi psi omega""".split()
)  # in lower case only: "Phi", "Delta", "Lambda" name models and products
_NOTATION = (
    frozenset("max min argmax argmin arg sup inf lim liminf limsup log exp sin cos tanh det diag sqrt".split()) | _GREEK
)

#: Words that start many phrases ("one-shot", "first-order", "better results") but name no
#: idea alone.
_NOT_ALONE = frozenset(
    """zero one two three four five first second third last next more most less least many much few
    several various new well better best worse worst able given high low large small good bad
    real true false same different larger smaller bigger""".split()
)


#: ... of which these count ("two-layer network" is a term).
_COUNTS = frozenset("zero one two three four five".split())

#: ... of which these, before a generic head, name a family: "first-order method", "second-stage model".
_ORDINALS = frozenset("first second third last next".split())

#: Verbs made of a prefix and a verb that is also a noun ("tune", "train"), which the dictionary
#: does not know whole: "fine-tuning", "pre-trained" name things, these never do.
_COMPOUND_VERBS = frozenset("finetune finetunes pretrain pretrains retrain retrains".split())

#: Words before which a word is graded or predicated, which an adjective is and a noun is not
#: ("very challenging", "remains challenging", "is stable"; "more" is left out: "more data").
GRADERS = DEGREE_ADVERBS | frozenset("is are was were be being been remains remain becomes become seems seem".split())
#: Share of a single word's occurrences right after a grader above which the corpus uses it as
#: an adjective, whatever the dictionary says ("challenging" is only a verb there, "stable" a
#: noun too). Measured on 20,000 scale abstracts: adjectives difficult 0.44, challenging 0.24,
#: robust 0.13, stable 0.10, promising 0.085, efficient 0.061; nouns at most 0.007 (memory),
#: gerunds ~0.001 (tracking, planning, training).
ADJECTIVE_USE = 0.03
#: The fewest telling occurrences (graded, or before a determiner) either reading needs.
MIN_USES = 3


#: Share of a single word's occurrences right before a determiner ("leverage the", "design a")
#: above which the corpus uses it as a verb (the chunker's rule for the corpus's verbs, see
#: :func:`graphkit.text.verbs_in`). Measured on 20,000 scale abstracts: exploit 0.55, leverage
#: 0.43, design 0.39, enable 0.25; nouns control 0.15, gain 0.05, model 0.03, image 0.002.
#: Gerunds are left out ("tracking the object": "tracking" is a field).
VERB_USE = 0.25


#: Least share of a phrase's uses as a verb and its object after "to" or a modal ("to answer
#: questions") for it to read as a verb phrase: half, as "to" is a preposition too ("converge
#: to saddle points": dev's "saddle point" has 4 papers and went at 0.25).
VERB_OBJECT_USE = 0.5


def used_as_verb(before_determiner: int, occurrences: int, share: float = VERB_USE) -> bool:
    """Does a single word (not in -ing) found ``occurrences`` times, ``before_determiner`` of
    them right before "the", "a", "our"..., read as a verb in this corpus? (And a phrase, its
    uses as subject and verb, or at ``share``, as verb and object.)"""
    return before_determiner >= MIN_USES and before_determiner >= share * occurrences


#: Least share of a single word's uses right before a content word (not a function word or a
#: generic head) for the word to read as a modifier and no concept alone. Measured on 10,000
#: scale abstracts (--fast): Markov 0.99, Bayesian 0.97, latent 0.96, dual 0.94, nonlinear
#: 0.92, Gaussian 0.90; nouns sentiment 0.87, diffusion 0.80, gradient 0.74, estimation 0.26.
MODIFIER_USE = 0.9
#: ... and the fewest uses that decide it.
MODIFIER_MIN_USES = 20


#: Prefixes that make an adjective of the noun they are joined to: "multi-objective",
#: "multi-criteria", "inter-class" modify a head ("multi-objective optimization"). Not "self"
#: or "co", whose compounds are nouns ("self-attention", "co-training"), nor a word written
#: solid ("multiset" is a noun).
_ADJECTIVE_PREFIXES = ("multi-", "multi ", "inter-", "intra-")
_CAMEL_PREFIXED = re.compile(r"(?:Multi|Inter|Intra)([A-Z][a-z]{2,})")  # "MultiModal"


@lru_cache(maxsize=200_000)  # select and name ask it of every surface of a group
def prefix_adjective(form: str) -> bool:
    """Is ``form`` one prefixed word that only modifies ("multi-objective", "multi-task",
    "intra-class")? Not a name ("Multi-PIE", "multi-GPU"): a name is a thing; nor a plural or
    a noun made to be one ("multi-encoders", "multi-modality", "multi-sampling": 10k scale
    abstracts)."""
    low = form.lower()
    camel = _CAMEL_PREFIXED.fullmatch(form)
    if camel:  # "MultiModal" (10k: 40 papers), if the dictionary knows the rest as an adjective
        return "ADJ" in L.readings(camel.group(1).lower())  # not "MultiBench" (a benchmark)
    if not low.startswith(_ADJECTIVE_PREFIXES) or form.isupper():
        return False
    rest = low[6:]  # every prefix above is six characters
    return rest.isalpha() and not L.is_name(form[6:]) and L.singular(rest) == rest and not rest.endswith(_NOUN_SUFFIXES)


_NOUN_SUFFIXES = ("ity", "ness", "ism", "ing", "tion", "sion", "ment", "ance", "ence", "ship")


#: Endings of an adjective that the dictionary may read as a noun too ("dependent",
#: "negative", "agnostic", "sensitive"); not "critic" (a noun alone, "Actor-Critic").
_ADJECTIVE_ENDINGS = ("ent", "ant", "ive", "ic", "ous", "al", "able", "ible", "ary", "less", "ful")


#: ... of which these, on a word the dictionary reads as an adjective and a noun, make it the
#: adjective before a generic head other than a task's ("automatic approach": 123 papers of
#: 5,000 CVPR abstracts, "alternative approach", "heuristic method", "generic framework"; the
#: dev set's "auxiliary task", "synthetic task" stay). Not -al, -ent, -ant, -ary: nouns that end
#: so head terms ("spectral method", "gradient method", "binary classifier").
_SHAPED_ADJECTIVE_ENDINGS = tuple(e for e in _ADJECTIVE_ENDINGS if e not in ("ent", "ant", "al", "ary"))


def _adjective_shaped(word: str) -> bool:
    return word.endswith(_SHAPED_ADJECTIVE_ENDINGS) and adjective_too(word)


def compound_adjective(form: str) -> bool:
    """Is ``form`` one hyphenated word shaped as an adjective: its last part no noun
    ("self-driving", "self-organizing", "non-clashing") or an adjective by its ending, whatever
    else the dictionary reads it as ("data-dependent", "non-negative", "task-agnostic",
    "non-asymptotic"), or three parts or more ("Image-to-Image", "data-to-text")? Not
    "e-commerce", "flapping-wing", "Actor-Critic": a noun's compound before another noun is
    that noun's modifier only there (COLING 2025 "e-commerce", 4 papers). Such a word needs
    fewer uses to read as a modifier (:data:`MODIFIER_HYPHEN_USE`)."""
    if " " in form:
        return False
    parts = [p for p in form.lower().split("-") if p]
    if len(parts) != 2:
        return len(parts) >= 3
    readings = L.readings(parts[1])
    if "NOUN" not in (readings or {"NOUN"}):
        return True
    return parts[1].isalpha() and parts[1].endswith(_ADJECTIVE_ENDINGS) and (not readings or "ADJ" in readings)


def adverb_adjective(form: str) -> bool:
    """Does ``form`` end in an adverb in -ly and the word it grades, an adjective whatever the
    dictionary also knows it as ("differentially private", "computationally hard")? COLT's
    concept of differential privacy (62 papers) was named "differentially private". Such a
    form matches the papers' text, but names no concept; nor does it with a generic head
    (COLT's "computationally-efficient algorithm", 27 papers)."""
    parts = [p for p in re.split(r"[\s-]+", form) if p]
    while len(parts) > 2 and L.word_key(parts[-1].lower()) in GENERIC_HEADS:
        parts.pop()
    if len(parts) < 2 or L.is_name(parts[-1]):
        return False
    adverb = parts[-2].lower()
    if not adverb.endswith("ly"):
        return False
    readings = L.readings(adverb)  # the dictionary knows no "differentially": "differential" + ly
    return readings == {"ADV"} or (not readings and "ADJ" in L.readings(adverb[:-2]))


#: A hyphenated word shaped as an adjective ("self-driving", "Image-to-Image",
#: :func:`compound_adjective`) reads as a modifier on fewer uses than a plain word. Measured on eleven
#: slices of the scale abstracts and dev (share of uses before a content word, uses):
#: modifiers self-driving 0.90 of 10 (WACV 2025), self-organizing 0.86 of 14 (NeurIPS
#: 1995-97), Image-to-Image 0.86 of 14, data-to-text 0.87 of 15 (ACL); on the first 10,000
#: scale abstracts (--fast) non-asymptotic 0.86 of 88, non-negative 0.84 of 58, data-dependent
#: 0.83 of 53, out-of-domain 0.83 of 83, context-sensitive 0.83 of 12, single-modal 0.82 of 11
#: (the rest of their uses predicative: "is data-dependent."); nouns self-attention 0.55-0.71,
#: cross-attention 0.60-0.75, k-means 0.57-0.64, mini-batch 0.62-0.65, goodness-of-fit 0.61,
#: fine-tuning 0.30, linear-quadratic 0.24, self-training 0.18.
MODIFIER_HYPHEN_USE = 0.8
MODIFIER_HYPHEN_MIN_USES = 8


#: A plain word the dictionary reads as an adjective as well as a noun ("tactile", "hybrid",
#: "manual", "multilingual", :func:`adjective_too`) reads as a modifier at this share of its
#: uses (:data:`ADJECTIVE_MODIFIER_USE`, on :data:`MODIFIER_MIN_USES` or more) when
#: the papers write its plural in under this share of them: an adjective has none. Measured on
#: two 10,000-abstract slices of the scale set (--fast; share before a content word, plural
#: share): adjectives tactile 0.96 / 0, physical 0.95 / 0, multilingual 0.96 / 0, hybrid
#: 0.97 / 0.001, manual 0.89 / 0.02, inverse 0.96 / 0.011, intrinsic 0.88 / 0.013, symbolic
#: 0.89 / 0, vertical 0.88 / 0; nouns humanoid 0.86 / 0.063, quadruped 0.86 / 0.048, sound
#: 0.84 / 0.063, human 0.74 / 0.14, gradient 0.67 / 0.17, video 0.60 / 0.24. Dev has no such
#: word on 20 uses.
ADJECTIVE_PLURAL_USE = 0.03
ADJECTIVE_MODIFIER_USE = 0.85


def adjective_too(form: str) -> bool:
    """Is ``form`` one plain lower-case word the dictionary reads as an adjective (and maybe a
    noun: "tactile", "hybrid", "manual")? See :data:`ADJECTIVE_PLURAL_USE`."""
    return form.isalpha() and form.islower() and "ADJ" in L.readings(form)


def used_as_modifier(modifying: int, occurrences: int, hyphenated: bool = False) -> bool:
    """Does a single word found ``occurrences`` times, ``modifying`` of them right before a word
    it modifies, only ever modify? (``hyphenated``: a compound such as "self-driving".)"""
    if hyphenated and occurrences >= MODIFIER_HYPHEN_MIN_USES and modifying >= MODIFIER_HYPHEN_USE * occurrences:
        return True
    return occurrences >= MODIFIER_MIN_USES and modifying >= MODIFIER_USE * occurrences


# An adverb in -ly made of an adjective in -al, -ible, -able, -ive, -ent, -ant, -ous or -ate:
# "differentially", "provably", "computationally", "iteratively", "sufficiently",
# "approximately" (not "only", "early", "family", "supply").
_ADVERB = re.compile(r"[a-z]{3,}(?:ally|ibly|ably|ively|ently|antly|ously|ately)")

#: Share of a single word's occurrences right after such an adverb above which the corpus uses
#: it as an adjective. Measured on the 10k scale abstracts: private 0.46, efficient 0.11, robust
#: 0.096, extract 0.092 (a verb), move 0.071; nouns at most 0.007 (Bayes, "partially Bayes"),
#: model 0.003, data 0.0002. A signal of its own, not added to :data:`GRADERS`' (nonconvex and
#: additive sit at the edge of that bar either way).
ADVERB_USE = 0.05


def adverb_grades(word: str, form: tuple[str, ...]) -> bool:
    """Is ``word`` an adverb of manner before a ``form`` that is no gerund or participle
    ("differentially private": "private" was a 68-paper concept of the 10k scale abstracts;
    "iteratively pruning" is a verb)?"""
    # the suffix first: the scan asks this of the word before every one-word occurrence
    return (
        word.endswith("ly")
        and bool(form)
        and _ADVERB.fullmatch(word) is not None
        and not form[-1].endswith(("ing", "ed"))
    )


def used_after_adverbs(adverbed: int, occurrences: int) -> bool:
    """Does a single word found ``occurrences`` times, ``adverbed`` of them right after an adverb
    (:func:`adverb_grades`), read as an adjective (or a verb) in this corpus?"""
    return adverbed >= MIN_USES and adverbed >= ADVERB_USE * occurrences


def used_as_adjective(graded: int, occurrences: int) -> bool:
    """Does a single word found ``occurrences`` times, ``graded`` of them right after a word of
    :data:`GRADERS`, read as an adjective in this corpus?"""
    return graded >= MIN_USES and graded >= ADJECTIVE_USE * occurrences


#: Prefixes a hyphen leaves alone ("pre-trained", "non-convex"): no concept in lower case (the
#: acronym PRE is a name and stays one).
_PREFIXES = L.PREFIXES


def _prefix(form: str) -> str | None:
    """The prefix a form opens with ("semi" of "semi-supervised learning" or "semi supervised
    learning"), else None."""
    first = (form.split() or [""])[0].lower()
    p = first.split("-")[0]
    return p if p in _PREFIXES and (p == first or "-" in first) else None


def other_prefix(a: str, b: str) -> bool:
    """Do two long forms open with different prefixes, or one with none ("semi-supervised
    learning" / "self-supervised learning" / "supervised learning", 0.86-0.91 apart in MiniLM and
    in the static space, all SSL)? Spellings of one form ("semi supervised") share its group key
    and never meet here."""
    return _prefix(a) != _prefix(b)


_PREFIXES_LONGEST_FIRST = sorted(L.PREFIXES, key=len, reverse=True)


def act_and_thing(a: str, b: str) -> bool:
    """Are two long forms the same words but the head, one a generic head ("language model")
    and the other the act of making one ("language modeling")? The acronym is the same (LM),
    MiniLM puts them 0.7+ apart, and they are two concepts: ACL 2022 had "language modeling" (a
    task, LM twice) inside "language model" (LM six times, 181 papers). Other heads are forms
    of one idea, or for the embeddings to judge: "temporal difference" / "differencing" (TD),
    "hyperspectral image" / "imaging" (HSI), "deep Q-network" / "deep Q-learning" (DQN)."""
    ka, kb = re.split(r"[\s-]+", a.lower().strip()), re.split(r"[\s-]+", b.lower().strip())
    if len(ka) != len(kb) or any(L.word_key(x) != L.word_key(y) for x, y in zip(ka[:-1], kb[:-1])):
        return False
    act, thing = sorted((ka[-1], kb[-1]), key=lambda w: not w.endswith("ing"))
    thing = L.word_key(thing)  # "language models"
    return act.endswith("ing") and thing in GENERIC_HEADS and act.startswith(thing.rstrip("e"))


def one_word_apart(a: str, b: str) -> bool:
    """Are two long forms the same words but one modifier, and that one another word, not a
    form of it ("constrained" / "contextual Markov decision process", "multilingual" /
    "multimodal neural machine translation": two CMDPs and MNMTs of the 10k scale abstracts,
    0.7+ apart in MiniLM)? Words that share their first four letters, or three after a shared
    prefix, are forms of one ("automatic" / "automated speech recognition", "mean squared" /
    "square error", "semantic text" / "textual similarity", "reduced" / "reduction"; not
    "multiscale" / "multistage"); a different head ("deep Q-network" / "deep Q-learning",
    "language model" / "modeling") is for the embeddings to judge."""
    ka, kb = re.split(r"[\s-]+", a.lower().strip()), re.split(r"[\s-]+", b.lower().strip())
    if len(ka) != len(kb) or ka[-1] != kb[-1] and L.word_key(ka[-1]) != L.word_key(kb[-1]):
        return False
    apart = [(x, y) for x, y in zip(ka, kb) if L.word_key(x) != L.word_key(y)]
    if len(apart) != 1:
        return False
    x, y = apart[0]
    if x in STOP_WORDS and y in STOP_WORDS:
        return False  # "reinforcement learning from" / "with human feedback": one idea
    if one_abbreviated(a, b):
        return False
    if min(len(x), len(y)) <= 2:  # "e-commerce" / "m-commerce"
        return True
    need = 4
    for p in _PREFIXES_LONGEST_FIRST:  # "multiscale" / "multistage" share a prefix and one letter
        if x.startswith(p) and y.startswith(p) and len(x) > len(p) and len(y) > len(p):
            x, y, need = x[len(p) :], y[len(p) :], 3  # "reduced" / "reduction": "re" and "duc"
            break
    x, y = x.removesuffix("e") or x, y.removesuffix("e") or y  # "spike-time" / "spike-timing dependent plasticity"
    shared = len(os.path.commonprefix([x, y]))
    return shared < min(need, len(x), len(y))


def same_marking(a: str, b: str) -> bool:
    """Do two long forms of one acronym share a word that marks its letters in capitals
    ("ELimination")? Then they write one name, translated or not: "ELimination Et Choix
    Traduisant la REalité" and "ELimination and Et Choice Translating REality" (ELECTRE, held-out:
    the translation had stood apart, MiniLM putting the two far apart)."""
    marked = {w for w in re.split(r"[\s-]+", a) if L.spelled_for_acronym(w)}  # not a name's "UNet"
    return bool(marked) and any(w in marked for w in re.split(r"[\s-]+", b))


def one_abbreviated(a: str, b: str) -> bool:
    """Are two long forms the same words but one, written in one as an acronym (in capitals)
    the other's word spells? "HP optimization" / "hyperparameter optimization": one paper of a
    2023-25 scale slice defines HPO so, the others by the words (0.56 apart in MiniLM)."""
    wa, wb = re.split(r"[\s-]+", a.strip()), re.split(r"[\s-]+", b.strip())
    if len(wa) != len(wb):
        return False
    apart = [(x, y) for x, y in zip(wa, wb) if L.word_key(x.lower()) != L.word_key(y.lower())]
    if len(apart) != 1:
        return False
    x, y = apart[0]
    return any(len(s) >= 2 and s.isupper() and spells(s, w) for s, w in ((x, y), (y, x)))


def _joined_modifier(word: str) -> bool:
    """An unknown word that is a word naming nothing alone glued to a known one ("largescale",
    "highlevel"): a modifier written without its hyphen."""
    if L.readings(word):
        return False
    return any(  # not "well": "wellbeing" is a noun
        word.startswith(w) and len(word) > len(w) + 2 and L.readings(word[len(w) :])
        for w in _NOT_ALONE
        if len(w) >= 3 and w != "well"
    )


def _wordlike(word: str) -> bool:
    """Three or more letters, no digits alone, no dots between letters (a domain)."""
    return len(word) >= 3 and any(c.isalpha() for c in word) and not re.search(r"[A-Za-z]\.[A-Za-z]", word)


def definition_rejection(long: str) -> str | None:
    """:func:`rejection` of the long form a definition gives its acronym, whose plurals right
    before a noun are nouns: "Supply Chain Risks Management (SCRM)", "Failure Mode and Effects
    Analysis (FMEA)" (held-out: SCRM stood beside "supply chain risk management", its "Risks"
    read as a verb); not one before "and" ("Behavior Trees and Motion Generators (BTMGs)"
    names two things)."""
    words = long.split()
    return rejection(
        " ".join(
            [w[:-1] if _verb_s(w) and nxt.lower() not in STOP_WORDS else w for w, nxt in zip(words, words[1:])]
            + words[-1:]
        )
    )


def _verb_s(word: str) -> bool:
    """A word in -s that reads as a verb before another word ("affects overthinking",
    "networks generalize"): a plural noun is rarely a modifier."""
    lw = word.lower()
    if L.is_name(word) or not lw.endswith("s") or lw.endswith(("ss", "us", "is", "ics")):
        return False
    return L.noun_lemma(lw) != lw and "VERB" in L.readings(lw) and lw[:-1] not in _PLURAL_NOUNS_TOO


#: Nouns the dictionary reads only as verbs whose plurals name things inside a phrase too
#: ("relation triples extraction"; "model parses" stays a verb).
_PLURAL_NOUNS_TOO = L.NOUNS_TOO - L.VERBS_ALONE


def _is_scaffold(phrase: str) -> bool:
    key = tuple(k.lower() for k in L.lemma_key(phrase))
    return key in SCAFFOLDS or generic_core(key) in SCAFFOLDS


def is_concept(phrase: str) -> bool:
    return rejection(phrase) is None


# ---------------------------------------------------------------- merging

#: Head words that name the kind of thing rather than the thing ("diffusion model" is the idea
#: "diffusion"); a form and its core merge only when their embeddings agree.
GENERIC_HEADS = frozenset(
    "model method approach framework algorithm technique architecture scheme strategy paradigm task problem based".split()
)

#: Heads that name a kit for some work, as a generic head names a kind of thing.
_KIT_HEADS = frozenset("tool toolkit toolbox solution pipeline platform".split())

#: Words after a hyphen that make a broad word a modifier ("data-driven", "task-specific"):
#: with a generic head it names no idea ("model-free" and "-aware" may: "model-free method";
#: "-based" has a rule of its own).
_BROAD_SUFFIXES = NON_HEAD - {"based", "aware", "free"}

#: Heads a long form may end on that give its acronym no letter ("long short-term memory network": LSTM).
_UNSPELLED_HEADS = GENERIC_HEADS | {"network"}

#: Words too broad to be a concept alone, or with only a generic head ("learning method",
#: "learning task", "training framework" name no idea of their own).
BROAD = TOO_BROAD | frozenset("layer weight parameter real world understanding".split())

#: A form and the same form with a generic head ("diffusion" / "diffusion model") are one
#: concept only when their embeddings (all-MiniLM-L6-v2, cosine) reach this. Measured on dev
#: phrases: same idea "diffusion" / "diffusion model" 0.87, "optimization" / "optimization
#: algorithm" 0.88, "dropout" / "dropout method" 0.82, "transformer" / "transformer model" 0.82;
#: different ideas "language" / "language model" 0.68, "knowledge" / "knowledge base" 0.64,
#: "attention" / "attention mechanism" 0.72 (joined by its own bar, :data:`AGREE_MECHANISM`).
AGREE_SIMILARITY = 0.8

#: ... and a form that adds one generic head other than "model" to a core of two words or more
#: is that core down to this: a term of two words is specific enough that its method, task or
#: framework is itself. Measured on dev, held-out, ICML 2019, ACL 2021-22 and robotics (every
#: such pair between 0.72 and 0.8): "Monte Carlo method" / "Monte Carlo" 0.795, "reinforcement
#: learning framework" 0.776, "machine learning task" 0.788, "question answering framework"
#: 0.757, "set registration algorithm" 0.750; under it "ELECTRE TRI-nB method" 0.735. "Model"
#: makes new terms of such cores ("natural language model" 0.783, "spoken language model"
#: 0.752), so it is held to the bar above.
AGREE_HEADED = 0.75


#: ... and an activity or a doer with "mechanism" is the activity down to this: the mechanism of
#: attending is attention. Measured on dev and three 3,000-abstract scale slices (every such
#: pair): "attention mechanism" 0.72, "fusion" 0.74, "actuation" 0.74, "gripper" 0.75,
#: "retrieval" 0.76, "sensing" 0.78, "inference" 0.70, "prediction" 0.64, "citation" 0.61,
#: "self-attention" 0.87; dev's "attention" (33 papers) and "attention mechanism" (28) shared
#: 9. A thing's mechanism stays another idea however close ("Gaussian mechanism" of differential
#: privacy 0.65, "spring mechanism" 0.58, "joint mechanism" 0.71).
AGREE_MECHANISM = 0.6

#: ... when the extractor chose each of the two in this many papers: a single word with one "X
#: mechanism" beside it would turn from a word kept where it is meant into a phrase's concept
#: (1987-2025 slice: one "measurement mechanism" took "measurement" from 4 papers to 50, every
#: "force-torque measurements"; "actuation" 2 -> 28 on the 2019-22 slice).
MECHANISM_SHARED = 3


def adds_a_mechanism(form: str, core: str) -> bool:
    """Is ``form`` its ``core`` with "mechanism" after an activity or a doer ("attention
    mechanism" / "attention", "gripper mechanism" / "gripper"; :data:`AGREE_MECHANISM`)?"""
    words, core_words = form.lower().split(), core.lower().split()
    return (
        len(words) == len(core_words) + 1
        and words[:-1] == core_words
        and L.singular(words[-1]) == "mechanism"
        and _act_or_agent(L.word_key(core_words[-1]))
    )


def _act_or_agent(word: str) -> bool:
    """An activity or a doer (:func:`activity`, :func:`_agent`), an -ing word only of a verb
    ("sensing", "drilling"; not "spring")."""
    last = word.split("-")[-1]
    if last.endswith("ing"):
        return _of_a_verb(last[:-3])
    if L.readings(last) and "NOUN" not in L.readings(last):
        return False  # "causal" (of "cause") is no activity: a "causal mechanism" is no causal model
    return activity(last) or _agent(last)


def adds_a_head(form: str, core: str) -> bool:
    """Is ``form`` its ``core`` of two words or more and one generic head other than "model"
    ("Monte Carlo method" / "Monte Carlo"; :data:`AGREE_HEADED`)?"""
    words, core_words = form.lower().split(), core.lower().split()
    return len(core_words) >= 2 and len(words) == len(core_words) + 1 and words[-1] in _HEADS_OF_A_TERM


_HEADS_OF_A_TERM = GENERIC_HEADS - {"model", "based"}


#: Heads that after a thing name something else: a "camera model" is a model of a camera, a
#: "robot task" a task for robots, a "matrix problem" a problem on matrices (3k scale
#: abstracts joined each to its thing at cosines 0.81-0.87, as high as "segmentation model" /
#: "segmentation"). After an activity or an agent they name the same idea: "planning task",
#: "diffusion model", "transformer model".
_HEADS_OF_ANOTHER = frozenset({"model", "task", "problem"})


def names_another(form: str, core: str) -> bool:
    """Is ``form`` a word ``core`` that names a thing, and a head of :data:`_HEADS_OF_ANOTHER`
    ("camera model" / "camera", "robot task" / "robot"), so that the two are different ideas
    whatever their embeddings say? A thing here is a word the dictionary knows as a noun that
    names no activity ("segmentation", "planning", "retrieval") and no agent of a verb
    ("transformer", "encoder"), and no adjective; a word it does not know may be a method's name ("perceptron",
    "k-means") and is not held apart."""
    words, core_words = form.lower().split(), core.lower().split()
    if len(core_words) != 1 or words[:-1] != core_words or L.singular(words[-1]) not in _HEADS_OF_ANOTHER:
        return False
    word = core_words[0]
    readings = L.readings(word)
    if not word.isalpha() or L.is_name(core) or "NOUN" not in readings or "ADJ" in readings:
        return False  # an adjective's "X model" is what it names ("tactile model", "quantum model")
    return not (activity(word) or (_agent(word) and L.singular(words[-1]) == "model"))


def task_and_tool(form: str, other: str) -> bool:
    """Are ``form`` and ``other`` one modifier with "task" and with "model" ("vision-language
    task" / "vision-language model", "language task" / "language model"), a modifier that names
    no activity? Then the task is what the model is for, another idea; an activity's
    ("segmentation task" / "segmentation model", "question answering task" / "... model") is
    the activity either way. 2023-25 scale slice: "vision-language task" had been an alias of
    "vision-language model", with 9 papers that use no such model."""
    words, others = form.lower().split(), other.lower().split()
    if len(words) < 2 or words[:-1] != others[:-1] or len(others) != len(words):
        return False
    if {L.singular(words[-1]), L.singular(others[-1])} != {"task", "model"}:
        return False  # "optimal control problem" is optimal control, "linear bandit problem" linear bandits
    return not activity(words[-2].split("-")[-1])


def task_headed(form: str) -> bool:
    """Does ``form`` end on "task" ("vision-language tasks")?"""
    return L.singular(form.lower().split()[-1]) == "task"


def activity(word: str) -> bool:
    """Does ``word`` name an activity: "segmentation", "analysis", "planning", and in -al, -ure,
    -ance, -ence or -ment one whose stem is a verb ("retrieval", "closure", "inference",
    "alignment"; not "sequence", "distance", "environment", "kernel")?"""
    if word.endswith(("tion", "sion", "sis", "ing")):
        return True
    for ending in ("al", "ure", "ance", "ence", "ment"):
        if word.endswith(ending):
            return _of_a_verb(word[: -len(ending)])
    return False


def _of_a_verb(stem: str) -> bool:
    """Is ``stem``, what is left of a word without its ending, a verb's, as written, with an
    "e" ("retriev-al"), a "y" for its "i" ("deni-al") or one of two doubled letters ("drill-ing")?"""
    stems = (
        stem,
        stem + "e",
        stem[:-1] + "y" if stem.endswith("i") else stem,
        stem[:-1] if stem[-2:-1] == stem[-1:] else stem,
    )
    return any("VERB" in L.readings(s) for s in stems if s)


def _agent(word: str) -> bool:
    """Is ``word`` the doer of a verb: "transformer" (transform), "encoder" (encode), "actuator" (actuate)?"""
    if not word.endswith(("er", "or")) or len(word) < 5:
        return False
    stem = word[:-2]
    return any("VERB" in L.readings(s) for s in (stem, stem + "e", stem[:-1] + "y" if stem.endswith("i") else stem))


def group_key(key: tuple[str, ...] | list[str]) -> str:
    """The identity forms of one concept share: lemma of each word part, names in their case,
    word boundaries ignored ("pre-training" = "pretraining", "behaviours" = "behavior"). A name
    with a number is no English word in any case: "FLAN-T5" = "Flan-T5", "LLaMA-2" = "Llama2"
    (NAACL 2024 had each twice), though "FLAN" and "LLaMA" alone keep their case."""
    parts = [L.word_key(p) for p in key]
    if len(parts) > 1 and any(c.isdigit() for p in parts for c in p):
        return "".join(parts).lower()
    return "".join(parts)


def generic_core(key: tuple[str, ...]) -> tuple[str, ...]:
    """``key`` without trailing generic heads: (diffusion, model) -> (diffusion,); never empty."""
    k = list(key)
    while len(k) > 1 and L.word_key(k[-1]) in GENERIC_HEADS:
        k.pop()
    return tuple(k)


#: Heads that, after a name, name the same artefact the name does.
DATASET_HEADS = frozenset("dataset benchmark corpus database".split())

#: A generic head only after a name: "ELECTRE-TRI methodology" is ELECTRE TRI (held-out: 6
#: papers), but "design methodology" is no design; "F1-score" is F1 (10k scale abstracts: 80
#: papers beside F1's 157), but "risk score" is no risk.
MEASURE_HEADS = frozenset("score metric measure".split())
_NAME_HEADS = DATASET_HEADS | GENERIC_HEADS | MEASURE_HEADS | {"methodology"}


def named_artefact(key: tuple[str, ...]) -> tuple[str, ...] | None:
    """The name in a name's dataset or a name with a generic head ("CIFAR10 dataset" -> CIFAR10,
    "ImageNet benchmark" -> ImageNet, "ELECTRE TRI method" -> ELECTRE TRI), else None: the two
    are one concept, whatever their embeddings say (MiniLM puts "CIFAR10 dataset" at 0.63 from
    "CIFAR-10"; a name is no ordinary word, so the core rule would not join them)."""
    named = key[:-1]
    if (
        named
        and L.word_key(key[-1]) in _NAME_HEADS
        and any(L.is_name(p) for p in named)
        and all(L.is_name(p) or p.isdigit() for p in named)
    ):
        return named
    return None


def related_key(key: tuple[str, ...] | list[str]) -> str:
    """A looser identity: the core (:func:`generic_core`) with adjectives in -al, -ual or -ic read
    as their noun ("convolutional" -> "convolution", "contextual" -> "context", "robotic" ->
    "robot"), a field in -ics before a noun as its adjective ("robotics" -> "robot"), "net" read as
    "network" and "multiple" before a noun as "multi" ("multiple criteria" / "multicriteria").
    Forms that share it are candidates for one concept; they merge only when their embeddings
    agree (:data:`AGREE_SIMILARITY`), which keeps "normal" and "norm" apart. A name's dataset
    ("ImageNet dataset") is the name."""
    core = named_artefact(tuple(key)) or generic_core(tuple(key))
    if len(core) > 1 and L.word_key(core[-1]) == "mechanism" and _act_or_agent(L.word_key(core[-2])):
        core = core[:-1]  # "attention mechanism" / "attention" (see AGREE_MECHANISM)
    out = []
    for i, p in enumerate(core):
        w = L.word_key(p)
        if w in ("net", "nets"):
            w = "network"
        elif len(w) > 6 and w.endswith("al") and "NOUN" in L.readings(w[:-2]):
            w = w[:-2]
        elif len(w) > 6 and w.endswith("ic") and L.readings(w) == {"ADJ"} and "NOUN" in L.readings(w[:-2]):
            # "robotic arm" / "robot arm" 0.95; "symbolic regression" / "symbol regression" 0.74 stay apart
            w = w[:-2]
        elif len(w) > 6 and w.endswith("ual") and "NOUN" in L.readings(w[:-3]):
            w = w[:-3]  # "contextual information" / "context information" (1987-2025 slice: 9 and 4 papers)
        elif (
            i + 1 < len(core)
            and len(w) > 7
            and w.endswith("ics")
            and L.readings(w[:-1]) == {"ADJ"}
            and "NOUN" in L.readings(w[:-3])
        ):
            # a field before a noun as its adjective: "robotics application" / "robotic application"
            # (2019-22 slice: 15 and 11 papers); not alone ("robotics" is no robot), nor "dynamics
            # model", whose "dynamic" is no "dynam"
            w = w[:-3]
        elif w == "multiple" and i + 1 < len(core) and _noun_only(core[i + 1]):
            w = "multi"  # "multiple criteria sorting" / "multi-criteria sorting", not "multiple linear regression"
        out.append(w)
    # a thing's dataset is its data: "synthetic dataset" / "synthetic data" 0.88, "training
    # data set" / "training data" (2023-25 scale slice: two concepts of 37 papers each)
    if len(out) > 1 and out[-1] in ("dataset", "datasets"):
        out[-1] = "data"
    elif len(out) > 2 and out[-2:] == ["data", "set"]:
        out.pop()
    return "".join(out)


def _noun_only(word: str) -> bool:
    """An ordinary word the dictionary knows as a noun and not as an adjective."""
    r = L.readings(L.word_key(word))
    return "NOUN" in r and "ADJ" not in r


def may_merge(a: str, b: str, similarity: float | None = None) -> bool:
    """May two surface forms be one concept (not counting acronym definitions)?

    Same lemma key: yes. A name or acronym beside an ordinary word: never
    (REINFORCE / reinforcement, MAP / map). A form and the same form with a generic head:
    when ``similarity`` (their embeddings' cosine) reaches :data:`AGREE_SIMILARITY`.
    Anything else (optimization / optimizer): no.
    """
    ka, kb = L.lemma_key(a), L.lemma_key(b)
    if _flat(ka) == _flat(kb):
        return True
    names_a = {p for p in _parts(a) if L.is_name(p)}
    names_b = {p for p in _parts(b) if L.is_name(p)}
    if names_a != names_b:
        return False
    if _flat(generic_core(ka)) != _flat(generic_core(kb)):
        return False
    return similarity is not None and similarity >= AGREE_SIMILARITY


def spells(short: str, long: str) -> bool:
    """Does ``long`` spell the acronym ``short``? Every word of the long form gives its
    initial (a stop word may give none), and a word may give further letters from inside
    ("Variational AutoEncoder" -> VAE, "Long Short-Term Memory" -> LSTM); "Policy
    Optimization" does not spell PPO. An acronym with digits is read aloud too, each letter a
    word's initial (:func:`~graphkit.text.acronyms.spoken_readings`: "Asynchronous Advantage
    Actor-Critic" spells A3C, "sequence-to-sequence" S2S)."""
    if _spells_as_written(short, long):
        return True
    words = re.split(r"[\s-]+", long.lower().strip())
    return any(_initials_read(letters, words) for letters in spoken_readings(short))


def _initials_read(letters: list[str], words: list[str]) -> bool:
    """Are ``letters`` (one of :func:`~graphkit.text.acronyms.spoken_readings`) the initials of
    ``words``, "to" the word itself, a stop word's or a trailing generic head's initial missing?
    "Structured State Space Sequence model" is S4, "Text-to-Text Transfer Transformer" T5."""
    while len(words) > 1 and len(words) > len(letters) and L.word_key(words[-1]) in _UNSPELLED_HEADS:
        words = words[:-1]

    @cache
    def go(li: int, wi: int) -> bool:
        if wi == len(words):
            return li == len(letters)
        w = words[wi]
        gives = li < len(letters) and (w == letters[li] if len(letters[li]) > 1 else w[:1] == letters[li])
        return bool(w) and ((gives and go(li + 1, wi + 1)) or (w in STOP_WORDS and go(li, wi + 1)))

    return go(0, 0)


def _spells_as_written(short: str, long: str) -> bool:
    letters = [
        c.lower() for c in (short[:-1] if short.endswith("s") and short[:-1].isupper() else short) if c.isalnum()
    ]
    words = [w.lower() for w in long.split() if w]
    if not letters or not words:
        return False
    if len(letters) >= 2 and [c.lower() for c in long if c.isupper()] == letters:
        return True  # the authors capitalised its letters: "Maximum a-posteriori Policy Optimisation" (MPO)
    # a generic head at the end may give no letter ("LSTM" = "long short-term memory network")
    while len(words) > 1 and not _spelled(letters, words) and L.word_key(words[-1]) in _UNSPELLED_HEADS:
        words = words[:-1]
    if len(letters) >= 3 and len(words) > 2 and not _spelled(letters, words):
        # a longer acronym may take two letters from one word and skip the last word
        # ("EMP" = "EMbodied Perception memory"); a two-letter one may not ("RL" is not
        # "reward learning policy")
        return _spelled(letters, words[:-1])
    return _spelled(letters, words)


def _spelled(letters: list[str], words: list[str]) -> bool:
    """Do ``words`` spell ``letters`` (see :func:`spells`)?"""

    @cache
    def go(li: int, wi: int, inside: int) -> bool:
        # li: next letter; wi: current word; inside: position reached inside word wi (0 = not started)
        if li == len(letters):
            return wi == len(words) - 1 and inside > 0 or wi >= len(words)
        if wi < len(words) and inside > 0:
            j = words[wi].find(letters[li], inside)
            if j > 0 and go(li + 1, wi, j + 1):
                return True
        nxt = wi + 1 if inside > 0 else wi
        if nxt < len(words):
            w = words[nxt]
            if w[0] == letters[li] and go(li + 1, nxt, 1):
                return True
            if w in STOP_WORDS and go(li, nxt + 1, 0):
                return True
        return False

    return go(0, 0, 0)


def abbreviates(short: str, long: str) -> bool:
    """Does a paper's definition "long (short)" name one thing twice? When ``long`` spells
    ``short`` (:func:`spells`), and in looser readings that only a definition may use (the
    benchmark's scorer keeps :func:`spells`):

    - a name made of its words' beginnings, the first word's and the last word's among them:
      "Dense Convolutional Network (DenseNet)", "Warped Residual Network (WarpNet)",
      "convolutional neural networks (ConvNets)" (dev: DenseNet, 10 papers, stood beside "dense
      convolutional network", ConvNet, 12, beside CNN's long form);
    - an acronym of three letters or more whose long form has one inner word that gives none, or
      a word after a number ("neural task graph solver (NTS)", "Permutation-based 2-rank method
      (PRM)"); a two-letter one may not skip ("RL" is not "reward learning policy");
    - an acronym whose letters the authors marked in capitals in the long form's first words, one
      word marking more than its initial, the name going on after them: "Truncated HORizon Policy
      Search (THOR)" (dev: THOR stood beside its long form).
    """
    if spells(short, long):
        return True
    if _camel(short):
        words = re.split(r"[\s-]+", long.lower().strip())
        for s in {short, short.removesuffix("s")}:
            pieces = [p.lower() for p in re.sub(r"(?<=[a-z])(?=[A-Z])", " ", s).split()]
            if len(words) >= 2 and _beginnings(pieces, words):
                return True
        return False
    if not short.isupper() or not short.isalnum() or not long.split():
        return False
    if _marked(short, long.split()):
        return True
    letters = [c.lower() for c in (short[:-1] if short.endswith("S") and len(short) > 3 else short)]
    first, *rest = long.lower().split()
    words = [first] + [re.sub(r"^\d+-(?=[a-z])", "", w) for w in rest]  # "2-rank" gives its r; "4-DOF" no D
    return len(letters) >= 3 and _initials(letters, words)


def _marked(short: str, words: list[str]) -> bool:
    """Do the capitals of ``words``' first two or more words, one of them marking letters inside
    itself ("HORizon"), make ``short``, more words following? "Long Short-Term Memory"'s
    capitals make LSTM without marking; "LSTM Language Model" marks nothing either."""
    capitals = ""
    for i, w in enumerate(words[:-1]):
        capitals += "".join(c for c in w if c.isupper())
        if capitals == short:
            return i > 0 and any(L.spelled_for_acronym(v) for v in words[: i + 1])
        if not short.startswith(capitals):
            return False
    return False


def _initials(letters: list[str], words: list[str]) -> bool:
    """Are ``letters`` the initials of ``words``, each word's but a stop word's and one inner
    word's? No letter from inside a word: "neural machine translation" is no NAT."""
    given, skipped = 0, False  # greedy: a word whose initial is the next letter gives it
    for i, w in enumerate(words):
        inner = 0 < i < len(words) - 1
        if given < len(letters) and w[0] == letters[given]:
            given += 1
        elif inner and w in STOP_WORDS:
            continue
        elif inner and not skipped:
            skipped = True
        else:
            return False
    return given == len(letters)


def _camel(short: str) -> bool:
    """A name written in pieces that each start with a capital, lower case after ("DenseNet")."""
    return bool(re.fullmatch(r"(?:[A-Z][a-z]+){2,}s?", short))


def _beginnings(pieces: list[str], words: list[str]) -> bool:
    """Does each piece begin a word, in order, the first piece the first word and the last
    piece the last word (the words between may give none)?"""
    if not words[0].startswith(pieces[0]) or not words[-1].startswith(pieces[-1]):
        return False
    wi = 1
    for p in pieces[1:-1]:
        while wi < len(words) - 1 and not words[wi].startswith(p):
            wi += 1
        if wi >= len(words) - 1:
            return False
        wi += 1
    return True


def _parts(phrase: str) -> list[str]:
    return [p for w in phrase.split() for p in w.split("-") if p]


def _flat(key: tuple[str, ...]) -> str:
    """A lemma key with word boundaries ignored: "pre-training" = "pretraining"."""
    return "".join(key)


# ---------------------------------------------------------------- names and kinds


def display_name(written: Counter | dict[str, int], initial: Iterable[str] = (), others: Iterable[str] = ()) -> str:
    """The authors' most frequent written form, case kept ("EnvSocial-Diff", "OVO-Bench").

    ``initial`` are forms seen only at a sentence start, whose capital is not the authors'
    choice: they count for the lower-case form. Ties go to the form with fewer capitals
    among ordinary words, then the one written as more words ("black box", "Swin
    Transformer", not "blackbox", "SwinTransformer": the shorter had won, 10k scale
    abstracts), then the shorter, then alphabetical order. ``others``: the concept's
    other forms (a name's singular written there makes its final S a plural's).
    """
    initial = set(initial)
    seen = {f.lower() for f in (*written, *others)}  # "autoencoder" is "AutoEncoders"'s singular written
    # but not in capitals alone, a title's, for a form that is not: 3k scale abstracts' "CITYSCAPE"
    # made 9 papers' Cityscapes "Cityscape"
    unshouted = {f.lower() for f in (*written, *others) if not f.isupper()}
    votes: Counter = Counter()
    pooled: dict[str, Counter] = {}
    for form, n in written.items():
        if form in initial and form[:1].isupper() and not L.is_name(form.split()[0].split("-")[0]):
            form = form[:1].lower() + form[1:]
        one = singular_form(form)
        last = form.rsplit(None, 1)[-1].rsplit("-", 1)[-1]
        if (
            one != form
            and (
                (_own_s(last) and one.lower() not in (seen if form.isupper() else unshouted))
                # a capitalised word whose singular the papers never write: a name (Cityscapes)
                or (form == last and last[:1].isupper() and last[1:].islower() and one.lower() not in unshouted)
            )
        ):
            one = form
        votes[one] += n
        pooled.setdefault(one, Counter())[form] += n
    best = min(votes, key=lambda f: (-votes[f], sum(c.isupper() for c in f), -_separators(f), len(f), f))
    return _plural_kept(best, pooled[best])


def _separators(form: str) -> int:
    """The spaces in a form, and its hyphens that join what is no word written together:
    "co-occurrence", "U-Net", not "sub-set" ("subset" is a word) nor a prefix's that is often
    written closed ("multi-criteria", "non-convex", "pre-trained": the held-out MCDA keywords
    write "multicriteria analysis method", which its papers wrote so as often)."""
    hyphens = sum(
        1
        for w in form.split()
        if "-" in w
        for a, b in zip(w.split("-"), w.split("-")[1:])
        if a.lower() not in _CLOSED_PREFIXES and not L.readings((a + b).lower())
    )
    return form.count(" ") + hyphens


_CLOSED_PREFIXES = frozenset("pre post non multi sub inter intra re un de bi tri hyper mini uni super quasi".split())


def _own_s(word: str) -> bool:
    """May a name's final S be its own? "UTADIS", "DBMS" in capitals, and a name written as
    words ("nuScenes", "HoloLens", "SoundSpaces": 2,523 robotics abstracts showed "nuScene",
    "HoloLen"), unless its singular is written too ("GANS" beside GAN); not an acronym's
    plural ("CNNs", "TrFNs", "LiDARs") nor an ordinary word's ("MCT-sets")."""
    if word.isupper():
        return True
    stem = word[:-1]
    return L.is_name(word) and 2 * sum(c.isupper() for c in stem) < sum(c.isalpha() for c in stem)


def _plural_kept(form: str, written: Counter) -> str:
    """``form``, or its Greek or Latin plural in -a when the authors write it more than the
    singular: "criteria" (the MCDA exports: 60 to 3), "linguistic phenomena"; not "adjacency
    matrices" nor "neural networks"."""
    last = form.rsplit(None, 1)[-1].lower()
    plurals = {w: n for w, n in written.items() if w.lower() != form.lower()}
    if not plurals:
        return form
    plural = min(plurals, key=lambda w: (-plurals[w], sum(c.isupper() for c in w), w))
    n = plurals[plural]
    many = plural.rsplit(None, 1)[-1].lower()
    latin = many.endswith("a") and last.endswith(("on", "um")) and many[:-1] == last[:-2]
    singular_uses = sum(m for w, m in written.items() if w.lower() == form.lower())
    return plural if latin and n > singular_uses and not L.is_name(many) else form


_LAST_WORD = re.compile(r"[^\s-]+$")
_COUNTED = re.compile(r"(?:^|[\s-])(?:multiple|many|several|various|numerous|multi|least)[\s-]$", re.I)
_OF = re.compile(r"\sof\s", re.I)
_OF_IN_WORD = re.compile(r"-of-", re.I)


def singular_form(form: str) -> str:
    """The form with its last word singular, case kept ("Diffusion Models" -> "Diffusion Model",
    "LLMs" -> "LLM")."""
    m = _LAST_WORD.search(form)
    if not m:
        return form
    if _COUNTED.search(form[: m.start()]):
        return form  # "multiple criteria", "multi-criteria", "least squares": a plural by meaning
    token = form.split()[-1]
    if _OF_IN_WORD.search(token) or _OF.search(form[: len(form) - len(token)]):
        return form  # "sum-of-squares", "mixture of experts": the head is before "of" (COLT: "sum-of-square");
        # not "state-of-the-art CNNs", "out-of-vocabulary words", where "of" is in a modifier
    last = m.group()
    if L.is_name(last):
        one = L.name_singular(last)
    else:
        lemma = L.singular(last.lower())
        if len(lemma) < 2:  # one letter: as written ("RGB-D" was shown "RGB-d")
            one = last
        else:
            one = lemma if last.islower() else (lemma.upper() if last.isupper() else lemma[:1].upper() + lemma[1:])
    return form[: m.start()] + one


_KIND_WORDS = {
    "dataset": {"dataset", "data set", "benchmark", "corpus", "suite", "database", "collection", "challenge"},
    "model": {"model", "network", "architecture", "backbone", "encoder", "decoder", "transformer", "checkpoint"},
    "method": {
        "algorithm",
        "method",
        "estimator",
        "objective",
        "loss",
        "procedure",
        "technique",
        "trick",
        "update",
        "optimizer",
        "scheme",
        "gradient",
        "baseline",
        "policy",
        "framework",
    },
    "metric": {"score", "metric", "accuracy", "distance", "divergence", "measure"},
    "task": {"task", "problem", "challenge"},
}


def kind_from_context(next_words: Counter | dict[str, int], min_share: float = 0.2) -> str | None:
    """The kind the papers' own words give a form: what follows it ("DROID dataset",
    "SAM2 model", "the REINFORCE algorithm / estimator"). ``None`` when the context says
    nothing (fewer than ``min_share`` of the uses)."""
    total = sum(next_words.values())
    if not total:
        return None
    score: Counter = Counter()
    for word, n in next_words.items():
        w = L.noun_lemma(word.lower())
        for kind, words in _KIND_WORDS.items():
            if w in words:
                score[kind] += n
                break
    if not score:
        return None
    # a tie goes to the artefact: "GLUE tasks" and "GLUE benchmark" make a benchmark of tasks
    kind = max(score, key=lambda k: (score[k], k != "task"))
    return kind if score[kind] / total >= min_share else None


#: Names of measures whose variants carry a number or a letter ("BLEU-4", "ROUGE-L").
_METRIC_NAMES = frozenset("bleu rouge meteor chrf cider ter wer bertscore".split())
#: Endings of names that make models of a family ("BioBERT", "DeBERTa", "StyleGAN", "SegFormer",
#: "DialoGPT"); not "Net", which as often ends a dataset's name (ImageNet, WordNet, ShapeNet).
_MODEL_FAMILY = re.compile(r"(?:BERTa?|GAN|GPT|LSTM|[Ff]ormer)$")


def name_kind(name: str) -> str | None:
    """The kind a name's shape gives: a name with a version number is a model (SAM2, GPT-4,
    Llama-2, T5), one with a size in thousands a dataset (Flickr30k, ImageNet-1k);
    an English word written in capitals is a named algorithm (REINFORCE)."""
    parts = _parts(name)
    if len(parts) <= 2 and parts[0].lower() in _METRIC_NAMES:
        return "metric"  # "BLEU-4", "ROUGE-L", "METEOR" (3,000 scale abstracts of 2019-22: a model, a term, a method)
    if len(parts) <= 2 and len(parts[0]) > 4 and L.is_name(parts[0]) and _MODEL_FAMILY.search(parts[0]):
        return "model"  # "BioBERT", "mBERT", "DeBERTa", "StyleGAN", "SegFormer" (there: terms)
    if len(parts) == 2 and re.fullmatch(r"(?:19|20)\d\d", parts[1]):
        return None  # a year: an edition of a benchmark, a shared task or an event (SemEval-2023, COCO 2017)
    if len(parts) == 1 or (len(parts) == 2 and re.fullmatch(r"v?\d+(?:\.\d+)?[A-Za-z]?", parts[1])):
        first = parts[0]
        if L.is_name(first) and re.search(r"[A-Za-z]\d", first) or len(parts) == 2 and L.is_name(first):
            # a count of thousands is a collection's size: Flickr30k, ImageNet-1k (the sample's
            # Flickr30k had been a model); millions may be a model's parameters (OPT-125M) or a
            # dataset's records (MovieLens-1M), billions are a model's
            return "dataset" if re.search(r"\d[kK]$", parts[-1]) else "model"
        if first.isupper() and len(first) > 3 and L.readings(first.lower()):
            return "method"
    return None
