"""Named, ordered schema migrations; each is applied once and recorded in ``migrations``."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

MIGRATIONS: tuple[tuple[str, str], ...] = (
    (
        "0001_episodes",
        """
        CREATE TABLE users (
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL,
            timezone TEXT, hemisphere TEXT NOT NULL DEFAULT 'north', language TEXT,
            created_at TEXT NOT NULL,
            PRIMARY KEY (tenant_id, user_id)
        );
        CREATE TABLE episodes (
            id TEXT PRIMARY KEY,
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL, session_id TEXT,
            kind TEXT NOT NULL, role TEXT, speaker TEXT,
            content TEXT NOT NULL, record TEXT, metadata TEXT NOT NULL DEFAULT '{}',
            at_ts REAL NOT NULL, at_utc TEXT NOT NULL, tz TEXT NOT NULL,
            local_date TEXT NOT NULL, local_time TEXT NOT NULL, period TEXT NOT NULL,
            weekday TEXT NOT NULL, iso_week TEXT NOT NULL, month INTEGER NOT NULL, season TEXT NOT NULL,
            recorded_at TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 1,
            last_accessed REAL, access_count INTEGER NOT NULL DEFAULT 0,
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        CREATE INDEX episodes_by_time ON episodes (tenant_id, user_id, at_ts, id);
        CREATE INDEX episodes_by_session ON episodes (tenant_id, user_id, session_id, at_ts);
        CREATE TABLE chunks (
            ref INTEGER PRIMARY KEY,
            episode_id TEXT NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL,
            position INTEGER NOT NULL, text TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL,
            text_hash TEXT NOT NULL, vector BLOB NOT NULL,
            UNIQUE (episode_id, position)
        );
        CREATE INDEX chunks_by_scope ON chunks (tenant_id, user_id);
        CREATE INDEX chunks_by_hash ON chunks (text_hash);
        CREATE VIRTUAL TABLE chunks_fts USING fts5 (
            text, content='chunks', content_rowid='ref', tokenize='unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER chunks_fts_insert AFTER INSERT ON chunks BEGIN
            INSERT INTO chunks_fts (rowid, text) VALUES (new.ref, new.text);
        END;
        CREATE TRIGGER chunks_fts_delete AFTER DELETE ON chunks BEGIN
            INSERT INTO chunks_fts (chunks_fts, rowid, text) VALUES ('delete', old.ref, old.text);
        END;
        CREATE TABLE episode_history (
            id INTEGER PRIMARY KEY,
            episode_id TEXT NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
            version INTEGER NOT NULL, event TEXT NOT NULL, content TEXT NOT NULL, changed_at TEXT NOT NULL
        );
        CREATE INDEX history_by_episode ON episode_history (episode_id, version);
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE scope_versions (
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL, version INTEGER NOT NULL,
            PRIMARY KEY (tenant_id, user_id)
        );
        """,
    ),
    (
        "0002_api_keys",
        """
        CREATE TABLE tenants (tenant_id TEXT PRIMARY KEY, name TEXT, created_at TEXT NOT NULL);
        CREATE TABLE api_keys (
            key_id TEXT PRIMARY KEY,
            tenant_id TEXT NOT NULL REFERENCES tenants (tenant_id) ON DELETE CASCADE,
            name TEXT, salt TEXT NOT NULL, digest TEXT NOT NULL,
            created_at TEXT NOT NULL, revoked_at TEXT
        );
        CREATE INDEX api_keys_by_tenant ON api_keys (tenant_id);
        """,
    ),
    (
        "0003_layers",
        """
        CREATE TABLE saved_memories (
            id TEXT PRIMARY KEY,
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL,
            text TEXT NOT NULL, vector BLOB NOT NULL,
            created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
            source_episode_id TEXT REFERENCES episodes (id) ON DELETE CASCADE,
            retired_at TEXT,
            replaced_by TEXT REFERENCES saved_memories (id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        CREATE INDEX saved_by_user ON saved_memories (tenant_id, user_id, created_at);
        CREATE INDEX saved_by_source ON saved_memories (source_episode_id);
        CREATE INDEX saved_by_successor ON saved_memories (replaced_by);
        CREATE TABLE session_summaries (
            id TEXT PRIMARY KEY,
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL, session_id TEXT NOT NULL,
            title TEXT NOT NULL, summary TEXT NOT NULL, keyphrases TEXT NOT NULL DEFAULT '[]',
            first_ts REAL NOT NULL, last_ts REAL NOT NULL, first_at TEXT NOT NULL, last_at TEXT NOT NULL,
            turns INTEGER NOT NULL, method TEXT NOT NULL, vector BLOB, created_at TEXT NOT NULL,
            stale INTEGER NOT NULL DEFAULT 0,
            UNIQUE (tenant_id, user_id, session_id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        CREATE TABLE summary_sources (
            summary_id TEXT NOT NULL REFERENCES session_summaries (id) ON DELETE CASCADE,
            episode_id TEXT NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
            PRIMARY KEY (summary_id, episode_id)
        );
        CREATE INDEX summary_sources_by_episode ON summary_sources (episode_id);
        CREATE TABLE insights (
            id TEXT PRIMARY KEY,
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL,
            statement TEXT NOT NULL, keyphrases TEXT NOT NULL DEFAULT '[]',
            first_at TEXT NOT NULL, last_at TEXT NOT NULL, size INTEGER NOT NULL,
            cohesion REAL NOT NULL, confidence REAL NOT NULL,
            created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
            edited INTEGER NOT NULL DEFAULT 0, stale INTEGER NOT NULL DEFAULT 0,
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        CREATE INDEX insights_by_user ON insights (tenant_id, user_id);
        CREATE TABLE insight_sources (
            insight_id TEXT NOT NULL REFERENCES insights (id) ON DELETE CASCADE,
            episode_id TEXT NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
            PRIMARY KEY (insight_id, episode_id)
        );
        CREATE INDEX insight_sources_by_episode ON insight_sources (episode_id);
        CREATE TABLE insight_exclusions (
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL,
            episode_id TEXT NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
            PRIMARY KEY (tenant_id, user_id, episode_id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        CREATE INDEX insight_exclusions_by_episode ON insight_exclusions (episode_id);
        CREATE TRIGGER summary_source_gone AFTER DELETE ON summary_sources BEGIN
            DELETE FROM session_summaries WHERE id = old.summary_id
                AND NOT EXISTS (SELECT 1 FROM summary_sources WHERE summary_id = old.summary_id);
            UPDATE session_summaries SET title = '', summary = '', keyphrases = '[]', vector = NULL, stale = 1
                WHERE id = old.summary_id AND stale = 0;
        END;
        CREATE TRIGGER insight_source_gone AFTER DELETE ON insight_sources BEGIN
            DELETE FROM insights WHERE id = old.insight_id
                AND NOT EXISTS (SELECT 1 FROM insight_sources WHERE insight_id = old.insight_id);
            UPDATE insights SET statement = CASE WHEN edited THEN statement ELSE '' END, keyphrases = '[]', stale = 1
                WHERE id = old.insight_id AND stale = 0;
        END;
        CREATE TRIGGER episode_text_changed AFTER UPDATE OF content ON episodes BEGIN
            UPDATE session_summaries SET title = '', summary = '', keyphrases = '[]', vector = NULL, stale = 1
                WHERE id IN (SELECT summary_id FROM summary_sources WHERE episode_id = new.id);
            UPDATE insights SET statement = CASE WHEN edited THEN statement ELSE '' END, keyphrases = '[]', stale = 1
                WHERE id IN (SELECT insight_id FROM insight_sources WHERE episode_id = new.id);
        END;
        """,
    ),
    (
        "0004_fts_vocabulary",
        """
        CREATE VIRTUAL TABLE chunks_vocab USING fts5vocab (chunks_fts, 'row');
        """,
    ),
    (
        "0005_graph",
        """
        CREATE TABLE graph_communities (
            id TEXT PRIMARY KEY,
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL,
            name TEXT NOT NULL, summary TEXT NOT NULL, created_at TEXT NOT NULL,
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        CREATE INDEX graph_communities_by_user ON graph_communities (tenant_id, user_id);
        CREATE TABLE graph_entities (
            id TEXT PRIMARY KEY,
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL,
            name TEXT NOT NULL, type TEXT NOT NULL, summary TEXT NOT NULL DEFAULT '',
            aliases TEXT NOT NULL DEFAULT '[]', created_at TEXT NOT NULL, vector BLOB,
            community_id TEXT REFERENCES graph_communities (id) ON DELETE SET NULL,
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        CREATE INDEX graph_entities_by_user ON graph_entities (tenant_id, user_id);
        CREATE INDEX graph_entities_by_community ON graph_entities (community_id);
        CREATE TABLE graph_mentions (
            entity_id TEXT NOT NULL REFERENCES graph_entities (id) ON DELETE CASCADE,
            episode_id TEXT NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
            PRIMARY KEY (entity_id, episode_id)
        );
        CREATE INDEX graph_mentions_by_episode ON graph_mentions (episode_id);
        CREATE TABLE graph_facts (
            id TEXT PRIMARY KEY,
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL,
            subject_id TEXT NOT NULL REFERENCES graph_entities (id) ON DELETE CASCADE,
            predicate TEXT NOT NULL,
            object_id TEXT NOT NULL REFERENCES graph_entities (id) ON DELETE CASCADE,
            text TEXT NOT NULL, negated INTEGER NOT NULL DEFAULT 0,
            valid_at TEXT NOT NULL, invalid_at TEXT, created_at TEXT NOT NULL, expired_at TEXT,
            vector BLOB,
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        CREATE INDEX graph_facts_by_user ON graph_facts (tenant_id, user_id, subject_id, predicate);
        CREATE INDEX graph_facts_by_object ON graph_facts (object_id);
        CREATE TABLE graph_fact_sources (
            fact_id TEXT NOT NULL REFERENCES graph_facts (id) ON DELETE CASCADE,
            episode_id TEXT NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
            quote TEXT NOT NULL, valid_at TEXT NOT NULL,
            PRIMARY KEY (fact_id, episode_id)
        );
        CREATE INDEX graph_fact_sources_by_episode ON graph_fact_sources (episode_id);
        CREATE TRIGGER graph_source_gone AFTER DELETE ON graph_fact_sources BEGIN
            DELETE FROM graph_facts WHERE id = old.fact_id
                AND NOT EXISTS (SELECT 1 FROM graph_fact_sources WHERE fact_id = old.fact_id);
            UPDATE graph_facts SET valid_at = (SELECT min(valid_at) FROM graph_fact_sources
                WHERE fact_id = old.fact_id) WHERE id = old.fact_id;
        END;
        CREATE TRIGGER graph_mention_gone AFTER DELETE ON graph_mentions BEGIN
            DELETE FROM graph_entities WHERE id = old.entity_id
                AND NOT EXISTS (SELECT 1 FROM graph_mentions WHERE entity_id = old.entity_id);
        END;
        CREATE TRIGGER graph_member_gone AFTER DELETE ON graph_entities
            WHEN old.community_id IS NOT NULL BEGIN
            DELETE FROM graph_communities WHERE id = old.community_id;
        END;
        """,
    ),
    (
        # One counter per file that only grows: a scope's version is the counter's value at its
        # last write, so a version is never reused for other contents (not even after the
        # scope's row is deleted with its user), and other processes' cached matrices expire.
        "0006_scope_generation",
        """
        CREATE TABLE scope_generation (
            id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL
        );
        INSERT INTO scope_generation SELECT 1, COALESCE(MAX(version), 0) FROM scope_versions;
        """,
    ),
    (
        # Episode ids are unique per tenant, not per file: one tenant's id neither blocks nor
        # reveals another's. Tables are rebuilt (foreign keys off, checked before commit); rows
        # keep their rowids, so cursors and chunk refs stay valid; a chunk ref is never reused.
        "0007_episode_ids_per_tenant",
        """
        CREATE TABLE episodes_new (
            seq INTEGER PRIMARY KEY, id TEXT NOT NULL,
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL, session_id TEXT,
            kind TEXT NOT NULL, role TEXT, speaker TEXT,
            content TEXT NOT NULL, record TEXT, metadata TEXT NOT NULL DEFAULT '{}',
            at_ts REAL NOT NULL, at_utc TEXT NOT NULL, tz TEXT NOT NULL,
            local_date TEXT NOT NULL, local_time TEXT NOT NULL, period TEXT NOT NULL,
            weekday TEXT NOT NULL, iso_week TEXT NOT NULL, month INTEGER NOT NULL, season TEXT NOT NULL,
            recorded_at TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 1,
            last_accessed REAL, access_count INTEGER NOT NULL DEFAULT 0,
            UNIQUE (tenant_id, id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        INSERT INTO episodes_new SELECT rowid, * FROM episodes;
        DROP TABLE episodes;
        ALTER TABLE episodes_new RENAME TO episodes;
        CREATE INDEX episodes_by_time ON episodes (tenant_id, user_id, at_ts, id);
        CREATE INDEX episodes_by_session ON episodes (tenant_id, user_id, session_id, at_ts);
        CREATE TABLE chunks_new (
            ref INTEGER PRIMARY KEY AUTOINCREMENT,
            episode_id TEXT NOT NULL,
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL,
            position INTEGER NOT NULL, text TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL,
            text_hash TEXT NOT NULL, vector BLOB NOT NULL,
            UNIQUE (tenant_id, episode_id, position),
            FOREIGN KEY (tenant_id, episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        INSERT INTO chunks_new (ref, episode_id, tenant_id, user_id, position, text, start, "end", text_hash, vector)
            SELECT ref, episode_id, tenant_id, user_id, position, text, start, "end", text_hash, vector FROM chunks;
        DROP TABLE chunks;
        ALTER TABLE chunks_new RENAME TO chunks;
        CREATE INDEX chunks_by_scope ON chunks (tenant_id, user_id);
        CREATE INDEX chunks_by_hash ON chunks (tenant_id, text_hash);
        CREATE TRIGGER chunks_fts_insert AFTER INSERT ON chunks BEGIN
            INSERT INTO chunks_fts (rowid, text) VALUES (new.ref, new.text);
        END;
        CREATE TRIGGER chunks_fts_delete AFTER DELETE ON chunks BEGIN
            INSERT INTO chunks_fts (chunks_fts, rowid, text) VALUES ('delete', old.ref, old.text);
        END;
        CREATE TABLE episode_history_new (
            id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, episode_id TEXT NOT NULL,
            version INTEGER NOT NULL, event TEXT NOT NULL, content TEXT NOT NULL, changed_at TEXT NOT NULL,
            FOREIGN KEY (tenant_id, episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        INSERT INTO episode_history_new SELECT h.id, e.tenant_id, h.episode_id, h.version, h.event, h.content,
            h.changed_at FROM episode_history h JOIN episodes e ON e.id = h.episode_id;
        DROP TABLE episode_history;
        ALTER TABLE episode_history_new RENAME TO episode_history;
        CREATE INDEX history_by_episode ON episode_history (tenant_id, episode_id, version);
        CREATE TABLE saved_memories_new (
            id TEXT PRIMARY KEY,
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL,
            text TEXT NOT NULL, vector BLOB NOT NULL,
            created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
            source_episode_id TEXT,
            retired_at TEXT,
            replaced_by TEXT REFERENCES saved_memories (id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, source_episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        INSERT INTO saved_memories_new SELECT * FROM saved_memories;
        DROP TABLE saved_memories;
        ALTER TABLE saved_memories_new RENAME TO saved_memories;
        CREATE INDEX saved_by_user ON saved_memories (tenant_id, user_id, created_at);
        CREATE INDEX saved_by_source ON saved_memories (tenant_id, source_episode_id);
        CREATE INDEX saved_by_successor ON saved_memories (replaced_by);
        CREATE TABLE summary_sources_new (
            tenant_id TEXT NOT NULL,
            summary_id TEXT NOT NULL REFERENCES session_summaries (id) ON DELETE CASCADE,
            episode_id TEXT NOT NULL,
            PRIMARY KEY (summary_id, episode_id),
            FOREIGN KEY (tenant_id, episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        INSERT INTO summary_sources_new SELECT s.tenant_id, x.summary_id, x.episode_id
            FROM summary_sources x JOIN session_summaries s ON s.id = x.summary_id;
        DROP TABLE summary_sources;
        ALTER TABLE summary_sources_new RENAME TO summary_sources;
        CREATE INDEX summary_sources_by_episode ON summary_sources (tenant_id, episode_id);
        CREATE TABLE insight_sources_new (
            tenant_id TEXT NOT NULL,
            insight_id TEXT NOT NULL REFERENCES insights (id) ON DELETE CASCADE,
            episode_id TEXT NOT NULL,
            PRIMARY KEY (insight_id, episode_id),
            FOREIGN KEY (tenant_id, episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        INSERT INTO insight_sources_new SELECT i.tenant_id, x.insight_id, x.episode_id
            FROM insight_sources x JOIN insights i ON i.id = x.insight_id;
        DROP TABLE insight_sources;
        ALTER TABLE insight_sources_new RENAME TO insight_sources;
        CREATE INDEX insight_sources_by_episode ON insight_sources (tenant_id, episode_id);
        CREATE TABLE insight_exclusions_new (
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL, episode_id TEXT NOT NULL,
            PRIMARY KEY (tenant_id, user_id, episode_id),
            FOREIGN KEY (tenant_id, episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        INSERT INTO insight_exclusions_new SELECT * FROM insight_exclusions;
        DROP TABLE insight_exclusions;
        ALTER TABLE insight_exclusions_new RENAME TO insight_exclusions;
        CREATE INDEX insight_exclusions_by_episode ON insight_exclusions (tenant_id, episode_id);
        CREATE TRIGGER summary_source_gone AFTER DELETE ON summary_sources BEGIN
            DELETE FROM session_summaries WHERE id = old.summary_id
                AND NOT EXISTS (SELECT 1 FROM summary_sources WHERE summary_id = old.summary_id);
            UPDATE session_summaries SET title = '', summary = '', keyphrases = '[]', vector = NULL, stale = 1
                WHERE id = old.summary_id AND stale = 0;
        END;
        CREATE TRIGGER insight_source_gone AFTER DELETE ON insight_sources BEGIN
            DELETE FROM insights WHERE id = old.insight_id
                AND NOT EXISTS (SELECT 1 FROM insight_sources WHERE insight_id = old.insight_id);
            UPDATE insights SET statement = CASE WHEN edited THEN statement ELSE '' END, keyphrases = '[]', stale = 1
                WHERE id = old.insight_id AND stale = 0;
        END;
        CREATE TABLE graph_mentions_new (
            tenant_id TEXT NOT NULL,
            entity_id TEXT NOT NULL REFERENCES graph_entities (id) ON DELETE CASCADE,
            episode_id TEXT NOT NULL,
            PRIMARY KEY (entity_id, episode_id),
            FOREIGN KEY (tenant_id, episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        INSERT INTO graph_mentions_new SELECT e.tenant_id, m.entity_id, m.episode_id
            FROM graph_mentions m JOIN graph_entities e ON e.id = m.entity_id;
        DROP TABLE graph_mentions;
        ALTER TABLE graph_mentions_new RENAME TO graph_mentions;
        CREATE INDEX graph_mentions_by_episode ON graph_mentions (tenant_id, episode_id);
        CREATE TABLE graph_fact_sources_new (
            tenant_id TEXT NOT NULL,
            fact_id TEXT NOT NULL REFERENCES graph_facts (id) ON DELETE CASCADE,
            episode_id TEXT NOT NULL,
            quote TEXT NOT NULL, valid_at TEXT NOT NULL,
            PRIMARY KEY (fact_id, episode_id),
            FOREIGN KEY (tenant_id, episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        INSERT INTO graph_fact_sources_new SELECT f.tenant_id, s.fact_id, s.episode_id, s.quote, s.valid_at
            FROM graph_fact_sources s JOIN graph_facts f ON f.id = s.fact_id;
        DROP TABLE graph_fact_sources;
        ALTER TABLE graph_fact_sources_new RENAME TO graph_fact_sources;
        CREATE INDEX graph_fact_sources_by_episode ON graph_fact_sources (tenant_id, episode_id);
        CREATE TRIGGER graph_source_gone AFTER DELETE ON graph_fact_sources BEGIN
            DELETE FROM graph_facts WHERE id = old.fact_id
                AND NOT EXISTS (SELECT 1 FROM graph_fact_sources WHERE fact_id = old.fact_id);
            UPDATE graph_facts SET valid_at = (SELECT min(valid_at) FROM graph_fact_sources
                WHERE fact_id = old.fact_id) WHERE id = old.fact_id;
        END;
        CREATE TRIGGER graph_mention_gone AFTER DELETE ON graph_mentions BEGIN
            DELETE FROM graph_entities WHERE id = old.entity_id
                AND NOT EXISTS (SELECT 1 FROM graph_mentions WHERE entity_id = old.entity_id);
        END;
        CREATE TRIGGER episode_text_changed AFTER UPDATE OF content ON episodes BEGIN
            UPDATE session_summaries SET title = '', summary = '', keyphrases = '[]', vector = NULL, stale = 1
                WHERE id IN (SELECT summary_id FROM summary_sources
                             WHERE tenant_id = new.tenant_id AND episode_id = new.id);
            UPDATE insights SET statement = CASE WHEN edited THEN statement ELSE '' END, keyphrases = '[]', stale = 1
                WHERE id IN (SELECT insight_id FROM insight_sources
                             WHERE tenant_id = new.tenant_id AND episode_id = new.id);
        END;
        """,
    ),
    (
        "0008_pending_memories",
        """
        CREATE TABLE pending_memories (
            id TEXT PRIMARY KEY,
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL,
            text TEXT NOT NULL, created_at TEXT NOT NULL,
            conflicts_with TEXT REFERENCES saved_memories (id) ON DELETE SET NULL,
            reason TEXT NOT NULL,
            source_episode_id TEXT,
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, source_episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        CREATE INDEX pending_by_user ON pending_memories (tenant_id, user_id, created_at);
        CREATE INDEX pending_by_source ON pending_memories (tenant_id, source_episode_id);
        CREATE INDEX pending_by_conflict ON pending_memories (conflicts_with);
        """,
    ),
    (
        # A version per user's graph, so readers in any process can keep what they read while it
        # holds: every graph write sets it in its transaction, and so does deleting the user's
        # episodes (their facts and mentions go with them). Values come from the file's counter,
        # never reused; the row goes with the user.
        "0009_graph_versions",
        """
        CREATE TABLE graph_versions (
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL, version INTEGER NOT NULL,
            PRIMARY KEY (tenant_id, user_id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        UPDATE scope_generation SET value = value + 1;
        INSERT INTO graph_versions SELECT DISTINCT tenant_id, user_id, (SELECT value FROM scope_generation)
            FROM graph_entities;
        CREATE TRIGGER graph_episode_gone AFTER DELETE ON episodes
            WHEN EXISTS (SELECT 1 FROM graph_versions WHERE tenant_id = old.tenant_id AND user_id = old.user_id)
        BEGIN
            UPDATE scope_generation SET value = value + 1;
            UPDATE graph_versions SET version = (SELECT value FROM scope_generation)
                WHERE tenant_id = old.tenant_id AND user_id = old.user_id;
        END;
        """,
    ),
    (
        # Derived work that survives a crash (``lembrar.model.derived``). An add writes a marker
        # per step its episodes still owe in its own transaction; each step clears them in its
        # write. Deleting or editing an episode marks the entities it mentioned (and the user's
        # timeline, "") stale in that transaction: their names, aliases and facts are recomputed
        # from the evidence that remains, so nothing the episode taught outlives it.
        "0010_derived_work",
        """
        CREATE TABLE derived_pending (
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL, episode_id TEXT NOT NULL,
            step TEXT NOT NULL, created_at REAL NOT NULL,
            PRIMARY KEY (tenant_id, episode_id, step),
            FOREIGN KEY (tenant_id, episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        CREATE INDEX derived_pending_by_age ON derived_pending (tenant_id, created_at);
        CREATE TABLE graph_stale (
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL, entity_id TEXT NOT NULL,
            PRIMARY KEY (tenant_id, user_id, entity_id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        CREATE TRIGGER graph_episode_forgotten BEFORE DELETE ON episodes
            WHEN EXISTS (SELECT 1 FROM graph_mentions WHERE tenant_id = old.tenant_id AND episode_id = old.id)
              OR EXISTS (SELECT 1 FROM graph_fact_sources WHERE tenant_id = old.tenant_id AND episode_id = old.id)
        BEGIN
            INSERT OR IGNORE INTO graph_stale (tenant_id, user_id, entity_id)
                SELECT old.tenant_id, old.user_id, m.entity_id FROM graph_mentions m
                JOIN graph_entities e ON e.id = m.entity_id
                WHERE m.tenant_id = old.tenant_id AND m.episode_id = old.id AND e.type <> 'user';
            INSERT OR IGNORE INTO graph_stale (tenant_id, user_id, entity_id)
                VALUES (old.tenant_id, old.user_id, '');
        END;
        CREATE TRIGGER graph_episode_rewritten AFTER UPDATE OF content ON episodes
            WHEN EXISTS (SELECT 1 FROM graph_mentions WHERE tenant_id = new.tenant_id AND episode_id = new.id)
              OR EXISTS (SELECT 1 FROM graph_fact_sources WHERE tenant_id = new.tenant_id AND episode_id = new.id)
        BEGIN
            INSERT OR IGNORE INTO graph_stale (tenant_id, user_id, entity_id)
                SELECT new.tenant_id, new.user_id, m.entity_id FROM graph_mentions m
                JOIN graph_entities e ON e.id = m.entity_id
                WHERE m.tenant_id = new.tenant_id AND m.episode_id = new.id AND e.type <> 'user';
            INSERT OR IGNORE INTO graph_stale (tenant_id, user_id, entity_id)
                VALUES (new.tenant_id, new.user_id, '');
        END;
        """,
    ),
)


def migrate(db: sqlite3.Connection) -> list[str]:
    """Apply the migrations this database lacks, each in its own transaction; return their names."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
    )
    done = {name for (name,) in db.execute("SELECT name FROM migrations")}
    applied = []
    for name, sql in MIGRATIONS:
        if name in done:
            continue
        db.execute("PRAGMA foreign_keys=OFF")  # tables are rebuilt; keys are checked before commit
        db.execute("BEGIN IMMEDIATE")
        try:
            if not db.execute("SELECT 1 FROM migrations WHERE name = ?", (name,)).fetchone():
                for statement in _statements(sql):
                    db.execute(statement)
                broken = db.execute("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise sqlite3.IntegrityError(
                        f"migration {name} breaks foreign keys: {broken[:3]}"
                    )
                db.execute(
                    "INSERT INTO migrations VALUES (?, ?)",
                    (name, datetime.now(UTC).isoformat()),
                )
                applied.append(name)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        finally:
            db.execute("PRAGMA foreign_keys=ON")
    return applied


def _statements(script: str) -> list[str]:
    """Split a script into statements, keeping trigger bodies whole."""
    out, buffer = [], ""
    for line in script.strip().splitlines():
        buffer += line + "\n"
        if sqlite3.complete_statement(buffer):
            out.append(buffer.strip())
            buffer = ""
    return out
