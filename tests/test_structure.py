"""The structure the design asks for (DESIGN.md, "Where the structure goes next"), checked.

* Scenes are registered by name and opened by name: no scene module imports
  another (anywhere in it, a function's own imports included), so the work done
  ahead and every other helper lives outside the scenes.
* The show, the engine and the computer players never import pygame.
* No scene changes another scene's fields: what a scene beneath must learn comes back
  through a callback it handed over (as the pause menu hands the save its notice).
* The painters the game screens share (``solemio/ui/table/``) never import the scenes.
* Each event type is spelt once, in ``solemio/engine/events.py``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import solemio

ROOT = Path(solemio.__file__).parent


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def _module_names(package: str) -> list[str]:
    """Every module of ``solemio.<package>`` and its sub-packages, dotted."""
    base = ROOT / package.replace(".", "/")
    out = []
    for p in sorted(base.rglob("*.py")):
        rel = p.relative_to(ROOT).with_suffix("")
        parts = ["solemio", *rel.parts]
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out.append(".".join(parts))
    return out


def _loaded_after_importing(mods: list[str], prefix: str) -> list[str]:
    """The modules named ``prefix`` or below it that importing ``mods`` loads, in a fresh
    process (an import made by an import is seen too)."""
    code = ("import importlib, sys\n"
            f"for m in {mods!r}: importlib.import_module(m)\n"
            f"print(sorted(m for m in sys.modules if m == {prefix!r} "
            f"or m.startswith({prefix + '.'!r})))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    # The last line: pygame greets on its first import.
    return ast.literal_eval(out.stdout.strip().splitlines()[-1])


def test_no_scene_imports_another_scene():
    scenes = ROOT / "ui" / "scenes"
    names = {p.stem for p in scenes.glob("*.py")} - {"__init__", "base"}
    offending = []
    for path in sorted(scenes.glob("*.py")):
        for mod in _imports(path):
            parts = mod.split(".")
            if parts[:3] == ["solemio", "ui", "scenes"] and len(parts) > 3 and \
                    parts[3] in names and parts[3] != path.stem:
                offending.append(f"{path.name} imports {mod}")
    assert offending == []


def test_the_check_sees_an_import_inside_a_function(tmp_path):
    src = tmp_path / "table.py"
    src.write_text("def f():\n    from solemio.ui.scenes import reveal\n", encoding="utf-8")
    assert "solemio.ui.scenes.reveal" in _imports(src)


def _mentions_the_stack(node: ast.AST) -> bool:
    """Whether ``node`` reaches the scene stack (``self.app.manager``, ``manager.top``...)."""
    return any((isinstance(n, ast.Attribute) and n.attr == "manager")
               or (isinstance(n, ast.Name) and n.id == "manager") for n in ast.walk(node))


def other_scene_writes(source: str) -> list[tuple[int, str]]:
    """Where ``source`` writes a field of a scene it took from the stack, as (line, field):
    an assignment (plain, augmented or ``setattr``) to an attribute of an expression that
    reaches the scene stack, or of a name bound from one (``top = self.app.manager.top``,
    ``for scene in self.app.manager.stack``)."""
    tree = ast.parse(source)
    from_stack: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.NamedExpr) and \
                node.value is not None and _mentions_the_stack(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            from_stack.update(t.id for t in targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.For | ast.comprehension) and _mentions_the_stack(node.iter):
            from_stack.update(n.id for n in ast.walk(node.target) if isinstance(n, ast.Name))

    def foreign(obj: ast.AST) -> bool:
        return _mentions_the_stack(obj) or any(
            isinstance(n, ast.Name) and n.id in from_stack for n in ast.walk(obj))

    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id == "setattr" and node.args and foreign(node.args[0]):
            found.append((node.lineno, "setattr"))
        for t in targets:
            for sub in ast.walk(t):
                if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store) and \
                        foreign(sub.value):
                    found.append((node.lineno, sub.attr))
    return sorted(found)


def test_no_scene_changes_another_scenes_fields():
    offending = {}
    for path in sorted((ROOT / "ui" / "scenes").glob("*.py")):
        found = other_scene_writes(path.read_text(encoding="utf-8"))
        if found:
            offending[path.name] = found
    assert offending == {}


def test_the_field_check_sees_each_way_of_writing_a_scene_beneath():
    src = """
def f(self):
    top = self.app.manager.top
    top.notice = "saved"
    self.app.manager.stack[-1].turn_seat += 1
    for scene in self.app.manager.stack:
        setattr(scene, "x", 1)
    opened = self.app.manager.open("log")
    opened.rows = []
    self.notice = "mine"
    self.panel.y -= 3
    session = getattr(top, "session", None)
    self.focus.focus = 0
"""
    assert other_scene_writes(src) == [(4, "notice"), (5, "turn_seat"), (7, "setattr"),
                                       (9, "rows")]


def test_the_show_the_engine_and_the_players_never_import_pygame():
    for package in ("show", "engine", "ai", "net"):
        for path in sorted((ROOT / package).rglob("*.py")):
            assert not any(m == "pygame" or m.startswith("pygame.") for m in _imports(path)), \
                path
    # Nor through what they import: every module of the show, loaded in a fresh process.
    mods = _module_names("show") + _module_names("net")
    assert "solemio.show.pickers.series" in mods
    assert _loaded_after_importing(mods, "pygame") == []


#: Packages that must not lean on the window: the show layer (what the screen may show),
#: the coach (``solemio review`` runs without a window), the engine and the players, and
#: the words they share (solemio/texts.py, solemio/announce/).
NO_WINDOW = ("show", "coach", "engine", "ai", "net", "announce")
WORDS = ("texts.py",)


def _window_imports(path: Path) -> list[str]:
    return sorted(m for m in _imports(path)
                  if m == "solemio.ui" or m.startswith("solemio.ui."))


def test_the_show_the_coach_and_the_words_never_import_the_window_package():
    offending = {}
    paths = [p for package in NO_WINDOW for p in (ROOT / package).rglob("*.py")]
    paths += [ROOT / name for name in WORDS]
    for path in sorted(paths):
        found = _window_imports(path)
        if found:
            offending[str(path.relative_to(ROOT))] = found
    assert offending == {}
    # Nor through what they import: every module of the show and the coach, loaded in a
    # fresh process, leaves solemio.ui unloaded.
    mods = _module_names("show") + _module_names("coach") + _module_names("announce")
    mods += [f"solemio.{name[:-3]}" for name in WORDS]
    assert _loaded_after_importing(mods, "solemio.ui") == []


def test_the_window_check_sees_a_lazy_import_of_the_window(tmp_path):
    src = tmp_path / "guide.py"
    src.write_text("def f():\n    from solemio.ui.texts import order_name\n", encoding="utf-8")
    assert _window_imports(src) == ["solemio.ui.texts", "solemio.ui.texts.order_name"]


def test_the_shared_painters_never_import_the_scenes():
    """``solemio/ui/table/`` is painted by the scenes, never the other way round: none of
    its modules imports ``solemio.ui.scenes``, at the top or in a function, nor loads it
    through what it imports."""
    table = ROOT / "ui" / "table"
    offending = {}
    for path in sorted(table.rglob("*.py")):
        found = sorted(m for m in _imports(path) if m.startswith("solemio.ui.scenes"))
        if found:
            offending[str(path.relative_to(ROOT))] = found
    assert offending == {}
    mods = _module_names("ui.table")
    assert "solemio.ui.table.reveal.rehearsal" in mods
    loaded = _loaded_after_importing(mods, "solemio.ui")
    assert not [m for m in loaded if m.startswith("solemio.ui.scenes")]


# ---------------------------------------------------------------- event types, named once


def _is_type_field(node: ast.AST) -> bool:
    """``x["type"]`` or ``x.get("type", ...)``: an event's type read from the event."""
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "type"
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get" and bool(node.args)
            and isinstance(node.args[0], ast.Constant) and node.args[0].value == "type")


def event_type_literals(source: str, types: frozenset[str]) -> list[tuple[int, str]]:
    """Where ``source`` spells an event type as a literal, as (line, type): compared with an
    event's type (``ev["type"] == "filled"``, ``t in ("play", "pass")`` after ``t =
    ev["type"]``), written as one (``{"type": "play"}``), or as a key or member of a table
    looked up by an event's type (``HOLDS.get(ev["type"])``, ``ev["type"] in SAID``, the
    table followed through the names its value is built from), or as the key a handler
    is registered under (``@on("filled")``).  The same words used for
    something else (a decision's kind, a scene's name, a timeline's tag) are not flagged."""
    tree = ast.parse(source)
    typed: set[str] = set()  # names that hold an event's type
    assigned: dict[str, list[ast.AST]] = {}  # name -> the values assigned to it
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.NamedExpr):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                name = target.id if isinstance(target, ast.Name) else \
                    target.attr if isinstance(target, ast.Attribute) else None
                if name is None or node.value is None:
                    continue
                assigned.setdefault(name, []).append(node.value)
                if _is_type_field(node.value) and isinstance(target, ast.Name):
                    typed.add(name)

    def is_type(node: ast.AST) -> bool:
        return _is_type_field(node) or (isinstance(node, ast.Name) and node.id in typed)

    found: list[tuple[int, str]] = []

    def flag(node: ast.AST, seen: frozenset[str] = frozenset()) -> None:
        """Every event type spelt in ``node``, following the names it is built from."""
        for sub in ast.walk(node):
            if isinstance(sub, ast.Constant) and sub.value in types:
                found.append((sub.lineno, sub.value))
            name = sub.id if isinstance(sub, ast.Name) else \
                sub.attr if isinstance(sub, ast.Attribute) else None
            if name is not None and name not in seen and name not in typed:
                for value in assigned.get(name, ()):
                    flag(value, seen | {name})

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(is_type(s) for s in sides):
                for side in sides:
                    if not is_type(side):
                        flag(side)
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "type" and \
                        isinstance(value, ast.Constant) and value.value in types:
                    found.append((value.lineno, value.value))
        elif isinstance(node, ast.FunctionDef):
            # a handler registered for event types: ``@on("filled")``
            for deco in node.decorator_list:
                if isinstance(deco, ast.Call):
                    for arg in deco.args:
                        if isinstance(arg, ast.Constant) and arg.value in types:
                            found.append((arg.lineno, arg.value))
        elif isinstance(node, ast.Subscript) and is_type(node.slice):
            flag(node.value)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr == "get" and node.args and is_type(node.args[0]):
            flag(node.func.value)
    return sorted(set(found))


def test_no_module_but_the_engines_list_spells_an_event_type():
    from solemio.engine import events

    offending = []
    for path in sorted(ROOT.rglob("*.py")):
        if path == ROOT / "engine" / "events.py":
            continue
        for line, name in event_type_literals(path.read_text(encoding="utf-8"),
                                              events.ALL_TYPES):
            offending.append(f"{path.relative_to(ROOT)}:{line}: {name!r}")
    assert offending == []


def test_the_event_type_check_sees_each_way_of_spelling_one_and_nothing_else():
    types = frozenset({"play", "filled", "round-end"})
    src = '''
SAID = frozenset({"play"})
HOLDS = {"filled": 1.0, "other": 2.0}
SCENES = {"round-end": "reveal"}          # not looked up by an event's type: not seen

def f(ev, d):
    t = ev["type"]
    if t == "play" or ev.get("type") in ("filled",) or ev["type"] in SAID:
        return HOLDS.get(ev["type"])
    if d.kind == "play" or d.tag == "filled":  # a decision's kind, a tag: other words
        return {"type": "round-end"}

@on("filled")
def g(s, ev):
    return s
'''
    assert event_type_literals(src, types) == [
        (2, "play"), (3, "filled"), (8, "filled"), (8, "play"), (11, "round-end"),
        (13, "filled")]


# ---------------------------------------------------------------- kinds and colours, once


def spelt_kinds_or_colours(source: str) -> list[tuple[int, str]]:
    """Where ``source`` writes out the kinds or the colours (a tuple, list or set holding
    four or more of the five), as (line, "KINDS" or "COLOURS"): a seating chosen for a
    game (``["blue", "red", "green"]``) or a palette keyed by colour is not a list of them."""
    from solemio.engine.kinds import COLOURS, KINDS

    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            words = {e.value for e in node.elts if isinstance(e, ast.Constant)}
            for name, group in (("KINDS", KINDS), ("COLOURS", COLOURS)):
                if len(words & set(group)) >= 4:
                    out.append((node.lineno, name))
    return out


def test_kinds_and_colours_come_from_the_engine_only():
    offending = []
    for path in sorted(ROOT.rglob("*.py")):
        if path == ROOT / "engine" / "kinds.py":
            continue
        text = path.read_text(encoding="utf-8")
        offending += [f"{path.relative_to(ROOT)}:{line}: {name} written out"
                      for line, name in spelt_kinds_or_colours(text)]
        # and nobody takes them from the words module, as if they were words
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom) and node.module == "solemio.texts":
                offending += [f"{path.relative_to(ROOT)}:{node.lineno}: {a.name} from texts"
                              for a in node.names if a.name in ("KINDS", "COLOURS", "COLOUR_KIND")]
    assert offending == []
    assert spelt_kinds_or_colours('K = ["olive", "pepper", "mushroom", "salami"]\n') == \
        [(1, "KINDS")]


def test_every_package_is_listed_for_the_wheel():
    """pyproject lists the packages by hand: a new sub-package left out installs a wheel that
    cannot import it (the packaging tests catch that only after a build; this at once)."""
    import tomllib

    listed = set(tomllib.loads((ROOT.parent / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    found = {".".join(p.parent.relative_to(ROOT.parent).parts) for p in ROOT.rglob("__init__.py")}
    assert found - listed == set()
