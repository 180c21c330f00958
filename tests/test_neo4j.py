"""Neo4j as a store, against a real server: loading, idempotency, injection, the Cypher library, CLI."""

from __future__ import annotations

import json
import re

import pytest

from graphkit.cli import cli
from graphkit.errors import StoreError
from graphkit.schema import SCHEMA_VERSION, node_type
from graphkit.store.neo4j import Neo4jWriter, connect, fetch_graph, library, run_query

pytestmark = pytest.mark.neo4j


def counts(driver):
    _, rows = run_query(driver, "MATCH (n) WITH labels(n)[0] AS label, count(*) AS n RETURN label, n ORDER BY label")
    nodes = {r["label"]: r["n"] for r in rows}
    _, rows = run_query(driver, "MATCH ()-[r]->() WITH type(r) AS t, count(*) AS n RETURN t, n ORDER BY t")
    return nodes, {r["t"]: r["n"] for r in rows}


def graph_counts(g):
    nodes, rels = {}, {}
    for _, d in g.nodes(data=True):
        t = node_type(d)
        nodes[t] = nodes.get(t, 0) + 1
    for _, _, k in g.edges(keys=True):
        rels[k] = rels.get(k, 0) + 1
    return nodes, rels


def test_load_matches_the_graph_and_is_idempotent(neo4j_driver, library_graph):
    writer = Neo4jWriter(neo4j_driver, batch_size=500)
    first = writer.load(library_graph)
    assert first.nodes_created == library_graph.number_of_nodes()
    assert first.relationships_created == library_graph.number_of_edges()
    assert counts(neo4j_driver) == graph_counts(library_graph)
    again = writer.load(library_graph)
    assert again.nodes_created == 0 and again.relationships_created == 0
    assert counts(neo4j_driver) == graph_counts(library_graph)
    _, rows = run_query(
        neo4j_driver, "SHOW CONSTRAINTS YIELD labelsOrTypes, properties RETURN labelsOrTypes, properties"
    )
    assert {(r["labelsOrTypes"][0], r["properties"][0]) for r in rows} >= {
        ("Paper", "id"),
        ("Concept", "key"),
        ("Author", "key"),
    }


def test_grown_graph_adds_only_what_is_new(neo4j_driver, sample_graph, library_graph):
    writer = Neo4jWriter(neo4j_driver)
    writer.load(sample_graph)
    # sync: concepts are the corpus's, so a grown corpus may regroup a one-paper concept
    grown = writer.load(library_graph, sync=True)
    assert counts(neo4j_driver) == graph_counts(library_graph)
    assert grown.nodes_created < library_graph.number_of_nodes()
    papers_added = sum(1 for _, d in library_graph.nodes(data=True) if d["type"] == "Paper") - sum(
        1 for _, d in sample_graph.nodes(data=True) if d["type"] == "Paper"
    )
    assert papers_added == 4  # the 3 papers of papers.jsonl and the work p3 cites that is not among them


def test_interrupted_load_can_be_rerun(neo4j_driver, library_graph):
    class Interrupted(Exception):
        pass

    writer = Neo4jWriter(neo4j_driver, batch_size=50)
    real_run, calls = writer._run, []

    def flaky(statement, rows=None):
        calls.append(1)
        if len(calls) == 12:
            raise Interrupted()
        return real_run(statement, rows)

    writer._run = flaky
    with pytest.raises(Interrupted):
        writer.load(library_graph)
    partial_nodes, partial_rels = counts(neo4j_driver)
    assert sum(partial_nodes.values()) < library_graph.number_of_nodes()
    Neo4jWriter(neo4j_driver, batch_size=50).load(library_graph)
    assert counts(neo4j_driver) == graph_counts(library_graph)


def test_values_are_stored_verbatim_and_inert(neo4j_driver, hostile_graph):
    Neo4jWriter(neo4j_driver).load(hostile_graph)
    _, rows = run_query(neo4j_driver, "MATCH (p:Paper {id: 'h2'}) RETURN p.title AS title")
    assert rows == [{"title": hostile_graph.nodes["paper:h2"]["title"]}]
    assert "'}) DETACH DELETE n //" in rows[0]["title"]
    assert counts(neo4j_driver) == graph_counts(hostile_graph)  # nothing was deleted by the text
    # a concept whose name carries quotes, backticks and braces
    import networkx as nx

    g = nx.MultiDiGraph(hostile_graph)
    evil = '`x`}) DETACH DELETE n // "quoted" {brace}'
    g.add_node(
        "concept:evil",
        label="Concept",
        key=evil,
        name=evil,
        aliases=["'}) MATCH (m) DETACH DELETE m //"],
        kind="term",
        paper_count=1,
    )
    g.add_edge("paper:h1", "concept:evil", key="MENTIONS", type="MENTIONS", score=0.5, rank=99, evidence=evil)
    Neo4jWriter(neo4j_driver).load(g)
    _, rows = run_query(
        neo4j_driver,
        "MATCH (p:Paper)-[m:MENTIONS]->(c:Concept {key: $k}) RETURN p.id AS id, "
        "c.name AS name, c.aliases AS aliases, m.evidence AS evidence",
        {"k": evil},
    )
    assert rows == [{"id": "h1", "name": evil, "aliases": ["'}) MATCH (m) DETACH DELETE m //"], "evidence": evil}]
    assert counts(neo4j_driver) == graph_counts(g)


def test_unreachable_server_and_bad_credentials(neo4j_server):
    from .conftest import _free_port

    with pytest.raises(StoreError) as err:
        connect(f"bolt://127.0.0.1:{_free_port()}", "neo4j", "whatever")
    assert "cannot reach Neo4j at bolt://127.0.0.1:" in str(err.value)
    assert "is the server running? (start one with: make neo4j)" in str(err.value)
    with pytest.raises(StoreError) as err:
        connect(neo4j_server["uri"], "neo4j", "wrong-password")
    assert str(err.value) == (
        f"Neo4j at {neo4j_server['uri']} refused the credentials for user 'neo4j'; "
        "check --user/--password (NEO4J_USER/NEO4J_PASSWORD)"
    )
    assert "wrong-password" not in str(err.value)


# ---------------------------------------------------------------- the Cypher library, each query asserted


@pytest.fixture
def loaded(neo4j_driver, library_graph):
    """The library graph, freshly loaded into an emptied database."""
    Neo4jWriter(neo4j_driver).load(library_graph)
    return neo4j_driver, library_graph


def lib(driver, query, **params):
    q = library()[query]
    return run_query(driver, q.text, q.bind({k: str(v) for k, v in params.items()}))[1]


def test_every_library_query_declares_itself():
    queries = library()
    assert set(queries) == {
        "concept-neighbourhood",
        "papers-mentioning",
        "shared-concepts",
        "shortest-path",
        "top-concepts",
        "co-occurring",
        "rising-concepts",
        "bursting-concepts",
        "citing-papers",
        "cited-papers",
        "co-cited",
        "coupled",
        "co-authors",
        "most-cited",
        "concept-flow",
    }
    for q in queries.values():
        assert q.question, q.name
        assert all(f"${p}" in q.text for p in q.params), q.name


def test_concept_neighbourhood(loaded):
    driver, g = loaded
    rows = lib(driver, "concept-neighbourhood", name="sam2")
    assert len(rows) == 1 and rows[0]["concept"] == "SAM2"
    ids = {p["id"] for p in rows[0]["papers"]}
    expected = {
        d["id"] for u, v, k in g.edges(keys=True) if k == "MENTIONS" and v == "concept:sam2" for d in [g.nodes[u]]
    }
    assert ids == expected and len(ids) == 1
    co = {c["name"] for c in rows[0]["co_occurring"]}
    assert co == {
        g.nodes[v]["name"]
        for u, v, k in g.edges(keys=True)
        if k == "CO_OCCURS" and "concept:sam2" in (u, v)
        for v in [v if u == "concept:sam2" else u]
    }


def test_papers_mentioning_by_alias(loaded):
    driver, g = loaded
    rows = lib(driver, "papers-mentioning", name="RL")
    node = next(n for n, d in g.nodes(data=True) if d.get("name") == "reinforcement learning")
    assert len(rows) == g.nodes[node]["paper_count"] >= 7
    assert [r["score"] for r in rows] == sorted((r["score"] for r in rows), reverse=True)
    assert all(r["evidence"] for r in rows)


def test_shared_concepts(loaded):
    driver, g = loaded
    rows = lib(driver, "shared-concepts", a="p2", b="p3")
    names = {r["concept"] for r in rows}
    assert "REINFORCE" in names and "reinforcement learning" in names
    mine = {v for _, v, k in g.out_edges("paper:p2", keys=True) if k == "MENTIONS"}
    theirs = {v for _, v, k in g.out_edges("paper:p3", keys=True) if k == "MENTIONS"}
    assert names == {g.nodes[c]["name"] for c in mine & theirs}


def test_shortest_path(loaded):
    driver, _ = loaded
    rows = lib(driver, "shortest-path", source="REINFORCE", target="GRPO")
    assert rows and rows[0]["path"][0] == "REINFORCE" and rows[0]["path"][-1] == "GRPO"
    assert rows[0]["hops"] == len(rows[0]["via"]) <= 2


def test_top_concepts(loaded):
    driver, g = loaded
    rows = lib(driver, "top-concepts", limit=5)
    expected = sorted((-d["paper_count"], d["name"]) for _, d in g.nodes(data=True) if d["type"] == "Concept")[:5]
    assert [(-r["paper_count"], r["concept"]) for r in rows] == expected


def test_co_occurring(loaded):
    driver, g = loaded
    rows = lib(driver, "co-occurring", name="large language model", limit=3)
    node = next(n for n, d in g.nodes(data=True) if d.get("name") == "large language model")
    weights = sorted(
        (d["weight"] for u, v, k, d in g.edges(keys=True, data=True) if k == "CO_OCCURS" and node in (u, v)),
        reverse=True,
    )[:3]
    assert [r["papers_in_common"] for r in rows] == weights


def test_rising_concepts(loaded):
    driver, g = loaded
    rows = lib(driver, "rising-concepts", since=2021, limit=50)
    by_name = {r["concept"]: r for r in rows}
    # REINFORCE: p2 (2019) before; p3 (2023) and the 2026 samples that say it after
    saying = [
        d["year"]
        for _, d in g.nodes(data=True)
        if d.get("type") == "Paper" and re.search(r"\bREINFORCE\b", f"{d.get('title', '')} {d.get('abstract', '')}")
    ]
    recent = sum(1 for y in saying if y >= 2021)
    if recent > 1:
        assert (by_name["REINFORCE"]["before"], by_name["REINFORCE"]["recent"]) == (1, recent)
    else:
        assert "REINFORCE" not in by_name
    # diffusion: p1 (2021), p3 (2023) + the 2026 samples
    diffusion = next(r for name, r in by_name.items() if "diffusion" in name.lower())
    assert diffusion["before"] == 0 and diffusion["recent"] >= 4


def test_bursts_and_clusters_are_stored_and_bursting_concepts_ranks_them(neo4j_driver, library_graph):
    g = library_graph.copy()
    concepts = sorted(n for n, d in g.nodes(data=True) if d.get("type") == "Concept")
    for n in concepts:
        for k in ("burst_start", "burst_end", "burst_strength"):
            g.nodes[n].pop(k, None)
    weak, strong = concepts[:2]
    g.nodes[weak].update(burst_start=2021, burst_end=2023, burst_strength=2.5)
    g.nodes[strong].update(burst_start=2026, burst_end=2026, burst_strength=7.25)
    Neo4jWriter(neo4j_driver).load(g)
    rows = lib(neo4j_driver, "bursting-concepts", limit=10)
    assert [(r["concept"], r["start"], r["end"], r["strength"]) for r in rows] == [
        (g.nodes[strong]["name"], 2026, 2026, 7.25),
        (g.nodes[weak]["name"], 2021, 2023, 2.5),
    ]
    assert [r["cluster"] for r in rows] == [g.nodes[strong]["cluster"], g.nodes[weak]["cluster"]]
    stored = run_query(
        neo4j_driver,
        "MATCH (c:Concept {key: $k}) RETURN c.label AS label, c.type AS type",
        {"k": g.nodes[strong]["key"]},
    )[1]
    assert stored == [{"label": g.nodes[strong]["name"], "type": None}]


def test_citing_and_cited(loaded):
    driver, _ = loaded
    assert [r["id"] for r in lib(driver, "citing-papers", id="p1")] == ["p3"]
    # "unknown-id" is no paper of the corpus: an external work (no year, so first in year DESC order)
    assert [r["id"] for r in lib(driver, "cited-papers", id="p3")] == ["unknown-id", "p1", "p2"]
    assert lib(driver, "cited-papers", id="p2") == []


def test_fetch_graph_round_trip(loaded):
    driver, g = loaded
    back = fetch_graph(driver)
    assert graph_counts(back) == graph_counts(g)
    assert back.nodes["concept:sam2"]["aliases"] == g.nodes["concept:sam2"]["aliases"]
    part = fetch_graph(driver, concept="SAM2")
    assert "concept:sam2" in part and part.number_of_nodes() < back.number_of_nodes()
    # a paper's page reads that paper's neighbourhood, not the whole database (3,543 papers had
    # taken over 10 minutes), and draws what the file's page draws
    from graphkit.query import paper_neighbourhood

    for key in ("p3", "p1"):
        near = fetch_graph(driver, paper=key)
        assert near.number_of_nodes() < back.number_of_nodes()
        mine, node = paper_neighbourhood(near, key)
        theirs, _ = paper_neighbourhood(g, key)
        assert graph_counts(mine) == graph_counts(theirs) and set(mine) == set(theirs)
    assert fetch_graph(driver, paper="no such paper").number_of_nodes() == 0


# ---------------------------------------------------------------- the CLI against the server


@pytest.fixture
def env(neo4j_server):
    return {"NEO4J_URI": neo4j_server["uri"], "NEO4J_USER": "neo4j", "NEO4J_PASSWORD": neo4j_server["password"]}


def test_cli_load_twice(runner, neo4j_driver, sample_graphml, sample_graph, env):
    result = runner.invoke(cli, ["neo4j", "load", "--graph", str(sample_graphml), "-q"], env=env)
    assert result.exit_code == 0, result.output
    n, m = sample_graph.number_of_nodes(), sample_graph.number_of_edges()
    assert result.stdout == (
        f"Loaded {n:,} nodes and {m:,} relationships into {env['NEO4J_URI']}: "
        f"created {n:,} nodes and {m:,} relationships.\n"
    )
    assert env["NEO4J_PASSWORD"] not in result.output
    again = runner.invoke(cli, ["neo4j", "load", "--graph", str(sample_graphml), "-q"], env=env)
    assert again.stdout.endswith("created 0 nodes and 0 relationships.\n")


def test_cli_query_formats(runner, loaded, env):
    result = runner.invoke(cli, ["query", "top-concepts", "-p", "limit", "3", "--format", "json"], env=env)
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.stdout)) == 3
    table = runner.invoke(cli, ["query", "papers-mentioning", "-p", "name", "SAM2"], env=env)
    lines = table.stdout.splitlines()
    assert lines[0].split() == ["id", "title", "year", "score", "evidence"]
    assert lines[-1] == "(1 row)"
    csv_out = runner.invoke(
        cli,
        [
            "query",
            "MATCH (c:Concept {name: $n}) RETURN c.kind AS kind, c.name AS name",
            "-p",
            "n",
            "SAM2",
            "--format",
            "csv",
        ],
        env=env,
    )
    assert csv_out.stdout.splitlines()[0] == "kind,name" and csv_out.stdout.splitlines()[1].endswith(",SAM2")
    stdin = runner.invoke(cli, ["query", "-", "--format", "json"], env=env, input="RETURN 1 + 1 AS two")
    assert json.loads(stdin.stdout) == [{"two": 2}]


def test_cli_query_file_and_errors(runner, loaded, env, tmp_path):
    f = tmp_path / "count.cypher"
    f.write_text("// count: papers\n// params: year: int = 2026\nMATCH (p:Paper {year: $year}) RETURN count(p) AS n\n")
    result = runner.invoke(cli, ["query", str(f), "--format", "json"], env=env)
    assert json.loads(result.stdout) == [{"n": 38}]
    ro = runner.invoke(cli, ["query", "CREATE (x:Paper {id: 'new'}) RETURN x.id AS id"], env=env)
    assert ro.exit_code == 1
    assert ro.stderr == "Error: this query writes to the database; pass --write to allow it\n"
    missing = runner.invoke(cli, ["query", "papers-mentioning"], env=env)
    assert (
        missing.exit_code == 1 and missing.stderr == "Error: query 'papers-mentioning' needs -p name VALUE (string)\n"
    )
    bad_type = runner.invoke(cli, ["query", "top-concepts", "-p", "limit", "many"], env=env)
    assert bad_type.stderr == "Error: parameter 'limit' must be int, got 'many'\n"
    unknown = runner.invoke(cli, ["query", "no-such-query"], env=env)
    assert unknown.exit_code == 1 and unknown.stderr.startswith("Error: no library query named 'no-such-query'")
    syntax = runner.invoke(cli, ["query", "MATCH (n RETURN n"], env=env)
    assert syntax.exit_code == 1 and syntax.stderr.startswith("Error: Neo4j rejected the query: ")
    wrong = runner.invoke(cli, ["query", "top-concepts"], env={**env, "NEO4J_PASSWORD": "nope-nope"})
    assert wrong.exit_code == 1 and "refused the credentials" in wrong.stderr and "nope-nope" not in wrong.output
    write = runner.invoke(
        cli, ["query", "MERGE (x:Scratch {k: 1}) RETURN x.k AS k", "--write", "--format", "json"], env=env
    )
    assert json.loads(write.stdout) == [{"k": 1}]


def test_cli_down_server(runner, tmp_path, sample_graphml):
    from .conftest import _free_port

    env = {"NEO4J_URI": f"bolt://127.0.0.1:{_free_port()}", "NEO4J_PASSWORD": "x"}
    result = runner.invoke(cli, ["neo4j", "load", "--graph", str(sample_graphml)], env=env)
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: cannot reach Neo4j at {env['NEO4J_URI']}: is the server running? (start one with: make neo4j)\n"
    )


def test_cli_view_and_export_from_neo4j(runner, loaded, env, tmp_path):
    page = tmp_path / "sam2.html"
    result = runner.invoke(cli, ["view", "--neo4j", "SAM2", "--output", str(page)], env=env)
    assert result.exit_code == 0, result.output
    assert "graphkit: SAM2" in page.read_text(encoding="utf-8")
    result = runner.invoke(cli, ["view", "--neo4j", "--paper", "p3", "--output", str(page)], env=env)
    assert result.exit_code == 0, result.output
    assert "around paper 'p3'" in result.stdout
    out = tmp_path / "all.graphml"
    result = runner.invoke(cli, ["export", "--neo4j", "--format", "graphml", "--output", str(out)], env=env)
    assert result.exit_code == 0, result.output
    from graphkit.export import read_graphml

    assert graph_counts(read_graphml(out)) == graph_counts(loaded[1])
    both = runner.invoke(cli, ["export", "--output", str(out)], env=env)
    assert both.exit_code == 2 and "give either --graph FILE or --neo4j" in both.stderr


# ---------------------------------------------------------------- keeping the database in step with the graph


def graphkit_counts(driver):
    nodes, rels = counts(driver)
    nodes.pop("GraphkitMeta", None)
    return nodes, rels


def test_sync_after_a_rebuild_that_removes_and_renames(runner, neo4j_driver, env, tmp_path):
    """build, load, rebuild with a thesaurus that removes and renames concepts, load --sync: counts equal the new graph's."""
    from graphkit.export import read_graphml
    from graphkit.store.neo4j import read_meta

    from .conftest import DATA

    first, second = tmp_path / "first.graphml", tmp_path / "second.graphml"
    thesaurus = tmp_path / "thesaurus.tsv"
    thesaurus.write_text(
        "label\treplace by\nrobotics\t\ndeep-learning\tDL\nsim-to-real\treinforcement learning\n", encoding="utf-8"
    )
    src = str(DATA / "keywords_only.jsonl")
    assert runner.invoke(cli, ["build", src, "--concepts", "keywords", "-o", str(first), "-q"]).exit_code == 0
    assert (
        runner.invoke(
            cli, ["build", src, "--concepts", "keywords", "--thesaurus", str(thesaurus), "-o", str(second), "-q"]
        ).exit_code
        == 0
    )
    g1, g2 = read_graphml(first), read_graphml(second)
    assert runner.invoke(cli, ["neo4j", "load", "--graph", str(first), "-q"], env=env).exit_code == 0
    assert graphkit_counts(neo4j_driver) == graph_counts(g1)
    assert read_meta(neo4j_driver) == {"schema": SCHEMA_VERSION, "build_id": g1.graph["build_id"], "mode": "merge"}

    merged = runner.invoke(cli, ["neo4j", "load", "--graph", str(second), "-q"], env=env)  # adds only: stale stays
    assert merged.exit_code == 0 and graphkit_counts(neo4j_driver) != graph_counts(g2)

    result = runner.invoke(cli, ["neo4j", "load", "--graph", str(second), "--sync", "--batch-size", "2", "-q"], env=env)
    assert result.exit_code == 0, result.output
    assert graphkit_counts(neo4j_driver) == graph_counts(g2)
    assert result.stdout.endswith("relationships the graph no longer has.\n") and "deleted 3 nodes" in result.stdout
    _, rows = run_query(neo4j_driver, "MATCH (c:Concept) RETURN c.name AS name ORDER BY name")
    names = [r["name"] for r in rows]
    assert "DL" in names and "deep learning" not in names and "robotics" not in names and "sim-to-real" not in names
    assert read_meta(neo4j_driver) == {"schema": SCHEMA_VERSION, "build_id": g2.graph["build_id"], "mode": "sync"}
    again = runner.invoke(cli, ["neo4j", "load", "--graph", str(second), "--sync", "-q"], env=env)
    assert again.stdout.endswith(
        "created 0 nodes and 0 relationships; deleted 0 nodes and 0 relationships the graph no longer has.\n"
    )
    assert graphkit_counts(neo4j_driver) == graph_counts(g2)


def test_sync_drops_properties_a_rebuild_dropped(neo4j_driver, env, library_graph):
    from graphkit.store.neo4j import Neo4jStore

    g = library_graph.copy()
    g.nodes["concept:sam2"]["note"] = "dropped by the rebuild"
    with Neo4jStore(uri=env["NEO4J_URI"], user="neo4j", password=env["NEO4J_PASSWORD"]) as store:
        store.load(g)
        store.load(library_graph, sync=True)
    _, rows = run_query(neo4j_driver, "MATCH (c:Concept {key: 'sam2'}) RETURN c.note AS note, c.name AS name")
    assert rows == [{"note": None, "name": "SAM2"}]


def test_another_schema_version_is_refused_unless_replaced(runner, neo4j_driver, env, sample_graphml, tmp_path):

    assert runner.invoke(cli, ["neo4j", "load", "--graph", str(sample_graphml), "-q"], env=env).exit_code == 0
    older = SCHEMA_VERSION - 1  # the database as an older graphkit left it
    run_query(neo4j_driver, "MATCH (m:GraphkitMeta) SET m.schema = $v", {"v": older}, write=True)
    newer = sample_graphml
    refused = runner.invoke(cli, ["neo4j", "load", "--graph", str(newer), "--sync", "-q"], env=env)
    assert refused.exit_code == 1
    assert refused.stderr == (
        f"Error: the database holds a schema-{older} graph and this graph is schema "
        f"{SCHEMA_VERSION}; load it with --replace to replace the database's graph\n"
    )
    replaced = runner.invoke(cli, ["neo4j", "load", "--graph", str(newer), "--replace", "-q"], env=env)
    assert replaced.exit_code == 0, replaced.output
    _, rows = run_query(neo4j_driver, "MATCH (m:GraphkitMeta) RETURN m.schema AS schema, m.mode AS mode")
    assert rows == [{"schema": SCHEMA_VERSION, "mode": "replace"}]
    both = runner.invoke(cli, ["neo4j", "load", "--graph", str(newer), "--replace", "--sync"], env=env)
    assert both.exit_code == 2 and "give --sync or --replace, not both" in both.stderr
