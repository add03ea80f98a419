#!/usr/bin/env bash
# Backup and restore drill (README, Operations): dumps a database with pg_dump, restores the
# dump into a FRESH database with pg_restore, starts the api on the restored copy and checks
# that it is ready (database reachable, every migration applied) and holds the same rows.
#
#   tools/ops/backup-restore.sh                      # demo: makes a source database first
#   SOURCE_URL=postgres://user@host:5432/loans tools/ops/backup-restore.sh
#
# Settings: SOURCE_URL (the database to back up; without it a demo database is created and
# seeded by the api), ADMIN_URL (a maintenance database on the server to restore into,
# default postgres://postgres@127.0.0.1:5432/postgres), BACKUP_DIR (default tmp/backups),
# PORT (for the api on the restored copy, default 3099), KEEP=1 keeps the restored database.
# Uses the api's build when present (dist/apps/api/main.js), else its sources through tsx.
set -euo pipefail
cd "$(dirname "$0")/../.."
ADMIN_URL=${ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
BACKUP_DIR=${BACKUP_DIR:-tmp/backups}
PORT=${PORT:-3099}
STAMP=$(date -u +%Y%m%d%H%M%S)
mkdir -p "$BACKUP_DIR"

url_for() { # the ADMIN_URL server with another database name
  node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$ADMIN_URL" "$1"
}
api_cmd() {
  if [[ -f dist/apps/api/main.js ]]; then echo "node dist/apps/api/main.js"; else echo "node_modules/.bin/tsx --tsconfig apps/api/tsconfig.app.json apps/api/src/main.ts"; fi
}
API_PID=""
stop_api() { if [[ -n "$API_PID" ]] && kill -0 "$API_PID" 2>/dev/null; then kill -TERM "$API_PID"; wait "$API_PID" || true; fi; API_PID=""; }
start_api() { # url port
  DATABASE_URL="$1" PORT="$2" HOST=127.0.0.1 NODE_ENV=production SEED=${SEED:-demo} SEED_SCALE=${SEED_SCALE:-200} LOG_LEVEL=warn WEB_DIR= $(api_cmd) &
  API_PID=$!
  for _ in $(seq 1 240); do
    if curl -fsS "http://127.0.0.1:$2/health/ready" >/dev/null 2>&1; then return 0; fi
    kill -0 "$API_PID" 2>/dev/null || { echo "api exited before it was ready" >&2; return 1; }
    sleep 0.5
  done
  echo "api not ready on port $2" >&2
  return 1
}
RESTORED="loan_restore_${STAMP}"
SOURCE_DB=""
cleanup() {
  stop_api
  if [[ "${KEEP:-0}" != 1 ]]; then psql "$ADMIN_URL" -qc "DROP DATABASE IF EXISTS $RESTORED WITH (FORCE)" >/dev/null 2>&1 || true; fi
  if [[ -n "$SOURCE_DB" ]]; then psql "$ADMIN_URL" -qc "DROP DATABASE IF EXISTS $SOURCE_DB WITH (FORCE)" >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT

if [[ -z "${SOURCE_URL:-}" ]]; then
  SOURCE_DB="loan_backup_demo_${STAMP}"
  psql "$ADMIN_URL" -qc "CREATE DATABASE $SOURCE_DB"
  SOURCE_URL=$(url_for "$SOURCE_DB")
  echo "1/5 demo source database $SOURCE_DB: migrating and seeding through the api..."
  start_api "$SOURCE_URL" "$PORT"
  stop_api
else
  echo "1/5 source database given (SOURCE_URL)"
fi

DUMP="$BACKUP_DIR/loan-$STAMP.dump"
echo "2/5 pg_dump (custom format, compressed) -> $DUMP"
pg_dump --format=custom --no-owner --no-privileges --file="$DUMP" "$SOURCE_URL"
ls -l "$DUMP"

echo "3/5 pg_restore into a fresh database $RESTORED"
psql "$ADMIN_URL" -qc "CREATE DATABASE $RESTORED"
RESTORED_URL=$(url_for "$RESTORED")
pg_restore --no-owner --no-privileges --exit-on-error --dbname="$RESTORED_URL" "$DUMP"

echo "4/5 same rows in the source and the restored copy"
COUNTS="SELECT (SELECT count(*) FROM loan_applications) || ' applications, ' || (SELECT count(*) FROM users) || ' users, ' || (SELECT count(*) FROM schema_migrations) || ' migrations'"
src=$(psql "$SOURCE_URL" -tAc "$COUNTS")
dst=$(psql "$RESTORED_URL" -tAc "$COUNTS")
echo "   source:   $src"
echo "   restored: $dst"
[[ "$src" == "$dst" ]] || { echo "FAILED: the restored copy differs" >&2; exit 1; }

echo "5/5 the api starts on the restored copy (SEED=none: nothing added) and is ready"
SEED=none start_api "$RESTORED_URL" "$PORT"
curl -fsS "http://127.0.0.1:$PORT/health/ready"; echo
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/api/user")
[[ "$status" == 401 ]] || { echo "FAILED: /api/user answered $status, expected 401" >&2; exit 1; }
stop_api
echo "OK: backup $DUMP restores into a fresh database and the api runs on it."
