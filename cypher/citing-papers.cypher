// citing-papers: the papers in the graph that cite a paper (by id), newest first.
// params: id: string
MATCH (q:Paper) WHERE q.id = $id OR $id IN coalesce(q.ids, [])
MATCH (p:Paper)-[:CITES]->(q)
RETURN p.id AS id, p.title AS title, p.year AS year
ORDER BY year DESC, id
