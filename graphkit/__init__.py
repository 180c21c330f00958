"""graphkit: scientific abstracts -> a typed knowledge graph of papers, concepts, authors and citations.

The stages are plain functions over plain data::

    from graphkit.read import read_papers
    from graphkit.build import build
    from graphkit.export import write_graphml

    papers, _ = read_papers(["examples/iclr2026/000_e5d70d678681bc97.txt"])
    graph, linked = build(papers)
    write_graphml(graph, "exports/sample.graphml")

Importing graphkit loads no model; the embedding model loads on first use.
"""

__version__ = "0.1.0"


def show(graph, focus=None, **options):
    """A page of ``graph`` (or of ``focus``'s neighbourhood) that Jupyter displays inline; see
    :func:`graphkit.jupyter.show`."""
    from .jupyter import show as _show

    return _show(graph, focus, **options)
