"""Readers: files -> :class:`~graphkit.model.Paper` records.

A registry of readers, each one module of this package that registers itself::

    @register("ris", extensions=(".ris",), sniff=looks_like_ris)
    def read_ris(path: str, text: str) -> list[Paper]: ...

Modules here are discovered automatically, so a new reader is one new module (copy
``jsonfile.py``) and its tests; the CLI's ``--format`` choices come from :func:`formats`.
With no format given, a file's format is detected: the content sniffers of specific formats
first, then the file's extension, then the plain-text fallback (``read_papers`` returns what
it detected).
"""

from __future__ import annotations

import gzip
import hashlib
import importlib
import os
import pkgutil
import sys
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from ..biblio import normalise_doi
from ..errors import InputError
from ..io import STDIN, check_input
from ..model import Paper
from ..text import CONTROL_CHARS

__all__ = [
    "MAX_ABSTRACT_CHARS",
    "ReaderSpec",
    "register",
    "readers",
    "formats",
    "detect_format",
    "read_file",
    "read_papers",
    "paper_from_record",
    "check_abstract",
    "content_id",
    "lacks_text",
    "keywords_suffice",
    "lacking_text_error",
]

#: How standard input (``-``) is named in messages.
STDIN_NAME = "<stdin>"

#: An abstract longer than this is almost certainly a whole paper or a broken file.
MAX_ABSTRACT_CHARS = 20_000

#: The format read when nothing more specific fits: abstracts separated by blank lines.
FALLBACK = "text"

_CONTROL = CONTROL_CHARS

#: Set by ``read_papers(keywords_suffice=True)`` (``build --concepts keywords``): a record with
#: authors' keywords and no abstract is read instead of refused.
_KEYWORDS_SUFFICE: ContextVar[bool] = ContextVar("keywords_suffice", default=False)

Reader = Callable[[str, str], Iterable[Paper]]
Sniff = Callable[[str], bool]


@dataclass(frozen=True)
class ReaderSpec:
    """One registered reader: its name (the ``--format`` value), extensions and content sniff."""

    name: str
    read: Reader
    extensions: tuple[str, ...] = ()
    sniff: Sniff | None = None


_READERS: dict[str, ReaderSpec] = {}


def register(name: str, *, extensions: Iterable[str] = (), sniff: Sniff | None = None):
    """Register ``read(path, text) -> list[Paper]`` as the reader of format ``name``.

    ``extensions`` (with the dot, e.g. ``".ris"``; may be empty) name files of this format;
    ``sniff(text) -> bool`` (optional) recognises its content and should only say yes to
    content no other format could have.
    """

    def deco(fn: Reader) -> Reader:
        if name in _READERS and _READERS[name].read is not fn:
            raise ValueError(f"two readers registered for format {name!r}")
        _READERS[name] = ReaderSpec(name, fn, tuple(e.lower() for e in extensions), sniff)
        return fn

    return deco


def readers() -> dict[str, ReaderSpec]:
    """Every registered reader by name, in registration order."""
    return dict(_READERS)


def formats() -> list[str]:
    """The names of the registered formats (the CLI's ``--format`` choices)."""
    return list(_READERS)


def load_text(path: str | os.PathLike) -> str:
    """Read a file as UTF-8 (gzip-compressed too); undecodable bytes name their line."""
    if str(path) == STDIN:
        return _decode(Path(STDIN_NAME), sys.stdin.buffer.read())
    p = Path(path)
    try:
        check_input(p)
        data = p.read_bytes()
    except FileNotFoundError:
        raise InputError(p, "no such file") from None
    except IsADirectoryError:
        raise InputError(p, "is a directory, not a file") from None
    except OSError as e:
        raise InputError(p, f"cannot read: {e.strerror}") from None
    return _decode(p, data)


def _decode(p: Path, data: bytes) -> str:
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as e:
            raise InputError(p, f"broken gzip data: {e}") from None
    if not data.strip():
        raise InputError(p, "file is empty")
    data = _utf16_as_utf8(p, data)
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise InputError(p, "contains NUL bytes: this looks like a binary file, not text", line)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise InputError(
            p, f"is not valid UTF-8 (byte 0x{data[e.start]:02x} at offset {e.start}); save it as UTF-8", line
        ) from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    # Control characters are invalid in XML (GraphML) and invisible anywhere else.
    return _CONTROL.sub(" ", text)


def _utf16_as_utf8(p: Path, data: bytes) -> bytes:
    """UTF-16 text (a byte-order mark, or every other byte NUL in ASCII text) re-encoded as UTF-8."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        enc = "utf-16"
    elif len(data) >= 4 and data[1::2][:200].count(0) > 0.9 * len(data[1::2][:200]) and 0 not in data[0:200:2]:
        enc = "utf-16-le"
    elif len(data) >= 4 and data[0::2][:200].count(0) > 0.9 * len(data[0::2][:200]) and 0 not in data[1:200:2]:
        enc = "utf-16-be"
    else:
        return data
    try:
        return data.decode(enc).encode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count("\n".encode(enc)) + 1
        raise InputError(p, f"is not valid UTF-16 ({e.reason}); save it as UTF-8", line) from None


def detect_format(path: str | os.PathLike, text: str) -> str:
    """The format of a file: a content sniffer first, then the extension, then plain text."""
    for spec in _READERS.values():
        if spec.sniff is not None and spec.sniff(text):
            return spec.name
    name = str(path).lower()
    if name.endswith(".gz"):
        name = name[:-3]
    for spec in _READERS.values():
        if any(name.endswith(ext) for ext in spec.extensions):
            return spec.name
    if FALLBACK in _READERS and ("\n\n" in text.strip() or len(text) > 100):
        return FALLBACK
    raise InputError(path, f"cannot tell the format; pass --format {'|'.join(_READERS)}")


def _spec(fmt: str) -> ReaderSpec:
    try:
        return _READERS[str(fmt)]
    except KeyError:
        raise InputError(fmt, f"no such input format; choose one of: {', '.join(_READERS)}") from None


def read_file(path: str | os.PathLike, fmt: str | None = None) -> tuple[list[Paper], str]:
    """Read one file; returns its papers and the name of the format used."""
    spec = _spec(fmt) if fmt else None
    text = load_text(path)
    name = STDIN_NAME if str(path) == STDIN else str(path)
    spec = spec or _READERS[detect_format(name, text)]
    papers = list(spec.read(name, text))
    if not papers:
        raise InputError(name, f"no papers found (read as {spec.name})")
    return papers, spec.name


def read_papers(
    paths: Iterable[str | os.PathLike],
    fmt: str | None = None,
    *,
    keywords_suffice: bool = False,
) -> tuple[list[Paper], dict[str, str]]:
    """Read many files into one corpus.

    Ids must be unique within a file, and a file given twice is refused; the same work from
    two files or sources (same id, DOI, or normalised title and year) becomes one paper with
    every source's fields (see :mod:`graphkit.corpus`). ``keywords_suffice``: a record may
    have authors' keywords instead of an abstract or title (for a keyword map).
    """
    if isinstance(paths, (str, bytes, os.PathLike)):  # one file, not its name's letters one by one
        paths = [paths]
    token = _KEYWORDS_SUFFICE.set(keywords_suffice)
    try:
        return _read_all(paths, fmt)
    finally:
        _KEYWORDS_SUFFICE.reset(token)


def _read_all(paths, fmt) -> tuple[list[Paper], dict[str, str]]:
    from ..corpus import merge_papers

    batches: list[list[Paper]] = []
    formats: dict[str, str] = {}
    given: dict[str, str] = {}
    first_of: dict[str, Paper] = {}  # real path -> its first record
    for path in paths:
        key = STDIN if str(path) == STDIN else os.path.realpath(path)
        if key in given:
            also = "" if given[key] == str(path) else f" (also as {given[key]})"
            raise InputError(STDIN_NAME if key == STDIN else path, f"is given twice{also}; name each file once")
        given[key] = str(path)
        batch, used = read_file(path, fmt)
        formats[str(path)] = used
        seen: dict[str, str] = {}
        again = first_of.get(os.path.realpath(path))
        for p in batch[:1] if again else batch:
            first = again.source if again else seen.get(p.id)
            if first:
                file, _, line = p.source.rpartition(":")
                raise InputError(
                    file, f"duplicate paper id {p.id!r} (first seen at {first})", int(line) if line.isdigit() else None
                )
            seen[p.id] = p.source
        first_of[os.path.realpath(path)] = batch[0]
        batches.append(batch)
    return merge_papers(batches), formats


def content_id(abstract: str) -> str:
    """A stable id for a record without one: a hash of its whitespace-normalised abstract."""
    norm = " ".join(abstract.split())
    return "p" + hashlib.sha1(norm.encode("utf-8")).hexdigest()[:12]


def _blank(value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip()) or value == []


def keywords_suffice() -> bool:
    """Whether this read accepts records with keywords and no abstract."""
    return _KEYWORDS_SUFFICE.get()


def lacks_text(rec: dict) -> bool:
    """A record that cannot take part: neither abstract nor title, or, where keywords suffice,
    not even keywords."""
    if not _blank(rec.get("abstract")) or not _blank(rec.get("title")):
        return False
    return not (_KEYWORDS_SUFFICE.get() and not _blank(rec.get("keywords")))


def lacking_text_error(path: str, lines: list[int], total: int) -> InputError:
    """The one error for the records :func:`lacks_text` refuses, naming their lines."""
    shown = ", ".join(str(n) for n in lines[:10]) + (", ..." if len(lines) > 10 else "")
    what = "neither abstract, title nor keywords" if _KEYWORDS_SUFFICE.get() else "neither abstract nor title"
    return InputError(path, f"{len(lines)} of {total} records have {what}: lines {shown}", lines[0])


def _as_list(value, path, line, field_name) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [_CONTROL.sub(" ", v).strip() for v in value.split(";") if v.strip()]
    if isinstance(value, list):
        out = []
        for v in value:
            if isinstance(v, dict):  # {"name": ...} author objects
                v = v.get("name") or v.get("id") or ""
            if not isinstance(v, (str, int)):
                raise InputError(path, f"field {field_name!r} must be a list of strings", line)
            if str(v).strip():
                out.append(_CONTROL.sub(" ", str(v)).strip())
        return out
    raise InputError(path, f"field {field_name!r} must be a list of strings", line)


def _as_year(value, path, line) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise InputError(path, f"year must be a number, got {value!r}", line)
    if isinstance(value, int):
        year = value
    elif isinstance(value, float) and value.is_integer():
        year = int(value)
    elif isinstance(value, str) and value.strip().isdigit():
        year = int(value.strip())
    else:
        raise InputError(path, f"year must be a number, got {value!r}", line)
    if not 1000 <= year <= 2999:  # as the bibliographic formats' years (graphkit.biblio.year_of)
        raise InputError(path, f"year {str(year)[:20]} is no year of a publication (1000-2999)", line)
    return year


def _as_str(value, path, line, field_name) -> str:
    if value is None:
        return ""
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        return _CONTROL.sub(" ", str(value)).strip()
    raise InputError(path, f"field {field_name!r} must be a string", line)


def paper_from_record(rec: dict, path: str, line: int) -> Paper:
    """Map one input record (docs/DESIGN.md) to a Paper, validating each field.

    A record needs an abstract or a title; one without an abstract takes part in the
    citation graph and simply has no concepts.
    """
    if not isinstance(rec, dict):
        raise InputError(path, f"expected a JSON object, got {type(rec).__name__}", line)
    abstract = rec.get("abstract")
    keywords = _as_list(rec.get("keywords"), path, line, "keywords")
    if abstract is None:
        abstract = ""
    if not isinstance(abstract, str):
        raise InputError(path, "field 'abstract' must be a string", line)
    title = _as_str(rec.get("title"), path, line, "title")
    if not abstract.strip() and not title and not (_KEYWORDS_SUFFICE.get() and keywords):
        raise InputError(path, "record has neither abstract nor title", line)
    check_abstract(abstract, path, line)
    year = _as_year(rec.get("year"), path, line)
    written_doi = _as_str(rec.get("doi"), path, line, "doi")
    doi = normalise_doi(written_doi)
    if written_doi and not doi:  # it had been dropped without a word
        raise InputError(path, f"doi {written_doi[:60]!r} is no DOI (10.<registrant>/<suffix>)", line)
    pid = _as_str(rec.get("id"), path, line, "id") or content_id(
        abstract if abstract.strip() else "\n".join([title, str(year), *keywords])
    )
    return Paper(
        id=pid,
        abstract=_CONTROL.sub(" ", abstract).strip(),
        title=title,
        doi=doi,
        sources=[f"{path}:{line}"],
        year=year,
        venue=_as_str(rec.get("venue"), path, line, "venue"),
        url=_as_str(rec.get("url"), path, line, "url"),
        authors=_as_list(rec.get("authors"), path, line, "authors"),
        keywords=keywords,
        references=_as_list(rec.get("references"), path, line, "references"),
        source=f"{path}:{line}",
    )


def check_abstract(abstract: str, path: str, line: int) -> None:
    if len(abstract) > MAX_ABSTRACT_CHARS:
        raise InputError(
            path,
            f"abstract is {len(abstract):,} characters, over the limit of {MAX_ABSTRACT_CHARS:,}; "
            "is this a whole paper or a broken file?",
            line,
        )


def _discover() -> None:
    """Import every module of this package, so each reader registers itself."""
    for mod in pkgutil.iter_modules(__path__):
        if not mod.name.startswith("_"):
            importlib.import_module(f"{__name__}.{mod.name}")


_discover()
