#!/usr/bin/env bash
# Writes the man page from the binary's command definitions (tools/man-page.py) and checks it
# as `man` renders it: no warning from man/groff, an entry for every subcommand and alias of
# the built binary (read from its help dump), the sections a reader looks for, and characters
# that are not ASCII kept (the ` › ` of nested titles).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=.build/debug/checklist
page=$(mktemp)
rendered=$(mktemp)
warnings=$(mktemp)
trap 'rm -f "$page" "$rendered" "$warnings"' EXIT
"$binary" --experimental-dump-help | python3 tools/man-page.py > "$page"
LANG=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" > "$rendered" 2> "$warnings"
status=0
if [ -s "$warnings" ]; then
    echo "man page: man warns:" >&2
    cat "$warnings" >&2
    status=1
fi
names=$("$binary" --experimental-dump-help | python3 -c '
import json, sys
def walk(command, path):
    for sub in command.get("subcommands", []):
        if sub["commandName"] != "help":
            name = " ".join(path + [sub["commandName"]])
            yield name
            for alias in sub.get("aliases", []):
                yield "alias: " + alias
            yield from walk(sub, path + [sub["commandName"]])
print("\n".join(walk(json.load(sys.stdin)["command"], [])))')
while IFS= read -r name; do
    if ! grep -Eq "^     ${name}( |$|\))|\(${name}\)" "$rendered"; then
        echo "man page: no entry for '$name'" >&2
        status=1
    fi
done <<< "$names"
# No path or URI hyphenated across lines at 80 or 64 columns (issue 29, 16).
for width in 80 64; do
    if LANG=C.UTF-8 MANWIDTH=$width man -l "$page" 2>/dev/null | grep -E '[~/$][^ ]*[[:alnum:]._](-|‐)$'; then
        echo "man page: a path is hyphenated across lines at $width columns" >&2
        status=1
    fi
done
grep -q 'postgresql://' "$rendered" && grep -q '~/.pgpass' "$rendered" && grep -q 'PGPASSWORD' "$rendered" \
    || { echo "man page: ENVIRONMENT does not name postgresql://, PG* and ~/.pgpass" >&2; status=1; }
for section in NAME SYNOPSIS DESCRIPTION COMMANDS ENVIRONMENT FILES "EXIT STATUS"; do
    grep -q "^$section\$" "$rendered" || { echo "man page: no $section section" >&2; status=1; }
done
grep -q "Toiletries › Toothbrush" "$rendered" \
    || { echo "man page: the characters that are not ASCII were lost" >&2; status=1; }
grep -Eq "^     64 +Usage error" "$rendered" \
    || { echo "man page: EXIT STATUS does not list 64" >&2; status=1; }
grep -Eq "^ {15,}checklist add -l camping" "$rendered" \
    || { echo "man page: examples are not set apart from the prose" >&2; status=1; }
# One page a subcommand (`man checklist-sync`), as git has: each renders without a warning,
# with its sections, and names the subcommand; checklist(1) points to each.
pages=$(mktemp -d)
trap 'rm -rf "$page" "$rendered" "$warnings" "$pages"' EXIT
"$binary" --experimental-dump-help | python3 tools/man-page.py --dir "$pages"
for name in $(echo "$names" | grep -v '^alias: ' | grep -v ' ' ); do
    file=$pages/checklist-$name.1
    [ -f "$file" ] || { echo "man page: no checklist-$name(1)" >&2; status=1; continue; }
    text=$(LANG=C.UTF-8 MANWIDTH=80 man --warnings -l "$file" 2> "$warnings")
    [ -s "$warnings" ] && { echo "man page: checklist-$name(1): man warns:" >&2; cat "$warnings" >&2; status=1; }
    for section in NAME SYNOPSIS DESCRIPTION "EXIT STATUS" "SEE ALSO"; do
        grep -q "^$section\$" <<< "$text" || { echo "man page: checklist-$name(1) has no $section" >&2; status=1; }
    done
    grep -q "checklist $name" <<< "$text" || { echo "man page: checklist-$name(1) does not show checklist $name" >&2; status=1; }
    LANG=C.UTF-8 MANWIDTH=80 man -l "$pages/checklist.1" 2>/dev/null | grep -q "checklist-$name(1)" \
        || { echo "man page: checklist(1) does not point to checklist-$name(1)" >&2; status=1; }
done
[ "$status" -eq 0 ] && echo "man page: $(echo "$names" | wc -l) entries, every section, no warning; $(ls "$pages" | wc -l) pages"
exit "$status"
