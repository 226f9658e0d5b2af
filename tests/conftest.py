"""Fixtures shared by every test tier."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder

FIXED_NOW = datetime(2024, 5, 20, 12, 0, tzinfo=timezone.utc)


@pytest.fixture
def clock():
    return lambda: FIXED_NOW


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "memory.db"


@pytest.fixture
def memory(db_path, clock):
    with Memory(db_path, embedder=HashingEmbedder(), clock=clock) as mem:
        yield mem
