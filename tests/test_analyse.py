"""Analysis on synthetic graphs: Leiden clusters and their names, counts per year, Kleinberg
bursts, rising concepts, the map layout, GEXF viz values and the Jupyter display object."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest

from graphkit.analyse import (
    annotate,
    cluster_names,
    concept_bursts,
    concept_year_counts,
    cooccurrence_graph,
    kleinberg_bursts,
    leiden_clusters,
    map_layout,
    mean_years,
    papers_per_year,
    partition,
    rising,
)
from graphkit.viz import PALETTE, UNCLUSTERED, cluster_color, gexf_viz, node_size, year_color


def concept(g, key, papers=1, label_attr="type"):
    g.add_node(
        f"concept:{key}",
        **{label_attr: "Concept"},
        key=key,
        name=key.upper() if len(key) < 5 else key,
        paper_count=papers,
    )


def two_blobs(label_attr="type") -> nx.MultiDiGraph:
    """Two dense groups of 6 concepts joined by one weak edge, plus one concept alone."""
    g = nx.MultiDiGraph()
    for group in ("a", "b"):
        for i in range(6):
            concept(g, f"{group}{i}", papers=10 + i, label_attr=label_attr)
        for i in range(6):
            for j in range(i + 1, 6):
                g.add_edge(
                    f"concept:{group}{i}",
                    f"concept:{group}{j}",
                    key="CO_OCCURS",
                    type="CO_OCCURS",
                    weight=5,
                    strength=0.5,
                )
    g.add_edge("concept:a0", "concept:b0", key="CO_OCCURS", type="CO_OCCURS", weight=1, strength=0.05)
    concept(g, "lonely", papers=2, label_attr=label_attr)
    return g


@pytest.mark.parametrize("label_attr", ["type", "label"])  # new schema and graphs written before it
def test_leiden_finds_the_two_groups_and_leaves_the_lonely_concept_out(label_attr):
    g = two_blobs(label_attr)
    c = leiden_clusters(g)
    assert {c[f"concept:a{i}"] for i in range(6)} != {c[f"concept:b{i}"] for i in range(6)}
    assert len({c[f"concept:a{i}"] for i in range(6)}) == 1
    assert len({c[f"concept:b{i}"] for i in range(6)}) == 1
    assert sorted({c["concept:a0"], c["concept:b0"]}) == [0, 1]
    assert c["concept:lonely"] == -1
    assert leiden_clusters(g) == c  # seeded: the same clusters every run


def test_leiden_from_numbered_edges_equals_leiden_on_the_networkx_copy():
    import random

    rng = random.Random(3)
    g = two_blobs()
    for i in range(40):  # a tangle of weak edges (both directions, repeats, a self-loop) to order
        concept(g, f"r{i}", papers=3)
    keys = [n for n in g.nodes]
    for _ in range(300):
        u, v = rng.choice(keys), rng.choice(keys)
        g.add_edge(u, v, key="CO_OCCURS", type="CO_OCCURS", weight=1, strength=round(rng.random(), 3))
    assert leiden_clusters(g) == partition(cooccurrence_graph(g))
    some = keys[::2]
    assert leiden_clusters(g, nodes=some) == partition(cooccurrence_graph(g, some))


def test_clusters_are_named_by_their_most_distinctive_concepts():
    g = two_blobs()
    c = leiden_clusters(g)
    names = cluster_names(g, c, words=2)
    # a5/b5 have most papers and keep all their weight inside; a0/b0 leak to the other group
    assert names[c["concept:a5"]] == "A5 · A4"
    assert names[c["concept:b5"]] == "B5 · B4"
    assert -1 not in names


def test_no_cooccurrence_means_no_clusters():
    g = nx.MultiDiGraph()
    concept(g, "x")
    assert leiden_clusters(g) == {"concept:x": -1}
    assert cluster_names(g, {"concept:x": -1}) == {}


# ------------------------------------------------------------------ time


def corpus(mentions_by_year: dict[int, dict[str, int]], papers_by_year: dict[int, int]) -> nx.MultiDiGraph:
    """Papers per year; each concept is mentioned by the first k papers of a year."""
    g = nx.MultiDiGraph()
    for year, total in papers_by_year.items():
        for i in range(total):
            g.add_node(f"paper:{year}-{i}", type="Paper", id=f"{year}-{i}", year=year)
    g.add_node("paper:undated", type="Paper", id="undated")
    keys = {k for m in mentions_by_year.values() for k in m}
    for k in keys:
        concept(g, k, papers=sum(m.get(k, 0) for m in mentions_by_year.values()))
    for year, m in mentions_by_year.items():
        for k, count in m.items():
            for i in range(count):
                g.add_edge(f"paper:{year}-{i}", f"concept:{k}", key="MENTIONS", type="MENTIONS", score=0.5)
    g.add_edge("paper:undated", "concept:steady", key="MENTIONS", type="MENTIONS", score=0.5)
    return g


YEARS = {y: 100 for y in range(2010, 2020)}
MENTIONS = {y: {"steady": 10, **({"burst": 40} if y in (2014, 2015, 2016) else {"burst": 2})} for y in YEARS}


def test_counts_per_year_leave_undated_papers_out():
    g = corpus(MENTIONS, YEARS)
    assert papers_per_year(g) == YEARS
    counts = concept_year_counts(g)
    assert counts["concept:steady"] == {y: 10 for y in YEARS}
    assert counts["concept:burst"][2015] == 40 and counts["concept:burst"][2010] == 2
    assert mean_years(g)["concept:steady"] == 2014.5


def test_kleinberg_finds_the_burst_on_a_synthetic_series():
    totals = [100] * 10
    counts = [2, 2, 2, 2, 40, 40, 40, 2, 2, 2]
    [(start, end, strength)] = kleinberg_bursts(counts, totals)
    assert (start, end) == (4, 6)
    # strength = cost saved in the burst state: sum over the burst of ln-likelihood differences
    p0 = sum(counts) / sum(totals)
    p1 = 2 * p0
    expected = sum(
        r * math.log(p1 / p0) + (d - r) * math.log((1 - p1) / (1 - p0)) for r, d in zip(counts[4:7], totals[4:7])
    )
    assert strength == pytest.approx(expected, abs=1e-3)


@pytest.mark.parametrize("counts", [[10] * 10, [0] * 10, [100] * 10, []])
def test_kleinberg_finds_no_burst_in_flat_empty_or_saturated_series(counts):
    assert kleinberg_bursts(counts, [100] * len(counts)) == []


def test_kleinberg_needs_a_cost_high_enough_to_ignore_a_blip():
    totals = [100] * 10
    blip = [5, 5, 5, 5, 11, 5, 5, 5, 5, 5]
    assert kleinberg_bursts(blip, totals, gamma=1.0) == []
    assert kleinberg_bursts(blip, totals, gamma=0.01) != []


def test_kleinberg_rejects_series_of_different_lengths():
    with pytest.raises(ValueError, match="counts has 2 batches, totals 3"):
        kleinberg_bursts([1, 2], [3, 4, 5])


def test_concept_bursts_in_years_and_the_steady_concept_has_none():
    g = corpus(MENTIONS, YEARS)
    b = concept_bursts(g)
    assert "concept:steady" not in b
    assert (b["concept:burst"].start, b["concept:burst"].end) == (2014, 2016)
    assert b["concept:burst"].strength > 10


def test_rising_ranks_the_concept_that_grew():
    years = {y: 100 for y in range(2018, 2024)}
    mentions = {y: {"old": 20 if y < 2022 else 5, "new": 0 if y < 2022 else 30, "flat": 10} for y in years}
    g = corpus(mentions, years)
    rows = rising(g, recent=2)
    assert [n for n, _, _ in rows] == ["concept:new"]
    assert rows[0][1] == pytest.approx(0.3) and rows[0][2] == 0.0


def test_annotate_writes_cluster_year_and_burst_onto_concepts():
    g = corpus(MENTIONS, YEARS)
    g.add_edge("concept:steady", "concept:burst", key="CO_OCCURS", type="CO_OCCURS", weight=3, strength=0.2)
    annotate(g)
    d = g.nodes["concept:burst"]
    assert d["cluster"] == 0 and d["mean_year"] > 2014
    assert (d["burst_start"], d["burst_end"]) == (2014, 2016) and d["burst_strength"] > 0
    assert "burst_start" not in g.nodes["concept:steady"]


# ------------------------------------------------------------------ layout and looks


def test_layout_places_every_node_keeps_groups_together_and_rings_the_isolated():
    g = two_blobs()
    s = nx.Graph()
    s.add_nodes_from(g.nodes)
    for u, v, d in g.edges(data=True):
        s.add_edge(u, v, weight=d["strength"])
    pos = map_layout(s)
    assert set(pos) == set(s.nodes)
    assert pos == map_layout(s)  # deterministic

    def mean_dist(a, b):
        return sum(math.dist(pos[x], pos[y]) for x in a for y in b) / (len(a) * len(b))

    a = [f"concept:a{i}" for i in range(6)]
    b = [f"concept:b{i}" for i in range(6)]
    assert mean_dist(a, a) < mean_dist(a, b) / 2
    r = max(math.hypot(*pos[n]) for n in a + b)
    assert math.hypot(*pos["concept:lonely"]) > r


def test_layout_spreads_a_bigger_graph_into_distinct_points():
    s = nx.connected_caveman_graph(20, 6)
    nx.set_edge_attributes(s, 1.0, "weight")
    pos = map_layout(s)
    assert len({(round(x), round(y)) for x, y in pos.values()}) == s.number_of_nodes()
    caves = [list(range(i * 6, i * 6 + 6)) for i in range(20)]
    inside = sum(math.dist(pos[c[0]], pos[c[k]]) for c in caves for k in range(1, 6)) / (20 * 5)
    between = sum(math.dist(pos[caves[i][3]], pos[caves[(i + 10) % 20][3]]) for i in range(20)) / 20
    assert inside < between / 3


def test_points_on_one_spot_spread_on_a_small_sunflower():
    """Concepts with the same neighbours get one t-SNE point; a random jitter had left two of
    them on one spot (test above, on another machine's numbers). Across a grid cell's edge too."""
    from graphkit.analyse.layout import _spread

    xy = np.zeros((40, 2))
    xy[::2, 0] -= 1e-9  # half of them just over a cell's edge
    out = _spread(xy, 5.0)
    assert min(math.dist(out[i], out[j]) for i in range(40) for j in range(i)) > 4.0
    assert max(math.hypot(*p) for p in out) <= 5.0 * math.sqrt(40)
    apart = np.array([[0.0, 0.0], [100.0, 0.0]])
    assert (_spread(apart, 5.0) == apart).all()  # points apart stay where they are


def test_colours_sizes_and_gexf_viz():
    assert cluster_color(0) == PALETTE[0] and cluster_color(-1) == UNCLUSTERED
    assert cluster_color(len(PALETTE)) == UNCLUSTERED
    assert node_size(100) > node_size(1) > 0
    assert year_color(2010, 2010, 2020) == "#440154" and year_color(2020, 2010, 2020) == "#fde725"
    viz = gexf_viz({"cluster": 1, "paper_count": 4}, (1.5, -2.0))
    assert viz["color"] == {"r": 0x3C, "g": 0xB4, "b": 0x4B, "a": 1.0}
    assert viz["position"] == {"x": 1.5, "y": -2.0, "z": 0.0}
    assert viz["size"] == node_size(4)
