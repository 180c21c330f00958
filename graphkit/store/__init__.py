"""Stores: where a built graph can live besides a file (Neo4j first).

A store implements the small :class:`GraphStore` protocol and registers its class under a
name; modules here are discovered automatically, so a new store is one new module (copy
``neo4j.py``'s ``Neo4jStore``) and its tests::

    @register("neo4j")
    class Neo4jStore:
        def __init__(self, *, uri, user, password, database=None): ...

:func:`open_store` connects to one by name; ``graphkit.api`` uses it for every ``--neo4j``.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any, Protocol, runtime_checkable

import networkx as nx

from ..errors import GraphkitError

__all__ = ["GraphStore", "register", "stores", "open_store"]


@runtime_checkable
class GraphStore(Protocol):
    """A connected store. Errors it raises are :class:`~graphkit.errors.StoreError`."""

    def load(self, g: nx.MultiDiGraph, *, replace: bool = False, progress: bool = False, sync: bool = False) -> Any:
        """Write the graph (idempotently: loading twice leaves one copy); returns a load report.
        ``sync``: also delete what the graph no longer has, so the store equals the graph;
        ``replace``: empty the store first. The store records the graph's schema version and
        build id, and refuses a graph of another schema version unless ``replace``."""

    def fetch(self, *, concept: str | None = None) -> nx.MultiDiGraph:
        """The whole graph, or the neighbourhood of ``concept``, in the schema's NetworkX form. A
        store may take ``paper`` too (an id or DOI: that paper's citation neighbourhood), as
        Neo4j's does; ``view --paper`` reads the whole graph of one that does not."""

    def query(self, text: str, params: dict | None = None, *, write: bool = False) -> tuple[list[str], list[dict]]:
        """Run a query in the store's language, read-only unless ``write``: (columns, rows)."""

    def close(self) -> None:
        """Release the connection."""


_STORES: dict[str, type] = {}


def register(name: str):
    """Register a class implementing :class:`GraphStore` as store ``name``."""

    def deco(cls: type) -> type:
        if name in _STORES and _STORES[name] is not cls:
            raise ValueError(f"two stores registered as {name!r}")
        _STORES[name] = cls
        return cls

    return deco


def stores() -> list[str]:
    """The names of the registered stores."""
    return list(_STORES)


def open_store(name: str, **options) -> GraphStore:
    """Connect to store ``name``; ``options`` go to its constructor (e.g. uri, user, password)."""
    try:
        cls = _STORES[name]
    except KeyError:
        raise GraphkitError(f"no store named {name!r} (there are: {', '.join(_STORES)})") from None
    return cls(**options)


def _discover() -> None:
    """Import every module of this package, so each store registers itself."""
    for mod in pkgutil.iter_modules(__path__):
        if not mod.name.startswith("_"):
            importlib.import_module(f"{__name__}.{mod.name}")


_discover()
