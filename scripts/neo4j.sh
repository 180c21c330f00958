#!/usr/bin/env bash
# Fetch (once) Neo4j 5.26 Community from Maven Central, compile the launcher, and either
# print the classpath (`scripts/neo4j.sh classpath`) or run a server in the foreground
# (`scripts/neo4j.sh run [HOME] [PORT]`, what `make neo4j` does).
# Jars are cached outside the clone: ${GRAPHKIT_NEO4J_CACHE:-~/.cache/graphkit/neo4j}, keyed
# by neo4j-server/pom.xml; the compiled launcher beside them, keyed by its source.
set -euo pipefail
HOME=${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
src=$root/neo4j-server
base=${GRAPHKIT_NEO4J_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/graphkit/neo4j}
lib=$base/lib-$(sha256sum <"$src/pom.xml" | cut -c1-16)
classes=$base/classes-$(cat "$src/pom.xml" "$src/GraphkitNeo4j.java" | sha256sum | cut -c1-16)
command -v java >/dev/null || { echo "graphkit: Java 17+ is needed for the local Neo4j (apt-get install openjdk-17-jre-headless)" >&2; exit 1; }
mkdir -p "$base"
exec 8>"$base/.lock"
flock 8
if [ ! -f "$lib/.complete" ]; then
  command -v mvn >/dev/null || { echo "graphkit: Maven is needed once to fetch Neo4j (apt-get install maven)" >&2; exit 1; }
  echo "graphkit: fetching Neo4j 5.26 from Maven Central into $lib" >&2
  rm -rf "$lib"
  mvn -q -B -f "$src/pom.xml" dependency:copy-dependencies -DoutputDirectory="$lib" >&2
  touch "$lib/.complete"
fi
if [ ! -f "$classes/.complete" ]; then
  rm -rf "$classes"
  mkdir -p "$classes"
  javac -cp "$lib/*" -d "$classes" "$src/GraphkitNeo4j.java" >&2
  touch "$classes/.complete"
fi
flock -u 8
cp="$lib/*:$classes"
case "${1:-classpath}" in
  classpath) echo "$cp" ;;
  run)
    home=${2:-$src/data}
    port=${3:-7687}
    echo "Neo4j on bolt://127.0.0.1:$port (user neo4j; password from NEO4J_PASSWORD, else the one kept in ${GRAPHKIT_NEO4J_PASSWORD_FILE:-${XDG_CONFIG_HOME:-$HOME/.config}/graphkit/neo4j-password}, generated on first start); data in $home. Ctrl-C stops it." >&2
    exec java -Xmx1g -cp "$cp" GraphkitNeo4j "$home" "$port"
    ;;
  *) echo "usage: scripts/neo4j.sh [classpath|run [HOME] [PORT]]" >&2; exit 2 ;;
esac
