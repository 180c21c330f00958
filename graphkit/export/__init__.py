"""Exports: a graph -> a file (GraphML, GEXF, node-link JSON, Cytoscape.js JSON, ...).

A registry of export formats, each one module of this package that registers itself::

    @register("gexf", extensions=(".gexf",), description="GEXF (Gephi)")
    def write_gexf(g: nx.MultiDiGraph, fh: BinaryIO) -> None: ...

The function writes to an open binary file; :func:`register` returns it wrapped so that it
also takes a path, written atomically (:func:`graphkit.io.path_or_file`). A format that is
several files (VOSviewer's map and network files, CSV node and edge tables) registers with
:func:`register_files`: its function gets one open file per part, and ``-o NAME`` names the
parts (:func:`output_paths`); all parts are renamed into place together or not at all.
Export functions may take keyword options (``items`` for VOSviewer), passed by
:func:`write_graph`. Modules here are
discovered automatically, so a new export is one new module (copy ``cytoscape.py``) and its
tests; the CLI's ``export --format`` choices come from :func:`formats`, and a format is
inferred from the output's extension.
"""

from __future__ import annotations

import functools
import importlib
import io
import os
import pkgutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import GraphFileError
from ..io import atomic_write, atomic_write_many, path_or_file

if TYPE_CHECKING:  # export modules import networkx inside their functions: `graphkit --help` stays fast
    import networkx as nx

__all__ = [
    "ExportSpec",
    "register",
    "register_files",
    "output_paths",
    "exports",
    "formats",
    "format_for_path",
    "choose_format",
    "write_graph",
    "graphml_bytes",
    "atomic_write",
    "LIST_ATTRIBUTES",
    "write_graphml",
    "read_graphml",
    "write_gexf",
    "write_json",
    "write_cytoscape",
    "read_cytoscape",
    "FORMATS",
    "DEFAULT_FORMAT",
]

#: The format written when neither ``--format`` nor the file's extension says otherwise.
DEFAULT_FORMAT = "graphml"


@dataclass(frozen=True)
class ExportSpec:
    """One registered export: its name (the ``--format`` value), extensions and description."""

    name: str
    write: Callable[[nx.MultiDiGraph, object], None]
    extensions: tuple[str, ...] = ()
    description: str = ""
    parts: tuple[str, ...] = ()  # a multi-file format: the suffix of each file it writes

    def outputs(self, path: str | os.PathLike) -> list[Path]:
        """The files ``-o path`` writes: ``path`` itself, or one per part (the known extension
        stripped, each part's suffix added: ``-o dev_map.txt`` -> dev_map.txt, dev_network.txt)."""
        if not self.parts:
            return [Path(path)]
        name = str(path)
        for ext in sorted({*self.extensions, *self.parts}, key=len, reverse=True):
            if name.lower().endswith(ext):
                name = name[: -len(ext)]
                break
        return [Path(name + part) for part in self.parts]


_EXPORTS: dict[str, ExportSpec] = {}


def register(name: str, *, extensions: Iterable[str] = (), description: str = ""):
    """Register ``write(g, fh)`` (``fh`` an open binary file) as the export ``name``."""

    def deco(fn):
        if name in _EXPORTS:
            raise ValueError(f"two exports registered for format {name!r}")
        write = path_or_file(fn)
        _EXPORTS[name] = ExportSpec(name, write, tuple(e.lower() for e in extensions), description)
        return write

    return deco


def register_files(name: str, *, parts: Iterable[str], extensions: Iterable[str] = (), description: str = ""):
    """Register ``write(g, files, **options)`` (``files`` one open binary file per part, in
    the order of ``parts``) as the multi-file export ``name``."""
    parts = tuple(parts)

    def deco(fn):
        if name in _EXPORTS:
            raise ValueError(f"two exports registered for format {name!r}")
        spec = ExportSpec(name, fn, tuple(e.lower() for e in extensions), description, parts)

        @functools.wraps(fn)
        def write(g, out, **options):
            if hasattr(out, "write"):
                raise GraphFileError(f"the {name} export is {len(parts)} files; give it a file name, not an open file")
            paths = spec.outputs(out)
            buffers = [io.BytesIO() for _ in paths]
            fn(g, buffers, **options)
            atomic_write_many([(p, lambda fh, b=b: fh.write(b.getvalue())) for p, b in zip(paths, buffers)])

        _EXPORTS[name] = ExportSpec(name, write, spec.extensions, description, parts)
        return write

    return deco


def output_paths(path: str | os.PathLike, fmt: str) -> list[Path]:
    """The files an export of format ``fmt`` to ``path`` writes (two for VOSviewer and CSV)."""
    if fmt not in _EXPORTS:
        raise GraphFileError(f"unknown export format {fmt!r} (one of: {', '.join(_EXPORTS)})")
    return _EXPORTS[fmt].outputs(path)


def exports() -> dict[str, ExportSpec]:
    """Every registered export by name, in registration order."""
    return dict(_EXPORTS)


def formats() -> list[str]:
    """The names of the registered export formats (the CLI's ``export --format`` choices)."""
    return list(_EXPORTS)


def format_for_path(path: str | os.PathLike) -> str | None:
    """The format whose extension the file name ends with (the longest match), or None."""
    name = str(path).lower()
    best = max(
        ((len(ext), spec.name) for spec in _EXPORTS.values() for ext in spec.extensions if name.endswith(ext)),
        default=None,
    )
    return best[1] if best else None


def choose_format(path: str | os.PathLike, fmt: str | None = None) -> str:
    """The format to write ``path`` in: ``fmt`` if given, else the extension's, else (no
    extension) GraphML.

    A given format that the extension contradicts, an extension no format writes and ``-`` for
    a two-file format are errors, not silently odd files.
    """
    inferred = format_for_path(path)
    if fmt is None:
        suffix = Path(str(path)).suffix
        # "x.xyz" would get GraphML under a name that says otherwise
        if inferred is None and suffix and str(path) != "-":
            raise GraphFileError(
                f"{path}: no export format writes {suffix} files; name the file with one of "
                f"{', '.join(e for spec in _EXPORTS.values() for e in spec.extensions)}, or give --format"
            )
        fmt = inferred or DEFAULT_FORMAT
    elif fmt not in _EXPORTS:
        raise GraphFileError(f"unknown export format {fmt!r}; choose one of: {', '.join(_EXPORTS)}")
    elif inferred is not None and inferred != fmt:
        exts = " or ".join(_EXPORTS[fmt].extensions) or "another extension"
        raise GraphFileError(
            f"{path}: the extension says {inferred}, --format says {fmt}; name the file with {exts}, or drop --format"
        )
    if str(path) == "-" and _EXPORTS[fmt].parts:
        raise GraphFileError(f"the {fmt} export is {len(_EXPORTS[fmt].parts)} files; give --output a name, not -")
    return fmt


def write_graph(g: nx.MultiDiGraph, out, fmt: str = DEFAULT_FORMAT, **options) -> None:
    """Write ``g`` to ``out`` (a path or an open binary file) in format ``fmt``; ``options`` go to
    the format's writer (e.g. ``items="papers"`` for VOSviewer)."""
    try:
        spec = _EXPORTS[fmt]
    except KeyError:
        raise GraphFileError(f"unknown export format {fmt!r}; choose one of: {', '.join(_EXPORTS)}") from None
    spec.write(g, out, **options)


def graphml_bytes(g: nx.MultiDiGraph) -> bytes:
    buf = io.BytesIO()
    write_graph(g, buf, "graphml")
    return buf.getvalue()


def _discover() -> None:
    """Import every module of this package, so each export registers itself."""
    for mod in pkgutil.iter_modules(__path__):
        if not mod.name.startswith("_"):
            importlib.import_module(f"{__name__}.{mod.name}")


_discover()

# The names earlier versions offered here.
from ._xml import LIST_ATTRIBUTES  # noqa: E402
from .cytoscape import read_cytoscape, write_cytoscape  # noqa: E402
from .gexf import write_gexf  # noqa: E402
from .graphml import read_graphml, write_graphml  # noqa: E402
from .nodelink import write_json  # noqa: E402

#: Format name -> writer (kept for callers of earlier versions; :func:`exports` has more).
FORMATS: dict[str, Callable] = {name: spec.write for name, spec in _EXPORTS.items()}
