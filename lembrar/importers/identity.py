"""Stable ids for imported records, so that importing a source again finds what is stored.

A record that carries an ``id`` keeps it. Otherwise the id is a digest of the record's own
identity: the source's ids where it has them (LoCoMo's ``dia_id``, LongMemEval's question and
turn, DailyDialog's dialogue number, all kept in ``metadata``), its owner, session, time, role,
speaker and text, and how many identical records came before it in the file (two "ok" turns of
one session are two episodes).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import replace
from datetime import date

from lembrar.errors import ImportFormatError
from lembrar.model.inputs import EpisodeIn

Numbered = list[tuple[int, EpisodeIn]]


def record_key(fmt: str, item: EpisodeIn) -> str:
    at = item.at.isoformat() if isinstance(item.at, date) else item.at
    fields = [
        fmt,
        item.user_id,
        item.session_id,
        at,
        item.role,
        item.speaker,
        item.content,
        item.record,
        item.metadata,
    ]
    return json.dumps(fields, sort_keys=True, ensure_ascii=False, default=str)


def stable_ids(fmt: str, numbered: Numbered) -> Numbered:
    """Each record with its id: its own, or one derived from ``record_key``; ids given twice in
    one file are refused, naming both lines."""
    seen_keys: Counter[str] = Counter()
    lines: dict[tuple[str, str], int] = {}
    out: Numbered = []
    for line, item in numbered:
        if item.id is None:
            key = record_key(fmt, item)
            digest = hashlib.sha256(f"{key}\x00{seen_keys[key]}".encode("utf-8", "surrogatepass"))
            seen_keys[key] += 1
            item = replace(item, id="imp-" + digest.hexdigest()[:28])
        owner = (item.user_id, item.id) if isinstance(item.id, str) else None
        if owner is not None and owner in lines:
            raise ImportFormatError(
                line,
                "id",
                f"id {item.id!r} is also on line {lines[owner]}; ids must be unique within a file",
            )
        if owner is not None:
            lines[owner] = line
        out.append((line, item))
    return out
