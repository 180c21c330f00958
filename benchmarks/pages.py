"""Pages at scale: the concept map of 10,000 abstracts (../shared/data/scale) as a graphkit
page beside a plain pyvis page of the same graph (physics on, pyvis defaults), both opened
in headless Chromium in the same run.

    make bench-pages        # or: python benchmarks/pages.py [--abstracts N] [--map-nodes N]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from _common import graph_for

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def pyvis_page(m, edges, path: Path, cdn: str) -> float:
    """pyvis with its defaults (physics on), the same nodes and the same edges graphkit draws
    (pyvis's add_edge scans every edge it has, so the full 350k would take hours)."""
    from pyvis.network import Network

    t = time.perf_counter()
    net = Network(height="800px", width="100%", directed=False, cdn_resources=cdn)
    for n, d in m.nodes(data=True):
        net.add_node(n, label=d.get("name", n), title=d.get("name", n))
    for e in edges:
        net.add_edge(e["from"], e["to"], value=e.get("weight", 1))
    net.write_html(str(path))
    return time.perf_counter() - t


def open_in_chromium(browser, path: Path, ready_js: str, timeout_s: float = 180):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    t = time.perf_counter()
    page.goto(path.as_uri(), wait_until="load", timeout=timeout_s * 1000)
    try:
        page.wait_for_function(ready_js, timeout=timeout_s * 1000, polling=50)
        ready = time.perf_counter() - t
    except Exception:  # noqa: BLE001 - a page that never draws is a result, reported as such
        ready = None
    # responsiveness: how long one round trip to the page's main thread takes right now
    t2 = time.perf_counter()
    page.evaluate("1 + 1")
    rtt = time.perf_counter() - t2
    foreign = [u for u in requests if not u.startswith(("file:", "data:", "blob:"))]
    return page, ready, rtt, foreign


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--abstracts", type=int, default=10_000)
    ap.add_argument("--map-nodes", type=int, default=1500)
    ap.add_argument("--map-edges", type=int, default=6000)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    from graphkit.render import render_page
    from graphkit.site import concept_map

    g, _ = graph_for(args.abstracts)
    m = concept_map(g, args.map_nodes)
    print(f"concept map of {args.abstracts:,} abstracts: {m.number_of_nodes():,} concepts, "
          f"{m.number_of_edges():,} edges (graphkit draws the strongest {args.map_edges:,})")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        tmp = Path(tmp)
        from graphkit.render import page_data

        t = time.perf_counter()
        render_page(m, tmp / "graphkit.html", title="map", max_edges=args.map_edges, include_abstracts=False,
                    papers_from=g)
        gk_gen = time.perf_counter() - t
        drawn = page_data(m, max_edges=args.map_edges, positions={})["edges"]
        pv_gen = pyvis_page(m, drawn, tmp / "pyvis.html", "in_line")
        pyvis_page(m, drawn, tmp / "pyvis-remote.html", "remote")
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        rows = []
        page, ready, rtt, foreign = open_in_chromium(browser, tmp / "graphkit.html", "document.body.dataset.rendered === '1'")
        t = time.perf_counter()
        page.fill("#search-input", "diffusion")
        page.press("#search-input", "Enter")
        page.wait_for_selector("#panel h2")
        search = time.perf_counter() - t
        rows.append(("graphkit", gk_gen, (tmp / "graphkit.html").stat().st_size, ready, rtt, search, foreign))
        page.close()
        # pyvis: drawn once its network exists; its physics then runs until stabilisation
        js = "typeof network !== 'undefined' && network.body && Object.keys(network.body.nodes).length > 0"
        page, ready, rtt, foreign = open_in_chromium(browser, tmp / "pyvis.html", js)
        t = time.perf_counter()
        stable = None
        try:
            page.wait_for_function("document.getElementById('loadingBar') === null || "
                                   "getComputedStyle(document.getElementById('loadingBar')).display === 'none' || "
                                   "document.getElementById('loadingBar').style.opacity === '0'",
                                   timeout=300_000, polling=200)
            stable = (ready or 0) + time.perf_counter() - t
        except Exception:  # noqa: BLE001
            pass
        rows.append(("pyvis (inline, physics on)", pv_gen, (tmp / "pyvis.html").stat().st_size, ready, rtt, None, foreign))
        page.close()
        page, ready_r, _, foreign_r = open_in_chromium(browser, tmp / "pyvis-remote.html", js, timeout_s=15)
        page.close()
        browser.close()
    print(f"{'page':<28} {'generate':>9} {'size':>9} {'first render':>13} {'main-thread rtt':>16} {'search':>8} {'requests out':>13}")
    for name, gen, size, ready, rtt, search, foreign in rows:
        r = f"{ready:.2f} s" if ready is not None else "never"
        s = f"{search:.2f} s" if search is not None else "-"
        print(f"{name:<28} {gen:>7.1f} s {size / 1e6:>7.1f} MB {r:>13} {rtt * 1000:>13.0f} ms {s:>8} {len(foreign):>13}")
    print(f"pyvis stabilised (physics done) after: {f'{stable:.1f} s' if stable else 'not within 300 s'}")
    print(f"pyvis default page (scripts from a CDN), offline: drawn = {ready_r is not None}, "
          f"{len(foreign_r)} requests to other hosts")


if __name__ == "__main__":
    main()
