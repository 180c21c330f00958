"""Concept quality on real authors' keywords: graphkit beside plain KeyBERT and YAKE.

Runs on ../shared/data/dev/iclr2017_2018.jsonl (1,283 ICLR papers), or with ``--corpus heldout``
on 322 papers of other fields from ../shared/data/formats (benchmarks/_heldout.py), with the
authors' keywords removed from the input, and scores every system with the same code (graphkit.evaluate):
precision/recall/F1 at 5 and 10 (exact match after lower-casing, hyphens to spaces and
Porter stemming; a graphkit concept matches by its name or any alias), concepts per paper,
the share of concepts two or more papers have, duplicate concepts, linking (pairs of
papers that share an author keyword vs pairs the system links through a shared concept),
hub precision (of the 100 concepts with the most papers, the share that are an author keyword
somewhere in the corpus's keyword pool) and bad merges (concepts joining forms with different
lemmas and dissimilar embeddings). ``--hubs N`` prints each system's N biggest hubs and
graphkit's bad merges; ``--graph FILE`` also writes graphkit's graph (GraphML). To score another
graphkit version on the same papers: ``--write-input in.jsonl``, build ``in.jsonl`` with that
version, then ``--score-graph its.graphml``.

    make bench-quality       # or: python benchmarks/quality.py [--limit N]
"""

from __future__ import annotations

import argparse
import json
import time

from _common import shared


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=None, help="only the first N papers")
    ap.add_argument("--json", action="store_true", help="also print the figures as JSON")
    ap.add_argument(
        "--reuse-peers",
        metavar="FILE",
        help="read the peers' keyphrases from FILE if it exists, else compute and save them there "
        "(for quick iterations on graphkit; a full run computes everything)",
    )
    ap.add_argument("--hubs", type=int, default=0, metavar="N", help="print each system's N biggest hubs")
    ap.add_argument("--graph", metavar="FILE", help="also write graphkit's graph there (GraphML)")
    ap.add_argument("--no-fast", action="store_true", help="leave out graphkit's fast mode (build --fast)")
    ap.add_argument("--no-peers", action="store_true", help="graphkit's figures only (no KeyBERT or YAKE runs)")
    ap.add_argument(
        "--corpus",
        choices=["dev", "heldout"],
        default="dev",
        help="dev: the 1,283 ICLR papers (default); heldout: 322 papers of other fields from the "
        "bibliographic exports (benchmarks/_heldout.py)",
    )
    ap.add_argument(
        "--score-graph",
        metavar="FILE",
        help="score this GraphML instead of building (a graph any graphkit version built from --write-input); "
        "implies --no-fast, and its seconds are the GraphML's reading",
    )
    ap.add_argument("--write-input", metavar="FILE", help="write the papers, keywords left out, as JSON Lines and stop")
    args = ap.parse_args()
    from graphkit.build import build
    from graphkit.read import paper_from_record

    if args.corpus == "heldout":
        from _heldout import heldout_records

        records = heldout_records()
    else:
        records = [json.loads(line) for line in open(shared("dev", "iclr2017_2018.jsonl"), encoding="utf-8")]
    records = records[: args.limit] if args.limit else records
    if args.write_input:
        with open(args.write_input, "w", encoding="utf-8") as fh:
            for r in records:
                fh.write(json.dumps({k: v for k, v in r.items() if k != "keywords"}) + "\n")
        return
    gold = [r.get("keywords") or [] for r in records]
    papers = [
        paper_from_record({k: v for k, v in r.items() if k != "keywords"}, args.corpus, i)
        for i, r in enumerate(records, start=1)
    ]
    texts = [f"{p.title}. {p.abstract}" if p.title else p.abstract for p in papers]
    results = {}

    t = time.perf_counter()
    if args.score_graph:
        from graphkit.export.graphml import read_graphml

        g = read_graphml(args.score_graph)  # any schema: an older graph reads as the current one
        args.no_fast = True
    else:
        g, _ = build(papers)
    took = time.perf_counter() - t
    preds, links, counted = _predictions(g, papers)
    if args.graph and not args.score_graph:
        from graphkit.export import write_graphml

        write_graphml(g, args.graph)
    concepts = [forms for forms, _ in counted]
    results["graphkit"] = _figures(preds, links, concepts, gold, texts, took, counted)
    similarity = _similarity(concepts)
    from graphkit.evaluate import dissimilar_merges, normalise
    from graphkit.lemmas import lemma_key

    bad = dissimilar_merges(concepts, lemma_key, similarity, texts)
    results["graphkit"]["bad merges"] = len(bad)
    if not args.no_fast:
        from graphkit.extract.static import StaticEmbedder, StaticExtractor

        static = StaticEmbedder()
        fast, fast_concepts = _graphkit(
            lambda: build(papers, extractor=StaticExtractor(static), embedder=static), papers, gold, texts
        )
        fast["bad merges"] = len(dissimilar_merges(fast_concepts, lemma_key, _similarity(fast_concepts), texts))
        results["gk --fast"] = fast

    peers = {} if args.no_peers else _peers(texts, args.reuse_peers)
    for name, (preds, took) in peers.items():
        vocab = _vocab(preds)
        results[name] = _figures(
            preds, [{normalise(f[0]) for f in ps} for ps in preds], [f for f, _ in vocab], gold, texts, took, vocab
        )
        results[name]["bad merges"] = len(dissimilar_merges([f for f, _ in vocab], lemma_key, _similarity([]), texts))
    _print(results, len(papers), "ICLR 2017-2018 papers" if args.corpus == "dev" else "held-out papers (other fields)")
    if args.hubs:
        for name, r in results.items():
            print(f"\n{name}: the {args.hubs} biggest hubs (papers; * = not an author keyword anywhere)")
            misses = {f for f, _ in r.pop("hub misses")}
            print(", ".join(f"{'*' if f in misses else ''}{f} ({n})" for f, n in r.pop("hubs")[: args.hubs]))
        print(f"\ngraphkit: {len(bad)} merges of different lemmas with dissimilar embeddings")
        for forms in bad[: max(40, args.hubs)]:
            print("  " + " | ".join(forms[:8]))
    for r in results.values():
        r.pop("hub misses", None)
        r.pop("hubs", None)
    if args.json:
        print(json.dumps(results))


def _predictions(g, papers):
    """Each paper's concepts as (name + aliases) lists by rank, its linked concept nodes, and
    every concept's forms with its paper count."""
    from graphkit import schema as S

    preds, links = [], []
    for p in papers:
        ms = sorted(
            ((d["rank"], c) for _, c, k, d in g.out_edges(f"paper:{p.id}", keys=True, data=True) if k == "MENTIONS")
        )
        preds.append([[g.nodes[c]["name"], *g.nodes[c]["aliases"]] for _, c in ms])
        links.append({c for _, c in ms})
    counted = [([d["name"], *d["aliases"]], int(d["paper_count"])) for _, d in S.nodes_of(g, S.CONCEPT)]
    return preds, links, counted


def _graphkit(run, papers, gold, texts):
    """(figures, concept forms) of one graphkit build; ``run`` is the build call, timed here."""

    t = time.perf_counter()
    g, _ = run()
    took = time.perf_counter() - t
    preds, links, counted = _predictions(g, papers)
    concepts = [forms for forms, _ in counted]
    return _figures(preds, links, concepts, gold, texts, took, counted), concepts


def _peers(texts, reuse):
    """Plain KeyBERT (all-MiniLM-L6-v2, 1-3 grams, English stop words, top 10, batched) and YAKE (top 10)."""
    import hashlib
    from pathlib import Path

    key = hashlib.sha1("\x00".join(texts).encode("utf-8")).hexdigest()
    if reuse and Path(reuse).exists():
        saved = json.loads(Path(reuse).read_text())
        if saved.get("key") == key:
            return {k: (v[0], v[1]) for k, v in saved["peers"].items()}
    import yake
    from keybert import KeyBERT

    from graphkit.extract.embed import _load_model

    t = time.perf_counter()
    kb = KeyBERT(model=_load_model("cpu")).extract_keywords(
        texts, keyphrase_ngram_range=(1, 3), stop_words="english", top_n=10
    )
    kb_took = time.perf_counter() - t
    t = time.perf_counter()
    ex = yake.KeywordExtractor(lan="en", top=10)
    yk = [ex.extract_keywords(x) for x in texts]
    yk_took = time.perf_counter() - t
    peers = {
        "KeyBERT": ([[[w] for w, _ in kws] for kws in kb], kb_took),
        "YAKE": ([[[w] for w, _ in kws] for kws in yk], yk_took),
    }
    if reuse:
        Path(reuse).write_text(json.dumps({"key": key, "peers": {k: list(v) for k, v in peers.items()}}))
    return peers


def _vocab(preds):
    """A peer's concepts: its distinct phrases (by normal form) with the number of papers
    whose top 10 holds them."""
    from graphkit.evaluate import normalise

    seen, papers = {}, {}
    for ps in preds:
        for n in {normalise(forms[0]) for forms in ps}:
            papers[n] = papers.get(n, 0) + 1
        for forms in ps:
            seen.setdefault(normalise(forms[0]), forms)
    return [(forms, papers[n]) for n, forms in seen.items()]


def _similarity(concepts):
    """Cosine of two forms' all-MiniLM-L6-v2 embeddings (cached on disk like graphkit's), for
    the forms of the merged concepts, embedded in one batch."""
    from graphkit.extract.embed import EmbeddingCache, MiniLMEmbedder, default_cache_path

    forms = sorted({f for c in concepts if len(c) > 1 for f in c})
    emb = MiniLMEmbedder(cache=EmbeddingCache(default_cache_path()))
    vec = dict(zip(forms, emb.embed(forms))) if forms else {}

    def sim(a, b):
        return float(vec[a] @ vec[b])

    return sim


def _figures(preds, links, concepts, gold, texts, seconds, counted):
    from graphkit.evaluate import duplicates, hub_precision, linking, prf_at_k, share_linking

    out = {"seconds": seconds}
    for k in (5, 10):
        s = prf_at_k(preds, gold, k)
        out.update({f"P@{k}": s["p"], f"R@{k}": s["r"], f"F1@{k}": s["f1"]})
    out["concepts/paper"] = sum(len(p) for p in preds) / len(preds)
    out["shared by 2+"] = share_linking(preds)
    out["duplicates"] = duplicates(concepts, texts)
    out["concepts"] = len(concepts)
    lk = linking(links, gold)
    out.update({"link P": lk["p"], "link R": lk["r"], "link F1": lk["f1"]})
    hp = hub_precision(counted, gold)
    out.update(
        {
            "hub precision": hp["precision"],
            "hub misses": hp["misses"],
            "hubs": sorted(((f[0], n) for f, n in counted), key=lambda x: (-x[1], x[0].lower()))[:100],
        }
    )
    return out


def _print(results, n, what):
    """One column per system; the ratio columns and the verdict compare graphkit (default mode) with
    the peers only (graphkit's fast mode is shown beside it, not counted as a peer)."""
    systems = list(results)
    peers = [s for s in systems if not s.startswith(("graphkit", "gk "))]
    gk = results["graphkit"]
    print(f"Concept quality on {n:,} {what} (authors' keywords hidden from every system)")
    print(f"{'metric':<16}" + "".join(f"{s:>12}" for s in systems) + "".join(f"{'gk/' + s:>12}" for s in peers))
    for m in [
        "P@5",
        "R@5",
        "F1@5",
        "P@10",
        "R@10",
        "F1@10",
        "concepts/paper",
        "shared by 2+",
        "concepts",
        "duplicates",
        "link P",
        "link R",
        "link F1",
        "hub precision",
        "bad merges",
        "seconds",
    ]:
        vals = [results[s][m] for s in systems]
        fmt = (lambda v: f"{v:>12,.0f}") if m in ("concepts", "duplicates", "bad merges") else (lambda v: f"{v:>12.3f}")
        ratios = "".join(f"{(gk[m] / results[s][m]) if results[s][m] else float('inf'):>11.2f}x" for s in peers)
        print(f"{m:<16}" + "".join(fmt(v) for v in vals) + ratios)
    if not peers:
        return
    best_peer = max(results[s]["F1@10"] for s in peers)
    print(
        f"F1@10 vs the better peer: {gk['F1@10'] / best_peer:.2f}x (target 1.25x); duplicates: {gk['duplicates']}; "
        f"link F1 above both peers: {all(gk['link F1'] > results[s]['link F1'] for s in peers)}; "
        f"hub precision {gk['hub precision']:.2f} (target 0.85); bad merges: {gk['bad merges']}"
    )


if __name__ == "__main__":
    main()
