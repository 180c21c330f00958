"""Neo4j as a hostile user meets it, on the real server: no file read through a read-only query,
a generated password, restarts on the same data, one-line errors, no half-done loads (issue 10)."""

from __future__ import annotations

import os
import stat

import networkx as nx
import pytest

from graphkit.cli import cli
from graphkit.errors import GraphkitError, StoreError
from graphkit.store.local import local_neo4j
from graphkit.store.neo4j import Neo4jWriter, connect, run_query

pytestmark = pytest.mark.neo4j


@pytest.fixture
def env(neo4j_server):
    return {"NEO4J_URI": neo4j_server["uri"], "NEO4J_USER": "neo4j", "NEO4J_PASSWORD": neo4j_server["password"]}


def one_line_error(result) -> str:
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.output
    return result.stderr


def test_reading_many_values_back_is_linear(neo4j_driver):
    """Each value read back added a handler to the driver's logger, each one scanned by the
    next: a paper's page from Neo4j (3,543 papers with their citations) ran over 10 minutes."""
    import logging

    cols, rows = run_query(neo4j_driver, "UNWIND range(1, 3000) AS i RETURN i, [i, {a: i}] AS v")
    assert len(rows) == 3000 and rows[-1] == {"i": 3000, "v": [3000, {"a": 3000}]}
    assert sum(isinstance(h, logging.NullHandler) for h in logging.getLogger("neo4j").handlers) <= 1


def test_load_csv_needs_write_and_the_server_reads_no_file_urls(runner, neo4j_driver, env, tmp_path):
    secret = tmp_path / "secret.csv"
    secret.write_text("root:x:0:0\n")
    q = f"LOAD CSV FROM 'file://{secret}' AS row FIELDTERMINATOR ':' RETURN row[0] AS user"
    result = runner.invoke(cli, ["query", q], env=env)
    assert (
        one_line_error(result) == "Error: this query reads outside the database (LOAD CSV); pass --write to allow it\n"
    )
    assert "root" not in result.stdout
    # comments, case and EXPLAIN/PROFILE prefixes do not get past the server's own plan
    sneaky = f"// harmless\nprofile load   csv from 'file://{secret}' AS r RETURN r"
    assert "LOAD CSV" in one_line_error(runner.invoke(cli, ["query", sneaky], env=env))
    # even with --write the local server refuses file URLs outside its import folder
    written = runner.invoke(cli, ["query", q, "--write"], env=env)
    assert "root" not in written.stdout
    assert one_line_error(written).startswith("Error: Neo4j rejected the query: ")
    # ordinary reads still run
    assert run_query(neo4j_driver, "RETURN 1 AS one") == (["one"], [{"one": 1}])


def test_file_reading_procedures_are_named_in_the_refusal():
    from graphkit.store.neo4j import _reads_outside

    class Tx:  # the plan a server returns for CALL apoc.load.json(...)
        def run(self, text, params):
            assert text.startswith("EXPLAIN ")
            return self

        def consume(self):
            return self

        plan = {
            "operatorType": "ProduceResults@neo4j",
            "args": {},
            "children": [
                {
                    "operatorType": "ProcedureCall@neo4j",
                    "args": {"Details": "apoc.load.json($url) :: (value :: MAP)"},
                    "children": [],
                }
            ],
        }

    assert _reads_outside(Tx(), "CALL apoc.load.json($url) YIELD value RETURN value", {}) == "apoc.load.json"
    Tx.plan = {"operatorType": "ProduceResults@neo4j", "args": {"Details": "labels"}, "children": []}
    assert _reads_outside(Tx(), "CALL db.labels()", {}) is None


def test_a_concept_key_neo4j_cannot_index_loads_nothing(neo4j_driver, library_graph):
    g = nx.MultiDiGraph(library_graph)
    huge = "a" * 15_000
    g.add_node("concept:huge", label="Concept", key=huge, name=huge, aliases=[], kind="term", paper_count=1)
    with pytest.raises(GraphkitError) as err:
        Neo4jWriter(neo4j_driver).load(g)
    assert str(err.value).startswith("Concept key 'aaaa") and "15,000 bytes" in str(err.value)
    assert "nothing was loaded" in str(err.value)
    assert run_query(neo4j_driver, "MATCH (n) RETURN count(n) AS n")[1] == [{"n": 0}]


def test_a_load_that_stops_half_way_says_how_to_finish(neo4j_driver, library_graph):
    import neo4j

    writer = Neo4jWriter(neo4j_driver, batch_size=50)
    real_run, calls = writer._run, []

    def dropped(statement, rows=None):
        calls.append(1)
        if len(calls) == 12:
            raise neo4j.exceptions.ServiceUnavailable("connection lost")
        return real_run(statement, rows)

    writer._run = dropped
    with pytest.raises(StoreError) as err:
        writer.load(library_graph)
    msg = str(err.value)
    assert "\n" not in msg and "cannot reach Neo4j at " in msg
    import re

    assert re.search(
        r"\(the load stopped after [1-9]\d* of [1-9][\d,]* rows; loading is idempotent: rerun the same "
        r"command once the cause is fixed, or add --replace to start over\)$",
        msg,
    ), msg


@pytest.mark.integration
def test_extraction_bounds_concept_length():
    from graphkit.build import build
    from graphkit.extract import MAX_CONCEPT_CHARS
    from graphkit.model import Paper

    token = "x" * 15_000
    papers = [
        Paper(id="p1", abstract=f"We study {token} for graph neural networks on molecules."),
        Paper(id="p2", abstract="Graph neural networks predict molecule properties with message passing."),
    ]
    g, _ = build(papers)
    keys = [d["key"] for _, d in g.nodes(data=True) if d["type"] == "Concept"]
    assert keys and max(len(k) for k in keys) <= MAX_CONCEPT_CHARS


def test_generated_password_restart_and_one_line_start_errors(runner, tmp_path, neo4j_server, monkeypatch):
    pw_file = tmp_path / "config" / "neo4j-password"
    monkeypatch.setenv("GRAPHKIT_NEO4J_PASSWORD_FILE", str(pw_file))
    monkeypatch.delenv("NEO4J_PASSWORD", raising=False)
    home = tmp_path / "server"
    with local_neo4j(home, password=None) as server:
        assert stat.S_IMODE(os.stat(pw_file).st_mode) == 0o600
        password = pw_file.read_text().strip()
        assert len(password) >= 20 and server["password"] == password
        log = (home / "server.log").read_text()
        assert log.count(password) == 1  # printed once, to its owner
        # the CLI's default password is the generated one
        result = runner.invoke(cli, ["query", "RETURN 1 AS one", "--format", "csv"], env={"NEO4J_URI": server["uri"]})
        assert result.exit_code == 0, result.output
        assert result.stdout == "one\n1\n"
        driver = connect(server["uri"], "neo4j", None)
    # the server went away under an open driver: one line naming the URI, no driver retry logs
    with pytest.raises(StoreError) as err:
        run_query(driver, "RETURN 1 AS one")
    driver.close()
    assert (
        str(err.value) == f"cannot reach Neo4j at {server['uri']}: is the server running? (start one with: make neo4j)"
    )
    # a restart on its own data, with the same (kept) password, becomes ready; it is not printed again
    with local_neo4j(home, password=None) as again:
        assert password not in (home / "server.log").read_text()
        assert run_query(connect(again["uri"], "neo4j", None), "RETURN 2 AS two")[1] == [{"two": 2}]
    with local_neo4j(home, password=password):  # the same password given explicitly
        pass
    # a start that fails says why in one line, not a Java stack
    with pytest.raises(StoreError) as err:
        with local_neo4j(tmp_path / "other", password="long-enough", port=neo4j_server["port"]):
            pass
    msg = str(err.value)
    assert "\n" not in msg and "did not start: " in msg and "\tat " not in msg and "server.log" in msg


def test_no_password_anywhere_is_one_line(runner, tmp_path, monkeypatch, neo4j_server):
    monkeypatch.setenv("GRAPHKIT_NEO4J_PASSWORD_FILE", str(tmp_path / "none"))
    result = runner.invoke(cli, ["query", "RETURN 1"], env={"NEO4J_URI": neo4j_server["uri"], "NEO4J_PASSWORD": None})
    assert one_line_error(result) == (
        "Error: no Neo4j password: pass --password or set NEO4J_PASSWORD (the local "
        f"server keeps the one it generates in {tmp_path / 'none'})\n"
    )


@pytest.mark.parametrize("uri", ["http://127.0.0.1:7474", "127.0.0.1:7687", "bolt://[::1", "bolt://host:port"])
def test_bad_uris_are_one_line(runner, uri):
    result = runner.invoke(cli, ["query", "RETURN 1"], env={"NEO4J_URI": uri, "NEO4J_PASSWORD": "whatever1"})
    assert one_line_error(result).startswith(f"Error: bad Neo4j URI {uri!r}")


def test_the_wheel_alone_runs_the_cypher_library(neo4j_driver, library_graph, neo4j_server, tmp_path):
    """Build the wheel, install it (no dependencies: those come from the shared environment)
    into a fresh virtual environment, and run a library query from outside the clone."""
    import subprocess
    import sys
    import venv
    from pathlib import Path

    import neo4j as driver_package

    from .test_hardening import copy_clone

    Neo4jWriter(neo4j_driver).load(library_graph)
    src = copy_clone(tmp_path / "src")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(tmp_path / "dist"),
            str(src),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = (tmp_path / "dist").glob("graphkit-*.whl")
    fresh = tmp_path / "fresh"
    venv.create(fresh, with_pip=False)
    purelib = subprocess.run(
        [fresh / "bin" / "python", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(purelib, "00-deps.pth").write_text(str(Path(driver_package.__file__).parents[1]) + "\n")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(fresh / "bin" / "python"),
            "install",
            "-q",
            "--ignore-installed",
            "--no-deps",
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    env = {
        **{k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        "NEO4J_URI": neo4j_server["uri"],
        "NEO4J_PASSWORD": neo4j_server["password"],
    }
    run = subprocess.run(
        [fresh / "bin" / "graphkit", "query", "top-concepts", "-p", "limit", "3", "--format", "json"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    import json

    assert [r["concept"] for r in json.loads(run.stdout)][:1] == [lib_top(neo4j_driver)] and len(
        json.loads(run.stdout)
    ) == 3
    where = subprocess.run(
        [fresh / "bin" / "python", "-c", "import graphkit; print(graphkit.__file__)"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert where.startswith(purelib)


def lib_top(driver):
    from graphkit.store.neo4j import library

    q = library()["top-concepts"]
    return run_query(driver, q.text, q.bind({"limit": "1"}))[1][0]["concept"]
