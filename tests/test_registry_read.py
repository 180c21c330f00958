"""The reader registry: discovery of reader modules, detection order, the CLI's choices."""

from __future__ import annotations

import pytest

import graphkit.read as R
from graphkit.errors import InputError
from graphkit.read import detect_format, formats, read_file, readers, register

FAKE_READER = """
from graphkit.model import Paper
from graphkit.read import register


def looks_like_fake(text: str) -> bool:
    return text.startswith("FAKE ")


@register("fake", extensions=(".fake",), sniff=looks_like_fake)
def read_fake(path: str, text: str) -> list[Paper]:
    return [Paper(id=f"f{n}", abstract=line[5:], source=f"{path}:{n}")
            for n, line in enumerate(text.split("\\n"), start=1) if line.startswith("FAKE ")]
"""


@pytest.fixture
def fake_reader(tmp_path, monkeypatch):
    """A reader module dropped beside the built-in ones, discovered without an import line."""
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "fakefile.py").write_text(FAKE_READER)
    monkeypatch.setattr(R, "__path__", [*R.__path__, str(folder)])
    monkeypatch.setattr(R, "_READERS", dict(R._READERS))
    R._discover()
    yield
    import sys

    sys.modules.pop("graphkit.read.fakefile", None)


def test_builtin_readers_are_registered():
    assert {"text", "jsonl", "json", "csv"} <= set(formats())
    specs = readers()
    assert ".jsonl" in specs["jsonl"].extensions and specs["text"].sniff is None


def test_a_new_module_is_a_new_format(fake_reader, tmp_path):
    assert "fake" in formats()
    path = tmp_path / "x.fake"
    path.write_text("FAKE We study graphs.\nFAKE We study trees.\n")
    papers, used = read_file(path)
    assert used == "fake" and [p.abstract for p in papers] == ["We study graphs.", "We study trees."]


def test_sniffers_win_over_extensions(fake_reader, tmp_path):
    path = tmp_path / "x.txt"
    path.write_text("FAKE A file named .txt that is really the fake format.\n")
    assert read_file(path)[1] == "fake"


def test_extension_when_no_sniffer_fits(fake_reader):
    assert detect_format("a.fake", "no sniffer recognises this line") == "fake"
    assert detect_format("a.FAKE.gz", "no sniffer recognises this line") == "fake"


@pytest.mark.parametrize(
    "name, text, fmt",
    [
        ("x.dat", '{"id": "a", "abstract": "x"}\n{"id": "b", "abstract": "y"}\n', "jsonl"),
        ("x.json", '{"id": "a", "abstract": "x"}\n{"id": "b", "abstract": "y"}\n', "jsonl"),
        ("x.json", '{"papers": [{"id": "a", "abstract": "x"}]}', "json"),
        ("x.dat", '[\n {"id": "a", "abstract": "x"}\n]\n', "json"),
        ("x.dat", "id,title,abstract\n1,t,We study graphs.\n", "csv"),
        ("x.txt", "ICLR 2026, abstracts\n\nWe study graphs.\n\nWe study trees.\n", "text"),
        ("x.txt", "[1] A text file whose first abstract starts with a bracket.\n\nAnother one.\n", "text"),
        ("x.csv", "id,title\n1,no abstract column\n", "csv"),
        ("x.dat", "We study graphs.\n\nWe study trees.\n", "text"),
    ],
)
def test_detection(name, text, fmt):
    assert detect_format(name, text) == fmt


def test_undetectable_names_the_choices():
    with pytest.raises(InputError, match=r"cannot tell the format; pass --format .*text"):
        detect_format("x.dat", "tiny")


def test_unknown_forced_format(tmp_path):
    path = tmp_path / "x.txt"
    path.write_text("We study graphs.\n\nWe study trees.\n")
    with pytest.raises(InputError, match="no such input format; choose one of: "):
        read_file(path, "pdf")


def test_one_name_one_reader(monkeypatch):
    monkeypatch.setattr(R, "_READERS", dict(R._READERS))
    with pytest.raises(ValueError, match="two readers registered for format 'text'"):
        register("text")(lambda path, text: [])
