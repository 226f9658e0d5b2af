"""Which ``Host`` a server answers: a page on another site that points its name at this machine
(DNS rebinding) reaches neither the local API nor the MCP server; key mode answers the names it
was given (``--allowed-host``), or any."""

from __future__ import annotations

import pytest

from lembrar.api import create_app
from lembrar.api.hosts import host_allowed, host_name
from lembrar.embed.hashing import HashingEmbedder

pytestmark = pytest.mark.server
ATTACKER = "attacker.example:8420"


@pytest.fixture(scope="module")
def local(tmp_path_factory, serve):
    app = create_app(
        str(tmp_path_factory.mktemp("local") / "m.db"), embedder=HashingEmbedder(), local=True
    )
    with serve(app) as url:
        yield url


def _port(url: str) -> str:
    return url.rsplit(":", 1)[1]


def test_local_mode_refuses_another_sites_name_and_changes_nothing(local, client):
    with client(local, None) as c:
        assert c.post("/v1/users/ana/episodes", json={"content": "my bank PIN"}).status_code == 201
        for method, path in (("GET", "/v1/users/ana/episodes"), ("DELETE", "/v1/users/ana")):
            answer = c.request(method, path, headers={"Host": ATTACKER})
            assert answer.status_code == 421, answer.text
            error = answer.json()["error"]
            assert error["code"] == "misdirected_request" and error["field"] == "host"
            assert "my bank PIN" not in answer.text and "localhost" in error["message"]
        assert len(c.get("/v1/users/ana/episodes").json()["items"]) == 1


@pytest.mark.parametrize("name", ["localhost", "127.0.0.1", "[::1]", "LOCALHOST"])
def test_local_mode_answers_loopback_names_on_any_port(local, client, name):
    for host in (f"{name}:{_port(local)}", f"{name}:9", name):
        answer = client(local, None).get("/v1/users", headers={"Host": host})
        assert answer.status_code == 200, (host, answer.text)


def test_local_mode_refuses_a_page_of_another_site(local, client):
    c = client(local, None)
    foreign = c.post(
        "/v1/users/ana/episodes",
        json={"content": "planted"},
        headers={"Origin": "http://attacker.example"},
    )
    assert foreign.status_code == 403 and foreign.json()["error"]["field"] == "origin"
    own = c.get("/v1/users", headers={"Origin": f"http://127.0.0.1:{_port(local)}"})
    assert own.status_code == 200


def test_key_mode_answers_any_name_unless_names_are_given(tmp_path, serve, client):
    db = str(tmp_path / "m.db")
    with serve(create_app(db, admin_key="adm", embedder=HashingEmbedder())) as url:
        assert client(url, "adm").get("/v1/admin/tenants", headers={"Host": ATTACKER}).is_success
    pinned = create_app(
        db, admin_key="adm", embedder=HashingEmbedder(), allowed_hosts=["api.example.org"]
    )
    with serve(pinned) as url:
        admin = client(url, "adm")
        assert admin.get("/v1/admin/tenants", headers={"Host": "api.example.org:443"}).is_success
        for host in (ATTACKER, f"127.0.0.1:{_port(url)}"):
            assert admin.get("/v1/admin/tenants", headers={"Host": host}).status_code == 421


@pytest.mark.parametrize(
    ("header", "name"),
    [
        ("localhost:8420", "localhost"),
        ("[::1]:80", "::1"),
        ("Example.ORG.", "example.org"),
        ("[::1", None),
        ("host:port", None),
        ("", None),
    ],
)
def test_the_name_of_a_host_header(header, name):
    assert host_name(header) == name
    assert host_allowed(header, ("localhost", "::1", "example.org")) is (name is not None)
