#!/usr/bin/env bash
# Rebuild graphkit/assets/sigma.bundle.js (sigma.js + graphology + @sigma/export-image, one
# minified file, inlined into the map pages) from the exact versions in js/package-lock.json.
# Needs Node 18+ and npm; the bundle is committed, so users never need either.
set -euo pipefail
cd "$(dirname "$0")/../js"
npm ci --no-audit --no-fund
npm run build
