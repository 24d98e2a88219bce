#!/usr/bin/env bash
# Checks that the release checklist is linked as Package.swift asks, since only the release
# configuration uses those flags and the tests run the debug build: an executable at a fixed
# address (no load-time relocations of its own), and no libstdc++.so or libgcc_s.so to load
# (GCC's static archives are linked in). Not for a build made with CHECKLIST_PIE=1.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/checklist}
status=0
if ! readelf -h "$binary" | grep -Eq 'Type:[[:space:]]+EXEC '; then
    echo "release link: $binary is not a fixed-address executable (-no-pie did not apply):" >&2
    readelf -h "$binary" | grep 'Type:' >&2
    status=1
fi
if readelf -d "$binary" | grep -E 'NEEDED.*(libstdc\+\+|libgcc_s)' >&2; then
    echo "release link: $binary loads the shared C++ or GCC library (see Package.swift)" >&2
    status=1
fi
relocations=$(readelf -r "$binary" | grep -cE 'R_[A-Z0-9_]+_RELATIVE' || true)
if [ "$relocations" -gt 0 ]; then
    echo "release link: $binary has $relocations relative relocations; expected none" >&2
    status=1
fi
[ "$status" -eq 0 ] && echo "release link: fixed address, no relative relocations, static C++ and GCC libraries"
exit "$status"
