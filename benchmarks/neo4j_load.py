"""Neo4j load speed: graphkit's batched UNWIND ... MERGE loader beside a loader that sends one
statement per row, on the graph of 10,000 abstracts from ../shared/data/scale, in one run
against the project's local Neo4j 5.26; and beside both, the offline bulk import
(``graphkit neo4j import-files`` then ``neo4j-admin database import full``, the import tool
from the same Maven jars) into a new store.

    make bench-neo4j            # or: python benchmarks/neo4j_load.py [--abstracts N] [--naive-rows N]
    python benchmarks/neo4j_load.py --graph exports/g.graphml --admin-only   # a graph built already
"""

from __future__ import annotations

import argparse
import time

from _common import graph_for, local_neo4j


def naive_load(driver, g, limit: int):
    """One auto-committed CREATE/MERGE statement per node and per relationship (what a quick script does)."""
    from graphkit import schema as S
    from graphkit.store.neo4j import _ID_PROP, _REL_ENDS, NODE_LABELS, _props

    n_nodes = n_rels = 0
    t = time.perf_counter()
    with driver.session() as s:
        for _node, d in g.nodes(data=True):
            if n_nodes >= limit:
                break
            label = S.node_type(d)
            assert label in NODE_LABELS
            s.run(
                f"MERGE (n:{label} {{{_ID_PROP[label]}: $k}}) SET n += $props",
                k=d[_ID_PROP[label]],
                props=_props(d, skip=(S.NODE_TYPE_ATTR,)),
            ).consume()
            n_nodes += 1
        node_s = time.perf_counter() - t
        t = time.perf_counter()
        for u, v, k, d in g.edges(keys=True, data=True):
            if n_rels >= limit:
                break
            a, b = _REL_ENDS[k]
            s.run(
                f"MERGE (a:{a} {{{_ID_PROP[a]}: $a}}) MERGE (b:{b} {{{_ID_PROP[b]}: $b}}) "
                f"MERGE (a)-[r:{k}]->(b) SET r += $props",
                a=g.nodes[u][_ID_PROP[a]],
                b=g.nodes[v][_ID_PROP[b]],
                props=_props(d, skip=(S.REL_TYPE_ATTR,)),
            ).consume()
            n_rels += 1
        rel_s = time.perf_counter() - t
    return n_nodes, node_s, n_rels, rel_s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--abstracts", type=int, default=10_000)
    ap.add_argument("--naive-rows", type=int, default=5_000, help="rows the one-per-row loader sends (it is slow)")
    ap.add_argument("--graph", help="a GraphML built already (default: the graph of --abstracts scale abstracts)")
    ap.add_argument("--admin-only", action="store_true", help="only the bulk import and the batched loader")
    args = ap.parse_args()
    from graphkit.store.neo4j import Neo4jWriter, clear_database, connect

    if args.graph:
        from pathlib import Path

        from graphkit.export import read_graphml

        path = Path(args.graph)
        g = read_graphml(path)
    else:
        g, path = graph_for(args.abstracts)
    print(f"graph: {g.number_of_nodes():,} nodes, {g.number_of_edges():,} relationships ({path.name})")
    admin_import(g)
    if args.admin_only:
        with local_neo4j() as (uri, user, password):
            driver = connect(uri, user, password)
            writer = Neo4jWriter(driver)
            writer.create_schema()
            t = time.perf_counter()
            writer.load(g)
            total = time.perf_counter() - t
            driver.close()
        n = g.number_of_nodes() + g.number_of_edges()
        print(f"{'graphkit neo4j load (batched)':<34} {total:>8.1f} s  {n / total:>10,.0f} rows/s")
        return
    with local_neo4j() as (uri, user, password):
        driver = connect(uri, user, password)
        writer = Neo4jWriter(driver)
        writer.create_schema()
        t = time.perf_counter()
        report = writer.load(g)
        total = time.perf_counter() - t
        t = time.perf_counter()
        again = writer.load(g)
        reload_s = time.perf_counter() - t
        assert again.nodes_created == 0 and again.relationships_created == 0
        clear_database(driver)
        writer.create_schema()
        nn, ns, nr, rs = naive_load(driver, g, args.naive_rows)
        driver.close()
    from graphkit.store.neo4j import NODE_LABELS, REL_TYPES

    gk_nodes = g.number_of_nodes()
    gk_rels = g.number_of_edges()
    print(f"{'loader':<28} {'nodes/s':>10} {'rels/s':>10} {'rows/s':>10}")
    print(
        f"{'graphkit (UNWIND batches)':<28} {report.rate(NODE_LABELS):>10,.0f} {report.rate(REL_TYPES):>10,.0f} "
        f"{(gk_nodes + gk_rels) / total:>10,.0f}"
        f"   ({gk_nodes:,} nodes + {gk_rels:,} rels in {total:.1f} s; reload {reload_s:.1f} s, created 0)"
    )
    print(
        f"{'one statement per row':<28} {nn / ns:>10,.0f} {nr / rs:>10,.0f} {(nn + nr) / (ns + rs):>10,.0f}"
        f"   ({nn:,} nodes in {ns:.1f} s, {nr:,} rels in {rs:.1f} s)"
    )
    print(f"speed-up: {((gk_nodes + gk_rels) / total) / ((nn + nr) / (ns + rs)):.1f}x rows/s")
    print(f"created by graphkit: {report.nodes_created:,} nodes, {report.relationships_created:,} relationships")


def admin_import(g) -> None:
    """Import files written, then neo4j-admin's offline import into a new store, timed apart."""
    import tempfile
    from pathlib import Path

    from graphkit.store.local import admin_import as run_import
    from graphkit.store.neo4j_admin import write_import_files

    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        files = write_import_files(g, Path(tmp) / "import")
        write_s = time.perf_counter() - t
        t = time.perf_counter()
        run_import(files, Path(tmp) / "home", heap="2g")
        import_s = time.perf_counter() - t
    n = g.number_of_nodes() + g.number_of_edges()
    print(f"{'import-files (CSV written)':<34} {write_s:>8.1f} s")
    print(f"{'neo4j-admin database import full':<34} {import_s:>8.1f} s")
    print(f"{'bulk import, both':<34} {write_s + import_s:>8.1f} s  {n / (write_s + import_s):>10,.0f} rows/s")


if __name__ == "__main__":
    main()
