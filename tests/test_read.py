"""Readers: every format, and every kind of bad input gets a one-line error naming file and line."""

from __future__ import annotations

import gzip
import json

import pytest

from graphkit.errors import InputError
from graphkit.read import MAX_ABSTRACT_CHARS, read_file, read_papers

from .conftest import DATA, SAMPLES


def test_plain_text_samples():
    papers, fmt = read_file(SAMPLES[1])
    assert fmt == "text"
    assert len(papers) == 19  # the heading line is not a paper
    assert papers[0].abstract.startswith("Off-policy reinforcement learning (RL)")
    assert papers[0].venue == "ICLR" and papers[0].year == 2026
    assert papers[0].source.endswith(":3")


def test_ids_are_stable_content_hashes():
    a, _ = read_file(SAMPLES[0])
    b, _ = read_file(SAMPLES[0])
    assert [p.id for p in a] == [p.id for p in b]
    assert len({p.id for p in a}) == len(a)


@pytest.mark.parametrize(
    "name, fmt, count",
    [
        ("papers.jsonl", "jsonl", 3),
        ("papers.csv", "csv", 2),
        ("papers.json", "json", 2),
    ],
)
def test_formats_are_detected(name, fmt, count):
    papers, used = read_file(DATA / name)
    assert used == fmt
    assert len(papers) == count


def test_record_fields():
    papers, _ = read_file(DATA / "papers.jsonl")
    p1 = papers[0]
    assert p1.title == "Score-based diffusion models for molecules"
    assert p1.year == 2021 and p1.venue == "ICLR" and p1.url == "https://example.org/p1"
    assert p1.authors == ["Ada Lovelace", "Alan Turing"]
    assert p1.references == ["p2"]
    csv_papers, _ = read_file(DATA / "papers.csv")
    assert csv_papers[0].authors == ["Ada Lovelace", "Alan Turing"]
    assert csv_papers[0].year == 2020


def test_gzip_input(tmp_path):
    path = tmp_path / "papers.jsonl.gz"
    path.write_bytes(gzip.compress((DATA / "papers.jsonl").read_bytes()))
    papers, fmt = read_file(path)
    assert fmt == "jsonl" and len(papers) == 3


def test_format_can_be_forced(tmp_path):
    path = tmp_path / "papers.data"
    path.write_text((DATA / "papers.jsonl").read_text())
    assert len(read_file(path, "jsonl")[0]) == 3


@pytest.mark.parametrize(
    "name, message",
    [
        ("empty.txt", "empty.txt: file is empty"),
        ("blank.txt", "blank.txt: file is empty"),
        ("no_abstract.jsonl", "no_abstract.jsonl:2: 2 of 3 records have neither abstract nor title: lines 2, 3"),
        ("malformed.jsonl", "malformed.jsonl:3: malformed JSON: Expecting ',' delimiter (column 56)"),
        ("malformed.json", "malformed.json:4: malformed JSON: Expecting ',' delimiter (column 1)"),
        ("malformed.csv", "malformed.csv:3: malformed CSV: row has 4 fields, the header has 3"),
        ("no_abstract_column.csv", "no_abstract_column.csv:1: CSV has no 'abstract' column (columns: id, title)"),
        ("undecodable.txt", "undecodable.txt:3: is not valid UTF-8 (byte 0xff at offset 81); save it as UTF-8"),
        ("image.png", "image.png:3: contains NUL bytes: this looks like a binary file, not text"),
        ("bad_year.jsonl", "bad_year.jsonl:1: year must be a number, got 'twenty'"),
    ],
)
def test_bad_input_names_file_and_line(name, message):
    with pytest.raises(InputError) as err:
        read_papers([DATA / name])
    assert str(err.value).endswith(message)
    assert "\n" not in str(err.value)


def test_duplicate_ids_across_records():
    with pytest.raises(InputError) as err:
        read_papers([DATA / "duplicate_ids.jsonl"])
    assert str(err.value).endswith(
        f"duplicate_ids.jsonl:3: duplicate paper id 'x1' (first seen at {DATA / 'duplicate_ids.jsonl'}:1)"
    )


def test_same_file_twice_is_given_twice():
    with pytest.raises(InputError) as err:
        read_papers([SAMPLES[0], SAMPLES[0]])
    assert str(err.value) == f"{SAMPLES[0]}: is given twice; name each file once"


def test_huge_abstract_is_refused(tmp_path):
    path = tmp_path / "huge.jsonl"
    rec = {"id": "big", "abstract": "word " * 1_000_000}  # 5 MB
    path.write_text(json.dumps({"id": "ok", "abstract": "fine"}) + "\n" + json.dumps(rec) + "\n")
    with pytest.raises(InputError) as err:
        read_papers([path])
    assert str(err.value).endswith(
        f"huge.jsonl:2: abstract is 5,000,000 characters, over the limit of {MAX_ABSTRACT_CHARS:,}; "
        "is this a whole paper or a broken file?"
    )


def test_missing_file():
    with pytest.raises(InputError, match="nope.txt: no such file"):
        read_papers(["nope.txt"])


def test_undetectable_format(tmp_path):
    path = tmp_path / "x.dat"
    path.write_text("tiny")
    with pytest.raises(InputError, match="cannot tell the format; pass --format"):
        read_papers([path])


def test_control_characters_are_blanked(tmp_path):
    path = tmp_path / "ctrl.jsonl"
    path.write_text(json.dumps({"id": "c", "abstract": "bell\x07 and vertical\x0btab"}) + "\n")
    papers, _ = read_file(path)
    assert papers[0].abstract == "bell  and vertical tab"


def test_hostile_text_is_kept_verbatim():
    papers, _ = read_file(DATA / "hostile.jsonl")
    assert papers[0].title.startswith("<script>window.__pwned=1;")
    assert "<img src=x onerror=" in papers[0].abstract
    assert "'}) DETACH DELETE n //" in papers[1].title


def test_json_read_as_csv_says_so_in_one_short_line(tmp_path):
    path = tmp_path / "papers.jsonl"
    path.write_text('{"id": "a", "title": "A long title, with commas, and more", "abstract": "x, y, z, w"}\n')
    with pytest.raises(InputError) as err:
        read_papers([path], "csv")
    assert (
        str(err.value) == f"{path}:1: CSV has no 'abstract' column: this looks like JSON, not CSV (drop --format csv?)"
    )


@pytest.mark.parametrize("year", ["1" + "0" * 30, "99999", "0", "-2020"])
def test_a_year_no_publication_has_is_refused(tmp_path, year):
    """`"year": 1e30` (written as a whole number) had gone into the graph and into the import
    files' `year:int` column."""
    path = tmp_path / "y.jsonl"
    path.write_text(
        '{"id": "a", "abstract": "We study graphs."}\n{"id": "b", "abstract": "More.", "year": ' + year + "}\n"
    )
    with pytest.raises(InputError) as err:
        read_papers([path])
    assert str(err.value).endswith("y.jsonl:2: year " + year[:20] + " is no year of a publication (1000-2999)")


def test_a_doi_that_is_none_is_refused(tmp_path):
    """`"doi": "not a doi"` had been dropped without a word."""
    path = tmp_path / "d.jsonl"
    path.write_text(
        '{"id": "a", "abstract": "A.", "doi": "https://doi.org/10.1234/X"}\n{"id": "b", "abstract": "B.", "doi": "not a doi"}\n'
    )
    with pytest.raises(InputError) as err:
        read_papers([path])
    assert str(err.value).endswith("d.jsonl:2: doi 'not a doi' is no DOI (10.<registrant>/<suffix>)")
