"""The generated-request suite against the server on PostgreSQL (bounded: 8 valid and 4 invalid
examples per operation): no input may cause a server error (a NUL character included), and every
response must match the published schema. Prints how many requests it sent."""

from __future__ import annotations

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from schemathesis.checks import (  # noqa: E402
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,  # noqa: E402
)

from lembrar.api import create_app  # noqa: E402
from lembrar.embed.hashing import HashingEmbedder  # noqa: E402

pytestmark = [pytest.mark.server, pytest.mark.postgres]
CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance]
EXAMPLES = {schemathesis.GenerationMode.POSITIVE: 8, schemathesis.GenerationMode.NEGATIVE: 4}
SENT = {"requests": 0, "server_errors": 0}


def _document() -> dict:
    app = create_app(":memory:", admin_key="unused", embedder=HashingEmbedder())
    try:
        return app.openapi()
    finally:
        app.state.services.close()


DOCUMENT = _document()
OPERATIONS = [
    result.ok() for result in schemathesis.openapi.from_dict(DOCUMENT).get_all_operations()
]


def _takes_input(operation) -> bool:
    spec = DOCUMENT["paths"][operation.path][operation.method.lower()]
    return bool(spec.get("parameters") or spec.get("requestBody"))


CASES = [
    pytest.param(operation, mode, id=f"{operation.label} {mode.value}")
    for operation in OPERATIONS
    for mode in EXAMPLES
    if mode is schemathesis.GenerationMode.POSITIVE or _takes_input(operation)
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

    @given(case=operation.as_strategy(mode))
    @settings(
        max_examples=EXAMPLES[mode],
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    def check(case):
        response = case.call(base_url=live_pg.url, headers={"Authorization": f"Bearer {key}"})
        SENT["requests"] += 1
        SENT["server_errors"] += response.status_code >= 500
        case.validate_response(response, checks=CHECKS)

    check()
