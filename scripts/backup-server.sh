#!/usr/bin/env bash
# The server's own backup: every panel and account at once (a panel's owner has their own,
# decision 022). Reads the same settings as the server:
#
#   DATABASE_URL set    PostgreSQL: pg_dump in its custom format; restore with pg_restore
#                       (--clean --if-exists: what the file holds replaces what the database has).
#                       Safe while the servers run (pg_dump reads one consistent snapshot).
#   DATABASE_URL unset  the embedded database: a tar.gz of DATA_DIR (default ./data): the PGlite
#                       data folder and the generated signing key. Stop the server first
#                       (a graceful stop flushes PGlite): a copy of a folder an engine is writing
#                       may not open again.
#                       (PGlite keeps no lock file the script could test.)
#
#   scripts/backup-server.sh backup  FILE     write a backup to FILE
#   scripts/backup-server.sh restore FILE     put FILE back (the embedded folder is replaced; the
#                                             one it replaces is kept beside it as DATA_DIR.before-restore-<time>)
set -euo pipefail

usage() { echo "usage: $0 backup|restore FILE" >&2; exit 2; }
[ $# -eq 2 ] || usage
action=$1
file=$2
data_dir=${DATA_DIR:-./data}

case "$action" in
  backup)
    if [ -n "${DATABASE_URL:-}" ]; then
      pg_dump --format=custom --no-owner --file="$file" "$DATABASE_URL"
    else
      [ -d "$data_dir" ] || { echo "no data folder at $data_dir (set DATA_DIR)" >&2; exit 1; }
      tar -czf "$file" -C "$(dirname "$data_dir")" "$(basename "$data_dir")"
    fi
    echo "backed up to $file ($(du -h "$file" | cut -f1))"
    ;;
  restore)
    [ -f "$file" ] || { echo "no backup file at $file" >&2; exit 1; }
    if [ -n "${DATABASE_URL:-}" ]; then
      pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" "$file"
    else
      parent=$(dirname "$data_dir")
      mkdir -p "$parent"
      staging=$(mktemp -d "$parent/.restore-XXXXXX")
      tar -xzf "$file" -C "$staging"
      unpacked=$(find "$staging" -mindepth 1 -maxdepth 1 -type d | head -n 1)
      [ -n "$unpacked" ] || { rm -rf "$staging"; echo "$file holds no data folder" >&2; exit 1; }
      if [ -e "$data_dir" ]; then mv "$data_dir" "$data_dir.before-restore-$(date +%Y%m%d%H%M%S)"; fi
      mv "$unpacked" "$data_dir"
      rm -rf "$staging"
    fi
    echo "restored from $file"
    ;;
  *) usage ;;
esac
