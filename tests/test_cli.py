"""The command line: exact user-facing text, exit codes, and no half-written output."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from graphkit.cli import cli
from graphkit.export import read_graphml
from graphkit.read import formats

from .conftest import DATA, SAMPLES


def test_build_samples(runner, samples, tmp_path):
    out, page = tmp_path / "g.graphml", tmp_path / "g.html"
    result = runner.invoke(cli, ["build", *samples, "--output", str(out), "--html", str(page), "--quiet"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Read 38 papers from 2 files (text)."
    assert re.fullmatch(r"Found [\d,]+ concepts \([\d,]+ shared by 2\+ papers\) in [\d,]+ mentions\.", lines[1])
    assert re.fullmatch(r"Graph: [\d,]+ nodes, [\d,]+ edges\.", lines[2])
    assert lines[3:] == [f"Wrote {out}", f"Wrote {page}"]
    g = read_graphml(out)
    assert sum(1 for _, d in g.nodes(data=True) if d["type"] == "Paper") == 38
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize(
    "name, message",
    [
        ("malformed.jsonl", "malformed.jsonl:3: malformed JSON: Expecting ',' delimiter (column 56)"),
        ("empty.txt", "empty.txt: file is empty"),
        ("undecodable.txt", "undecodable.txt:3: is not valid UTF-8 (byte 0xff at offset 81); save it as UTF-8"),
        ("duplicate_ids.jsonl", "duplicate_ids.jsonl:3: duplicate paper id 'x1'"),
        ("no_abstract.jsonl", "no_abstract.jsonl:2: 2 of 3 records have neither abstract nor title: lines 2, 3"),
        ("malformed.csv", "malformed.csv:3: malformed CSV: row has 4 fields, the header has 3"),
        ("image.png", "image.png:3: contains NUL bytes: this looks like a binary file, not text"),
    ],
)
def test_build_bad_input_one_line_no_output(runner, tmp_path, name, message):
    out = tmp_path / "out.graphml"
    result = runner.invoke(cli, ["build", str(DATA / name), "--output", str(out), "--html", str(tmp_path / "p.html")])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith("Error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_build_bad_format_is_a_usage_error(runner, tmp_path):
    result = runner.invoke(
        cli, ["build", str(DATA / "papers.jsonl"), "--output", str(tmp_path / "x"), "--format", "pdf"]
    )
    assert result.exit_code == 2
    choices = ", ".join(f"'{name}'" for name in formats())
    assert f"Invalid value for '--format': 'pdf' is not one of {choices}." in result.stderr
    assert {"text", "jsonl", "json", "csv"} <= set(formats())


def test_concepts_table_and_json(runner, sample_graphml):
    result = runner.invoke(cli, ["concepts", "--graph", str(sample_graphml), "--top", "3"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["papers", "kind", "concept", "aliases"]
    assert len(lines) == 4
    result = runner.invoke(cli, ["concepts", "--graph", str(sample_graphml), "--json"])
    rows = json.loads(result.stdout)
    rl = next(r for r in rows if r["name"] == "reinforcement learning")
    assert "RL" in rl["aliases"] and rl["paper_count"] >= 7
    assert [r["paper_count"] for r in rows] == sorted((r["paper_count"] for r in rows), reverse=True)


def test_papers_by_name_or_alias(runner, sample_graphml):
    by_alias = runner.invoke(cli, ["papers", "--graph", str(sample_graphml), "RL", "--json"])
    by_name = runner.invoke(cli, ["papers", "--graph", str(sample_graphml), "Reinforcement Learning", "--json"])
    assert by_alias.exit_code == by_name.exit_code == 0
    assert json.loads(by_alias.stdout) == json.loads(by_name.stdout)
    rows = json.loads(by_alias.stdout)
    assert [r["score"] for r in rows] == sorted((r["score"] for r in rows), reverse=True)
    sam = runner.invoke(cli, ["papers", "--graph", str(sample_graphml), "SAM2"])
    assert sam.exit_code == 0
    assert "Multimodal large language models (MLLMs) demonstrate strong video understanding" in sam.stdout
    assert "attention-guided SAM2 prompting" in sam.stdout


def test_unknown_concept(runner, sample_graphml, tmp_path):
    result = runner.invoke(cli, ["papers", "--graph", str(sample_graphml), "quantum gravity"])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: no concept named 'quantum gravity'.")
    page = tmp_path / "p.html"
    result = runner.invoke(cli, ["view", "--graph", str(sample_graphml), "quantum gravity", "--output", str(page)])
    assert result.exit_code == 1 and not page.exists()


def test_view_writes_a_page(runner, sample_graphml, tmp_path):
    page = tmp_path / "sam2.html"
    result = runner.invoke(cli, ["view", "--graph", str(sample_graphml), "SAM2", "--output", str(page)])
    assert result.exit_code == 0, result.output
    assert re.fullmatch(rf"Wrote {re.escape(str(page))} \(\d+ nodes, \d+ edges around 'SAM2'\)\n", result.stdout)
    assert "graphkit: SAM2" in page.read_text(encoding="utf-8")


@pytest.mark.parametrize("fmt", ["graphml", "gexf", "json"])
def test_export(runner, sample_graphml, tmp_path, fmt):
    out = tmp_path / f"g.{fmt}"
    result = runner.invoke(cli, ["export", "--graph", str(sample_graphml), "--format", fmt, "--output", str(out)])
    assert result.exit_code == 0
    assert result.stdout.startswith(f"Wrote {out} (") and result.stdout.rstrip().endswith(f"edges, {fmt})")
    assert out.stat().st_size > 0


def test_missing_or_broken_graph_file(runner, tmp_path):
    result = runner.invoke(cli, ["concepts", "--graph", str(tmp_path / "none.graphml")])
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {tmp_path / 'none.graphml'}: no such graph file; "
        "build one with: graphkit build INPUT --output FILE.graphml\n"
    )
    bad = tmp_path / "bad.graphml"
    bad.write_text("<graphml>")
    result = runner.invoke(cli, ["concepts", "--graph", str(bad)])
    assert result.exit_code == 1 and result.stderr.startswith(f"Error: {bad}: not a readable GraphML file")


def test_python_dash_m_and_help():
    result = subprocess.run([sys.executable, "-m", "graphkit", "--help"], capture_output=True, text=True, check=True)
    assert "Usage: graphkit [OPTIONS] COMMAND [ARGS]..." in result.stdout
    for command in ("build", "concepts", "papers", "view", "export"):
        assert f"  {command}" in result.stdout


def test_unwritable_output_is_one_line(runner, sample_graphml, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    out = blocker / "sub" / "g.gexf"  # a folder inside a file cannot exist
    result = runner.invoke(cli, ["export", "--graph", str(sample_graphml), "--format", "gexf", "--output", str(out)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {out}: cannot write here (") and result.stderr.count("\n") == 1


def test_export_format_from_the_extension(runner, sample_graphml, tmp_path):
    for name, fmt in (("g.gexf", "gexf"), ("g.cyjs", "cytoscape"), ("g", "graphml"), ("g.xml", "graphml")):
        out = tmp_path / name
        result = runner.invoke(cli, ["export", "--graph", str(sample_graphml), "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert result.stdout.startswith(f"Wrote {out} (") and result.stdout.endswith(f"edges, {fmt})\n")
    odd = tmp_path / "g.xyz"  # no format's extension: not GraphML under a name that says otherwise
    result = runner.invoke(cli, ["export", "--graph", str(sample_graphml), "-o", str(odd)])
    assert result.exit_code == 1 and not odd.exists()
    assert result.stderr.startswith(f"Error: {odd}: no export format writes .xyz files; name the file with one of ")
    assert result.stderr.count("\n") == 1
    for fmt in ("csv", "vosviewer"):  # two files cannot go to standard output
        result = runner.invoke(cli, ["export", "--graph", str(sample_graphml), "-o", "-", "--format", fmt])
        assert result.exit_code == 1 and result.stdout == ""
        assert result.stderr == f"Error: the {fmt} export is 2 files; give --output a name, not -\n"
    assert not list(tmp_path.glob("-*"))
    clash = tmp_path / "x.gexf"
    result = runner.invoke(cli, ["export", "--graph", str(sample_graphml), "--format", "graphml", "-o", str(clash)])
    assert result.exit_code == 1 and not clash.exists()
    assert result.stderr == (
        f"Error: {clash}: the extension says gexf, --format says graphml; "
        "name the file with .graphml or .xml, or drop --format\n"
    )


def test_build_writes_graphml_under_a_graphml_name(runner, tmp_path):
    out = tmp_path / "g.gexf"
    result = runner.invoke(cli, ["build", "--fast", SAMPLES[0], "-o", str(out)])
    assert result.exit_code == 2 and not out.exists()
    assert f"Error: {out}: build writes GraphML; name the file .graphml" in result.stderr


def test_cli_is_click_over_api_only():
    import ast

    import graphkit.cli

    tree = ast.parse(open(graphkit.cli.__file__, encoding="utf-8").read())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported |= {f"{'.' * node.level}{node.module or ''}:{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            imported |= {a.name for a in node.names}
    assert imported <= {
        "__future__:annotations",
        "functools",
        "sys",
        "click",
        ".:api",
        ".errors:GraphkitError",
        ".errors:UsageError",
    }


def test_an_empty_citation_answer_says_why(runner, sample_graph, sample_graphml):
    """The samples have no references: an empty answer is one line on standard error, not silence."""
    paper = next(d["id"] for _, d in sample_graph.nodes(data=True) if d.get("type") == "Paper")
    for option, said in (
        ("--cites", f"No paper in the graph cites {paper}.\n"),
        ("--cited-by", f"{paper} cites no work in the graph.\n"),
    ):
        result = runner.invoke(cli, ["papers", "--graph", str(sample_graphml), option, paper])
        assert result.exit_code == 0 and result.stdout == "" and result.stderr == said
    concept = next(d["name"] for _, d in sample_graph.nodes(data=True) if d.get("type") == "Concept")
    result = runner.invoke(cli, ["concepts", "--graph", str(sample_graphml), "--flow", concept])
    assert (
        result.exit_code == 0
        and "Adopted while citing an earlier or same-year paper with it: 0 papers" in result.stdout
    )
    assert result.stderr.startswith("(none of its papers cites any work: a flow needs records with references")


def test_json_rows_are_one_record_a_line(runner, sample_graphml):
    result = runner.invoke(cli, ["concepts", "--graph", str(sample_graphml), "--top", "3", "--json"])
    lines = result.stdout.splitlines()
    assert result.exit_code == 0 and lines[0] == "[" and lines[-1] == "]" and len(lines) == 5
    assert [json.loads(line.rstrip(",")) for line in lines[1:-1]] == json.loads(result.stdout)


def test_usage_errors_are_one_line(runner, sample_graphml):
    """Click's usage errors had been four lines (usage, hint, a blank line, the error)."""
    for args, message in (
        (
            ["view", "--graph", str(sample_graphml)],
            "Error: Missing option '--output' / '-o'. (see 'graphkit view --help')",
        ),
        (["build", "--bogus"], "Error: No such option '--bogus'. (see 'graphkit build --help')"),
        (["bogus"], "Error: No such command 'bogus'. (see 'graphkit --help')"),
    ):
        result = runner.invoke(cli, args, prog_name="graphkit")
        assert result.exit_code == 2 and result.stderr == message + "\n", (args, result.stderr)
    result = subprocess.run([sys.executable, "-m", "graphkit"], capture_output=True, text=True)
    assert result.returncode == 2 and result.stderr.startswith("Usage: graphkit [OPTIONS] COMMAND")  # no args: help


def test_a_concepts_own_name_wins_over_another_concepts_key():
    """3,000 scale abstracts of 2019-22: "visual slam" (its own concept) answered with "visual
    SLAM", whose key is "visual slam" too, and "map estimation" with "MAP estimation"."""
    import networkx as nx

    from graphkit.query import find_concept

    g = nx.MultiDiGraph()
    g.add_node("c1", type="Concept", name="visual SLAM", key="visual slam", paper_count=10, aliases=[])
    g.add_node("c2", type="Concept", name="visual slam", key="visual slam (x)", paper_count=2, aliases=[])
    assert find_concept(g, "visual slam") == "c2"
    assert find_concept(g, "visual SLAM") == "c1"
    assert find_concept(g, "Visual Slam") == "c1"  # case ignored: the most papers
