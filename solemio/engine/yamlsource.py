"""YAML loading that remembers where every value came from.

Card sets and scenarios are written by people, so every error must name the
file and line.  ``yaml.safe_load`` forgets positions; here the document is
composed with the safe loader and each value's line is kept in a side table
keyed by its path, while the values themselves are plain dicts and lists.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import yaml

#: The most bytes a card set or scenario may have.  A real card set is one to three
#: kilobytes (the shipped ones: 0.5-1.3 KB; sixty orders per colour, each with words in
#: four languages, stay under 40 KB), so 256 KiB leaves room a hundred times over while
#: no file costs more than about 0.1 s to read and parse (docs/cardsets.md).
MAX_BYTES = 256 * 1024
#: The most values a document may hold once every alias is followed.  A shipped card set
#: has at most 75; a "billion laughs" file of 272 bytes expands to millions.  Counting while
#: walking stops such a file after this many steps, before it costs time or memory.
MAX_VALUES = 20_000
#: The deepest nesting of lists and mappings (a card set needs 6); PyYAML composes nested
#: values recursively, so a file nested 1,000 deep would otherwise overflow the stack.
MAX_DEPTH = 64
#: How much of a value a message quotes: a 100,000-character value stays one short line.
SHOWN_CHARS = 40


def N_(text: str) -> str:
    """Mark an English template for the catalogue (Babel extracts every ``N_`` call).

    The engine never translates: a :class:`Problem` keeps its template and fields,
    and the window and the command line say it in the player's language
    (``i18n.problem_text``), so the engine needs no language of its own.
    """
    return text


class Problem:
    """What is wrong with a file, as an English template (``str.format`` fields) and
    its fields; a field may be a Problem itself (an order's own problem inside the
    sentence naming the order).  ``str()`` gives the English: logs, tests, errors
    nobody translates."""

    __slots__ = ("template", "fields")

    def __init__(self, template: str, **fields: Any) -> None:
        self.template = template
        self.fields = fields

    def __str__(self) -> str:
        return self.template.format(**{k: str(v) if isinstance(v, Problem) else v
                                       for k, v in self.fields.items()})

    def __repr__(self) -> str:
        return f"Problem({str(self)!r})"


def printable(text: str) -> str:
    """``text`` with every character that is not printable (a newline, NUL, ESC, a
    non-character) written as an escape, so a file's name or value shows as one line
    and never reaches a font as a character it refuses."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class Shown:
    """A value from a file as a message quotes it: its ``repr`` (or ``str``) cut to
    :data:`SHOWN_CHARS` characters, so a hostile value never makes a long line."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    @staticmethod
    def _cut(text: str) -> str:
        text = printable(text[: SHOWN_CHARS * 4])
        return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 1] + "…"

    def __repr__(self) -> str:
        try:
            return self._cut(repr(self.value))
        except ValueError:  # an int beyond Python's digit limit has no repr
            return "…"

    def __str__(self) -> str:
        try:
            return self._cut(str(self.value))
        except ValueError:
            return "…"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class SourceError(Exception):
    """A user-written file is wrong; the message names file, line and problem.

    ``problem`` is the English text; ``what`` the :class:`Problem` (or plain text)
    to translate where a player meets it."""

    def __init__(self, file: str, line: int | None, problem: str | Problem) -> None:
        self.file = printable(file)  # said to the player: one line, whatever the name
        self.line = line
        self.what = problem
        self.problem = str(problem)
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {self.problem}")


Path_ = tuple[Hashable, ...]


class Located:
    """A loaded document plus the line of every value in it."""

    def __init__(self, file: str, data: Any, lines: dict[Path_, int]) -> None:
        self.file = file
        self.data = data
        self.lines = lines

    def line(self, path: Path_) -> int | None:
        # Fall back to the nearest enclosing value that has a line.
        p = tuple(path)
        while p:
            if p in self.lines:
                return self.lines[p]
            p = p[:-1]
        return self.lines.get((), None)

    def error(self, path: Path_, problem: str | Problem) -> SourceError:
        return SourceError(self.file, self.line(path), problem)


class _Limits:
    """Composing with limits: PyYAML composes nested values recursively (a file nested
    100,000 deep would overflow the stack) and a list of aliases composes one node per
    alias, so depth and nodes are counted here, before anything is expanded."""

    depth = 0
    composed = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.composed += 1
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH or self.composed > MAX_VALUES:
                mark = self.peek_event().start_mark  # type: ignore[attr-defined]
                raise SourceError("", mark.line + 1, Problem(
                    N_("values are nested more than {n} deep"), n=MAX_DEPTH)
                    if self.depth > MAX_DEPTH else _too_many())
            return yaml.composer.Composer.compose_node(self, parent, index)
        finally:
            self.depth -= 1


def _too_many() -> Problem:
    return Problem(N_("more than {n} values (a card set has a few hundred)"), n=MAX_VALUES)


class _PyLoader(_Limits, yaml.SafeLoader):
    """PyYAML's own parser: slow (about 50 KB a second here), but its messages name
    the line of the mistake, where libyaml often names the end of the file."""

    bytes_offsets = False


try:  # libyaml's parser gives the same events five times faster than PyYAML's own
    from yaml.cyaml import CParser as _CParser
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    _CParser = None

if _CParser is not None:
    class _Loader(_Limits, yaml.composer.Composer, _CParser,  # type: ignore[misc]
                  yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
        """libyaml's events, PyYAML's composer (with the limits) and safe constructor."""

        bytes_offsets = True  # a ReaderError's position counts UTF-8 bytes

        def __init__(self, stream: str) -> None:
            _CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)
else:  # pragma: no cover
    _Loader = _PyLoader  # type: ignore[misc]

#: A file that libyaml finds broken is parsed again by PyYAML for its better message
#: when it is at most this long (a real card set is; a large file keeps libyaml's).
RETELL_CHARS = 32 * 1024


class _Walk:
    """Turns the composed node graph into plain values, counting each value it makes:
    aliases make a graph whose tree can be exponentially larger than the file."""

    def __init__(self, loader: yaml.SafeLoader, lines: dict[Path_, int]) -> None:
        self.loader = loader
        self.lines = lines
        self.values = 0

    def scalar(self, node: yaml.Node) -> Any:
        try:
            return self.loader.construct_object(node, deep=True)
        except (ValueError, OverflowError) as exc:  # a 5,000-digit number, a 13th month
            raise SourceError("", node.start_mark.line + 1, Problem(
                N_("this value cannot be read: {why}"), why=Shown(exc))) from None

    def walk(self, node: yaml.Node, path: Path_) -> Any:
        self.values += 1
        if self.values > MAX_VALUES:
            raise SourceError("", node.start_mark.line + 1, _too_many())
        self.lines[path] = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            out: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    raise SourceError("", key_node.start_mark.line + 1,
                                      Problem(N_("a key must be a plain value")))
                key = self.scalar(key_node)
                if not isinstance(key, Hashable):
                    raise SourceError("", key_node.start_mark.line + 1,
                                      Problem(N_("a key must be a plain value")))
                if key in out:
                    raise SourceError("", key_node.start_mark.line + 1,
                                      Problem(N_("duplicate key '{key}'"), key=Shown(key)))
                out[key] = self.walk(value_node, path + (key,))
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self.walk(item, path + (i,)) for i, item in enumerate(node.value)]
        return self.scalar(node)


def load_text(text: str, file: str) -> Located:
    """Parse YAML text safely, keeping line numbers; every failure becomes SourceError.

    Whatever the text holds (control characters, numbers beyond Python's digit
    limit, nesting 100,000 deep, aliases expanding to a billion values), the
    answer is a value or one ``file:line: problem``, in bounded time and memory.
    """
    try:
        return _load(text, file, _Loader)
    except _Retell:
        return _load(text, file, _PyLoader)


class _Retell(Exception):
    """libyaml refused the text: PyYAML reads it again to say where and why."""


def _load(text: str, file: str, kind: type) -> Located:
    loader = None
    try:
        loader = kind(text)  # refuses control characters already (a ReaderError)
        node = loader.get_single_node()
        lines: dict[Path_, int] = {}
        data = _Walk(loader, lines).walk(node, ()) if node is not None else None
    except SourceError as exc:
        raise SourceError(file, exc.line, exc.what) from None
    except yaml.reader.ReaderError as exc:
        line = None
        if isinstance(exc.position, int):
            before = text.encode("utf-8")[: exc.position] if kind.bytes_offsets else \
                text[: exc.position]
            line = before.count(b"\n" if isinstance(before, bytes) else "\n") + 1
        what = f"#x{exc.character:04x}" if isinstance(exc.character, int) else "?"
        raise SourceError(file, line, Problem(
            N_("not valid YAML: the character {char} is not allowed"), char=what)) from None
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else None
        if "nesting depth" in str(exc.problem):  # libyaml's own limit, met while looking ahead
            raise SourceError(file, line, Problem(
                N_("values are nested more than {n} deep"), n=MAX_DEPTH)) from None
        if kind is not _PyLoader and len(text) <= RETELL_CHARS:
            raise _Retell() from None
        raise SourceError(file, line, Problem(N_("not valid YAML: {problem}"),
                                              problem=Shown(exc.problem))) from None
    except yaml.YAMLError as exc:
        raise SourceError(file, None, Problem(N_("not valid YAML: {problem}"),
                                              problem=Shown(exc))) from None
    except RecursionError:  # the depth limit should stop it first; never a traceback
        raise SourceError(file, None, Problem(
            N_("values are nested more than {n} deep"), n=MAX_DEPTH)) from None
    finally:
        if loader is not None:
            loader.dispose()
    return Located(file, data, lines)


def read_capped(path: str | Path, max_bytes: int = MAX_BYTES) -> bytes:
    """A user file's bytes, refusing what is not a regular file or is over ``max_bytes``.

    The file is opened without blocking (a FIFO named ``x.yaml`` would otherwise wait
    for a writer forever) and checked on the open descriptor, so a symlink to
    ``/dev/zero`` or a device is refused before a byte is read.  Raises SourceError.
    """
    name = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise SourceError(name, None, Problem(N_("file not found"))) from None
    except IsADirectoryError:
        raise SourceError(name, None, Problem(N_("not a regular file"))) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise SourceError(name, None, Problem(N_("cannot be read ({why})"),
                                              why=getattr(exc, "strerror", None) or exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SourceError(name, None, Problem(N_("not a regular file")))
        if info.st_size > max_bytes:
            raise SourceError(name, None, Problem(
                N_("too large: {size} KB (at most {limit} KB)"),
                size=-(-info.st_size // 1024), limit=max_bytes // 1024))
        chunks = []
        got = 0
        while got <= max_bytes:  # the size may grow while reading: never more than the cap
            chunk = os.read(fd, max_bytes + 1 - got)
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > max_bytes:
            raise SourceError(name, None, Problem(
                N_("too large: {size} KB (at most {limit} KB)"),
                size=-(-got // 1024), limit=max_bytes // 1024))
        return b"".join(chunks)
    except OSError as exc:
        raise SourceError(name, None, Problem(N_("cannot be read ({why})"),
                                              why=exc.strerror or exc)) from None
    finally:
        os.close(fd)


def load_file(path: str | Path) -> Located:
    """Read and parse a user-written YAML file within :func:`read_capped`'s limits."""
    data = read_capped(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SourceError(str(path), None, Problem(N_("not a UTF-8 text file"))) from None
    return load_text(text, str(path))
