#!/usr/bin/env bash
# Assembles what production runs into one folder, after `npm run build`:
#   package.json, package-lock.json, openapi.yaml (read by the server at start),
#   dist/ (the dashboard, precompressed), build/server/ (the server and its
#   tools as JavaScript), server/db/migrations/,
# then installs the runtime packages only (npm ci --omit=dev).
# The Dockerfile runs this script, and so does the production check in
# `npm test`, so what CI proves is what the image holds.
#   scripts/production/release.sh <folder>
set -euo pipefail

out="${1:?usage: scripts/production/release.sh <folder>}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

for needed in dist/index.html build/server/main.js build/server/admin.js build/server/backup.js build/server/restore.js; do
  [ -f "$needed" ] || { echo "$needed is missing: run \"npm run build\" first" >&2; exit 1; }
done

rm -rf "$out"
mkdir -p "$out/server/db"
cp package.json package-lock.json openapi.yaml "$out/"
cp -R dist build "$out/"
cp -R server/db/migrations "$out/server/db/"
cd "$out"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
echo "release in $out: $(du -sh . | cut -f1) with its runtime packages"
