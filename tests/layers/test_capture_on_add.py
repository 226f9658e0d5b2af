"""Capture on add: a "remember that …" user message saves its fact when it is stored, imports
included; a contradiction is kept pending for the user; a setting turns capture off."""

import json
from pathlib import Path

import pytest
from scan import file_bytes_contain

from lembrar import Memory, NotFoundError, ValidationError
from lembrar.cli import main
from lembrar.embed.hashing import HashingEmbedder
from lembrar.layers import LayerConfig, Saved

EXAMPLE = Path(__file__).parents[2] / "examples" / "conversation.jsonl"


@pytest.mark.parametrize(
    "text, fact",
    [
        ("Remember that I'm vegetarian", "I'm vegetarian"),
        ("Lembre que eu sou alérgica a amendoim.", "Eu sou alérgica a amendoim"),
        ("Recuerda que vivo en Sevilla", "Vivo en Sevilla"),
        ("Souviens-toi que je suis végétarien", "Je suis végétarien"),
    ],
)
def test_a_request_is_saved_when_the_message_is_added(memory, text, fact):
    [message] = memory.add({"role": "user", "content": text}, user_id="ana")
    [saved] = memory.saved.list("ana")
    assert saved.text.rstrip(".") == fact and saved.source_episode_id == message.id


def test_assistant_turns_and_talk_about_remembering_save_nothing(memory):
    memory.add(
        [
            {"role": "user", "content": "I don't remember where I parked"},
            {"role": "assistant", "content": "Remember that you parked on level 3."},
        ],
        user_id="ana",
    )
    assert memory.saved.list("ana") == [] and memory.saved.pending("ana") == []


def test_the_setting_turns_capture_off(db_path, clock):
    with Memory(
        db_path, embedder=HashingEmbedder(), clock=clock, layers=LayerConfig(capture_on_add=False)
    ) as memory:
        [message] = memory.add(
            {"role": "user", "content": "Remember that I'm vegetarian"}, user_id="ana"
        )
        assert memory.saved.list("ana") == []
        assert isinstance(memory.saved.capture(message), Saved)  # still available on demand


def test_a_fact_too_long_to_save_does_not_fail_the_add(memory):
    [message] = memory.add(
        {"role": "user", "content": "Remember that " + "my plan is long " * 40}, user_id="ana"
    )
    assert memory.get(message.id, "ana").content.startswith("Remember that")
    assert memory.saved.list("ana") == []


def test_forgetting_the_message_forgets_the_fact_and_the_pending_one(memory, db_path):
    memory.saved.add("I live in Lisbon", "ana")
    [first] = memory.add(
        {"role": "user", "content": "Remember that my bike is called Quixotl"}, user_id="ana"
    )
    [second] = memory.add(
        {"role": "user", "content": "Remember that I live in Zorbaxel"}, user_id="ana"
    )
    [pending] = memory.saved.pending("ana")
    assert pending.text == "I live in Zorbaxel" and pending.source_episode_id == second.id
    memory.delete(first.id, "ana")
    memory.delete(second.id, "ana")
    assert [m.text for m in memory.saved.list("ana")] == ["I live in Lisbon"]
    assert memory.saved.pending("ana") == []
    assert not file_bytes_contain(db_path, "Zorbaxel") and not file_bytes_contain(
        db_path, "Quixotl"
    )


def test_resolving_needs_a_known_action_and_id(memory):
    memory.saved.add("I live in Lisbon", "ana")
    memory.add({"role": "user", "content": "Remember that I live in Porto"}, user_id="ana")
    [pending] = memory.saved.pending("ana")
    with pytest.raises(ValidationError, match="action"):
        memory.saved.resolve(pending.id, "ana", "merge")
    with pytest.raises(NotFoundError):
        memory.saved.resolve("nope", "ana", "replace")
    assert memory.saved.resolve(pending.id, "ana", "discard") is None
    assert [m.text for m in memory.saved.list("ana")] == [
        "I live in Lisbon"
    ] and memory.saved.pending("ana") == []


def test_the_sample_import_puts_the_allergy_in_the_context_block(tmp_path, capsys):
    db = str(tmp_path / "demo.db")
    assert (
        main(
            [
                "--db",
                db,
                "--embedder",
                "hash",
                "user",
                "ana",
                "--timezone",
                "America/Sao_Paulo",
                "--hemisphere",
                "south",
            ]
        )
        == 0
    )
    assert main(["--db", db, "--embedder", "hash", "import", str(EXAMPLE)]) == 0
    capsys.readouterr()
    assert (
        main(
            [
                "--db",
                db,
                "--embedder",
                "hash",
                "context",
                "o que posso comer no lanche?",
                "--user",
                "ana",
                "--now",
                "2024-05-20T12:00:00-03:00",
                "--budget",
                "250",
            ]
        )
        == 0
    )
    assert "alérgica a amendoim" in capsys.readouterr().out


def test_cli_lists_and_resolves_pending_facts(tmp_path, capsys):
    db = str(tmp_path / "cli.db")
    assert (
        main(
            [
                "--db",
                db,
                "--embedder",
                "hash",
                "memories",
                "add",
                "I live in Lisbon",
                "--user",
                "ana",
            ]
        )
        == 0
    )
    with Memory(db, embedder="hash") as memory:
        memory.add({"role": "user", "content": "Remember that I live in Porto"}, user_id="ana")
    capsys.readouterr()
    assert (
        main(
            [
                "--db",
                db,
                "--embedder",
                "hash",
                "--json",
                "memories",
                "list",
                "--pending",
                "--user",
                "ana",
            ]
        )
        == 0
    )
    [pending] = json.loads(capsys.readouterr().out)
    assert pending["text"] == "I live in Porto"
    assert (
        main(
            [
                "--db",
                db,
                "--embedder",
                "hash",
                "memories",
                "resolve",
                pending["id"],
                "--user",
                "ana",
                "--replace",
            ]
        )
        == 0
    )
    assert "replacing" in capsys.readouterr().out
    assert (
        main(["--db", db, "--embedder", "hash", "memories", "list", "--pending", "--user", "ana"])
        == 0
    )
    assert "no pending memories" in capsys.readouterr().out
    assert (
        main(
            [
                "--db",
                db,
                "--embedder",
                "hash",
                "memories",
                "resolve",
                pending["id"],
                "--user",
                "ana",
                "--discard",
            ]
        )
        != 0
    )
    err = capsys.readouterr().err
    assert "pending memory" in err and "Traceback" not in err
