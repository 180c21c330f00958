#!/usr/bin/env bash
# The main job on the sample data: set up, build the graph of the sample ICLR 2026 abstracts
# with the embedded (NetworkX) default, and write GraphML and HTML pages under exports/.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
venv=$(bash scripts/env.sh)
gk="$venv/bin/graphkit"
"$gk" build examples/iclr2026/*.txt --output exports/iclr2026.graphml --html exports/iclr2026.html
"$gk" view --graph exports/iclr2026.graphml "reinforcement learning" --output exports/reinforcement-learning.html
"$gk" concepts --graph exports/iclr2026.graphml --top 15
echo
echo "Open exports/iclr2026.html or exports/reinforcement-learning.html in a browser;"
echo "load exports/iclr2026.graphml into Gephi, Cytoscape or yEd. The graphkit command is $gk"
