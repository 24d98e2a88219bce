#!/usr/bin/env bash
# Checks that the release binaries (checklist and checklist-serve, or those named) are linked as
# Package.swift asks, since only the release
# configuration uses those flags and the tests run the debug build: a position-independent
# executable (the platform's hardening: its code is placed at random too), its relative
# relocations packed (DT_RELR), and no libstdc++.so or libgcc_s.so to load (GCC's static
# archives are linked in).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
check() {
    local binary=$1
    if ! readelf -h "$binary" | grep -Eq 'Type:[[:space:]]+DYN '; then
        echo "release link: $binary is not position-independent (expected Type: DYN):" >&2
        readelf -h "$binary" | grep 'Type:' >&2
        status=1
    fi
    if ! readelf -d "$binary" | grep -Eq '\(FLAGS_1\).*PIE'; then
        echo "release link: $binary is not marked PIE in its dynamic section" >&2
        status=1
    fi
    if ! readelf -d "$binary" | grep -Eq '\(RELR\)'; then
        echo "release link: $binary has no packed relative relocations (DT_RELR)" >&2
        status=1
    fi
    if readelf -d "$binary" | grep -E 'NEEDED.*(libstdc\+\+|libgcc_s)' >&2; then
        echo "release link: $binary loads the shared C++ or GCC library (see Package.swift)" >&2
        status=1
    fi
}
[ $# -gt 0 ] || set -- .build/release/checklist .build/release/checklist-serve
for binary in "$@"; do
    before=$status
    check "$binary"
    [ "$status" -ne "$before" ] ||
        echo "release link: $binary: position-independent, packed relocations, static C++ and GCC libraries"
done
exit "$status"
