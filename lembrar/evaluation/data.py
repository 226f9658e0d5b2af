"""Where the benchmark data sets are found when no ``--data`` is given.

The data are never shipped with lembrar. The root is ``$LEMBRAR_BENCH_DATA`` when set, else the
first ``shared/data`` folder found in the working directory or one of its parents.
"""

from __future__ import annotations

import os
from pathlib import Path

from lembrar.errors import ConfigurationError

FILES = {
    "longmemeval": "longmemeval/longmemeval_s_dev.json.gz",
    "locomo": "locomo/locomo_dev.json.gz",
    "dailydialog": "dailydialog/xdd_1k_dialogues_text_En.txt",
}


def data_root(start: Path | None = None) -> Path | None:
    if os.environ.get("LEMBRAR_BENCH_DATA"):
        return Path(os.environ["LEMBRAR_BENCH_DATA"])
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "shared" / "data").is_dir():
            return folder / "shared" / "data"
    return None


def data_file(kind: str, given: str | Path | None = None) -> Path:
    """``given`` if set, else the default file of data set ``kind``; an error names the fix."""
    if given:
        path = Path(given)
    else:
        root = data_root()
        if root is None:
            raise ConfigurationError(
                f"data: no {kind} file given; pass --data FILE or set LEMBRAR_BENCH_DATA"
            )
        path = root / FILES[kind]
    if not path.exists():
        raise ConfigurationError(f"data: {path} does not exist; pass --data FILE")
    return path
