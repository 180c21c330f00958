"""Bibliographic exports: fixtures cut from the real files of ../shared/data/formats (a few
records each), the whole real files where they are at hand, and bad input."""

from __future__ import annotations

import json

import pytest

from graphkit.errors import InputError
from graphkit.read import read_file, read_papers

from .conftest import DATA, SHARED, needs_shared

FORMATS = DATA / "formats"

# file, format, records, then for each record: id, title start, year, first author, authors, DOI, cited
FIXTURES = [
    (
        "ieee_export.ris",
        "ris",
        [
            (
                "doi:10.1109/mcse.2018.2884139",
                "The European Approach to the Exascale",
                2019,
                "G. Kalbe",
                1,
                "10.1109/mcse.2018.2884139",
                0,
            ),
            (
                "doi:10.1109/escience.2019.00063",
                "Reference Exascale Architecture",
                2019,
                "M. Bobák",
                14,
                "10.1109/escience.2019.00063",
                0,
            ),
            (
                "doi:10.26599/tst.2020.9010009",
                "Brief introduction of TianHe",
                2021,
                "R. Wang",
                10,
                "10.26599/tst.2020.9010009",
                0,
            ),
        ],
    ),
    (
        "wos_export.bib",
        "bibtex",
        [
            (
                "WOS:000719584000015",
                "ELECTRE-SCORE : A first outranking",
                2022,
                "Figueira, Jose Rui",
                3,
                "10.1016/j.ejor.2021.05.017",
                47,
            ),
            (
                "WOS:000702351700087",
                "An integrated methodological approach",
                2021,
                "Ahmed, Umair",
                3,
                "10.1016/j.ress.2021.108022",
                86,
            ),
            (
                "WOS:000692076300008",
                "Multiple-criteria decision-making sorting methods",
                2021,
                "Alvarez, Pavel Anselmo",
                3,
                "10.1016/j.eswa.2021.115368",
                200,
            ),
        ],
    ),
    (
        "scopus_export.bib",
        "bibtex",
        [
            (
                "2-s2.0-85107941291",
                "ELECTRE-SCORE: A first outranking",
                2022,
                "Figueira, J.R.",
                3,
                "10.1016/j.ejor.2021.05.017",
                48,
            ),
            (
                "2-s2.0-85111438973",
                "Classification model for bid/no-bid",
                2022,
                "de Araújo, M.C.B.",
                3,
                "10.1111/itor.13037",
                51,
            ),
            (
                "2-s2.0-85119274096",
                "Multidimensional risk classification",
                2021,
                "Viana, F.F.C.L.",
                4,
                "10.1016/j.jngse.2021.104318",
                67,
            ),
        ],
    ),
    (
        "wos_savedrecs.txt",
        "wos",
        [
            (
                "WOS:A1979GV55600001",
                "EXPERIMENTS IN PHENOMENOLOGICAL ELECTRODYNAMICS AND THE ELECTROMAGNETIC ENERGY",
                1979,
                "BREVIK, I",
                1,
                "10.1016/0370-1573(79)90074-7",
                104,
            ),
            (
                "WOS:A1977DW70300003",
                "LONGITUDINAL AND TRANSVERSE DISPLACEMENTS",
                1977,
                "COWAN, JJ",
                2,
                "10.1364/josa.67.001307",
                34,
            ),
            (
                "WOS:A1996TN21700022",
                "Longitudinal and transverse effects of nonspecular",
                1996,
                "Nasalski, W",
                1,
                "10.1364/josaa.13.000172",
                64,
            ),
        ],
    ),
    (
        "scopus_export.csv",
        "csv",
        [
            (
                "2-s2.0-27344436659",
                "Scalable molecular dynamics with NAMD",
                2005,
                "Phillips J.C.",
                10,
                "10.1002/jcc.20289",
                128,  # 158 pieces between "; ", 30 of them editors and publishers of the reference before
            ),
            (
                "2-s2.0-0024645936",
                "Petri Nets: Properties, Analysis and Applications",
                1989,
                "Murata T.",
                1,
                "10.1109/5.24143",
                317,
            ),
            (
                "2-s2.0-85123480963",
                "Petri nets and ODEs as complementary methods",
                2022,
                "Gutowska K.",
                6,
                "10.1038/s41598-022-04849-0",
                42,
            ),
            (
                "2-s2.0-85138069321",
                "Mathematical modeling of the molecular switch",
                2022,
                "Amstein L.K.",
                6,
                "10.1371/journal.pcbi.1010383",
                101,
            ),
        ],
    ),
    (
        "openalex_work_W2741809807.json",
        "openalex",
        [
            (
                "W2741809807",
                "The state of OA: a large-scale analysis",
                2018,
                "Heather Piwowar",
                9,
                "10.7717/peerj.4375",
                45,
            ),
        ],
    ),
    (
        "semanticscholar_paper.json",
        "semanticscholar",
        [
            (
                "2d5673caa9e6af3a7b82a43f19ee920992db07ad",
                "Computing Machinery and Intelligence",
                1950,
                "A. Turing",
                1,
                "10.1093/mind/lix.236.433",
                14,
            ),
        ],
    ),
]


@pytest.mark.parametrize("name, fmt, expected", FIXTURES, ids=[f[0] for f in FIXTURES])
def test_fixture_records(name, fmt, expected):
    papers, used = read_file(FORMATS / name)
    assert used == fmt
    got = [
        (p.id, p.title[: len(e[1])], p.year, p.authors[0], len(p.authors), p.doi, len(p.cited))
        for p, e in zip(papers, expected)
    ]
    assert got == [tuple(e) for e in expected]
    assert len(papers) == len(expected)
    assert all(p.sources == [p.source] for p in papers)


@pytest.mark.parametrize(
    "name", ["wos_export.bib", "ieee_export.ris", "wos_savedrecs.txt", "scopus_export.csv", "scopus_export.bib"]
)
def test_exports_are_detected_by_content_whatever_the_name(tmp_path, name):
    """A bibliographic export is never read as plain text, even named .txt."""
    path = tmp_path / "export.txt"
    path.write_bytes((FORMATS / name).read_bytes())
    papers, used = read_file(path)
    assert used != "text"
    assert len(papers) == (4 if name.endswith(".csv") else 3)


def test_forced_text_refuses_an_export():
    with pytest.raises(InputError, match="looks like a Web of Science export; read it with --format wos"):
        read_file(FORMATS / "wos_savedrecs.txt", "text")


def test_authors_keywords_and_cited_references():
    wos, _ = read_file(FORMATS / "wos_export.bib")
    assert wos[0].keywords[:3] == ["Multiple criteria analysis", "ELECTRE methods", "Scoring methods"]
    assert "COMPENSATORY COMPOSITE INDICATORS" in wos[0].keywords  # Keywords-Plus (WoS ID)
    first = wos[0].cited[0]
    assert (first.author, first.year, first.venue, first.volume, first.page, first.doi) == (
        "Amgoud L",
        2009,
        "ARTIF INTELL",
        "173",
        "413",
        "10.1016/j.artint.2008.11.006",
    )
    assert wos[0].cited[1].text == "[Anonymous], 2000, B WORLD HEALTH ORGAN, V78, P868"
    scopus, _ = read_file(FORMATS / "scopus_export.bib")
    assert scopus[0].keywords[0] == "ELECTRE methods"
    ref = scopus[0].cited[0]
    assert (ref.author, ref.title, ref.year, ref.venue) == (
        "Amgoud, L.",
        "Using arguments for making and explaining decisions",
        2009,
        "Artificial Intelligence",
    )
    txt, _ = read_file(FORMATS / "wos_savedrecs.txt")
    assert txt[2].keywords[:2] == ["TOTAL-INTERNAL-REFLECTION", "INHOMOGENEOUS WAVE TYPES"]
    assert txt[0].cited[3].text.startswith("Arnaud J. A., 1973, Optics Communications, V7")
    ris, _ = read_file(FORMATS / "ieee_export.ris")
    assert ris[0].authors == ["G. Kalbe"]  # IEEE lists it twice
    assert ris[0].keywords[0] == "Exascale computing"


def test_bibtex_escapes_are_undone_so_dois_match(tmp_path):
    r"""Web of Science writes "10.1007/978-1-4020-5802-8\_15" in DOIs and cited references: kept,
    12 citations of the formats' corpus papers went to duplicate outside works."""
    bib = tmp_path / "wos.bib"
    bib.write_text(
        r"""@article{ WOS:1,
Author = {Smith, J.},
Title = {R\&D of sorting at 30\%},
Abstract = {We sort.},
Year = {2008},
DOI = {10.1007/978-1-4020-5802-8\_15},
Unique-ID = {WOS:000000000000001},
}

@article{ WOS:2,
Author = {Doe, J.},
Title = {Later work},
Abstract = {We sort again, with $\alpha$.},
Year = {2010},
Cited-References = {Smith J, 2008, BOOK, P1, DOI 10.1007/978-1-4020-5802-8\_15},
Unique-ID = {WOS:000000000000002},
}
""",
        encoding="utf-8",
    )
    papers, _ = read_file(bib)
    assert papers[0].doi == "10.1007/978-1-4020-5802-8_15" and papers[0].title == "R&D of sorting at 30%"
    assert papers[1].cited[0].doi == "10.1007/978-1-4020-5802-8_15"
    assert papers[1].abstract == r"We sort again, with $\alpha$."  # other markup stays as written


def test_records_without_abstract_are_kept_for_the_citation_graph():
    papers, _ = read_file(FORMATS / "wos_savedrecs.txt")
    assert [bool(p.abstract) for p in papers] == [False, False, True]
    assert papers[0].title and papers[0].cited


def test_openalex_abstract_is_rebuilt_and_every_shape_reads(tmp_path):
    work = json.loads((FORMATS / "openalex_work_W2741809807.json").read_text())
    papers, _ = read_file(FORMATS / "openalex_work_W2741809807.json")
    assert papers[0].abstract.startswith("Despite growing interest in Open Access (OA) to scholarly literature,")
    assert papers[0].cited[0].id == "W1560783210"
    other = dict(work, id="https://openalex.org/W1", doi=None, title="Another work", referenced_works=[work["id"]])
    shapes = {
        "list.json": json.dumps([work, other], indent=1),
        "page.json": json.dumps({"meta": {"count": 2}, "results": [work, other]}),
        "works.jsonl": json.dumps(work) + "\n" + json.dumps(other) + "\n",
    }
    for name, text in shapes.items():
        path = tmp_path / name
        path.write_text(text)
        got, used = read_file(path)
        assert [p.id for p in got] == ["W2741809807", "W1"], name
        assert got[1].cited[0].id == "W2741809807"
        assert used == "openalex"


def test_semantic_scholar_references_and_citations():
    papers, _ = read_file(FORMATS / "semanticscholar_paper.json")
    p = papers[0]
    assert p.ids["s2corpus"] == "14636783"
    assert p.cited[0].id == "348f436fd9a3965f5ff17db031a9f43426f89b8e"
    assert p.cited[0].doi == "10.2307/3610576"
    assert sum(1 for r in p.cited if not r.id) == 6  # known to S2 by title only
    assert len(p.citing) == 5 and all(r.id for r in p.citing)


def test_one_work_from_two_sources_is_merged():
    papers, _ = read_papers([FORMATS / "wos_export.bib", FORMATS / "scopus_export.bib"])
    assert len(papers) == 5  # ELECTRE-SCORE is in both exports
    merged = papers[0]
    assert merged.id == "WOS:000719584000015"
    assert merged.ids["wos"] == "WOS:000719584000015" and merged.ids["scopus"] == "2-s2.0-85107941291"
    assert [s.rsplit("/", 1)[1] for s in merged.sources] == ["wos_export.bib:2", "scopus_export.bib:2"]
    # Scopus adds its author keywords; its references duplicate WoS's and add none without a DOI
    assert "Healthcare system evaluation" in merged.keywords
    assert len(merged.cited) == 47


def test_merge_by_title_and_year(tmp_path):
    a = tmp_path / "a.jsonl"
    b = tmp_path / "b.jsonl"
    a.write_text(json.dumps({"id": "a1", "title": "Deep Learning: a Survey", "year": 2020, "abstract": "x y z"}) + "\n")
    b.write_text(
        json.dumps(
            {"id": "b1", "title": "deep learning -- A survey.", "year": 2020, "keywords": ["dl"], "references": ["a0"]}
        )
        + "\n"
        + json.dumps({"id": "b2", "title": "Deep learning: a survey", "year": 2021})
        + "\n"
    )
    papers, _ = read_papers([a, b])
    assert [p.id for p in papers] == ["a1", "b2"]
    assert papers[0].keywords == ["dl"] and papers[0].references == ["a0"] and papers[0].abstract == "x y z"


def test_scopus_csv_extra_funding_columns_and_doubled_quotes(tmp_path):
    papers, _ = read_file(FORMATS / "scopus_export.csv")
    assert papers[2].cited[0].text.startswith("Edelstein-Keshet, L., (2005) Mathematical Models in Biology")
    path = tmp_path / "quotes.csv"
    path.write_text('id,title,abstract\nq1,"A ""quoted"" title","Line one,\nline ""two"""\n')
    p = read_file(path)[0][0]
    assert p.title == 'A "quoted" title' and p.abstract == 'Line one,\nline "two"'.replace("\n", "\n")


@pytest.mark.parametrize(
    "name, text, message",
    [
        (
            "broken.ris",
            "TY  - JOUR\nTI  - A title\nAU  - Smith, J.\nPY  - 2020\n",
            "broken.ris:1: malformed RIS: 1 records start with TY but 0 end with ER",
        ),
        (
            "noyear.ris",
            "TY  - JOUR\nTI  - A title\nAB  - We study graphs.\nPY  - notayear\nER  - \n",
            "noyear.ris:1: year has no year in it: 'notayear'",
        ),
        (
            "between.ris",
            "TY  - JOUR\nTI  - A\nER  - \njunk here\nTY  - JOUR\nTI  - B\nER  - \n",
            "between.ris:4: text outside a record (after ER, before TY): 'junk here'",
        ),
        (
            "runon.bib",
            "@article{a1,\n  title={A title},\n  abstract={We study graphs.}\n}\n"
            "@article{a2,\n  title={Second title}\n  abstract={We study trees.},\n  year={2021}\n}\n",
            "runon.bib:5: malformed BibTeX entry: field 'title' runs into 'abstract' (a comma missing?)",
        ),
        (
            "truncated.bib",
            "@article{a1,\n  title={A title},\n  abstract={We study graphs.}\n}\n@article{a2,\n  title={Second\n",
            "truncated.bib:5: malformed BibTeX entry: Unexpectedly reached end of file.",
        ),
        (
            "broken.txt",
            "FN Clarivate Analytics Web of Science\nVR 1.0\nPT J\nAU Smith, J\nTI A title\nthis is no tag\nER\nEF\n",
            "broken.txt:6: malformed Web of Science record: 'this is no tag' is not a tagged line",
        ),
        (
            "unended.txt",
            "FN Clarivate Analytics Web of Science\nVR 1.0\nPT J\nAU Smith, J\nTI A title\nPY 2020\n",
            "unended.txt:3: malformed Web of Science record: it has no ER line",
        ),
        (
            "empty.bib",
            "@article{x,\n  author = {Smith, J.},\n  year = {2020}\n}\n",
            "empty.bib:1: record has neither abstract nor title",
        ),
        # a record with neither, beside good ones, had been left out without a word
        (
            "one_empty.ris",
            "TY  - JOUR\nTI  - A title\nAB  - An abstract.\nER  - \n\nTY  - JOUR\nAU  - Smith, J\nPY  - 2020\nER  - \n",
            "one_empty.ris:6: record has neither abstract nor title",
        ),
        (
            "one_empty.txt",
            "FN Clarivate Analytics Web of Science\nVR 1.0\nPT J\nTI A title\nAB An abstract.\nER\n\n"
            "PT J\nAU Smith, J\nPY 2020\nER\n\nEF\n",
            "one_empty.txt:8: record has neither abstract nor title",
        ),
        # the APIs' fields of the wrong type had been read letter by letter or dropped
        (
            "refs.json",
            '{"id": "https://openalex.org/W1", "title": "T", "referenced_works": "W2"}',
            "refs.json:1: field 'referenced_works' must be a list of strings, got 'W2'",
        ),
        (
            "index.json",
            '{"id": "https://openalex.org/W1", "abstract_inverted_index": {"We": [0], "propose": ["x"]}}',
            "index.json:1: field 'abstract_inverted_index': 'propose' has the position 'x'",
        ),
        (
            "shared.json",
            '{"id": "https://openalex.org/W1", "abstract_inverted_index": {"We": [0, 1], "dup": [1]}}',
            "shared.json:1: field 'abstract_inverted_index': 'We' and 'dup' share position 1",
        ),
        (
            "s2.json",
            '{"paperId": "a", "title": "T", "authors": ["Bob"]}',
            "s2.json:1: field 'authors' must be a list of objects, got \"['Bob']\"",
        ),
        (
            "s2refs.json",
            '{"paperId": "a", "title": "T", "references": "xyz"}',
            "s2refs.json:1: field 'references' must be a list of objects, got 'xyz'",
        ),
        (
            "oa_author.json",
            '{"id": "https://openalex.org/W1", "title": "T", "authorships": [{"author": "A5"}]}',
            "oa_author.json:1: field 'authorships.author' must be an object, got 'A5'",
        ),
        (
            "oa_source.json",
            '{"id": "https://openalex.org/W1", "title": "T", "primary_location": {"source": "x"}}',
            "oa_source.json:1: field 'primary_location.source' must be an object, got 'x'",
        ),
        (
            "oa_title.json",
            '{"id": "https://openalex.org/W1", "title": ["T"]}',
            "oa_title.json:1: field 'title' must be a string, got \"['T']\"",
        ),
        (
            "oa_name.json",
            '{"id": "https://openalex.org/W1", "title": "T", "authorships": [{"author": {"display_name": ["x"]}}]}',
            "oa_name.json:1: an author's name must be a string, got \"['x']\"",
        ),
        (
            "s2ext.json",
            '{"paperId": "a", "title": "T", "externalIds": ["x"]}',
            "s2ext.json:1: field 'externalIds' must be an object, got \"['x']\"",
        ),
        (
            "twice.csv",
            "title,abstract,abstract\nA,First,Second\n",
            "twice.csv:1: CSV has two columns for 'abstract': 'abstract' (column 2) and 'abstract' (column 3)",
        ),
        (
            "no_at.bib",
            "@article{a, title={A}, abstract={An abstract.}}\n\narticle{b, title={B}, abstract={Another.}}\n",
            "no_at.bib:3: an entry without the '@' before its type, which BibTeX skips",
        ),
        (
            "multiline.csv",
            'id,title,abstract\n1,"A, first","An abstract\nover two lines",extra\n',
            "multiline.csv:2: malformed CSV: row has 4 fields, the header has 3",
        ),
        (
            "open.csv",
            'id,title,abstract\n1,A,fine\n2,"never closed,abstract\nmore\n',
            "open.csv:3: malformed CSV: unexpected end of data",
        ),
        (
            "nothing.jsonl",
            '{"id": "a", "year": 2020}\n{"id": "b", "abstract": " "}\n',
            "nothing.jsonl:1: 2 of 2 records have neither abstract nor title: lines 1, 2",
        ),
    ],
)
def test_bad_exports_name_file_and_line(tmp_path, name, text, message):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(InputError) as err:
        read_papers([path])
    assert str(err.value).endswith(message)
    assert "\n" not in str(err.value)


# -- the whole real files ------------------------------------------------------------------

REAL = [  # file, records, records with an abstract, cited references, first title
    ("ieee_export.ris", 25, 25, 0, "The European Approach to the Exascale Challenge"),
    ("wos_export.bib", 236, 236, 9581, "ELECTRE-SCORE : A first outranking based method for scoring actions"),
    # Scopus: editors and publishers stay with their reference (split_scopus_references): 9,653 -> 9,639, 2,452 -> 2,422
    ("scopus_export.bib", 263, 262, 9639, "ELECTRE-SCORE: A first outranking based method for scoring actions"),
    (
        "wos_savedrecs.txt",
        32,
        10,
        958,
        "EXPERIMENTS IN PHENOMENOLOGICAL ELECTRODYNAMICS AND THE ELECTROMAGNETIC ENERGY-MOMENTUM TENSOR",
    ),
    ("scopus_export.csv", 58, 57, 2422, "Scalable molecular dynamics with NAMD"),
    (
        "openalex_work_W2741809807.json",
        1,
        1,
        45,
        "The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles",
    ),
    ("semanticscholar_paper.json", 1, 1, 14, "Computing Machinery and Intelligence"),
]


@needs_shared
@pytest.mark.parametrize("name, records, abstracts, cited, title", REAL, ids=[r[0] for r in REAL])
def test_whole_real_files(name, records, abstracts, cited, title):
    papers, _ = read_file(SHARED / "formats" / name)
    assert len(papers) == records
    assert sum(1 for p in papers if p.abstract) == abstracts
    assert sum(len(p.cited) for p in papers) == cited
    assert papers[0].title == title
    assert all(p.title for p in papers)
    # six Scopus records (proceedings volumes) have no author
    assert sum(1 for p in papers if not p.authors) == (6 if name == "scopus_export.bib" else 0)
    # three WoS records are "Early Access" without a year (their DA field is the export's date)
    assert sum(1 for p in papers if p.year is None) == (3 if name == "wos_export.bib" else 0)
    assert len({p.id for p in papers}) == records


@needs_shared
def test_real_cited_reference_counts_match_the_exports():
    """Each WoS record lists as many cited references as its NR tag says (the bib's
    Number-of-Cited-References sums to 9,586; four records list one or two fewer than they count)."""
    papers, _ = read_file(SHARED / "formats" / "wos_savedrecs.txt")
    text = (SHARED / "formats" / "wos_savedrecs.txt").read_text(encoding="utf-8-sig")
    nr = [int(line[3:]) for line in text.split("\n") if line.startswith("NR ")]
    assert [len(p.cited) for p in papers] == nr
    s2, _ = read_file(SHARED / "formats" / "semanticscholar_paper.json")
    assert len(s2[0].citing) == 1000


def test_a_wrapped_abstract_line_that_looks_like_a_field_is_no_field(tmp_path):
    path = tmp_path / "stats.bib"
    path.write_text(
        '@article{a1,\n  title={A trial},\n  abstract={Patients (group "A")\n  n = 120 were enrolled {B}\n'
        "  p = {0.01} held.},\n  year={2020}\n}\n",
        encoding="utf-8",
    )
    assert read_file(path)[0][0].abstract.startswith('Patients (group "A") n = 120 were enrolled')


def test_a_record_with_no_year_yet_reads_as_no_year(tmp_path):
    path = tmp_path / "press.ris"
    path.write_text("TY  - JOUR\nTI  - A title\nAB  - We study graphs.\nPY  - In press\nER  - \n", encoding="utf-8")
    assert read_file(path)[0][0].year is None


def test_a_semantic_scholar_author_without_a_name_is_left_out(tmp_path):
    """`"authors": [{"name": null}]` had been a TypeError traceback."""
    path = tmp_path / "s2.json"
    path.write_text(
        '[{"paperId": "abc", "title": "T1", "abstract": "An abstract.", "authors": [{"name": null}, {"name": "Ann Lee"}]}]'
    )
    papers, _ = read_papers([path])
    assert [p.authors for p in papers] == [["Ann Lee"]]


def test_a_web_of_science_tab_delimited_export_reads_its_id_column_as_keywords_plus(tmp_path):
    """Its "ID" column is Keywords Plus and "UT" the record's id: the check for two columns of
    one field had refused such an export."""
    path = tmp_path / "savedrecs.tsv"
    path.write_text(
        "PT\tAU\tTI\tDE\tID\tAB\tPY\tUT\nJ\tSmith, J\tA title\tgraphs\tNETWORKS; MODELS\tAn abstract.\t2020\tWOS:000123\n"
    )
    papers, _ = read_papers([path])
    assert [(p.id, p.keywords) for p in papers] == [("WOS:000123", ["graphs", "NETWORKS", "MODELS"])]


def test_keyword_only_records_of_an_export_take_part_in_a_keyword_map(tmp_path):
    """A RIS record with keywords and no title or abstract: refused for extracted concepts,
    read for a keyword map (--concepts keywords), as a JSON record is."""
    path = tmp_path / "kw.ris"
    path.write_text("TY  - JOUR\nKW  - graphs\nKW  - networks\nPY  - 2020\nER  - \n\nTY  - JOUR\nKW  - sets\nER  - \n")
    papers, _ = read_papers([path], keywords_suffice=True)
    assert [p.keywords for p in papers] == [["graphs", "networks"], ["sets"]] and len({p.id for p in papers}) == 2
    with pytest.raises(InputError, match="record has neither abstract nor title"):
        read_papers([path])
