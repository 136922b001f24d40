#!/usr/bin/env bash
# The whole test suite: lint, types, unit tests, API tests on SQLite and PostgreSQL metadata,
# the compatibility suite (compat/: Superset's published chart plugins against the built server),
# and browser tests in Debian's Chromium. Installs Chromium through apt-get when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d /usr/include/node ] && export npm_config_nodedir=/usr

if [ ! -x /usr/bin/chromium ]; then
  echo "== Installing Debian's chromium for the browser tests ($(date +%T))"
  SUDO=""
  [ "$(id -u)" != "0" ] && SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

mkdir -p .test-results
echo "== Build ($(date +%T))"
npm run build --silent
echo "== Lint ($(date +%T))"
npm run lint --silent
echo "== Types ($(date +%T))"
npm run typecheck --silent
echo "== Unit tests ($(date +%T))"
npx vitest run --project unit --reporter=default --reporter=json --outputFile=.test-results/unit.json
echo "== API tests (SQLite and PostgreSQL metadata) ($(date +%T))"
npx vitest run --project api --reporter=default --reporter=json --outputFile=.test-results/api.json
echo "== Compatibility: Superset's published chart plugins against the built server ($(date +%T))"
npm ci --prefix compat --legacy-peer-deps --no-audit --no-fund --silent
npm test --prefix compat --silent
echo "== Browser tests ($(date +%T))"
node --test --test-concurrency=1 --test-reporter=spec --test-reporter=junit \
  --test-reporter-destination=stdout --test-reporter-destination=.test-results/e2e.xml e2e/dist/*.test.js
node scripts/summarize-tests.mjs
