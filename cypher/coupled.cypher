// coupled: the papers sharing most references with one paper (by id or DOI): bibliographic coupling.
// params: id: string, limit: int = 10
MATCH (p:Paper) WHERE p.id = $id OR p.doi = toLower($id) OR $id IN coalesce(p.ids, [])
MATCH (p)-[r:COUPLED]-(other:Paper)
RETURN other.id AS id, other.title AS title, other.year AS year, r.weight AS shared_references,
       r.strength AS strength
ORDER BY shared_references DESC, strength DESC, id
LIMIT $limit
