"""Property-based requests generated from the OpenAPI document, valid and invalid: no input may
cause a server error, every response must match the schema the API publishes, valid data is
accepted and invalid data refused (see tests/support/schema_fuzz.py for the rules)."""

from __future__ import annotations

import pytest

schemathesis = pytest.importorskip("schemathesis")
from schema_fuzz import cases, openapi_document, run  # noqa: E402

pytestmark = pytest.mark.server
DOCUMENT = openapi_document()
EXAMPLES = {schemathesis.GenerationMode.POSITIVE: 30, schemathesis.GenerationMode.NEGATIVE: 15}
CASES = [
    pytest.param(operation, mode, id=f"{operation.label} {mode.value}")
    for operation, mode in cases(DOCUMENT, EXAMPLES)
]


@pytest.fixture(scope="session")
def fuzz_key(admin, new_tenant) -> str:
    return new_tenant(admin)[1]


def test_the_server_publishes_the_fuzzed_document(live, client):
    assert client(live.url, None).get("/openapi.json").json() == DOCUMENT


@pytest.mark.parametrize(("operation", "mode"), CASES)
def test_generated_requests(operation, mode, live, fuzz_key):
    key = live.admin_key if operation.path.startswith("/v1/admin") else fuzz_key
    run(operation, mode, EXAMPLES[mode], live.url, key)
