"""Shared values for the window tests (a module of its own: importing conftest is fragile)."""

FAST_AGENTS = {"hard": {"budget_ms": 20}}  # the tests check the flow, not the strength
