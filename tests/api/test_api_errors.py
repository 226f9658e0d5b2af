"""Errors: one JSON shape, the field named, 413 for big bodies, nothing internal leaked."""

from __future__ import annotations

import socket
import time
from urllib.parse import urlsplit

import pytest

from lembrar.api import create_app
from lembrar.embed.hashing import HashingEmbedder
from lembrar.errors import StoreBusyError

pytestmark = pytest.mark.server


def error(response, status: int) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert list(body) == ["error"] and set(body["error"]) == {"code", "message", "field"}
    return body["error"]


def test_malformed_json_is_400(alice, user):
    for raw in (b'{"content": "unclosed', b"not json", b'{"content": "x",}'):
        response = alice.post(
            f"/v1/users/{user}/episodes", content=raw, headers={"Content-Type": "application/json"}
        )
        assert error(response, 400)["code"] == "invalid_json"


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("search", {"query": "x", "k": "ten"}, "k"),
        ("search", {"query": "x", "k": 0}, "k"),
        ("search", {"query": 42}, "query"),
        ("search", {"query": "x", "filters": {"roles": ["robot"]}}, "filters.roles.0"),
        ("search", {"query": "x", "filters": {"since": "2024-01-01T00:00:00"}}, "filters.since"),
        ("search", {"query": "x", "unknown": 1}, "unknown"),
        ("search", {"query": "x", "preset": "nonsense"}, "preset"),
        ("search", {"query": "x", "now": "yesterday-ish"}, "now"),
        ("search", {}, "query"),
        ("episodes", {"content": ["a", "list"]}, "content"),
        ("episodes", {"content": "x", "metadata": "not an object"}, "metadata"),
        ("episodes", {"content": "x", "at": "2024-13-45"}, "at"),
        ("episodes", {"content": "   "}, "content"),
        ("episodes", {"messages": [{"role": "robot", "content": "x"}]}, "messages.0.role"),
    ],
)
def test_wrong_input_is_422_naming_the_field(alice, user, path, body, field):
    found = error(alice.post(f"/v1/users/{user}/{path}", json=body), 422)
    assert found["code"] == "validation_error" and found["field"] == field


def test_wrong_query_and_settings_values_name_the_field(alice, user):
    assert (
        error(alice.get(f"/v1/users/{user}/episodes", params={"limit": -1}), 422)["field"]
        == "limit"
    )
    assert (
        error(alice.get(f"/v1/users/{user}/episodes", params={"cursor": "garbage"}), 422)["field"]
        == "cursor"
    )
    assert (
        error(alice.put(f"/v1/users/{user}", json={"timezone": "Mars/Olympus"}), 422)["field"]
        == "timezone"
    )
    assert (
        error(alice.put(f"/v1/users/{user}", json={"hemisphere": "east"}), 422)["field"]
        == "hemisphere"
    )


def test_bodies_over_the_limit_are_413(alice, user, live):
    big = {"content": "x" * (live.max_body + 1)}
    assert (
        error(alice.post(f"/v1/users/{user}/episodes", json=big), 413)["code"]
        == "payload_too_large"
    )

    def chunks():
        for _ in range(live.max_body // 1024 + 2):
            yield b" " * 1024

    chunked = alice.post(
        f"/v1/users/{user}/episodes", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert error(chunked, 413)["code"] == "payload_too_large"
    assert (
        alice.post(
            f"/v1/users/{user}/episodes", json={"content": "x" * (live.max_body // 2)}
        ).status_code
        == 201
    )


def test_a_client_still_sending_a_refused_body_reads_the_413(live):
    """The server answers a declared over-limit body at once; a client that goes on sending it
    must still read the answer, not a connection reset by unread bytes."""
    host, port = urlsplit(live.url).hostname, urlsplit(live.url).port
    size = live.max_body * 4
    head = (
        f"POST /v1/users/anyone/episodes HTTP/1.1\r\nHost: {host}\r\n"
        f"Authorization: Bearer {live.admin_key}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {size}\r\n\r\n"
    ).encode()
    with socket.create_connection((host, port), timeout=10) as conn:
        conn.sendall(head)
        time.sleep(0.3)  # the 413 is on its way before the body is
        for _ in range(size // 4096):
            conn.sendall(b" " * 4096)
        reply = b""
        while chunk := conn.recv(65536):
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 413")
    assert b"payload_too_large" in reply


def test_unknown_routes_and_methods_use_the_same_shape(alice):
    assert error(alice.get("/v1/nothing-here"), 404)["code"] == "not_found"
    assert error(alice.put("/v1/stats"), 405)["code"] == "method_not_allowed"


class Broken(HashingEmbedder):
    def embed_batch(self, texts):
        raise RuntimeError("secret internal detail at /srv/lembrar")


def test_unexpected_failures_are_a_generic_500(tmp_path, caplog, client, new_tenant, serve):
    app = create_app(str(tmp_path / "m.db"), admin_key="adm", embedder=Broken())
    with serve(app) as url:
        _, key = new_tenant(client(url, "adm"))
        response = client(url, key).post("/v1/users/u/episodes", json={"content": "hello"})
    found = error(response, 500)
    assert (
        found["code"] == "internal_error"
        and "secret" not in response.text
        and "Traceback" not in response.text
    )
    assert any("secret internal detail" in str(r.exc_info) for r in caplog.records if r.exc_info)


def test_health_and_readiness(live, client):
    plain = client(live.url, None)
    assert plain.get("/healthz").json() == {"status": "ok"}
    assert plain.get("/readyz").json() == {"status": "ready"}
    schema = plain.get("/openapi.json").json()
    assert schema["openapi"].startswith("3.") and "/v1/users/{user_id}/search" in schema["paths"]


def test_values_that_cannot_be_stored_are_422(alice, user):
    raw = {"headers": {"Content-Type": "application/json"}}
    for body, field in (
        (b'{"content": "x", "metadata": {"a": NaN}}', "metadata"),
        (b'{"record": {"a": [1, Infinity]}}', "record"),
        (b'{"content": "x", "at": "0001-01-01T00:00:00+14:00"}', "at"),
    ):
        assert (
            error(alice.post(f"/v1/users/{user}/episodes", content=body, **raw), 422)["field"]
            == field
        )
    assert (
        error(
            alice.post(f"/v1/users/{user}/episodes", content=b'{"content": "\\ud800"}', **raw), 422
        )["code"]
        == "validation_error"
    )
    assert (
        error(
            alice.post(
                f"/v1/users/{user}/search", json={"query": "x", "now": "9999-12-31T00:00:00+00:00"}
            ),
            422,
        )["field"]
        == "now"
    )
    huge = "WzEsIDEwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDBd"  # [1, 10**27]
    assert (
        error(alice.get(f"/v1/users/{user}/episodes", params={"cursor": huge}), 422)["code"]
        == "validation_error"
    )
    assert alice.get(f"/v1/users/{user}/episodes").json()["items"] == []


class LockedTwice(HashingEmbedder):
    """Fails like a store locked by another process, twice, then works."""

    def __init__(self):
        super().__init__()
        self.failures = 2

    def embed_batch(self, texts):
        if self.failures:
            self.failures -= 1
            raise StoreBusyError("write failed, nothing stored: database is locked")
        return super().embed_batch(texts)


def test_a_locked_database_is_retried_without_doubling_the_write(
    tmp_path, client, new_tenant, serve
):
    embedder = LockedTwice()
    app = create_app(str(tmp_path / "m.db"), admin_key="adm", embedder=embedder)
    with serve(app) as url:
        c = client(url, new_tenant(client(url, "adm"))[1])
        embedder.failures = 2
        created = c.post("/v1/users/u/episodes", json={"content": "written once"})
        assert created.status_code == 201 and embedder.failures == 0
        assert [e["content"] for e in c.get("/v1/users/u/episodes").json()["items"]] == [
            "written once"
        ]
