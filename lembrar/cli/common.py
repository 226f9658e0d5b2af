"""What every CLI command shares: opening the store, checking the user, printing results.

The heavy parts of the library are imported inside the functions that use them, so that
``lembrar --help`` and a command's argument errors start fast.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lembrar.cli.failures import EXIT_STORE, EXIT_USAGE, CliFailure

if TYPE_CHECKING:
    from lembrar.memory import Memory
    from lembrar.store import Store


def default_db() -> str:
    """``$LEMBRAR_DB``, else ``$XDG_DATA_HOME/lembrar/memory.db`` (``~/.local/share`` by default)."""
    if os.environ.get("LEMBRAR_DB"):
        return os.environ["LEMBRAR_DB"]
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return str(Path(base) / "lembrar" / "memory.db")


def db_target(args: argparse.Namespace) -> str:
    return str(getattr(args, "db", None) or default_db())


def chosen_tenant(args: argparse.Namespace) -> str | None:
    """``--tenant``, else ``$LEMBRAR_TENANT``; None: this machine's memory."""
    from lembrar.cli.options import tenant_name

    given = getattr(args, "tenant", None)
    if given:
        return str(given)
    named = os.environ.get("LEMBRAR_TENANT")
    if not named:
        return None
    try:
        return tenant_name(named)
    except argparse.ArgumentTypeError as exc:
        raise CliFailure(EXIT_USAGE, f"$LEMBRAR_TENANT: {exc}") from exc


def require_existing(target: str) -> None:
    """A read never creates: a SQLite path with no file behind it is a ``CliFailure``."""
    if "://" in target or target == ":memory:" or Path(target).expanduser().exists():
        return
    raise CliFailure(
        EXIT_STORE,
        f"--db {target}: no lembrar store there yet; `lembrar add` or `lembrar import` creates "
        "one, or point --db (or $LEMBRAR_DB) at an existing store",
    )


def open_tenant_store(args: argparse.Namespace, *, create: bool) -> Store:
    """The store of ``--db``, viewed as this machine's tenant (``--tenant`` or the default)."""
    from lembrar.store import open_store
    from lembrar.tenancy import machine_tenant

    target = db_target(args)
    if not create:
        require_existing(target)
    store = open_store(target)
    try:
        return store.for_tenant(chosen_tenant(args) or machine_tenant(store))
    except BaseException:
        store.close()
        raise


def open_memory(args: argparse.Namespace, *, create: bool = False) -> Memory:
    """The memory of ``--db``; only commands that store something (``create``) make a new file.
    A file that is no store is left as it was."""
    from lembrar.memory import Memory

    store = open_tenant_store(args, create=create)
    try:
        return Memory(store, embedder=args.embedder)
    except BaseException:
        store.close()
        raise


def require_user(memory: Memory, user_id: str) -> str:
    """The stored form of ``user_id``; ``NotFoundError`` (exit 3) for a user the store lacks."""
    from lembrar.errors import NotFoundError
    from lembrar.model.ids import user_key

    key = user_key(user_id, "--user")
    if memory.store.get_user(key) is None:
        raise NotFoundError("user", user_id)
    return key


def emit(args: argparse.Namespace, value: Any, human: Callable[[], str]) -> int:
    if args.json:
        from lembrar.cli.render import dumps

        print(dumps(value))
    else:
        print(human())
    return 0


def say(message: str) -> None:
    """A note for the person at the terminal, on standard error."""
    print(message, file=sys.stderr)
