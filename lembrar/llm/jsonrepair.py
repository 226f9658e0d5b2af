"""Recover the JSON value in a model's reply: pure functions, no I/O.

Repairs what models commonly get wrong: code fences, prose around the value, single-quoted
strings, trailing commas, Python literals (``True``/``None``), bare keys, raw newlines in
strings, and a reply cut off before its closing brackets. It cannot repair what it would have
to guess (an unescaped quote inside a string, a missing value in the middle).
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["repair_json"]

_FENCE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n?(.*?)(?:```|$)", re.DOTALL)
_LITERALS = {"True": "true", "False": "false", "None": "null"}
_CLOSERS = {"{": "}", "[": "]"}
_MAX_CUTS = 32


def repair_json(text: str) -> Any:
    """The JSON value in ``text``, repaired if need be; ValueError when none can be recovered."""
    candidate = _extract(_unfence(text))
    try:
        return json.loads(candidate)
    except json.JSONDecodeError:
        pass
    normal = _normalize(candidate)
    for prefix in _prefixes(normal):
        try:
            return json.loads(_close(prefix))
        except json.JSONDecodeError:
            continue
    raise ValueError(f"no valid JSON could be recovered from the reply: {text[:200]!r}")


def _unfence(text: str) -> str:
    match = _FENCE.search(text)
    return match.group(1) if match else text


def _extract(text: str) -> str:
    """From the first bracket to the one that closes it (or to the end, if it never closes)."""
    start = min((i for i in (text.find("{"), text.find("[")) if i >= 0), default=-1)
    if start < 0:
        raise ValueError(f"the reply holds no JSON object: {text[:200]!r}")
    depth, quote, escaped = 0, "", False
    for i in range(start, len(text)):
        char = text[i]
        if quote:
            quote, escaped = _in_string(char, quote, escaped)
            continue
        if char in "\"'":
            quote = char
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return text[start : i + 1]
    return text[start:]


def _normalize(text: str) -> str:
    """Rewrite strings, literals and bare keys as JSON; fix mismatched and trailing closers."""
    out: list[str] = []
    stack: list[str] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char in "\"'":
            literal, i = _read_string(text, i)
            out.append(literal)
            continue
        if char.isalpha() or char == "_":
            word, i = _read_word(text, i)
            out.append(_word(word, text, i))
            continue
        if char in "{[":
            stack.append(_CLOSERS[char])
        elif char in "}]":
            _close_to(out, stack, char)
            i += 1
            continue
        out.append(char)
        i += 1
    return "".join(out)


def _read_string(text: str, start: int) -> tuple[str, int]:
    """The string opened at ``start`` as a JSON literal, closed if the text ends inside it."""
    quote, body, i = text[start], [], start + 1
    while i < len(text):
        char = text[i]
        if char == "\\":
            nxt = text[i + 1 : i + 2]
            body.append("'" if nxt == "'" else char + nxt if nxt else "")
            i += 2
            continue
        if char == quote:
            return '"' + "".join(body) + '"', i + 1
        body.append({'"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char, char))
        i += 1
    return '"' + "".join(body) + '"', i


def _read_word(text: str, start: int) -> tuple[str, int]:
    i = start
    while i < len(text) and (text[i].isalnum() or text[i] in "_-"):
        i += 1
    return text[start:i], i


def _word(word: str, text: str, end: int) -> str:
    """A bare word: a Python literal, a key to quote (``{name: 1}``), or left as it is."""
    if word in _LITERALS:
        return _LITERALS[word]
    if text[end:].lstrip().startswith(":"):
        return json.dumps(word)
    return word


def _close_to(out: list[str], stack: list[str], closer: str) -> None:
    """Append ``closer``, first closing what it skips over and dropping a trailing comma."""
    if closer not in stack:
        return
    while stack:
        _drop_trailing_comma(out)
        expected = stack.pop()
        out.append(expected)
        if expected == closer:
            return


def _drop_trailing_comma(out: list[str]) -> None:
    while out and out[-1].isspace():
        out.pop()
    if out and out[-1] == ",":
        out.pop()


def _prefixes(text: str) -> list[str]:
    """``text``, then ``text`` cut before each of its last top-level-or-nested commas."""
    commas = [i for i, char in _outside_strings(text) if char == ","]
    return [text] + [text[:i] for i in reversed(commas[-_MAX_CUTS:])]


def _outside_strings(text: str) -> list[tuple[int, str]]:
    """The characters of normalized ``text`` that are not inside a string, with their index."""
    found: list[tuple[int, str]] = []
    quote, escaped = "", False
    for i, char in enumerate(text):
        if quote:
            quote, escaped = _in_string(char, quote, escaped)
        elif char == '"':
            quote = char
        else:
            found.append((i, char))
    return found


def _in_string(char: str, quote: str, escaped: bool) -> tuple[str, bool]:
    """One step inside a string: the quote still open ("" once closed) and the escape state."""
    if escaped:
        return quote, False
    if char == "\\":
        return quote, True
    return ("" if char == quote else quote), False


def _close(text: str) -> str:
    """Close the brackets still open at the end of normalized ``text``."""
    body = text.rstrip().rstrip(",").rstrip()
    if body.endswith(":"):
        body += " null"
    stack: list[str] = []
    for _, char in _outside_strings(body):
        if char in "{[":
            stack.append(_CLOSERS[char])
        elif char in "}]" and stack:
            stack.pop()
    return body + "".join(reversed(stack))
