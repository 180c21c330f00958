"""Reference resolution, external works and the derived networks, on hand-made cases."""

from __future__ import annotations

import pytest

from graphkit.biblio import author_parts, normalise_doi, normalise_title, parse_scopus_reference, parse_wos_reference
from graphkit.citations import author_keys, coauthorship, cocitation, coupling, resolve, venue_matches
from graphkit.model import Paper, Reference

from .conftest import SHARED, needs_shared


def paper(pid, **kw) -> Paper:
    return Paper(id=pid, title=kw.pop("title", f"Paper {pid}"), **kw)


@pytest.mark.parametrize(
    "raw",
    [
        "10.1038/Nature123",
        "https://doi.org/10.1038/nature123",
        "doi:10.1038/NATURE123",
        "DOI 10.1038/nature123",
        "http://dx.doi.org/10.1038/nature123.",
        "DOI DOI 10.1038/nature123",
    ],
)
def test_doi_variants(raw):
    assert normalise_doi(raw) == "10.1038/nature123"


def test_title_normalisation():
    assert normalise_title("Attention Is All You Need!") == normalise_title("attention is all you need")
    assert normalise_title("{BERT}: Pre-training of Deep") == normalise_title("BERT - pre training of deep")
    assert normalise_title(r"M\"{o}bius {\&} Caf\'{e}") == normalise_title("Möbius & Café") == "mobius cafe"


@pytest.mark.parametrize(
    "name, parts",
    [
        ("Smith, John", ("smith", "j")),
        ("Smith, J.", ("smith", "j")),
        ("SMITH J", ("smith", "j")),
        ("J. Smith", ("smith", "j")),
        ("Figueira, J.R.", ("figueira", "jr")),
        ("Figueira JR", ("figueira", "jr")),
        ("Costa de Beauregard O.", ("costa de beauregard", "o")),
        ("A. S. Z. Belloum", ("belloum", "asz")),
    ],
)
def test_author_parts(name, parts):
    assert author_parts(name) == parts


def test_wos_cited_reference_string():
    ref = parse_wos_reference("Smith J, 2010, NATURE, V1, P1, DOI 10.1038/X1")
    assert (ref.author, ref.year, ref.venue, ref.volume, ref.page, ref.doi) == (
        "Smith J",
        2010,
        "NATURE",
        "1",
        "1",
        "10.1038/x1",
    )
    anon = parse_wos_reference("[Anonymous], 2000, B WORLD HEALTH ORGAN, V78, P868")
    assert (anon.author, anon.year, anon.venue) == ("", 2000, "B WORLD HEALTH ORGAN")


def test_scopus_reference_string():
    ref = parse_scopus_reference(
        "Brans, J.P., Vincke, P., A preference ranking organisation method (1985) "
        "Management Science, 31 (6), pp. 647-656"
    )
    assert (ref.author, ref.title, ref.year, ref.venue, ref.volume, ref.page) == (
        "Brans, J.P.",
        "A preference ranking organisation method",
        1985,
        "Management Science",
        "31",
        "647",
    )


def test_a_scopus_reference_lists_editors_and_publisher_stay_with_their_reference():
    """One NAMD paper's references (the formats' Scopus CSV) were split at every "; ": eight
    "Eds." pieces became one outside work titled "Eds", and "Hermans, J." a work "Hermans"."""
    from graphkit.biblio import split_scopus_references

    text = (
        "Hairer, E., Lubich, C., (2002) Geometric Numerical Integration, 31. , Springer; Springer-Verlag: Berlin; "
        "Skeel, R., Integration schemes (1999) Computational Molecular Dynamics, p. 1. , Deuflhard, P.; Hermans, J.; "
        "Skeel, R. D., Eds.; Springer-Verlag: Berlin; "
        "Brans, J.P., A preference ranking organisation method (1985) Management Science, 31 (6), pp. 647-656; "
        "The Hidden Crisis: Armed Conflict and Education. Report. UNESCO"
    )
    refs = split_scopus_references(text)
    assert [parse_scopus_reference(r).year for r in refs] == [2002, 1999, 1985, None]
    assert refs[1].endswith("Deuflhard, P.; Hermans, J.; Skeel, R. D., Eds.; Springer-Verlag: Berlin")
    assert refs[3] == "The Hidden Crisis: Armed Conflict and Education. Report. UNESCO"  # a report: its own
    assert split_scopus_references("") == [] and split_scopus_references("Hermans, J.") == ["Hermans, J."]


def test_venue_abbreviations():
    assert venue_matches("EUR J OPER RES", "European Journal of Operational Research")
    assert venue_matches("NATURE", "Nature")
    assert not venue_matches("NATURE", "Science")
    assert not venue_matches("J OPER RES SOC", "European Journal of Operational Research")


def test_resolution_by_id_doi_title_and_cited_reference_string():
    corpus = [
        paper("a", title="Attention Is All You Need", year=2017, doi="10.5555/aiayn", authors=["Vaswani, A."]),
        paper(
            "b",
            title='The {M}\\"obius strip, revisited',
            year=2010,
            authors=["Smith, John"],
            venue="Nature",
            ids={"openalex": "W42"},
        ),
        paper("c", title="Another Smith paper", year=2010, authors=["J. Smith"], venue="Science"),
        paper(
            "citing",
            year=2020,
            references=["a"],
            cited=[
                Reference(doi="https://doi.org/10.5555/AIAYN"),  # a again, by DOI: one CITES
                Reference(id="W42"),  # b by its OpenAlex id
                Reference(title="The Mobius Strip -- Revisited.", year=2011),  # b by title, a year apart
                parse_wos_reference("Smith J, 2010, SCIENCE, V1, P1"),  # c: Smith 2010, narrowed by the source
                parse_wos_reference("Doe J, 1999, LANCET, V3, P7"),  # nothing: external
                parse_wos_reference("Doe J, 1999, LANCET, V3, P7"),  # the same work again: one external
            ],
        ),
    ]
    out = resolve(corpus)
    assert sorted(out.cites) == [("citing", "a"), ("citing", "b"), ("citing", "c"), ("citing", out.papers[-1].id)]
    ext = out.papers[-1]
    assert ext.external and ext.title == "Doe J, 1999, LANCET, V3, P7" and ext.year == 1999
    assert len(out.papers) == 5
    assert out.by == {"id": 2, "doi": 1, "title": 1, "author-year": 1, "external": 2}


def test_ambiguous_author_year_stays_unresolved():
    corpus = [
        paper("x", year=2010, authors=["Smith J"], venue="Nature"),
        paper("y", year=2010, authors=["Smith, Jane"], venue="Nature Physics"),
        paper("citing", cited=[parse_wos_reference("Smith J, 2010, NATURE, V1, P1")]),
    ]
    out = resolve(corpus)
    assert [p.id for p in out.papers if p.external] == [out.cites[0][1]]  # never a guess between x and y


def test_external_works_keep_what_was_parsed_and_can_be_dropped():
    corpus = [
        paper(
            "p",
            cited=[
                Reference(doi="10.1000/ABC", title="Cited work", year=1999),
                Reference(title="No DOI work", year=2001),
            ],
        )
    ]
    out = resolve(corpus)
    ext = {p.id: p for p in out.papers if p.external}
    assert ext["doi:10.1000/abc"].title == "Cited work" and ext["doi:10.1000/abc"].year == 1999
    assert len(ext) == 2
    dropped = resolve(corpus, external=False)
    assert dropped.cites == [] and len(dropped.papers) == 1 and dropped.by == {"dropped": 2}


def test_citing_works_point_at_the_paper():
    corpus = [paper("s2", citing=[Reference(id="c1", title="A citing work"), Reference(id="c2", title="Other")])]
    out = resolve(corpus)
    assert sorted(out.cites) == [("c1", "s2"), ("c2", "s2")]


def test_cocitation_and_coupling_weights_and_strength():
    # p1 cites a, b, c; p2 cites a, b; p3 cites a, c
    cites = [("p1", "a"), ("p1", "b"), ("p1", "c"), ("p2", "a"), ("p2", "b"), ("p3", "a"), ("p3", "c")]
    cc = cocitation(cites, min_weight=1)
    assert cc.edges == {("a", "b"): 2, ("a", "c"): 2, ("b", "c"): 1}
    assert cc.strength("a", "b") == pytest.approx(2 * 3 / (3 * 2))  # w * N / (n_a * n_b)
    assert cocitation(cites, min_weight=2).edges == {("a", "b"): 2, ("a", "c"): 2}
    assert cocitation(cites, min_weight=1, min_citations=3).edges == {}  # only a is cited 3 times
    cp = coupling(cites, min_weight=1)
    assert cp.edges == {("p1", "p2"): 2, ("p1", "p3"): 2, ("p2", "p3"): 1}
    assert coupling(cites, min_weight=1, among={"p1", "p2"}).edges == {("p1", "p2"): 2}


def test_author_names_are_one_author_when_unambiguous():
    keys = author_keys(["Smith, J.", "J. Smith", "SMITH J", "John Smith", "Doe, Alice"])
    assert len({keys["Smith, J."], keys["J. Smith"], keys["SMITH J"], keys["John Smith"]}) == 1
    assert keys["Doe, Alice"] == "doe a"
    two = author_keys(["John Smith", "Jane Smith", "J. Smith"])
    assert len({two["John Smith"], two["Jane Smith"], two["J. Smith"]}) == 3  # J. Smith could be either
    initials = author_keys(["Smith J.A.", "Smith J.B."])
    assert initials["Smith J.A."] != initials["Smith J.B."]


def test_coauthorship():
    papers = [paper("1", authors=["Smith, J.", "Doe, A."]), paper("2", authors=["J. Smith", "Alice Doe", "Roe, B."])]
    keys = author_keys(a for p in papers for a in p.authors)
    net = coauthorship(papers, keys)
    assert net.edges == {("doe a", "smith j"): 2, ("doe a", "roe b"): 1, ("roe b", "smith j"): 1}


@needs_shared
def test_acl_emnlp_citations_all_resolve():
    """The ACL/EMNLP set: 9,553 references, 9,551 to papers of the set and 2 to one absent paper."""
    from graphkit.read import read_papers

    papers, _ = read_papers([SHARED / "citations" / "acl_emnlp_2014_2018.jsonl"])
    assert len(papers) == 3543
    out = resolve(papers)
    ids = {p.id for p in papers}
    inside = [c for c in out.cites if c[1] in ids]
    outside = [c for c in out.cites if c[1] not in ids]
    assert len(out.cites) == 9553 and len(inside) == 9551 and len(outside) == 2
    assert len({b for _, b in outside}) == 1
    assert len(resolve(papers, external=False).cites) == 9551


@needs_shared
def test_wos_export_gives_a_cocitation_network_over_cited_references():
    from graphkit.read import read_papers

    papers, _ = read_papers([SHARED / "formats" / "wos_export.bib"])
    out = resolve(papers)
    assert out.by["doi"] > 2500 and out.by["author-year"] > 0
    cc = cocitation(out.cites, min_weight=2)
    externals = {p.id for p in out.papers if p.external}
    assert any(a in externals and b in externals for a, b in cc.edges)
    assert len(cc.edges) > 5000
