"""Choices are tuples inside the engine and JSON lists outside it."""

from __future__ import annotations

from typing import Any


def to_json(choice: Any) -> Any:
    if isinstance(choice, tuple | list):
        return [to_json(x) for x in choice]
    return choice


def from_json(data: Any) -> Any:
    if isinstance(data, list):
        return tuple(from_json(x) for x in data)
    return data
