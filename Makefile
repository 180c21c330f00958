# graphkit's entry points. Each target sets up what it needs first (scripts/env.sh).
.PHONY: demo test test-unit lint neo4j bench-quality bench-neo4j bench-pages bench-build bench-speed bench-query

demo:          ## set up, then build the sample graph, its page and a neighbourhood page
	@bash scripts/demo.sh

test:          ## set up (Python env, Neo4j, Chromium), then run the whole test suite
	@bash scripts/test.sh

test-unit:     ## lint, types, then the unit tests alone (no model, no server, no browser; under 20 s)
	@bash scripts/test.sh -m unit

lint:          ## ruff (lint + format check) and mypy only
	@"$$(bash scripts/env.sh)/bin/ruff" check . && "$$(bash scripts/env.sh)/bin/ruff" format --check . && "$$(bash scripts/env.sh)/bin/mypy"

neo4j:         ## run the same local Neo4j server the tests use, in the foreground
	@bash scripts/neo4j.sh run

bench-build:   ## build time on the samples and the 1,283 dev papers
	@"$$(bash scripts/env.sh)/bin/python" benchmarks/build_speed.py

bench-quality: ## concept quality vs plain KeyBERT and YAKE on the dev set
	@"$$(bash scripts/env.sh)/bin/python" benchmarks/quality.py

bench-neo4j:   ## Neo4j load speed vs one statement per row
	@"$$(bash scripts/env.sh)/bin/python" benchmarks/neo4j_load.py

bench-pages:   ## concept map of 10,000 abstracts in headless Chromium vs a pyvis page
	@"$$(bash scripts/env.sh)/bin/python" benchmarks/pages.py

bench-query:   ## commands on a built graph with and without its query store (GRAPH=path.graphml)
	@"$$(bash scripts/env.sh)/bin/python" benchmarks/query_store.py --graph "$(GRAPH)" --whole --check

bench-speed:   ## build speed and peak RSS on 1k/10k/79k scale abstracts (cold, warm, incremental, fast)
	@"$$(bash scripts/env.sh)/bin/python" benchmarks/speed.py
