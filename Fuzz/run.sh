#!/usr/bin/env bash
# Fuzz/run.sh [seconds]: build the scenario fuzzer with libFuzzer and AddressSanitizer, then
# run it for SECONDS (default 60) from the committed seed corpus and dictionary.
# Exits non-zero on any crash, timeout (over 5 s for one input) or out-of-memory (over 2 GiB);
# the input that caused it is left in $FUZZ_WORK/artifacts/ (see docs/fuzzing.md).
# Environment: FUZZ_WORK (default Fuzz/.work) holds the growing corpus and artifacts;
# FUZZ_ARGS adds libFuzzer flags (e.g. FUZZ_ARGS="-jobs=2 -workers=2").
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
work="${FUZZ_WORK:-.work}"
flags=(-c release -Xswiftc -sanitize=fuzzer,address)

swift build "${flags[@]}" --product ScenarioFuzzer
binary="$(swift build "${flags[@]}" --show-bin-path)/ScenarioFuzzer"
mkdir -p "$work/corpus" "$work/artifacts"

# AddressSanitizer and libFuzzer's leak check after each input stay on (set ASAN_OPTIONS to
# change them, e.g. detect_leaks=0 if the Swift runtime ever gets reported as a leak).
# The first corpus folder receives new inputs; the committed seeds stay read-only.
# shellcheck disable=SC2086
"$binary" "$work/corpus" corpus \
    -dict=scenario.dict \
    -max_total_time="$seconds" \
    -timeout=5 \
    -rss_limit_mb=2048 \
    -max_len=16384 \
    -artifact_prefix="$work/artifacts/" \
    -print_final_stats=1 \
    ${FUZZ_ARGS:-}
