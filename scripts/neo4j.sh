#!/usr/bin/env bash
# Fetch (once) Neo4j 5.26 Community from Maven Central, compile the launcher, and either
# print the classpath (`scripts/neo4j.sh classpath`) or run a server in the foreground
# (`scripts/neo4j.sh run [HOME] [PORT]`, what `make neo4j` does).
# Jars are cached outside the clone: ${GRAPHKIT_NEO4J_CACHE:-~/.cache/graphkit/neo4j}.
set -euo pipefail
HOME=${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
key=$(cat "$root/neo4j/pom.xml" "$root/neo4j/GraphkitNeo4j.java" | sha256sum | cut -c1-16)
cache=${GRAPHKIT_NEO4J_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/graphkit/neo4j}/$key
command -v java >/dev/null || { echo "graphkit: Java 17+ is needed for the local Neo4j (apt-get install openjdk-17-jre-headless)" >&2; exit 1; }
mkdir -p "$cache"
exec 8>"$cache/.lock"
flock 8
if [ ! -f "$cache/.complete" ]; then
  command -v mvn >/dev/null || { echo "graphkit: Maven is needed once to fetch Neo4j (apt-get install maven)" >&2; exit 1; }
  echo "graphkit: fetching Neo4j 5.26 from Maven Central into $cache" >&2
  rm -rf "$cache/lib" "$cache/classes"
  mvn -q -B -f "$root/neo4j/pom.xml" dependency:copy-dependencies -DoutputDirectory="$cache/lib" >&2
  mkdir -p "$cache/classes"
  javac -cp "$cache/lib/*" -d "$cache/classes" "$root/neo4j/GraphkitNeo4j.java" >&2
  touch "$cache/.complete"
fi
flock -u 8
cp="$cache/lib/*:$cache/classes"
case "${1:-classpath}" in
  classpath) echo "$cp" ;;
  run)
    home=${2:-$root/neo4j/data}
    port=${3:-7687}
    export NEO4J_PASSWORD=${NEO4J_PASSWORD:-graphkit-local}
    echo "Neo4j on bolt://127.0.0.1:$port (user neo4j, password from NEO4J_PASSWORD; default 'graphkit-local'); data in $home. Ctrl-C stops it." >&2
    exec java -Xmx1g -cp "$cp" GraphkitNeo4j "$home" "$port"
    ;;
  *) echo "usage: scripts/neo4j.sh [classpath|run [HOME] [PORT]]" >&2; exit 2 ;;
esac
