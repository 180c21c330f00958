"""Tokens: words (hyphenated words kept whole) and single punctuation marks."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Token", "tokenize"]

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
