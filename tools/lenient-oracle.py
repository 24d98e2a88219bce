#!/usr/bin/env python3
"""A differential check of `checklist import --lenient` against a real CommonMark parser.

A developer's tool, not part of the build: CI does not run it and nothing in the package
depends on it. It needs two PyPI packages, best in a virtualenv outside the repository:

    python3 -m venv /tmp/oracle-venv
    /tmp/oracle-venv/bin/pip install markdown-it-py mdit-py-plugins
    /tmp/oracle-venv/bin/python tools/lenient-oracle.py FILE.md ...

For each Markdown input it derives from markdown-it-py's token stream (CommonMark, plus GFM
tables, with mdit_py_plugins' task lists marking the task items) what CONTRACT.md's
"Importing Markdown as people write it" says `import --lenient` should produce:

- a task is a list item whose first block is a paragraph starting with `[ ]`, `[x]` or `[X]`
  and white space; its title is that paragraph's source text after the marker (the lines in
  the paragraph's `map` range, without their container prefixes), each line trimmed, joined
  with one space, inline Markdown kept as written; an empty title is no item;
- a nested task's title is prefixed with its ancestor tasks' titles, joined by ` › `;
- it goes to the list named by the nearest preceding heading of level <= --split-level (one
  that is not inside a block quote and whose text is not blank), else to `default`;
- contract rules that CommonMark does not have: front matter at the top is skipped, and so is
  anything inside a block quote (such tasks are reported as "contract skips", not expected).

It then builds nothing itself: it runs the built program (`--checklist`, default
.build/debug/checklist) as `checklist --db TMP import --lenient FILE` and
`checklist --db TMP list --all --format json`, and prints, per input, the items only one side
has, and a refusal (non-zero exit) of a file the oracle finds tasks in.

Inputs: Markdown files, and with --spec SPEC.txt every example of a CommonMark-style spec
(`→` standing for a tab), each also with every list marker at the start of a line turned into
a task marker (`- foo` -> `- [ ] foo`) to exercise the block structure.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

from markdown_it import MarkdownIt
from mdit_py_plugins.tasklists import tasklists_plugin

TASK = re.compile(r"\[([ xX])\][ \t\n\v\f\r]+")
# Markdown ends lines only at LF and CR; these are text, which a reader sees as a space.
SHOWN_AS_SPACE = str.maketrans(
    {"\v": " ", "\f": " ", "\x85": " ", "\u2028": " ", "\u2029": " ", "\0": "\ufffd"}
)
EXAMPLE_FENCE = re.compile(r"^`{32} example")
MARKER = re.compile(r"^([ \t>]*(?:[-*+]|[0-9]{1,9}[.)]))([ \t]+)", re.M)


def parser() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("table")


def shown(text: str) -> str:
    return text.translate(SHOWN_AS_SPACE).strip(" \t")


def joined_lines(content: str) -> str:
    """A paragraph's lines, each trimmed, joined with one space (as a title holds them)."""
    lines = (line.strip(" \t") for line in content.split("\n"))
    return shown(" ".join(line for line in lines if line))


def front_matter_length(lines: list[str]) -> int:
    """Lines of `---` (YAML) or `+++` (TOML) front matter at the top, delimiters included."""
    if not lines:
        return 0
    opening = lines[0].strip(" \t")
    if opening not in ("---", "+++"):
        return 0
    closers = ("---", "...") if opening == "---" else ("+++",)
    for index, line in enumerate(lines[1:], start=1):
        if line.strip(" \t") in closers:
            return index + 1
    return 0


@dataclass
class Expected:
    items: list[tuple[str, str, bool]] = field(default_factory=list)  # (list, title, checked)
    contract_skips: list[str] = field(default_factory=list)  # why a CommonMark task is no item
    map_mismatches: list[str] = field(default_factory=list)  # sanity check of the oracle


def split_lines(text: str) -> list[str]:
    return re.split(r"\r\n|\r|\n", text)


def expected(text: str, split_level: int = 6) -> Expected:
    """What the contract says `import --lenient` takes from `text`."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = split_lines(text)
    result = Expected()
    skip = front_matter_length(lines)
    if skip:
        result.contract_skips.append(f"front matter (lines 1-{skip})")
        text = "\n" * skip + "\n".join(lines[skip:])
    tokens = parser().parse(text)
    # The plugin rewrites the inline content it marks, so the text is read from a plain parse
    # and the plugin's marks from a second one: the token streams are the same otherwise.
    marks = [
        "task-list-item" in str(token.attrs.get("class", ""))
        for token in parser().use(tasklists_plugin).parse(text)
    ]
    source = split_lines(text)
    stack: list[dict] = []  # open containers: {"type", "title"}
    heading: str | None = None
    for index, token in enumerate(tokens):
        if token.nesting == 1 and token.type in ("blockquote_open", "list_item_open"):
            stack.append({"type": token.type, "title": None})
        elif token.nesting == -1 and token.type in ("blockquote_close", "list_item_close"):
            stack.pop()
        quoted = any(container["type"] == "blockquote_open" for container in stack)
        if token.type == "heading_open":
            level = int(token.tag[1])
            name = joined_lines(tokens[index + 1].content)
            if name.isspace():
                name = ""
            if quoted:
                if level <= split_level and name:
                    result.contract_skips.append(f"heading in a block quote: {name!r}")
                continue
            if level <= split_level and name:
                heading = name
        if token.type != "inline" or index < 2:
            continue
        if tokens[index - 1].type != "paragraph_open" or tokens[index - 2].type != "list_item_open":
            continue
        match = TASK.match(token.content)
        if bool(match) != marks[index - 2]:
            result.map_mismatches.append(f"plugin and oracle disagree on {token.content!r}")
        if not match:
            continue
        if not starts_item(tokens[index - 2], tokens[index - 1], source):
            # markdown-it leaves no token for a link reference definition: here one is the
            # item's first block, so this paragraph is its second, and no task.
            result.contract_skips.append(f"not a task, a definition precedes: {token.content!r}")
            continue
        check_map(tokens[index - 1], token, source, result)
        title = joined_lines(token.content[3:])
        if not title or title.isspace():
            continue
        stack[-1]["title"] = title
        parents = [container["title"] for container in stack[:-1] if container["title"]]
        full = " › ".join(parents + [title])
        if quoted:
            result.contract_skips.append(f"task in a block quote: {full!r}")
            continue
        result.items.append((heading or "default", full, match.group(1) != " "))
    return result


def starts_item(item, paragraph, source: list[str]) -> bool:
    """Whether the paragraph starts on the item's first line, or on the next one under a
    marker that stands alone (`-`, `1.`; markdown-it's `markup` is `-` or the `.` of `1.`)."""
    first = item.map[0]
    if paragraph.map[0] == first:
        return True
    return paragraph.map[0] == first + 1 and source[first].rstrip(" \t").endswith(item.markup)


def check_map(paragraph, inline, source: list[str], result: Expected) -> None:
    """Each line of the paragraph's text is the end of a source line in its `map` range
    (markdown-it reads NUL as U+FFFD, as CommonMark says)."""
    start, end = paragraph.map
    content = inline.content.split("\n")
    if len(content) != end - start:
        result.map_mismatches.append(f"paragraph at line {start + 1}: {len(content)} lines")
        return
    for number, (line, text) in enumerate(zip(source[start:end], content), start=start + 1):
        # Runs of spaces and tabs compared as one space: markdown-it turns the part of a tab
        # that container indentation leaves over into spaces.
        line = re.sub(r"[ \t]+", " ", line.replace("\0", "\ufffd")).rstrip(" ")
        if not line.endswith(re.sub(r"[ \t]+", " ", text).strip(" ")):
            result.map_mismatches.append(f"line {number}: {text!r} is not in {line!r}")


@dataclass
class Actual:
    status: int
    stderr: str
    items: list[tuple[str, str, bool]]


def actual(program: str, path: str, split_level: int) -> Actual:
    with tempfile.TemporaryDirectory() as folder:
        db = os.path.join(folder, "oracle.db")
        env = {key: value for key, value in os.environ.items() if not key.startswith("CHECKLIST_")}
        env.update(HOME=folder, XDG_DATA_HOME=folder)
        command = [program, "--db", db, "import", "--lenient", path]
        if split_level != 6:
            command += ["--split-level", str(split_level)]
        run = subprocess.run(command, capture_output=True, env=env, stdin=subprocess.DEVNULL)
        stderr = run.stderr.decode("utf-8", "replace").strip()
        if run.returncode != 0 or not os.path.exists(db):
            return Actual(run.returncode, stderr, [])
        listed = subprocess.run(
            [program, "--db", db, "list", "--all", "--format", "json"],
            capture_output=True, env=env, stdin=subprocess.DEVNULL, check=True)
        rows = json.loads(listed.stdout)
        rows.sort(key=lambda row: row["id"])
        return Actual(0, stderr, [(row["list"], row["title"], row["isSelected"]) for row in rows])


def by_list(items: list[tuple[str, str, bool]]) -> dict[str, list[tuple[str, bool]]]:
    lists: dict[str, list[tuple[str, bool]]] = {}
    for name, title, checked in items:
        lists.setdefault(name, []).append((title, checked))
    return lists


def differences(want: Expected, got: Actual) -> list[str]:
    notes = [f"oracle: {mismatch}" for mismatch in want.map_mismatches]
    if got.status != 0:
        notes.append(f"exit {got.status}: {got.stderr} (oracle: {len(want.items)} items)")
        return notes
    expected_lists, actual_lists = by_list(want.items), by_list(got.items)
    for name in list(dict.fromkeys(list(expected_lists) + list(actual_lists))):
        wanted, had = expected_lists.get(name, []), actual_lists.get(name, [])
        if wanted == had:
            continue
        for title, checked in wanted:
            if (title, checked) not in had:
                notes.append(f"missing in {name!r}: [{'x' if checked else ' '}] {title!r}")
        for title, checked in had:
            if (title, checked) not in wanted:
                notes.append(f"extra in {name!r}: [{'x' if checked else ' '}] {title!r}")
        if sorted(wanted) == sorted(had):
            notes.append(f"order differs in {name!r}")
    return notes


def spec_examples(path: str) -> list[tuple[str, str]]:
    """(name, markdown) of each example of a spec file, `→` read as a tab."""
    examples, lines, inside, section, number = [], [], False, "", 0
    with open(path, encoding="utf-8") as spec:
        for line in spec.read().split("\n"):
            if not inside and line.startswith("#"):
                section = line.lstrip("#").strip()
            if EXAMPLE_FENCE.match(line):
                inside, lines, in_markdown = True, [], True
                number += 1
            elif inside and line == "." and in_markdown:
                in_markdown = False
                markdown = "\n".join(lines) + "\n" if lines else ""
                examples.append((f"example {number} ({section})", markdown.replace("→", "\t")))
            elif inside and line.startswith("`" * 32):
                inside = False
            elif inside and in_markdown:
                lines.append(line)
    return examples


def taskified(markdown: str) -> str:
    """Every list marker at the start of a line (after indentation or `>`) made a task's."""
    return MARKER.sub(lambda match: match.group(1) + match.group(2) + "[ ] ", markdown)


def fuzzed(count: int, seed: int) -> list[tuple[str, str]]:
    """Small random documents of the lines checklists are made of, nested at random."""
    import random

    chance = random.Random(seed)
    indents = ["", "", "", " ", "  ", "   ", "    ", "     ", "\t", "  \t"]
    prefixes = ["", "", "", "- ", "* ", "+ ", "1. ", "2) ", "10. ", "-", "> ", ">", "- - ", "> - "]
    words = ["Tent", "Stove", "a | b", "`code`", "*em*", "foo\\", "&amp;", "Map  "]
    bodies = [
        "[ ] {w}", "[x] {w}", "[X] {w}", "[ ]", "[ ]\t{w}", "{w}", "{w} {w}", "# {w}",
        "## {w} ##", "---", "===", "***", "```", "~~~", "<div>", "<!-- {w} -->", "<!--",
        "-->", "| {w} | b |", "|---|---|", "", "", "[x]{w}", "1. [ ] {w}", "{w} | {w}",
        "--|--", "<script>", "</script>", "<?x", "?>", "[ref]: /url", "\\- [ ] {w}",
        "- [ ] {w}", "[ ]  {w}", "#{w}", "# {w} #", "<br/>", "<del>{w}</del>", "    {w}",
    ]
    documents = []
    for number in range(count):
        lines = []
        for _ in range(chance.randint(1, 10)):
            body = chance.choice(bodies).replace("{w}", chance.choice(words))
            lines.append(chance.choice(indents) + chance.choice(prefixes) + body)
        documents.append((f"fuzz {seed}:{number}", "\n".join(lines) + "\n"))
    return documents


def main() -> int:
    arguments = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    arguments.add_argument("files", nargs="*", help="Markdown files")
    arguments.add_argument("--spec", action="append", default=[], help="a spec.txt file")
    arguments.add_argument("--only", help="only inputs whose name contains this")
    arguments.add_argument("--fuzz", type=int, default=0, help="this many random documents")
    arguments.add_argument("--seed", type=int, default=1, help="of the random documents")
    arguments.add_argument("--checklist", default=".build/debug/checklist")
    arguments.add_argument("--split-level", type=int, default=6)
    arguments.add_argument("--verbose", action="store_true", help="show contract skips too")
    options = arguments.parse_args()

    inputs: list[tuple[str, bytes]] = []
    for path in options.files:
        with open(path, "rb") as file:
            inputs.append((path, file.read()))
    for spec in options.spec:
        for name, markdown in spec_examples(spec):
            inputs.append((f"{os.path.basename(spec)} {name}", markdown.encode()))
            variant = taskified(markdown)
            if variant != markdown:
                inputs.append((f"{os.path.basename(spec)} {name} as tasks", variant.encode()))
    for name, markdown in fuzzed(options.fuzz, options.seed):
        inputs.append((name, markdown.encode()))
    if options.only:
        inputs = [(name, data) for name, data in inputs if options.only in name]

    compared = agreeing = with_tasks = contract_only = 0
    with tempfile.TemporaryDirectory() as folder:
        for name, data in inputs:
            path = os.path.join(folder, "input.md")
            with open(path, "wb") as file:
                file.write(data)
            want = expected(data.decode("utf-8", "replace"), options.split_level)
            got = actual(options.checklist, path, options.split_level)
            notes = differences(want, got)
            compared += 1
            with_tasks += bool(want.items or got.items)
            contract_only += bool(want.contract_skips)
            if not notes:
                agreeing += 1
                if options.verbose and want.contract_skips:
                    print(f"== {name}: agrees; contract skips: {'; '.join(want.contract_skips)}")
                continue
            print(f"== {name}")
            for note in notes:
                print(f"   {note}")
            for skip in want.contract_skips:
                print(f"   (contract skips {skip})")
            if options.verbose:
                print("   input: " + repr(data.decode("utf-8", "replace")))
    print(
        f"compared {compared} inputs: {agreeing} agree, {compared - agreeing} differ; "
        f"{with_tasks} had tasks on either side; {contract_only} had a contract skip")
    return 0 if agreeing == compared else 1


if __name__ == "__main__":
    sys.exit(main())
