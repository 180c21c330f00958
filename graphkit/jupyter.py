"""Pages inline in Jupyter: ``graphkit.show(graph)`` returns an object the notebook displays
as the offline page in an iframe (``srcdoc``: no server, no request, no file left behind)."""

from __future__ import annotations

import html
import os
from pathlib import Path

__all__ = ["Shown", "show"]


class Shown:
    """An HTML page that Jupyter shows inline; ``.html`` is the page, ``.save(path)`` writes it."""

    def __init__(self, page: str, *, height: int = 640):
        self.html = page
        self.height = int(height)

    def _repr_html_(self) -> str:
        # sandbox without allow-same-origin: the page's scripts run, but cannot reach the notebook
        return (
            f'<iframe srcdoc="{html.escape(self.html, quote=True)}" sandbox="allow-scripts allow-downloads" '
            f'style="width:100%;height:{self.height}px;border:1px solid #ddd" loading="eager"></iframe>'
        )

    def save(self, path: str | os.PathLike) -> Path:
        from .export import atomic_write

        atomic_write(path, lambda fh: fh.write(self.html.encode("utf-8")))
        return Path(path)


def show(graph, focus: str | None = None, *, depth: int = 1, title: str = "graphkit", height: int = 640) -> Shown:
    """A graph graphkit built (or its GraphML path), or the neighbourhood of ``focus`` (a concept's
    name or alias) in it, as an inline page. The caller's graph is not modified."""
    from .api import _whole, a_graph
    from .query import find_concept, neighbourhood
    from .render import html_page, page_data

    g = a_graph(graph)
    _whole(depth, "depth", 1, 3)
    _whole(height, "height", 100)
    node = None
    if focus is not None:
        node = find_concept(g, focus)
        g = neighbourhood(g, focus, depth=depth)
    return Shown(html_page(page_data(g, focus=node), title=title), height=height)
