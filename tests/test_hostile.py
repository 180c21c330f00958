"""A corpus of bad inputs and bad output paths, run through every command of the CLI.

Each case must end in exactly one line on stderr ("Error: ..."), a non-zero exit, no
traceback, nothing on stdout, and the folder exactly as it was: nothing written, nothing
replaced, no temporary file left behind.
"""

from __future__ import annotations

import os
import shutil
import stat
import threading
from pathlib import Path

import pytest

from graphkit.cli import cli

GOOD_TEXT = (
    "We train graph neural networks on molecules and report strong results on property prediction.\n\n"
    "Transformers for protein folding reach state of the art accuracy on standard benchmarks.\n"
)

# what every bad file is, by name: (file name, how to make it)
BAD_FILES = {
    "missing": ("missing.jsonl", None),
    "directory": ("folder.jsonl", lambda p: p.mkdir()),
    "empty": ("empty.jsonl", lambda p: p.write_bytes(b"")),
    "binary": ("binary.jsonl", lambda p: p.write_bytes(b"\x00\x01\x02binary\xff" * 50)),
    "fifo": ("pipe.jsonl", lambda p: os.mkfifo(p)),
    "device": ("device.jsonl", lambda p: os.symlink("/dev/null", p)),
    "broken-link": ("dangling.jsonl", lambda p: os.symlink(p.parent / "nowhere", p)),
    "bad-gzip": ("broken.jsonl.gz", lambda p: p.write_bytes(b"\x1f\x8b\x08" + b"junk" * 20)),
    "undecodable": ("latin1.txt", lambda p: p.write_bytes("caf\xe9 au lait, an abstract.\n".encode("latin-1"))),
    "malformed-json": ("bad.jsonl", lambda p: p.write_text('{"abstract": "fine"}\n{"abstract": \n')),
    "lone-surrogate": ("surrogate.jsonl", lambda p: p.write_text('{"abstract": "text \\ud800 here"}\n')),
    "too-long": ("long.jsonl", lambda p: p.write_text('{"abstract": "%s"}\n' % ("word " * 5000))),
}
BAD_GRAPHS = {
    "not-xml": ("notxml.graphml", lambda p: p.write_text("this is not xml at all")),
    "not-graphml": ("other.graphml", lambda p: p.write_text("<?xml version='1.0'?><root><a/></root>")),
    "truncated": ("cut.graphml", None),  # the sample graph cut in half
    "no-papers": (
        "nopapers.graphml",
        lambda p: p.write_text(
            "<?xml version='1.0'?><graphml xmlns='http://graphml.graphdrawing.org/xmlns'><graph edgedefault='directed'>"
            "<node id='a'/></graph></graphml>"
        ),
    ),
}
COMMON = ["missing", "directory", "empty", "binary", "fifo", "device", "broken-link"]


def snapshot(root: Path) -> dict:
    """Every entry under root: kind, mode, size and content (links: their target)."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            st = os.lstat(p)
            if stat.S_ISLNK(st.st_mode):
                out[str(p)] = ("link", os.readlink(p))
            elif stat.S_ISREG(st.st_mode):
                out[str(p)] = ("file", stat.S_IMODE(st.st_mode), p.read_bytes())
            else:
                out[str(p)] = ("other", stat.S_IFMT(st.st_mode), stat.S_IMODE(st.st_mode))
    return out


@pytest.fixture
def world(tmp_path, sample_graphml):
    """A folder with a good graph, good papers and every bad file."""
    w = tmp_path / "w"
    w.mkdir()
    shutil.copy(sample_graphml, w / "good.graphml")
    (w / "good.txt").write_text(GOOD_TEXT)
    (w / "old.graphml").write_text("an older graph the user wants to keep\n")
    (w / "a-file").write_text("a file, not a folder\n")
    (w / "out-dir").mkdir()
    os.mkfifo(w / "out-fifo")
    os.symlink("/dev/null", w / "out-device")
    for name, make in list(BAD_FILES.values()) + list(BAD_GRAPHS.values()):
        if make:
            make(w / name)
    data = (w / "good.graphml").read_bytes()
    (w / "cut.graphml").write_bytes(data[: len(data) // 2])
    return w


def run(runner, args, cwd: Path, stdin: str | None = None):
    """Invoke the CLI in cwd; a command stuck on a FIFO is freed and reported, not waited on forever."""
    box = {}

    def go():
        old = os.getcwd()
        os.chdir(cwd)
        try:
            box["r"] = runner.invoke(
                cli, args, input=stdin, env={"NEO4J_URI": "bolt://127.0.0.1:9", "NEO4J_PASSWORD": "not-a-real-one"}
            )
        finally:
            os.chdir(old)

    t = threading.Thread(target=go, daemon=True)
    t.start()
    t.join(timeout=60)
    if t.is_alive():
        for fifo in cwd.glob("*"):
            if stat.S_ISFIFO(os.lstat(fifo).st_mode):
                for flag in (os.O_WRONLY, os.O_RDONLY):
                    try:
                        os.close(os.open(fifo, flag | os.O_NONBLOCK))
                    except OSError:
                        pass
        t.join(timeout=10)
        pytest.fail(f"graphkit {' '.join(args)} hung")
    return box["r"]


def assert_refused(result, before, world, expect: str | None = None):
    import traceback

    tb = (
        "".join(traceback.format_exception(*result.exc_info))
        if result.exception is not None and not isinstance(result.exception, SystemExit)
        else ""
    )
    assert not tb, tb
    assert result.exit_code == 1, (result.exit_code, result.output)
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    if expect is not None:
        assert expect in result.stderr, result.stderr
    assert snapshot(world) == before, "something under the folder was written, replaced or left behind"


def graph_commands(graph: str) -> list[list[str]]:
    """Every command that reads a graph file, with that file."""
    return [
        ["concepts", "--graph", graph],
        ["concepts", "--graph", graph, "--json", "--thesaurus-out", "merges.tsv"],
        ["papers", "--graph", graph, "SAM2"],
        ["view", "--graph", graph, "SAM2", "-o", "page.html"],
        ["export", "--graph", graph, "-o", "graph.gexf"],
        ["site", "--graph", graph, "-o", "site"],
        ["neo4j", "load", "--graph", graph],
    ]


CASES = []
for bad in COMMON + ["bad-gzip", "undecodable", "malformed-json", "lone-surrogate", "too-long"]:
    name = BAD_FILES[bad][0]
    CASES.append(pytest.param(["build", name, "-o", "new.graphml"], id=f"build-input-{bad}"))
    if bad in COMMON + ["bad-gzip", "undecodable"]:
        CASES.append(
            pytest.param(["build", "good.txt", "-o", "new.graphml", "--thesaurus", name], id=f"build-thesaurus-{bad}")
        )
for bad in COMMON:
    name = BAD_FILES[bad][0]
    for args in graph_commands(name):
        CASES.append(pytest.param(args, id=f"{'-'.join(args[:2] if args[0] == 'neo4j' else args[:1])}-graph-{bad}"))
    CASES.append(pytest.param(["query", name.replace(".jsonl", ".cypher")], id=f"query-file-{bad}"))
for bad, (name, _) in BAD_GRAPHS.items():
    for args in graph_commands(name):
        CASES.append(pytest.param(args, id=f"{'-'.join(args[:2] if args[0] == 'neo4j' else args[:1])}-{bad}"))

OUTPUTS = {"dir": "out-dir", "fifo": "out-fifo", "device": "out-device", "under-a-file": "a-file/x.out"}
for bad, out in OUTPUTS.items():
    CASES += [
        pytest.param(["build", "good.txt", "-o", out], id=f"build-output-{bad}"),
        pytest.param(["build", "good.txt", "-o", "new.graphml", "--html", out], id=f"build-html-{bad}"),
        pytest.param(["build", "good.txt", "-o", "old.graphml", "--html", out], id=f"build-html-{bad}-keeps-graph"),
        pytest.param(["view", "--graph", "good.graphml", "SAM2", "-o", out], id=f"view-output-{bad}"),
        pytest.param(["export", "--graph", "good.graphml", "-o", out, "--format", "gexf"], id=f"export-output-{bad}"),
        pytest.param(["concepts", "--graph", "good.graphml", "--thesaurus-out", out], id=f"concepts-thesaurus-{bad}"),
    ]
CASES += [
    pytest.param(["build", "good.txt", "-o", "good.txt"], id="build-output-is-input"),
    pytest.param(["build", "good.txt", "-o", "old.graphml", "--html", "old.graphml"], id="build-html-is-output"),
    pytest.param(["build", "good.txt", "good.txt", "-o", "new.graphml"], id="build-input-twice"),
    pytest.param(["build", "good.txt", "./good.txt", "-o", "new.graphml"], id="build-input-twice-spelled-apart"),
    pytest.param(["export", "--graph", "good.graphml", "-o", "good.graphml"], id="export-output-is-input"),
    pytest.param(["view", "--graph", "good.graphml", "SAM2", "-o", "good.graphml"], id="view-output-is-input"),
    pytest.param(
        ["concepts", "--graph", "good.graphml", "--thesaurus-out", "good.graphml"], id="concepts-thesaurus-is-input"
    ),
    pytest.param(["site", "--graph", "good.graphml", "-o", "a-file"], id="site-output-is-a-file"),
    pytest.param(["site", "--graph", "good.graphml", "-o", "a-file/site"], id="site-under-a-file"),
    pytest.param(["site", "--graph", "good.graphml", "-o", "out-fifo"], id="site-output-fifo"),
    pytest.param(
        ["view", "--graph", "good.graphml", "no such concept at all", "-o", "page.html"], id="view-unknown-concept"
    ),
    pytest.param(["papers", "--graph", "good.graphml", "no such concept at all"], id="papers-unknown-concept"),
    pytest.param(["view", "--neo4j", "SAM2", "-o", "page.html"], id="view-neo4j-down"),
    pytest.param(["export", "--neo4j", "-o", "graph.graphml"], id="export-neo4j-down"),
    pytest.param(["neo4j", "load", "--graph", "good.graphml"], id="neo4j-load-down"),
    pytest.param(["query", "top-concepts"], id="query-down"),
    pytest.param(["query", "RETURN 1", "--uri", "http://127.0.0.1:7474"], id="query-http-uri"),
    pytest.param(["query", "top-concepts", "-p", "limit", "many"], id="query-bad-parameter"),
    pytest.param(["query", "no-such-query"], id="query-unknown"),
]


@pytest.mark.parametrize("args", CASES)
def test_bad_input_is_one_line_and_writes_nothing(runner, world, args):
    before = snapshot(world)
    assert_refused(run(runner, args, world), before, world)


def test_bad_stdin_is_one_line(runner, world):
    before = snapshot(world)
    result = run(runner, ["build", "-", "-o", "new.graphml"], world, stdin='{"abstract": \n')
    assert_refused(result, before, world, "Error: <stdin>:2: malformed JSON")
    result = run(runner, ["build", "-", "-", "-o", "new.graphml"], world, stdin=GOOD_TEXT)
    assert_refused(result, before, world, "given twice")


# ---------------------------------------------------------------- what is at an output path is respected


def test_output_through_a_symlink_keeps_link_and_mode(runner, world):
    real = world / "real.gexf"
    real.write_text("old")
    real.chmod(0o640)
    os.symlink("real.gexf", world / "link.gexf")
    result = run(runner, ["export", "--graph", "good.graphml", "-o", "link.gexf"], world)
    assert result.exit_code == 0, result.output
    assert os.path.islink(world / "link.gexf") and os.readlink(world / "link.gexf") == "real.gexf"
    assert real.read_bytes().startswith(b"<?xml") and stat.S_IMODE(real.stat().st_mode) == 0o640


def test_dash_writes_to_standard_output(runner, world):
    before = snapshot(world)
    result = run(runner, ["export", "--graph", "good.graphml", "-o", "-", "--format", "graphml"], world)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("<?xml") and "</graphml>" in result.stdout
    assert result.stderr.startswith("Wrote - (")
    assert snapshot(world) == before
    page = run(runner, ["view", "--graph", "good.graphml", "SAM2", "-o", "-"], world)
    assert page.exit_code == 0 and page.stdout.lstrip().lower().startswith("<!doctype html")


def test_temporary_files_of_a_killed_run_are_cleaned(runner, world):
    import subprocess
    import sys

    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    ).stdout.strip()
    left = world / f".graph.gexf.{dead}.abc123.tmp"
    left.write_text("half a file")
    mine_alive = world / f".graph.gexf.{os.getpid()}.xyz.tmp"  # a live process's: not touched
    mine_alive.write_text("in progress")
    result = run(runner, ["export", "--graph", "good.graphml", "-o", "graph.gexf"], world)
    assert result.exit_code == 0, result.output
    assert not left.exists() and mine_alive.exists()
    assert sorted(p.name for p in world.glob(".graph.gexf.*")) == [mine_alive.name]


def test_build_reads_standard_input(runner, world):
    result = run(runner, ["build", "-", "-o", "new.graphml", "-q"], world, stdin=GOOD_TEXT)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Read 2 papers from 1 file (text).")
    from graphkit.export import read_graphml

    g = read_graphml(world / "new.graphml")
    assert sum(1 for _, d in g.nodes(data=True) if d.get("type", d.get("label")) == "Paper") == 2


def test_concepts_into_a_closed_pipe_exits_quietly(world):
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "graphkit", "concepts", "--graph", "good.graphml", "--json"],
        cwd=world,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
    )
    proc.stdout.close()  # the reader is gone before graphkit writes (as `| head` after its lines)
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0, err
    assert err == ""


# ---------------------------------------------------------------- the site folder


def site(runner, world, out, *extra):
    return run(runner, ["site", "--graph", "good.graphml", "-o", out, "-q", *extra], world)


def test_site_keeps_what_the_user_added_and_its_mode(runner, world):
    old = os.umask(0o022)
    try:
        assert site(runner, world, "site").exit_code == 0
    finally:
        os.umask(old)
    s = world / "site"
    assert stat.S_IMODE(s.stat().st_mode) == 0o755
    (s / "notes.txt").write_text("my notes")
    (s / ".git").mkdir()
    (s / ".git" / "config").write_text("[core]")
    (s / "concepts" / "my-page.md").write_text("mine")
    pages_before = sorted(p.name for p in (s / "concepts").glob("*.html"))
    result = site(runner, world, "site", "--min-papers", "5")
    assert result.exit_code == 0, result.output
    assert (s / "notes.txt").read_text() == "my notes" and (s / ".git" / "config").read_text() == "[core]"
    assert (s / "concepts" / "my-page.md").read_text() == "mine"
    pages_after = sorted(p.name for p in (s / "concepts").glob("*.html"))
    assert len(pages_after) < len(pages_before)  # graphkit's own old pages went
    assert [p.name for p in world.iterdir() if p.name.startswith(".")] == []


def test_site_through_a_symlink_stays_a_symlink(runner, world):
    assert site(runner, world, "site").exit_code == 0
    os.symlink("site", world / "link")
    result = site(runner, world, "link", "--title", "again")
    assert result.exit_code == 0, result.output
    assert os.path.islink(world / "link") and "again" in (world / "site" / "index.html").read_text()


def test_site_from_inside_itself_is_one_line_and_leaves_nothing(runner, world):
    assert site(runner, world, "site").exit_code == 0
    before = snapshot(world)
    result = run(runner, ["site", "--graph", "../good.graphml", "-o", ".", "-q"], world / "site")
    assert_refused(result, before, world, "is the current folder or holds it")
    result = run(runner, ["site", "--graph", "../../good.graphml", "-o", "..", "-q"], world / "site" / "concepts")
    assert_refused(result, before, world, "is the current folder or holds it")


def test_a_folder_that_is_not_a_site_is_refused(runner, world):
    (world / "mine").mkdir()
    (world / "mine" / "thesis.tex").write_text("years of work")
    before = snapshot(world)
    assert_refused(site(runner, world, "mine"), before, world, "exists and is not a graphkit site")
