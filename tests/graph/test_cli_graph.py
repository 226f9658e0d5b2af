"""``lembrar graph`` as a user runs it: a subprocess on a real file, JSON and errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys


def run(db, *args, ok=True):
    proc = subprocess.run(
        [sys.executable, "-m", "lembrar", "--db", str(db), "--embedder", "hash", *args],
        capture_output=True,
        check=False,
        text=True,
        env={**os.environ, "PYTHONUTF8": "1"},
    )
    if ok:
        assert proc.returncode == 0, proc.stderr
    return proc


def test_graph_commands(tmp_path, memory):
    db = tmp_path / "cli.db"
    for at, text in (
        ("2023-01-10T10:00:00+00:00", "My sister Ana lives in Lisbon."),
        ("2023-09-10T10:00:00+00:00", "Ana moved to Porto last month."),
    ):
        run(db, "add", "--user", "maria", "--role", "user", "--at", at, text)
    facts = json.loads(run(db, "--json", "graph", "facts", "--user", "maria").stdout)
    assert [(f["text"], f["current"]) for f in facts if f["predicate"] == "lives_in"] == [
        ("Ana lives in Porto", True),
        ("Ana lives in Lisbon", False),
    ]
    assert facts[-1]["invalid_at"].startswith("2023-08-01") and facts[-1]["episodes"][0]["quote"]
    human = run(
        db, "graph", "facts", "--user", "maria", "--as-of", "2023-03-01T00:00:00+00:00"
    ).stdout
    assert "Ana lives in Lisbon" in human and "Porto" not in human
    [best] = json.loads(
        run(
            db,
            "--json",
            "graph",
            "search",
            "where does Ana live now?",
            "--user",
            "maria",
            "--limit",
            "1",
        ).stdout
    )
    assert best["text"] == "Ana lives in Porto" and 0 < best["score"] <= 1
    entities = run(db, "graph", "entities", "--user", "maria", "--type", "person").stdout
    assert "Ana (person)  aka my sister" in entities
    assert run(db, "graph", "refresh", "--user", "maria").stdout.strip() == "1 communities"
    assert "Ana, Lisbon, Porto" in run(db, "graph", "communities", "--user", "maria").stdout
    bad = run(db, "graph", "facts", "--user", "maria", "--as-of", "nonsense", ok=False)
    assert bad.returncode == 2 and "--as-of" in bad.stderr and "Traceback" not in bad.stderr
    missing = run(db, "graph", "facts", "--user", "maria", "--entity", "Nobody", ok=False)
    assert missing.returncode == 3 and "entity 'Nobody' not found" in missing.stderr
