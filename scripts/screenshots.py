"""Regenerate the README screenshots (docs/*.png) from the sample site in headless Chromium.

"$(bash scripts/env.sh)/bin/python" scripts/screenshots.py
"""

from __future__ import annotations

import glob
import tempfile
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


def main():
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
        browser.close()
    print("wrote docs/index.png, docs/neighbourhood.png, docs/map.png")


if __name__ == "__main__":
    main()
