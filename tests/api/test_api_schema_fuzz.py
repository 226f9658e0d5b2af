"""Property-based requests generated from the OpenAPI document, valid and invalid: no input may
cause a server error, and every response must match the schema the API publishes."""

from __future__ import annotations

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from schemathesis.checks import (  # noqa: E402
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from lembrar.api import create_app  # noqa: E402
from lembrar.embed.hashing import HashingEmbedder  # noqa: E402

pytestmark = pytest.mark.server
CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance]


def _document() -> dict:
    """The OpenAPI document, read at collection time from an app on a throwaway store."""
    app = create_app(":memory:", admin_key="unused", embedder=HashingEmbedder())
    try:
        return app.openapi()
    finally:
        app.state.services.close()


DOCUMENT = _document()
OPERATIONS = [
    result.ok() for result in schemathesis.openapi.from_dict(DOCUMENT).get_all_operations()
]
EXAMPLES = {schemathesis.GenerationMode.POSITIVE: 30, schemathesis.GenerationMode.NEGATIVE: 15}


def _takes_input(operation) -> bool:
    spec = DOCUMENT["paths"][operation.path][operation.method.lower()]
    return bool(spec.get("parameters") or spec.get("requestBody"))


CASES = [
    pytest.param(operation, mode, id=f"{operation.label} {mode.value}")
    for operation in OPERATIONS
    for mode in EXAMPLES
    if mode is schemathesis.GenerationMode.POSITIVE or _takes_input(operation)
]


@pytest.fixture(scope="session")
def fuzz_key(admin, new_tenant) -> str:
    return new_tenant(admin)[1]


def test_the_server_publishes_the_fuzzed_document(live, client):
    assert client(live.url, None).get("/openapi.json").json() == DOCUMENT


@pytest.mark.parametrize(("operation", "mode"), CASES)
def test_generated_requests(operation, mode, live, fuzz_key):
    key = live.admin_key if operation.path.startswith("/v1/admin") else fuzz_key

    @given(case=operation.as_strategy(mode))
    @settings(
        max_examples=EXAMPLES[mode],
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    def check(case):
        case.call_and_validate(
            base_url=live.url, headers={"Authorization": f"Bearer {key}"}, checks=CHECKS
        )

    check()
