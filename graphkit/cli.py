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

    return wrapper


def graph_option(fn):
    return click.option("--graph", "graph_path", required=True, type=click.Path(dir_okay=False),
                        help="A graph built by 'graphkit build' (GraphML).")(fn)


def json_option(fn):
    return click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")(fn)


def neo4j_options(fn):
    """--uri/--user/--password/--database, also read from NEO4J_* variables. The password is never echoed."""
    fn = click.option("--database", envvar="NEO4J_DATABASE", default=None,
                      help="Database name [env NEO4J_DATABASE; default: the server's default].")(fn)
    fn = click.option("--password", envvar="NEO4J_PASSWORD", default="graphkit-local", show_default=False,
                      help="Password [env NEO4J_PASSWORD; default: the local server's].")(fn)
    fn = click.option("--user", envvar="NEO4J_USER", default="neo4j", show_default=True, help="User [env NEO4J_USER].")(fn)
    fn = click.option("--uri", envvar="NEO4J_URI", default="bolt://127.0.0.1:7687", show_default=True,
                      help="Bolt URI of the server [env NEO4J_URI].")(fn)
    return fn


def _store_options(uri, user, password, database) -> dict:
    return {"uri": uri, "user": user, "password": password, "database": database}


@click.group(context_settings=CONTEXT)
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


@cli.command(context_settings=CONTEXT)
@click.argument("inputs", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--output", "-o", required=True, type=click.Path(dir_okay=False),
              help="Where to write the graph (GraphML).")
@click.option("--format", "fmt", type=click.Choice(api.input_formats()),
              help="Input format; detected from each file's name and content when omitted.")
@click.option("--html", "html_path", type=click.Path(dir_okay=False),
              help="Also write an offline HTML page of the whole concept graph.")
@click.option("--thesaurus", type=click.Path(dir_okay=False),
              help="A TSV of 'label<TAB>replace by' rows applied to concepts (empty 'replace by' removes).")
@click.option("--min-cooccurrence", type=click.IntRange(min=1),
              help="Fewest shared papers for a CO_OCCURS edge [default: 1 below 1,000 papers, else 2].")
@click.option("--no-external", is_flag=True,
              help="Drop references to works outside the corpus (by default they become Paper nodes marked external).")
@click.option("--min-cocitation", type=click.IntRange(min=1), default=2, show_default=True,
              help="Fewest papers citing both works for a CO_CITED edge.")
@click.option("--min-coupling", type=click.IntRange(min=1), default=2, show_default=True,
              help="Fewest shared references for a COUPLED edge.")
@click.option("--min-coauthorship", type=click.IntRange(min=1), default=1, show_default=True,
              help="Fewest joint papers for a CO_AUTHORED edge.")
@click.option("--min-citations", type=click.IntRange(min=1), default=1, show_default=True,
              help="Fewest citations a work needs to take part in co-citation.")
@click.option("--no-cache", is_flag=True, help="Do not read or write the embedding cache.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bars.")
@_fail_cleanly
def build(inputs, output, fmt, html_path, thesaurus, min_cooccurrence, no_external, min_cocitation, min_coupling,
          min_coauthorship, min_citations, no_cache, quiet):
    """Read papers from INPUTS, extract and link concepts, resolve references, and write the graph.

    INPUTS are plain text (abstracts separated by blank lines, under an optional heading
    line), JSON Lines, JSON or CSV files with an 'abstract' column, and bibliographic
    exports: BibTeX (Web of Science, Scopus), RIS, Web of Science plain text, Scopus CSV,
    OpenAlex works and Semantic Scholar papers; .gz is read too. The same work in several
    files is one paper. Records without an abstract join the citation graph only.
    """
    result = api.build_files(list(inputs), output, fmt=fmt, html_path=html_path, thesaurus_path=thesaurus,
                             min_cooccurrence=min_cooccurrence, external=not no_external,
                             min_cocitation=min_cocitation, min_coupling=min_coupling,
                             min_coauthorship=min_coauthorship, min_citations=min_citations, cache=not no_cache,
                             progress=not quiet)
    formats = ", ".join(sorted(set(result.formats.values())))
    files = len(result.formats)
    click.echo(f"Read {result.papers:,} papers from {files} file{'s' if files != 1 else ''} ({formats}).")
    click.echo(f"Found {result.concepts:,} concepts ({result.shared:,} shared by 2+ papers) "
               f"in {result.mentions:,} mentions.")
    if result.cites or result.coauthored:
        click.echo(f"Citations: {result.cites:,} ({result.external:,} works outside the corpus); "
                   f"{result.cocited:,} co-cited and {result.coupled:,} coupled pairs, "
                   f"{result.coauthored:,} co-author pairs.")
    click.echo(f"Graph: {result.nodes:,} nodes, {result.edges:,} edges.")
    click.echo(f"Wrote {result.output}")
    if result.html:
        click.echo(f"Wrote {result.html}")


@cli.command(context_settings=CONTEXT)
@graph_option
@click.option("--top", type=click.IntRange(min=1), help="Only the N concepts with most papers.")
@json_option
@click.option("--thesaurus-out", type=click.Path(dir_okay=False),
              help="Write the merges graphkit made as a thesaurus TSV for review and editing.")
@click.option("--flow", metavar="NAME",
              help="The flow of concept NAME along citations: its earliest papers and the papers that "
                   "adopted it while citing them.")
@_fail_cleanly
def concepts(graph_path, top, as_json, thesaurus_out, flow):
    """List concepts with their paper counts, kind and aliases (or, with --flow, one concept's flow)."""
    g = api.load_graph(graph_path)
    if flow is not None:
        result = api.concept_flow(g, flow)
        click.echo(api.as_json(result) if as_json else api.flow_text(result), nl=False)
        return
    rows = api.concepts(g, top=top)
    if thesaurus_out:
        n = api.write_thesaurus(g, thesaurus_out)
        click.echo(f"Wrote {n:,} merges to {thesaurus_out}", err=True)
    click.echo(api.as_json(rows) if as_json else api.concepts_table(rows), nl=False)


@cli.command(context_settings=CONTEXT)
@graph_option
@click.argument("concept", required=False)
@click.option("--cites", "cites", metavar="ID", help="Instead: the papers that cite paper ID (an id or DOI).")
@click.option("--cited-by", "cited_by", metavar="ID", help="Instead: the works paper ID cites.")
@json_option
@_fail_cleanly
def papers(graph_path, concept, cites, cited_by, as_json):
    """The papers that mention CONCEPT (a name or alias), most relevant first; or, with
    --cites / --cited-by, a paper's citations (times cited inside the graph first)."""
    if sum(x is not None for x in (concept, cites, cited_by)) != 1:
        raise UsageError("give one of CONCEPT, --cites ID or --cited-by ID")
    if cites is not None or cited_by is not None:
        g = api.load_graph(graph_path)
        rows = api.citing(g, cites) if cites is not None else api.cited_by(g, cited_by)
        click.echo(api.as_json(rows) if as_json else api.citations_text(rows), nl=False)
        return
    rows = api.papers(api.load_graph(graph_path), concept)
    click.echo(api.as_json(rows) if as_json else api.papers_text(rows), nl=False)


@cli.command(context_settings=CONTEXT)
@click.option("--graph", "graph_path", type=click.Path(dir_okay=False), help="A graph built by 'graphkit build'.")
@click.option("--neo4j", "use_neo4j", is_flag=True, help="Read the neighbourhood from Neo4j instead of a file.")
@click.argument("concept", required=False)
@click.option("--paper", "paper", metavar="ID",
              help="Instead: paper ID's citation neighbourhood (what it cites, what cites it, its co-cited and "
                   "coupled papers, authors and concepts).")
@click.option("--depth", type=click.IntRange(1, 3), default=1, show_default=True,
              help="How many steps out from the concept.")
@click.option("--output", "-o", required=True, type=click.Path(dir_okay=False), help="The HTML page to write.")
@neo4j_options
@_fail_cleanly
def view(graph_path, use_neo4j, concept, paper, depth, output, uri, user, password, database):
    """Write an offline HTML page of CONCEPT's neighbourhood: the papers that mention it,
    the concepts they share and the concepts that co-occur with it (or, with --paper, a
    paper's citation neighbourhood)."""
    if (concept is None) == (paper is None):
        raise UsageError("give either CONCEPT or --paper ID")
    if paper is not None:
        g = api.graph_from(graph_path, store="neo4j" if use_neo4j else None,
                           store_options=_store_options(uri, user, password, database))
        sub, node = api.view_paper(g, paper, output)
        click.echo(f"Wrote {output} ({sub.number_of_nodes():,} nodes, {sub.number_of_edges():,} edges around "
                   f"paper {sub.nodes[node]['id']!r})")
        return
    g = api.graph_from(graph_path, store="neo4j" if use_neo4j else None,
                       store_options=_store_options(uri, user, password, database), concept=concept)
    sub, node = api.view(g, concept, output, depth=depth)
    click.echo(f"Wrote {output} ({sub.number_of_nodes():,} nodes, {sub.number_of_edges():,} edges around "
               f"{sub.nodes[node]['name']!r})")


@cli.command(context_settings=CONTEXT)
@click.option("--graph", "graph_path", type=click.Path(dir_okay=False), help="A graph built by 'graphkit build'.")
@click.option("--neo4j", "use_neo4j", is_flag=True, help="Export the graph stored in Neo4j instead of a file.")
@click.option("--format", "fmt", type=click.Choice(api.export_formats()),
              help="The file format [default: from the output's extension, else graphml].")
@click.option("--output", "-o", required=True, type=click.Path(dir_okay=False),
              help="The file to write (.graphml, .gexf, .json, .cyjs, ...).")
@neo4j_options
@_fail_cleanly
def export(graph_path, use_neo4j, fmt, output, uri, user, password, database):
    """Export the graph as GraphML (Gephi, Cytoscape, yEd), GEXF, node-link JSON or Cytoscape.js JSON."""
    fmt = api.export_format(output, fmt)
    g = api.graph_from(graph_path, store="neo4j" if use_neo4j else None,
                       store_options=_store_options(uri, user, password, database))
    api.export(g, output, fmt)
    click.echo(f"Wrote {output} ({g.number_of_nodes():,} nodes, {g.number_of_edges():,} edges, {fmt})")


@cli.command(context_settings=CONTEXT)
@graph_option
@click.option("--output", "-o", required=True, type=click.Path(file_okay=False), help="The folder to write.")
@click.option("--min-papers", type=click.IntRange(min=1), default=3, show_default=True,
              help="A concept gets its own page when this many papers mention it.")
@click.option("--max-pages", type=click.IntRange(min=0), default=500, show_default=True,
              help="At most this many concept pages (most papers first).")
@click.option("--map-nodes", type=click.IntRange(min=1), default=1500, show_default=True,
              help="Concepts on the whole-corpus map (most papers first).")
@click.option("--map-edges", type=click.IntRange(min=1), default=6000, show_default=True,
              help="Edges on the map: the strongest are kept, and the page says so.")
@click.option("--title", default="graphkit", show_default=True, help="The site's title.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@_fail_cleanly
def site(graph_path, output, min_papers, max_pages, map_nodes, map_edges, title, quiet):
    """Write a static offline site: an index (search, top concepts, communities), a concept
    map of the whole corpus, and a neighbourhood page per concept, linked to each other."""
    report = api.site(api.load_graph(graph_path), output, min_papers=min_papers, max_pages=max_pages,
                      map_nodes=map_nodes, map_edges=map_edges, title=title, progress=not quiet)
    click.echo(f"Wrote {report.folder}/index.html: {report.concept_pages:,} concept pages, a map of "
               f"{report.map_nodes:,} concepts and {report.map_edges:,} edges, {report.communities:,} communities.")


@cli.group(context_settings=CONTEXT)
def neo4j():
    """Store graphs in Neo4j (start a local server with: make neo4j)."""


@neo4j.command("load", context_settings=CONTEXT)
@graph_option
@click.option("--batch-size", type=click.IntRange(min=1), default=2000, show_default=True,
              help="Rows per UNWIND transaction.")
@click.option("--replace", is_flag=True, help="Delete everything in the database first.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@neo4j_options
@_fail_cleanly
def neo4j_load(graph_path, batch_size, replace, quiet, uri, user, password, database):
    """Load a graph: constraints first, then batched UNWIND ... MERGE. Idempotent: loading
    the same graph again creates nothing; a grown graph adds only what is new."""
    g = api.load_graph(graph_path)
    report = api.store_load(g, store="neo4j", replace=replace, progress=not quiet, batch_size=batch_size,
                            **_store_options(uri, user, password, database))
    click.echo(f"Loaded {g.number_of_nodes():,} nodes and {g.number_of_edges():,} relationships into {uri}: "
               f"created {report.nodes_created:,} nodes and {report.relationships_created:,} relationships.")


@cli.command(context_settings=CONTEXT)
@click.argument("query")
@click.option("-p", "--param", "params", nargs=2, multiple=True, metavar="NAME VALUE",
              help="A query parameter (repeatable); library queries convert it to the declared type.")
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
    columns, rows = api.query(query, dict(params), write=write, store="neo4j", stdin=sys.stdin,
                              **_store_options(uri, user, password, database))
    click.echo(api.format_rows(columns, rows, fmt), nl=False)


def main(argv=None):
    return cli.main(args=argv, prog_name="graphkit")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
