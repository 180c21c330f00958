"""Concepts over time: papers per year, bursts (Kleinberg's two-state model over yearly
batches, as CiteSpace uses it), mean publication year and rising concepts."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ._types import concept_nodes, node_type

__all__ = [
    "Burst",
    "papers_per_year",
    "concept_year_counts",
    "kleinberg_bursts",
    "concept_bursts",
    "mean_years",
    "rising",
]


@dataclass(frozen=True)
class Burst:
    """A burst: first and last year (inclusive) and its strength (the cost saved by the burst state)."""

    start: int
    end: int
    strength: float


def _year(d: dict) -> int | None:
    y = d.get("year")
    try:
        return int(y) if y not in (None, "") else None
    except (TypeError, ValueError):
        return None


def papers_per_year(g) -> dict[int, int]:
    """Year -> papers of the corpus published that year (papers without a year are left out)."""
    out: dict[int, int] = {}
    for _, d in g.nodes(data=True):
        y = _year(d)
        if node_type(d) == "Paper" and y is not None and not d.get("external"):
            out[y] = out.get(y, 0) + 1
    return dict(sorted(out.items()))


def concept_year_counts(g) -> dict:
    """Concept node -> {year: papers mentioning it that year}, years ascending."""
    out: dict = {n: {} for n in concept_nodes(g)}
    for u, v, k in g.edges(keys=True):
        if k != "MENTIONS" or v not in out:
            continue
        y = _year(g.nodes[u])
        if y is not None:
            out[v][y] = out[v].get(y, 0) + 1
    return {n: dict(sorted(c.items())) for n, c in out.items()}


def kleinberg_bursts(
    counts: Sequence[int], totals: Sequence[int], *, s: float = 2.0, gamma: float = 1.0
) -> list[tuple[int, int, float]]:
    """Bursts in a series of batches: ``counts[t]`` relevant items of ``totals[t]`` in batch t.

    Kleinberg (2002), "Bursty and hierarchical structure in streams", section 4 (batched
    arrivals), two states: the base rate p0 = sum(counts) / sum(totals) and the burst rate
    p1 = s * p0. Batch t costs -ln(p^r (1-p)^(d-r)) in each state (the binomial coefficient is
    the same in both and left out); entering the burst state costs gamma * ln(n). The cheapest
    state sequence (Viterbi) gives the bursts: each maximal run of the burst state, as
    (first index, last index, strength), strength = the cost the burst state saves over the run.

    Hand-written: the PyPI ports (burst-detection 0.1.3 from 2018, pybursts 0.1.1 from 2014)
    are unmaintained and the algorithm is a few lines of dynamic programming.
    """
    if len(counts) != len(totals):
        raise ValueError(f"counts has {len(counts)} batches, totals {len(totals)}")
    n = len(counts)
    r_all, d_all = sum(counts), sum(totals)
    if n == 0 or r_all == 0 or d_all == 0 or r_all >= d_all:
        return []
    p = [r_all / d_all, min(s * r_all / d_all, 0.9999)]
    if p[1] <= p[0]:
        return []

    def cost(i: int, t: int) -> float:
        r, d = counts[t], totals[t]
        return -(r * math.log(p[i]) + (d - r) * math.log(1 - p[i]))

    up = gamma * math.log(n) if n > 1 else gamma * 1e-9
    best = [cost(0, 0), cost(1, 0) + up]
    back: list[tuple[int, int]] = []
    for t in range(1, n):
        from0 = (best[0], 0), (best[1], 1)  # to state 0: leaving a burst is free
        from1 = (best[0] + up, 0), (best[1], 1)
        c0, b0 = min(from0)
        c1, b1 = min(from1)
        back.append((b0, b1))
        best = [c0 + cost(0, t), c1 + cost(1, t)]
    states = [0 if best[0] <= best[1] else 1]
    for b in reversed(back):
        states.append(b[states[-1]])
    states.reverse()
    bursts, t = [], 0
    while t < n:
        if states[t] == 1:
            start = t
            while t + 1 < n and states[t + 1] == 1:
                t += 1
            strength = sum(cost(0, i) - cost(1, i) for i in range(start, t + 1))
            bursts.append((start, t, round(strength, 4)))
        t += 1
    return bursts


def concept_bursts(g, *, s: float = 2.0, gamma: float = 1.0, min_papers: int = 3) -> dict:
    """Concept node -> its strongest :class:`Burst` over the corpus years, for concepts that have one."""
    per_year = papers_per_year(g)
    if len(per_year) < 2:
        return {}
    years = list(range(min(per_year), max(per_year) + 1))
    totals = [per_year.get(y, 0) for y in years]
    out = {}
    for n, c in concept_year_counts(g).items():
        if sum(c.values()) < min_papers:
            continue
        found = kleinberg_bursts([c.get(y, 0) for y in years], totals, s=s, gamma=gamma)
        if found:
            a, b, strength = max(found, key=lambda t: (t[2], -t[0]))
            out[n] = Burst(years[a], years[b], strength)
    return out


def mean_years(g) -> dict:
    """Concept node -> the average publication year of the papers mentioning it (1 decimal)."""
    out = {}
    for n, c in concept_year_counts(g).items():
        total = sum(c.values())
        if total:
            out[n] = round(sum(y * k for y, k in c.items()) / total, 1)
    return out


def rising(g, *, recent: int = 2, min_papers: int = 3, limit: int = 20) -> list[tuple]:
    """Concepts whose share of papers grew most: (node, share in the last ``recent`` years,
    share before), biggest ratio first. Empty when the corpus spans fewer than recent + 1 years."""
    per_year = papers_per_year(g)
    if len(per_year) < recent + 1:
        return []
    cut = max(per_year) - recent + 1
    new_total = sum(k for y, k in per_year.items() if y >= cut)
    old_total = sum(k for y, k in per_year.items() if y < cut)
    rows = []
    for n, c in concept_year_counts(g).items():
        new = sum(k for y, k in c.items() if y >= cut)
        old = sum(k for y, k in c.items() if y < cut)
        if new + old < min_papers or new == 0:
            continue
        share_new, share_old = new / new_total, old / old_total
        # +1 paper of smoothing in the old share, so a concept new in the recent years ranks by its size
        ratio = share_new / ((old + 1) / old_total)
        rows.append((ratio, n, round(share_new, 5), round(share_old, 5)))
    rows.sort(key=lambda r: (-r[0], str(r[1])))
    return [(n, sn, so) for ratio, n, sn, so in rows[:limit] if ratio > 1.0]
