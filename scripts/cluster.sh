#!/bin/sh
# A local two-process cluster on this machine's PostgreSQL and Redis, for trying a production
# set-up: builds when stale, starts the first process (it migrates the database and takes the
# engine lock), waits until it is ready, then starts the second. Ctrl-C stops both gracefully.
#
#   npm run cluster
#   DATABASE_URL=postgres://me@db/tidemark REDIS_URL=redis://cache:6379 PORTS="8081 8082 8083" npm run cluster
set -eu
cd "$(dirname "$0")/.."

export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/tidemark}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
# the demo trader makes the cluster easy to try; its password is printed in the first process's log
export DEMO="${DEMO:-1}"
PORTS="${PORTS:-8081 8082}"
METRICS_BASE="${METRICS_BASE:-9464}"

# creates the database when it is missing and createdb is at hand (PostgreSQL's client tools)
if command -v createdb >/dev/null 2>&1; then
  db_name="$(basename "${DATABASE_URL%%\?*}")"
  createdb --maintenance-db="${DATABASE_URL%/*}/postgres" "$db_name" 2>/dev/null || true
fi

node scripts/build.mjs --if-stale

pids=""
stop() {
  trap - INT TERM
  echo "stopping: $pids"
  for pid in $pids; do kill -TERM "$pid" 2>/dev/null || true; done
  wait
  exit 0
}
trap stop INT TERM

n=0
for port in $PORTS; do
  PORT="$port" METRICS_PORT="$((METRICS_BASE + n))" node --enable-source-maps apps/server/dist/main.js &
  pids="$pids $!"
  # one at a time: the first migrates and seeds, the next find it done
  until curl -fs "http://127.0.0.1:$port/api/health/ready" >/dev/null 2>&1; do
    kill -0 "$!" 2>/dev/null || { echo "the process on port $port stopped"; stop; }
    sleep 0.5
  done
  echo "ready: http://127.0.0.1:$port  (readiness /api/health/ready, metrics http://127.0.0.1:$((METRICS_BASE + n))/metrics)"
  n=$((n + 1))
done
echo "stop one with: kill -TERM <pid> (pids:$pids); Ctrl-C stops all"
wait
