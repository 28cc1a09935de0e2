#!/usr/bin/env bash
# Runs the suite with every clock moved to another moment (issue 43, docs/guides/testing.md "Another day, another hour").
#
#   scripts/test-at-clock.sh 2028-02-29T23:30:00Z [vitest|e2e|all] [extra args for vitest or playwright]
#
# Everything that reads a clock is moved by the same offset, through Debian's libfaketime (`apt-get install faketime`):
# this shell's children (vitest and its workers, with PGlite inside them; Playwright, the app server it starts, the
# SMTP and Stripe test servers; the pages' Date in Chromium, through Playwright's clock) and a PostgreSQL server of the run's own, started under the same offset
# on a port of its own (55432 and up), whose `now()` the PostgreSQL tests read. The offset is relative, so the clocks run on from the
# target as the suite runs (a run started at 23:30 UTC crosses midnight); monotonic clocks are left alone so timers
# and timeouts behave. The build is made once under the real clock (nothing in it depends on the date).
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: scripts/test-at-clock.sh <ISO time, e.g. 2028-02-29T23:30:00Z> [vitest|e2e|all] [args]}
what=${2:-all}
shift $(( $# >= 2 ? 2 : 1 ))

lib=/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1
[ -f "$lib" ] || { echo "libfaketime is missing: apt-get install faketime" >&2; exit 2; }
offset=$(( $(date -d "$target" +%s) - $(date +%s) ))
sign=$([ "$offset" -ge 0 ] && echo + || echo -)
fake_env=(LD_PRELOAD="$lib" FAKETIME="${sign}${offset#-}" FAKETIME_DONT_FAKE_MONOTONIC=1 FAKETIME_DONT_RESET=1)

pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
pg_port=${CLOCK_PG_PORT:-$(( 55432 + $$ % 500 ))}
pg_dir=$(mktemp -d /tmp/dental-clock-pg.XXXXXX)
chown postgres "$pg_dir"
stop_pg() { runuser -u postgres -- "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$pg_dir"; }
trap stop_pg EXIT
runuser -u postgres -- "$pg_bin/initdb" -D "$pg_dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
runuser -u postgres -- env "${fake_env[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
  -o "-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
psql -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -qc "CREATE DATABASE dental_clock_test"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/dental_clock_test"

# Chromium spins under libfaketime: it runs on the real clock, and its pages' Date follows the moved one
# (Playwright's clock, installed by tests/e2e/support.ts when FAKETIME is set).
printf '#!/bin/sh\nunset LD_PRELOAD FAKETIME FAKETIME_DONT_FAKE_MONOTONIC FAKETIME_DONT_RESET\nexec %s "$@"\n' "${CHROMIUM_PATH:-/usr/bin/chromium}" > "$pg_dir/chromium"
chmod 755 "$pg_dir/chromium"
export CHROMIUM_PATH="$pg_dir/chromium"

echo "== the clocks read $(env "${fake_env[@]}" date -u +%FT%TZ) (offset ${sign}${offset#-} s); PostgreSQL says $(psql -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -Atc 'select now()')"

status=0
if [ "$what" = vitest ] || [ "$what" = all ]; then
  env "${fake_env[@]}" npx vitest run "$@" || status=$?
fi
if [ "$what" = e2e ] || [ "$what" = all ]; then
  [ -f build/index.js ] || npm run build --silent
  env "${fake_env[@]}" npx playwright test "$@" || status=$?
fi
echo "== at $target: exit $status"
exit "$status"
