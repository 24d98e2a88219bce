#!/usr/bin/env bash
# Checks the Debian package as a user gets it (issue 52): lintian reports no error (and no
# warning beyond those packaging/README.md lists); at most 20 MiB; `apt-get install ./…deb`
# installs it; the installed `checklist` runs and finds `checklist-serve` beside it; `man`
# finds the subcommands' pages; bash, zsh and fish each complete from the installed script;
# `apt-get remove` leaves none of its files behind. Needs root (or sudo), and a machine where
# nothing else installed a package named checklist.
#
#     bash .ci/check-package.sh PACKAGE.deb
set -euo pipefail
deb=$(realpath "${1:?name the package: bash .ci/check-package.sh checklist_VERSION_amd64.deb}")
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
fail() { echo "package: $*" >&2; exit 1; }

# lintian: no error; the warnings left are the ones packaging/README.md explains.
allowed=$(sed -n 's/^- `\([a-z0-9-]*\)`.*/\1/p' "$(dirname "$0")/../packaging/README.md")
report=$(lintian --no-tag-display-limit "$deb" 2>/dev/null || true)
if grep -q '^E:' <<<"$report"; then fail "lintian reports errors:"$'\n'"$report"; fi
while read -r line; do
    [ -n "$line" ] || continue
    tag=$(awk '{print $3}' <<<"$line")
    grep -qxF "$tag" <<<"$allowed" || fail "lintian warns (explain it in packaging/README.md or mend it): $line"
done < <(grep '^W:' <<<"$report" || true)

size=$(stat -c %s "$deb")
[ "$size" -le $((20 * 1024 * 1024)) ] || fail "$deb is $size bytes, over 20 MiB"

version=$(dpkg-deb -f "$deb" Version)
files=$(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ {sub(/^\./, "", $6); print $6}')
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$deb" >/dev/null
trap 'DEBIAN_FRONTEND=noninteractive $SUDO apt-get remove -y -qq checklist >/dev/null 2>&1 || true' EXIT

[ "$(/usr/bin/checklist --version)" = "$version" ] || fail "/usr/bin/checklist --version is not $version"
scratch=$(mktemp -d)
CHECKLIST_DB=$scratch/try.db /usr/bin/checklist add -q -l camping Tent Stove >/dev/null
[ "$(CHECKLIST_DB=$scratch/try.db /usr/bin/checklist count -l camping)" = "0 2" ] ||
    fail "the installed checklist does not keep a list"
# `checklist serve` runs the checklist-serve installed beside it.
CHECKLIST_DB=$scratch/try.db /usr/bin/checklist serve --help | grep -q -- '--new-link' ||
    fail "checklist serve does not run the installed checklist-serve"

[ "$(man -w checklist-sync)" = /usr/share/man/man1/checklist-sync.1.gz ] ||
    fail "man -w checklist-sync does not find the installed page"
[ "$(man -w checklist)" = /usr/share/man/man1/checklist.1.gz ] || fail "man -w checklist"

# Each shell completes a subcommand from the installed script alone.
got=$(bash --norc -c '
    source /usr/share/bash-completion/completions/checklist
    COMP_WORDS=(checklist syn); COMP_CWORD=1; COMP_LINE="checklist syn"; COMP_POINT=${#COMP_LINE}
    $(complete -p checklist | sed "s/.*-F \([^ ]*\).*/\1/") checklist syn checklist
    printf "%s\n" "${COMPREPLY[@]}"')
grep -qx sync <<<"$got" || fail "bash does not complete 'checklist syn' to sync: $got"
got=$(zsh -f -c '
    fpath=(/usr/share/zsh/vendor-completions $fpath)
    autoload -Uz compinit && compinit -u -D
    print -r -- ${_comps[checklist]}')
[ "$got" = _checklist ] || fail "zsh does not take _checklist from vendor-completions: '$got'"
# (fish's --no-config would leave the vendor folders out of its search; a new home instead.)
got=$(HOME=$scratch fish -c 'complete -C "checklist syn"' | cut -f1)
grep -qx sync <<<"$got" || fail "fish does not complete 'checklist syn' to sync: $got"

rm -rf "$scratch"

DEBIAN_FRONTEND=noninteractive $SUDO apt-get remove -y -qq checklist >/dev/null
trap - EXIT
left=()
while read -r file; do [ ! -e "$file" ] || left+=("$file"); done <<<"$files"
[ ${#left[@]} -eq 0 ] || fail "apt-get remove left: ${left[*]}"
echo "package: $(basename "$deb") ($size bytes) installs, runs, completes in bash, zsh and fish, and leaves nothing behind"
