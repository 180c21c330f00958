// shortest-path: the shortest chain linking two concepts (names or aliases) through co-occurrence and the papers that mention them.
// params: source: string, target: string, max_hops: int = 6
MATCH (a:Concept) WHERE a.name = $source OR any(x IN a.aliases WHERE x = $source)
MATCH (b:Concept) WHERE b.name = $target OR any(x IN b.aliases WHERE x = $target)
WITH a, b LIMIT 1
MATCH path = shortestPath((a)-[:CO_OCCURS|MENTIONS|BROADER*..15]-(b))
WHERE length(path) <= $max_hops
RETURN [n IN nodes(path) | coalesce(n.name, n.title, n.id)] AS path,
       [r IN relationships(path) | type(r)] AS via,
       length(path) AS hops
