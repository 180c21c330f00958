// cited-papers: the papers in the graph that a paper (by id) cites, newest first.
// params: id: string
MATCH (:Paper {id: $id})-[:CITES]->(p:Paper)
RETURN p.id AS id, p.title AS title, p.year AS year
ORDER BY year DESC, id
