"""docs/api.md: every endpoint is listed, and the walkthrough's commands run as written."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from lembrar.api import create_app
from lembrar.embed.hashing import HashingEmbedder

pytestmark = pytest.mark.server
DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def test_every_endpoint_is_documented(live, client):
    text = DOC.read_text()
    paths = client(live.url, None).get("/openapi.json").json()["paths"]
    for path, operations in paths.items():
        for method in operations:
            assert f"`{method.upper()} {path}`" in text, (
                f"{method.upper()} {path} is missing from docs/api.md"
            )


@pytest.mark.skipif(not (shutil.which("curl") and shutil.which("jq")), reason="needs curl and jq")
def test_the_walkthrough_runs_as_written(tmp_path, serve):
    script = "\n".join(re.findall(r"```bash\n(.*?)```", DOC.read_text(), flags=re.S))
    app = create_app(str(tmp_path / "m.db"), admin_key="doc-admin", embedder=HashingEmbedder())
    with serve(app) as url:
        done = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", script],
            env={"PATH": "/usr/bin:/bin", "BASE": url, "ADMIN": "doc-admin"},
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert done.returncode == 0, done.stderr + done.stdout
    out = done.stdout
    assert (
        "feijoada" in out
        and "sometime in May" in out
        and '"granularity": "week"' in out
        and "21 km" in out
    )
    assert (
        '"field":"k"' in out
        and out.rstrip().endswith('"field":null}}')
        and "unknown or revoked" in out
    )
