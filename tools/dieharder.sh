#!/usr/bin/env bash
# Statistical battery for the philox4x32-10 generator (docs/philox.md).
# Builds tools/philox-stream and pipes its raw 32-bit words into dieharder
# (`apt-get install -y dieharder`; -g 200 = stdin_input_raw).
#
#   tools/dieharder.sh STREAM [dieharder options...]
#
# STREAM is one of
#   long     one long stream, gsl_rng_set(r, SEED)
#   keyed8   8 words of each keyed sequence (for index, device < 100000, source 1..12)
#   keyed1   only the first word of each keyed sequence (begin + one draw)
# SEED (environment, default 20261201) is the generator seed; re-run a WEAK
# test with another SEED to see whether it clears.
# The dieharder options default to -a (the whole battery). Output goes to stdout;
# the wall time to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."

stream=${1:?usage: tools/dieharder.sh long|keyed8|keyed1 [dieharder options]}
shift
options=("$@")
[ ${#options[@]} -gt 0 ] || options=(-a)

out=.build/tools
mkdir -p "$out"
if [ ! -x "$out/philox-stream" ] || [ tools/philox-stream.c -nt "$out/philox-stream" ] \
    || [ Sources/CPhilox/philox.c -nt "$out/philox-stream" ] || [ Sources/CPhilox/include/philox.h -nt "$out/philox-stream" ]; then
    "${CC:-clang}" -O2 -Wall -Wextra -ISources/CPhilox/include tools/philox-stream.c Sources/CPhilox/philox.c \
        -lgsl -lgslcblas -lm -o "$out/philox-stream"
fi

seed=${SEED:-20261201}
case "$stream" in
    long) args=(long "$seed") ;;
    keyed8) args=(keyed "$seed" 8) ;;
    keyed1) args=(keyed "$seed" 1) ;;
    *) echo "unknown stream: $stream" >&2; exit 2 ;;
esac

start=$(date +%s)
# dieharder closes the pipe when done; the writer then dies of SIGPIPE (status 141).
{ "$out/philox-stream" "${args[@]}" || true; } | dieharder -g 200 "${options[@]}"
echo "wall time: $(( $(date +%s) - start )) s" >&2
