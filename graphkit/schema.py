"""The graph's schema: node types, relationship types, node ids and the schema version.

The one place NetworkX (``build``), GraphML (``export``), Neo4j (``store.neo4j``), the
queries and the pages read the schema from (DESIGN.md, "The graph").

A node's type is written to the node attribute :data:`NODE_TYPE_ATTR` (``type``); the
attribute ``label`` is the display name (Gephi, Cytoscape and yEd show a node's ``label``).
Graphs written before schema 2 kept the type in ``label``: :func:`node_type` accepts either
and :func:`upgrade` rewrites such a graph in the current schema. Edges carry their relationship type both as
their key and as the attribute ``type``; :func:`add_rel` writes both.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

__all__ = [
    "SCHEMA_VERSION",
    "NODE_TYPE_ATTR",
    "REL_TYPE_ATTR",
    "PAPER",
    "CONCEPT",
    "AUTHOR",
    "NodeType",
    "NODE_TYPES",
    "MENTIONS",
    "CITES",
    "WROTE",
    "CO_OCCURS",
    "BROADER",
    "CO_CITED",
    "COUPLED",
    "CO_AUTHORED",
    "RelType",
    "REL_TYPES",
    "paper_node",
    "concept_node",
    "author_node",
    "author_key",
    "node_id",
    "node_type",
    "is_type",
    "nodes_of",
    "add_node",
    "add_rel",
    "display_label",
    "upgrade",
    "DISPLAY_ATTR",
]

#: Written to ``graph.graph["schema"]``; bump it when a reader of old graphs must tell them apart.
#: 2: the node type moved from ``label`` to ``type``; ``label`` is the display name.
SCHEMA_VERSION = 2

#: The node attribute that holds a node's type (schema 1 used ``label``).
NODE_TYPE_ATTR = "type"
#: The node attribute that holds a node's display name.
DISPLAY_ATTR = "label"
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


NODE_TYPES: dict[str, NodeType] = {
    t.name: t
    for t in (
        NodeType(
            PAPER,
            "id",
            "paper",
            (
                "id",
                "title",
                "abstract",
                "year",
                "venue",
                "url",
                "doi",
                "external",
                "authors",
                "sources",
                "keywords",
                "ids",
            ),
        ),
        NodeType(
            CONCEPT,
            "key",
            "concept",
            (
                "key",
                "name",
                "aliases",
                "kind",
                "paper_count",
                "first_year",
                "cluster",
                "mean_year",
                "burst_start",
                "burst_end",
                "burst_strength",
                "source",
            ),
        ),
        NodeType(AUTHOR, "key", "author", ("key", "name")),
    )
}

#: The node properties that are numbers (papers' years, concepts' counts, clusters, time and
#: map positions), and the relationship properties that are: what a reader may insist on.
NUMBER_PROPERTIES: tuple[str, ...] = tuple(
    "year paper_count first_year cluster mean_year burst_start burst_end burst_strength x y".split()
)
REL_NUMBER_PROPERTIES = ("score", "rank", "position", "weight", "strength")

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


REL_TYPES: dict[str, RelType] = {
    t.name: t
    for t in (
        RelType(MENTIONS, PAPER, CONCEPT, ("score", "rank", "evidence")),
        RelType(CITES, PAPER, PAPER),
        RelType(WROTE, AUTHOR, PAPER, ("position",)),
        RelType(CO_OCCURS, CONCEPT, CONCEPT, ("weight", "strength"), directed=False),
        RelType(BROADER, CONCEPT, CONCEPT),
        RelType(CO_CITED, PAPER, PAPER, ("weight", "strength"), directed=False),
        RelType(COUPLED, PAPER, PAPER, ("weight", "strength"), directed=False),
        RelType(CO_AUTHORED, AUTHOR, AUTHOR, ("weight", "strength"), directed=False),
    )
}


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


def display_label(ntype: str, props: Mapping) -> str:
    """What a node is called on screen: a concept's or author's name, a paper's title (or the
    opening words of its abstract)."""
    if ntype == PAPER:
        if props.get("title"):
            return str(props["title"])
        words = str(props.get("abstract") or "").split()
        return " ".join(words[:14]) + (" …" if len(words) > 14 else "") or str(props.get("id", ""))
    return str(props.get("name") or props.get("key") or "")


def add_node(g, node: str, ntype: str, **props) -> None:
    """Add (or update) a node of type ``ntype``; ``label`` is its display name unless given."""
    attrs = {**props, NODE_TYPE_ATTR: ntype}
    if not attrs.get(DISPLAY_ATTR) or attrs[DISPLAY_ATTR] in NODE_TYPES:
        attrs[DISPLAY_ATTR] = display_label(ntype, attrs)
    g.add_node(sys.intern(node), **attrs)


def upgrade(g) -> None:
    """Rewrite a graph of an older schema (type in ``label``) in place to the current one."""
    for _, d in g.nodes(data=True):
        if NODE_TYPE_ATTR not in d and d.get(DISPLAY_ATTR) in NODE_TYPES:
            d[NODE_TYPE_ATTR] = d[DISPLAY_ATTR]
            d[DISPLAY_ATTR] = display_label(d[NODE_TYPE_ATTR], d)
    g.graph["schema"] = SCHEMA_VERSION


def add_rel(g, u: str, v: str, rtype: str, **props) -> None:
    """Add a relationship: the edge's key and its ``type`` attribute are both ``rtype``."""
    attrs = {REL_TYPE_ATTR: rtype, **props}
    attrs[REL_TYPE_ATTR] = rtype
    # interned: NetworkX keeps the id objects it is given in both adjacency dicts, and ids made
    # afresh for every edge (paper_node(...)) held two copies per edge (about 0.5 GB at 79k papers)
    g.add_edge(sys.intern(u), sys.intern(v), key=rtype, **attrs)
