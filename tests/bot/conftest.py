"""Fixtures for the table-service tests (the store is in tests/conftest.py): a fake clock,
a service hosting the toy game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from bot_helpers import FakeClock, make_service  # noqa: E402


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def service(store, clock):
    return make_service(store, clock)
