#!/usr/bin/env bash
# `make eval`: regenerate eval/results.json, eval/results.md and eval/failures.jsonl.
#
# The evaluation data lives outside the repository, in ../shared/data (override
# with SLOTCHAIN_DATA=DIR). Without it this script says so and exits 0, so that
# `make eval` never fails on a fresh clone. Extra arguments go to
# `slotchain eval` (e.g. `scripts/eval.sh --dataset hotpotqa --limit 50`).
# Honours CARGO and CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."

DATA="${SLOTCHAIN_DATA:-../shared/data}"
if [ ! -d "$DATA" ]; then
  echo "make eval: skipped — $DATA not found (evaluation data lives outside the repo)"
  exit 0
fi

CARGO="${CARGO:-cargo}"
TARGET_DIR="${CARGO_TARGET_DIR:-target}"
echo "==> cargo build --release --bin slotchain" >&2
"$CARGO" build --release --bin slotchain

mkdir -p eval
# Which source was measured (the working tree may carry uncommitted changes).
SLOTCHAIN_EVAL_REVISION="$(git describe --always --dirty 2>/dev/null || echo unknown)"
export SLOTCHAIN_EVAL_REVISION
echo "==> slotchain eval --data $DATA (writes eval/results.json, eval/results.md, eval/failures.jsonl, eval/states.jsonl)" >&2
started=$(date +%s)
"$TARGET_DIR/release/slotchain" eval --data "$DATA" \
  --json eval/results.json --markdown eval/results.md --failures eval/failures.jsonl \
  --states-records eval/states.jsonl "$@"
echo "==> eval done in $(( $(date +%s) - started )) s" >&2
