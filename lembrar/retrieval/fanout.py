"""A search's independent store calls, run at once where the store answers them in parallel.

A server store (PostgreSQL) answers each call in a backend process of its own, so the dense,
keyword and time-window searches of one query can run side by side on its connections, and the
keyword search can start before the query is embedded (``Ahead``); an in-process store (SQLite)
answers them one after another (``Store.concurrent_reads`` is 1).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor, wait
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")

_WORKERS = 8  # threads shared by every search of the process; calls past them wait their turn
_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def run_all(calls: Mapping[K, Callable[[], T]], at_once: int) -> dict[K, T]:
    """Each call's result, by key. With ``at_once`` > 1, up to that many run side by side: all
    but the last go to the shared threads and the caller's thread runs the last. Every call has
    ended when this returns or raises (the first failure, in the calls' order)."""
    items = list(calls.items())
    if at_once <= 1 or len(items) <= 1:
        return {key: call() for key, call in items}
    out: dict[K, T] = {}
    for start in range(0, len(items), at_once):
        out.update(_run_batch(items[start : start + at_once]))
    return out


def _run_batch(items: list[tuple[K, Callable[[], T]]]) -> dict[K, T]:
    *others, (last_key, last) = items
    futures = {key: _shared().submit(call) for key, call in others}
    mine: Future[T] = Future()
    try:
        mine.set_result(last())
    except BaseException as exc:  # raised once the others have ended too
        mine.set_exception(exc)
    futures[last_key] = mine
    wait(futures.values())
    for key, _ in items:
        failure = futures[key].exception()
        if failure is not None:
            raise failure
    return {key: futures[key].result() for key, _ in items}


class Ahead(Generic[T]):
    """A call started at once on the shared threads where ``at_once`` > 1, its result taken
    later; with ``at_once`` <= 1 it runs when its result is asked for."""

    def __init__(self, call: Callable[[], T], at_once: int) -> None:
        self._call = call
        self._future = _shared().submit(call) if at_once > 1 else None

    def result(self) -> T:
        return self._call() if self._future is None else self._future.result()

    def wait(self) -> None:
        """Until the call has ended, whatever its outcome."""
        if self._future is not None:
            wait([self._future])


@contextmanager
def ended(ahead: Ahead[Any] | None) -> Iterator[None]:
    """A block after which ``ahead`` has ended, even when the block raises."""
    try:
        yield
    finally:
        if ahead is not None:
            ahead.wait()


def _shared() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(_WORKERS, thread_name_prefix="lembrar-search")
        return _pool
