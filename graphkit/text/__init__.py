"""Text utilities: cleaning, sentences, tokens, normal forms, acronyms, candidate phrases.

Everything here is plain Python over strings, with no model: it is the part of concept
extraction that decides *what* may be a concept and *which surface forms are the same*.
One module per job: :mod:`.clean`, :mod:`.tokens`, :mod:`.forms`, :mod:`.acronyms`,
:mod:`.chunking`, and the shared word lists in :mod:`.words`.
"""

from __future__ import annotations

from .acronyms import AcronymDef, find_acronyms, spoken_readings
from .chunking import (
    MAX_PHRASE_WORDS,
    candidate_phrases,
    name_counts,
    name_joins,
    name_of,
    ngrams,
    verb_counts,
    verbs_from_counts,
    verbs_in,
)
from .clean import CONTROL_CHARS, clean, sentences
from .forms import (
    GENERIC_HEADS,
    artefact_part,
    core,
    is_artefact,
    merge_key,
    norm_word,
    phrase_key,
    singular,
    stem,
    word_parts,
)
from .tokens import Token, token_texts, tokenize
from .words import NON_HEAD, STOPWORDS

__all__ = [
    "CONTROL_CHARS",
    "clean",
    "sentences",
    "Token",
    "tokenize",
    "token_texts",
    "norm_word",
    "singular",
    "is_artefact",
    "artefact_part",
    "word_parts",
    "phrase_key",
    "GENERIC_HEADS",
    "core",
    "stem",
    "merge_key",
    "AcronymDef",
    "find_acronyms",
    "spoken_readings",
    "STOPWORDS",
    "NON_HEAD",
    "MAX_PHRASE_WORDS",
    "verbs_in",
    "verb_counts",
    "verbs_from_counts",
    "candidate_phrases",
    "name_of",
    "name_counts",
    "name_joins",
    "ngrams",
]
