// cited-papers: the papers in the graph that a paper (by id) cites, newest first.
// params: id: string
MATCH (q:Paper) WHERE q.id = $id OR $id IN coalesce(q.ids, [])
MATCH (q)-[:CITES]->(p:Paper)
RETURN p.id AS id, p.title AS title, p.year AS year
ORDER BY year DESC, id
