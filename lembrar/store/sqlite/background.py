"""Index builds that searches do not wait for.

A large scope's approximate index or word index may need most of its rows taken in (the first
search of a process over a scope with no index file, or one far behind the rows). That takes
minutes at a million rows, so it runs in a background thread while searches are answered
exactly (numpy over the scope's vectors, FTS5); the index is used once it is published. A build
works on its own copy and publishes through ``finish``, which refuses a build that was
cancelled meanwhile (the scope deleted, rows forgotten), so a published index never holds what
was forgotten after its build began.

A build takes its rows in by batches, each call into the index library inside ``native``, which
refuses to start one once the build is cancelled: a cancelled build ends within a batch.
Closing the store, and the interpreter's exit, cancel the builds and wait for the native calls
under way to return. A daemon thread still inside such a call when the interpreter shuts down
aborts the whole process as it takes the interpreter's lock back ("terminate called without an
active exception", exit 134); a build reading rows (SQLite, Python) is safe to leave.
"""

from __future__ import annotations

import atexit
import threading
import time
import warnings
import weakref
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager

INLINE_LIMIT = 5_000  # rows an index takes in while a search waits; more: in the background
STOP_WAIT = 30.0  # seconds a close or the interpreter's exit waits for native calls to return


class BuildStopped(Exception):
    """Raised inside a build that was cancelled, to end it between two batches."""


class Builds:
    """The background builds of one SQLite file's indexes, at most one per key."""

    def __init__(self, inline_limit: int = INLINE_LIMIT) -> None:
        self.inline_limit = inline_limit
        self._running: dict[Hashable, object] = {}
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()
        self._native = 0  # builds' calls into native code under way
        self._returned = threading.Condition(self._lock)
        self._closed = False
        _LIVE.add(self)

    def running(self, key: Hashable) -> bool:
        with self._lock:
            return key in self._running

    def start(self, key: Hashable, work: Callable[[object], None]) -> None:
        """Run ``work(token)`` in a daemon thread unless a build of ``key`` is running; ``work``
        ends by calling ``finish(key, token, publish)``, runs its calls into native code inside
        ``native(key, token)`` and may call ``check(key, token)`` between batches."""
        with self._lock:
            if key in self._running or self._closed:
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
        except BuildStopped:
            pass
        except Exception as exc:  # a failed build leaves exact search answering
            message = f"an index build failed, searches stay exact: {exc}"
            warnings.warn(message, RuntimeWarning, stacklevel=1)
        finally:
            with self._lock:
                if self._running.get(key) is token:
                    del self._running[key]

    def _cancelled(self, key: Hashable, token: object) -> bool:
        """Whether the build of ``key`` holding ``token`` was cancelled (the lock held)."""
        return self._closed or self._running.get(key) is not token

    def check(self, key: Hashable, token: object) -> None:
        """Raise ``BuildStopped`` in a build that was cancelled."""
        with self._lock:
            if self._cancelled(key, token):
                raise BuildStopped(key)

    @contextmanager
    def native(self, key: Hashable, token: object) -> Iterator[None]:
        """Around a build's call into native code: ``BuildStopped`` instead once the build was
        cancelled or the builds stopped; ``stop`` waits for the calls under way to return."""
        with self._lock:
            if self._cancelled(key, token):
                raise BuildStopped(key)
            self._native += 1
        try:
            yield
        finally:
            with self._lock:
                self._native -= 1
                self._returned.notify_all()

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

    def stop(self, timeout: float = STOP_WAIT) -> bool:
        """Cancel every build for good (none starts after) and wait for their native calls under
        way to return; True when none is left."""
        with self._lock:
            self._closed = True
            self._running.clear()
            return self._returned.wait_for(lambda: self._native == 0, timeout)

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


_LIVE: weakref.WeakSet[Builds] = weakref.WeakSet()


@atexit.register
def _stop_at_exit() -> None:
    """Before the interpreter shuts down, end the builds it would otherwise cut off mid-call."""
    for builds in list(_LIVE):
        builds.stop()
