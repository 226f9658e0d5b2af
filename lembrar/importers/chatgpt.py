"""ChatGPT's data export: ``conversations.json``, alone or in the zip as downloaded.

A conversation holds ``title``, ``create_time`` and ``update_time`` (Unix seconds) and a tree of
messages, ``mapping``: nodes ``{id, message, parent, children}``. Editing a message or
regenerating an answer adds a sibling branch; ``current_node`` is the leaf of the conversation
as it ended. Only that path is imported, walked from ``current_node`` up through the parents
(without ``current_node``, the path that takes the last child at every branch).

What is kept of each message on the path (``docs/import.md`` says the same for users):

- ``user`` and ``assistant`` messages; ``system`` messages (the hidden default prompt and the
  custom instructions), ``tool`` messages (code output, browsing results, generated images,
  memory updates) and any other role are skipped;
- messages marked ``is_visually_hidden_from_conversation`` or ``is_user_system_message`` are
  skipped;
- ``text`` content as it is; ``multimodal_text`` as its text parts and voice transcriptions,
  an image as ``[image]``; ``code`` as a fenced block in its language (the code the assistant
  ran or drafted); every other content type (reasoning, browsing displays, quotes, executed
  output) is skipped;
- an assistant message addressed to a tool (``recipient`` other than ``all``) is kept only when
  it is code;
- each file in ``metadata.attachments`` becomes a line ``[attached file: NAME]`` (an uploaded
  image listed there is named once, not also as ``[image]``);
- a message left without text is skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lembrar.importers.chat_exports import (
    IMAGE,
    ChatConversation,
    ChatMessage,
    epoch_time,
    malformed,
    member,
    message_text,
    read_export,
)
from lembrar.model.inputs import EpisodeIn

FORMAT = "chatgpt"
ROLES = ("user", "assistant")
KEPT_CONTENT = ("text", "multimodal_text", "code")


def read_chatgpt(
    path: str | Path, user_id: str | None = None, limit: int | None = None
) -> Iterator[EpisodeIn]:
    """The messages of the first ``limit`` conversations, each conversation one session."""
    return read_export(
        path,
        user_id,
        limit,
        fmt=FORMAT,
        service="ChatGPT",
        parse=parse_conversation,
        time_field="create_time",
    )


def parse_conversation(record: Any, number: int) -> ChatConversation:
    """One conversation of the export; ``number`` is its 1-based position, used in errors."""
    if not isinstance(record, dict):
        raise malformed(number, "conversation", f"expected an object, got {type(record).__name__}")
    if "mapping" not in record and "chat_messages" in record:
        raise malformed(
            number, "mapping", "missing; this looks like a Claude export: use --format claude"
        )
    mapping = member(record, "mapping", dict, number, "")
    conversation_id = _conversation_id(record, number)
    title = record.get("title")
    path = final_path(mapping, record.get("current_node"), number)
    messages = (_message(node_id, mapping[node_id], number) for node_id in path)
    started = epoch_time(record.get("create_time"), number, "create_time") or epoch_time(
        record.get("update_time"), number, "update_time"
    )
    return ChatConversation(
        conversation_id,
        title if isinstance(title, str) and title.strip() else None,
        started,
        tuple(m for m in messages if m is not None),
    )


def _conversation_id(record: dict[str, Any], number: int) -> str:
    value = record.get("conversation_id") or record.get("id")
    if not isinstance(value, str) or not value:
        raise malformed(number, "id", "missing; a conversation needs its id")
    return value


def final_path(mapping: dict[str, Any], current: Any, number: int) -> list[str]:
    """The node ids from the root to ``current`` (or to the latest leaf when it is absent)."""
    if current is None:
        current = _latest_leaf(mapping)
    elif not isinstance(current, str) or current not in mapping:
        raise malformed(
            number, "current_node", f"{current!r} is not a node of the conversation's mapping"
        )
    path: list[str] = []
    seen: set[str] = set()
    node_id = current
    while node_id is not None:
        if node_id in seen:
            raise malformed(number, f"mapping[{node_id!r}]", "the node is its own ancestor")
        node = mapping.get(node_id)
        if not isinstance(node, dict):
            child = f"the parent of {path[-1]!r}" if path else "current_node"
            raise malformed(number, f"mapping[{node_id!r}]", f"missing or not an object ({child})")
        seen.add(node_id)
        path.append(node_id)
        node_id = node.get("parent")
        if node_id is not None and not isinstance(node_id, str):
            raise malformed(number, f"mapping[{path[-1]!r}].parent", "expected a node id or null")
    return path[::-1]


def _latest_leaf(mapping: dict[str, Any]) -> str | None:
    """From the first root, the last child at every branch: the latest edit or regeneration."""
    roots = [k for k, n in mapping.items() if isinstance(n, dict) and n.get("parent") is None]
    node_id = roots[0] if roots else None
    for _ in range(len(mapping)):
        node = mapping.get(node_id) if node_id is not None else None
        children = node.get("children") if isinstance(node, dict) else None
        known = [c for c in children or [] if isinstance(c, str) and c in mapping]
        if not known:
            break
        node_id = known[-1]
    return node_id


def _message(node_id: str, node: dict[str, Any], number: int) -> ChatMessage | None:
    """The message of one node, or ``None`` when it is not part of what is imported."""
    message = node.get("message")
    if message is None:
        return None
    where = f"mapping[{node_id!r}].message"
    author = member(message, "author", dict, number, where)
    role = member(author, "role", str, number, f"{where}.author")
    metadata = message.get("metadata") or {}
    if not isinstance(metadata, dict):
        raise malformed(number, f"{where}.metadata", "expected an object")
    if role not in ROLES or _hidden(metadata):
        return None
    content = member(message, "content", dict, number, where)
    kind = member(content, "content_type", str, number, f"{where}.content")
    if kind not in KEPT_CONTENT or (_to_tool(message) and kind != "code"):
        return None
    names, ids = _attachments(metadata, number, where)
    text = message_text(_pieces(content, kind, ids, number, where), names)
    if not text:
        return None
    at = epoch_time(message.get("create_time"), number, f"{where}.create_time")
    model = metadata.get("model_slug")
    return ChatMessage(
        node_id, role, text, at, names, model if isinstance(model, str) and model else None
    )


def _hidden(metadata: dict[str, Any]) -> bool:
    return bool(
        metadata.get("is_visually_hidden_from_conversation")
        or metadata.get("is_user_system_message")
    )


def _to_tool(message: dict[str, Any]) -> bool:
    return message.get("recipient") not in (None, "all")


def _pieces(
    content: dict[str, Any], kind: str, attached: frozenset[str], number: int, where: str
) -> list[str]:
    if kind == "code":
        return [_code(content, number, where)]
    parts = content.get("parts") or []
    if not isinstance(parts, list):
        raise malformed(number, f"{where}.content.parts", "expected a list")
    return [piece for part in parts if (piece := _part_text(part, attached))]


def _part_text(part: Any, attached: frozenset[str]) -> str:
    """A part's text: a string as it is, a voice transcription's text, an image's placeholder
    (unless it is a file named in the attachments); other parts have none."""
    if isinstance(part, str):
        return part
    if not isinstance(part, dict):
        return ""
    kind = part.get("content_type")
    if kind == "audio_transcription":
        text = part.get("text")
        return text if isinstance(text, str) else ""
    if kind == "image_asset_pointer":
        pointer = str(part.get("asset_pointer") or "")
        return "" if pointer.rsplit("/", 1)[-1] in attached else IMAGE
    return ""


def _code(content: dict[str, Any], number: int, where: str) -> str:
    text = content.get("text")
    if not isinstance(text, str):
        raise malformed(number, f"{where}.content.text", "expected the code as a string")
    language = content.get("language")
    fence = language if isinstance(language, str) and language != "unknown" else ""
    return f"```{fence}\n{text.strip()}\n```" if text.strip() else ""


def _attachments(
    metadata: dict[str, Any], number: int, where: str
) -> tuple[tuple[str, ...], frozenset[str]]:
    """The names of the files attached to a message, and their ids."""
    items = metadata.get("attachments") or []
    if not isinstance(items, list):
        raise malformed(number, f"{where}.metadata.attachments", "expected a list")
    files = [item for item in items if isinstance(item, dict)]
    names = tuple(str(item.get("name") or "") for item in files)
    return names, frozenset(str(item["id"]) for item in files if item.get("id"))
