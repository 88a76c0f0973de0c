"""Hostile files for the robustness tests: one small generator per kind of damage.

A *kind* is a name, a generator ``make(folder) -> Path`` that puts one hostile file
(or FIFO, or symlink) into ``folder`` and returns its path, and a note saying what
it imitates.  Nothing large is committed: a generator writes at most a few hundred
kilobytes, and "a 50 MB file" is a sparse file of that size.

Each family of files has its own registry, built with :func:`family`: card sets
here (``CARDSET_KINDS``); saves, settings and records can build theirs in their
own modules the same way (``SAVE_KINDS = family()`` and ``@SAVE_KINDS.kind(...)``)
without depending on this one beyond :class:`Family` and :class:`Kind`.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from solemio.resources import resource_path


@dataclass(frozen=True)
class Kind:
    name: str
    make: Callable[[Path], Path]
    note: str

    def __str__(self) -> str:  # pytest ids
        return self.name


class Family:
    """An ordered registry of kinds; ``@fam.kind("name", "note")`` adds a generator."""

    def __init__(self) -> None:
        self._kinds: dict[str, Kind] = {}

    def kind(self, name: str, note: str) -> Callable[[Callable[[Path], Path]], Callable]:
        def add(make: Callable[[Path], Path]) -> Callable[[Path], Path]:
            assert name not in self._kinds, name
            self._kinds[name] = Kind(name, make, note)
            return make
        return add

    def __iter__(self) -> Iterator[Kind]:
        return iter(self._kinds.values())

    def __getitem__(self, name: str) -> Kind:
        return self._kinds[name]

    def __len__(self) -> int:
        return len(self._kinds)


def family() -> Family:
    return Family()


# ---------------------------------------------------------------------------------------
# card sets (house variants in the player's card-set folder)

CARDSET_KINDS = family()

SOLE_MIO = resource_path("cardsets", "sole-mio.yaml").read_text(encoding="utf-8")


def variant_text(old: str = "", new: str = "", cid: str = "maison") -> str:
    """The shipped Sole Mio! as a house variant with id ``cid``, ``old`` replaced by ``new``."""
    text = SOLE_MIO.replace("id: sole-mio", f"id: {cid}")
    if old:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def _write(folder: Path, name: str, data: str | bytes) -> Path:
    path = folder / name
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.write_bytes(data)
    return path


def _variant(name: str, old: str, new: str, note: str) -> None:
    CARDSET_KINDS.kind(name, note)(
        lambda folder: _write(folder, f"{name}.yaml", variant_text(old, new)))


for _char, _label in (("\x0c", "form-feed"), ("\x00", "nul"), ("\x1b", "esc"),
                      ("\x7f", "delete"), ("\ufffe", "non-character")):
    _variant(f"control-{_label}", "name: Sole Mio!", f"name: Maison{_char}",
             f"a {_label} character in a value (PyYAML's ReaderError)")

_variant("type-list", "type: show", "type: [show]", "an order whose type is a list")
_variant("type-mapping", "type: show", "type: {show: 1}", "an order whose type is a mapping")
_variant("int-over-digit-limit", "rounds: 2", "rounds: " + "9" * 5000,
         "an integer longer than Python's int-digit limit (ValueError)")
_variant("int-4000-digits", "rounds: 2", "rounds: " + "9" * 4000,
         "a long integer within the limit: the message must stay short")
_variant("remove-superscript", "    2: {singles: 3", "    \u00b2: {singles: 3",
         "a remove key '²' (isdigit() but int() refuses it)")
_variant("remove-key-list", "    2: {singles: 3", "    [2]: {singles: 3",
         "a remove key that is a list")
_variant("deep-flow-list", "rounds: 2", "rounds: " + "[" * 5000 + "]" * 5000,
         "nesting 5,000 deep (RecursionError)")
_variant("deep-flow-mapping", "rounds: 2", "rounds: " + "{a: " * 1200 + "1" + "}" * 1200,
         "mappings nested 1,200 deep")
_variant("bad-date", "rounds: 2", "rounds: 2020-13-45", "a date with a 13th month (ValueError)")
_variant("python-tag", "rounds: 2", "rounds: !!python/object/apply:os.system ['true']",
         "a Python object tag (the safe loader refuses it)")
_variant("unknown-tag", "rounds: 2", "rounds: !maison 2", "a tag nobody knows")
_variant("key-is-list", "rounds: 2", "? [a, b]\n: 2\nrounds: 2", "a key that is a list")
_variant("duplicate-key", "rounds: 2", "rounds: 2\nrounds: 3", "a key given twice")
_variant("undefined-alias", "rounds: 2", "rounds: *nowhere", "an alias to no anchor")
_variant("merge-key", "rules:", "base: &b {help: true}\nrules:\n  <<: *b\n", "a YAML merge key")
_variant("long-name", "name: Sole Mio!", "name: " + "M" * 200_000,
         "a 200,000-character name (it would be drawn on New game)")
_variant("long-order-id", "id: block", "id: " + "b" * 100_000, "a 100,000-character order id")
_variant("name-is-list", "name: Sole Mio!", "name: [Sole, Mio]", "a name that is a list")
_variant("rounds-text", "rounds: 2", "rounds: deux", "a number written in words")
_variant("rounds-huge", "rounds: 2", "rounds: 1e999", "a number that is infinity")
_variant("unknown-type", "type: show", "type: showing", "an order type nobody knows")
_variant("missing-field", "rounds: 2\n", "", "a required field missing")
_variant("unknown-field", "rounds: 2", "rounds: 2\ncolour: teal", "a field nobody knows")
_variant("orders-mapping", "orders:\n", "orders: {a: 1}\nold_orders:\n",
         "orders as a mapping instead of a list")
_variant("translations-list", "type: show",
         "type: show\n    translations: [it, nl]", "translations as a list")
_variant("include-nul", "orders_per_colour:", "include_orders: [\"a\\0b\"]\norders_per_colour:",
         "an include with a NUL in its name")
_variant("include-itself", "orders_per_colour:", "include_orders: [include-itself]\n"
         "orders_per_colour:", "a card set that includes itself")
_variant("include-many", "orders_per_colour:", "include_orders: [" + ", ".join(
    ["sole-mio"] * 40) + "]\norders_per_colour:", "a card set that includes another 40 times")
_variant("include-list", "orders_per_colour:", "include_orders: [[a]]\norders_per_colour:",
         "an include that is a list")
_variant("broken-syntax", "name: Sole Mio!", "name: [unclosed", "YAML that does not parse")


def billion_laughs(levels: int) -> str:
    """The classic: nine entries per level, each an alias to the level below (272 bytes
    for seven levels expand to 9**7 = 4.8 million values)."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    names = "abcdefghijklmn"
    for i in range(1, levels):
        prev, cur = names[i - 1], names[i]
        lines.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


for _levels in (7, 9):
    CARDSET_KINDS.kind(f"billion-laughs-{_levels}",
                       f"{_levels} levels of aliases of aliases ({9 ** _levels:,} values)")(
        lambda folder, n=_levels: _write(folder, f"laughs-{n}.yaml", billion_laughs(n)))


@CARDSET_KINDS.kind("laughs-in-orders", "aliases expanding inside a real card set's orders")
def _laughs_in_orders(folder: Path) -> Path:
    text = variant_text("orders:\n", "orders:\n")
    return _write(folder, "laughs-in-orders.yaml",
                  billion_laughs(8) + text.replace("orders:\n", "orders: *h\nunused:\n", 1))


@CARDSET_KINDS.kind("many-aliases", "30,000 uses of one small alias (a flat expansion)")
def _many_aliases(folder: Path) -> Path:
    return _write(folder, "many-aliases.yaml", "a: &a [1]\nb: [" + ",".join(["*a"] * 30_000) + "]\n")


@CARDSET_KINDS.kind("control-in-file-name", "a newline and an ESC in the file's name")
def _odd_name(folder: Path) -> Path:
    return _write(folder, "odd\nname\x1b.yaml", "id: [")


@CARDSET_KINDS.kind("symlink-dev-zero", "a symlink to /dev/zero (endless bytes)")
def _dev_zero(folder: Path) -> Path:
    path = folder / "zero.yaml"
    os.symlink("/dev/zero", path)
    return path


@CARDSET_KINDS.kind("symlink-dev-urandom", "a symlink to /dev/urandom")
def _dev_urandom(folder: Path) -> Path:
    path = folder / "urandom.yaml"
    os.symlink("/dev/urandom", path)
    return path


@CARDSET_KINDS.kind("fifo", "a FIFO named x.yaml (opening it for reading waits for a writer)")
def _fifo(folder: Path) -> Path:
    path = folder / "x.yaml"
    os.mkfifo(path)
    return path


@CARDSET_KINDS.kind("directory", "a folder named y.yaml")
def _directory(folder: Path) -> Path:
    path = folder / "y.yaml"
    path.mkdir()
    return path


@CARDSET_KINDS.kind("dangling-symlink", "a symlink to nothing")
def _dangling(folder: Path) -> Path:
    path = folder / "gone.yaml"
    os.symlink(folder / "nowhere" / "x.yaml", path)
    return path


@CARDSET_KINDS.kind("symlink-loop", "a symlink to itself")
def _loop(folder: Path) -> Path:
    path = folder / "loop.yaml"
    os.symlink(path.name, path)
    return path


@CARDSET_KINDS.kind("sparse-50mb", "a 50 MB file (sparse: no disk used)")
def _sparse(folder: Path) -> Path:
    path = folder / "big.yaml"
    with path.open("wb") as f:
        f.write(b"id: big\n# ")
        f.truncate(50 * 1024 * 1024)
    return path


@CARDSET_KINDS.kind("just-over-limit", "a card set padded with comments to 300 KB")
def _padded(folder: Path) -> Path:
    return _write(folder, "padded.yaml", variant_text() + ("# " + "x" * 98 + "\n") * 3000)


@CARDSET_KINDS.kind("not-utf8", "Latin-1 text (not UTF-8)")
def _latin1(folder: Path) -> Path:
    return _write(folder, "latin.yaml", variant_text("name: Sole Mio!", "name: Café").encode("latin-1"))


@CARDSET_KINDS.kind("utf16", "UTF-16 with a byte-order mark")
def _utf16(folder: Path) -> Path:
    return _write(folder, "utf16.yaml", variant_text().encode("utf-16"))


@CARDSET_KINDS.kind("binary-garbage", "4 KB of random bytes")
def _garbage(folder: Path) -> Path:
    return _write(folder, "garbage.yaml", random.Random(22).randbytes(4096))


@CARDSET_KINDS.kind("empty", "an empty file")
def _empty(folder: Path) -> Path:
    return _write(folder, "empty.yaml", b"")


@CARDSET_KINDS.kind("top-level-list", "a list instead of a mapping")
def _top_list(folder: Path) -> Path:
    return _write(folder, "list.yaml", "- id: maison\n- name: Maison\n")


@CARDSET_KINDS.kind("two-documents", "two YAML documents in one file")
def _two_docs(folder: Path) -> Path:
    return _write(folder, "two.yaml", variant_text() + "---\nid: other\n")


@CARDSET_KINDS.kind("include-dev-zero", "an include that names a symlink to /dev/zero")
def _include_zero(folder: Path) -> Path:
    (folder / "parts").mkdir(exist_ok=True)
    os.symlink("/dev/zero", folder / "parts" / "zero.yaml")
    return _write(folder, "includes-zero.yaml", variant_text(
        "orders_per_colour:", "include_orders: [parts/zero]\norders_per_colour:"))


@CARDSET_KINDS.kind("include-laughs", "an include of a billion-laughs file")
def _include_laughs(folder: Path) -> Path:
    (folder / "parts").mkdir(exist_ok=True)
    _write(folder / "parts", "laughs.yaml", billion_laughs(9))
    return _write(folder, "includes-laughs.yaml", variant_text(
        "orders_per_colour:", "include_orders: [parts/laughs]\norders_per_colour:"))
