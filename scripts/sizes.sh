#!/usr/bin/env bash
# Prints raw and gzip -9 sizes of each file given (KB = 1,000 B).
set -euo pipefail
for f in "$@"; do
  raw=$(wc -c <"$f")
  gz=$(gzip -9c "$f" | wc -c)
  awk -v f="$f" -v r="$raw" -v g="$gz" \
    'BEGIN { printf "==> size %-28s raw %9d B (%7.1f KB)   gzip %9d B (%7.1f KB)\n", f, r, r/1000, g, g/1000 }'
done
