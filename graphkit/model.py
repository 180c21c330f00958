"""Plain data records that flow between the stages."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Paper", "Reference", "Candidate", "Concept", "Mention"]


@dataclass
class Reference:
    """One cited work as an export describes it, before it is resolved to a paper.

    Any field may be empty: an OpenAlex ``referenced_works`` entry has only ``id``, a Web of
    Science cited reference ("Smith J, 2010, NATURE, V1, P1, DOI 10...") has author, year,
    source, volume, page and perhaps a DOI, a Scopus one a title too.
    """

    id: str = ""  # an identifier of the source (OpenAlex W..., Semantic Scholar paperId, a corpus id)
    doi: str = ""
    title: str = ""
    year: int | None = None
    author: str = ""  # the first author as written ("Smith J", "Smith, J.")
    venue: str = ""  # journal or book as written
    volume: str = ""
    page: str = ""
    text: str = ""  # the reference as written in the export, for display and keys


@dataclass
class Paper:
    """One input record (see docs/DESIGN.md).

    A record needs an abstract to get concepts; a record from a bibliographic export with only
    a title (and references) still takes part in the citation graph.
    """

    id: str
    abstract: str = ""
    title: str = ""
    year: int | None = None
    venue: str = ""
    url: str = ""
    authors: list[str] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)  # ids of cited papers (the JSON record)
    source: str = ""  # "file:line" the record came from, for error messages
    doi: str = ""  # normalised: lower case, no https://doi.org/ prefix
    cited: list[Reference] = field(default_factory=list)  # cited works as an export describes them
    citing: list[Reference] = field(default_factory=list)  # works known to cite this one (Semantic Scholar)
    ids: dict[str, str] = field(default_factory=dict)  # other identifiers: {"openalex": "W...", "wos": ...}
    sources: list[str] = field(default_factory=list)  # every "file:line" merged into this record
    external: bool = False  # a cited work outside the corpus, known only from references


@dataclass(slots=True)
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


@dataclass(slots=True)
class Mention:
    """Paper -> Concept, with how relevant the concept is to that paper."""

    paper_id: str
    concept_key: str
    score: float
    rank: int
    evidence: str
