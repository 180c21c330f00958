"""Shared fixtures: the sample graph (built once with the real model), paths, a CLI runner."""

from __future__ import annotations

import glob
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
SAMPLES = sorted(glob.glob(str(ROOT / "examples" / "iclr2026" / "*.txt")))


@pytest.fixture(scope="session")
def samples() -> list[str]:
    assert len(SAMPLES) == 2, "the sample abstracts ship in examples/iclr2026/"
    return SAMPLES


@pytest.fixture(scope="session")
def sample_build(samples):
    """(papers, graph, linked) for the 38 sample abstracts, built once with the real KeyBERT model."""
    from graphkit.build import build
    from graphkit.read import read_papers

    papers, _ = read_papers(samples)
    graph, linked = build(papers)
    return papers, graph, linked


@pytest.fixture(scope="session")
def sample_graph(sample_build):
    return sample_build[1]


@pytest.fixture(scope="session")
def sample_graphml(sample_graph, tmp_path_factory) -> Path:
    from graphkit.export import write_graphml

    path = tmp_path_factory.mktemp("graphs") / "samples.graphml"
    write_graphml(sample_graph, path)
    return path


@pytest.fixture(scope="session")
def hostile_graph():
    from graphkit.build import build
    from graphkit.read import read_papers

    papers, _ = read_papers([DATA / "hostile.jsonl", DATA / "papers.jsonl"])
    return build(papers)[0]


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def paper_index(papers, needle: str):
    """The one sample paper whose abstract contains ``needle``."""
    found = [p for p in papers if needle in p.abstract]
    assert len(found) == 1, f"{needle!r} is in {len(found)} sample abstracts"
    return found[0]


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = os.environ.get("GRAPHKIT_CHROMIUM") or "/usr/bin/chromium"
    assert os.path.exists(path), f"Chromium not found at {path}: run the tests with 'make test', which installs it"
    return path
