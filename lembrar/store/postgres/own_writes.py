"""This process's chunk writes, followed so that its kept word counts (``words.TermCounts``) move
to the scope's new version instead of being counted afresh after each write.

A write transaction to one user's scope whose counts are kept locks its ``chunk_scopes`` row (as
the write's triggers would), so that no other writer changes the scope before it ends; it counts
the kept words among the chunks it removes (before they go) and adds, and reads the scope's size
and version at its end. Once it has committed, ``TermCounts.advance`` applies the delta; a
version that is not the kept one (another process wrote in between) follows nothing, and the
counts are dropped at the next search as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lembrar.store.postgres import codec, sql
from lembrar.store.postgres.words import Scope, Written

if TYPE_CHECKING:
    import psycopg

    from lembrar.store.postgres.database import Database


def read_scope(conn: psycopg.Connection, db: Database, tenant: str, user_id: str) -> Scope:
    """The user's chunk count and version (kept by the database on every chunk write) and the
    text search config of their language."""
    row = conn.execute(sql.SCOPE_SIZE, {"tenant": tenant, "user": user_id}).fetchone()
    chunks, version, language = row if row else (None, None, None)
    config = codec.text_search_config(language, db.text_configs)
    return Scope(chunks or 0, version or 0, config)


@dataclass
class _Followed:
    before: Scope
    delta: dict[str, int]  # kept word -> chunks holding it added, less those removed


class OwnWrites:
    """The scope one write transaction follows: its user's, when their counts are kept."""

    def __init__(self, conn: psycopg.Connection, db: Database, tenant: str) -> None:
        self.conn, self._db, self._tenant = conn, db, tenant
        self._followed: dict[str, _Followed] = {}

    def lock(self, user_id: str) -> None:
        """Lock the user's scope if its counts are kept and still at the kept version; call it
        where the transaction's first chunk write would lock it. One user a transaction: locking
        several ahead of the triggers could take them in another order than theirs."""
        kept = self._db.term_counts.kept(self._key(user_id))
        if kept is None or not kept.words or self._followed:
            return
        row = self.conn.execute(sql.LOCK_SCOPE, {"tenant": self._tenant, "user": user_id})
        found = row.fetchone()
        if found is not None and found[1] == kept.version:
            before = Scope(found[0], kept.version, kept.config)
            self._followed[user_id] = _Followed(before, dict.fromkeys(kept.words, 0))

    def removing(self, user_id: str, episode_ids: Sequence[str]) -> None:
        """Count the kept words among the chunks of these episodes, about to be deleted."""
        self._count(user_id, episode_ids, -1)

    def added(self, user_id: str, episode_ids: Sequence[str]) -> None:
        """Count the kept words among the chunks of these episodes, just inserted."""
        self._count(user_id, episode_ids, 1)

    def finish(self) -> list[tuple[tuple[str, str], Written]]:
        """The followed scopes' writes, read at the end of the transaction (before it commits)."""
        return [
            (
                self._key(u),
                Written(f.before, read_scope(self.conn, self._db, self._tenant, u), f.delta),
            )
            for u, f in self._followed.items()
        ]

    def _count(self, user_id: str, episode_ids: Sequence[str], sign: int) -> None:
        followed = self._followed.get(user_id)
        if followed is None or not episode_ids:
            return
        params: dict[str, Any] = {
            "tenant": self._tenant,
            "user": user_id,
            "episodes": list(episode_ids),
            "config": followed.before.config,
            "words": list(followed.delta),
        }
        for word, holding in self.conn.execute(sql.HOLDING_IN_EPISODES, params).fetchall():
            followed.delta[word] += sign * int(holding)

    def _key(self, user_id: str) -> tuple[str, str]:
        return (self._tenant, user_id)
