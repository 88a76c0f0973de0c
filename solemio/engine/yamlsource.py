"""YAML loading that remembers where every value came from.

Card sets and scenarios are written by people, so every error must name the
file and line.  ``yaml.safe_load`` forgets positions; here the document is
composed with the safe loader and each value's line is kept in a side table
keyed by its path, while the values themselves are plain dicts and lists.
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Any

import yaml


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


class SourceError(Exception):
    """A user-written file is wrong; the message names file, line and problem.

    ``problem`` is the English text; ``what`` the :class:`Problem` (or plain text)
    to translate where a player meets it."""

    def __init__(self, file: str, line: int | None, problem: str | Problem) -> None:
        self.file = file
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


def _walk(node: yaml.Node, path: Path_, lines: dict[Path_, int], loader: yaml.SafeLoader) -> Any:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, Hashable):
                raise SourceError("", key_node.start_mark.line + 1,
                                  Problem(N_("a key must be a plain value")))
            if key in out:
                raise SourceError("", key_node.start_mark.line + 1,
                                  Problem(N_("duplicate key '{key}'"), key=key))
            out[key] = _walk(value_node, path + (key,), lines, loader)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_walk(item, path + (i,), lines, loader) for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


def load_text(text: str, file: str) -> Located:
    """Parse YAML text safely, keeping line numbers; syntax errors become SourceError."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        lines: dict[Path_, int] = {}
        data = _walk(node, (), lines, loader) if node is not None else None
    except SourceError as exc:
        raise SourceError(file, exc.line, exc.what) from None
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else None
        raise SourceError(file, line, Problem(N_("not valid YAML: {problem}"),
                                              problem=exc.problem)) from None
    except yaml.YAMLError as exc:
        raise SourceError(file, None, Problem(N_("not valid YAML: {problem}"), problem=exc)) from None
    finally:
        loader.dispose()
    return Located(file, data, lines)


def load_file(path: str | Path) -> Located:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SourceError(str(path), None, Problem(N_("file not found"))) from None
    except UnicodeDecodeError:
        raise SourceError(str(path), None, Problem(N_("not a UTF-8 text file"))) from None
    except OSError as exc:
        raise SourceError(str(path), None, Problem(N_("cannot be read ({why})"),
                                                  why=exc.strerror)) from None
    return load_text(text, str(path))
