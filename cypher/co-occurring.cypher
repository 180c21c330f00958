// co-occurring: the concepts that share the most papers with one concept (by name or alias).
// params: name: string, limit: int = 10
MATCH (c:Concept)
WHERE c.name = $name OR toLower(c.name) = toLower($name) OR any(a IN c.aliases WHERE toLower(a) = toLower($name))
MATCH (c)-[o:CO_OCCURS]-(other:Concept)
RETURN other.name AS concept, o.weight AS papers_in_common, o.strength AS strength
ORDER BY papers_in_common DESC, strength DESC, concept
LIMIT $limit
