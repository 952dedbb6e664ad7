#!/usr/bin/env bash
# Speed of keyed draws: philox4x32-10 (dnsim_philox_begin) against today's
# taus2 reseeding. Optimised build (clang -O2, as SwiftPM release builds C
# targets); a measurement, not a test. See docs/philox.md.
#   tools/bench.sh [sequences per pass, default 10000000]
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/tools
mkdir -p "$out"
"${CC:-clang}" -O2 -Wall -Wextra -ISources/CPhilox/include tools/philox-bench.c Sources/CPhilox/philox.c \
    -lgsl -lgslcblas -lm -o "$out/philox-bench"
"$out/philox-bench" "$@"
