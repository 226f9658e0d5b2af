"""Fixtures of the benchmark tests: the real data sets, when they are beside the repository."""

from __future__ import annotations

from pathlib import Path

import pytest

from lembrar.evaluation.data import FILES, data_root


def _data(kind: str) -> Path:
    root = data_root(Path(__file__).resolve().parent)
    if root is None or not (root / FILES[kind]).exists():
        pytest.skip(
            f"{kind} data not found (set LEMBRAR_BENCH_DATA or keep shared/data beside the repo)"
        )
    return root / FILES[kind]


@pytest.fixture(scope="session")
def longmemeval_file() -> Path:
    return _data("longmemeval")


@pytest.fixture(scope="session")
def locomo_file() -> Path:
    return _data("locomo")


@pytest.fixture(scope="session")
def dailydialog_file() -> Path:
    return _data("dailydialog")


@pytest.fixture(scope="session")
def dialogues(dailydialog_file):
    from lembrar.importers.dailydialog import load_dailydialog

    return load_dailydialog(dailydialog_file)
