"""Results as text for a terminal: the concepts table, the papers list, query rows."""

from __future__ import annotations

import csv
import io
import json

__all__ = ["as_json", "concepts_table", "papers_text", "format_rows", "citations_text", "flow_text"]


def as_json(rows) -> str:
    """JSON for scripts; a list of records as an array with one record a line (json's C encoder
    writes each: indenting the whole went through its Python encoder, 5 s for 273k concepts)."""
    if isinstance(rows, list) and rows and all(isinstance(r, dict) for r in rows):
        return "[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n]\n"
    return json.dumps(rows, ensure_ascii=False, indent=1) + "\n"


def concepts_table(rows: list[dict]) -> str:
    """papers, kind, concept and aliases in aligned columns (names wider than 48 overflow)."""
    width = min(max([len(r["name"]) for r in rows] + [7]), 48)
    lines = [f"{'papers':>6}  {'kind':<8} {'concept':<{width}}  aliases"]
    lines += [
        f"{r['paper_count']:>6}  {r['kind']:<8} {r['name']:<{width}}  {', '.join(r['aliases'])}".rstrip() for r in rows
    ]
    return "\n".join(lines) + "\n"


def papers_text(rows: list[dict]) -> str:
    """One line per paper (score, id, title, year), its evidence sentence indented below."""
    out = []
    for r in rows:
        year = f" ({r['year']})" if r.get("year") else ""
        out.append(f"{r['score']:.3f}  {r['id']}  {r['title']}{year}")
        if r["evidence"]:
            out.append(f"       {r['evidence']}")
    return "".join(line + "\n" for line in out)


def _cell(v) -> str:
    if v is None:
        return ""
    if isinstance(v, (list, dict)):
        return json.dumps(v, ensure_ascii=False)
    return str(v)


def format_rows(columns: list[str], rows: list[dict], fmt: str = "table") -> str:
    """Rows as an aligned table, JSON or CSV text."""
    if fmt == "json":
        return as_json(rows)
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(columns)
        for r in rows:
            w.writerow([_cell(r.get(c)) for c in columns])
        return buf.getvalue()
    table = [[_cell(r.get(c)) for c in columns] for r in rows]
    widths = [min(60, max([len(c)] + [len(row[i]) for row in table])) for i, c in enumerate(columns)]

    def line(values):
        return "  ".join(v[:60].ljust(w) for v, w in zip(values, widths)).rstrip() + "\n"

    out = line(columns) + line(["-" * w for w in widths])
    out += "".join(line(row) for row in table)
    out += f"({len(rows)} row{'s' if len(rows) != 1 else ''})\n"
    return out


def citations_text(rows: list[dict]) -> str:
    """Papers of a citation list: times cited inside the graph, id, title (year), [external]."""
    out = []
    for r in rows:
        year = f" ({r['year']})" if r.get("year") else ""
        ext = " [external]" if r.get("external") else ""
        out.append(f"{r['cited_by']:>5}  {r['id']}  {r['title']}{year}{ext}\n")
    return "".join(out)


def flow_text(flow: dict) -> str:
    """A concept's flow: its earliest papers, then each adopter with the earlier papers it cites."""
    out = [f"{flow['concept']}: first mentioned in {flow['first_year'] or 'an unknown year'}\n"]
    out += [f"  {r['id']}  {r['title']}\n" for r in flow["earliest"]]
    out.append(f"Adopted while citing an earlier or same-year paper with it: {len(flow['adopters']):,} papers\n")
    out += [f"  {r['year'] or '----'}  {r['id']}  {r['title']}  <- {', '.join(r['cites'])}\n" for r in flow["adopters"]]
    return "".join(out)
