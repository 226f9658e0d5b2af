"""Fixtures shared by every test tier.

Helpers shared across tiers live in ``tests/support``; under ``--import-mode=importlib`` test
directories are not on ``sys.path``, so this puts that one there (``from scan import …``).
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.layers import LayerConfig

sys.path.insert(0, str(Path(__file__).parent / "support"))

FIXED_NOW = datetime(2024, 5, 20, 12, 0, tzinfo=UTC)

# Property tests assert what is generated, never how fast: on a shared, loaded machine the
# timing checks would fail tests whose behaviour is right.
settings.register_profile("lembrar", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("lembrar")


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


@pytest.fixture
def windowed(db_path, clock):
    """A memory whose summarised sessions are reached through their summary after 14 days."""
    layers = LayerConfig(raw_window_days=14)
    with Memory(db_path, embedder=HashingEmbedder(), clock=clock, layers=layers) as mem:
        yield mem
