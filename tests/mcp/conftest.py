"""One ``lembrar mcp --transport http`` for the MCP tests, with two tenants and a key each."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("mcp", reason="needs the [mcp] extra")
from mcp_session import http_server  # noqa: E402

from lembrar.store import open_store  # noqa: E402
from lembrar.tenancy import create_tenant, issue_key  # noqa: E402


@pytest.fixture(scope="session")
def served(tmp_path_factory) -> Iterator[tuple[str, str, str]]:
    """The endpoint's URL, a key of tenant ``acme`` and one of ``globex``."""
    db = tmp_path_factory.mktemp("mcp") / "m.db"
    store = open_store(db)
    keys = store.key_store()
    for tenant in ("acme", "globex"):
        create_tenant(keys, tenant)
    key_a, key_b = issue_key(keys, "acme")[1], issue_key(keys, "globex")[1]
    store.close()
    with http_server(db) as url:
        yield url, key_a, key_b
