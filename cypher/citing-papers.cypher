// citing-papers: the papers in the graph that cite a paper (by id), newest first.
// params: id: string
MATCH (p:Paper)-[:CITES]->(:Paper {id: $id})
RETURN p.id AS id, p.title AS title, p.year AS year
ORDER BY year DESC, id
