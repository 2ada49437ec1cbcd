#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (no prebuilt browser downloads on these machines).
# Installs it when missing and we are root; otherwise says exactly what to run.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "[one-header] installing Debian's chromium for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "[one-header] Chromium is missing at $CHROMIUM. Install it with: sudo apt-get install chromium" >&2
echo "             (or point CHROMIUM_PATH at a Chromium binary)" >&2
exit 1
