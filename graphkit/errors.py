"""The one small tree of errors graphkit raises for things a user can fix.

Only the CLI turns these into one-line messages; library callers catch them like any
other exception.
"""

from __future__ import annotations

__all__ = [
    "GraphkitError",
    "InputError",
    "GraphFileError",
    "ConceptNotFound",
    "PaperNotFound",
    "StoreError",
    "ClusterError",
    "MissingDependency",
    "UsageError",
    "GraphkitWarning",
]


class GraphkitError(Exception):
    """Base class: something the user can fix. ``str(err)`` is one line."""


class InputError(GraphkitError):
    """A paper file could not be read: names the file and, where known, the line."""

    def __init__(self, path, message: str, line: int | None = None):
        self.path = str(path)
        self.line = line
        self.reason = message
        where = f"{self.path}:{line}" if line is not None else self.path
        super().__init__(f"{where}: {message}")


class GraphFileError(GraphkitError):
    """A graph file (GraphML) is missing, malformed or not a graphkit graph."""


class ConceptNotFound(GraphkitError):
    """No concept has that name or alias."""

    def __init__(self, name: str, suggestions: list[str] | None = None):
        self.name = name
        self.suggestions = suggestions or []
        hint = f" Did you mean: {', '.join(self.suggestions)}?" if self.suggestions else ""
        super().__init__(f"no concept named {name!r}.{hint}")


class PaperNotFound(GraphkitError):
    """No paper has that id or DOI."""

    def __init__(self, key: str):
        self.key = key
        super().__init__(f"no paper with id or DOI {key!r}")


class StoreError(GraphkitError):
    """The Neo4j server is unreachable, refused the credentials, or rejected a query."""


class ClusterError(GraphkitError):
    """The Dask scheduler of a distributed build is unreachable, or the cluster failed the build."""


class MissingDependency(GraphkitError):
    """An optional component is not installed; the message says what to install."""


class UsageError(GraphkitError):
    """A command was given a combination of options that cannot work (the CLI exits with 2)."""


class GraphkitWarning(UserWarning):
    """Something was worked around (an unusable cache, say); the CLI shows it as one line."""
