"""Claude's data export: ``conversations.json``, alone or in the zip as downloaded.

A conversation holds ``uuid``, ``name`` (its title), ``created_at`` and ``updated_at`` (ISO 8601)
and ``chat_messages``: ``{uuid, sender, text, content, created_at, attachments, files}``, where
``sender`` is ``human`` or ``assistant`` and ``content`` is a list of blocks (``text``,
``thinking``, ``tool_use``, ``tool_result``, ...).

The messages are the conversation as it ended: when the export records the tree (a
``current_leaf_message_uuid`` and each message's ``parent_message_uuid``), the path from that
leaf up through the parents, so answers regenerated and messages edited away are left out;
otherwise the messages in the order given.

What is kept of each message (``docs/import.md`` says the same for users):

- ``human`` messages (role ``user``) and ``assistant`` messages; any other sender is skipped;
- the text blocks of ``content`` (the ``text`` field when there is no ``content``); thinking,
  tool calls and tool results are skipped;
- each file in ``attachments`` and ``files`` becomes a line ``[attached file: NAME]``; the text
  extracted from an attachment is not imported;
- a message left without text is skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lembrar.importers.chat_exports import (
    ChatConversation,
    ChatMessage,
    iso_time,
    malformed,
    member,
    message_text,
    read_export,
)
from lembrar.model.inputs import EpisodeIn

FORMAT = "claude"
ROLES = {"human": "user", "assistant": "assistant"}


def read_claude(
    path: str | Path, user_id: str | None = None, limit: int | None = None
) -> Iterator[EpisodeIn]:
    """The messages of the first ``limit`` conversations, each conversation one session."""
    return read_export(
        path,
        user_id,
        limit,
        fmt=FORMAT,
        service="Claude",
        parse=parse_conversation,
        time_field="created_at",
    )


def parse_conversation(record: Any, number: int) -> ChatConversation:
    """One conversation of the export; ``number`` is its 1-based position, used in errors."""
    if not isinstance(record, dict):
        raise malformed(number, "conversation", f"expected an object, got {type(record).__name__}")
    if "chat_messages" not in record and "mapping" in record:
        raise malformed(
            number,
            "chat_messages",
            "missing; this looks like a ChatGPT export: use --format chatgpt",
        )
    conversation_id = member(record, "uuid", str, number, "")
    items = member(record, "chat_messages", list, number, "")
    title = record.get("name")
    started = iso_time(record.get("created_at"), number, "created_at") or iso_time(
        record.get("updated_at"), number, "updated_at"
    )
    path = final_path(items, record.get("current_leaf_message_uuid"), number)
    messages = (_message(position, item, number) for position, item in path)
    return ChatConversation(
        conversation_id,
        title if isinstance(title, str) and title.strip() else None,
        started,
        tuple(m for m in messages if m is not None),
    )


def final_path(items: list[Any], leaf: Any, number: int) -> list[tuple[int, Any]]:
    """(position, message) pairs of the conversation as it ended."""
    numbered = list(enumerate(items))
    by_uuid = {item.get("uuid"): (i, item) for i, item in numbered if isinstance(item, dict)}
    if not isinstance(leaf, str) or leaf not in by_uuid:
        return numbered
    path: list[tuple[int, Any]] = []
    seen: set[str] = set()
    current: Any = leaf
    while isinstance(current, str) and current in by_uuid:
        if current in seen:
            raise malformed(
                number, "parent_message_uuid", f"message {current!r} is its own ancestor"
            )
        seen.add(current)
        path.append(by_uuid[current])
        current = by_uuid[current][1].get("parent_message_uuid")
    return path[::-1]


def _message(position: int, item: Any, number: int) -> ChatMessage | None:
    """One message, or ``None`` when it is not part of what is imported."""
    where = f"chat_messages[{position}]"
    message_id = member(item, "uuid", str, number, where)
    sender = member(item, "sender", str, number, where)
    if sender not in ROLES:
        return None
    names = _attachments(item, number, where)
    text = message_text(_pieces(item, number, where), names)
    if not text:
        return None
    at = iso_time(item.get("created_at"), number, f"{where}.created_at")
    return ChatMessage(message_id, ROLES[sender], text, at, names)


def _pieces(item: dict[str, Any], number: int, where: str) -> list[str]:
    """The text blocks of ``content``; the ``text`` field when there is no content."""
    blocks = item.get("content")
    if blocks:
        if not isinstance(blocks, list):
            raise malformed(number, f"{where}.content", "expected a list of blocks")
        return [
            block["text"]
            for block in blocks
            if isinstance(block, dict)
            and block.get("type") == "text"
            and isinstance(block.get("text"), str)
        ]
    text = item.get("text")
    if text is not None and not isinstance(text, str):
        raise malformed(number, f"{where}.text", "expected a string")
    return [text] if text else []


def _attachments(item: dict[str, Any], number: int, where: str) -> tuple[str, ...]:
    """The names of the files attached to a message, each once."""
    names: list[str] = []
    for key in ("attachments", "files"):
        files = item.get(key) or []
        if not isinstance(files, list):
            raise malformed(number, f"{where}.{key}", "expected a list")
        names += [str(f.get("file_name") or "") for f in files if isinstance(f, dict)]
    return tuple(dict.fromkeys(names))
