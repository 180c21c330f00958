"""The graph's schema: node types, relationship types, node ids and the schema version.

The one place NetworkX (``build``), GraphML (``export``), Neo4j (``store.neo4j``), the
queries and the pages read the schema from (DESIGN.md, "The graph").

A node's type is written to the node attribute :data:`NODE_TYPE_ATTR`, today ``label``
(DESIGN.md moves it to ``type``, leaving ``label`` for the display name). Read it with
:func:`node_type`, which accepts either, and write it with :func:`add_node`, so that switch
is a change of :data:`NODE_TYPE_ATTR` alone. Edges carry their relationship type both as
their key and as the attribute ``type``; :func:`add_rel` writes both.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

__all__ = [
    "SCHEMA_VERSION", "NODE_TYPE_ATTR", "REL_TYPE_ATTR",
    "PAPER", "CONCEPT", "AUTHOR", "NodeType", "NODE_TYPES",
    "MENTIONS", "CITES", "WROTE", "CO_OCCURS", "BROADER", "CO_CITED", "COUPLED", "CO_AUTHORED",
    "RelType", "REL_TYPES",
    "paper_node", "concept_node", "author_node", "author_key", "node_id",
    "node_type", "is_type", "nodes_of", "add_node", "add_rel",
]

#: Written to ``graph.graph["schema"]``; bump it when a reader of old graphs must tell them apart.
SCHEMA_VERSION = 1

#: The node attribute that holds a node's type (DESIGN.md: ``type``; graphs so far use ``label``).
NODE_TYPE_ATTR = "label"
#: Node attributes a node's type may be found under, the current one first.
_NODE_TYPE_ATTRS = ("type", "label")
#: The edge attribute that holds a relationship's type (also the edge's key).
REL_TYPE_ATTR = "type"

PAPER, CONCEPT, AUTHOR = "Paper", "Concept", "Author"


@dataclass(frozen=True)
class NodeType:
    """A node type (the Neo4j label): the property that identifies it and its node-id prefix."""

    name: str
    id_property: str
    prefix: str
    properties: tuple[str, ...]


NODE_TYPES: dict[str, NodeType] = {t.name: t for t in (
    NodeType(PAPER, "id", "paper", ("id", "title", "abstract", "year", "venue", "url", "doi", "external", "authors",
                                     "sources", "keywords")),
    NodeType(CONCEPT, "key", "concept", ("key", "name", "aliases", "kind", "paper_count", "first_year", "cluster",
                                         "burst", "source")),
    NodeType(AUTHOR, "key", "author", ("key", "name")),
)}

MENTIONS, CITES, WROTE, CO_OCCURS, BROADER = "MENTIONS", "CITES", "WROTE", "CO_OCCURS", "BROADER"
CO_CITED, COUPLED, CO_AUTHORED = "CO_CITED", "COUPLED", "CO_AUTHORED"


@dataclass(frozen=True)
class RelType:
    """A relationship type: the node types it joins and its properties. An undirected one is
    stored once, from the smaller node id to the larger."""

    name: str
    source: str
    target: str
    properties: tuple[str, ...] = ()
    directed: bool = True


REL_TYPES: dict[str, RelType] = {t.name: t for t in (
    RelType(MENTIONS, PAPER, CONCEPT, ("score", "rank", "evidence")),
    RelType(CITES, PAPER, PAPER),
    RelType(WROTE, AUTHOR, PAPER, ("position",)),
    RelType(CO_OCCURS, CONCEPT, CONCEPT, ("weight", "strength"), directed=False),
    RelType(BROADER, CONCEPT, CONCEPT),
    RelType(CO_CITED, PAPER, PAPER, ("weight", "strength"), directed=False),
    RelType(COUPLED, PAPER, PAPER, ("weight", "strength"), directed=False),
    RelType(CO_AUTHORED, AUTHOR, AUTHOR, ("weight", "strength"), directed=False),
)}


def paper_node(pid: str) -> str:
    return f"paper:{pid}"


def concept_node(key: str) -> str:
    return f"concept:{key}"


def author_node(key: str) -> str:
    return f"author:{key}"


def author_key(name: str) -> str:
    """An author's key: the name lower-cased with its whitespace collapsed."""
    return re.sub(r"\s+", " ", name.strip().lower())


def node_id(ntype: str, props: Mapping) -> str:
    """The graph's node id of a node of type ``ntype`` with these properties."""
    t = NODE_TYPES[ntype]
    return f"{t.prefix}:{props[t.id_property]}"


def node_type(attrs: Mapping) -> str | None:
    """A node's type (Paper, Concept, Author) from its attributes, ``type`` or legacy ``label``."""
    for attr in _NODE_TYPE_ATTRS:
        value = attrs.get(attr)
        if value in NODE_TYPES:
            return value
    return None


def is_type(attrs: Mapping, ntype: str) -> bool:
    return node_type(attrs) == ntype


def nodes_of(g, ntype: str) -> Iterator[tuple[str, dict]]:
    """``(node, attributes)`` of every node of one type."""
    return ((n, d) for n, d in g.nodes(data=True) if node_type(d) == ntype)


def add_node(g, node: str, ntype: str, **props) -> None:
    """Add (or update) a node of type ``ntype``."""
    attrs = {NODE_TYPE_ATTR: ntype, **props}
    attrs[NODE_TYPE_ATTR] = ntype
    g.add_node(node, **attrs)


def add_rel(g, u: str, v: str, rtype: str, **props) -> None:
    """Add a relationship: the edge's key and its ``type`` attribute are both ``rtype``."""
    attrs = {REL_TYPE_ATTR: rtype, **props}
    attrs[REL_TYPE_ATTR] = rtype
    g.add_edge(u, v, key=rtype, **attrs)
