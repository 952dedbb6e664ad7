#!/usr/bin/env bash
# The steps of the composite action (action.yml at the repository's root), one subcommand a step,
# so they run and are tested the same outside GitHub Actions (.ci/action-rehearsal):
#   run-check.sh install   INPUT_VERSION, INPUT_RELEASE_URL         -> outputs binary, folder; PATH
#   run-check.sh check     DNSIM_EVENTS (the binary), INPUT_SCENARIO, INPUT_BASELINE, INPUT_ARMS,
#                          INPUT_STRICT, INPUT_OUT, INPUT_ARTIFACT_NAME, INPUT_PAGE_ARTIFACT_NAME
#                          -> outputs exit-code, junit, reports, pages
#   run-check.sh verdict   EXIT_CODE                                 -> exits with it
# Inputs arrive as environment variables, never pasted into the script (no injection through them).
set -euo pipefail
action=$(cd "$(dirname "$0")/../.." && pwd)

output() { echo "$1=$2" >> "${GITHUB_OUTPUT:?run-check.sh runs as a step of action.yml (GITHUB_OUTPUT is not set)}"; }
summary() { if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat >> "$GITHUB_STEP_SUMMARY"; else cat > /dev/null; fi; }
die() { echo "::error title=dnsim-events action::$*"; exit 1; }

install() {
    local version=${INPUT_VERSION:-} base name dir file
    [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "version: '$version' is not a release such as 0.2.0"
    # The release is one static x86_64 Linux binary (glibc 2.35+): say so rather than fail on exec.
    [ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] \
        || die "dnsim-events releases run on x86_64 Linux (glibc 2.35 or later); this runner is $(uname -s) $(uname -m): use runs-on: ubuntu-22.04 or later"
    base=${INPUT_RELEASE_URL:-$("$action/tools/release-url")}
    base=${base%/}
    name=dnsim-events-$version-linux-x86_64
    dir=${RUNNER_TEMP:?}/dnsim-events-$version
    rm -rf "$dir" && mkdir -p "$dir"
    for file in "$name.tar.gz" "$name.tar.gz.sha256"; do
        echo "downloading $base/v$version/$file"
        curl -fsSL --retry 3 -o "$dir/$file" "$base/v$version/$file" || die "could not download $base/v$version/$file"
    done
    # The checksum file must name this tarball and nothing else, so -c checks the file we extract.
    grep -qE "^[0-9a-f]{64}  $name\.tar\.gz\$" "$dir/$name.tar.gz.sha256" && [ "$(wc -l < "$dir/$name.tar.gz.sha256")" -eq 1 ] \
        || die "$name.tar.gz.sha256 is not one SHA-256 line for $name.tar.gz"
    (cd "$dir" && sha256sum -c "$name.tar.gz.sha256") || die "$name.tar.gz does not match its published SHA-256: not installed"
    tar -xzf "$dir/$name.tar.gz" -C "$dir"
    (cd "$dir/$name" && sha256sum -c --quiet SHA256SUMS) || die "the files in $name.tar.gz do not match its SHA256SUMS"
    "$dir/$name/dnsim-events" --version
    output binary "$dir/$name/dnsim-events"
    output folder "$dir/$name"
    echo "$dir/$name" >> "${GITHUB_PATH:-/dev/null}"
}

check() {
    local bin=${DNSIM_EVENTS:?} out=${INPUT_OUT:-dnsim-events-reports} words=() scenarios=() matches=() word arms args status log version
    local pages page
    # Scenarios: words separated by spaces or newlines, each a file or a glob.
    read -r -d '' -a words <<<"${INPUT_SCENARIO:-}" || true
    [ "${#words[@]}" -gt 0 ] || die "scenario: give the scenario files to check, e.g. scenario: policy/*.yaml"
    shopt -s nullglob
    for word in "${words[@]}"; do
        # shellcheck disable=SC2206  # the glob is meant to expand here
        matches=($word)
        [ "${#matches[@]}" -gt 0 ] || die "scenario: $word matches no file"
        scenarios+=("${matches[@]}")
    done
    shopt -u nullglob
    args=(check "${scenarios[@]}" --baseline "${INPUT_BASELINE:-Reports}" --out "$out" --junit "$out/junit.xml")
    # arms: commas, spaces or newlines between full arm names.
    arms=$(printf '%s' "${INPUT_ARMS:-}" | tr -s ' \t\n,' ',' | sed 's/^,//; s/,$//')
    [ -z "$arms" ] || args+=(--arms "$arms")
    case "${INPUT_STRICT:-false}" in true) args+=(--strict) ;; false|"") ;; *) die "strict: '$INPUT_STRICT' is neither true nor false" ;; esac
    echo "dnsim-events ${args[*]}"
    log=${RUNNER_TEMP:?}/dnsim-events-check.log
    # check writes its annotations to stdout and its own section of the step summary; tee keeps a
    # copy of the log for a setup error, which check leaves out of the summary.
    set +o pipefail
    "$bin" "${args[@]}" 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
    set -o pipefail
    output exit-code "$status"
    [ -f "$out/junit.xml" ] && output junit "$out/junit.xml"
    [ -d "$out" ] && output reports "$out"
    # The pages to open: each scenario folder's report.html, as <scenario>.html, in a folder of their own.
    pages=${out%/}-pages
    rm -rf "$pages"
    for page in "$out"/*/report.html; do
        [ -f "$page" ] || continue
        mkdir -p "$pages"
        cp "$page" "$pages/$(basename "$(dirname "$page")").html"
    done
    [ -d "$pages" ] && output pages "$pages"
    version=$("$bin" --version 2>/dev/null | head -n 1 || true)
    if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
        printf '### dnsim-events check: not run to the end (exit %s: bad input or setup)\n\n```\n%s\n```\n\n' "$status" "$(tail -n 20 "$log")" | summary
    fi
    {
        printf '%s; ' "$version"
        if [ -d "$pages" ]; then
            printf 'open the report pages (one `<scenario>.html` per scenario) in the artifact `%s`; ' \
                "${INPUT_PAGE_ARTIFACT_NAME:-dnsim-events-report}"
        fi
        if [ -d "$out" ]; then printf 'reports and JUnit (`%s/junit.xml`) in the artifact `%s`.\n' "$out" "${INPUT_ARTIFACT_NAME:-dnsim-events-reports}"
        else printf 'no reports written.\n'; fi
    } | summary
}

verdict() {
    local code=${EXIT_CODE:?}
    case "$code" in
        0) echo "dnsim-events check passed" ;;
        1) echo "dnsim-events check found regressions: the step summary has the table, the artifact the reports"; exit 1 ;;
        *) echo "::error title=dnsim-events action::dnsim-events check exited $code (bad input or setup): its step's log says why"; exit "$code" ;;
    esac
}

case "${1:-}" in
    install|check|verdict) "$1" ;;
    *) echo "usage: run-check.sh install|check|verdict (a step of action.yml)" >&2; exit 2 ;;
esac
