"""The PostgreSQL + pgvector store (the ``[postgres]`` extra: psycopg 3 and psycopg_pool)."""

from lembrar.store.postgres.store import PostgresStore

__all__ = ["PostgresStore"]
