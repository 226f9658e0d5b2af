"""Derived data on both stores: what an add writes after its episodes (the graph, the saved
memories) survives a kill at every step between those writes, and what a forgotten or edited
episode taught the graph (a name, an alias, a merge, the facts naming them) is recomputed from
the evidence that remains."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from fault_workers import DERIVE_STEPS, FORGET_TURN, NAME, add_turns

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.store import open_store

SUPPORT = Path(__file__).parents[1] / "support"
TOKEN = NAME
USER = "ana"


def _open(backend, tenant: str | None = None) -> Memory:
    return Memory(backend.target, embedder=HashingEmbedder(), tenant=tenant or backend.tenant)


def _derived(memory: Memory) -> dict[str, list[str]]:
    """The user's graph and saved memories, as text to compare."""
    return {
        "entities": sorted(f"{e.name} {sorted(e.aliases)}" for e in memory.graph.entities(USER)),
        "facts": sorted(f.text for f in memory.graph.facts(USER)),
        "saved": sorted(m.text for m in memory.saved.list(USER)),
        "pending": sorted(p.text for p in memory.saved.pending(USER)),
    }


def _stopped(backend, tenant: str, step: str) -> None:
    """Run the adder until it stops at ``step``, then SIGKILL it there."""
    proc = subprocess.Popen(
        [sys.executable, str(SUPPORT / "fault_workers.py"), "stopper"]
        + [backend.target, tenant, USER, step],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = proc.stdout.readline()
        assert json.loads(line or "{}") == {"stopped": step}, proc.stderr.read()
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        proc.stdout.close()
        proc.stderr.close()


@pytest.mark.parametrize("step", DERIVE_STEPS)
def test_an_add_killed_between_its_writes_is_finished_when_the_store_opens(backend, step):
    tenant = f"{backend.tenant}-{step}"
    reference = f"{backend.tenant}-{step}-whole"
    with _open(backend, reference) as memory:
        ids = add_turns(memory, USER)
        if step == "forget":
            memory.delete(ids[FORGET_TURN], USER)
        wanted = _derived(memory)
    assert wanted["saved"] == ["My dentist is Dr Costa", "My locker code is 4711"]
    assert any("Siemens" in f for f in wanted["facts"]) != (step == "forget")

    _stopped(backend, tenant, step)
    raw = open_store(backend.target, tenant)  # the store as the kill left it, nothing finished
    try:
        owed = {w.step for w in raw.pending_work()}
        stale = raw.graph_store().stale(USER)
    finally:
        raw.close()
    if step == "forget":
        assert stale and not owed
    else:
        assert owed == ({"graph", "capture"} if step == "graph" else {"capture"})

    with _open(backend, tenant) as memory:  # opening finishes what the kill left
        assert _derived(memory) == wanted
        assert memory.store.pending_work() == [] and memory.graph.store.stale(USER) == ()
        texts = " ".join(json.dumps(v) for v in _derived(memory).values())
        assert (TOKEN in texts) == (step != "forget")


@pytest.mark.parametrize("change", ["delete", "edit", "delete_session"])
def test_what_a_forgotten_turn_taught_the_graph_is_recomputed_from_what_remains(backend, change):
    """ "my sister Ana", then "my sister Ana Zorbalina7731 now works at …" merges the two and
    renames the entity; forgetting (or rewording) the second turn leaves "Ana" again, with the
    facts the first turn stated, and no row of the tenant names the token."""
    with _open(backend) as memory:
        ids = add_turns(memory, USER)
        taught = _derived(memory)
        assert any(TOKEN in e for e in taught["entities"]) and backend.rows_containing(TOKEN)
        if change == "delete":
            memory.delete(ids[FORGET_TURN], USER)
        elif change == "edit":
            memory.update(ids[FORGET_TURN], "My sister now works at Siemens.", USER)
        else:  # the name taught twice, once in a session forgotten whole
            late = {"role": "user", "content": f"My sister Ana {TOKEN} plays the cello."}
            memory.add(late, user_id=USER, session_id="late", at="2024-03-09T10:00:00+00:00")
            memory.delete(ids[FORGET_TURN], USER)
            assert any(TOKEN in e for e in _derived(memory)["entities"])
            assert memory.delete_all(USER, session_id="late") == 1
        left = _derived(memory)
        context = memory.context("where does my sister live and work?", user_id=USER).text
    assert any(e.startswith("Ana [") for e in left["entities"]), left
    assert "Ana lives in Lisbon" in left["facts"]
    assert TOKEN not in json.dumps(left) and TOKEN not in context
    kept = ["episode_history"] if change == "edit" else []  # an edit keeps the old wording there
    assert backend.rows_containing(TOKEN) == kept
    assert ("Ana works at Siemens" in left["facts"]) == (change == "edit")
