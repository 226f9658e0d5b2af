"""A one-line progress bar on standard error, drawn only when it is a terminal."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

WIDTH = 30


@contextmanager
def progress_bar(stream: TextIO, label: str) -> Iterator[Callable[[int, int], None] | None]:
    """``update(done, total)`` for a terminal, ``None`` otherwise (pipes and files stay clean)."""
    if not stream.isatty():
        yield None
        return
    drawn = False

    def update(done: int, total: int) -> None:
        nonlocal drawn
        filled = WIDTH * done // max(total, 1)
        stream.write(f"\r{label} [{'#' * filled}{'.' * (WIDTH - filled)}] {done}/{total}")
        stream.flush()
        drawn = True

    try:
        yield update
    finally:
        if drawn:
            stream.write("\n")
            stream.flush()
