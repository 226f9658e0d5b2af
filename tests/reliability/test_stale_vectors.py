"""Several ``Memory`` objects (or processes) on one SQLite file: after a user is forgotten and
written again, every reader ranks with the vectors now stored, never a cached older matrix."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.model.query import Filters

OLD = [
    "the lighthouse keeper painted the stairs blue",
    "we argued about the best route to the coast",
]
NEW = ["a recipe for lentil soup with cumin", "notes on the marathon training plan"]


def _open(path) -> Memory:
    return Memory(path, embedder=HashingEmbedder())


def _ranked(memory: Memory, query: str) -> list[tuple[str, float]]:
    """The dense ranking (text, cosine) and the fused hits' texts for ``query``."""
    vector = memory.embedder.embed_queries([query])[0]
    dense = memory.store.dense("u", vector, 5, Filters())
    rows = memory.store.chunk_rows("u", [ref for ref, _ in dense])
    return [(rows[ref].text, round(score, 5)) for ref, score in dense] + [
        (hit.text, -1.0) for hit in memory.search(query, user_id="u", k=5)
    ]


def test_a_second_object_does_not_rank_with_a_forgotten_users_vectors(db_path):
    with _open(db_path) as writer, _open(db_path) as reader:
        writer.add([{"content": text} for text in OLD], user_id="u")
        assert _ranked(reader, OLD[0])[0][0] == OLD[0]  # the reader caches this scope's matrix
        writer.forget_user("u")
        writer.add([{"content": text} for text in NEW], user_id="u")
        for query in NEW:
            with _open(db_path) as fresh:
                expected = _ranked(fresh, query)
            assert _ranked(reader, query) == expected
            assert expected[0][0] == query


def test_a_process_does_not_rank_with_a_forgotten_users_vectors(db_path):
    with _open(db_path) as writer:
        writer.add([{"content": text} for text in OLD], user_id="u")
    script = textwrap.dedent(f"""
        import json, sys
        sys.path.insert(0, {str(__import__("pathlib").Path(__file__).parent)!r})
        from test_stale_vectors import _open, _ranked
        with _open({str(db_path)!r}) as reader:
            for line in sys.stdin:
                try:
                    print(json.dumps(_ranked(reader, line.strip())), flush=True)
                except Exception as exc:
                    print(json.dumps(repr(exc)), flush=True)
    """)
    reader = subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        reader.stdin.write(OLD[0] + "\n")
        reader.stdin.flush()
        assert json.loads(reader.stdout.readline())[0][0] == OLD[0]
        with _open(db_path) as writer:
            writer.forget_user("u")
            writer.add([{"content": text} for text in NEW], user_id="u")
            expected = _ranked(writer, NEW[0])
        reader.stdin.write(NEW[0] + "\n")
        reader.stdin.flush()
        assert json.loads(reader.stdout.readline()) == [list(hit) for hit in expected]
    finally:
        reader.stdin.close()
        reader.wait(timeout=30)
