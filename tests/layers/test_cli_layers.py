"""The layer commands on a real file, through the CLI's entry point (in process, for speed)."""

import json

import pytest

from lembrar.cli import main


@pytest.fixture
def cli(tmp_path, capsys):
    db = tmp_path / "cli.db"

    def run(*args, code=0):
        capsys.readouterr()
        assert main(["--db", str(db), "--embedder", "hash", *args]) == code, capsys.readouterr().err
        return capsys.readouterr().out

    return run


def test_memories_add_list_edit_delete(cli):
    first = json.loads(cli("--json", "memories", "add", "I live in Lisbon", "--user", "ana"))
    assert first["status"] == "saved"
    assert "already saved" in cli("memories", "add", "I live in Lisbon.", "--user", "ana")
    conflict = cli("memories", "add", "I live in Porto", "--user", "ana", code=1)
    assert "contradicts" in conflict and first["id"] in conflict and "--replace" in conflict
    assert "replacing " + first["id"] in cli(
        "memories", "add", "I live in Porto", "--user", "ana", "--replace"
    )
    listed = cli("memories", "list", "--user", "ana")
    assert "I live in Porto" in listed and "Lisbon" not in listed
    assert "replaced" in cli("memories", "list", "--user", "ana", "--all")
    current = json.loads(cli("--json", "memories", "list", "--user", "ana"))[0]
    assert "Porto, Portugal" in cli(
        "memories", "edit", current["id"], "I live in Porto, Portugal", "--user", "ana"
    )
    assert "deleted 2 saved memories" in cli("memories", "delete", current["id"], "--user", "ana")
    assert "no saved memories" in cli("memories", "list", "--user", "ana", "--all")


def test_summarize_end_session_insights_and_errors(cli, tmp_path):
    lines = [
        {
            "user_id": "ana",
            "session_id": f"s{i % 5}",
            "role": "user",
            "at": f"2024-0{1 + i % 5}-0{1 + i % 9}T10:00:00+00:00",
            "content": [
                "tokio runtime, async Rust, serde derive and trait objects",
                "feijoada, black beans, farofa and smoked sausage",
                "tempo run, long run, running shoes and race day",
            ][i % 3],
        }
        for i in range(30)
    ]
    source = tmp_path / "msgs.jsonl"
    source.write_text("\n".join(json.dumps(line) for line in lines))
    cli("import", str(source))
    assert "s0" in cli("end-session", "--user", "ana", "--session", "s0")
    idle = cli("summarize", "--idle", "--now", "2024-12-01T00:00:00+00:00")
    assert "s1" in idle and "s4" in idle and "s0" not in idle
    assert cli("summaries", "--user", "ana").count(" turns ") == 5
    insights = json.loads(cli("--json", "insights", "refresh", "--user", "ana"))
    assert len(insights) == 3 and all(
        i["statement"].startswith("Often talks about") for i in insights
    )
    assert "confidence" in cli("insights", "list", "--user", "ana")
    assert "Likes Rust" in cli("insights", "edit", insights[0]["id"], "Likes Rust", "--user", "ana")
    assert "deleted 1 insight" in cli("insights", "delete", insights[0]["id"], "--user", "ana")
    cli("summarize", "--user", "ana", code=2)
    cli("memories", "delete", "nope", "--user", "ana", code=3)
