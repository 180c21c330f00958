"""Node types as analysis reads them: the attribute ``type``, or ``label`` in graphs written
before the schema moved the type there (see DESIGN.md)."""

from __future__ import annotations


def node_type(attrs: dict) -> str | None:
    return attrs.get("type") or attrs.get("label")


def concept_nodes(g) -> list:
    return [n for n, d in g.nodes(data=True) if node_type(d) == "Concept"]
