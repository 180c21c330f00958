"""The graphkit command line: click only; every command is a thin call into the library."""

from __future__ import annotations

import functools
import sys

import click

from . import api
from .errors import GraphkitError, UsageError

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def _fail_cleanly(fn):
    """Library errors become one-line messages (exit 1), never tracebacks."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except UsageError as e:
            raise click.UsageError(str(e)) from None
        except GraphkitError as e:
            raise click.ClickException(str(e)) from None
        except BrokenPipeError:  # `graphkit concepts | head`: the reader has all it wanted
            api.stdout_closed()
            sys.exit(0)

    return wrapper


def _done(message: str, *outputs) -> None:
    """A command's closing line; on stderr when an output went to standard output."""
    click.echo(message, err=any(str(o) == "-" for o in outputs if o is not None))


def graph_option(fn):
    return click.option(
        "--graph", "graph_path", required=True, type=click.Path(), help="A graph built by 'graphkit build' (GraphML)."
    )(fn)


def json_option(fn):
    fn = click.option("--csv", "as_csv", is_flag=True, help="Print CSV (a header row; lists as JSON arrays).")(fn)
    return click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")(fn)


def _rows_out(rows: list[dict], columns: list[str], as_json: bool, as_csv: bool, text) -> str:
    if as_json and as_csv:
        raise UsageError("give --json or --csv, not both")
    if as_json:
        return api.as_json(rows)
    if as_csv:
        return api.format_rows(columns, rows, "csv")
    return text(rows)


CONCEPT_COLUMNS = ["name", "kind", "paper_count", "first_year", "source", "aliases", "key"]
PAPER_COLUMNS = ["id", "title", "year", "score", "rank", "evidence"]


def neo4j_options(fn):
    """--uri/--user/--password/--database, also read from NEO4J_* variables. The password is never echoed."""
    fn = click.option(
        "--database",
        envvar="NEO4J_DATABASE",
        default=None,
        help="Database name [env NEO4J_DATABASE; default: the server's default].",
    )(fn)
    fn = click.option(
        "--password",
        envvar="NEO4J_PASSWORD",
        default=None,
        show_default=False,
        help="Password [env NEO4J_PASSWORD; default: the one the local server generated].",
    )(fn)
    fn = click.option("--user", envvar="NEO4J_USER", default="neo4j", show_default=True, help="User [env NEO4J_USER].")(
        fn
    )
    fn = click.option(
        "--uri",
        envvar="NEO4J_URI",
        default="bolt://127.0.0.1:7687",
        show_default=True,
        help="Bolt URI of the server [env NEO4J_URI].",
    )(fn)
    return fn


def _store_options(uri, user, password, database) -> dict:
    return {"uri": uri, "user": user, "password": password, "database": database}


_NO_ARGS = getattr(click.exceptions, "NoArgsIsHelpError", ())  # Click 8.2+


class _OneLineErrors(click.Group):
    """Click's usage errors in one line, as graphkit's own are: "Error: Missing option '--output'
    / '-o'. (see 'graphkit view --help')" instead of Click's usage, hint, blank line and error."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode: bool = True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except _NO_ARGS as e:  # `graphkit` alone: the help, as Click shows it
            e.show()
            sys.exit(e.exit_code)
        except click.UsageError as e:
            where = f" (see '{e.ctx.command_path} --help')" if e.ctx is not None else ""
            click.echo(f"Error: {e.format_message()}{where}", err=True)
            sys.exit(e.exit_code)
        except click.ClickException as e:
            e.show()
            sys.exit(e.exit_code)
        except click.exceptions.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)


@click.group(cls=_OneLineErrors, context_settings=CONTEXT)
@click.version_option(package_name="graphkit")
def cli():
    """graphkit: turn scientific abstracts into a knowledge graph of papers, concepts,
    authors and citations, then explore it (HTML pages, Neo4j, GraphML).

    \b
    Typical use:
      graphkit build examples/iclr2026/*.txt --output exports/iclr2026.graphml
      graphkit concepts --graph exports/iclr2026.graphml --top 20
      graphkit view --graph exports/iclr2026.graphml SAM2 --output exports/sam2.html
    """
    api.warnings_as_lines(lambda text: click.echo(text, err=True))


def _n(count: int, noun: str) -> str:
    """``count`` and ``noun``, plural unless one: "1 paper", "1,283 papers"."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


@cli.command(context_settings=CONTEXT)
@click.argument("inputs", nargs=-1, required=True, type=click.Path())
@click.option(
    "--output",
    "-o",
    required=True,
    type=click.Path(),
    help="Where to write the graph (GraphML); - for standard output.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(api.input_formats()),
    help="Input format; detected from each file's name and content when omitted.",
)
@click.option(
    "--html",
    "html_path",
    type=click.Path(),
    help="Also write an offline HTML page of the concept graph: drawn whole up to 3,000 papers and "
    "concepts, above that as the map of the 3,000 concepts with most papers.",
)
@click.option(
    "--thesaurus",
    type=click.Path(),
    help="A TSV of 'label<TAB>replace by' rows applied to concepts (empty 'replace by' removes).",
)
@click.option(
    "--min-cooccurrence",
    type=click.IntRange(min=1),
    help="Fewest shared papers for a CO_OCCURS edge [default: 1 below 1,000 papers, else 2, "
    "raised until at most 1,000,000 pairs reach it].",
)
@click.option(
    "--concepts",
    type=click.Choice(["extracted", "keywords", "both"]),
    default="extracted",
    show_default=True,
    help="Where concepts come from: extracted from titles and abstracts; the authors' 'keywords' "
    "(no model; records need keywords, not abstracts); or both, a keyword joining the extracted "
    "concept of the same meaning.",
)
@click.option(
    "--no-external",
    is_flag=True,
    help="Drop references to works outside the corpus (by default they become Paper nodes marked external).",
)
@click.option(
    "--min-cocitation",
    type=click.IntRange(min=1),
    default=2,
    show_default=True,
    help="Fewest papers citing both works for a CO_CITED edge.",
)
@click.option(
    "--min-coupling",
    type=click.IntRange(min=1),
    default=2,
    show_default=True,
    help="Fewest shared references for a COUPLED edge.",
)
@click.option(
    "--min-coauthorship",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Fewest joint papers for a CO_AUTHORED edge.",
)
@click.option(
    "--min-citations",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Fewest citations a work needs to take part in co-citation.",
)
@click.option("--no-cache", is_flag=True, help="Do not read or write the embedding cache.")
@click.option(
    "--fast",
    is_flag=True,
    help="Static embeddings distilled from MiniLM instead of MiniLM itself: many times faster, "
    "somewhat lower concept quality; needs no torch (see README, 'Fast mode').",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bars.")
@click.option(
    "--cluster",
    metavar="ADDRESS",
    help="Build on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786); "
    "needs graphkit[cluster]. The same graph as without it.",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    help="Build on a local Dask cluster of N worker processes started for this run (needs graphkit[cluster]).",
)
@click.option(
    "--worker-memory",
    default="4GiB",
    show_default=True,
    help="Memory limit of each local worker (with --workers).",
)
@_fail_cleanly
def build(
    inputs,
    output,
    fmt,
    html_path,
    thesaurus,
    min_cooccurrence,
    concepts,
    no_external,
    min_cocitation,
    min_coupling,
    min_coauthorship,
    min_citations,
    no_cache,
    fast,
    quiet,
    cluster,
    workers,
    worker_memory,
):
    """Read papers from INPUTS, extract and link concepts, resolve references, and write the graph.

    INPUTS are plain text (abstracts separated by blank lines, under an optional heading
    line), JSON Lines, JSON or CSV files with an 'abstract' column, and bibliographic
    exports: BibTeX (Web of Science, Scopus), RIS, Web of Science plain text, Scopus CSV,
    OpenAlex works and Semantic Scholar papers; .gz is read too; - reads standard input.
    The same work in several files is one paper. Records without an abstract join the
    citation graph only.
    """
    result = api.build_files(
        list(inputs),
        output,
        fmt=fmt,
        html_path=html_path,
        thesaurus_path=thesaurus,
        min_cooccurrence=min_cooccurrence,
        external=not no_external,
        min_cocitation=min_cocitation,
        min_coupling=min_coupling,
        min_coauthorship=min_coauthorship,
        min_citations=min_citations,
        cache=not no_cache,
        progress=not quiet,
        concepts=concepts,
        fast=fast,
        cluster=cluster,
        workers=workers,
        worker_memory=worker_memory,
    )
    formats = ", ".join(sorted(set(result.formats.values())))
    files = len(result.formats)
    outs = (output, html_path)
    _done(f"Read {_n(result.papers, 'paper')} from {_n(files, 'file')} ({formats}).", *outs)
    _done(
        f"Found {_n(result.concepts, 'concept')} ({result.shared:,} shared by 2+ papers) in "
        f"{_n(result.mentions, 'mention')}.",
        *outs,
    )
    if result.cites or result.coauthored:
        _done(
            f"Citations: {result.cites:,} ({_n(result.external, 'work')} outside the corpus); "
            f"{result.cocited:,} co-cited and {result.coupled:,} coupled pairs, "
            f"{result.coauthored:,} co-author pairs.",
            *outs,
        )
    _done(f"Graph: {_n(result.nodes, 'node')}, {_n(result.edges, 'edge')}.", *outs)
    _done(f"Wrote {'standard output' if output == '-' else result.output}", *outs)
    if result.html:
        _done(f"Wrote {'standard output' if html_path == '-' else result.html}", *outs)


@cli.command(context_settings=CONTEXT)
@graph_option
@click.option("--top", type=click.IntRange(min=1), help="Only the N concepts with most papers.")
@json_option
@click.option(
    "--thesaurus-out",
    type=click.Path(),
    help="Write the merges graphkit made as a thesaurus TSV for review and editing (- for standard "
    "output, which then holds the thesaurus alone).",
)
@click.option(
    "--flow",
    metavar="NAME",
    help="The flow of concept NAME along citations: its earliest papers and the papers that "
    "adopted it while citing an earlier or same-year paper with it.",
)
@_fail_cleanly
def concepts(graph_path, top, as_json, as_csv, thesaurus_out, flow):
    """List concepts with their paper counts, kind and aliases (a table, --json or --csv; or,
    with --flow, one concept's flow along citations)."""
    if as_json and as_csv:
        raise UsageError("give --json or --csv, not both")
    api.check_outputs({"--thesaurus-out": thesaurus_out}, inputs=[graph_path])
    if flow is not None:
        result = api.concept_flow(api.graph_for(graph_path, "flow", flow), flow)
        click.echo(api.as_json(result) if as_json else api.flow_text(result), nl=False)
        if not result["citing"]:  # the same on the store's small graph as on the whole one
            click.echo(
                "(none of its papers cites any work: a flow needs records with references, e.g. WoS or Scopus exports)",
                err=True,
            )
        return
    if thesaurus_out:
        g = api.graph_for(graph_path, "concepts")
        rows = api.concepts(g, top=top)
        n = api.write_thesaurus(g, thesaurus_out)
        if thesaurus_out == "-":  # standard output holds the thesaurus alone, to be piped
            click.echo(f"Wrote {n:,} merges", err=True)
            return
        click.echo(f"Wrote {n:,} merges to {thesaurus_out}", err=True)
    else:
        rows = api.concepts_in(graph_path, top=top)
    click.echo(_rows_out(rows, CONCEPT_COLUMNS, as_json, as_csv, api.concepts_table), nl=False)


@cli.command(context_settings=CONTEXT)
@graph_option
@click.argument("concept", required=False)
@click.option("--cites", "cites", metavar="ID", help="Instead: the papers that cite paper ID (an id or DOI).")
@click.option("--cited-by", "cited_by", metavar="ID", help="Instead: the works paper ID cites.")
@click.option(
    "--most-cited",
    "most_cited",
    type=click.IntRange(min=1),
    metavar="N",
    help="Instead: the N works the graph's papers cite most (in the corpus or outside it).",
)
@json_option
@_fail_cleanly
def papers(graph_path, concept, cites, cited_by, most_cited, as_json, as_csv):
    """The papers that mention CONCEPT (a name or alias), most relevant first (text, --json or
    --csv); or, with --cites / --cited-by, a paper's citations, and with --most-cited the works
    cited most (times cited inside the graph first)."""
    if as_json and as_csv:
        raise UsageError("give --json or --csv, not both")
    if sum(x is not None for x in (concept, cites, cited_by, most_cited)) != 1:
        raise UsageError("give one of CONCEPT, --cites ID, --cited-by ID or --most-cited N")
    if most_cited is not None:
        rows = api.most_cited(api.graph_for(graph_path, "most_cited", most_cited), most_cited)
        click.echo(api.as_json(rows) if as_json else api.citations_text(rows), nl=False)
        if not rows:
            click.echo("No paper in the graph cites another work.", err=True)
        return
    if cites is not None or cited_by is not None:
        g = api.graph_for(graph_path, "citations", cites if cites is not None else cited_by)
        rows = api.citing(g, cites) if cites is not None else api.cited_by(g, cited_by)
        click.echo(api.as_json(rows) if as_json else api.citations_text(rows), nl=False)
        if not rows:  # an empty answer says so, on standard error (standard output stays parseable)
            click.echo(
                f"No paper in the graph cites {cites}."
                if cites is not None
                else f"{cited_by} cites no work in the graph.",
                err=True,
            )
        return
    rows = api.papers(api.graph_for(graph_path, "papers", concept), concept)
    click.echo(_rows_out(rows, PAPER_COLUMNS, as_json, as_csv, api.papers_text), nl=False)


@cli.command(context_settings=CONTEXT)
@click.option("--graph", "graph_path", type=click.Path(), help="A graph built by 'graphkit build'.")
@click.option("--neo4j", "use_neo4j", is_flag=True, help="Read the neighbourhood from Neo4j instead of a file.")
@click.argument("concept", required=False)
@click.option(
    "--paper",
    "paper",
    metavar="ID",
    help="Instead: paper ID's citation neighbourhood (what it cites, what cites it, its co-cited and "
    "coupled papers, authors and concepts).",
)
@click.option(
    "--depth", type=click.IntRange(1, 3), default=1, show_default=True, help="How many steps out from the concept."
)
@click.option("--output", "-o", required=True, type=click.Path(), help="The HTML page to write; - for standard output.")
@neo4j_options
@_fail_cleanly
def view(graph_path, use_neo4j, concept, paper, depth, output, uri, user, password, database):
    """Write an offline HTML page of CONCEPT's neighbourhood: the papers that mention it,
    the concepts they share and the concepts that co-occur with it (or, with --paper, a
    paper's citation neighbourhood)."""
    api.check_outputs({"--output": output}, inputs=[graph_path] if graph_path else [])
    if (concept is None) == (paper is None):
        raise UsageError("give either CONCEPT or --paper ID")
    if paper is not None:
        g = api.graph_from(
            graph_path,
            store="neo4j" if use_neo4j else None,
            store_options=_store_options(uri, user, password, database),
            paper=paper,
        )
        sub, node = api.view_paper(g, paper, output)
        _done(
            f"Wrote {output} ({sub.number_of_nodes():,} nodes, {sub.number_of_edges():,} edges around "
            f"paper {sub.nodes[node]['id']!r})",
            output,
        )
        return
    g = api.graph_from(
        graph_path,
        store="neo4j" if use_neo4j else None,
        store_options=_store_options(uri, user, password, database),
        concept=concept,
        depth=depth,
    )
    sub, node = api.view(g, concept, output, depth=depth)
    _done(
        f"Wrote {output} ({sub.number_of_nodes():,} nodes, {sub.number_of_edges():,} edges around "
        f"{sub.nodes[node]['name']!r})",
        output,
    )


@cli.command(context_settings=CONTEXT)
@click.option("--graph", "graph_path", type=click.Path(), help="A graph built by 'graphkit build'.")
@click.option("--neo4j", "use_neo4j", is_flag=True, help="Export the graph stored in Neo4j instead of a file.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(api.export_formats()),
    help="The file format [default: from the output's extension, else graphml].",
)
@click.option(
    "--output",
    "-o",
    required=True,
    type=click.Path(),
    help="The file to write (.graphml or .xml, .gexf, .json, .cyjs or .cy.json, .net; - for standard output); for vosviewer and csv the "
    "name the two files share: NAME_map.txt + NAME_network.txt, NAME.nodes.csv + NAME.edges.csv.",
)
@click.option(
    "--items",
    type=click.Choice(["concepts", "papers", "authors"]),
    help="vosviewer and pajek only: the items of the map [default: concepts].",
)
@click.option(
    "--links",
    type=click.Choice(["citation", "coupling", "co-citation"]),
    help="With --items papers: what links two papers, as VOSviewer offers it [default: citation].",
)
@neo4j_options
@_fail_cleanly
def export(graph_path, use_neo4j, fmt, output, items, links, uri, user, password, database):
    """Export the graph as GraphML (Gephi, Cytoscape, yEd), GEXF, node-link JSON, Cytoscape.js
    JSON, CSV node and edge tables, or, for one item type (concepts, papers or authors),
    VOSviewer map and network files or Pajek .net."""
    api.check_outputs({"--output": output}, inputs=[graph_path] if graph_path else [])
    fmt = api.export_format(output, fmt)
    if items and fmt not in ("vosviewer", "pajek"):
        raise UsageError(f"--items is for the vosviewer and pajek formats, not {fmt}")
    if links and items != "papers":
        raise UsageError("--links is for a map of papers (--items papers)")
    g = api.graph_from(
        graph_path, store="neo4j" if use_neo4j else None, store_options=_store_options(uri, user, password, database)
    )
    api.export(g, output, fmt, **({"items": items} if items else {}), **({"links": links} if links else {}))
    files = " and ".join(str(p) for p in api.export_paths(output, fmt))
    if fmt in ("vosviewer", "pajek"):  # a map of one item type: its items, not the whole graph
        n_items, n_links = api.item_counts(g, items or "concepts", links)
        size = f"{_n(n_items, 'item')} ({items or 'concepts'}), {_n(n_links, 'link')}"
    else:
        size = f"{_n(g.number_of_nodes(), 'node')}, {_n(g.number_of_edges(), 'edge')}"
    _done(f"Wrote {files} ({size}, {fmt})", output)


@cli.command(context_settings=CONTEXT)
@graph_option
@click.option("--output", "-o", required=True, type=click.Path(), help="The folder to write.")
@click.option(
    "--min-papers",
    type=click.IntRange(min=1),
    default=3,
    show_default=True,
    help="A concept gets its own page when this many papers mention it.",
)
@click.option(
    "--max-pages",
    type=click.IntRange(min=0),
    default=500,
    show_default=True,
    help="At most this many concept pages (most papers first).",
)
@click.option(
    "--map-nodes",
    type=click.IntRange(min=1),
    default=1500,
    show_default=True,
    help="Concepts on the whole-corpus map (most papers first).",
)
@click.option(
    "--map-min-weight",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Co-occurrence edges on the map: all those of at least this many papers.",
)
@click.option("--title", default="graphkit", show_default=True, help="The site's title.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@_fail_cleanly
def site(graph_path, output, min_papers, max_pages, map_nodes, map_min_weight, title, quiet):
    """Write a static offline site: an index (search, top concepts, clusters, trends), a concept
    map of the whole corpus, and a neighbourhood page per concept, linked to each other."""
    api.check_site_output(output)
    report = api.site(
        api.load_graph(graph_path),
        output,
        min_papers=min_papers,
        max_pages=max_pages,
        map_nodes=map_nodes,
        map_min_weight=map_min_weight,
        title=title,
        progress=not quiet,
    )
    click.echo(
        f"Wrote {report.folder}/index.html: {_n(report.concept_pages, 'concept page')}, a map of "
        f"{_n(report.map_nodes, 'concept')} and {_n(report.map_edges, 'edge')}, {_n(report.clusters, 'cluster')}."
    )


@cli.group(context_settings=CONTEXT)
def neo4j():
    """Store graphs in Neo4j (start a local server with: make neo4j)."""


@neo4j.command("import-files", context_settings=CONTEXT)
@graph_option
@click.option(
    "--output",
    "-o",
    required=True,
    type=click.Path(file_okay=False),
    help="Folder to write the CSV files into (replaced whole: a folder that exists may hold only earlier import files).",
)
@click.option("--database", default="neo4j", show_default=True, help="Database name in the printed command.")
@_fail_cleanly
def neo4j_import_files(graph_path, output, database):
    """Write the graph as neo4j-admin import files (CSV with headers) and print the import command.

    For a new database of millions of nodes, far faster than 'neo4j load'; run the printed
    command with the server stopped, then the constraints of cypher/schema.cypher.
    """
    files = api.neo4j_import_files(api.load_graph(graph_path), output)
    for what, (path, n) in {**files.nodes, **files.relationships}.items():
        click.echo(f"Wrote {path} ({n:,} {what})", err=True)
    click.echo(files.command_line(database))


@neo4j.command("load", context_settings=CONTEXT)
@graph_option
@click.option(
    "--batch-size", type=click.IntRange(min=1), default=2000, show_default=True, help="Rows per UNWIND transaction."
)
@click.option(
    "--sync",
    is_flag=True,
    help="Make the database equal the graph: also delete, in batches, the nodes and relationships "
    "a rebuild dropped or renamed (use after every rebuild).",
)
@click.option(
    "--replace",
    is_flag=True,
    help="Delete everything in the database first (needed to load a graph of another schema version).",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@neo4j_options
@_fail_cleanly
def neo4j_load(graph_path, batch_size, sync, replace, quiet, uri, user, password, database):
    """Load a graph: constraints first, then batched UNWIND ... MERGE. Idempotent: loading
    the same graph again creates nothing; a grown graph adds only what is new. Without
    --sync nothing is deleted, so after a rebuild that renamed or dropped concepts the old
    ones stay: load with --sync. The database records the graph's schema version and build
    id (a :GraphkitMeta node) and refuses a graph of another schema version."""
    g = api.load_graph(graph_path)
    report = api.store_load(
        g,
        store="neo4j",
        replace=replace,
        sync=sync,
        progress=not quiet,
        batch_size=batch_size,
        **_store_options(uri, user, password, database),
    )
    deleted = (
        (
            f"; deleted {report.nodes_deleted:,} nodes and {report.relationships_deleted:,} relationships "
            "the graph no longer has"
        )
        if sync
        else ""
    )
    click.echo(
        f"Loaded {g.number_of_nodes():,} nodes and {g.number_of_edges():,} relationships into {uri}: "
        f"created {report.nodes_created:,} nodes and {report.relationships_created:,} relationships"
        f"{deleted}."
    )


@cli.command(context_settings=CONTEXT)
@click.argument("query")
@click.option(
    "-p",
    "--param",
    "params",
    nargs=2,
    multiple=True,
    metavar="NAME VALUE",
    help="A query parameter (repeatable); library queries convert it to the declared type.",
)
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table", show_default=True)
@click.option("--write", is_flag=True, help="Allow the query to write (it runs read-only otherwise).")
@neo4j_options
@_fail_cleanly
def query(query, params, fmt, write, uri, user, password, database):
    """Run Cypher against Neo4j: a library query by name (see cypher/), a .cypher file,
    '-' for standard input, or the query text itself.

    \b
      graphkit query top-concepts -p limit 5
      graphkit query concept-neighbourhood -p name SAM2 --format json
      graphkit query "MATCH (c:Concept) RETURN count(c) AS concepts"
    """
    columns, rows = api.query(
        query,
        dict(params),
        write=write,
        store="neo4j",
        stdin=sys.stdin,
        **_store_options(uri, user, password, database),
    )
    click.echo(api.format_rows(columns, rows, fmt), nl=False)


def main(argv=None):
    return cli.main(args=argv, prog_name="graphkit")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
