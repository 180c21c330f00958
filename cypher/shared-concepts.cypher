// shared-concepts: the concepts two papers both mention, most widespread first.
// params: a: string, b: string
MATCH (:Paper {id: $a})-[:MENTIONS]->(c:Concept)<-[:MENTIONS]-(:Paper {id: $b})
RETURN c.name AS concept, c.kind AS kind, c.paper_count AS paper_count
ORDER BY paper_count DESC, concept
