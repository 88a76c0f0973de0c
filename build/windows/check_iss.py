"""A static check of the Inno Setup script, for machines without Inno Setup (ISCC.exe).

The Windows job compiles ``build/windows/solemio.iss`` with the real compiler; this
checker lets the packaging tests catch, on Linux, the faults that would only show
there: an unknown section or directive, a parameter Inno does not know, an unbalanced
quote or preprocessor block, a ``{#define}`` nobody defines (the build passes its
defines with /D, see ``build/release.py``'s ``inno_command``), an unknown constant, a
wizard language file Inno does not ship, and the per-user promise
(``PrivilegesRequired=lowest``, installing under ``{autopf}``).  It knows the subset
of Inno Setup 6 this project uses, and says so when it meets something outside it.

    python build/windows/check_iss.py [SCRIPT] [--define NAME ...]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "solemio.iss"

SETUP_DIRECTIVES = {
    "AppId", "AppName", "AppVersion", "AppVerName", "AppPublisher", "AppPublisherURL",
    "AppSupportURL", "AppUpdatesURL", "VersionInfoVersion", "DefaultDirName",
    "DefaultGroupName", "DisableProgramGroupPage", "DisableDirPage", "PrivilegesRequired",
    "PrivilegesRequiredOverridesAllowed", "ArchitecturesAllowed",
    "ArchitecturesInstallIn64BitMode", "OutputDir", "OutputBaseFilename", "SetupIconFile",
    "UninstallDisplayIcon", "UninstallDisplayName", "Compression", "SolidCompression",
    "WizardStyle", "ShowLanguageDialog", "LicenseFile", "CloseApplications",
}
REQUIRED_SETUP = {"AppId", "AppName", "AppVersion", "DefaultDirName", "PrivilegesRequired",
                  "OutputBaseFilename"}
#: parameters each entry section accepts (the subset this project uses, all documented)
PARAMETERS = {
    "Languages": {"Name", "MessagesFile", "LicenseFile", "InfoBeforeFile"},
    "Tasks": {"Name", "Description", "GroupDescription", "Flags", "Components"},
    "Files": {"Source", "DestDir", "DestName", "Flags", "Tasks", "Excludes", "Permissions"},
    "Icons": {"Name", "Filename", "Parameters", "WorkingDir", "IconFilename", "Comment",
              "Tasks", "Flags"},
    "Run": {"Filename", "Parameters", "Description", "Flags", "WorkingDir", "StatusMsg"},
    "UninstallDelete": {"Type", "Name"},
}
REQUIRED_PARAMETERS = {
    "Languages": {"Name", "MessagesFile"}, "Tasks": {"Name", "Description"},
    "Files": {"Source", "DestDir"}, "Icons": {"Name", "Filename"}, "Run": {"Filename"},
    "UninstallDelete": {"Type", "Name"},
}
#: the translations Inno Setup 6 installs in its Languages folder (Default.isl is English)
SHIPPED_LANGUAGES = {
    "Armenian", "BrazilianPortuguese", "Bulgarian", "Catalan", "Corsican", "Czech", "Danish",
    "Dutch", "Finnish", "French", "German", "Hebrew", "Hungarian", "Icelandic", "Italian",
    "Japanese", "Korean", "Norwegian", "Polish", "Portuguese", "Russian", "Slovak",
    "Slovenian", "Spanish", "Swedish", "Tamil", "Turkish", "Ukrainian",
}
CONSTANTS = {"app", "autopf", "autoprograms", "autodesktop", "group", "tmp", "userappdata",
             "localappdata", "sys", "win", "src", "commonpf", "userpf", "uninstallexe"}
SECTION = re.compile(r"^\[(\w+)\]$")
DIRECTIVE = re.compile(r"^(\w+)=(.*)$")
PREPROCESSOR = re.compile(r"^#\s*(\w+)\s*(.*)$")


def _strip_comment(line: str) -> str:
    return "" if line.lstrip().startswith(";") else line.rstrip()


def _parameters(text: str) -> list[tuple[str, str]] | str:
    """'Name: "x"; Flags: y' -> [("Name", '"x"'), ("Flags", "y")], or a problem."""
    out, rest = [], text
    while rest:
        found = re.match(r'\s*(\w+):\s*("(?:[^"]|"")*"|[^;"]*)\s*(;|$)', rest)
        if not found:
            return f"cannot read the parameters {rest.strip()!r} (a quote left open?)"
        out.append((found.group(1), found.group(2).strip()))
        rest = rest[found.end():]
    return out


def _constants(value: str) -> list[str]:
    """The {constants} in a value, with {{ (a literal brace) skipped."""
    value = value.replace("{{", "")
    return re.findall(r"\{([^{}]*)\}", value)


def check(text: str, defines: set[str]) -> list[str]:
    """Every problem found in the script's text, as 'line N: ...'."""
    problems: list[str] = []
    defined = set(defines)
    required_defines: set[str] = set()
    stack: list[tuple[str, int]] = []
    section = None
    seen: dict[str, dict[str, str]] = {}
    entries: dict[str, list[dict[str, str]]] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = _strip_comment(raw).strip()
        if not line:
            continue
        pre = PREPROCESSOR.match(line)
        if pre:
            word, arg = pre.group(1), pre.group(2).strip()
            if word in ("ifdef", "ifndef"):
                stack.append((word, number))
                if word == "ifndef" and not arg:
                    problems.append(f"line {number}: #ifndef without a name")
                if word == "ifndef":
                    # an #ifndef NAME whose block only stops the build makes NAME required
                    follow = text.splitlines()[number:number + 2]
                    if any(ln.strip().startswith("#error") for ln in follow):
                        required_defines.add(arg)
                    else:
                        defined.add(arg)
                elif word == "ifdef":
                    defined.add(arg)
            elif word == "endif":
                if not stack:
                    problems.append(f"line {number}: #endif without #ifdef/#ifndef")
                else:
                    stack.pop()
            elif word == "define":
                name = arg.split()[0] if arg else ""
                if not name:
                    problems.append(f"line {number}: #define without a name")
                defined.add(name)
            elif word not in ("error", "else", "include"):
                problems.append(f"line {number}: unknown preprocessor directive #{word}")
            continue
        head = SECTION.match(line)
        if head:
            section = head.group(1)
            if section != "Setup" and section not in PARAMETERS:
                problems.append(f"line {number}: unknown section [{section}]")
            seen.setdefault(section, {})
            continue
        if section is None:
            problems.append(f"line {number}: text before the first [section]")
            continue
        for used in re.findall(r"\{#(\w+)\}", line):
            if used not in defined and used not in required_defines:
                problems.append(f"line {number}: {{#{used}}} is never defined")
        for constant in _constants(line):
            name = constant.split(",")[0].split(":")[0]
            if constant.startswith("#") or constant.startswith("cm:"):
                continue
            if name not in CONSTANTS:
                problems.append(f"line {number}: unknown constant {{{constant}}}")
        if section == "Setup":
            directive = DIRECTIVE.match(line)
            if not directive:
                problems.append(f"line {number}: not a Name=value directive: {line!r}")
                continue
            name, value = directive.group(1), directive.group(2).strip()
            if name not in SETUP_DIRECTIVES:
                problems.append(f"line {number}: unknown [Setup] directive {name}")
            seen["Setup"][name] = value
            continue
        params = _parameters(line)
        if isinstance(params, str):
            problems.append(f"line {number}: {params}")
            continue
        names = {k for k, _v in params}
        known = PARAMETERS.get(section, set())
        for key in sorted(names - known):
            problems.append(f"line {number}: [{section}] has no parameter {key}")
        for key in sorted(REQUIRED_PARAMETERS.get(section, set()) - names):
            problems.append(f"line {number}: [{section}] entry without {key}")
        entries.setdefault(section, []).append({k: v.strip('"') for k, v in params})
    for word, number in stack:
        problems.append(f"line {number}: #{word} is never closed by #endif")
    setup = seen.get("Setup", {})
    for name in sorted(REQUIRED_SETUP - set(setup)):
        problems.append(f"[Setup] has no {name}")
    if setup.get("PrivilegesRequired") != "lowest":
        problems.append("[Setup] PrivilegesRequired must be lowest: a per-user installation "
                        "that needs no administrator")
    if not setup.get("DefaultDirName", "").startswith("{autopf}"):
        problems.append("[Setup] DefaultDirName must start with {autopf} (per-user: "
                        "%LOCALAPPDATA%\\Programs)")
    for entry in entries.get("Languages", []):
        messages = entry.get("MessagesFile", "")
        language = re.fullmatch(r"compiler:Languages\\(\w+)\.isl", messages)
        if messages != "compiler:Default.isl" and not (
                language and language.group(1) in SHIPPED_LANGUAGES):
            problems.append(f"[Languages] {messages} is not a file Inno Setup ships")
    if not any(e.get("Name", "").startswith("{autoprograms}") for e in entries.get("Icons", [])):
        problems.append("[Icons] has no Start-menu entry ({autoprograms})")
    missing = required_defines - defines
    for name in sorted(missing):
        problems.append(f"the build does not pass /D{name}, which the script requires")
    return problems


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("script", nargs="?", type=Path, default=SCRIPT)
    p.add_argument("--define", action="append", default=[], metavar="NAME",
                   help="a /D define the build passes (default: the ones build/release.py passes)")
    args = p.parse_args(argv)
    defines = set(args.define) or passed_defines()
    problems = check(args.script.read_text(encoding="utf-8"), defines)
    for problem in problems:
        print(f"{args.script.name}: {problem}", file=sys.stderr)
    return 1 if problems else 0


def passed_defines() -> set[str]:
    """The /D defines build/release.py passes to ISCC."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import release

    command = release.inno_command("ISCC.exe", "1.2.3", Path("folder"), Path("dist"), "name",
                                   Path("icon.ico"))
    return {arg[2:].split("=")[0] for arg in command if arg.startswith("/D")}


if __name__ == "__main__":
    raise SystemExit(main())
