#!/usr/bin/env bash
# Rehearses the Dockerfile's runtime stage without Docker (none on the machines here): after
# `npm run build`, lays out the image's /app exactly as the Dockerfile does (the api's
# generated package.json + lockfile installed with `npm ci --omit=dev`, the built api, the
# two web apps under web/), starts `node main.js` with the image's environment as an
# unprivileged user on a FRESH PostgreSQL database, runs the image's HEALTHCHECK command,
# checks what the origin serves, then stops it with SIGTERM (docker stop) and expects exit 0.
#
#   npm run build && tools/ops/image-rehearsal.sh
#
# Settings: ADMIN_URL (a maintenance database to create the test database from, default
# postgres://postgres@127.0.0.1:5432/postgres), PORT (default 3098), RUN_AS (default nobody
# when run as root), OFFLINE=1 installs from the npm cache only, KEEP=1 keeps the folder and
# the database.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
ADMIN_URL=${ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
PORT=${PORT:-3098}
STAMP=$(date -u +%Y%m%d%H%M%S)
APP=$(mktemp -d /tmp/loan-image-XXXXXX)
DB=image_rehearsal_$STAMP
RUN_AS=${RUN_AS:-$([[ $(id -u) == 0 ]] && echo nobody || echo "")}
API_PID=""

for need in dist/apps/api/main.js dist/apps/api/package.json dist/apps/api/package-lock.json dist/apps/portal/index.html dist/apps/public-borrower/index.html; do
  [[ -f "$need" ]] || { echo "image-rehearsal: $need is missing: run npm run build first" >&2; exit 1; }
done

cleanup() {
  if [[ -n "$API_PID" ]] && kill -0 "$API_PID" 2>/dev/null; then kill -KILL "$API_PID" 2>/dev/null || true; fi
  if [[ "${KEEP:-0}" != 1 ]]; then
    psql "$ADMIN_URL" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
    rm -rf "$APP"
  fi
}
trap cleanup EXIT

url_for() { node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$ADMIN_URL" "$1"; }
fail() { echo "image-rehearsal: FAILED: $*" >&2; exit 1; }

echo "== /app as the runtime stage builds it: $APP"
cp dist/apps/api/package.json dist/apps/api/package-lock.json "$APP/"
(cd "$APP" && npm ci --omit=dev --no-audit --no-fund $([[ "${OFFLINE:-0}" == 1 ]] && echo --offline) >/dev/null)
cp -r dist/apps/api/. "$APP/"
mkdir -p "$APP/web" "$APP/data"
cp -r dist/apps/portal "$APP/web/portal"
cp -r dist/apps/public-borrower "$APP/web/public-borrower"
# Nothing from the workspace may be needed at run time: no node_modules above /app.
[[ ! -e "$(dirname "$APP")/node_modules" ]] || fail "a node_modules above $APP would hide missing dependencies"
if [[ -n "$RUN_AS" ]]; then chown -R "$RUN_AS" "$APP/data"; chmod -R a+rX "$APP"; fi

psql "$ADMIN_URL" -qc "CREATE DATABASE $DB"
DATABASE_URL=$(url_for "$DB")

echo "== node main.js (NODE_ENV=production, PostgreSQL, ${RUN_AS:-current user})"
cmd=(node main.js)
# setpriv execs (no child process in between), so SIGTERM reaches node itself, as in the image.
if [[ -n "$RUN_AS" ]]; then cmd=(setpriv --reuid="$RUN_AS" --regid="$(id -g "$RUN_AS")" --clear-groups node main.js); fi
(
  cd "$APP"
  exec env -i PATH="$PATH" HOME=/tmp NODE_ENV=production SCARF_ANALYTICS=false HOST=127.0.0.1 PORT="$PORT" \
    WEB_DIR="$APP/web" DATA_DIR="$APP/data" DATABASE_URL="$DATABASE_URL" SEED=demo SEED_SCALE=200 LOG_LEVEL=warn \
    "${cmd[@]}"
) &
API_PID=$!

# The image's HEALTHCHECK command, verbatim.
health() { (cd "$APP" && PORT=$PORT node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"); }
ready=0
for _ in $(seq 1 360); do
  if health; then ready=1; break; fi
  kill -0 "$API_PID" 2>/dev/null || fail "the api exited before it was ready"
  sleep 0.5
done
[[ $ready == 1 ]] || fail "not ready on port $PORT"
echo "ok   HEALTHCHECK (/health/ready): $(curl -fsS "http://127.0.0.1:$PORT/health/ready")"

header() { curl -fsS -o /dev/null -D - -H 'Accept-Encoding: br, gzip' "http://127.0.0.1:$PORT$1" | tr -d '\r' | grep -i "^$2:" | cut -d' ' -f2- || true; }
check() { [[ "$2" == "$3" ]] || fail "$1: expected '$3', got '$2'"; echo "ok   $1: $2"; }
check "/login is the portal, not cached" "$(header /login cache-control)" "no-store"
curl -fsS "http://127.0.0.1:$PORT/login" | grep -q '<div id="root">' || fail "/login is not the portal's page"
apply_js=$(curl -fsS "http://127.0.0.1:$PORT/apply" | grep -o '/assets/[^"]*\.js' | head -1)
[[ -n "$apply_js" ]] || fail "/apply has no script"
grep -q "$(basename "$apply_js")" "$APP/web/public-borrower/index.html" || fail "/apply is not the borrower app"
echo "ok   /apply is the borrower app ($apply_js)"
check "hashed asset cached for good" "$(header "$apply_js" cache-control)" "public, max-age=31536000, immutable"
check "hashed asset precompressed" "$(header "$apply_js" content-encoding)" "br"
check "api answers JSON 401 when signed out" "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/api/user")" "401"

echo "== docker stop: SIGTERM"
kill -TERM "$API_PID"
code=0
wait "$API_PID" || code=$?
API_PID=""
check "exit code after SIGTERM" "$code" "0"
echo "image-rehearsal: ok"
