// top-concepts: the concepts mentioned by the most papers.
// params: limit: int = 20
MATCH (c:Concept)
RETURN c.name AS concept, c.kind AS kind, c.paper_count AS paper_count, c.aliases AS aliases
ORDER BY paper_count DESC, concept
LIMIT $limit
