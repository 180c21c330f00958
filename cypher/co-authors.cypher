// co-authors: the authors who wrote most papers with one author (by key or name), with the association strength.
// params: name: string, limit: int = 10
MATCH (a:Author) WHERE a.key = toLower($name) OR toLower(a.name) = toLower($name)
MATCH (a)-[r:CO_AUTHORED]-(other:Author)
RETURN other.key AS key, other.name AS name, r.weight AS papers_together, r.strength AS strength
ORDER BY papers_together DESC, strength DESC, key
LIMIT $limit
