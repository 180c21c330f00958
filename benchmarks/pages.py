"""Maps at scale in headless Chromium: graphkit's WebGL concept map (sigma.js) beside today's
vis-network page (the strongest 6,000 edges) and a plain pyvis page of the same graph, in one run.

Maps of 1,500, 10,000 and 50,000 concepts (most papers first; fewer when the corpus has fewer)
of the first N scale abstracts (../shared/data/scale, years 2020-2025 for the first 10,000),
each with ALL co-occurrence edges of at least --min-weight papers. Measured per page: time to
first draw (graphkit's map: concepts and labels; its links are drawn in a worker, and when the
last one is there is measured too), the longest main-thread task while hovering the centre and
panning (PerformanceObserver 'longtask'), page size and requests to other hosts.

    make bench-pages        # or: python benchmarks/pages.py [--abstracts N] [--sizes 1500,10000] [--min-weight W]
    python benchmarks/pages.py --graph exports/dev.graphml --sizes 1500,6000   # any built graph
    graphkit build --fast abstracts.jsonl -o big.graphml && python benchmarks/pages.py --graph big.graphml
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from _common import graph_for

ARGS = [
    "--headless",
    "--no-sandbox",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LONGTASKS = """window.__long = []; new PerformanceObserver(l => l.getEntries().forEach(e => window.__long.push(e.duration)))
  .observe({type: 'longtask', buffered: true});"""


def pyvis_page(nodes, edges, path: Path) -> float:
    """pyvis with its defaults (physics on, scripts inline). Edges go straight into its list:
    pyvis's add_edge scans every edge it already has, which takes hours at this size."""
    from pyvis.network import Network

    t = time.perf_counter()
    net = Network(height="800px", width="100%", directed=False, cdn_resources="in_line")
    for n, name in nodes:
        net.add_node(n, label=name, title=name)
    net.edges.extend({"from": u, "to": v, "value": w} for u, v, w in edges)
    net.write_html(str(path))
    return time.perf_counter() - t


def wait_for(page, js: str, timeout_s: float) -> bool:
    """Poll ``js`` from here: the pages' Content-Security-Policy forbids the eval that
    Playwright's own polling needs."""
    end = time.perf_counter() + timeout_s
    while time.perf_counter() < end:
        if page.evaluate(js):
            return True
        time.sleep(0.02)
    return False


def measure(browser, path: Path, ready_js: str, links_js: str | None = None, timeout_s: float = 120) -> dict:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.add_init_script(LONGTASKS)
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    t = time.perf_counter()
    try:
        page.goto(path.as_uri(), wait_until="load", timeout=timeout_s * 1000)
    except Exception:  # noqa: BLE001 - a page that never loads is a result, reported as such
        page.close()
        return {"ready": None, "links": None, "block_ms": None, "size": path.stat().st_size, "foreign": 0}
    ready = time.perf_counter() - t if wait_for(page, ready_js, timeout_s) else None
    # graphkit's map draws its links in a worker, after the first frame: when are they all there?
    links = time.perf_counter() - t if links_js and ready and wait_for(page, links_js, timeout_s) else ready
    page.wait_for_timeout(500)
    page.evaluate("window.__long = []")
    box = page.locator("#graph, #mynetwork").first.bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.down()
    for i in range(30):  # a 1.5 s pan
        page.mouse.move(cx + 8 * i, cy + 4 * i)
        page.wait_for_timeout(50)
    page.mouse.up()
    page.wait_for_timeout(300)
    block = max(page.evaluate("window.__long") or [0])
    page.close()
    foreign = [u for u in requests if not u.startswith(("file:", "data:", "blob:"))]
    return {"ready": ready, "links": links, "block_ms": block, "size": path.stat().st_size, "foreign": len(foreign)}


def row(label: str, name: str, gen: float | None, r: dict | None, note: str = "") -> None:
    """One table row, printed as soon as it is measured (a run at 50,000 concepts is long)."""
    if r is None:
        print(f"| {label} | {name} | {note} | | | | | |", flush=True)
        return
    ready = f"{r['ready']:.2f} s" if r["ready"] is not None else "never (120 s)"
    links = f"{r['links']:.2f} s" if r["links"] is not None else "never (120 s)"
    block = f"{r['block_ms']:.0f} ms" if r["block_ms"] is not None else "(not loaded)"
    print(
        f"| {label} | {name} | {gen:.1f} s | {r['size'] / 1e6:.1f} MB | {ready} | {links} | {block} | {r['foreign']} |",
        flush=True,
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--abstracts", type=int, default=10_000)
    ap.add_argument("--graph", help="a built GraphML instead of the scale abstracts")
    ap.add_argument("--sizes", default="1500,10000,50000")
    ap.add_argument("--min-weight", type=int, default=2)
    ap.add_argument("--skip-pyvis-over", type=int, default=50_000, help="pyvis pages of more edges are not drawn")
    ap.add_argument(
        "--skip-vis-over",
        type=int,
        default=10_000,
        help="vis-network pages of more concepts are not made (their spring layout is quadratic: "
        "49,745 concepts ran 14 min without finishing)",
    )
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    from graphkit import schema as S
    from graphkit.analyse import cooccurrence_graph
    from graphkit.maps import render_map
    from graphkit.render import render_page
    from graphkit.site import concept_map

    if args.graph:
        from graphkit.export import read_graphml

        g, source = read_graphml(args.graph), args.graph
    else:
        g, _ = graph_for(args.abstracts)
        source = f"the first {args.abstracts:,} scale abstracts"
    total = sum(1 for _ in S.nodes_of(g, S.CONCEPT))
    print(f"maps of {source}: {total:,} concepts; co-occurrence edges of at least {args.min_weight} papers")
    print(
        "| map | page | generate | size | first draw | all links drawn "
        "| longest main-thread task while hovering and panning | requests out |"
    )
    print("|---|---|---|---|---|---|---|---|", flush=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        tmp = Path(tmp)
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for size in sorted({min(int(s), total) for s in args.sizes.split(",")}):
            t = time.perf_counter()
            rep = render_map(
                g,
                tmp / f"gk-{size}.html",
                title="map",
                max_nodes=size,
                min_weight=args.min_weight,
                papers_per_concept=3,
            )
            gen = time.perf_counter() - t
            label = f"{size:,} concepts, {rep.edges:,} edges"
            ready, links = "document.body.dataset.rendered === '1'", "document.body.dataset.edges !== undefined"
            row(label, "graphkit WebGL (all edges)", gen, measure(browser, tmp / f"gk-{size}.html", ready, links))
            m = concept_map(g, size)
            if size <= args.skip_vis_over:
                t = time.perf_counter()
                render_page(m, tmp / f"vis-{size}.html", title="map", include_abstracts=False, papers_from=g)
                gen = time.perf_counter() - t
                row(label, "vis-network page (6,000 edges)", gen, measure(browser, tmp / f"vis-{size}.html", ready))
            else:
                row(
                    label,
                    "vis-network page (6,000 edges)",
                    None,
                    None,
                    f"not made (over --skip-vis-over {args.skip_vis_over:,})",
                )
            if rep.edges <= args.skip_pyvis_over:
                s = cooccurrence_graph(g, list(m.nodes))
                edges = [(u, v, d["papers"]) for u, v, d in s.edges(data=True) if d["papers"] >= args.min_weight]
                gen = pyvis_page([(n, m.nodes[n].get("name", n)) for n in m.nodes], edges, tmp / f"pv-{size}.html")
                js = "typeof network !== 'undefined' && network.body && Object.keys(network.body.nodes).length > 0"
                row(label, "pyvis (inline, physics on)", gen, measure(browser, tmp / f"pv-{size}.html", js))
            else:
                row(
                    label,
                    "pyvis (inline, physics on)",
                    None,
                    None,
                    f"not made (over --skip-pyvis-over {args.skip_pyvis_over:,} edges)",
                )
        browser.close()


if __name__ == "__main__":
    main()
