// most-cited: the works cited most often by the papers in the graph (external cited works included).
// params: limit: int = 10
MATCH (p:Paper)<-[:CITES]-(citing:Paper)
RETURN p.id AS id, p.title AS title, p.year AS year, p.external AS external, count(citing) AS citations
ORDER BY citations DESC, id
LIMIT $limit
