"""A search's store calls run side by side where the store allows, one after another otherwise."""

from __future__ import annotations

import threading

import pytest

from lembrar.retrieval.fanout import Ahead, ended, run_all


def meeting(parties: int) -> threading.Barrier:
    """A barrier that calls pass only when ``parties`` of them wait on it at once."""
    return threading.Barrier(parties, timeout=5)


def test_calls_run_side_by_side_up_to_at_once():
    barrier = meeting(3)
    calls = {name: (lambda n=name: (barrier.wait(), n)[1]) for name in ("a", "b", "c")}
    assert run_all(calls, at_once=3) == {"a": "a", "b": "b", "c": "c"}


def test_one_at_a_time_never_overlaps():
    barrier = threading.Barrier(2, timeout=0.3)
    calls = {name: (lambda: barrier.wait()) for name in ("a", "b")}
    with pytest.raises(threading.BrokenBarrierError):
        run_all(calls, at_once=1)


def test_more_calls_than_at_once_go_in_turns_and_keep_their_order():
    running, most = 0, 0
    lock = threading.Lock()
    pairs = meeting(2)  # each turn's two calls meet; a third at once would be counted

    def call(n: int) -> int:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        pairs.wait()
        with lock:
            running -= 1
        return n * n

    result = run_all({n: (lambda n=n: call(n)) for n in range(6)}, at_once=2)
    assert list(result.items()) == [(n, n * n) for n in range(6)]
    assert most == 2


def test_a_failure_is_raised_once_every_call_has_ended():
    ended = threading.Event()

    def slow() -> str:
        ended.wait(0.2)
        ended.set()
        return "slow"

    def fails() -> str:
        raise ValueError("the second call failed")

    def also_fails() -> str:
        raise KeyError("the third call failed")

    with pytest.raises(ValueError, match="second call"):
        run_all({"slow": slow, "fails": fails, "also": also_fails}, at_once=3)
    assert ended.is_set()


def test_the_calling_thread_runs_one_call():
    seen: dict[str, int] = {}

    def record(name: str) -> None:
        seen[name] = threading.get_ident()

    run_all({"a": lambda: record("a"), "b": lambda: record("b")}, at_once=2)
    assert seen["b"] == threading.get_ident()
    assert seen["a"] != threading.get_ident()


def test_a_call_ahead_runs_beside_the_caller_where_calls_run_side_by_side():
    barrier = meeting(2)
    ahead = Ahead(lambda: (barrier.wait(), threading.get_ident())[1], at_once=2)
    barrier.wait()  # passes only while the call ahead waits too
    assert ahead.result() != threading.get_ident()


def test_a_call_ahead_runs_on_the_callers_thread_when_its_result_is_asked_for():
    ran: list[int] = []
    ahead = Ahead(lambda: ran.append(threading.get_ident()) or len(ran), at_once=1)
    assert ran == []
    assert ahead.result() == 1 and ran == [threading.get_ident()]


def test_a_block_that_raises_still_waits_for_the_call_ahead():
    finished = threading.Event()

    def slow() -> None:
        finished.wait(0.2)
        finished.set()

    ahead = Ahead(slow, at_once=2)
    with pytest.raises(RuntimeError), ended(ahead):
        raise RuntimeError("the embedder failed")
    assert finished.is_set()
