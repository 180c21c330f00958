"""A binary sidecar next to a GraphML file, so commands on a built graph skip the XML parse.

``graph.graphml`` gets ``graph.graphml.gkc``: the parsed graph pickled, keyed by a hash of
the GraphML's bytes (any edit to the GraphML makes the sidecar stale, and it is rebuilt on
the next read) and signed with a key kept in graphkit's cache folder, so a sidecar that
this user's graphkit did not write is never unpickled. Deleting it is always safe.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import itertools
import os
import pickle
import secrets
from pathlib import Path

import networkx as nx

__all__ = ["SUFFIX", "sidecar_path", "load_graph", "save_sidecar", "file_digest"]

SUFFIX = ".gkc"
MAGIC = b"graphkit-sidecar-3\n"  # 3: parts are nodes with their out-edges (2's parts differed)
#: Nodes (with their out-edges) per pickled part: pickle's memo (an entry per object pickled)
#: lives for one part, not the whole graph (pickling the 79,345-abstract graph whole took
#: 0.77 GB of memo).
PART = 20_000
#: Graphs with at most this many edges are pickled whole, which loads fastest (the dev set's
#: 47,895 edges: 0.35 s against 0.51 s in parts); bigger ones in parts.
WHOLE = 1_000_000
_DIGEST = 32


def sidecar_path(graphml: str | os.PathLike) -> Path:
    return Path(f"{os.fspath(graphml)}{SUFFIX}")


def file_digest(path: str | os.PathLike) -> bytes:
    h = hashlib.blake2b(digest_size=_DIGEST)
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            h.update(chunk)
    return h.digest()


def _key() -> bytes:
    """This user's signing key (32 random bytes in a 0600 file beside the embedding cache)."""
    from .extract.embed import default_cache_path

    path = default_cache_path().parent / "sidecar.key"
    try:
        return path.read_bytes()
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".sidecar.key.{os.getpid()}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(secrets.token_bytes(32))
        os.replace(tmp, path)  # two writers racing: either key wins, both sidecars just get rewritten
        return path.read_bytes()


def _sign(key: bytes, digest: bytes, payload) -> bytes:
    h = hashlib.blake2b(digest, key=key, digest_size=_DIGEST)
    h.update(payload)
    return h.digest()


def save_sidecar(g: nx.MultiDiGraph, graphml: str | os.PathLike, digest: bytes | None = None) -> Path | None:
    """Write the sidecar of ``graphml`` (already written). Returns None when its folder is not writable:
    the sidecar only saves time, so a read-only folder costs a slower next read, not an error."""
    from .errors import GraphkitError
    from .io import atomic_write

    digest = digest or file_digest(graphml)
    key = _key()

    def write(fh) -> None:  # pickled straight into the file, signed on the way, the signature then put before it
        fh.write(MAGIC + digest + bytes(_DIGEST))
        signer = _Signing(fh, hashlib.blake2b(digest, key=key, digest_size=_DIGEST))
        for part in [g] if g.number_of_edges() <= WHOLE else _parts(g):
            pickle.dump(part, signer, protocol=pickle.HIGHEST_PROTOCOL)
        fh.seek(len(MAGIC) + _DIGEST)
        fh.write(signer.hash.digest())

    try:
        return atomic_write(sidecar_path(graphml), write)
    except GraphkitError:
        return None


def _parts(g: nx.MultiDiGraph):
    """The graph as a sequence of picklable parts: its attributes, then its nodes and their
    out-edges ({target: {key: attributes}}) :data:`PART` nodes at a time, then None."""
    yield g.graph
    nodes = iter(g.nodes(data=True))
    while chunk := list(itertools.islice(nodes, PART)):
        yield [(n, d, g._succ[n]) for n, d in chunk]
    yield None


def _graph(payload) -> nx.MultiDiGraph:
    """The graph pickled whole, or from its parts (see :func:`_parts`): NetworkX's structures
    filled as parsing the GraphML fills them (the same order of nodes, out- and in-edges),
    without copying every edge's attributes as add_edges_from does."""
    stream = io.BytesIO(payload)
    head = pickle.load(stream)
    if isinstance(head, nx.MultiDiGraph):
        return head  # pickled whole
    g = nx.MultiDiGraph()
    g.graph.update(head)
    node, succ, pred = g._node, g._succ, g._pred
    parts = []
    while (part := pickle.load(stream)) is not None:
        parts.append(part)
        for n, d, out in part:
            node[n], succ[n], pred[n] = d, out, {}
    for part in parts:
        for n, _, out in part:
            for v, keys in out.items():
                pred[v][n] = keys
    return g


class _Signing:
    """A file that hashes what is written to it (so a big graph is never pickled into memory first)."""

    def __init__(self, fh, h):
        self.fh, self.hash = fh, h

    def write(self, b) -> int:
        self.hash.update(b)
        return self.fh.write(b)


def _from_sidecar(graphml: Path, digest: bytes) -> nx.MultiDiGraph | None:
    try:
        raw = sidecar_path(graphml).read_bytes()
    except OSError:
        return None
    head = len(MAGIC) + 2 * _DIGEST
    if len(raw) < head or not raw.startswith(MAGIC):
        return None
    stored, sig = raw[len(MAGIC) : len(MAGIC) + _DIGEST], raw[len(MAGIC) + _DIGEST : head]
    payload = memoryview(raw)[head:]
    if stored != digest or not hmac.compare_digest(sig, _sign(_key(), digest, payload)):
        return None
    try:
        return _graph(payload)
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError, IndexError, KeyError):
        return None  # this user's, but of a shape this graphkit does not read: parse the GraphML


def load_graph(graphml: str | os.PathLike) -> nx.MultiDiGraph:
    """The graph in ``graphml``: from its sidecar when that matches the file's bytes, else parsed.
    Reading never writes: ``build`` writes the sidecar with the GraphML."""
    from .export import read_graphml

    path = Path(graphml)
    if not path.is_file():  # missing, a folder, a FIFO or a device: the reader's one-line error (never block)
        return read_graphml(os.fspath(graphml))
    try:
        digest = file_digest(path)
    except OSError:
        return read_graphml(os.fspath(graphml))  # raises the one-line error for a missing or unreadable file
    g = _from_sidecar(path, digest)
    if g is None:  # no sidecar, a stale one or a foreign one: parse; reading never writes (only build does)
        g = read_graphml(os.fspath(graphml))
    return g
