"""neo4j-admin import files (graphkit/store/neo4j_admin.py): headers in the import tool's format,
hostile text verbatim; and a real import with the tool from Maven Central, served by Neo4j 5.26."""

from __future__ import annotations

import csv
import os
from collections import Counter

import networkx as nx
import pytest

from graphkit import schema as S
from graphkit.errors import GraphFileError
from graphkit.store.neo4j_admin import ARRAY_DELIMITER, write_import_files

HOSTILE = 'Robert"); DROP TABLE papers;-- `x`, <script>alert(1)</script>\nsecond line, "quoted"'


def small_graph() -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    S.add_node(g, "paper:p1", S.PAPER, id="p1", title=HOSTILE, abstract="a, b; c", year=2017, venue="ICLR")
    S.add_node(g, "paper:p2", S.PAPER, id="p2", title="t2", abstract="x")
    S.add_node(
        g,
        "concept:gan",
        S.CONCEPT,
        key="gan",
        name="GAN",
        aliases=["generative adversarial network", "G;A|N"],
        kind="model",
        paper_count=2,
        first_year=2017,
    )
    S.add_node(g, "author:a", S.AUTHOR, key="a", name='O\'Brien, "Al"')
    S.add_rel(g, "paper:p1", "concept:gan", S.MENTIONS, score=0.5, rank=1, evidence=HOSTILE)
    S.add_rel(g, "paper:p2", "concept:gan", S.MENTIONS, score=1, rank=2, evidence="e")
    S.add_rel(g, "paper:p2", "paper:p1", S.CITES)
    S.add_rel(g, "author:a", "paper:p1", S.WROTE, position=1)
    return g


def read(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.reader(fh))


def test_headers_and_values(tmp_path):
    files = write_import_files(small_graph(), tmp_path / "imp")
    papers = read(files.nodes["Paper"][0])
    # ``label`` is the display name (Gephi's), a property as ``neo4j load`` stores it
    assert papers[0] == [
        "id:ID(Paper)",
        ":LABEL",
        "title:string",
        "abstract:string",
        "year:int",
        "venue:string",
        "label:string",
    ]
    assert papers[1][:6] == ["p1", "Paper", HOSTILE, "a, b; c", "2017", "ICLR"]
    assert papers[2][:6] == ["p2", "Paper", "t2", "x", "", ""]  # no year: no property
    concepts = read(files.nodes["Concept"][0])
    assert concepts[0] == [
        "key:ID(Concept)",
        ":LABEL",
        "name:string",
        "aliases:string[]",
        "kind:string",
        "paper_count:int",
        "first_year:int",
        "label:string",
    ]
    assert concepts[1][3].split(ARRAY_DELIMITER) == ["generative adversarial network", "G;A|N"]
    mentions = read(files.relationships["MENTIONS"][0])
    assert mentions[0] == [
        ":START_ID(Paper)",
        ":END_ID(Concept)",
        ":TYPE",
        "score:float",
        "rank:int",
        "evidence:string",
    ]
    assert mentions[1] == ["p1", "gan", "MENTIONS", "0.5", "1", HOSTILE]
    assert read(files.relationships["WROTE"][0])[1] == ["a", "p1", "WROTE", "1"]
    assert read(files.relationships["CITES"][0]) == [
        [":START_ID(Paper)", ":END_ID(Paper)", ":TYPE"],
        ["p2", "p1", "CITES"],
    ]
    assert files.nodes["Paper"][1] == 2 and files.relationships["MENTIONS"][1] == 2
    cmd = files.command("papers")
    assert cmd[:5] == ["neo4j-admin", "database", "import", "full", "papers"]
    assert "--array-delimiter=U+001F" in cmd and "--multiline-fields=true" in cmd
    assert f"--relationships={files.relationships['CITES'][0]}" in cmd


def test_replaces_the_folder_and_refuses_a_file(tmp_path):
    out = tmp_path / "imp"
    out.mkdir()
    (out / "rels-STALE.csv").write_text("old")  # an earlier graph's import files go
    write_import_files(small_graph(), out)
    assert not (out / "rels-STALE.csv").exists() and (out / "nodes-Paper.csv").exists()
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o777 & ~umask  # as mkdir makes it, not mkdtemp's 0700
    f = tmp_path / "file"
    f.write_text("x")
    with pytest.raises(GraphFileError, match="not a folder"):
        write_import_files(small_graph(), f)
    assert f.read_text() == "x"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary folder left


def test_refuses_a_folder_holding_anything_but_import_files(runner, tmp_path, monkeypatch):
    """It had replaced a folder whole: `-o` naming the folder of the graph deleted the graph and
    the user's notes beside the CSV files it wrote. Nor does `-o -` make a folder named "-"."""
    from graphkit import cli
    from graphkit.export import write_graphml

    work = tmp_path / "work"
    work.mkdir()
    gpath = work / "g.graphml"
    write_graphml(small_graph(), gpath)
    (work / "notes.txt").write_text("keep")
    before = sorted(p.name for p in work.iterdir())
    r = runner.invoke(cli.cli, ["neo4j", "import-files", "--graph", str(gpath), "-o", str(work)])
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert r.stderr.strip().count("\n") == 0 and "holds 'g.graphml' and 1 more" in r.stderr, r.stderr
    assert sorted(p.name for p in work.iterdir()) == before and (work / "notes.txt").read_text() == "keep"
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(cli.cli, ["neo4j", "import-files", "--graph", str(gpath), "-o", "-"])
    assert r.exit_code != 0 and "not standard output" in r.stderr and not (tmp_path / "-").exists()
    link = tmp_path / "link"
    (tmp_path / "imp").mkdir()
    link.symlink_to(tmp_path / "imp")
    r = runner.invoke(cli.cli, ["neo4j", "import-files", "--graph", str(gpath), "-o", str(link)])
    assert r.exit_code == 1 and "is a symbolic link" in r.stderr and r.stderr.count("\n") == 1
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.chdir(empty)
    r = runner.invoke(cli.cli, ["neo4j", "import-files", "--graph", str(gpath), "-o", "."])
    assert r.exit_code == 1 and "current folder" in r.stderr and list(empty.iterdir()) == []


def test_wrong_edge_ends_write_nothing(tmp_path):
    g = small_graph()
    S.add_rel(g, "concept:gan", "paper:p1", S.MENTIONS, score=0.1, rank=1, evidence="x")
    with pytest.raises(GraphFileError, match="does not join Paper to Concept"):
        write_import_files(g, tmp_path / "imp")
    assert list(tmp_path.iterdir()) == []


def test_cli_writes_files_and_prints_the_command(runner, tmp_path):
    from graphkit import cli
    from graphkit.export import write_graphml

    gpath = tmp_path / "g.graphml"
    write_graphml(small_graph(), gpath)
    r = runner.invoke(cli.cli, ["neo4j", "import-files", "--graph", str(gpath), "-o", str(tmp_path / "imp")])
    assert r.exit_code == 0, r.output
    assert "neo4j-admin database import full neo4j" in r.output and (tmp_path / "imp" / "nodes-Paper.csv").exists()
    r = runner.invoke(
        cli.cli, ["neo4j", "import-files", "--graph", str(tmp_path / "missing.graphml"), "-o", str(tmp_path / "x")]
    )
    assert r.exit_code != 0 and "Traceback" not in r.output and not (tmp_path / "x").exists()


@pytest.mark.integration
@pytest.mark.neo4j
def test_admin_import_of_the_sample_graph(sample_graph, tmp_path, monkeypatch):
    """The real import tool (org.neo4j.cli.AdminTool from the Maven jars), then the real server over the store."""
    from graphkit.store.local import admin_import, local_neo4j
    from graphkit.store.neo4j import connect, run_query

    g = sample_graph.copy()
    S.add_node(g, "paper:hostile", S.PAPER, id="hostile", title=HOSTILE, abstract=HOSTILE, year=2026)
    files = write_import_files(g, tmp_path / "imp")
    (tmp_path / "cwd").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    out = admin_import(files, tmp_path / "home")
    assert "IMPORT DONE" in out
    assert list((tmp_path / "cwd").iterdir()) == []  # its import.report stays in the store's home
    with local_neo4j(tmp_path / "home", password="graphkit-test") as server:
        driver = connect(server["uri"], server["user"], server["password"])
        try:

            def one(q, **p):
                return run_query(driver, q, p)[1]

            labels = {r["l"]: r["n"] for r in one("MATCH (n) RETURN labels(n)[0] AS l, count(*) AS n")}
            assert labels == dict(Counter(S.node_type(d) for _, d in g.nodes(data=True)))
            types = {r["t"]: r["n"] for r in one("MATCH ()-[r]->() RETURN type(r) AS t, count(*) AS n")}
            assert types == dict(Counter(k for _, _, k in g.edges(keys=True)))
            row = one("MATCH (p:Paper {id: 'hostile'}) RETURN p.title AS t, p.year AS y")[0]
            assert row == {"t": HOSTILE, "y": 2026}
            with_aliases = next(d for _, d in S.nodes_of(g, S.CONCEPT) if d.get("aliases"))
            row = one("MATCH (c:Concept {key: $k}) RETURN c.aliases AS a, c.paper_count AS n", k=with_aliases["key"])[0]
            assert row == {"a": list(with_aliases["aliases"]), "n": with_aliases["paper_count"]}
            u, v, d = next((u, v, d) for u, v, k, d in g.edges(keys=True, data=True) if k == S.MENTIONS)
            row = one(
                "MATCH (p:Paper {id: $p})-[m:MENTIONS]->(c:Concept {key: $c}) RETURN m.score AS s, m.rank AS r",
                p=g.nodes[u]["id"],
                c=g.nodes[v]["key"],
            )[0]
            assert row == {"s": d["score"], "r": d["rank"]}
        finally:
            driver.close()
