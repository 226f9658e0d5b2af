"""True forgetting through the layers: what was derived from a message, session or user goes with it."""

from datetime import timedelta

from layerkit import NOW, add_conversation, add_topic_messages, rows_of_user
from scan import SECRET, file_bytes_contain, occurrences

from lembrar.cli import main


def fill(memory, user_id="ana"):
    """Every layer holds the secret: a captured fact, a summary, an insight, recent history."""
    add_topic_messages(memory, user_id, 15, NOW - timedelta(days=100))
    [request] = memory.add(
        {"role": "user", "content": f"Remember that my cat is called {SECRET}."},
        user_id=user_id,
        session_id="cat",
        at=NOW - timedelta(days=40),
    )
    memory.saved.capture(request)
    memory.saved.add(f"My dog is called {SECRET}dog", user_id)
    cats = [
        memory.add(
            {"role": "user", "content": f"{SECRET} the cat, cat food, cat litter and the vet"},
            user_id=user_id,
            session_id=f"cat{i % 3}" if i % 3 else "cat",
            at=NOW - timedelta(days=40 - i),
        )[0]
        for i in range(12)
    ]
    memory.end_session(user_id, "cat")
    memory.refresh_insights(user_id)
    return request, cats


def test_the_secret_is_in_every_layer_first(memory, db_path):
    fill(memory)
    assert {"saved_memories", "session_summaries", "insights"} <= set(occurrences(db_path, SECRET))


def test_deleting_a_message_deletes_the_fact_captured_from_it(memory, db_path):
    request, _ = fill(memory)
    assert any(
        SECRET in m.text for m in memory.saved.list("ana") if m.source_episode_id == request.id
    )
    memory.delete(request.id, "ana")
    assert [m.source_episode_id for m in memory.saved.list("ana")] == [
        None
    ]  # the fact added by hand stays


def test_deleting_a_session_leaves_no_trace_in_summaries_or_insights(memory, db_path):
    fill(memory)
    memory.saved.delete(memory.saved.list("ana")[-1].id, "ana")
    for session in ("cat", "cat1", "cat2"):
        memory.delete_all("ana", session_id=session)
    assert occurrences(db_path, SECRET) == []
    assert not file_bytes_contain(db_path, SECRET)
    assert all(s.session_id != "cat" for s in memory.summaries.list("ana"))
    assert all(SECRET not in i.statement for i in memory.insights.list("ana"))


def test_deleting_a_saved_memory_leaves_no_trace(memory, db_path):
    saved = memory.saved.add(f"I live in {SECRET}ville", "ana").memory
    replacement = memory.saved.add("I live in Porto", "ana", on_conflict="replace").memory
    memory.saved.delete(replacement.id, "ana")
    assert memory.saved.list("ana", include_retired=True) == []
    assert occurrences(db_path, SECRET) == [] and not file_bytes_contain(db_path, SECRET)
    assert saved.id


def test_forgetting_a_user_leaves_zero_rows_and_zero_bytes(memory, db_path):
    fill(memory, "user-qx7")
    add_conversation(memory, "bob", "b1", "paella", NOW - timedelta(days=1))
    memory.saved.add("I like paella", "bob")
    memory.end_session("bob", "b1")
    memory.forget_user("user-qx7")
    assert rows_of_user(db_path, "user-qx7") == {}
    assert occurrences(db_path, SECRET) == [] and occurrences(db_path, "user-qx7") == []
    assert not file_bytes_contain(db_path, SECRET)
    assert memory.saved.list("bob") and memory.summaries.list("bob")


def test_the_cli_forget_all_leaves_nothing_of_the_user(tmp_path, capsys):
    db = tmp_path / "cli.db"

    def cli(*args):
        assert main(["--db", str(db), "--embedder", "hash", *args]) == 0
        return capsys.readouterr().out

    for i in range(3):
        cli(
            "add",
            f"Remember that {SECRET} is my cat number {i}",
            "--user",
            "ana",
            "--session",
            "s1",
            "--role",
            "user",
        )
    cli("memories", "add", f"My cat is {SECRET}", "--user", "ana")
    cli("summarize", "--user", "ana", "--session", "s1")
    assert SECRET in cli("summaries", "--user", "ana")
    cli("forget", "--user", "ana", "--all", "--yes")
    assert (
        rows_of_user(db, "ana") == {}
        and occurrences(db, SECRET) == []
        and not file_bytes_contain(db, SECRET)
    )
