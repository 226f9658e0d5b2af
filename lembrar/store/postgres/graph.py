"""``GraphStore`` on the PostgreSQL store's database (tables of migration ``0005_graph``,
versions from ``0007_graph_versions``).

Cascades live in the schema, as in the SQLite store: deleting an episode deletes its mentions
and fact sources; a fact left without sources and an entity left without mentions are deleted;
a community that loses a member is dissolved. Every statement is scoped by ``tenant_id``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from lembrar.model.derived import GRAPH
from lembrar.model.graph import Community, Entity, Fact, FactSource, GraphChange, GraphData
from lembrar.store.postgres.database import Database

__all__ = ["PostgresGraphStore"]


class _Overtaken(Exception):
    """The work a graph write completes was completed by another write first."""


_ENTITY = "id, user_id, name, type, summary, aliases, created_at, vector, community_id"
_ENTITY_NAMES = _ENTITY.replace("vector", "NULL")  # the facts view leaves name vectors out
_FACT = (
    "id, user_id, subject_id, predicate, object_id, text, negated, valid_at, invalid_at,"
    " created_at, expired_at, vector"
)
_ENSURE_USER = "INSERT INTO users (tenant_id, user_id) VALUES (%s, %s) ON CONFLICT DO NOTHING"


def _blob(vector: np.ndarray) -> bytes | None:
    return np.asarray(vector, dtype=np.float32).tobytes() if vector.size else None


def _vector(blob: bytes | None) -> np.ndarray:
    return np.zeros(0, np.float32) if blob is None else np.frombuffer(bytes(blob), dtype=np.float32)


class PostgresGraphStore:
    """Entities, facts, their episode links and communities in the store's database."""

    def __init__(self, db: Database, tenant: str) -> None:
        self._db = db
        self.tenant = tenant

    def _rows(self, query: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._db.connection() as conn:
            return conn.execute(query, params).fetchall()

    # -- reads ------------------------------------------------------------------------
    def load(self, user_id: str) -> GraphData:
        scope = (self.tenant, user_id)
        mentions = defaultdict(list)
        for entity_id, episode_id in self._rows(
            "SELECT m.entity_id, m.episode_id FROM graph_mentions m JOIN graph_entities e"
            " ON e.tenant_id = m.tenant_id AND e.id = m.entity_id"
            " WHERE e.tenant_id = %s AND e.user_id = %s",
            scope,
        ):
            mentions[entity_id].append(episode_id)
        entities = tuple(replace(e, episodes=tuple(mentions[e.id])) for e in self.entities(user_id))
        facts = self._facts_where(user_id, "TRUE", ())
        return GraphData(entities, facts, self._communities(user_id, entities))

    def entities(self, user_id: str) -> tuple[Entity, ...]:
        return self._entities(_ENTITY, "", (self.tenant, user_id))

    def facts_view(self, user_id: str) -> GraphData:
        scope = (self.tenant, user_id)
        facts = self._facts_where(user_id, "TRUE", ())
        named = (
            " AND (type = 'user' OR id IN (SELECT subject_id FROM graph_facts"
            " WHERE tenant_id = %s AND user_id = %s UNION SELECT object_id FROM graph_facts"
            " WHERE tenant_id = %s AND user_id = %s))"
        )
        return GraphData(self._entities(_ENTITY_NAMES, named, scope * 3), facts)

    def version(self, user_id: str) -> int:
        rows = self._rows(
            "SELECT version FROM graph_versions WHERE tenant_id = %s AND user_id = %s",
            (self.tenant, user_id),
        )
        return int(rows[0][0]) if rows else 0

    def _entities(self, columns: str, where: str, params: Sequence[Any]) -> tuple[Entity, ...]:
        """The user's entities (``params`` start with the scope) that ``where`` keeps, in the
        order they were created, without their mentions."""
        return tuple(
            Entity(r[0], r[1], r[2], r[3], r[6], r[4], tuple(r[5]), (), r[8], _vector(r[7]))
            for r in self._rows(
                f"SELECT {columns} FROM graph_entities WHERE tenant_id = %s AND user_id = %s"
                f"{where} ORDER BY created_at, id",
                params,
            )
        )

    def facts_by_key(
        self, user_id: str, groups: Sequence[tuple[str, str]] = (), touching: Sequence[str] = ()
    ) -> tuple[Fact, ...]:
        if not groups and not touching:
            return ()
        where = (
            "(subject_id, predicate) IN (SELECT * FROM unnest(%s::text[], %s::text[]))"
            " OR subject_id = ANY(%s) OR object_id = ANY(%s)"
        )
        params = ([g[0] for g in groups], [g[1] for g in groups], list(touching), list(touching))
        return self._facts_where(user_id, where, params)

    def _facts_where(self, user_id: str, where: str, params: Sequence[Any]) -> tuple[Fact, ...]:
        """The user's facts that ``where`` selects, with their sources."""
        rows = self._rows(
            f"SELECT {_FACT} FROM graph_facts WHERE tenant_id = %s AND user_id = %s"
            f" AND ({where}) ORDER BY valid_at, id",
            (self.tenant, user_id, *params),
        )
        sources = defaultdict(list)
        for fact_id, episode_id, quote, valid_at in self._rows(
            "SELECT fact_id, episode_id, quote, valid_at FROM graph_fact_sources"
            " WHERE tenant_id = %s AND fact_id = ANY(%s) ORDER BY valid_at",
            (self.tenant, [r[0] for r in rows]),
        ):
            sources[fact_id].append(FactSource(episode_id, quote, valid_at))
        return tuple(
            Fact(
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                r[5],
                r[9],
                r[7],
                r[8],
                r[10],
                tuple(sources[r[0]]),
                r[6],
                _vector(r[11]),
            )
            for r in rows
        )

    def _communities(self, user_id: str, entities: Sequence[Entity]) -> tuple[Community, ...]:
        members = defaultdict(list)
        for entity in entities:
            if entity.community_id:
                members[entity.community_id].append(entity.id)
        rows = self._rows(
            "SELECT id, user_id, name, summary, created_at FROM graph_communities"
            " WHERE tenant_id = %s AND user_id = %s ORDER BY created_at, id",
            (self.tenant, user_id),
        )
        return tuple(Community(r[0], r[1], r[2], r[3], tuple(members[r[0]]), r[4]) for r in rows)

    # -- writes -----------------------------------------------------------------------
    def stale(self, user_id: str) -> tuple[str, ...]:
        rows = self._rows(
            "SELECT entity_id FROM graph_stale WHERE tenant_id = %s AND user_id = %s"
            " ORDER BY entity_id",
            (self.tenant, user_id),
        )
        return tuple(entity_id for (entity_id,) in rows)

    def stale_users(self) -> list[str]:
        rows = self._rows(
            "SELECT DISTINCT user_id FROM graph_stale WHERE tenant_id = %s ORDER BY user_id",
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

    def _settle(self, conn: Any, user_id: str, change: GraphChange) -> None:
        """Clear the markers of the work ``change`` completes; ``_Overtaken`` when some are
        gone already (another write did that work)."""
        settles, refreshes = sorted(set(change.settles)), sorted(set(change.refreshes))
        cleared = conn.execute(
            "DELETE FROM derived_pending WHERE tenant_id = %s AND episode_id = ANY(%s)"
            " AND step = %s",
            (self.tenant, settles, GRAPH),
        ).rowcount
        refreshed = conn.execute(
            "DELETE FROM graph_stale WHERE tenant_id = %s AND user_id = %s AND entity_id = ANY(%s)",
            (self.tenant, user_id, refreshes),
        ).rowcount
        if cleared < len(settles) or refreshed < len(refreshes):
            raise _Overtaken
        if change.based_on is not None:
            row = conn.execute(
                "SELECT version FROM graph_versions WHERE tenant_id = %s AND user_id = %s",
                (self.tenant, user_id),
            ).fetchone()
            if (row[0] if row else 0) != change.based_on:
                raise _Overtaken

    def _write(self, user_id: str, change: GraphChange) -> None:
        scope = (self.tenant, user_id)
        with self._db.transaction(self.tenant, [user_id]) as conn:
            conn.execute(_ENSURE_USER, scope)
            self._settle(conn, user_id, change)
            self._forget(conn, user_id, change.forget_episodes)
            if change.communities is not None:
                self._communities_replace(conn, user_id, change.communities)
            for table, ids in (
                ("graph_facts", change.delete_facts),
                ("graph_entities", change.delete_entities),
            ):
                if ids:
                    conn.execute(
                        f"DELETE FROM {table} WHERE tenant_id = %s AND user_id = %s AND id = ANY(%s)",
                        (*scope, list(ids)),
                    )
            for entity in change.entities:
                self._put_entity(conn, user_id, entity)
            for fact in change.facts:
                self._put_fact(conn, user_id, fact)
            conn.execute(
                "INSERT INTO graph_versions (tenant_id, user_id, version)"
                " VALUES (%s, %s, nextval('graph_version_seq')) ON CONFLICT (tenant_id, user_id)"
                " DO UPDATE SET version = excluded.version",
                scope,
            )

    def _forget(self, conn: Any, user_id: str, episode_ids: Sequence[str]) -> None:
        if not episode_ids:
            return
        scope = (self.tenant, list(episode_ids), self.tenant, user_id)
        conn.execute(
            "DELETE FROM graph_fact_sources WHERE tenant_id = %s AND episode_id = ANY(%s) AND fact_id IN"
            " (SELECT id FROM graph_facts WHERE tenant_id = %s AND user_id = %s)",
            scope,
        )
        conn.execute(
            "DELETE FROM graph_mentions WHERE tenant_id = %s AND episode_id = ANY(%s) AND entity_id IN"
            " (SELECT id FROM graph_entities WHERE tenant_id = %s AND user_id = %s)",
            scope,
        )

    def _communities_replace(
        self, conn: Any, user_id: str, communities: Sequence[Community]
    ) -> None:
        scope = (self.tenant, user_id)
        conn.execute(
            "UPDATE graph_entities SET community_id = NULL WHERE tenant_id = %s AND user_id = %s",
            scope,
        )
        conn.execute("DELETE FROM graph_communities WHERE tenant_id = %s AND user_id = %s", scope)
        for c in communities:
            conn.execute(
                "INSERT INTO graph_communities (tenant_id, id, user_id, name, summary, created_at)"
                " VALUES (%s, %s, %s, %s, %s, %s)",
                (self.tenant, c.id, user_id, c.name, c.summary, c.created_at),
            )

    def _put_entity(self, conn: Any, user_id: str, e: Entity) -> None:
        conn.execute(
            f"INSERT INTO graph_entities (tenant_id, {_ENTITY}) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)"
            " ON CONFLICT (tenant_id, id) DO UPDATE SET name = excluded.name, type = excluded.type,"
            " summary = excluded.summary, aliases = excluded.aliases, vector = excluded.vector,"
            " community_id = excluded.community_id WHERE graph_entities.user_id = excluded.user_id",
            (
                self.tenant,
                e.id,
                user_id,
                e.name,
                e.type,
                e.summary,
                list(e.aliases),
                e.created_at,
                _blob(e.embedding),
                e.community_id,
            ),
        )
        if e.episodes:
            conn.cursor().executemany(
                "INSERT INTO graph_mentions (tenant_id, entity_id, episode_id) VALUES (%s, %s, %s)"
                " ON CONFLICT DO NOTHING",
                [(self.tenant, e.id, ep) for ep in e.episodes],
            )

    def _put_fact(self, conn: Any, user_id: str, f: Fact) -> None:
        conn.execute(
            f"INSERT INTO graph_facts (tenant_id, {_FACT}) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)"
            " ON CONFLICT (tenant_id, id) DO UPDATE SET text = excluded.text, valid_at = excluded.valid_at,"
            " invalid_at = excluded.invalid_at, expired_at = excluded.expired_at, vector = excluded.vector"
            " WHERE graph_facts.user_id = excluded.user_id",
            (
                self.tenant,
                f.id,
                user_id,
                f.subject_id,
                f.predicate,
                f.object_id,
                f.text,
                f.negated,
                f.valid_at,
                f.invalid_at,
                f.created_at,
                f.expired_at,
                _blob(f.embedding),
            ),
        )
        if f.sources:
            conn.cursor().executemany(
                "INSERT INTO graph_fact_sources (tenant_id, fact_id, episode_id, quote, valid_at)"
                " VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                [(self.tenant, f.id, s.episode_id, s.quote, s.valid_at) for s in f.sources],
            )
