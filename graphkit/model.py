"""Plain data records that flow between the stages."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Paper", "Candidate", "Concept", "Mention"]


@dataclass
class Paper:
    """One input record (see docs/DESIGN.md). Only ``abstract`` is required."""

    id: str
    abstract: str
    title: str = ""
    year: int | None = None
    venue: str = ""
    url: str = ""
    authors: list[str] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    source: str = ""  # "file:line" the record came from, for error messages


@dataclass
class Candidate:
    """A keyphrase proposed for one paper, before linking."""

    text: str  # surface form as written (case kept)
    score: float  # relevance to the paper, 0..1
    artefact: bool = False  # a named method/model/dataset (acronym, CamelCase, digits)


@dataclass
class Concept:
    """A canonical concept shared by papers."""

    key: str
    name: str
    aliases: list[str] = field(default_factory=list)
    kind: str = "term"
    paper_count: int = 0
    first_year: int | None = None
    source: str = "extracted"  # where it came from: extracted, keyword (authors' keywords) or both


@dataclass
class Mention:
    """Paper -> Concept, with how relevant the concept is to that paper."""

    paper_id: str
    concept_key: str
    score: float
    rank: int
    evidence: str
