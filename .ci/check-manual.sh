#!/usr/bin/env bash
# Generates the man page with swift-argument-parser's generate-manual plugin and checks that it
# has an entry for every subcommand and alias of the built binary (read from its help dump).
set -euo pipefail
cd "$(dirname "$0")/.."
swift package plugin --allow-writing-to-package-directory generate-manual --configuration debug
page=.build/plugins/GenerateManual/outputs/checklist/checklist.1
names=$(.build/debug/checklist --experimental-dump-help | python3 -c '
import json, sys
def walk(command):
    for sub in command.get("subcommands", []):
        if sub["commandName"] != "help":
            yield sub["commandName"]
            yield from sub.get("aliases", [])
            yield from walk(sub)
print("\n".join(walk(json.load(sys.stdin)["command"])))')
missing=0
for name in $names; do
    if ! grep -Eq "^\.It Em (\"|\"[a-z, ]*, )?$name(\"|,|$)" "$page"; then
        echo "man page: no entry for '$name'" >&2
        missing=1
    fi
done
[ "$missing" -eq 0 ] && echo "man page: every subcommand has an entry ($(echo $names | wc -w) names)"
exit "$missing"
