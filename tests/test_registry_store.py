"""The store registry and protocol (a fake store; the Neo4j one is tested in test_neo4j.py)."""

from __future__ import annotations

import networkx as nx
import pytest

import graphkit.store as ST
from graphkit import api
from graphkit import schema as S
from graphkit.errors import GraphkitError, UsageError


class MemoryStore:
    """A store that keeps the last graph loaded into it."""

    graph = nx.MultiDiGraph()

    def __init__(self, *, name: str = "mem"):
        self.name = name
        self.closed = False

    def load(self, g, *, replace=False, progress=False):
        MemoryStore.graph = g.copy() if replace or not MemoryStore.graph else nx.compose(MemoryStore.graph, g)
        return {"nodes": g.number_of_nodes()}

    def fetch(self, *, concept=None):
        return MemoryStore.graph.copy()

    def query(self, text, params=None, *, write=False):
        return ["text"], [{"text": text}]

    def close(self):
        self.closed = True


@pytest.fixture
def memory_store(monkeypatch):
    monkeypatch.setattr(ST, "_STORES", dict(ST._STORES))
    ST.register("memory")(MemoryStore)
    yield MemoryStore


def test_neo4j_is_registered_and_fits_the_protocol():
    from graphkit.store.neo4j import Neo4jStore

    assert "neo4j" in ST.stores()
    assert all(callable(getattr(Neo4jStore, m)) for m in ("load", "fetch", "query", "close"))


def test_a_store_is_reached_through_the_api(memory_store):
    graph = nx.MultiDiGraph()
    S.add_node(graph, S.paper_node("p1"), S.PAPER, id="p1")
    assert isinstance(ST.open_store("memory"), ST.GraphStore)
    assert api.store_load(graph, store="memory", replace=True) == {"nodes": 1}
    g = api.graph_from(store="memory")
    assert list(g.nodes(data=True)) == list(graph.nodes(data=True))
    assert api.query("RETURN 1", {}, store="memory") == (["text"], [{"text": "RETURN 1"}])


def test_source_selection():
    with pytest.raises(UsageError, match="give either --graph FILE or --neo4j"):
        api.graph_from()
    with pytest.raises(UsageError):
        api.graph_from("g.graphml", store="neo4j")
    with pytest.raises(GraphkitError, match="no store named 'nope'"):
        api.open_store("nope")
