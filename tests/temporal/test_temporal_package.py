"""The package surface: exported names, import cost, module size."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import lembrar.temporal as temporal

PACKAGE = Path(temporal.__file__).parent


def test_all_is_sorted_and_exported():
    assert temporal.__all__ == sorted(temporal.__all__)
    assert set(temporal.__all__) == {"TimeQuery", "TimeWindow", "parse_time"}
    for name in temporal.__all__:
        assert getattr(temporal, name) is not None


IMPORT_SCRIPT = (
    "import time, lembrar\n"  # the parent package is measured apart: it is not this module's cost
    "t = time.process_time()\n"
    "import lembrar.temporal\n"
    "from lembrar.temporal.grammar import grammar_for\n"
    "print(time.process_time() - t, grammar_for.cache_info().currsize)\n"
)


def _import_once() -> tuple[float, str]:
    run = subprocess.run(
        [sys.executable, "-c", IMPORT_SCRIPT], capture_output=True, text=True, check=True
    )
    seconds, compiled = run.stdout.split()
    return float(seconds), compiled


def test_import_is_fast_and_compiles_nothing():
    runs = [_import_once() for _ in range(3)]  # CPU time, best of three: a busy machine is noisy
    assert min(seconds for seconds, _ in runs) < 0.2
    assert {compiled for _, compiled in runs} == {"0"}


def test_modules_stay_short():
    for module in PACKAGE.glob("*.py"):
        assert len(module.read_text(encoding="utf-8").splitlines()) < 500, module.name
