#!/usr/bin/env bash
# Fuzz/run.sh [seconds]: build the three fuzz targets with libFuzzer and AddressSanitizer, then run
# each from its committed seed corpus and dictionary, sharing SECONDS (default 60) between them:
# half to ScenarioFuzzer (the scenario front end), a quarter each to BaselineFuzzer (`check`'s
# reading of a baseline) and ShardFuzzer (`merge`'s reading of a shard).
# Exits non-zero on any crash, timeout (over 5 s for one input) or out-of-memory (over 2 GiB) in any
# target; the input that caused it is left in $FUZZ_WORK/<target>/artifacts/ (see docs/fuzzing.md).
# Environment: FUZZ_WORK (default Fuzz/.work) holds each target's growing corpus and artifacts;
# FUZZ_TARGETS picks targets (default "scenario baseline shard"); FUZZ_ARGS adds libFuzzer flags
# (e.g. FUZZ_ARGS="-jobs=2 -workers=2").
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
work="${FUZZ_WORK:-.work}"
targets="${FUZZ_TARGETS:-scenario baseline shard}"
flags=(-c release -Xswiftc -sanitize=fuzzer,address)

swift build "${flags[@]}"
bin="$(swift build "${flags[@]}" --show-bin-path)"

# target → binary, seed corpus, dictionary, longest input, share of the time (in quarters).
declare -A binary=([scenario]=ScenarioFuzzer [baseline]=BaselineFuzzer [shard]=ShardFuzzer)
declare -A seeds=([scenario]=corpus [baseline]=corpus-baseline [shard]=corpus-shard)
declare -A dict=([scenario]=scenario.dict [baseline]=baseline.dict [shard]=shard.dict)
declare -A maxlen=([scenario]=16384 [baseline]=16384 [shard]=65536)
declare -A quarters=([scenario]=2 [baseline]=1 [shard]=1)
# The baseline and shard targets keep values alive across inputs (the tiny scenario, its run and
# shards), whose Swift enum payloads hold pointers with tag bits LeakSanitizer cannot follow, and
# Foundation's FileManager.contents(atPath:) buffer is reported too: leak checking there reports
# only those, so it is off for them (-rss_limit_mb still catches memory that grows).
declare -A leaks=([scenario]=1 [baseline]=0 [shard]=0)
total=0
for target in $targets; do
    [ -n "${binary[$target]:-}" ] || { echo "Fuzz/run.sh: unknown target '$target' (scenario, baseline, shard)" >&2; exit 2; }
    total=$((total + quarters[$target]))
done

failed=()
left=$seconds
share=$total
for target in $targets; do
    # This target's share of what is left, so the shares add up to SECONDS exactly.
    time=$((left * quarters[$target] / share))
    left=$((left - time))
    share=$((share - quarters[$target]))
    [ "$time" -ge 1 ] || time=1
    mkdir -p "$work/$target/corpus" "$work/$target/artifacts"
    echo "== ${binary[$target]}: $time s"
    # AddressSanitizer stays on, and libFuzzer's leak check after each input where leaks[] says (set ASAN_OPTIONS to
    # change them, e.g. detect_leaks=0 if the Swift runtime ever gets reported as a leak). malloc_context_size=0: no
    # stack is recorded at each allocation, which halved a valid scenario's time (ASan's StackDepot was the top of the
    # profile); a finding's report then lacks the allocation's stack, so replay its input with the default options.
    # The first corpus folder receives new inputs; the committed seeds stay read-only.
    # shellcheck disable=SC2086
    ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=${leaks[$target]}:malloc_context_size=0}" \
    "$bin/${binary[$target]}" "$work/$target/corpus" "${seeds[$target]}" \
        -detect_leaks="${leaks[$target]}" \
        -dict="${dict[$target]}" \
        -max_total_time="$time" \
        -timeout=5 \
        -rss_limit_mb=2048 \
        -max_len="${maxlen[$target]}" \
        -artifact_prefix="$work/$target/artifacts/" \
        -print_final_stats=1 \
        ${FUZZ_ARGS:-} || failed+=("${binary[$target]}")
done
if [ "${#failed[@]}" -gt 0 ]; then
    echo "Fuzz/run.sh: findings in ${failed[*]} (inputs in $work/<target>/artifacts/)" >&2
    exit 1
fi
