"""Index builds that searches do not wait for.

A large scope's approximate index or word index may need most of its rows taken in (the first
search of a process over a scope with no index file, or one far behind the rows). That takes
minutes at a million rows, so it runs in a background thread while searches are answered
exactly (numpy over the scope's vectors, FTS5); the index is used once it is published. A build
works on its own copy and publishes through ``finish``, which refuses a build that was
cancelled meanwhile (the scope deleted, rows forgotten), so a published index never holds what
was forgotten after its build began.
"""

from __future__ import annotations

import threading
import time
import warnings
from collections.abc import Callable, Hashable

INLINE_LIMIT = 5_000  # rows an index takes in while a search waits; more: in the background


class Builds:
    """The background builds of one SQLite file's indexes, at most one per key."""

    def __init__(self, inline_limit: int = INLINE_LIMIT) -> None:
        self.inline_limit = inline_limit
        self._running: dict[Hashable, object] = {}
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()

    def running(self, key: Hashable) -> bool:
        with self._lock:
            return key in self._running

    def start(self, key: Hashable, work: Callable[[object], None]) -> None:
        """Run ``work(token)`` in a daemon thread unless a build of ``key`` is running; ``work``
        ends by calling ``finish(key, token, publish)``."""
        with self._lock:
            if key in self._running:
                return
            token = self._running[key] = object()
            thread = threading.Thread(
                target=self._run, args=(key, token, work), name="lembrar-index", daemon=True
            )
            self._threads = [t for t in self._threads if t.is_alive()] + [thread]
        thread.start()

    def _run(self, key: Hashable, token: object, work: Callable[[object], None]) -> None:
        try:
            work(token)
        except Exception as exc:  # a failed build leaves exact search answering
            message = f"an index build failed, searches stay exact: {exc}"
            warnings.warn(message, RuntimeWarning, stacklevel=1)
        finally:
            with self._lock:
                if self._running.get(key) is token:
                    del self._running[key]

    def finish(self, key: Hashable, token: object, publish: Callable[[], None]) -> bool:
        """Publish a build unless it was cancelled; True when published."""
        with self._lock:
            if self._running.get(key) is not token:
                return False
            publish()
            del self._running[key]
            return True

    def cancel(self, key: Hashable) -> None:
        """What a running build of ``key`` made is thrown away (it may start again later)."""
        with self._lock:
            self._running.pop(key, None)

    def cancel_all(self) -> None:
        with self._lock:
            self._running.clear()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the running builds; True when none is left."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            with self._lock:
                threads = [t for t in self._threads if t.is_alive()]
            if not threads:
                return True
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return False
            threads[0].join(left)
