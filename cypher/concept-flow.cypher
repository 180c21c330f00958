// concept-flow: a concept's earliest papers, and each paper that mentions it while citing an earlier or same-year paper that does.
// params: name: string, limit: int = 50
MATCH (c:Concept)
WHERE c.name = $name OR toLower(c.name) = toLower($name) OR any(a IN coalesce(c.aliases, []) WHERE toLower(a) = toLower($name))
WITH c ORDER BY c.paper_count DESC LIMIT 1
MATCH (p:Paper)-[:MENTIONS]->(c)
WITH c, min(p.year) AS first_year, collect(p) AS papers
WITH c, first_year, [p IN papers WHERE p.year = first_year | p.id] AS earliest
MATCH (later:Paper)-[:MENTIONS]->(c), (later)-[:CITES]->(earlier:Paper)-[:MENTIONS]->(c)
WHERE later.year IS NULL OR earlier.year IS NULL OR earlier.year <= later.year
WITH c, first_year, earliest, later, collect(DISTINCT earlier.id) AS cites
RETURN c.name AS concept, first_year, earliest, later.id AS id, later.title AS title, later.year AS year, cites
ORDER BY year, id
LIMIT $limit
