"""JSON Lines (one record a line) and JSON (a list of records, one record, or an API page
``{"papers"|"data"|"results": [...]}``). OpenAlex works and Semantic Scholar papers in these
files are recognised record by record and read as such."""

from __future__ import annotations

import json
import re

from ..errors import InputError
from ..model import Paper
from . import lacking_text_error, lacks_text, paper_from_record, register

__all__ = ["read_jsonl", "read_json", "json_records"]


_missing_abstracts = lacking_text_error
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def _check_unicode(value, path: str, line: int) -> None:
    """JSON can spell a lone UTF-16 surrogate ("\\ud800"), which is not a character at all."""
    if isinstance(value, str):
        m = _SURROGATE.search(value)
        if m:
            raise InputError(
                path,
                f"lone surrogate \\u{ord(m.group()):04x} in a JSON string: not a character; fix or remove it",
                line,
            )
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_unicode(k, path, line)
            _check_unicode(v, path, line)
    elif isinstance(value, list):
        for v in value:
            _check_unicode(v, path, line)


def _to_paper(rec, path: str, line: int) -> Paper | None:
    """One record as a Paper (None when it has neither abstract nor title)."""
    from .openalex import is_openalex_work, paper_from_openalex
    from .semanticscholar import is_s2_paper, paper_from_s2

    if is_openalex_work(rec):
        return paper_from_openalex(rec, path, line)
    if is_s2_paper(rec):
        return paper_from_s2(rec, path, line)
    _check_unicode(rec, path, line)
    if isinstance(rec, dict) and lacks_text(rec):
        return None
    return paper_from_record(rec, path, line)


def _papers(path: str, records: list[tuple[int, object]]) -> list[Paper]:
    papers, missing = [], []
    for line, rec in records:
        p = _to_paper(rec, path, line)
        if p is None:
            missing.append(line)
        else:
            papers.append(p)
    if missing:
        raise lacking_text_error(path, missing, len(records))
    return papers


def _jsonl_records(path: str, text: str) -> list[tuple[int, object]]:
    out = []
    for n, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            out.append((n, json.loads(line)))
        except json.JSONDecodeError as e:
            raise InputError(path, f"malformed JSON: {e.msg} (column {e.colno})", n) from None
    return out


def _json_records(path: str, text: str) -> list[tuple[int, object]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(path, f"malformed JSON: {e.msg} (column {e.colno})", e.lineno) from None
    if isinstance(data, dict):
        for key in ("papers", "data", "results"):
            if isinstance(data.get(key), list):
                data = data[key]
                break
        else:
            return [(_first_line(text), data)]
    if not isinstance(data, list):
        raise InputError(path, "expected a list of paper records", 1)
    # Locate each record's line for messages: records start with "{" at nesting depth 1 or 2.
    starts = _record_lines(text, 2 if text.lstrip().startswith("{") else 1)
    return [(starts[i] if i < len(starts) else 1, rec) for i, rec in enumerate(data)]


def _first_line(text: str) -> int:
    """The line of the first non-blank character."""
    return text[: len(text) - len(text.lstrip())].count("\n") + 1


def json_records(path: str, text: str) -> list[tuple[int, object]]:
    """(line, record) of every record of a JSON or JSON Lines text, whatever its shape."""
    stripped = text.strip()
    first = stripped.split("\n", 1)[0].strip()
    if stripped.startswith("{") and first.endswith("}") and "\n" in stripped:
        try:
            json.loads(first)
            return _jsonl_records(path, text)
        except json.JSONDecodeError:
            pass
    return _json_records(path, text)


def _first_record_line(text: str) -> str:
    return text.lstrip().split("\n", 1)[0].strip()


def _specific(text: str) -> bool:
    """OpenAlex works and Semantic Scholar papers have readers of their own."""
    from .openalex import looks_like_openalex
    from .semanticscholar import looks_like_semanticscholar

    return looks_like_openalex(text) or looks_like_semanticscholar(text)


def looks_like_jsonl(text: str) -> bool:
    """The first line is one whole JSON object (a record, not a ``{"papers": [...]}`` wrapper)."""
    first = _first_record_line(text)
    if not (first.startswith("{") and first.endswith("}")) or _specific(text):
        return False
    try:
        rec = json.loads(first)
    except json.JSONDecodeError:
        return False
    return isinstance(rec, dict) and not any(k in rec for k in ("papers", "data", "results"))


def looks_like_json(text: str) -> bool:
    """A list of objects, or one object spread over several lines."""
    if _specific(text):
        return False
    if re.match(r"\s*\[\s*[{\]]", text):
        return True
    return bool(re.match(r'\s*\{\s*"', text)) and not looks_like_jsonl(text)


@register("jsonl", extensions=(".jsonl", ".ndjson"), sniff=looks_like_jsonl)
def read_jsonl(path: str, text: str) -> list[Paper]:
    return _papers(path, _jsonl_records(path, text))


@register("json", extensions=(".json",), sniff=looks_like_json)
def read_json(path: str, text: str) -> list[Paper]:
    return _papers(path, _json_records(path, text))


def _record_lines(text: str, depth_of_records: int = 1) -> list[int]:
    """Line numbers where the records of the top-level list begin (best effort, string-aware)."""
    lines, depth, line, in_str, esc = [], 0, 1, False, False
    for ch in text:
        if ch == "\n":
            line += 1
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
            continue
        if ch == '"':
            in_str = True
        elif ch in "[{":
            if depth == depth_of_records and ch == "{":
                lines.append(line)
            depth += 1
        elif ch in "]}":
            depth -= 1
    return lines
