#!/usr/bin/env bash
# Builds checklist's Debian package from the release build, with dpkg-deb:
#
#     bash packaging/deb.sh OUTDIR              build both binaries, then the package
#     bash packaging/deb.sh --no-build OUTDIR   package the release build as it is
#
# The package is OUTDIR/checklist_VERSION_ARCH.deb (VERSION is what `checklist --version`
# says); its path is the last line printed. What goes where, and why the package is the size it
# is: packaging/README.md.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
die() { echo "packaging/deb.sh: $*" >&2; exit 1; }

build=1
out=""
while [ $# -gt 0 ]; do
    case $1 in
        --no-build) build=0; shift ;;
        -h | --help) sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) die "unknown option '$1' (see --help)" ;;
        *) [ -z "$out" ] || die "one OUTDIR only (see --help)"; out=$1; shift ;;
    esac
done
[ -n "$out" ] || die "name the folder the package goes in: bash packaging/deb.sh OUTDIR"
for tool in dpkg-deb dpkg-shlibdeps python3 gzip strip; do
    command -v "$tool" >/dev/null 2>&1 ||
        die "$tool is missing (apt-get install dpkg-dev python3 gzip binutils)"
done
mkdir -p "$out"
out=$(cd "$out" && pwd)

cd "$REPO"
release=(swift build -c release --static-swift-stdlib)
if [ "$build" -eq 1 ]; then
    "${release[@]}" --product checklist >&2
    "${release[@]}" --product checklist-serve >&2
fi
bin=$("${release[@]}" --show-bin-path)
for binary in checklist checklist-serve; do
    [ -x "$bin/$binary" ] || die "no release build at $bin/$binary (run without --no-build)"
done
version=$("$bin/checklist" --version)
[[ $version =~ ^[0-9][A-Za-z0-9.+~]*$ ]] || die "'checklist --version' says '$version', not a version"
arch=$(dpkg --print-architecture)
# The files' times and the changelog's date: the last commit's, so a build is repeatable.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/root
umask 022
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/doc/checklist"

# The binaries, stripped (they stay position-independent: strip keeps the dynamic section).
install -m 755 -s "$bin/checklist" "$bin/checklist-serve" "$root/usr/bin/"

# checklist(1) and one page a subcommand (checklist-serve(1) is also the helper binary's page).
"$bin/checklist" --experimental-dump-help | python3 tools/man-page.py --dir "$stage/man"
for page in "$stage"/man/*.1; do
    gzip -9n < "$page" > "$root/usr/share/man/man1/$(basename "$page").gz"
done

"$bin/checklist" --generate-completion-script bash | sed "1{/^#!/d}" \
    > "$root/usr/share/bash-completion/completions/checklist"
"$bin/checklist" --generate-completion-script zsh > "$root/usr/share/zsh/vendor-completions/_checklist"
"$bin/checklist" --generate-completion-script fish \
    > "$root/usr/share/fish/vendor_completions.d/checklist.fish"

# The manual (Markdown, as in the source tree: its pages link each other and the screenshots).
install -d "$root/usr/share/doc/checklist/manual"
install -m 644 docs/manual/*.md "$root/usr/share/doc/checklist/manual/"
install -m 644 docs/serve-*.png "$root/usr/share/doc/checklist/"

maintainer=${DEBFULLNAME:-The checklist authors}" <"${DEBEMAIL:-checklist@users.noreply.github.com}">"
year=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y)
cat > "$root/usr/share/doc/checklist/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: checklist
Comment: The binaries link the Swift runtime, Foundation, GRDB.swift and
 swift-argument-parser statically, each under the Apache-2.0 license (with, for
 Swift and Foundation, the Runtime Library Exception), and ICU's data, under the
 Unicode license.

Files: *
Copyright: $year the checklist authors
License: Apache-2.0

License: Apache-2.0
 Licensed under the Apache License, Version 2.0 (the "License"); you may not
 use this file except in compliance with the License. You may obtain a copy of
 the License at https://www.apache.org/licenses/LICENSE-2.0
 .
 Unless required by applicable law or agreed to in writing, software
 distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
 WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
 License for the specific language governing permissions and limitations under
 the License.
 .
 On Debian systems, the complete text of the Apache License, Version 2.0 can be
 found in "/usr/share/common-licenses/Apache-2.0".
COPYRIGHT
{
    echo "checklist ($version) unstable; urgency=medium"
    echo
    echo "  * Release $version: lists in SQLite, shared lists on PostgreSQL, offline copies,"
    echo "    a page for phones (checklist serve). The commands: checklist(1)."
    echo
    echo " -- $maintainer  $(LC_ALL=C date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n > "$root/usr/share/doc/checklist/changelog.gz"

# Depends: what the binaries load, as dpkg-shlibdeps reads them (libc6, libsqlite3-0; GCC's
# and the C++ libraries are linked in). libpq is opened only for a postgresql:// database.
mkdir -p "$stage/debian"
printf 'Source: checklist\n\nPackage: checklist\nArchitecture: any\n' > "$stage/debian/control"
depends=$(cd "$stage" && dpkg-shlibdeps -O -e root/usr/bin/checklist -e root/usr/bin/checklist-serve \
    2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || die "dpkg-shlibdeps found no dependencies"

cat > "$root/DEBIAN/control" <<CONTROL
Package: checklist
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Recommends: libpq5
Suggests: qrencode, caddy
Section: utils
Priority: optional
Description: checklists that remember what you checked
 A command-line checklist manager for packing lists and the like: check items
 off one by one, reset the list for the next trip, check many at once and delete
 what is checked. Each item's selection is stored in SQLite, so it survives
 restarts and crashes, and items keep their IDs. Lists can be shared on a
 PostgreSQL server (libpq5), copied for offline use and synced, and shown on a
 phone's browser with checklist serve (qrencode draws its link as a QR code;
 caddy puts it behind HTTPS). Output for scripts: JSON, IDs and exit statuses.
CONTROL
(cd "$root" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

# One xz stream with preset 9's 64 MiB window: the two binaries share the Swift runtime,
# Foundation and ICU's data, and the second compresses against the first (packaging/README.md).
package=$out/checklist_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz -z9 --threads-max=1 --build "$root" "$package" >&2
echo "$package"
