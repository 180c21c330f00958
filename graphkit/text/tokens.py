"""Tokens: words (hyphenated words kept whole) and single punctuation marks."""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["Token", "tokenize", "token_texts"]

# A word: letters and digits, joined by hyphens, apostrophes or dots ("e.g", "GPT-4o"), or a
# punctuation mark alone. Written as runs, the same tokens as a letter at a time with a lookahead
# after each joiner (r"[^\W_](?:[^\W_]|[-'\u2019.](?=[^\W_]))*"), 30% faster.
_TOKEN = re.compile(r"[^\W_]+(?:[-'\u2019.][^\W_]+)*|[^\w\s]", re.UNICODE)


# A NamedTuple, not a frozen dataclass: half the cost to build (a frozen dataclass sets each
# field through object.__setattr__).
class Token(NamedTuple):
    text: str
    start: int
    end: int

    @property
    def is_word(self) -> bool:
        return self.text[0].isalnum()


def _possessive(t: str) -> bool:
    return len(t) > 2 and t[-2] in "'’" and t[-1] in "sS"  # "LaGoVAD's" -> "LaGoVAD"


def tokenize(text: str) -> list[Token]:
    """Words (hyphenated words kept whole) and single punctuation marks."""
    toks = []
    for m in _TOKEN.finditer(text):
        t, end = m.group(), m.end()
        if _possessive(t):
            t, end = t[:-2], end - 2
        toks.append(Token(t, m.start(), end))
    return toks


def token_texts(text: str) -> list[str]:
    """``[t.text for t in tokenize(text)]``, without building the tokens: one ``findall``
    (the chunker, the verb counts, the artefact finder and the linker's scan and naming each
    tokenize every text; one pass over 1,000 abstracts: 0.44 s -> 0.18 s). A word token starts
    with a letter or digit (``t[0].isalnum()``)."""
    toks = _TOKEN.findall(text)
    if "'" in text or "\u2019" in text:
        toks = [t[:-2] if _possessive(t) else t for t in toks]
    return toks
