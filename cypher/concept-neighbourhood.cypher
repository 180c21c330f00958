// concept-neighbourhood: a concept (by name or alias, any case), the papers that mention it and the concepts that co-occur with it most.
// params: name: string, limit: int = 25
MATCH (c:Concept)
WHERE c.name = $name OR toLower(c.name) = toLower($name) OR any(a IN c.aliases WHERE toLower(a) = toLower($name))
WITH c ORDER BY c.paper_count DESC LIMIT 1
CALL (c) {
  OPTIONAL MATCH (p:Paper)-[m:MENTIONS]->(c)
  WITH p, m ORDER BY m.score DESC LIMIT $limit
  RETURN collect(CASE WHEN p IS NULL THEN NULL ELSE {id: p.id, title: p.title, year: p.year, score: m.score} END) AS papers
}
CALL (c) {
  OPTIONAL MATCH (c)-[o:CO_OCCURS]-(other:Concept)
  WITH other, o ORDER BY o.weight DESC, other.name LIMIT $limit
  RETURN collect(CASE WHEN other IS NULL THEN NULL ELSE {name: other.name, weight: o.weight} END) AS co_occurring
}
RETURN c.name AS concept, c.kind AS kind, c.paper_count AS paper_count, papers, co_occurring
