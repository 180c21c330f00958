// co-cited: the works most often cited together with one work (by id or DOI), with the association strength.
// params: id: string, limit: int = 10
MATCH (p:Paper) WHERE p.id = $id OR p.doi = toLower($id) OR $id IN coalesce(p.ids, [])
MATCH (p)-[r:CO_CITED]-(other:Paper)
RETURN other.id AS id, other.title AS title, other.year AS year, other.external AS external,
       r.weight AS cited_together, r.strength AS strength
ORDER BY cited_together DESC, strength DESC, id
LIMIT $limit
