"""A static, offline site for a graph: an index, a whole-corpus concept map, and one
neighbourhood page per concept above a size threshold, all linked to each other.

Style and scripts are written once to ``assets/`` beside the pages; nothing is fetched from
anywhere. The site is built in a temporary folder and moved into place at the end, so a
failure never leaves a half-written site; files the user added to an earlier site are kept.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

import networkx as nx

from . import schema as S
from .errors import GraphkitError
from .query import neighbourhood
from .render import INDEX_SCRIPTS, render_page, render_template, write_assets

__all__ = ["SiteReport", "build_site", "concept_map", "page_name"]

MARKER = ".graphkit-site"


@dataclass
class SiteReport:
    folder: Path
    concept_pages: int
    map_nodes: int
    map_edges: int
    clusters: int


def page_name(key: str) -> str:
    """A file name for a concept's page: readable, unique, safe on every file system."""
    slug = re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-")[:60] or "concept"
    return f"{slug}-{hashlib.sha1(key.encode('utf-8')).hexdigest()[:6]}.html"


def concept_map(g: nx.MultiDiGraph, max_nodes: int = 1500) -> nx.MultiDiGraph:
    """Concepts (the ``max_nodes`` with most papers) and the CO_OCCURS/BROADER edges among them."""
    concepts = sorted(
        (n for n, d in g.nodes(data=True) if S.node_type(d) == S.CONCEPT),
        key=lambda n: (-int(g.nodes[n].get("paper_count", 0)), n),
    )[:max_nodes]
    keep = set(concepts)
    m = nx.MultiDiGraph()
    m.add_nodes_from((n, g.nodes[n]) for n in concepts)
    for u, v, k, d in g.edges(keys=True, data=True):
        if k in ("CO_OCCURS", "BROADER") and u in keep and v in keep:
            m.add_edge(u, v, key=k, **d)
    return m


def build_site(
    g: nx.MultiDiGraph,
    out_dir: str | os.PathLike,
    *,
    min_papers: int = 3,
    max_pages: int = 500,
    map_nodes: int | None = 1500,
    map_min_weight: int = 1,
    title: str = "graphkit",
    progress: bool = False,
) -> SiteReport:
    """``map_nodes``: concepts on the map (most papers first; None: all), with every
    co-occurrence edge of at least ``map_min_weight`` papers among them."""
    from .maps import render_map
    from .progress import bar

    out = check_site_folder(out_dir)
    concepts = sorted(
        ((n, d) for n, d in g.nodes(data=True) if S.node_type(d) == S.CONCEPT),
        key=lambda nd: (-int(nd[1].get("paper_count", 0)), nd[0]),
    )
    paged = [n for n, d in concepts if int(d.get("paper_count", 0)) >= min_papers][:max_pages]
    pages = {n: page_name(g.nodes[n]["key"]) for n in paged}
    tmp = _new_folder(out)
    try:
        write_assets(tmp / "assets")
        shown = [n for n, _ in concepts] if map_nodes is None else [n for n, _ in concepts[:map_nodes]]
        names = _stored_cluster_names(g)  # once, for the map and the index
        report = render_map(
            g,
            tmp / "map.html",
            title=f"{title}: concept map",
            nav=[("Index", "index.html")],
            assets="assets",
            max_nodes=map_nodes,
            min_weight=map_min_weight,
            pages={n: f"concepts/{p}" for n, p in pages.items()},
            names=names,
        )
        (tmp / "concepts").mkdir()
        with bar("Concept pages", len(paged), "page", progress, leave=False) as done:
            for n in paged:
                d = g.nodes[n]
                sub = neighbourhood(g, n, depth=1)
                render_page(
                    sub,
                    tmp / "concepts" / pages[n],
                    title=f"{title}: {d['name']}",
                    focus=n,
                    nav=[("Index", "../index.html"), ("Concept map", "../map.html")],
                    pages={k: v for k, v in pages.items() if k in sub},
                    assets="../assets",
                )
                done.update(1)
        (tmp / "index.html").write_text(_index_html(g, concepts, pages, set(shown), title, names), encoding="utf-8")
        written = sorted(p.relative_to(tmp).as_posix() for p in tmp.rglob("*") if p.is_file())
        (tmp / MARKER).write_text("\n".join([_MARKER_HEAD, *written, MARKER]) + "\n", encoding="utf-8")
        if out.exists():
            _carry_user_files(out, tmp)
        _swap_in(tmp, out)
    except OSError as e:
        shutil.rmtree(tmp, ignore_errors=True)
        raise GraphkitError(f"{out_dir}: cannot write the site ({e.strerror or e})") from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return SiteReport(Path(out_dir), len(paged), report.nodes, report.edges, report.clusters)


def _stored_cluster_names(g) -> dict[int, str] | None:
    """The names of the clusters build stored, None for a graph without them."""
    from .analyse import cluster_names

    concepts = [d for _, d in S.nodes_of(g, S.CONCEPT)]
    if not concepts or any(d.get("cluster") in (None, "") for d in concepts):
        return None
    return cluster_names(g)


def _clusters(g, entry, names: dict[int, str] | None = None) -> list[dict]:
    """The clusters of the concepts (stored by build, else computed), biggest first: name, colour,
    top concepts, top papers. ``names``: the stored clusters' (:func:`_stored_cluster_names`)."""
    from .analyse import cluster_names, leiden_clusters
    from .viz import cluster_color

    stored = {n: d.get("cluster") for n, d in S.nodes_of(g, S.CONCEPT)}
    if any(c in (None, "") for c in stored.values()):  # a graph not made by build: cluster it now
        stored = leiden_clusters(g)
    members: dict[int, list] = {}
    for n, c in stored.items():
        c = int(c or 0) if c not in (None, "") else -1
        if c >= 0:
            members.setdefault(c, []).append(n)
    if not members:
        return []
    if names is None:
        names = cluster_names(g, {n: c for c, ns in members.items() for n in ns})
    out = []
    for c in sorted(members, key=lambda c: (-len(members[c]), c))[:30]:
        ns = sorted(members[c], key=lambda n: (-int(g.nodes[n].get("paper_count", 0)), n))
        inside = set(ns)
        papers: dict = {}
        for n in ns:
            for u, _, k in g.in_edges(n, keys=True):
                if k == S.MENTIONS:
                    papers[u] = papers.get(u, 0) + 1
        # a cluster's papers: those mentioning most of its concepts
        top = sorted(papers, key=lambda u: (-papers[u], u))[:5]
        out.append(
            {
                "id": c,
                "name": names.get(c, ""),
                "color": cluster_color(c),
                "size": len(inside),
                "shown": [entry(n) for n in ns[:10]],
                "papers": [
                    {
                        "title": S.display_label(S.PAPER, g.nodes[u]),
                        "year": g.nodes[u].get("year"),
                        "concepts": papers[u],
                    }
                    for u in top
                ],
            }
        )
    return out


def _trends(g, entry) -> tuple[list[dict], list[dict]]:
    """Rising concepts (share grown most in the last 2 years) and the strongest bursts."""
    from .analyse import rising

    up = [dict(entry(n), recent=round(100 * new, 2), before=round(100 * old, 2)) for n, new, old in rising(g, limit=15)]
    bursts = sorted(
        (
            (float(d["burst_strength"]), n)
            for n, d in S.nodes_of(g, S.CONCEPT)
            if d.get("burst_strength") not in (None, "")
        ),
        key=lambda t: (-t[0], t[1]),
    )[:15]
    burst_rows = [
        dict(entry(n), start=int(g.nodes[n]["burst_start"]), end=int(g.nodes[n]["burst_end"]), strength=round(st, 1))
        for st, n in bursts
    ]
    return up, burst_rows


def _index_html(g, concepts, pages, on_map, title, names: dict[int, str] | None = None) -> str:
    def entry(n) -> dict:
        d = g.nodes[n]
        href = f"concepts/{pages[n]}" if n in pages else (f"map.html#node={_frag(n)}" if n in on_map else "")
        return {
            "name": d.get("name", ""),
            "href": href,
            "aliases": list(d.get("aliases", [])),
            "kind": d.get("kind", ""),
            "papers": int(d.get("paper_count", 0)),
        }

    counts = {
        "papers": sum(1 for _, d in g.nodes(data=True) if S.node_type(d) == S.PAPER),
        "concepts": len(concepts),
        "pages": len(pages),
    }
    search = [{k: e[k] for k in ("name", "aliases", "papers", "href")} for e in (entry(n) for n, _ in concepts)]
    up, bursts = _trends(g, entry)
    return render_template(
        "index.html",
        title=title,
        assets="assets",
        scripts=INDEX_SCRIPTS,
        nav=[("Concept map", "map.html")],
        body_class="index",
        search_what="concept",
        search_example=concepts[0][1]["name"] if concepts else "",
        counts=counts,
        top=[entry(n) for n, _ in concepts[:50]],
        concepts=search,
        clusters=_clusters(g, entry, names),
        rising=up,
        bursts=bursts,
    )


def _frag(node: str) -> str:
    from urllib.parse import quote

    return quote(node, safe="")


# ---------------------------------------------------------------- the site folder on disk
#
# A site is built in a temporary folder beside the target and swapped in at the end. What the
# user added to a site (notes, a .git/ folder) is carried over into the new one; only what
# graphkit wrote last time (listed in the marker file) is replaced. A symlink to a site stays
# a symlink: the folder it points to is the one rebuilt.


def check_site_folder(out_dir: str | os.PathLike) -> Path:
    """The real folder to (re)write, checked before any work; one-line errors."""
    given = Path(out_dir)
    if str(out_dir) == "-":
        raise GraphkitError("a site is a folder; give a folder name, not -")
    out = Path(os.path.realpath(given))
    cwd = Path(os.path.realpath(os.getcwd()))
    if out == cwd or out in cwd.parents:
        raise GraphkitError(
            f"{given}: is the current folder or holds it; a site is replaced as a whole, so run "
            "graphkit from outside it (e.g. -o ../site)"
        )
    if out.exists() or out.is_symlink():
        if not out.is_dir():
            raise GraphkitError(f"{given}: is not a folder")
        if any(out.iterdir()) and not (out / MARKER).is_file():
            raise GraphkitError(f"{given}: exists and is not a graphkit site; choose an empty or new folder")
    parent = out.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise GraphkitError(f"{given}: cannot write here ({parent} is not a folder)")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise GraphkitError(f"{given}: cannot write here (no permission to write in {parent})")
    return out


def _generated_last_time(out: Path) -> set[str] | None:
    """The files graphkit wrote into this site last time (relative paths), or None if unknown."""
    try:
        lines = (out / MARKER).read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    return set(lines[1:]) if lines and lines[0] == _MARKER_HEAD else None


_MARKER_HEAD = "made by graphkit site; it replaces the files listed below, and keeps any others"


def _ours(rel: str, generated: set[str] | None) -> bool:
    if generated is not None:
        return rel in generated
    top, _, rest = rel.partition("/")  # a site from before the list: by name
    if not rest:
        return top in {MARKER, "index.html", "map.html"}
    return (top == "concepts" and rest.endswith(".html") and "/" not in rest) or (top == "assets" and "/" not in rest)


def _carry_user_files(out: Path, tmp: Path) -> int:
    """Copy what the user added to the old site into the new one; returns how many entries."""
    generated = _generated_last_time(out)
    carried = 0
    for dirpath, dirnames, filenames in os.walk(out):
        rel_dir = Path(dirpath).relative_to(out)
        keep_dirs = []
        for name in sorted(dirnames):
            rel = (rel_dir / name).as_posix()
            if rel in ("assets", "concepts") or (generated and any(g.startswith(rel + "/") for g in generated)):
                keep_dirs.append(name)  # a folder of ours: look inside
            else:
                _copy_entry(Path(dirpath) / name, tmp / rel, rel)
                carried += 1
        dirnames[:] = keep_dirs
        for name in filenames:
            rel = (rel_dir / name).as_posix()
            if not _ours(rel, generated):
                _copy_entry(Path(dirpath) / name, tmp / rel, rel)
                carried += 1
    return carried


def _copy_entry(src: Path, dst: Path, rel: str) -> None:
    if dst.exists() or dst.is_symlink():
        raise GraphkitError(
            f"{src}: you added this to the site and graphkit now writes a file of that name "
            f"({rel}); move yours elsewhere"
        )
    dst.parent.mkdir(parents=True, exist_ok=True)
    if src.is_dir() and not src.is_symlink():
        shutil.copytree(src, dst, symlinks=True)
    else:
        shutil.copy2(src, dst, follow_symlinks=False)


def _new_folder(out: Path) -> Path:
    """An empty temporary folder beside ``out``, with the mode the site will have."""
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.new.", dir=out.parent))
    except OSError as e:
        raise GraphkitError(f"{out}: cannot write here ({e.strerror or e})") from None
    try:
        mode = stat.S_IMODE(os.stat(out).st_mode)
    except FileNotFoundError:
        mask = os.umask(0)
        os.umask(mask)
        mode = 0o777 & ~mask
    os.chmod(tmp, mode)
    return tmp


def _swap_in(tmp: Path, out: Path) -> None:
    """Put ``tmp`` where ``out`` is; the old folder is removed only once the new one is in place."""
    if not out.exists():
        os.replace(tmp, out)
        return
    trash = Path(tempfile.mkdtemp(prefix=f".{out.name}.old.", dir=out.parent))
    try:
        os.replace(out, trash / "site")
        try:
            os.replace(tmp, out)
        except OSError:
            os.replace(trash / "site", out)
            raise
    finally:
        shutil.rmtree(trash, ignore_errors=True)
