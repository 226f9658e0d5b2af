"""Forgetting on PostgreSQL, by the same byte scan as SQLite: after ``forget`` the text is
unreadable but still on disk (the documented ``on_maintenance`` guarantee), and after
``lembrar maintenance erase-pending`` no file of the data directory holds it, ``pg_wal`` included.
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder

pytestmark = pytest.mark.postgres


def _files_holding(root: Path, needle: str) -> list[str]:
    """Every file under ``root`` whose bytes hold ``needle`` (case-insensitive)."""
    wanted, found = needle.lower().encode(), []
    for folder, _, names in os.walk(root):
        for name in names:
            path = Path(folder) / name
            try:
                data = path.read_bytes()
            except OSError:
                continue
            if wanted in data.lower():
                found.append(str(path.relative_to(root)))
    return found


@pytest.fixture
def server(pg_server):
    import psycopg

    with psycopg.connect(pg_server.admin_url, autocommit=True) as conn:
        root = Path(conn.execute("SHOW data_directory").fetchone()[0])
        if not os.access(root, os.R_OK):
            pytest.skip("the PostgreSQL data directory is not readable here")
        conn.execute("ALTER SYSTEM SET wal_recycle = off")  # removed, not reused with their bytes
        conn.execute("SELECT pg_reload_conf()")
    return root, pg_server.create_database()


def _checkpoint(url: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CHECKPOINT")


def test_forgetting_then_erase_pending_leaves_no_byte_of_the_text(server, clock):
    root, url = server
    secret = f"marker{uuid.uuid4().hex[:12]}"
    with Memory(url, embedder=HashingEmbedder(), clock=clock) as memory:
        memory.add(
            [{"content": f"my password hint is {secret} number {i}"} for i in range(20)],
            user_id="victim",
        )
        memory.add(
            f"a long note {secret} " + "padding words " * 2000, user_id="victim"
        )  # stored in TOAST
        memory.add("an unrelated note", user_id="other")
        _checkpoint(url)
        assert _files_holding(root, secret), "the scan must see the text while it is stored"
        assert memory.forget_user("victim") == 21 and memory.store.erasure == "on_maintenance"
        _checkpoint(url)
        assert memory.search(secret, user_id="victim") == []
        left_after_forget = _files_holding(root, secret)
    erase = subprocess.run(
        [
            sys.executable,
            "-m",
            "lembrar",
            "--db",
            url,
            "--embedder",
            "hash",
            "--json",
            "maintenance",
            "erase-pending",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert erase.returncode == 0, erase.stderr
    assert _files_holding(root, secret) == []
    with Memory(url, embedder=HashingEmbedder(), clock=clock) as memory:
        assert (
            memory.users() == ["other"]
            and memory.get_all("other").items[0].content == "an unrelated note"
        )
    print(
        f"\nerasure: {len(left_after_forget)} files held the text after forget, 0 after erase-pending"
    )


def test_erase_pending_says_what_keeps_old_log_segments(pg_server):
    import psycopg

    url = pg_server.create_database()
    with psycopg.connect(pg_server.admin_url, autocommit=True) as conn:
        conn.execute("ALTER SYSTEM SET wal_recycle = on")
        conn.execute("SELECT pg_reload_conf()")
    try:
        with Memory(url, embedder=HashingEmbedder()) as memory:
            report = memory.store.erase_pending()
        assert not report.complete and any("wal_recycle" in note for note in report.notes)
    finally:
        with psycopg.connect(pg_server.admin_url, autocommit=True) as conn:
            conn.execute("ALTER SYSTEM SET wal_recycle = off")
            conn.execute("SELECT pg_reload_conf()")


def test_a_forgotten_turn_leaves_no_byte_of_the_name_it_taught_the_graph(server, clock):
    """The merge case: "my sister Ana", then "my sister Ana Zorbalina7731 now works at …"
    renames the entity and the facts naming it. Deleting the second turn recomputes them from the
    first, and after ``erase-pending`` no file of the data directory holds the name."""
    from fault_workers import FORGET_TURN, add_turns

    root, url = server
    token = f"Zorbalina{uuid.uuid4().hex[:8]}"
    with Memory(url, embedder=HashingEmbedder(), clock=clock) as memory:
        ids = add_turns(memory, "ana", token)
        _checkpoint(url)
        assert _files_holding(root, token), "the scan must see the name while it is stored"
        assert f"Ana {token}" in {e.name for e in memory.graph.entities("ana")}
        memory.delete(ids[FORGET_TURN], "ana")
        assert "Ana" in {e.name for e in memory.graph.entities("ana")}
        _checkpoint(url)
    erase = subprocess.run(
        [sys.executable, "-m", "lembrar", "--db", url, "--embedder", "hash", "--json"]
        + ["maintenance", "erase-pending"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert erase.returncode == 0, erase.stderr
    assert _files_holding(root, token) == []
