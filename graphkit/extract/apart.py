"""The model's work in a process of its own, which ends when the work is done.

A process that has run the model keeps what torch and the model took, whatever it frees: the
libraries (importing KeyBERT, with sentence-transformers and torch, is 0.85 GB resident), the
model and the heap its passes left. Measured on 10,000 scale abstracts: a cold build peaked at
2.59 GB, a warm one (no model) at 0.93 GB; at 79,345, 5.98 GB against 3.44 GB. With the model's
passes in a child, the build itself holds what a warm build holds, and the child's memory is
the system's again once it exits.

The child is ``python -m graphkit.extract.apart BUILD_PID``. It reads one pickled request on stdin and
writes one pickled answer on stdout (what the libraries print goes to stderr, with the progress
bars): ``("encode", texts, label, options)`` answers the model's vectors of the texts, as
:meth:`MiniLMEmbedder._encode` gives them; ``("store", texts, label, options)`` puts them in
the embedding cache named in ``options``, a batch at a time, and answers their number;
``("extract", texts, phrases, vocab, top_n, options)``
embeds the texts and phrases into the embedding cache and answers KeyBERT's choice for each
text, as :meth:`KeyBERTExtractor.extract` makes it in one process.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

from ..errors import GraphkitError, MissingDependency
from ..memory import give_back_freed_memory

__all__ = ["run_apart"]


#: Vectors a ``store`` request puts in the cache at once (12 MB as float32). A commit per batch of
#: the model (256 phrases) made 79,345 abstracts' 82,359 concept names take 159 s, against 49 s so
#: (alone on the machine, into a copy of that build's 1.2 GB cache).
STORE_ROWS = 8192


def run_apart(request: tuple) -> Any:
    """Run one request in a new child process and return its answer; the child has ended when
    this returns. A child that fails raises here as it would have raised in this process
    (:class:`MissingDependency`, else :class:`GraphkitError` with the child's one-line reason)."""
    root = str(Path(__file__).resolve().parents[2])  # the directory graphkit is imported from
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    give_back_freed_memory()  # what this process freed is the child's to use, while both are resident
    child = subprocess.Popen(
        [sys.executable, "-m", "graphkit.extract.apart", str(os.getpid())],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
    )
    assert child.stdin is not None and child.stdout is not None
    try:
        try:
            pickle.dump(request, child.stdin, protocol=pickle.HIGHEST_PROTOCOL)
            child.stdin.close()
        except BrokenPipeError:
            pass  # the child ended early: its answer (or none) says why
        try:
            status, answer = pickle.load(child.stdout)
        except (EOFError, pickle.UnpicklingError):
            status, answer = "died", None
    except BaseException:  # interrupted: the child goes too
        child.kill()
        child.wait()
        raise
    code = child.wait()
    if status == "ok":
        return answer
    if status == "missing":
        raise MissingDependency(answer)
    if status == "error":
        raise GraphkitError(f"the embedding model's process failed: {answer}")
    raise GraphkitError(f"the embedding model's process ended without an answer (exit status {code})")


def _answer(request: tuple) -> Any:
    import numpy as np

    from .embed import EmbeddingCache, MiniLMEmbedder, _round_as_stored

    kind, *args = request
    if kind == "encode":
        texts, label, options = args
        return MiniLMEmbedder(**options)._encode(texts, label)
    if kind == "store":
        texts, label, options = args
        cache = EmbeddingCache(options.pop("cache"))
        embedder = MiniLMEmbedder(**options)
        keys = [EmbeddingCache.key(embedder.model_id, t) for t in texts]
        held: list[tuple[bytes, np.ndarray]] = []

        def put(rows: list[int], vecs: np.ndarray) -> None:
            _round_as_stored(vecs)
            held.extend(zip([keys[r] for r in rows], vecs))
            if len(held) >= STORE_ROWS:
                cache.put_many(held)
                held.clear()

        embedder._encode_into(texts, label, put)
        cache.put_many(held)
        cache.close()
        return len(texts)
    if kind == "extract":
        texts, phrases, vocab, top_n, label, options = args
        from . import embed_and_rank

        cache = options.pop("cache")
        embedder = MiniLMEmbedder(cache=EmbeddingCache(cache), **options)
        return embed_and_rank(texts, dict(zip(texts, phrases)), vocab, embedder, top_n, label)[2]
    raise ValueError(f"unknown request {kind!r}")


def _end_with(parent: int) -> None:
    """End this process once ``parent`` has (killed, it cannot wait for an answer), rather than
    run on alone for the rest of a long pass; at once if it has already."""
    import threading
    import time

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def main() -> int:
    _end_with(int(sys.argv[1]) if len(sys.argv) > 1 else os.getppid())  # the build, which may have ended already
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # whatever a library prints goes to stderr
    try:
        request = pickle.load(sys.stdin.buffer)
        reply: tuple = ("ok", _answer(request))
    except KeyboardInterrupt:  # Ctrl-C reaches the whole process group: the parent reports it
        return 130
    except MissingDependency as e:
        reply = ("missing", str(e))
    except Exception as e:  # one line for the parent to raise; the traceback would be noise there
        reply = ("error", f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    pickle.dump(reply, out, protocol=pickle.HIGHEST_PROTOCOL)
    out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
