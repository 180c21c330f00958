"""JSON Lines (one record a line) and JSON (a list of records, or one record)."""

from __future__ import annotations

import json
import re

from ..errors import InputError
from ..model import Paper
from . import lacking_text_error, lacks_text, paper_from_record, register

__all__ = ["read_jsonl", "read_json"]


_missing_abstracts = lacking_text_error
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def _check_unicode(value, path: str, line: int) -> None:
    """JSON can spell a lone UTF-16 surrogate ("\\ud800"), which is not a character at all."""
    if isinstance(value, str):
        m = _SURROGATE.search(value)
        if m:
            raise InputError(path, f"lone surrogate \\u{ord(m.group()):04x} in a JSON string: not a character; "
                             "fix or remove it", line)
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_unicode(k, path, line)
            _check_unicode(v, path, line)
    elif isinstance(value, list):
        for v in value:
            _check_unicode(v, path, line)




def _first_line(text: str) -> str:
    stripped = text.lstrip()
    return stripped.split("\n", 1)[0].strip()


def looks_like_jsonl(text: str) -> bool:
    """The first line is one whole JSON object (a record, not a ``{"papers": [...]}`` wrapper)."""
    first = _first_line(text)
    if not (first.startswith("{") and first.endswith("}")):
        return False
    try:
        rec = json.loads(first)
    except json.JSONDecodeError:
        return False
    return isinstance(rec, dict) and "papers" not in rec and "data" not in rec


def looks_like_json(text: str) -> bool:
    """A list of objects, or one object spread over several lines."""
    if re.match(r"\s*\[\s*[{\]]", text):
        return True
    return bool(re.match(r'\s*\{\s*"', text)) and not looks_like_jsonl(text)


@register("jsonl", extensions=(".jsonl", ".ndjson"), sniff=looks_like_jsonl)
def read_jsonl(path: str, text: str) -> list[Paper]:
    papers, missing, total = [], [], 0
    for n, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        total += 1
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            raise InputError(path, f"malformed JSON: {e.msg} (column {e.colno})", n) from None
        _check_unicode(rec, path, n)
        if isinstance(rec, dict) and lacks_text(rec):
            missing.append(n)
            continue
        papers.append(paper_from_record(rec, path, n))
    if missing:
        raise _missing_abstracts(path, missing, total)
    return papers


@register("json", extensions=(".json",), sniff=looks_like_json)
def read_json(path: str, text: str) -> list[Paper]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(path, f"malformed JSON: {e.msg} (column {e.colno})", e.lineno) from None
    if isinstance(data, dict):
        data = data.get("papers", data.get("data", [data])) if ("papers" in data or "data" in data) else [data]
    if not isinstance(data, list):
        raise InputError(path, "expected a list of paper records", 1)
    # Locate each record's line for messages: records start with "{" at nesting depth 1.
    starts = _record_lines(text)
    papers, missing = [], []
    for i, rec in enumerate(data):
        line = starts[i] if i < len(starts) else 1
        _check_unicode(rec, path, line)
        if isinstance(rec, dict) and lacks_text(rec):
            missing.append(line)
            continue
        papers.append(paper_from_record(rec, path, line))
    if missing:
        raise _missing_abstracts(path, missing, len(data))
    return papers


def _record_lines(text: str) -> list[int]:
    """Line numbers where the top-level list's elements begin (best effort, string-aware)."""
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
            if depth == 1 and ch == "{":
                lines.append(line)
            depth += 1
        elif ch in "]}":
            depth -= 1
    return lines
