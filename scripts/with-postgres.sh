#!/usr/bin/env bash
# Runs a command with a throw-away PostgreSQL server from Debian's packages, so the server's database
# tests prove real PostgreSQL as well as the embedded PGlite on every `npm test`.
#   bash scripts/with-postgres.sh <command…>
# Installs the `postgresql` package when its binaries are missing and we are root (as Chromium is);
# creates a cluster in a fresh temporary folder, starts it on loopback on a port of its own
# (a free one, or PG_TEST_PORT), exports TEST_DATABASE_URL (an admin URL; each test suite creates its
# own database in it), runs the command and always stops the server and deletes the folder.
set -euo pipefail

find_bindir() {
  local dir
  # The newest installed major version (Debian keeps each under /usr/lib/postgresql/<major>/bin).
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
  done
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then
    pg_config --bindir
    return 0
  fi
  return 1
}

BINDIR="$(find_bindir || true)"
if [ -z "$BINDIR" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "[one-header] installing Debian's postgresql for the database tests…"
    apt-get update -qq
    # The package would start (and enable) a cluster of its own on 5432: a policy-rc.d that refuses
    # every start keeps services down during the install, unless the machine already has one.
    POLICY=/usr/sbin/policy-rc.d
    OWN_POLICY=""
    if [ ! -e "$POLICY" ]; then
      printf '#!/bin/sh\nexit 101\n' >"$POLICY" && chmod 755 "$POLICY" && OWN_POLICY=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null || status=$?
    [ -n "$OWN_POLICY" ] && rm -f "$POLICY"
    [ -z "${status:-}" ] || exit "$status"
    BINDIR="$(find_bindir || true)"
  fi
fi
if [ -z "$BINDIR" ]; then
  echo "[one-header] PostgreSQL's server binaries are missing. Install them with: sudo apt-get install postgresql" >&2
  exit 1
fi

# A port nobody uses now (PG_TEST_PORT fixes one): a developer's own PostgreSQL, or a second test
# run, may hold any port chosen in advance.
PORT="${PG_TEST_PORT:-$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}"
WORK="$(mktemp -d /tmp/one-header-pg.XXXXXX)"
chmod 755 "$WORK"
DATA="$WORK/data"
# initdb and postgres refuse to run as root: as root the cluster belongs to the postgres user.
RUN=()
if [ "$(id -u)" = "0" ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$WORK"
  RUN=(runuser -u postgres --)
fi

cleanup() {
  local status=$?
  "${RUN[@]}" "$BINDIR/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT INT TERM

# A random password, not trust: the cluster listens on loopback, where any local account could
# otherwise connect as its superuser (and run programs through COPY … TO PROGRAM) during the tests.
PASSWORD="$(node -e "console.log(require('crypto').randomBytes(18).toString('hex'))")"
( umask 077; echo "$PASSWORD" >"$WORK/pwfile" )
[ ${#RUN[@]} -gt 0 ] && chown postgres "$WORK/pwfile"
"${RUN[@]}" "$BINDIR/initdb" -D "$DATA" -U postgres --auth=scram-sha-256 --pwfile="$WORK/pwfile" \
  --encoding=UTF8 --locale=C.UTF-8 >"$WORK/initdb.log" 2>&1 ||
  { cat "$WORK/initdb.log" >&2; exit 1; }
rm -f "$WORK/pwfile"
# Durability is not under test: no fsync makes creating a database per suite fast.
OPTIONS="-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$WORK -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
if ! "${RUN[@]}" "$BINDIR/pg_ctl" -D "$DATA" -o "$OPTIONS" -l "$WORK/server.log" -w -t 30 start >/dev/null; then
  echo "[one-header] the test PostgreSQL did not start on port $PORT:" >&2
  cat "$WORK/server.log" >&2
  exit 1
fi

export TEST_DATABASE_URL="postgres://postgres:$PASSWORD@127.0.0.1:$PORT/postgres"
export PG_TEST_BINDIR="$BINDIR" PG_TEST_DATA="$DATA" PG_TEST_OPTIONS="$OPTIONS"
"$@"
