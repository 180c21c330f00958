"""Regenerate the README screenshots (docs/*.png) from the sample site in headless Chromium.

"$(bash scripts/env.sh)/bin/python" scripts/screenshots.py
"$(bash scripts/env.sh)/bin/python" scripts/screenshots.py --dev exports/dev.graphml   # also the dev set's map views
"""

from __future__ import annotations

import argparse
import glob
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from graphkit.build import build
from graphkit.read import read_papers
from graphkit.site import build_site, page_name

ROOT = Path(__file__).resolve().parent.parent
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def dev_maps(browser, graphml: str, tmp: Path) -> None:
    """docs/map-{network,overlay,density}.png: the dev set's concept map, its three views."""
    from graphkit.export import read_graphml
    from graphkit.maps import render_map

    path = tmp / "dev-map.html"
    render_map(read_graphml(graphml), path, title="ICLR 2017–2018: concept map", max_nodes=1500)
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(path.as_uri())
    for view in ("network", "overlay", "density"):
        page.check(f"input[value={view}]")
        end = time.time() + 60  # the links come from a worker, after the first frame
        while time.time() < end and not page.evaluate(
            "document.body.dataset.edges !== undefined && graphkit.settled()"
        ):
            time.sleep(0.1)
        page.wait_for_timeout(300)
        page.screenshot(path=str(ROOT / "docs" / f"map-{view}.png"))
    page.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dev", help="a built GraphML of the dev set: also write docs/map-{network,overlay,density}.png")
    args = ap.parse_args()
    papers, _ = read_papers(sorted(glob.glob(str(ROOT / "examples" / "iclr2026" / "*.txt"))))
    g, _ = build(papers)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        site = Path(tmp) / "site"
        build_site(g, site, min_papers=2, title="graphkit: ICLR 2026 samples")
        rl = next(d for _, d in g.nodes(data=True) if d.get("name") == "reinforcement learning")
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 860})
        page.goto((site / "index.html").as_uri())
        page.fill("#search-input", "SAM")
        page.screenshot(path=str(ROOT / "docs" / "index.png"))
        page.goto((site / "concepts" / page_name(rl["key"])).as_uri())
        page.wait_for_function("document.body.dataset.rendered === '1'")
        page.screenshot(path=str(ROOT / "docs" / "neighbourhood.png"))
        page.goto((site / "map.html").as_uri() + "#node=concept%3Asam2")
        page.wait_for_function("document.body.dataset.rendered === '1'")
        page.screenshot(path=str(ROOT / "docs" / "map.png"))
        if args.dev:
            dev_maps(browser, args.dev, Path(tmp))
        browser.close()
    print("wrote docs/index.png, docs/neighbourhood.png, docs/map.png" + (" and docs/map-*.png" if args.dev else ""))


if __name__ == "__main__":
    main()
