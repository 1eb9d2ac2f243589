#!/usr/bin/env bash
# `make fuzz`: runs each fuzz target for FUZZ_SECONDS seconds (default 60),
# one after the other, then prints per target the executions, the coverage
# reached, the slowest input, the peak RSS and the findings (crashes,
# timeouts over 1 s, RSS over 512 MB). Installs the nightly toolchain and
# cargo-fuzz when missing (a developer tool: the build itself is stable).
# The working corpora grow in fuzz/corpus/ (not committed), starting from
# fuzz/seeds/; findings land in fuzz/artifacts/TARGET/ — minimise one with
# `cargo +nightly fuzz tmin -s none -a TARGET FILE` and commit it under
# fuzz/crashes/TARGET/ with its fix. Exit status 1 when anything was found or a target did not run.
set -euo pipefail
cd "$(dirname "$0")"
each=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-index bundle question plan site cli_json}

if ! rustup toolchain list | grep -q '^nightly'; then
  echo "==> installing the nightly toolchain (minimal profile; for cargo-fuzz only)"
  rustup toolchain install nightly --profile minimal
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "==> installing cargo-fuzz (once)"
  cargo +nightly install cargo-fuzz --locked
fi
# No sanitizer (the crate is safe Rust; ASan halves the executions),
# debug assertions on (overflow checks are findings too).
flags=(-s none -a)
echo "==> cargo +nightly fuzz build ${flags[*]}"
cargo +nightly fuzz build "${flags[@]}"

max_len() {
  case "$1" in
    index | site) echo 65536 ;;
    bundle | cli_json) echo 16384 ;;
    plan) echo 8192 ;;
    *) echo 512 ;;
  esac
}

mkdir -p logs
summary=logs/summary.txt
printf '%-9s %12s %9s %7s %7s %10s %9s %8s\n' target executions exec/s cov ft slowest_s peak_MB findings | tee "$summary"
found=0
failed=0
for t in $targets; do
  mkdir -p "corpus/$t" "artifacts/$t"
  log="logs/$t.log"
  mark="logs/.start-$t"
  touch "$mark"
  sleep 1 # a finding is a file newer than the mark
  cargo +nightly fuzz run "${flags[@]}" "$t" "corpus/$t" "seeds/$t" -- \
    -max_total_time="$each" -rss_limit_mb=512 -timeout=1 -max_len="$(max_len "$t")" \
    -print_final_stats=1 -report_slow_units=1 -artifact_prefix="artifacts/$t/" >"$log" 2>&1 || true
  stat() { grep -oP "stat::$1:\s*\K[0-9.]+" "$log" | tail -1 || true; }
  cov=$(grep -oP '\bcov: \K[0-9]+' "$log" | tail -1 || true)
  ft=$(grep -oP '\bft: \K[0-9]+' "$log" | tail -1 || true)
  new=$(find "artifacts/$t" -type f -newer "$mark" | wc -l)
  found=$((found + new))
  # A target that did not build or run prints no final stats: that is a
  # failure of the run, not a clean target.
  if [ -z "$(stat number_of_executed_units)" ]; then
    echo "    $t did not run: see fuzz/$log" >&2
    failed=$((failed + 1))
  fi
  printf '%-9s %12s %9s %7s %7s %10s %9s %8s\n' "$t" "$(stat number_of_executed_units)" \
    "$(stat average_exec_per_sec)" "${cov:-?}" "${ft:-?}" "$(stat slowest_unit_time_sec)" "$(stat peak_rss_mb)" "$new" | tee -a "$summary"
  find "artifacts/$t" -type f -newer "$mark" -printf '    finding: fuzz/%p\n'
done
echo "==> $found finding(s), $failed target(s) that did not run; logs in fuzz/logs/, summary in fuzz/logs/summary.txt"
[ "$found" -eq 0 ] && [ "$failed" -eq 0 ]
