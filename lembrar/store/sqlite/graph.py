"""``GraphStore`` on the SQLite file of a ``SqliteStore`` (tables from migration ``0005_graph``,
versions from ``0009_graph_versions``).

Cascades live in the schema: deleting an episode deletes its mentions and fact sources; a fact
left without sources is deleted, an entity left without mentions is deleted with its facts, and
a community that loses a member is dissolved (its name and summary quote member names).
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from lembrar.model.derived import GRAPH
from lembrar.model.graph import Community, Entity, Fact, FactSource, GraphChange, GraphData
from lembrar.store.sqlite.codec import optional_time_of, optional_time_text, time_of, time_text

if TYPE_CHECKING:
    from lembrar.store.sqlite.connection import Shared

__all__ = ["SqliteGraphStore"]


class _Overtaken(Exception):
    """The work a graph write completes was completed by another write first."""


_ENTITY = "id, user_id, name, type, summary, aliases, created_at, vector, community_id"
_ENTITY_NAMES = _ENTITY.replace("vector", "NULL")  # the facts view leaves name vectors out
_FACT = (
    "id, user_id, subject_id, predicate, object_id, text, negated, valid_at, invalid_at,"
    " created_at, expired_at, vector"
)


def _blob(vector: np.ndarray) -> bytes | None:
    return np.asarray(vector, dtype=np.float32).tobytes() if vector.size else None


def _vector(blob: bytes | None) -> np.ndarray:
    return np.zeros(0, np.float32) if blob is None else np.frombuffer(blob, dtype=np.float32)


def _parts(ids: Sequence[str], size: int = 500) -> list[Sequence[str]]:
    """``ids`` in slices small enough for one statement's parameters."""
    return [ids[i : i + size] for i in range(0, len(ids), size)]


class SqliteGraphStore:
    """Entities, facts, their episode links and communities in the store's own file."""

    def __init__(self, file: Shared, tenant: str) -> None:
        self._file = file
        self.tenant = tenant

    # -- reads ------------------------------------------------------------------------
    def load(self, user_id: str) -> GraphData:
        scope = (self.tenant, user_id)
        mentions = defaultdict(list)
        for entity_id, episode_id in self._file.read(
            "SELECT m.entity_id, m.episode_id FROM graph_mentions m JOIN graph_entities e"
            " ON e.id = m.entity_id WHERE e.tenant_id = ? AND e.user_id = ?",
            scope,
        ):
            mentions[entity_id].append(episode_id)
        entities = tuple(replace(e, episodes=tuple(mentions[e.id])) for e in self.entities(user_id))
        facts = self._facts(
            "SELECT {} FROM graph_facts WHERE tenant_id = ? AND user_id = ?", scope, everything=True
        )
        return GraphData(entities, facts, self._communities(user_id, entities))

    def entities(self, user_id: str) -> tuple[Entity, ...]:
        return self._entities(_ENTITY, "", (self.tenant, user_id))

    def facts_view(self, user_id: str) -> GraphData:
        scope = (self.tenant, user_id)
        facts = self._facts(
            "SELECT {} FROM graph_facts WHERE tenant_id = ? AND user_id = ?", scope, everything=True
        )
        named = (
            " AND (type = 'user' OR id IN (SELECT subject_id FROM graph_facts"
            " WHERE tenant_id = ? AND user_id = ? UNION SELECT object_id FROM graph_facts"
            " WHERE tenant_id = ? AND user_id = ?))"
        )
        return GraphData(self._entities(_ENTITY_NAMES, named, scope * 3), facts)

    def version(self, user_id: str) -> int:
        rows = self._file.read(
            "SELECT version FROM graph_versions WHERE tenant_id = ? AND user_id = ?",
            (self.tenant, user_id),
        )
        return int(rows[0][0]) if rows else 0

    def _entities(self, columns: str, where: str, params: Sequence[object]) -> tuple[Entity, ...]:
        """The user's entities (``params`` start with the scope) that ``where`` keeps, in the
        order they were created, without their mentions."""
        return tuple(
            Entity(
                r[0],
                r[1],
                r[2],
                r[3],
                time_of(r[6]),
                r[4],
                tuple(json.loads(r[5])),
                (),
                r[8],
                _vector(r[7]),
            )
            for r in self._file.read(
                f"SELECT {columns} FROM graph_entities WHERE tenant_id = ? AND user_id = ?"
                f"{where} ORDER BY created_at, id",
                params,
            )
        )

    def facts_by_key(
        self, user_id: str, groups: Sequence[tuple[str, str]] = (), touching: Sequence[str] = ()
    ) -> tuple[Fact, ...]:
        if not groups and not touching:
            return ()
        where, params = [], []
        if groups:
            where.append(
                "(subject_id, predicate) IN (VALUES " + ", ".join(["(?, ?)"] * len(groups)) + ")"
            )
            params += [value for group in groups for value in group]
        if touching:
            marks = ", ".join("?" * len(touching))
            where.append(f"subject_id IN ({marks}) OR object_id IN ({marks})")
            params += [*touching, *touching]
        sql = "SELECT {} FROM graph_facts WHERE tenant_id = ? AND user_id = ? AND (%s)"
        return self._facts(sql % " OR ".join(where), (self.tenant, user_id, *params))

    def _facts(
        self, sql: str, params: Sequence[object], *, everything: bool = False
    ) -> tuple[Fact, ...]:
        """Facts that ``sql`` (a SELECT with ``{}`` for the columns) selects, with their sources
        (``everything``: the scope's whole set, read in one pass)."""
        rows = self._file.read(sql.format(_FACT) + " ORDER BY valid_at, id", params)
        sources = self._sources(params[:2] if everything else None, [r[0] for r in rows])
        return tuple(
            Fact(
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                r[5],
                time_of(r[9]),
                time_of(r[7]),
                optional_time_of(r[8]),
                optional_time_of(r[10]),
                tuple(sources[r[0]]),
                bool(r[6]),
                _vector(r[11]),
            )
            for r in rows
        )

    def _sources(
        self, scope: Sequence[object] | None, fact_ids: Sequence[str]
    ) -> dict[str, list[FactSource]]:
        sources: dict[str, list[FactSource]] = defaultdict(list)
        head = "SELECT s.fact_id, s.episode_id, s.quote, s.valid_at FROM graph_fact_sources s"
        if scope is not None:
            batches = [
                (
                    head + " JOIN graph_facts f ON f.id = s.fact_id"
                    " WHERE f.tenant_id = ? AND f.user_id = ? ORDER BY s.valid_at",
                    tuple(scope),
                )
            ]
        else:
            batches = [
                (
                    head + f" WHERE s.tenant_id = ? AND s.fact_id IN ({', '.join('?' * len(part))})"
                    " ORDER BY s.valid_at",
                    (self.tenant, *part),
                )
                for part in _parts(fact_ids)
            ]
        for sql, params in batches:
            for fact_id, episode_id, quote, valid_at in self._file.read(sql, params):
                sources[fact_id].append(FactSource(episode_id, quote, time_of(valid_at)))
        return sources

    def _communities(self, user_id: str, entities: Sequence[Entity]) -> tuple[Community, ...]:
        members = defaultdict(list)
        for entity in entities:
            if entity.community_id:
                members[entity.community_id].append(entity.id)
        rows = self._file.read(
            "SELECT id, user_id, name, summary, created_at FROM graph_communities"
            " WHERE tenant_id = ? AND user_id = ? ORDER BY created_at, id",
            (self.tenant, user_id),
        )
        return tuple(
            Community(r[0], r[1], r[2], r[3], tuple(members[r[0]]), time_of(r[4])) for r in rows
        )

    # -- writes -----------------------------------------------------------------------
    def stale(self, user_id: str) -> tuple[str, ...]:
        rows = self._file.read(
            "SELECT entity_id FROM graph_stale WHERE tenant_id = ? AND user_id = ? ORDER BY entity_id",
            (self.tenant, user_id),
        )
        return tuple(entity_id for (entity_id,) in rows)

    def stale_users(self) -> list[str]:
        rows = self._file.read(
            "SELECT DISTINCT user_id FROM graph_stale WHERE tenant_id = ? ORDER BY user_id",
            (self.tenant,),
        )
        return [user_id for (user_id,) in rows]

    def write(self, user_id: str, change: GraphChange) -> bool:
        if change.empty:
            return True
        try:
            self._write(user_id, change)
        except _Overtaken:
            return False
        return True

    def _write(self, user_id: str, change: GraphChange) -> None:
        with self._file.write() as db:
            self._settle(db, user_id, change)
            self._forget(db, user_id, change.forget_episodes)
            if change.communities is not None:
                db.execute(
                    "UPDATE graph_entities SET community_id = NULL WHERE tenant_id = ? AND user_id = ?",
                    (self.tenant, user_id),
                )
                db.execute(
                    "DELETE FROM graph_communities WHERE tenant_id = ? AND user_id = ?",
                    (self.tenant, user_id),
                )
                for c in change.communities:
                    db.execute(
                        "INSERT INTO graph_communities VALUES (?, ?, ?, ?, ?, ?)",
                        (c.id, self.tenant, user_id, c.name, c.summary, time_text(c.created_at)),
                    )
            self._delete(db, user_id, "graph_facts", change.delete_facts)
            self._delete(db, user_id, "graph_entities", change.delete_entities)
            for entity in change.entities:
                self._put_entity(db, user_id, entity)
            for fact in change.facts:
                self._put_fact(db, user_id, fact)
            self._bump(db, user_id)
        if change.delete_facts or change.delete_entities or change.forget_episodes:
            self._file.read("PRAGMA wal_checkpoint(TRUNCATE)")

    def _settle(self, db: sqlite3.Connection, user_id: str, change: GraphChange) -> None:
        """Clear the markers of the work ``change`` completes; ``_Overtaken`` when some are
        gone already (another write did that work)."""
        cleared = sum(
            db.execute(
                "DELETE FROM derived_pending WHERE tenant_id = ? AND episode_id = ? AND step = ?",
                (self.tenant, episode_id, GRAPH),
            ).rowcount
            for episode_id in change.settles
        )
        refreshed = sum(
            db.execute(
                "DELETE FROM graph_stale WHERE tenant_id = ? AND user_id = ? AND entity_id = ?",
                (self.tenant, user_id, entity_id),
            ).rowcount
            for entity_id in change.refreshes
        )
        if cleared < len(set(change.settles)) or refreshed < len(set(change.refreshes)):
            raise _Overtaken
        if change.based_on is not None:
            row = db.execute(
                "SELECT version FROM graph_versions WHERE tenant_id = ? AND user_id = ?",
                (self.tenant, user_id),
            ).fetchone()
            if (row[0] if row else 0) != change.based_on:
                raise _Overtaken

    def _bump(self, db: sqlite3.Connection, user_id: str) -> None:
        """A new version for the user's graph: the file's counter, which only grows."""
        (version,) = db.execute(
            "UPDATE scope_generation SET value = value + 1 RETURNING value"
        ).fetchone()
        db.execute(
            "INSERT INTO graph_versions (tenant_id, user_id, version) SELECT ?, ?, ?"
            " WHERE EXISTS (SELECT 1 FROM users WHERE tenant_id = ? AND user_id = ?)"
            " ON CONFLICT (tenant_id, user_id) DO UPDATE SET version = excluded.version",
            (self.tenant, user_id, version, self.tenant, user_id),
        )

    def _forget(self, db: sqlite3.Connection, user_id: str, episode_ids: Sequence[str]) -> None:
        scope = (self.tenant, user_id)
        for episode_id in episode_ids:
            db.execute(
                "DELETE FROM graph_fact_sources WHERE episode_id = ? AND fact_id IN"
                " (SELECT id FROM graph_facts WHERE tenant_id = ? AND user_id = ?)",
                (episode_id, *scope),
            )
            db.execute(
                "DELETE FROM graph_mentions WHERE episode_id = ? AND entity_id IN"
                " (SELECT id FROM graph_entities WHERE tenant_id = ? AND user_id = ?)",
                (episode_id, *scope),
            )

    def _delete(self, db: sqlite3.Connection, user_id: str, table: str, ids: Sequence[str]) -> None:
        for ident in ids:
            db.execute(
                f"DELETE FROM {table} WHERE id = ? AND tenant_id = ? AND user_id = ?",
                (ident, self.tenant, user_id),
            )

    def _put_entity(self, db: sqlite3.Connection, user_id: str, e: Entity) -> None:
        db.execute(
            f"INSERT INTO graph_entities (tenant_id, {_ENTITY}) VALUES (?,?,?,?,?,?,?,?,?,?)"
            " ON CONFLICT (id) DO UPDATE SET name = excluded.name, type = excluded.type,"
            " summary = excluded.summary, aliases = excluded.aliases, vector = excluded.vector,"
            " community_id = excluded.community_id WHERE graph_entities.tenant_id = excluded.tenant_id"
            " AND graph_entities.user_id = excluded.user_id",
            (
                self.tenant,
                e.id,
                user_id,
                e.name,
                e.type,
                e.summary,
                json.dumps(list(e.aliases)),
                time_text(e.created_at),
                _blob(e.embedding),
                e.community_id,
            ),
        )
        db.executemany(
            "INSERT OR IGNORE INTO graph_mentions (tenant_id, entity_id, episode_id) VALUES (?, ?, ?)",
            [(self.tenant, e.id, episode_id) for episode_id in e.episodes],
        )

    def _put_fact(self, db: sqlite3.Connection, user_id: str, f: Fact) -> None:
        db.execute(
            f"INSERT INTO graph_facts (tenant_id, {_FACT}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)"
            " ON CONFLICT (id) DO UPDATE SET text = excluded.text, valid_at = excluded.valid_at,"
            " invalid_at = excluded.invalid_at, expired_at = excluded.expired_at,"
            " vector = excluded.vector WHERE graph_facts.tenant_id = excluded.tenant_id"
            " AND graph_facts.user_id = excluded.user_id",
            (
                self.tenant,
                f.id,
                user_id,
                f.subject_id,
                f.predicate,
                f.object_id,
                f.text,
                int(f.negated),
                time_text(f.valid_at),
                optional_time_text(f.invalid_at),
                time_text(f.created_at),
                optional_time_text(f.expired_at),
                _blob(f.embedding),
            ),
        )
        db.executemany(
            "INSERT OR IGNORE INTO graph_fact_sources (tenant_id, fact_id, episode_id, quote, valid_at)"
            " VALUES (?, ?, ?, ?, ?)",
            [(self.tenant, f.id, s.episode_id, s.quote, time_text(s.valid_at)) for s in f.sources],
        )
