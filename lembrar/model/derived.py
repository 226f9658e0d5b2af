"""Derived work an episode still owes: what is written after the episode's own transaction.

An add stores its episodes in one transaction, and with them a marker per derived step that
follows (``GRAPH``: extraction into the knowledge graph; ``CAPTURE``: the "remember that …"
requests saved as memories). A step clears its markers when its own write commits; a marker
left by a process that stopped in between is finished by the next one that opens the store.
"""

from __future__ import annotations

from dataclasses import dataclass

GRAPH = "graph"
CAPTURE = "capture"
STEPS: tuple[str, ...] = (GRAPH, CAPTURE)

STALE_TIMELINE = ""
"""The stale mark that asks for a user's fact timeline to be redrawn (no entity of its own)."""


@dataclass(frozen=True)
class PendingWork:
    """One derived step an episode still owes."""

    user_id: str
    episode_id: str
    step: str
