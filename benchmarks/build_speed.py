"""Build time: the 38 sample abstracts and the 1,283 ICLR dev papers, cold (no embedding
cache) and warm (cached embeddings), beside plain KeyBERT over the same papers.

    make bench-build            # or: python benchmarks/build_speed.py [--skip-cold]
"""

from __future__ import annotations

import argparse
import glob
import json
import tempfile
import time

from _common import ROOT, rss_mb, shared


def run(paths, cache_dir):
    from graphkit.build import build
    from graphkit.extract import EmbeddingCache, KeyBERTExtractor, MiniLMEmbedder
    from graphkit.read import read_papers

    t = time.perf_counter()
    papers, _ = read_papers(paths)
    embedder = MiniLMEmbedder(cache=EmbeddingCache(f"{cache_dir}/emb.sqlite") if cache_dir else None)
    g, linked = build(papers, extractor=KeyBERTExtractor(embedder=embedder))
    return time.perf_counter() - t, len(papers), g


def plain_keybert(paths):
    from keybert import KeyBERT

    from graphkit.extract.embed import _load_model
    from graphkit.read import read_papers

    papers, _ = read_papers(paths)
    docs = [p.abstract for p in papers]
    t = time.perf_counter()
    KeyBERT(model=_load_model("cpu")).extract_keywords(
        docs, keyphrase_ngram_range=(1, 3), stop_words="english", top_n=10
    )
    return time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--skip-cold", action="store_true")
    args = ap.parse_args()
    from graphkit.extract.embed import _load_model

    t = time.perf_counter()
    _load_model("cpu")
    load = time.perf_counter() - t
    sets = {
        "samples (38)": sorted(glob.glob(str(ROOT / "examples" / "iclr2026" / "*.txt"))),
        "dev (1,283)": [str(shared("dev", "iclr2017_2018.jsonl"))],
    }
    print(f"model load: {load:.1f} s")
    print(f"{'corpus':<14} {'graphkit cold':>14} {'graphkit warm':>14} {'plain KeyBERT':>14} {'nodes':>8} {'edges':>8}")
    rows = {}
    for name, paths in sets.items():
        with tempfile.TemporaryDirectory() as cache:
            cold = None if args.skip_cold else run(paths, cache)[0]
            if args.skip_cold:
                run(paths, cache)
            warm, n, g = run(paths, cache)
        kb = plain_keybert(paths)
        rows[name] = {
            "cold_s": cold,
            "warm_s": warm,
            "plain_keybert_s": kb,
            "nodes": g.number_of_nodes(),
            "edges": g.number_of_edges(),
        }
        c = f"{cold:.1f} s" if cold is not None else "-"
        print(f"{name:<14} {c:>14} {warm:>12.1f} s {kb:>12.1f} s {g.number_of_nodes():>8,} {g.number_of_edges():>8,}")
    print(f"peak RSS: {rss_mb():,.0f} MB")
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
