"""Named, ordered schema migrations recorded in ``migrations``; safe when processes start together.

Every migration runs in its own transaction holding one advisory lock, so two processes opening
an empty database at once apply each migration exactly once. The embedding column is created
without a dimension; ``fix_dimension`` sets it (and builds the HNSW index) once the store's
embedder is known. ``chunks.fts`` is written by the store from the folded chunk text with the
owner's text search configuration (``fts_config``), so both can change when the user's language does.
"""

from __future__ import annotations

from typing import Any

from lembrar.errors import ConfigurationError

LOCK_KEY = int.from_bytes(b"lembrar", "big")  # pg_advisory_xact_lock key shared by schema changes
HNSW_MAX_DIMENSIONS = 2000  # pgvector's limit for indexing the ``vector`` type
# How the HNSW graph is built: 16 links a node (pgvector's default) and 128 candidates while
# linking (its default is 64). At 100,000 chunks the better graph reaches at ``ef_search`` 200
# the recall the default one reached at 300, for about 15 % more time per insert.
HNSW_BUILD = "m = 16, ef_construction = 128"


# Every column holding vectors that searches read row by row. A vector of 512 floats (2 KB)
# takes a row past the size (about 2 KB) where PostgreSQL moves values out of line, into the
# table's TOAST table: an exact search then reads each vector through a second index and table
# (at 5,000 chunks 15 ms against 3 ms inline), and the rows the HNSW index finds too. So these
# columns are stored in the row (``MAIN``) and the table moves values out only when a row would
# not fit its page (``toast_tuple_target``), so that text and words stay in the row as well.
_VECTOR_COLUMNS = (
    ("chunks", "embedding"),
    ("saved_memories", "vector"),
    ("session_summaries", "vector"),
    ("graph_entities", "vector"),
    ("graph_facts", "vector"),
)
TOAST_TUPLE_TARGET = 8160  # the largest PostgreSQL accepts: a row goes out of line past a page


def _vectors_inline() -> str:
    """Each vector column stored in its row; a table holding any value out of line is rewritten
    (``CLUSTER`` on its primary key, which stores every row again under the new settings)."""
    steps = []
    for table, column in _VECTOR_COLUMNS:
        steps.append(
            f"""
            ALTER TABLE {table} ALTER COLUMN {column} SET STORAGE MAIN;
            ALTER TABLE {table} SET (toast_tuple_target = {TOAST_TUPLE_TARGET});
            IF (SELECT pg_relation_size(reltoastrelid) FROM pg_class
                WHERE oid = '{table}'::regclass) > 0 THEN
                CLUSTER {table} USING {table}_pkey;
            END IF;"""
        )
    return f"DO $$ BEGIN {''.join(steps)} END $$;"


MIGRATIONS: tuple[tuple[str, str], ...] = (
    (
        "0001_episodes",
        """
        CREATE EXTENSION IF NOT EXISTS vector;
        CREATE TABLE users (
            tenant_id text NOT NULL, user_id text NOT NULL,
            timezone text, hemisphere text NOT NULL DEFAULT 'north', language text,
            created_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (tenant_id, user_id)
        );
        CREATE TABLE episodes (
            tenant_id text NOT NULL, id text NOT NULL, seq bigint GENERATED ALWAYS AS IDENTITY,
            user_id text NOT NULL, session_id text,
            kind text NOT NULL, role text, speaker text,
            content text NOT NULL, record json, metadata jsonb NOT NULL DEFAULT '{}',
            at_utc timestamptz NOT NULL, tz text NOT NULL,
            local_date date NOT NULL, local_time time NOT NULL, period text NOT NULL,
            weekday text NOT NULL, iso_week text NOT NULL, month smallint NOT NULL, season text NOT NULL,
            recorded_at timestamptz NOT NULL, version integer NOT NULL DEFAULT 1,
            last_accessed timestamptz, access_count integer NOT NULL DEFAULT 0,
            PRIMARY KEY (tenant_id, id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        CREATE INDEX episodes_by_time ON episodes (tenant_id, user_id, at_utc, seq);
        CREATE INDEX episodes_by_session ON episodes (tenant_id, user_id, session_id, at_utc, seq);
        CREATE TABLE chunks (
            tenant_id text NOT NULL, ref bigint GENERATED ALWAYS AS IDENTITY,
            episode_id text NOT NULL, user_id text NOT NULL,
            position integer NOT NULL, text text NOT NULL, start integer NOT NULL, "end" integer NOT NULL,
            text_hash text NOT NULL, embedding vector NOT NULL,
            fts_config regconfig NOT NULL, fts tsvector NOT NULL,
            PRIMARY KEY (tenant_id, ref),
            UNIQUE (tenant_id, episode_id, position),
            FOREIGN KEY (tenant_id, episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        CREATE INDEX chunks_by_scope ON chunks (tenant_id, user_id);
        CREATE INDEX chunks_by_hash ON chunks (text_hash);
        CREATE INDEX chunks_by_words ON chunks USING gin (fts);
        CREATE TABLE episode_history (
            tenant_id text NOT NULL, id bigint GENERATED ALWAYS AS IDENTITY,
            episode_id text NOT NULL, version integer NOT NULL, event text NOT NULL,
            content text NOT NULL, changed_at timestamptz NOT NULL,
            PRIMARY KEY (tenant_id, id),
            FOREIGN KEY (tenant_id, episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        CREATE INDEX history_by_episode ON episode_history (tenant_id, episode_id, version);
        CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL);
        """,
    ),
    (
        "0002_api_keys",
        """
        CREATE TABLE tenants (tenant_id text PRIMARY KEY, name text, created_at timestamptz NOT NULL);
        CREATE TABLE api_keys (
            key_id text PRIMARY KEY,
            tenant_id text NOT NULL REFERENCES tenants (tenant_id) ON DELETE CASCADE,
            name text, salt text NOT NULL, digest text NOT NULL,
            created_at timestamptz NOT NULL, revoked_at timestamptz
        );
        CREATE INDEX api_keys_by_tenant ON api_keys (tenant_id);
        """,
    ),
    (
        "0003_layers",
        """
        CREATE TABLE saved_memories (
            tenant_id text NOT NULL, id text NOT NULL, seq bigint GENERATED ALWAYS AS IDENTITY,
            user_id text NOT NULL, text text NOT NULL, vector vector NOT NULL,
            created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
            source_episode_id text, retired_at timestamptz, replaced_by text,
            PRIMARY KEY (tenant_id, id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, source_episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, replaced_by) REFERENCES saved_memories (tenant_id, id) ON DELETE CASCADE
        );
        CREATE INDEX saved_by_user ON saved_memories (tenant_id, user_id, created_at, seq);
        CREATE INDEX saved_by_source ON saved_memories (tenant_id, source_episode_id);
        CREATE INDEX saved_by_successor ON saved_memories (tenant_id, replaced_by);
        CREATE TABLE session_summaries (
            tenant_id text NOT NULL, id text NOT NULL,
            user_id text NOT NULL, session_id text NOT NULL,
            title text NOT NULL, summary text NOT NULL, keyphrases text[] NOT NULL DEFAULT '{}',
            first_at timestamptz NOT NULL, last_at timestamptz NOT NULL,
            turns integer NOT NULL, method text NOT NULL, vector vector, created_at timestamptz NOT NULL,
            stale boolean NOT NULL DEFAULT false,
            PRIMARY KEY (tenant_id, id),
            UNIQUE (tenant_id, user_id, session_id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        CREATE INDEX summaries_by_time ON session_summaries (tenant_id, user_id, first_at);
        CREATE TABLE summary_sources (
            tenant_id text NOT NULL, summary_id text NOT NULL, episode_id text NOT NULL,
            PRIMARY KEY (tenant_id, summary_id, episode_id),
            FOREIGN KEY (tenant_id, summary_id) REFERENCES session_summaries (tenant_id, id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        CREATE INDEX summary_sources_by_episode ON summary_sources (tenant_id, episode_id);
        CREATE TABLE insights (
            tenant_id text NOT NULL, id text NOT NULL, user_id text NOT NULL,
            statement text NOT NULL, keyphrases text[] NOT NULL DEFAULT '{}',
            first_at timestamptz NOT NULL, last_at timestamptz NOT NULL, size integer NOT NULL,
            cohesion double precision NOT NULL, confidence double precision NOT NULL,
            created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
            edited boolean NOT NULL DEFAULT false, stale boolean NOT NULL DEFAULT false,
            PRIMARY KEY (tenant_id, id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        CREATE INDEX insights_by_user ON insights (tenant_id, user_id);
        CREATE TABLE insight_sources (
            tenant_id text NOT NULL, insight_id text NOT NULL, episode_id text NOT NULL,
            PRIMARY KEY (tenant_id, insight_id, episode_id),
            FOREIGN KEY (tenant_id, insight_id) REFERENCES insights (tenant_id, id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        CREATE INDEX insight_sources_by_episode ON insight_sources (tenant_id, episode_id);
        CREATE TABLE insight_exclusions (
            tenant_id text NOT NULL, user_id text NOT NULL, episode_id text NOT NULL,
            PRIMARY KEY (tenant_id, user_id, episode_id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        CREATE INDEX insight_exclusions_by_episode ON insight_exclusions (tenant_id, episode_id);
        CREATE FUNCTION summary_source_gone() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM session_summaries WHERE tenant_id = old.tenant_id AND id = old.summary_id
                AND NOT EXISTS (SELECT 1 FROM summary_sources
                                WHERE tenant_id = old.tenant_id AND summary_id = old.summary_id);
            UPDATE session_summaries SET title = '', summary = '', keyphrases = '{}', vector = NULL, stale = true
                WHERE tenant_id = old.tenant_id AND id = old.summary_id AND NOT stale;
            RETURN NULL;
        END $$;
        CREATE TRIGGER summary_source_gone AFTER DELETE ON summary_sources
            FOR EACH ROW EXECUTE FUNCTION summary_source_gone();
        CREATE FUNCTION insight_source_gone() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM insights WHERE tenant_id = old.tenant_id AND id = old.insight_id
                AND NOT EXISTS (SELECT 1 FROM insight_sources
                                WHERE tenant_id = old.tenant_id AND insight_id = old.insight_id);
            UPDATE insights SET statement = CASE WHEN edited THEN statement ELSE '' END, keyphrases = '{}', stale = true
                WHERE tenant_id = old.tenant_id AND id = old.insight_id AND NOT stale;
            RETURN NULL;
        END $$;
        CREATE TRIGGER insight_source_gone AFTER DELETE ON insight_sources
            FOR EACH ROW EXECUTE FUNCTION insight_source_gone();
        CREATE FUNCTION episode_text_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE session_summaries SET title = '', summary = '', keyphrases = '{}', vector = NULL, stale = true
                WHERE tenant_id = new.tenant_id AND id IN (
                    SELECT summary_id FROM summary_sources WHERE tenant_id = new.tenant_id AND episode_id = new.id);
            UPDATE insights SET statement = CASE WHEN edited THEN statement ELSE '' END, keyphrases = '{}', stale = true
                WHERE tenant_id = new.tenant_id AND id IN (
                    SELECT insight_id FROM insight_sources WHERE tenant_id = new.tenant_id AND episode_id = new.id);
            RETURN NULL;
        END $$;
        CREATE TRIGGER episode_text_changed AFTER UPDATE OF content ON episodes
            FOR EACH ROW EXECUTE FUNCTION episode_text_changed();
        """,
    ),
    (
        "0005_graph",
        """
        CREATE TABLE graph_communities (
            tenant_id text NOT NULL, id text NOT NULL, user_id text NOT NULL,
            name text NOT NULL, summary text NOT NULL, created_at timestamptz NOT NULL,
            PRIMARY KEY (tenant_id, id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        CREATE INDEX graph_communities_by_user ON graph_communities (tenant_id, user_id);
        CREATE TABLE graph_entities (
            tenant_id text NOT NULL, id text NOT NULL, user_id text NOT NULL,
            name text NOT NULL, type text NOT NULL, summary text NOT NULL DEFAULT '',
            aliases text[] NOT NULL DEFAULT '{}', created_at timestamptz NOT NULL, vector bytea,
            community_id text,
            PRIMARY KEY (tenant_id, id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, community_id) REFERENCES graph_communities (tenant_id, id)
                ON DELETE SET NULL (community_id)
        );
        CREATE INDEX graph_entities_by_user ON graph_entities (tenant_id, user_id);
        CREATE INDEX graph_entities_by_community ON graph_entities (tenant_id, community_id);
        CREATE TABLE graph_mentions (
            tenant_id text NOT NULL, entity_id text NOT NULL, episode_id text NOT NULL,
            PRIMARY KEY (tenant_id, entity_id, episode_id),
            FOREIGN KEY (tenant_id, entity_id) REFERENCES graph_entities (tenant_id, id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        CREATE INDEX graph_mentions_by_episode ON graph_mentions (tenant_id, episode_id);
        CREATE TABLE graph_facts (
            tenant_id text NOT NULL, id text NOT NULL, user_id text NOT NULL,
            subject_id text NOT NULL, predicate text NOT NULL, object_id text NOT NULL,
            text text NOT NULL, negated boolean NOT NULL DEFAULT false,
            valid_at timestamptz NOT NULL, invalid_at timestamptz, created_at timestamptz NOT NULL,
            expired_at timestamptz, vector bytea,
            PRIMARY KEY (tenant_id, id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, subject_id) REFERENCES graph_entities (tenant_id, id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, object_id) REFERENCES graph_entities (tenant_id, id) ON DELETE CASCADE
        );
        CREATE INDEX graph_facts_by_user ON graph_facts (tenant_id, user_id, subject_id, predicate);
        CREATE INDEX graph_facts_by_object ON graph_facts (tenant_id, object_id);
        CREATE TABLE graph_fact_sources (
            tenant_id text NOT NULL, fact_id text NOT NULL, episode_id text NOT NULL,
            quote text NOT NULL, valid_at timestamptz NOT NULL,
            PRIMARY KEY (tenant_id, fact_id, episode_id),
            FOREIGN KEY (tenant_id, fact_id) REFERENCES graph_facts (tenant_id, id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        CREATE INDEX graph_fact_sources_by_episode ON graph_fact_sources (tenant_id, episode_id);
        CREATE FUNCTION graph_source_gone() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM graph_facts WHERE tenant_id = old.tenant_id AND id = old.fact_id
                AND NOT EXISTS (SELECT 1 FROM graph_fact_sources
                                WHERE tenant_id = old.tenant_id AND fact_id = old.fact_id);
            UPDATE graph_facts SET valid_at = (SELECT min(valid_at) FROM graph_fact_sources
                WHERE tenant_id = old.tenant_id AND fact_id = old.fact_id)
                WHERE tenant_id = old.tenant_id AND id = old.fact_id;
            RETURN NULL;
        END $$;
        CREATE TRIGGER graph_source_gone AFTER DELETE ON graph_fact_sources
            FOR EACH ROW EXECUTE FUNCTION graph_source_gone();
        CREATE FUNCTION graph_mention_gone() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM graph_entities WHERE tenant_id = old.tenant_id AND id = old.entity_id
                AND NOT EXISTS (SELECT 1 FROM graph_mentions
                                WHERE tenant_id = old.tenant_id AND entity_id = old.entity_id);
            RETURN NULL;
        END $$;
        CREATE TRIGGER graph_mention_gone AFTER DELETE ON graph_mentions
            FOR EACH ROW EXECUTE FUNCTION graph_mention_gone();
        CREATE FUNCTION graph_member_gone() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM graph_communities WHERE tenant_id = old.tenant_id AND id = old.community_id;
            RETURN NULL;
        END $$;
        CREATE TRIGGER graph_member_gone AFTER DELETE ON graph_entities
            FOR EACH ROW WHEN (old.community_id IS NOT NULL) EXECUTE FUNCTION graph_member_gone();
        """,
    ),
    (
        "0006_pending_memories",
        """
        CREATE TABLE pending_memories (
            tenant_id text NOT NULL, id text NOT NULL, seq bigint GENERATED ALWAYS AS IDENTITY,
            user_id text NOT NULL, text text NOT NULL, created_at timestamptz NOT NULL,
            conflicts_with text, reason text NOT NULL, source_episode_id text,
            PRIMARY KEY (tenant_id, id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE,
            FOREIGN KEY (tenant_id, source_episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        CREATE INDEX pending_by_user ON pending_memories (tenant_id, user_id, created_at, seq);
        CREATE INDEX pending_by_source ON pending_memories (tenant_id, source_episode_id);
        """,
    ),
    (
        # A version per user's graph, so readers in any process can keep what they read while it
        # holds: every graph write sets it in its transaction, and so does deleting the user's
        # episodes (their facts and mentions go with them). Values come from a sequence, never
        # reused; the row goes with the user.
        "0007_graph_versions",
        """
        CREATE SEQUENCE graph_version_seq;
        CREATE TABLE graph_versions (
            tenant_id text NOT NULL, user_id text NOT NULL, version bigint NOT NULL,
            PRIMARY KEY (tenant_id, user_id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        INSERT INTO graph_versions SELECT tenant_id, user_id, nextval('graph_version_seq')
            FROM (SELECT DISTINCT tenant_id, user_id FROM graph_entities) AS scopes;
        CREATE FUNCTION graph_episodes_gone() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE graph_versions v SET version = nextval('graph_version_seq')
                FROM (SELECT DISTINCT tenant_id, user_id FROM gone) AS g
                WHERE v.tenant_id = g.tenant_id AND v.user_id = g.user_id;
            RETURN NULL;
        END $$;
        CREATE TRIGGER graph_episodes_gone AFTER DELETE ON episodes
            REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION graph_episodes_gone();
        """,
    ),
    (
        # Each user's chunk count and a version, kept in the transaction of every chunk write
        # (insert, delete, cascade, re-index), so a search reads its scope's size without a
        # scan, and readers in any process keep per-word counts while the version holds. Values
        # come from a sequence, never reused; the row goes with the user.
        "0008_chunk_scopes",
        """
        CREATE SEQUENCE chunk_scope_version_seq;
        CREATE TABLE chunk_scopes (
            tenant_id text NOT NULL, user_id text NOT NULL,
            chunks bigint NOT NULL, version bigint NOT NULL,
            PRIMARY KEY (tenant_id, user_id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        INSERT INTO chunk_scopes
            SELECT tenant_id, user_id, count(*), nextval('chunk_scope_version_seq')
            FROM chunks GROUP BY tenant_id, user_id;
        CREATE FUNCTION chunks_added() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO chunk_scopes AS s
                SELECT tenant_id, user_id, count(*), nextval('chunk_scope_version_seq')
                FROM added GROUP BY tenant_id, user_id ORDER BY tenant_id, user_id
                ON CONFLICT (tenant_id, user_id)
                DO UPDATE SET chunks = s.chunks + excluded.chunks, version = excluded.version;
            RETURN NULL;
        END $$;
        CREATE TRIGGER chunks_added AFTER INSERT ON chunks
            REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION chunks_added();
        CREATE FUNCTION chunks_removed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE chunk_scopes s SET chunks = s.chunks - r.n,
                    version = nextval('chunk_scope_version_seq')
                FROM (SELECT tenant_id, user_id, count(*) AS n FROM removed
                      GROUP BY tenant_id, user_id) AS r
                WHERE s.tenant_id = r.tenant_id AND s.user_id = r.user_id;
            RETURN NULL;
        END $$;
        CREATE TRIGGER chunks_removed AFTER DELETE ON chunks
            REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION chunks_removed();
        CREATE FUNCTION chunks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE chunk_scopes s SET version = nextval('chunk_scope_version_seq')
                FROM (SELECT DISTINCT tenant_id, user_id FROM changed) AS r
                WHERE s.tenant_id = r.tenant_id AND s.user_id = r.user_id;
            RETURN NULL;
        END $$;
        CREATE TRIGGER chunks_changed AFTER UPDATE ON chunks
            REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION chunks_changed();
        """,
    ),
    (
        # Each user's count of chunks holding each word (a lexeme of ``chunks.fts``), kept in the
        # transaction of every chunk write, so a keyword search reads its words' counts instead
        # of counting their chunks. The triggers sort after ``chunks_added`` / ``chunks_removed``
        # / ``chunks_changed``, so they run once the write holds its scope's row: writers of one
        # user take these rows one at a time. A word held by no chunk leaves the table (its text
        # is gone with the chunks), and the rows go with the user.
        "0009_chunk_words",
        """
        CREATE TABLE chunk_words (
            tenant_id text NOT NULL, user_id text NOT NULL, word text NOT NULL,
            chunks bigint NOT NULL,
            PRIMARY KEY (tenant_id, user_id, word),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        INSERT INTO chunk_words
            SELECT c.tenant_id, c.user_id, w.word, count(*)
            FROM chunks c CROSS JOIN LATERAL unnest(tsvector_to_array(c.fts)) AS w(word)
            GROUP BY c.tenant_id, c.user_id, w.word;
        CREATE FUNCTION chunk_words_apply(
            tenants text[], users text[], words text[], deltas bigint[]
        ) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO chunk_words AS k
                SELECT * FROM unnest(tenants, users, words, deltas) ORDER BY 1, 2, 3
                ON CONFLICT (tenant_id, user_id, word) DO UPDATE SET chunks = k.chunks + excluded.chunks;
            IF EXISTS (SELECT FROM unnest(deltas) AS d(n) WHERE n < 0) THEN
                DELETE FROM chunk_words k USING unnest(tenants, users, words) AS d(t, u, w)
                WHERE k.chunks <= 0 AND k.tenant_id = d.t AND k.user_id = d.u AND k.word = d.w;
            END IF;
        END $$;
        CREATE FUNCTION chunks_words_added() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM chunk_words_apply(array_agg(t), array_agg(u), array_agg(w), array_agg(n))
                FROM (SELECT a.tenant_id, a.user_id, w.word, count(*)
                      FROM added a CROSS JOIN LATERAL unnest(tsvector_to_array(a.fts)) AS w(word)
                      GROUP BY 1, 2, 3) AS d(t, u, w, n);
            RETURN NULL;
        END $$;
        CREATE TRIGGER chunks_words_added AFTER INSERT ON chunks
            REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION chunks_words_added();
        CREATE FUNCTION chunks_words_removed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM chunk_words_apply(array_agg(t), array_agg(u), array_agg(w), array_agg(-n))
                FROM (SELECT r.tenant_id, r.user_id, w.word, count(*)
                      FROM removed r CROSS JOIN LATERAL unnest(tsvector_to_array(r.fts)) AS w(word)
                      GROUP BY 1, 2, 3) AS d(t, u, w, n);
            RETURN NULL;
        END $$;
        CREATE TRIGGER chunks_words_removed AFTER DELETE ON chunks
            REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION chunks_words_removed();
        CREATE FUNCTION chunks_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM chunk_words_apply(array_agg(t), array_agg(u), array_agg(w), array_agg(n))
                FROM (SELECT tenant_id, user_id, word, sum(n) FROM (
                          SELECT a.tenant_id, a.user_id, w.word, 1 AS n FROM after_rows a
                          CROSS JOIN LATERAL unnest(tsvector_to_array(a.fts)) AS w(word)
                          UNION ALL
                          SELECT b.tenant_id, b.user_id, w.word, -1 FROM before_rows b
                          CROSS JOIN LATERAL unnest(tsvector_to_array(b.fts)) AS w(word)
                      ) AS sides GROUP BY 1, 2, 3 HAVING sum(n) <> 0) AS d(t, u, w, n);
            RETURN NULL;
        END $$;
        CREATE TRIGGER chunks_words_changed AFTER UPDATE ON chunks
            REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
            FOR EACH STATEMENT EXECUTE FUNCTION chunks_words_changed();
        """,
    ),
    (
        # In a large scope, each chunk's rank for each of its words (``ts_rank`` of the chunk
        # for a query of that one lexeme, length-normalised), kept in the transaction of every
        # chunk write. The key carries the rank, so a keyword search sums a word's ranks from
        # the index alone instead of reading and ranking every chunk holding it, most of a
        # large scope's search time. A scope gets its ranks (``chunk_scopes.ranked``) in the
        # write that takes it past ``ranked_above()`` chunks and keeps them from then on; a
        # small scope is ranked quickly from its chunks and spares the space (the ranks take
        # about as much as the chunks' text, vectors and indexes together). A chunk's rows go
        # with it, and are written anew when its words change (an edit, a re-index for a new
        # language). Like those of ``0009``, the triggers sort after the ones that take the
        # scope's row, so they run once the write holds it: a delete waiting for the write that
        # ranks the scope then sees, and removes, the ranks that write gave its chunks.
        "0010_chunk_postings",
        """
        CREATE FUNCTION ranked_above() RETURNS bigint LANGUAGE sql IMMUTABLE AS 'SELECT 5000';
        CREATE FUNCTION lexeme_query(lexeme text) RETURNS tsquery
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
            SELECT (chr(39) || replace(replace(lexeme, chr(92), repeat(chr(92), 2)),
                    chr(39), repeat(chr(39), 2)) || chr(39))::tsquery
        $$;
        CREATE FUNCTION lexeme_rank(fts tsvector, lexeme text) RETURNS real
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT ts_rank(fts, lexeme_query(lexeme), 1) $$;
        CREATE TABLE chunk_postings (
            tenant_id text NOT NULL, user_id text NOT NULL, word text NOT NULL, ref bigint NOT NULL,
            part real NOT NULL,
            PRIMARY KEY (tenant_id, user_id, word, ref) INCLUDE (part)
        );
        ALTER TABLE chunk_scopes ADD COLUMN ranked boolean NOT NULL DEFAULT false;
        CREATE FUNCTION chunk_postings_rank(tenants text[], users text[]) RETURNS void
            LANGUAGE plpgsql AS $$
        BEGIN
            WITH newly AS (
                UPDATE chunk_scopes s SET ranked = true
                FROM unnest(tenants, users) AS n(tenant_id, user_id)
                WHERE s.tenant_id = n.tenant_id AND s.user_id = n.user_id
                AND NOT s.ranked AND s.chunks > ranked_above()
                RETURNING s.tenant_id, s.user_id
            )
            INSERT INTO chunk_postings
                SELECT c.tenant_id, c.user_id, w.lexeme, c.ref, lexeme_rank(c.fts, w.lexeme)
                FROM newly n JOIN chunks c ON c.tenant_id = n.tenant_id AND c.user_id = n.user_id
                CROSS JOIN LATERAL unnest(c.fts) AS w
                ORDER BY 1, 2, 3, 4;  -- in key order, the index is filled densely
        END $$;
        SELECT chunk_postings_rank(array_agg(tenant_id), array_agg(user_id)) FROM chunk_scopes;
        CREATE FUNCTION chunks_postings_added() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO chunk_postings
                SELECT a.tenant_id, a.user_id, w.lexeme, a.ref, lexeme_rank(a.fts, w.lexeme)
                FROM added a JOIN chunk_scopes s
                    ON s.tenant_id = a.tenant_id AND s.user_id = a.user_id AND s.ranked
                CROSS JOIN LATERAL unnest(a.fts) AS w;
            PERFORM chunk_postings_rank(array_agg(tenant_id), array_agg(user_id))
                FROM (SELECT DISTINCT tenant_id, user_id FROM added) AS scopes;
            RETURN NULL;
        END $$;
        CREATE TRIGGER chunks_words_ranked_added AFTER INSERT ON chunks
            REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION chunks_postings_added();
        CREATE FUNCTION chunks_postings_removed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM chunk_postings p
                USING removed r CROSS JOIN LATERAL unnest(tsvector_to_array(r.fts)) AS w(word)
                WHERE p.tenant_id = r.tenant_id AND p.user_id = r.user_id AND p.word = w.word
                AND p.ref = r.ref;
            RETURN NULL;
        END $$;
        CREATE TRIGGER chunks_words_ranked_removed AFTER DELETE ON chunks
            REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION chunks_postings_removed();
        CREATE FUNCTION chunks_postings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM chunk_postings p
                USING before_rows b JOIN after_rows a ON a.tenant_id = b.tenant_id AND a.ref = b.ref
                CROSS JOIN LATERAL unnest(tsvector_to_array(b.fts)) AS w(word)
                WHERE a.fts IS DISTINCT FROM b.fts
                AND p.tenant_id = b.tenant_id AND p.user_id = b.user_id AND p.word = w.word
                AND p.ref = b.ref;
            INSERT INTO chunk_postings
                SELECT a.tenant_id, a.user_id, w.lexeme, a.ref, lexeme_rank(a.fts, w.lexeme)
                FROM after_rows a JOIN before_rows b ON a.tenant_id = b.tenant_id AND a.ref = b.ref
                JOIN chunk_scopes s
                    ON s.tenant_id = a.tenant_id AND s.user_id = a.user_id AND s.ranked
                CROSS JOIN LATERAL unnest(a.fts) AS w
                WHERE a.fts IS DISTINCT FROM b.fts;
            RETURN NULL;
        END $$;
        CREATE TRIGGER chunks_words_ranked_changed AFTER UPDATE ON chunks
            REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
            FOR EACH STATEMENT EXECUTE FUNCTION chunks_postings_changed();
        """,
    ),
    (
        # An index built before takes the build settings of ``HNSW_BUILD`` and is rebuilt with
        # them once, since searches now ask for fewer candidates (about 80 s per 100,000 chunks
        # on two cores). A database without vectors yet has no index to rebuild.
        "0011_hnsw_build",
        f"""
        DO $$
        BEGIN
            IF to_regclass('chunks_by_embedding') IS NOT NULL THEN
                ALTER INDEX chunks_by_embedding SET ({HNSW_BUILD});
                REINDEX INDEX chunks_by_embedding;
            END IF;
        END $$;
        """,
    ),
    (
        # Vectors kept in their rows (see ``_VECTOR_COLUMNS``); rows stored out of line before
        # are rewritten once (the table and its indexes, about 70 s per 100,000 chunks).
        "0012_vectors_inline",
        _vectors_inline(),
    ),
    (
        # Derived work that survives a crash (``lembrar.model.derived``). An add writes a marker
        # per step its episodes still owe in its own transaction; each step clears them in its
        # write. Deleting or editing an episode marks the entities it mentioned (and the user's
        # timeline, '') stale in that transaction: their names, aliases and facts are recomputed
        # from the evidence that remains, so nothing the episode taught outlives it.
        "0013_derived_work",
        """
        CREATE TABLE derived_pending (
            tenant_id text NOT NULL, user_id text NOT NULL, episode_id text NOT NULL,
            step text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (tenant_id, episode_id, step),
            FOREIGN KEY (tenant_id, episode_id) REFERENCES episodes (tenant_id, id) ON DELETE CASCADE
        );
        CREATE INDEX derived_pending_by_age ON derived_pending (tenant_id, created_at);
        CREATE TABLE graph_stale (
            tenant_id text NOT NULL, user_id text NOT NULL, entity_id text NOT NULL,
            PRIMARY KEY (tenant_id, user_id, entity_id),
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        CREATE FUNCTION graph_episode_stale() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            episode episodes;
        BEGIN
            IF TG_OP = 'DELETE' THEN episode := old; ELSE episode := new; END IF;
            IF NOT EXISTS (SELECT 1 FROM graph_mentions
                           WHERE tenant_id = episode.tenant_id AND episode_id = episode.id)
               AND NOT EXISTS (SELECT 1 FROM graph_fact_sources
                               WHERE tenant_id = episode.tenant_id AND episode_id = episode.id) THEN
                RETURN episode;
            END IF;
            INSERT INTO graph_stale (tenant_id, user_id, entity_id)
                SELECT episode.tenant_id, episode.user_id, m.entity_id FROM graph_mentions m
                JOIN graph_entities e ON e.tenant_id = m.tenant_id AND e.id = m.entity_id
                WHERE m.tenant_id = episode.tenant_id AND m.episode_id = episode.id AND e.type <> 'user'
                UNION SELECT episode.tenant_id, episode.user_id, ''
                ON CONFLICT DO NOTHING;
            RETURN episode;
        END $$;
        CREATE TRIGGER graph_episode_forgotten BEFORE DELETE ON episodes
            FOR EACH ROW EXECUTE FUNCTION graph_episode_stale();
        CREATE TRIGGER graph_episode_rewritten AFTER UPDATE OF content ON episodes
            FOR EACH ROW EXECUTE FUNCTION graph_episode_stale();
        """,
    ),
)

_MIGRATIONS_TABLE = (
    "CREATE TABLE IF NOT EXISTS migrations"
    " (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
)


def applied(conn: Any) -> set[str]:
    """Names of the migrations this database already has."""
    if conn.execute("SELECT to_regclass('migrations')").fetchone()[0] is None:
        return set()
    return {name for (name,) in conn.execute("SELECT name FROM migrations")}


def migrate(conn: Any) -> list[str]:
    """Apply the migrations this database lacks, each in its own locked transaction; return their names.

    ``conn`` is an autocommit psycopg connection.
    """
    done = applied(conn)
    names = []
    for name, sql in MIGRATIONS:
        if name in done:
            continue
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
            conn.execute(_MIGRATIONS_TABLE)
            if conn.execute("SELECT 1 FROM migrations WHERE name = %s", (name,)).fetchone():
                continue
            conn.execute(sql)
            conn.execute("INSERT INTO migrations (name) VALUES (%s)", (name,))
            names.append(name)
    return names


def column_dimension(conn: Any) -> int | None:
    """The dimension of ``chunks.embedding``, or None while it is still unconstrained."""
    row = conn.execute(
        "SELECT atttypmod FROM pg_attribute WHERE attrelid = 'chunks'::regclass AND attname = 'embedding'"
    ).fetchone()
    return row[0] if row and row[0] > 0 else None


def fix_dimension(conn: Any, dimension: int) -> None:
    """Constrain ``chunks.embedding`` to ``vector(dimension)`` and index it, once per database."""
    if not isinstance(dimension, int) or dimension < 1:
        raise ConfigurationError(f"embedding: invalid dimension {dimension!r}")
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
        current = column_dimension(conn)
        if current == dimension:
            return
        if current is not None:
            raise ConfigurationError(
                f"embedding: this database stores {current}-dimensional vectors, not {dimension}; use a new database"
            )
        conn.execute(f"ALTER TABLE chunks ALTER COLUMN embedding TYPE vector({dimension:d})")
        # a new type brings the type's storage back: the vectors stay in their rows
        conn.execute("ALTER TABLE chunks ALTER COLUMN embedding SET STORAGE MAIN")
        if dimension <= HNSW_MAX_DIMENSIONS:
            conn.execute(
                "CREATE INDEX IF NOT EXISTS chunks_by_embedding ON chunks"
                f" USING hnsw (embedding vector_ip_ops) WITH ({HNSW_BUILD})"
            )
