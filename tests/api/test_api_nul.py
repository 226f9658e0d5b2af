"""No text with a NUL character (U+0000) is stored, on either store: the request is refused at
the edge with 422 naming the field, and what was stored stays as it was."""

from __future__ import annotations

import uuid

import pytest

pytestmark = pytest.mark.server


@pytest.fixture(
    params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)], scope="module"
)
def tenant(request, client, new_tenant):
    """A client of a fresh tenant on the SQLite server, then on the PostgreSQL one."""
    live = request.getfixturevalue("live" if request.param == "sqlite" else "live_pg")
    with client(live.url, live.admin_key) as admin, client(live.url, new_tenant(admin)[1]) as c:
        yield c


@pytest.fixture
def user(tenant) -> str:
    name = f"u-{uuid.uuid4().hex[:8]}"
    assert tenant.put(f"/v1/users/{name}", json={"language": "en"}).status_code == 200
    return name


def _refused(answer, field: str) -> None:
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["field"] == field and "NUL" in error["message"], error


def test_user_settings(tenant, user):
    _refused(tenant.put(f"/v1/users/{user}", json={"language": "p\x00t"}), "language")
    assert tenant.get(f"/v1/users/{user}").json()["language"] == "en"


def test_episode_edit(tenant, user):
    made = tenant.post(f"/v1/users/{user}/episodes", json={"content": "first words"})
    episode = made.json()["episodes"][0]["id"]
    patched = tenant.patch(f"/v1/users/{user}/episodes/{episode}", json={"content": "a\x00b"})
    _refused(patched, "content")
    after = tenant.get(f"/v1/users/{user}/episodes/{episode}").json()
    assert after["content"] == "first words" and after["version"] == 1


def test_bulk_item_names_its_place(tenant, user):
    items = [{"content": "fine"}, {"content": "ok", "metadata": {"k": "v\x00"}}]
    _refused(
        tenant.post(f"/v1/users/{user}/episodes/bulk", json={"items": items}), "items.1.metadata"
    )
    assert tenant.get(f"/v1/users/{user}/episodes").json()["items"] == []


def _layers(tenant, user) -> bool:
    return tenant.get(f"/v1/users/{user}/memories").status_code != 501


def test_saved_memory_add_and_edit(tenant, user):
    if not _layers(tenant, user):
        pytest.skip("this store's backend keeps no saved memories")
    _refused(tenant.post(f"/v1/users/{user}/memories", json={"fact": "I like \x00 tea"}), "fact")
    saved = tenant.post(f"/v1/users/{user}/memories", json={"fact": "I like green tea"}).json()
    ident = saved["memory"]["id"]
    _refused(tenant.patch(f"/v1/users/{user}/memories/{ident}", json={"fact": "x\x00"}), "fact")
    facts = [m["fact"] for m in tenant.get(f"/v1/users/{user}/memories").json()["memories"]]
    assert facts == ["I like green tea"]


def test_tools_remember_and_saved_memories_edit(tenant, user):
    remembered = tenant.post(
        f"/v1/users/{user}/tools/remember", json={"fact": "had \x00 lunch", "kind": "event"}
    )
    _refused(remembered, "fact")
    assert tenant.get(f"/v1/users/{user}/episodes").json()["items"] == []
    if not _layers(tenant, user):
        return
    saved = tenant.post(f"/v1/users/{user}/tools/remember", json={"fact": "I live in Porto"})
    ident = saved.json()["id"]
    edit = {"action": "edit", "id": ident, "text": "I live in \x00Braga"}
    _refused(tenant.post(f"/v1/users/{user}/tools/saved_memories", json=edit), "text")
    facts = [m["fact"] for m in tenant.get(f"/v1/users/{user}/memories").json()["memories"]]
    assert facts == ["I live in Porto"]
