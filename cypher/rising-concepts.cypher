// rising-concepts: concepts mentioned by more papers from `since` on than before it, fastest growing first.
// params: since: int, limit: int = 20
MATCH (p:Paper)-[:MENTIONS]->(c:Concept)
WHERE p.year IS NOT NULL
WITH c, sum(CASE WHEN p.year >= $since THEN 1 ELSE 0 END) AS recent,
        sum(CASE WHEN p.year < $since THEN 1 ELSE 0 END) AS before
WHERE recent > before
RETURN c.name AS concept, before, recent, recent - before AS growth, c.first_year AS first_year
ORDER BY growth DESC, recent DESC, concept
LIMIT $limit
