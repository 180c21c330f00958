// bursting-concepts: concepts with a burst (Kleinberg's two-state model over years, computed by graphkit build), strongest first.
// params: limit: int = 20
MATCH (c:Concept)
WHERE c.burst_strength IS NOT NULL
RETURN c.name AS concept, c.burst_start AS start, c.burst_end AS end, c.burst_strength AS strength,
       c.paper_count AS papers, c.cluster AS cluster
ORDER BY strength DESC, concept
LIMIT $limit
