"""What every CLI command shares: opening the store, printing results."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lembrar.cli.render import dumps
from lembrar.engine import Memory


def default_db() -> str:
    """``$LEMBRAR_DB``, else ``$XDG_DATA_HOME/lembrar/memory.db`` (``~/.local/share`` by default)."""
    if os.environ.get("LEMBRAR_DB"):
        return os.environ["LEMBRAR_DB"]
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return str(Path(base) / "lembrar" / "memory.db")


def open_memory(args: argparse.Namespace) -> Memory:
    """The store named by ``--db``; a file that is no store is left as it was."""
    return Memory(args.db or default_db(), embedder=args.embedder)


def emit(args: argparse.Namespace, value: Any, human: Callable[[], str]) -> int:
    print(dumps(value) if args.json else human())
    return 0
