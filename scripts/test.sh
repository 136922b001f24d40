#!/usr/bin/env bash
# The whole test suite: lint, types, unit tests, API tests on SQLite and PostgreSQL metadata,
# and browser tests in Debian's Chromium. Installs Chromium through apt-get when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d /usr/include/node ] && export npm_config_nodedir=/usr

if [ ! -x /usr/bin/chromium ]; then
  echo "== Installing Debian's chromium for the browser tests"
  SUDO=""
  [ "$(id -u)" != "0" ] && SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

mkdir -p .test-results
echo "== Build"
npm run build --silent
echo "== Lint"
npm run lint --silent
echo "== Types"
npm run typecheck --silent
echo "== Unit tests"
npx vitest run --project unit --reporter=default --reporter=json --outputFile=.test-results/unit.json
echo "== API tests (SQLite and PostgreSQL metadata)"
npx vitest run --project api --reporter=default --reporter=json --outputFile=.test-results/api.json
echo "== Browser tests"
node --test --test-concurrency=1 --test-reporter=spec --test-reporter=junit \
  --test-reporter-destination=stdout --test-reporter-destination=.test-results/e2e.xml e2e/dist/*.test.js
node scripts/summarize-tests.mjs
