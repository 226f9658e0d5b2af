"""A user's settings: the language must be one whose time phrases lembrar reads."""

from __future__ import annotations

import pytest

from lembrar.temporal.delegate import installed, readable_languages


@pytest.mark.parametrize("language", ["pt", "pt-BR", "es_419", "fr"])
def test_a_language_lembrar_reads_is_kept(alice, user, language):
    answer = alice.put(f"/v1/users/{user}", json={"language": language})
    assert answer.status_code == 200 and answer.json()["language"] == language


@pytest.mark.parametrize("language", ["klingon", "english", "", "PT", "xx"])
def test_another_language_is_refused_naming_the_languages(alice, user, language):
    assert alice.put(f"/v1/users/{user}", json={"language": "en"}).status_code == 200
    answer = alice.put(f"/v1/users/{user}", json={"language": language})
    assert answer.status_code == 422 and answer.json()["error"]["field"] == "language"
    assert "en, pt, es, fr" in answer.json()["error"]["message"]
    assert alice.get(f"/v1/users/{user}").json()["language"] == "en"


def test_the_document_lists_the_languages(alice, live, client):
    document = client(live.url, None).get("/openapi.json").json()
    field = document["components"]["schemas"]["UserSettingsIn"]["properties"]["language"]
    pattern = field["anyOf"][0]["pattern"]
    assert all(f"|{code}|" in pattern.replace("(?:", "|") for code in ("pt", "es", "fr"))
    assert ("|de|" in pattern) is (installed() and "de" in readable_languages())
