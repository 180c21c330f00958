"""The project's local Neo4j 5.26 server (see neo4j-server/ and scripts/neo4j.sh), started from Python.

Used by the tests and the benchmarks; ``make neo4j`` runs the same server in the foreground.
Started without a password, the server generates one, prints it once and keeps it in
:func:`password_file` (mode 0600), where the CLI finds it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

from ..errors import StoreError

__all__ = ["free_port", "local_neo4j", "password_file", "saved_password", "admin_import"]

_REPO = Path(__file__).resolve().parents[2]


def password_file() -> Path:
    """Where the local server keeps the password it generated (see neo4j-server/GraphkitNeo4j.java)."""
    given = os.environ.get("GRAPHKIT_NEO4J_PASSWORD_FILE")
    if given:
        return Path(given)
    config = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(config) / "graphkit" / "neo4j-password"


def saved_password() -> str | None:
    """The local server's generated password, or None when it has not generated one."""
    try:
        return password_file().read_text(encoding="utf-8").strip() or None
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as e:
        raise StoreError(f"{password_file()}: cannot read the local Neo4j password ({e.strerror})") from None


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
def local_neo4j(
    home: str | os.PathLike, *, password: str | None, port: int | None = None, heap: str = "1g", timeout: float = 180
):
    """Start Neo4j on 127.0.0.1 with its database under ``home``; yields uri, user, password, port.

    The server is stopped (and waited for) when the block ends. With ``password=None`` the
    server uses (or generates) the one kept in :func:`password_file`.
    """
    port = port or free_port()
    home = Path(home)
    home.mkdir(parents=True, exist_ok=True)
    log = open(home / "server.log", "w+")
    proc = subprocess.Popen(
        ["java", f"-Xmx{heap}", "-cp", _classpath(), "GraphkitNeo4j", str(home / "db"), str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=_server_env(password),
    )
    try:
        deadline = time.time() + timeout
        while True:
            log.seek(0)
            if "READY" in log.read():
                break
            if proc.poll() is not None or time.time() > deadline:
                log.seek(0)
                raise StoreError(
                    f"the local Neo4j in {home} did not start: {_failure(log.read(), proc.poll())}; "
                    f"its log: {home / 'server.log'}"
                )
            time.sleep(0.5)
        yield {
            "uri": f"bolt://127.0.0.1:{port}",
            "user": "neo4j",
            "password": password or saved_password(),
            "port": port,
        }
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def _server_env(password: str | None) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "NEO4J_PASSWORD"}
    if password is not None:
        env["NEO4J_PASSWORD"] = password
    return env


def _failure(log: str, code: int | None) -> str:
    """One line from the server's log: its ERROR line, else the last line (never a Java stack)."""
    lines = [ln.strip() for ln in log.splitlines() if ln.strip() and not ln.lstrip().startswith("at ")]
    errors = [ln[len("ERROR ") :] for ln in lines if ln.startswith("ERROR ")]
    reason = errors[-1] if errors else (lines[-1] if lines else "no output")
    return f"{reason[:300]} (exit {code})" if code is not None else f"{reason[:300]} (not ready in time)"


def admin_import(files, home: str | os.PathLike, *, database: str = "neo4j", heap: str = "1g") -> str:
    """Run ``neo4j-admin database import full`` (org.neo4j.cli.AdminTool, from the same Maven
    jars as the server) on :class:`~graphkit.store.neo4j_admin.ImportFiles`, into the store
    that :func:`local_neo4j` with this ``home`` then serves. Returns the tool's output."""
    db_home = Path(home) / "db"
    conf = db_home / "conf"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "neo4j.conf").touch()
    args = files.command(database)[1:]
    proc = subprocess.run(
        ["java", f"-Xmx{heap}", "-cp", _classpath(), "org.neo4j.cli.AdminTool", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "NEO4J_HOME": str(db_home), "NEO4J_CONF": str(conf)},
        cwd=db_home,  # the tool writes its import.report into the working directory
    )
    if proc.returncode != 0:
        raise StoreError(f"neo4j-admin import failed (exit {proc.returncode}): {(proc.stdout + proc.stderr)[-2000:]}")
    return proc.stdout
