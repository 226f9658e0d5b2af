"""API keys: missing, unknown, malformed and revoked keys; admin and tenant keys kept apart."""

from __future__ import annotations

import sqlite3

import pytest

from lembrar.api import create_app
from lembrar.embed.hashing import HashingEmbedder

pytestmark = pytest.mark.server


def assert_error(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "field"}
    assert body["error"]["code"] == code
    return body["error"]


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer"},
        {"Authorization": "Bearer lmb_0123456789abcdef_" + "A" * 43},
        {"Authorization": "Bearer not-a-key"},
        {"Authorization": "Basic dXNlcjpwYXNz"},
    ],
)
def test_requests_without_a_valid_key_get_401(live, client, headers):
    for method, path in (
        ("GET", "/v1/users"),
        ("POST", "/v1/users/u/search"),
        ("GET", "/v1/stats"),
    ):
        response = client(live.url, None).request(
            method, path, headers=headers, json={"query": "x"}
        )
        assert_error(response, 401, "unauthorized")
        assert response.headers["www-authenticate"] == "Bearer"


def test_a_key_with_a_wrong_secret_is_refused(live, admin, client, new_tenant):
    _, key = new_tenant(admin)
    forged = key[:-4] + ("AAAA" if not key.endswith("AAAA") else "BBBB")
    assert_error(client(live.url, forged).get("/v1/users"), 401, "unauthorized")
    assert client(live.url, key).get("/v1/users").status_code == 200


def test_a_revoked_key_stops_working_at_once(live, admin, client, new_tenant):
    tenant, key = new_tenant(admin)
    other = admin.post(f"/v1/admin/tenants/{tenant}/keys", json={}).json()["key"]
    assert client(live.url, key).get("/v1/users").status_code == 200
    key_id = key.split("_")[1]
    revoked = admin.delete(f"/v1/admin/tenants/{tenant}/keys/{key_id}")
    assert revoked.status_code == 200 and revoked.json()["revoked_at"] is not None
    assert_error(client(live.url, key).get("/v1/users"), 401, "unauthorized")
    assert client(live.url, other).get("/v1/users").status_code == 200


def test_keys_are_shown_once_and_stored_hashed(live, admin, new_tenant):
    tenant, key = new_tenant(admin)
    listed = admin.get(f"/v1/admin/tenants/{tenant}/keys").json()["keys"]
    assert [k["key_id"] for k in listed] == [key.split("_")[1]]
    assert all("key" not in k and "digest" not in k and "salt" not in k for k in listed)
    secret = key.split("_", 2)[2]  # the secret itself may hold "_"
    assert len(secret) == 43
    with sqlite3.connect(live.db) as db:
        rows = db.execute("SELECT * FROM api_keys").fetchall()
    assert rows and not any(secret in str(value) for row in rows for value in row)


def test_admin_and_tenant_keys_do_not_cross(live, admin, alice, client):
    assert_error(admin.get("/v1/users"), 403, "forbidden")
    assert_error(alice.get("/v1/admin/tenants"), 403, "forbidden")
    assert_error(alice.post("/v1/admin/tenants", json={"tenant_id": "sneaky"}), 403, "forbidden")
    assert_error(client(live.url, "wrong-admin").get("/v1/admin/tenants"), 401, "unauthorized")


def test_admin_manages_tenants(admin, new_tenant):
    tenant, _ = new_tenant(admin)
    assert tenant in [t["tenant_id"] for t in admin.get("/v1/admin/tenants").json()["tenants"]]
    assert_error(admin.post("/v1/admin/tenants", json={"tenant_id": tenant}), 409, "conflict")
    assert_error(
        admin.post("/v1/admin/tenants", json={"tenant_id": "no spaces"}), 422, "validation_error"
    )
    assert_error(admin.post("/v1/admin/tenants/nobody-here/keys", json={}), 404, "not_found")
    assert_error(
        admin.delete(f"/v1/admin/tenants/{tenant}/keys/0000000000000000"), 404, "not_found"
    )


def test_revoking_needs_the_keys_own_tenant(admin, new_tenant):
    tenant, key = new_tenant(admin)
    other, _ = new_tenant(admin)
    assert_error(
        admin.delete(f"/v1/admin/tenants/{other}/keys/{key.split('_')[1]}"), 404, "not_found"
    )
    assert admin.get(f"/v1/admin/tenants/{tenant}/keys").json()["keys"][0]["revoked_at"] is None


def test_without_an_admin_key_the_admin_api_is_off(tmp_path, live, client, serve):
    app = create_app(str(tmp_path / "m.db"), admin_key=None, embedder=HashingEmbedder())
    with serve(app) as url:
        assert_error(client(url, live.admin_key).get("/v1/admin/tenants"), 403, "admin_disabled")
        assert_error(client(url, "").get("/v1/admin/tenants"), 401, "unauthorized")
