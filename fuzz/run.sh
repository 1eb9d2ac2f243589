#!/usr/bin/env bash
# `make fuzz`: runs each fuzz target for FUZZ_SECONDS seconds (default 60),
# one after the other, with FUZZ_WORKERS fuzzer processes at once (default:
# one per core), then prints per target the executions, the coverage
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
# One fuzzer process per core (libFuzzer's parallel mode, each with its own
# random seed, sharing the target's corpus directory); the summary adds up
# their executions and takes the worst of their coverage, time and RSS.
workers=${FUZZ_WORKERS:-$(nproc)}

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
printf '%-9s %12s %9s %7s %7s %10s %9s %8s %7s\n' target executions exec/s cov ft slowest_s peak_MB findings workers | tee "$summary"
found=0
failed=0
for t in $targets; do
  mkdir -p "corpus/$t" "artifacts/$t"
  mark="logs/.start-$t"
  touch "$mark"
  sleep 1 # a finding is a file newer than the mark
  for w in $(seq 1 "$workers"); do
    cargo +nightly fuzz run "${flags[@]}" "$t" "corpus/$t" "seeds/$t" -- \
      -max_total_time="$each" -rss_limit_mb=512 -timeout=1 -max_len="$(max_len "$t")" \
      -print_final_stats=1 -report_slow_units=1 -artifact_prefix="artifacts/$t/" >"logs/$t.$w.log" 2>&1 &
  done
  wait || true
  # Per worker: the last value of a final stat or of a progress field.
  stat() { grep -oP "stat::$2:\s*\K[0-9.]+" "$1" | tail -1 || true; }
  field() { grep -oP "\b$2: \K[0-9]+" "$1" | tail -1 || true; }
  execs=0 rate=0 cov=0 ft=0 slowest=0 peak=0 ran=0
  for w in $(seq 1 "$workers"); do
    log="logs/$t.$w.log"
    n=$(stat "$log" number_of_executed_units)
    # A worker that did not build or run prints no final stats: that is a
    # failure of the run, not a clean target.
    if [ -z "$n" ]; then
      echo "    $t worker $w did not run: see fuzz/$log" >&2
      continue
    fi
    ran=$((ran + 1))
    execs=$((execs + n))
    rate=$((rate + $(stat "$log" average_exec_per_sec)))
    cov=$(printf '%s\n' "$cov" "$(field "$log" cov)" | sort -n | tail -1)
    ft=$(printf '%s\n' "$ft" "$(field "$log" ft)" | sort -n | tail -1)
    slowest=$(printf '%s\n' "$slowest" "$(stat "$log" slowest_unit_time_sec)" | sort -g | tail -1)
    peak=$(printf '%s\n' "$peak" "$(stat "$log" peak_rss_mb)" | sort -n | tail -1)
  done
  [ "$ran" -eq "$workers" ] || failed=$((failed + 1))
  new=$(find "artifacts/$t" -type f -newer "$mark" | wc -l)
  found=$((found + new))
  printf '%-9s %12s %9s %7s %7s %10s %9s %8s %7s\n' "$t" "$execs" "$rate" "$cov" "$ft" "$slowest" "$peak" "$new" "$ran" | tee -a "$summary"
  find "artifacts/$t" -type f -newer "$mark" -printf '    finding: fuzz/%p\n'
done
echo "==> $found finding(s), $failed target(s) with a worker that did not run; logs in fuzz/logs/ (TARGET.WORKER.log), summary in fuzz/logs/summary.txt"
[ "$found" -eq 0 ] && [ "$failed" -eq 0 ]
