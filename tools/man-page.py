#!/usr/bin/env python3
"""Writes checklist(1), the man page, in mdoc, from the binary's own command definitions; with
--dir, also one page for each subcommand (checklist-sync(1), as git has git-commit(1)).

    checklist --experimental-dump-help | python3 tools/man-page.py > checklist.1
    checklist --experimental-dump-help | python3 tools/man-page.py --dir man1

swift-argument-parser's generate-manual plugin strips every character that is not ASCII (the
` › ` of nested titles), runs "Example:" lines into the prose, writes empty input lines that
`man` warns about, and has no ENVIRONMENT or FILES and only ">0 if an error occurs" for EXIT
STATUS. This script reads the same definitions (ArgumentParser's help dump: every name,
abstract, discussion and option as `--help` shows them), and adds the sections the dump cannot
hold. The exit statuses, variables and files below are the contract's.
"""
import datetime
import json
import os
import sys

ENVIRONMENT = [
    ("CHECKLIST_DB", "The database, when --db is not given: a file, or a postgresql:// URI "
     "naming a PostgreSQL database."),
    ("PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE, PGSERVICE and the other PG* variables",
     "With a postgresql:// database, libpq reads them for what the URI leaves out; prefer "
     "PGPASSWORD, ~/.pgpass or a service file to a password in --db."),
    ("PGPASSFILE, PGSERVICEFILE", "Where libpq looks for the password file (default "
     "~/.pgpass, mode 0600) and the connection service file (default ~/.pg_service.conf, "
     "then the system's pg_service.conf)."),
    ("CHECKLIST_LIST", "The list commands work on, when -l/--list is not given (default: "
     "'default'). Checked as --list is: an empty or invalid name is a usage error."),
    ("XDG_DATA_HOME", "Without --db and CHECKLIST_DB, the database is "
     "$XDG_DATA_HOME/checklist/checklist.db."),
    ("HOME", "Without the above, the database is ~/.local/share/checklist/checklist.db."),
    ("CHECKLIST_SERVER_TIMEOUT", "With a postgresql:// database, how long each wait for the "
     "server may last once connected, in seconds (default 30; 0 waits forever): a server "
     "that stops answering ends the command with 74."),
    ("NO_COLOR", "Set and not empty: no colour on a terminal (the layout stays); "
     "--color always overrides it."),
    ("TERM", "dumb: no colour."),
]

FILES = [
    ("~/.local/share/checklist/checklist.db", "The default database: SQLite, in WAL mode, "
     "mode 0600 (its folder 0700). Query it with sqlite3 -cmd '.timeout 2000'."),
    ("checklist.db-wal, checklist.db-shm", "SQLite's write-ahead log and its index, beside the "
     "database while a command has it open; removed by the last command to close it."),
]

EXIT_STATUS = [
    ("0", "Success."),
    ("1", "A confirmation was answered no, count --all-checked found unchecked items, or "
     "pick (or --pick) was left with q or Esc: nothing chosen, nothing changed."),
    ("3", "An ID or list named does not exist; nothing changed."),
    ("64", "Usage error: a bad option, value, ID or argument; nothing changed."),
    ("65", "Not a checklist database, a damaged one, one of a newer schema, or a malformed "
     "import file; the file is left untouched."),
    ("74", "The database or a file cannot be opened, read or written (a full disk, a lock "
     "held past 5 seconds, a closed standard output), or a server stopped answering for "
     "longer than CHECKLIST_SERVER_TIMEOUT; nothing changed."),
    ("75", "undo refused: a later change by another author touched the same items or lists; "
     "or sync found that the server lost changes this copy holds (sync --restore-server "
     "gives them back); nothing changed."),
    ("130, 143, 129", "The edit mode or the picker ended by SIGINT (Ctrl-C), SIGTERM or "
     "SIGHUP (128 + the signal), with the terminal restored."),
]


def text(line):
    """A text line of mdoc: backslashes escaped, non-ASCII as groff's \\[uXXXX], and a line
    that would read as a macro or control line protected."""
    out = []
    for character in line:
        if character == "\\":
            out.append("\\e")
        elif ord(character) > 127:
            code = ord(character)
            out.append("\\[u%04X]" % code if code <= 0xFFFF else "\\[u%X]" % code)
        else:
            out.append(character)
    escaped = "".join(out)
    # A word with a path or a variable in it is never hyphenated (\% before it): broken at a
    # line's end with a hyphen, it would read as another path.
    escaped = " ".join("\\%" + word if ("/" in word or "$" in word) and not word.startswith((".", "'")) else word
                       for word in escaped.split(" "))
    if escaped.startswith((".", "'")):
        escaped = "\\&" + escaped
    return escaped


def argument(value):
    """A macro argument: quoted, with its quotes doubled."""
    return '"' + text(value).replace('"', '""') + '"'


def paragraphs(discussion):
    """The discussion's lines as paragraphs; `Example: CMD` as an indented command line."""
    lines = []
    for line in discussion.split("\n"):
        line = line.strip()
        if not line:
            continue
        lines.append(".Pp")
        if line.startswith("Example: "):
            lines.append("Example:")
            lines.append(".Dl " + text(line[len("Example: "):]))
        else:
            lines.append(text(line))
    return lines


def option_entry(arg):
    names = arg.get("names") or []
    value = arg.get("valueName")
    if arg["kind"] == "positional":
        head = ".It Ar " + text(value or "value") + ("..." if arg.get("isRepeating") else "")
    else:
        parts = []
        for name in names:
            # mdoc's Fl adds one dash: -l is "Fl l", --db is "Fl -db".
            parts.append("Fl " + ("-" if name["kind"] != "short" else "") + name["name"])
        head = ".It " + " , ".join(parts)
        if arg["kind"] == "option" and value:
            head += " Ar " + text(value)
    lines = [head]
    abstract = arg.get("abstract", "")
    if abstract:
        lines.append(text(abstract))
    return lines


def command_entries(command, path):
    lines = []
    for sub in command.get("subcommands", []):
        name = sub["commandName"]
        if name == "help" or not sub.get("shouldDisplay", True):
            continue
        full = path + [name]
        aliases = sub.get("aliases", [])
        title = " ".join(full) + (" (alias: " + ", ".join(aliases) + ")" if aliases else "")
        lines.append(".It Cm " + argument(title))
        if sub.get("abstract"):
            lines.append(text(sub["abstract"]))
        lines += paragraphs(sub.get("discussion", ""))
        arguments = [a for a in sub.get("arguments", []) if a.get("shouldDisplay", True)
                     and a.get("preferredName", {}).get("name") not in ("help", "version")]
        if arguments:
            lines.append(".Bl -tag -width Ds")
            for arg in arguments:
                lines += option_entry(arg)
            lines.append(".El")
        if sub.get("subcommands"):
            lines += command_entries(sub, full)
    return lines


def tagged(rows, macro):
    lines = [".Bl -tag -width Ds"]
    for name, description in rows:
        lines.append(".It " + (macro + " " if macro else "") + argument(name))
        lines.append(text(description))
    lines.append(".El")
    return lines


def header(title, day):
    return ['.\\" Written by tools/man-page.py from checklist --experimental-dump-help.',
            ".Dd " + day.strftime("%B %-d, %Y"), ".Dt " + title.upper() + " 1", ".Os"]


def displayed(command):
    """The subcommands a reader is shown (not help)."""
    return [sub for sub in command.get("subcommands", [])
            if sub["commandName"] != "help" and sub.get("shouldDisplay", True)]


def options_of(command):
    return [a for a in command.get("arguments", []) if a.get("shouldDisplay", True)
            and a.get("preferredName", {}).get("name") not in ("help", "version")]


def page(root, day, pages):
    """checklist(1): every command, the environment, the files, the exit statuses."""
    lines = header("checklist", day) + [
        ".Sh NAME",
        ".Nm checklist",
        ".Nd " + text(root["abstract"].rstrip(".")),
        ".Sh SYNOPSIS",
        ".Nm",
        ".Op Fl -db Ar path",
        ".Op Fl l Ar name",
        ".Ar command",
        ".Op Ar arguments ...",
        ".Sh DESCRIPTION",
    ]
    # The root's discussion, but its exit statuses, which have their own section.
    description = "\n".join(
        line for line in root.get("discussion", "").split("\n")
        if not line.startswith("Exit status:"))
    lines += paragraphs(description)[1:]
    lines += [".Sh COMMANDS", ".Bl -tag -width Ds"]
    lines += command_entries(root, [])
    lines.append(".El")
    lines += [".Sh ENVIRONMENT"] + tagged(ENVIRONMENT, "Ev")
    lines += [".Sh FILES"] + tagged(FILES, "Pa")
    lines += [".Sh EXIT STATUS"] + tagged(EXIT_STATUS, "")
    see = [".Xr checklist-%s 1 ," % name for name in pages] + [".Xr sqlite3 1"]
    lines += [".Sh SEE ALSO"] + see
    return "\n".join(lines) + "\n"


def subcommand_page(sub, day):
    """checklist-NAME(1): one subcommand, its options and its own subcommands."""
    name = sub["commandName"]
    aliases = sub.get("aliases", [])
    lines = header("checklist-" + name, day) + [
        ".Sh NAME",
        ".Nm checklist-" + name,
        ".Nd " + text((sub.get("abstract") or name).rstrip(".")),
        ".Sh SYNOPSIS",
        ".Nm checklist",
        ".Cm " + name,
    ]
    if displayed(sub):
        lines += [".Ar command"]
    lines += [".Op Ar options ...", ".Sh DESCRIPTION"]
    if sub.get("abstract"):
        lines.append(text(sub["abstract"]))
    lines += paragraphs(sub.get("discussion", ""))
    if aliases:
        lines += [".Pp", text("Also: " + ", ".join("checklist " + a for a in aliases) + ".")]
    if options_of(sub):
        lines += [".Sh OPTIONS", ".Bl -tag -width Ds"]
        for arg in options_of(sub):
            lines += option_entry(arg)
        lines.append(".El")
    if displayed(sub):
        lines += [".Sh COMMANDS", ".Bl -tag -width Ds"] + command_entries(sub, [name]) + [".El"]
    lines += [".Sh EXIT STATUS"] + tagged(EXIT_STATUS, "")
    lines += [".Sh SEE ALSO", ".Xr checklist 1"]
    return "\n".join(lines) + "\n"


def main():
    root = json.load(sys.stdin)["command"]
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    day = (datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc) if epoch
           else datetime.datetime.now(datetime.timezone.utc))
    if len(sys.argv) == 3 and sys.argv[1] == "--dir":
        folder = sys.argv[2]
        os.makedirs(folder, exist_ok=True)
        subs = displayed(root)
        with open(os.path.join(folder, "checklist.1"), "w") as out:
            out.write(page(root, day, [sub["commandName"] for sub in subs]))
        for sub in subs:
            with open(os.path.join(folder, "checklist-%s.1" % sub["commandName"]), "w") as out:
                out.write(subcommand_page(sub, day))
        return
    if len(sys.argv) != 1:
        sys.exit("usage: checklist --experimental-dump-help | man-page.py [--dir FOLDER]")
    sys.stdout.write(page(root, day, []))


if __name__ == "__main__":
    main()
