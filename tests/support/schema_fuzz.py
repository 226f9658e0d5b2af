"""Requests generated from the published OpenAPI document, valid and invalid, and what their
answers must show: no server error, answers that match the document, valid data accepted and
invalid data refused (Schemathesis' ``positive_data_acceptance`` and ``negative_data_rejection``).

A few rules cannot be written in OpenAPI; a valid-looking request refused for one of them, with
the field the rule names, is not a disagreement. Each is listed in ``BEYOND_THE_SCHEMA`` and in
docs/api.md. Generated text holds no NUL: every text field refuses one (docs/api.md), which
tests/api/test_api_nul.py checks field by field.
"""

from __future__ import annotations

from collections.abc import Callable

import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import (
    negative_data_rejection,
    not_a_server_error,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from lembrar.api import create_app
from lembrar.embed.hashing import HashingEmbedder

USERS = "/v1/users/{user_id}"
BEYOND_THE_SCHEMA: dict[tuple[str, str], Callable[[str, str], bool]] = {
    # which page a cursor names only the server that made it knows
    ("GET", f"{USERS}/episodes"): lambda field, _: field == "cursor",
    # at least one filter: a rule across query parameters
    ("DELETE", f"{USERS}/episodes"): lambda field, _: field == "filters",
    # exactly one target: a rule across query parameters
    ("GET", f"{USERS}/forget-preview"): lambda field, _: field == "target",
    # a record whose values are all null or empty has no text to store (content is NonBlank)
    ("POST", f"{USERS}/episodes"): lambda field, _: field == "content",
    # an item the engine refuses fails the batch, or only itself with skip_invalid
    ("POST", f"{USERS}/episodes/bulk"): lambda field, _: field.startswith("items."),
    # the arguments follow the schema of the tool the path names (GET /v1/tools)
    ("POST", f"{USERS}/tools/{{name}}"): lambda field, _: True,
    # the body is OpenAI's chat request, passed through; not described by this document
    ("POST", "/v1/chat/completions"): lambda field, _: True,
}
NO_ZONE = "timestamp has no zone"  # a time without offset, for a user who set no timezone
CONFIG = schemathesis.Config.from_dict(
    {
        "generation": {"allow-x00": False},
        # 413: a generated body over the test server's cap is refused before it is read
        "checks": {
            "negative_data_rejection": {
                "expected-statuses": ["400", "401", "403", "404", "405", "413", "415", "422"]
            }
        },
    }
)


def openapi_document() -> dict:
    """The OpenAPI document, read from an app on a throwaway store."""
    app = create_app(":memory:", admin_key="unused", embedder=HashingEmbedder())
    try:
        return app.openapi()
    finally:
        app.state.services.close()


def cases(document: dict, examples: dict) -> list[tuple[object, schemathesis.GenerationMode]]:
    """Every operation with each mode of ``examples``; negative only where there is input."""
    operations = [
        result.ok()
        for result in schemathesis.openapi.from_dict(document, config=CONFIG).get_all_operations()
    ]

    def takes_input(operation) -> bool:
        spec = document["paths"][operation.path][operation.method.lower()]
        return bool(spec.get("parameters") or spec.get("requestBody"))

    return [
        (operation, mode)
        for operation in operations
        for mode in examples
        if mode is schemathesis.GenerationMode.POSITIVE or takes_input(operation)
    ]


def beyond_the_schema(case, response) -> bool:
    """A valid request refused for one of the rules OpenAPI cannot state."""
    if response.status_code not in (400, 422):
        return False
    error = response.json().get("error") or {}
    field, message = error.get("field") or "", error.get("message") or ""
    rule = BEYOND_THE_SCHEMA.get((case.operation.method.upper(), case.operation.path))
    return message.startswith(NO_ZONE) or (rule is not None and rule(field, message))


@schemathesis.check
def valid_data_accepted(ctx, response, case):
    """``positive_data_acceptance``, except for the rules in ``BEYOND_THE_SCHEMA``."""
    if beyond_the_schema(case, response):
        return None
    return positive_data_acceptance(ctx, response, case)


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    response_schema_conformance,
    valid_data_accepted,
    negative_data_rejection,
]


def run(operation, mode, examples: int, url: str, key: str, sent: dict | None = None) -> None:
    """Send ``examples`` generated requests of ``mode`` and check every answer."""

    @given(case=operation.as_strategy(mode))
    @settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    def check(case):
        response = case.call(base_url=url, headers={"Authorization": f"Bearer {key}"})
        if sent is not None:
            sent["requests"] += 1
            sent["server_errors"] += response.status_code >= 500
        case.validate_response(response, checks=CHECKS)

    check()
