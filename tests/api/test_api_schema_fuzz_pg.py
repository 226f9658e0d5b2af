"""The generated-request suite against the server on PostgreSQL (bounded: 16 valid and 8 invalid
examples per operation): no input may cause a server error, every response must match the
published schema, valid data is accepted and invalid data refused. Prints how many requests it
sent."""

from __future__ import annotations

import pytest

schemathesis = pytest.importorskip("schemathesis")
from schema_fuzz import cases, openapi_document, run  # noqa: E402

pytestmark = [pytest.mark.server, pytest.mark.postgres]
EXAMPLES = {schemathesis.GenerationMode.POSITIVE: 16, schemathesis.GenerationMode.NEGATIVE: 8}
SENT = {"requests": 0, "server_errors": 0}
CASES = [
    pytest.param(operation, mode, id=f"{operation.label} {mode.value}")
    for operation, mode in cases(openapi_document(), EXAMPLES)
]


@pytest.fixture(scope="module")
def pg_key(pg_admin, new_tenant) -> str:
    yield new_tenant(pg_admin)[1]
    print(
        f"\nschemathesis on PostgreSQL: {SENT['requests']} requests, {SENT['server_errors']} server errors"
    )


@pytest.mark.parametrize(("operation", "mode"), CASES)
def test_generated_requests_on_postgres(operation, mode, live_pg, pg_key):
    key = live_pg.admin_key if operation.path.startswith("/v1/admin") else pg_key
    run(operation, mode, EXAMPLES[mode], live_pg.url, key, SENT)
