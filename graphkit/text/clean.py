"""Cleaning: text for analysis (LaTeX and Markdown emphasis removed), sentences, control characters."""

from __future__ import annotations

import re
import unicodedata

from .words import STOPWORDS

__all__ = ["CONTROL_CHARS", "clean", "sentences"]

#: Characters XML cannot hold and nobody can see: C0 controls other than tab, newline and
#: carriage return, DEL, and the non-characters U+FFFE/U+FFFF. Readers turn them into spaces;
#: exports replace any that reach a graph by other means.
CONTROL_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")

_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2212\ufe63\uff0d"), "-")
#: An en dash between a letter and a lower-case word joins a compound ("Multi\u2013criteria
#: Classification Methods": held-out had a concept "criteria decision aid"), and so do the en
#: dashes of three or more words written together ("end\u2013to\u2013end"); between digits it
#: is a range, before a capital or a stop word often a dash ("MCDA\u2013Multi-Criteria
#: Decision Analysis", "is also simplified\u2013to factual consistency").
_EN_DASH_JOIN = re.compile(r"(?<=[^\W\d_])\u2013(?=([a-z]+))")
_EN_DASH_CHAIN = re.compile(r"[^\W\d_]+(?:\u2013[^\W\d_]+){2,}")


def _en_dash(m: re.Match) -> str:
    return m.group() if m.group(1) in STOPWORDS else "-"


_LATEX_CMD = re.compile(r"\\(?:textbf|textit|emph|texttt|textsc|mathrm|mathbf|mathcal|text|url)\{([^{}]*)\}")
#: An arrow between two things reads "to": ACML 2018's "English$\rightarrow$French" had been the concept
#: "EnglishrightarrowFrench" (about 60 arrows in the scale abstracts, most "$x \rightarrow 0$").
_LATEX_ARROW = re.compile(r"\\(?:x?(?:long)?(?:right|left|leftright|Right|Left|Leftright)arrow|to|mapsto)(?![A-Za-z])")
#: Math symbols and operators no text reads as words: the first 10,000 scale abstracts had the
#: concepts "infty" (26 papers), "leq" (13), "cdot" (7), "d geq", "hat" (from "$n \to \infty$",
#: "$k \leq n$"). Greek letters keep their names ("$\epsilon$-greedy", "$\alpha$-divergence"),
#: and so does a sub- or superscript ("$\ell_\infty$ norm").
_LATEX_SYMBOL = re.compile(
    r"(?<![_^])\\(?:infty|leq?|geq?|neq?|ll|gg|cdots?|ldots|dots|times|in|notin|subseteq|subset|sim|approx|propto|pm"
    r"|mid|quad|qquad|left|right|forall|exists|hat|tilde|widehat|widetilde|bar|overline|vec)(?![A-Za-z])"
)
_LATEX_ESC = re.compile(r"\\([%&#_$])")
_MATH = re.compile(r"\$([^$]{0,80})\$")
_MARKUP = re.compile(r"(?<!\w)[*_]{1,2}(?=\S)(.+?)(?<=\S)[*_]{1,2}(?!\w)")
#: LaTeX accents: "Fr\'echet" is Fréchet, "G\"odel" Gödel, "\l{}ojasiewicz" łojasiewicz (3,000 scale
#: abstracts of 2019-22 had the aliases "Fr\'echet Story Distance" and "polyak-ł{}ojasiewicz").
_LATEX_ACCENT = re.compile(r"\\(['\"`^~])\{?([A-Za-z])\}?")
_ACCENTS = {"'": "\u0301", '"': "\u0308", "`": "\u0300", "^": "\u0302", "~": "\u0303"}
_LATEX_LETTER = re.compile(r"\\(l|L|o|O|ss)(?![A-Za-z])(?:\{\})?")
_LETTERS = {"l": "ł", "L": "Ł", "o": "ø", "O": "Ø", "ss": "ß"}
_EMPTY_BRACES = re.compile(r"(?<=\w)\{\}")
#: A word glued to the capitalised name after it, as some abstracts are written: "theVAE",
#: "andGaussian", "calledStable ResNet" (3,000 scale abstracts of 2019-22: concepts and aliases).
_GLUED = re.compile(r"\b(the|and|called|named|termed|dubbed|with)(?=[A-Z][A-Za-z])")
#: "et al." as OCR reads it, a capital I for the l: 8 of the 79,345 scale abstracts, whose "aI" had
#: been a concept (and a spelling of AI).
_ET_AI = re.compile(r"\bet aI\b")


def clean(text: str) -> str:
    """Text for analysis: LaTeX and Markdown emphasis removed, dashes unified (an en dash too,
    between letters).

    The stored abstract stays verbatim; only extraction reads the cleaned form.
    """
    text = text.translate(_DASHES)
    if "\u2013" in text:
        text = _EN_DASH_CHAIN.sub(lambda m: m.group().replace("\u2013", "-"), text)
        text = _EN_DASH_JOIN.sub(_en_dash, text)
    if "\\" in text:  # each pass only where a match can be (1,000 abstracts: 0.15 s -> 0.03 s)
        text = _LATEX_ACCENT.sub(lambda m: unicodedata.normalize("NFC", m.group(2) + _ACCENTS[m.group(1)]), text)
        text = _LATEX_LETTER.sub(lambda m: _LETTERS[m.group(1)], text)
        text = _LATEX_CMD.sub(r"\1", text)
        text = _LATEX_ESC.sub(r"\1", text)
        text = _LATEX_ARROW.sub(" to ", text)
        text = _LATEX_SYMBOL.sub(" ", text)
    if "$" in text:
        text = _MATH.sub(lambda m: m.group(1).replace("\\", ""), text)
    if "*" in text or "_" in text:
        text = _MARKUP.sub(r"\1", text)
    if "aI" in text:
        text = _ET_AI.sub("et al", text)
    if "{}" in text:
        text = _EMPTY_BRACES.sub("", text)
    text = _GLUED.sub(r"\1 ", text)
    return " ".join(text.split())  # re.sub(r"\s+", " ", text).strip(): str.split's whitespace is re's \s


_ABBREV = re.compile(r"\b(?:e\.g|i\.e|et al|etc|vs|cf|Fig|Eq|Sec|resp|approx|i\.i\.d)\.$", re.I)


def sentences(text: str) -> list[str]:
    """Split cleaned text into sentences (good enough for abstracts). A blank line ends one
    whatever follows (cleaned text has none but the one before the authors' keywords that
    ``--concepts both`` appends: "Copyright:" and a keyword list were one evidence sentence)."""
    if "\n\n" in text:
        return [s for block in text.split("\n\n") for s in sentences(block)]
    parts = re.split(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])", text)
    out: list[str] = []
    for p in parts:
        # an abbreviation is at most 7 characters ("approx."): the last 8 hold it and the \b
        # before it, and the search need not try every position of the sentence
        if out and _ABBREV.search(out[-1][-8:]):
            out[-1] = out[-1] + " " + p
        else:
            out.append(p)
    return [s.strip() for s in out if s.strip()]
