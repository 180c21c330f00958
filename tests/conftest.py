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


# ---------------------------------------------------------------- a real Neo4j server


def _free_port() -> int:
    from graphkit.store.local import free_port

    return free_port()


@pytest.fixture(scope="session")
def neo4j_server(tmp_path_factory):
    """A real Neo4j 5.26 Community server on 127.0.0.1, started for this test session.

    ``make test`` fetches it from Maven Central and passes its classpath in
    GRAPHKIT_NEO4J_CLASSPATH; without it the set-up script is asked directly.
    """
    import secrets

    from graphkit.store.local import local_neo4j

    with local_neo4j(tmp_path_factory.mktemp("neo4j"), password="gk-" + secrets.token_hex(8)) as server:
        yield server


@pytest.fixture
def neo4j_driver(neo4j_server):
    """A driver on an emptied database."""
    from graphkit.store.neo4j import clear_database, connect

    driver = connect(neo4j_server["uri"], neo4j_server["user"], neo4j_server["password"])
    clear_database(driver)
    yield driver
    driver.close()


@pytest.fixture(scope="session")
def library_graph(sample_build):
    """The sample graph plus the small fixture with years, authors and citations."""
    from graphkit.build import build
    from graphkit.read import read_papers

    papers, _ = read_papers([*SAMPLES, DATA / "papers.jsonl"])
    return build(papers)[0]
