// papers-mentioning: the papers that mention a concept (by name or alias, any case), most relevant first.
// params: name: string, limit: int = 100
MATCH (c:Concept)
WHERE c.name = $name OR toLower(c.name) = toLower($name) OR any(a IN c.aliases WHERE toLower(a) = toLower($name))
MATCH (p:Paper)-[m:MENTIONS]->(c)
RETURN p.id AS id, p.title AS title, p.year AS year, m.score AS score, m.evidence AS evidence
ORDER BY score DESC, id
LIMIT $limit
