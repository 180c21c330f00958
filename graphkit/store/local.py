"""The project's local Neo4j 5.26 server (see neo4j/ and scripts/neo4j.sh), started from Python.

Used by the tests and the benchmarks; ``make neo4j`` runs the same server in the foreground.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

from ..errors import StoreError

__all__ = ["free_port", "local_neo4j"]

_REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _classpath() -> str:
    cp = os.environ.get("GRAPHKIT_NEO4J_CLASSPATH")
    if cp:
        return cp
    script = _REPO / "scripts" / "neo4j.sh"
    if not script.exists():
        raise StoreError("the local Neo4j needs a graphkit checkout (scripts/neo4j.sh) or GRAPHKIT_NEO4J_CLASSPATH")
    return subprocess.run(["bash", str(script), "classpath"], capture_output=True, text=True, check=True).stdout.strip()


@contextmanager
def local_neo4j(home: str | os.PathLike, *, password: str, port: int | None = None, heap: str = "1g",
                timeout: float = 180):
    """Start Neo4j on 127.0.0.1 with its database under ``home``; yields uri, user, password, port.

    The server is stopped (and waited for) when the block ends.
    """
    port = port or free_port()
    home = Path(home)
    home.mkdir(parents=True, exist_ok=True)
    log = open(home / "server.log", "w+")
    proc = subprocess.Popen(["java", f"-Xmx{heap}", "-cp", _classpath(), "GraphkitNeo4j", str(home / "db"), str(port)],
                            stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "NEO4J_PASSWORD": password})
    try:
        deadline = time.time() + timeout
        while True:
            log.seek(0)
            if "READY" in log.read():
                break
            if proc.poll() is not None or time.time() > deadline:
                log.seek(0)
                raise StoreError(f"Neo4j did not start (exit {proc.poll()}): {log.read()[-2000:]}")
            time.sleep(0.5)
        yield {"uri": f"bolt://127.0.0.1:{port}", "user": "neo4j", "password": password, "port": port}
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
