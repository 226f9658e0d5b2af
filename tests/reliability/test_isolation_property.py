"""Generated data for two tenants on one file (same user and session ids, overlapping words and
ids): no read path of one tenant shows anything of the other. Bounded to 12 examples."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lembrar import Memory, NotFoundError
from lembrar.embed.hashing import HashingEmbedder
from lembrar.model.query import Filters

WORDS = ["trip", "lisbon", "dinner", "cat", "vet", "race", "ticket", "book", "rain", "garden"]
USERS = st.sampled_from(["ana", "bob", "José"])
ITEM = st.tuples(
    USERS,
    st.sampled_from(["s1", "s2", None]),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=5),
    st.sampled_from([None, "shared-1", "shared-2"]),
)
NOW = "2024-05-20T12:00:00+00:00"


def _fill(memory: Memory, items, marker: str) -> list[str]:
    ids = []
    for n, (user, session, words, ident) in enumerate(items):
        fields = {
            "user_id": user,
            "session_id": session,
            "content": f"{' '.join(words)} {marker}{n}",
            "at": f"2024-05-{1 + n % 19:02d}T10:00:00+00:00",
        }
        if ident is not None and ident not in ids:
            fields["id"] = ident
        ids += [e.id for e in memory.add_many([fields])]
    return ids


def _everything_seen_by(memory: Memory, other_ids: list[str]) -> list[str]:
    """Every text and id that the read paths give this tenant, for each user it might name."""
    seen: list[str] = [*memory.users(), repr(memory.stats())]
    for user in ("ana", "bob", "José"):
        page = memory.get_all(user, limit=1000)
        seen += [f"{e.id} {e.content}" for e in page.items]
        seen += [repr(s) for s in memory.sessions(user)]
        for preset in ("dense", "keyword", "fast", "balanced"):
            seen += [
                f"{h.episode.id} {h.text}"
                for h in memory.search(" ".join(WORDS), user_id=user, k=50, preset=preset, now=NOW)
            ]
        seen.append(memory.context("trip cat rain", user_id=user, now=NOW).text)
        seen += [e.content for e in memory.recent(user, now=NOW)]
        refs = [ref for ref, _ in memory.store.keyword(user, " ".join(WORDS), 1000, Filters())]
        seen += [row.text for row in memory.store.chunk_rows(user, refs).values()]
        for ident in other_ids:
            try:
                seen.append(memory.get(ident, user).content)
                seen += [h.content for h in memory.history(ident, user)]
            except NotFoundError:
                pass
    return seen


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(mine=st.lists(ITEM, min_size=1, max_size=6), theirs=st.lists(ITEM, min_size=1, max_size=6))
def test_no_read_path_shows_another_tenants_data(mine, theirs):
    with (
        tempfile.TemporaryDirectory() as folder,
        Memory(Path(folder) / "m.db", embedder=HashingEmbedder()) as one,
    ):
        two = Memory(one.store.for_tenant("tenant-two"), embedder=HashingEmbedder())
        _fill(one, mine, "ONEMARK")
        other_ids = _fill(two, theirs, "TWOMARK")
        seen = " ".join(_everything_seen_by(one, other_ids))
        assert "TWOMARK" not in seen
        assert all(
            f"{ident} " not in seen
            or ident in {e.id for u in one.users() for e in one.get_all(u).items}
            for ident in other_ids
        )
        assert "ONEMARK" not in " ".join(_everything_seen_by(two, []))
