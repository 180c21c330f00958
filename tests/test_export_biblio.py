"""VOSviewer, Pajek and CSV table exports (each read back), and the graph as pandas DataFrames."""

from __future__ import annotations

import builtins
import csv
import io

import pytest

from graphkit import schema as S
from graphkit.build import build
from graphkit.cli import cli
from graphkit.errors import GraphFileError, MissingDependency
from graphkit.export import output_paths, write_graph
from graphkit.export.csvtables import read_csv_tables
from graphkit.export.pajek import read_pajek
from graphkit.export.vosviewer import read_vosviewer, vosviewer_text
from graphkit.read import read_papers

from .conftest import DATA


@pytest.fixture(scope="module")
def kw_graph():
    papers, _ = read_papers([DATA / "keywords_only.jsonl"], keywords_suffice=True)
    return build(papers, concepts="keywords")[0]


def co_occurs(g):
    return {
        frozenset((g.nodes[u]["name"], g.nodes[v]["name"])): d["weight"]
        for u, v, k, d in g.edges(keys=True, data=True)
        if k == S.CO_OCCURS
    }


def test_vosviewer_round_trip(kw_graph, tmp_path):
    write_graph(kw_graph, tmp_path / "kw_map.txt", "vosviewer")
    map_path, net_path = output_paths(tmp_path / "kw_map.txt", "vosviewer")
    assert (map_path.name, net_path.name) == ("kw_map.txt", "kw_network.txt")
    header = map_path.read_text(encoding="utf-8").splitlines()[0].split("\t")
    assert header == [
        "id",
        "label",
        "x",
        "y",
        "cluster",
        "weight<Links>",
        "weight<Total link strength>",
        "weight<Occurrences>",
        "score<Avg. pub. year>",
    ]
    back = read_vosviewer(map_path, net_path)
    labels = {d["label"]: n for n, d in back.nodes(data=True)}
    concepts = {d["name"]: d for _, d in S.nodes_of(kw_graph, S.CONCEPT)}
    assert set(labels) == set(concepts)  # quoted labels ('robotics, "quoted"; label') come back verbatim
    assert "<script>alert('kw')</script>" in labels
    for name, d in concepts.items():
        assert back.nodes[labels[name]]["weight<Occurrences>"] == d["paper_count"]
        assert 1 <= back.nodes[labels[name]]["cluster"] <= 1000
    strengths = {
        frozenset((back.nodes[a]["label"], back.nodes[b]["label"])): d["strength"] for a, b, d in back.edges(data=True)
    }
    assert strengths == co_occurs(kw_graph)
    dl = back.nodes[labels["deep learning"]]
    assert dl["score<Avg. pub. year>"] == pytest.approx((2020 + 2021 + 2022) / 3, abs=0.01)
    assert dl["weight<Links>"] == back.degree(labels["deep learning"])


def test_vosviewer_uses_cluster_attribute_and_positions(kw_graph):
    g = kw_graph.copy()
    for i, (n, _) in enumerate(S.nodes_of(g, S.CONCEPT)):
        g.nodes[n].update(cluster=7 if i % 2 else 3, x=float(i), y=-float(i))
    rows = [line.split("\t") for line in vosviewer_text(g)[0].splitlines()[1:]]
    assert {r[4] for r in rows} == {"1", "2"}  # clusters renumbered 1.. by size
    assert sorted(float(r[2]) for r in rows) == [float(i) for i in range(len(rows))]
    # the unclustered (-1), however many, come after every cluster, not as cluster 1
    for i, (n, _) in enumerate(S.nodes_of(g, S.CONCEPT)):
        g.nodes[n]["cluster"] = 3 if i < 2 else -1
    clusters = sorted(line.split("\t")[4] for line in vosviewer_text(g)[0].splitlines()[1:])
    assert clusters == ["1", "1"] + ["2"] * (len(clusters) - 2) and len(clusters) > 4


def test_vosviewer_strength_is_shared_papers_not_hierarchy(sample_graph, tmp_path):
    # BROADER ("gradient descent" is broader than "adaptive gradient descent method") is no
    # shared paper: it once added 1 to 41 pairs' strength, and linked 2 pairs sharing none
    assert any(k == S.BROADER for _, _, k in sample_graph.edges(keys=True))
    write_graph(sample_graph, tmp_path / "s_map.txt", "vosviewer")
    back = read_vosviewer(*output_paths(tmp_path / "s_map.txt", "vosviewer"))
    label = {n: d["label"] for n, d in back.nodes(data=True)}
    strengths = {frozenset((label[a], label[b])): d["strength"] for a, b, d in back.edges(data=True)}
    assert strengths == co_occurs(sample_graph)
    write_graph(sample_graph, tmp_path / "s.net", "pajek")
    pajek = read_pajek(tmp_path / "s.net")
    assert pajek.number_of_edges() == len(co_occurs(sample_graph))


def test_vosviewer_papers_are_labelled_by_title_or_opening_words(sample_graph):
    rows = [line.split("\t") for line in vosviewer_text(sample_graph, "papers")[0].splitlines()[1:]]
    papers = {S.display_label(S.PAPER, d) for _, d in S.nodes_of(sample_graph, S.PAPER)}
    assert {r[1].strip('"').replace('""', '"') for r in rows} == papers
    assert not any(r[1].startswith("p") and r[1][1:].isalnum() and " " not in r[1] for r in rows)  # no bare ids


def test_vosviewer_papers_and_authors(sample_graph):
    papers_map, papers_net = vosviewer_text(sample_graph, "papers")
    assert papers_map.splitlines()[0].split("\t")[5:8] == [
        "weight<Links>",
        "weight<Total link strength>",
        "weight<Citations>",
    ]
    assert len(papers_map.splitlines()) == 1 + sum(1 for _ in S.nodes_of(sample_graph, S.PAPER))
    with pytest.raises(Exception, match="--items must be one of concepts, papers, authors"):
        vosviewer_text(sample_graph, "venues")


def test_pajek_round_trip(kw_graph, tmp_path):
    path = tmp_path / "kw.net"
    write_graph(kw_graph, path, "pajek")
    back = read_pajek(path)
    names = {d["name"] for _, d in S.nodes_of(kw_graph, S.CONCEPT)}
    assert set(back.nodes) == {n.replace('"', "'") for n in names}
    assert "<script>alert('kw')</script>" in back
    weights = {frozenset(e): d["weight"] for *e, d in back.edges(data=True)}
    assert weights == {frozenset(n.replace('"', "'") for n in k): w for k, w in co_occurs(kw_graph).items()}
    assert all(0 <= back.nodes[n]["x"] <= 1 for n in back)


def test_csv_tables_round_trip(hostile_graph, tmp_path):
    write_graph(hostile_graph, tmp_path / "h.csv", "csv")
    nodes_path, edges_path = tmp_path / "h.nodes.csv", tmp_path / "h.edges.csv"
    raw = nodes_path.read_bytes()
    assert b"\r\n" in raw and raw.count(b"\r\n") >= hostile_graph.number_of_nodes() + 1  # RFC 4180 line ends
    back = read_csv_tables(tmp_path / "h.csv")
    assert set(back.nodes) == set(hostile_graph.nodes)
    for n, d in hostile_graph.nodes(data=True):
        got = back.nodes[n]
        for k, v in d.items():
            if v is not None:
                assert got[k] == v, (n, k)
    assert sorted(back.edges(keys=True)) == sorted(hostile_graph.edges(keys=True))
    with open(edges_path, newline="", encoding="utf-8") as fh:
        header = next(csv.reader(fh))
    assert header[:3] == ["source", "target", "type"]


def test_csv_tables_bad_input(tmp_path):
    (tmp_path / "b.nodes.csv").write_text("node,type,year\r\npaper:x,Paper,soon\r\n", encoding="utf-8")
    (tmp_path / "b.edges.csv").write_text("source,target,type\r\n", encoding="utf-8")
    with pytest.raises(GraphFileError, match=r"b.nodes.csv:2: column 'year' is not int"):
        read_csv_tables(tmp_path / "b")
    with pytest.raises(GraphFileError, match=r"nope.nodes.csv: cannot read"):
        read_csv_tables(tmp_path / "nope.csv")


def test_frames_are_typed(hostile_graph):
    from graphkit.frames import edges_frame, nodes_frame

    nodes = nodes_frame(hostile_graph)
    assert list(nodes.columns[:2]) == ["node", "type"]
    assert str(nodes["year"].dtype) == "Int64" and str(nodes["paper_count"].dtype) == "Int64"
    assert str(nodes["title"].dtype).startswith("str") or str(nodes["title"].dtype) == "string"
    assert len(nodes) == hostile_graph.number_of_nodes()
    edges = edges_frame(hostile_graph)
    assert len(edges) == hostile_graph.number_of_edges()
    assert str(edges["score"].dtype) == "float64"
    title = nodes.set_index("node").loc["paper:h1", "title"]
    assert title == hostile_graph.nodes["paper:h1"]["title"]


def test_frames_without_pandas(hostile_graph, monkeypatch):
    from graphkit.frames import nodes_frame

    real_import = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas" or name.startswith("pandas."):
            raise ImportError("No module named 'pandas'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    with pytest.raises(MissingDependency, match=r"^DataFrames need pandas: pip install 'graphkit\[pandas\]'$"):
        nodes_frame(hostile_graph)


def test_cli_exports(runner, sample_graphml, tmp_path):
    out = tmp_path / "m"
    result = runner.invoke(cli, ["export", "--graph", str(sample_graphml), "--format", "vosviewer", "-o", str(out)])
    assert result.exit_code == 0, result.output
    from graphkit.export._items import item_network
    from graphkit.export.graphml import read_graphml

    net = item_network(read_graphml(sample_graphml))  # the summary counts the map, not the whole graph
    assert result.stdout == (
        f"Wrote {out}_map.txt and {out}_network.txt ({len(net.items):,} items (concepts), "
        f"{len(net.links):,} links, vosviewer)\n"
    )
    authors = runner.invoke(
        cli, ["export", "--graph", str(sample_graphml), "--items", "papers", "-o", str(tmp_path / "a.net")]
    )
    assert authors.exit_code == 0, authors.output
    assert authors.stdout.startswith(f"Wrote {tmp_path / 'a.net'} (38 items (papers), ")
    tables = runner.invoke(cli, ["export", "--graph", str(sample_graphml), "-o", str(tmp_path / "t.csv")])
    assert tables.stdout.startswith(f"Wrote {tmp_path}/t.nodes.csv and {tmp_path}/t.edges.csv (")


def test_a_map_of_papers_links_them_by_one_relation(runner, tmp_path):
    """A map of papers summed citations, co-citations and couplings into one strength (a citation
    and a co-citation of weight 2 made a link of 3); VOSviewer maps one relation at a time."""
    import networkx as nx

    from graphkit.export import graphml_bytes

    g = nx.MultiDiGraph(schema=S.SCHEMA_VERSION)
    for i in (1, 2, 3):
        S.add_node(g, f"paper:h{i}", S.PAPER, id=f"h{i}", title=f"Paper {i}", year=2020 + i)
    S.add_rel(g, "paper:h3", "paper:h2", S.CITES)
    S.add_rel(g, "paper:h2", "paper:h3", S.CO_CITED, weight=2, strength=0.5)
    S.add_rel(g, "paper:h1", "paper:h2", S.COUPLED, weight=4, strength=0.8)

    def network(links=None):
        return sorted(line for line in vosviewer_text(g, "papers", links)[1].splitlines())

    assert network() == network("citation") == ["2\t3\t1"]
    assert network("co-citation") == ["2\t3\t2"]
    assert network("coupling") == ["1\t2\t4"]
    path = tmp_path / "h.graphml"
    path.write_bytes(graphml_bytes(g))
    out = tmp_path / "h.net"
    ok = runner.invoke(
        cli, ["export", "--graph", str(path), "--items", "papers", "--links", "coupling", "-o", str(out)]
    )
    assert ok.exit_code == 0, ok.output
    assert ok.stdout == f"Wrote {out} (3 items (papers), 1 link, pajek)\n"
    assert "*edges\n1 2 4" in out.read_text(encoding="utf-8")
    bad = runner.invoke(cli, ["export", "--graph", str(path), "--links", "coupling", "-o", str(out)])
    assert bad.exit_code == 2 and bad.stderr.startswith("Error: --links is for a map of papers (--items papers)")


def test_cli_export_bad_input(runner, sample_graphml, tmp_path):
    items = runner.invoke(
        cli, ["export", "--graph", str(sample_graphml), "--items", "papers", "-o", str(tmp_path / "x.graphml")]
    )
    assert items.exit_code == 2 and "--items is for the vosviewer and pajek formats, not graphml" in items.stderr
    clash = runner.invoke(
        cli, ["export", "--graph", str(sample_graphml), "--format", "pajek", "-o", str(tmp_path / "x_map.txt")]
    )
    assert clash.exit_code == 1
    assert clash.stderr.endswith(
        "x_map.txt: the extension says vosviewer, --format says pajek; name the file with .net, or drop --format\n"
    )
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    nowhere = runner.invoke(
        cli, ["export", "--graph", str(sample_graphml), "--format", "vosviewer", "-o", str(blocked / "m")]
    )
    assert nowhere.exit_code == 1 and nowhere.stderr.startswith("Error: ") and len(nowhere.stderr.splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]
    with pytest.raises(GraphFileError, match="give it a file name, not an open file"):
        write_graph(_tiny(), io.BytesIO(), "vosviewer")
    empty = tmp_path / "au.net"  # the samples have no authors: no empty map with a success message
    result = runner.invoke(cli, ["export", "--graph", str(sample_graphml), "--items", "authors", "-o", str(empty)])
    assert result.exit_code == 1 and not empty.exists()
    assert result.stderr == "Error: the graph has no authors: nothing to map (choose other --items)\n"


def _tiny():
    import networkx as nx

    return nx.MultiDiGraph(schema=S.SCHEMA_VERSION)


def test_multi_file_export_writes_all_or_nothing(kw_graph, tmp_path, monkeypatch):
    from graphkit.export import vosviewer

    def broken(*a, **k):
        raise RuntimeError("disk full")

    monkeypatch.setattr(vosviewer, "item_network", broken)
    with pytest.raises(RuntimeError):
        write_graph(kw_graph, tmp_path / "kw", "vosviewer")
    assert list(tmp_path.iterdir()) == []


def test_cli_csv_output_of_concepts_and_papers(runner, tmp_path):
    out = tmp_path / "kw.graphml"
    assert (
        runner.invoke(
            cli, ["build", str(DATA / "keywords_only.jsonl"), "--concepts", "keywords", "-o", str(out), "-q"]
        ).exit_code
        == 0
    )
    rows = list(csv.reader(io.StringIO(runner.invoke(cli, ["concepts", "--graph", str(out), "--csv"]).stdout)))
    assert rows[0] == ["name", "kind", "paper_count", "first_year", "source", "aliases", "key"]
    assert ['robotics, "quoted"; label', "term", "1", "2023", "keyword", "[]", 'robotics, "quoted"; label'] in rows
    papers = runner.invoke(cli, ["papers", "--graph", str(out), "robotics", "--csv"]).stdout
    assert papers.splitlines() == ["id,title,year,score,rank,evidence", "k4,D,2022,1.0,1,", "k3,C,2022,1.0,2,"]
    both = runner.invoke(cli, ["concepts", "--graph", str(out), "--csv", "--json"])
    assert both.exit_code == 2 and "give --json or --csv, not both" in both.stderr
