"""Node types as analysis reads them (through :mod:`graphkit.schema`, which accepts the
current ``type`` and the ``label`` of graphs written before schema 2)."""

from __future__ import annotations

from ..schema import CONCEPT, node_type


def concept_nodes(g) -> list:
    return [n for n, d in g.nodes(data=True) if node_type(d) == CONCEPT]


__all__ = ["concept_nodes", "node_type"]
