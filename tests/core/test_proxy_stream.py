"""The proxy reads a streamed reply's text from its events however the bytes are split."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from lembrar.proxy import StreamText


def events(pieces: list[str]) -> bytes:
    chunks = [{"choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}}]}]
    chunks += [{"choices": [{"index": 0, "delta": {"content": p}}]} for p in pieces]
    chunks += [{"choices": [{"index": 1, "delta": {"content": "other choice"}}]}]
    chunks += [{"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}]
    body = (
        "".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + ": keep-alive\n\ndata: [DONE]\n\n"
    )
    return body.encode()


@given(st.lists(st.text(min_size=1, max_size=12), max_size=8), st.lists(st.integers(1, 40)))
def test_any_split_of_the_bytes_gives_the_same_text(pieces, cuts):
    raw, text, at = events(pieces), StreamText(), 0
    for size in cuts:
        text.feed(raw[at : at + size])
        at += size
    text.feed(raw[at:])
    assert text.text == "".join(pieces) and text.done and text.ended


def test_a_stream_cut_short_is_not_done():
    raw = events(["Hel", "lo"])
    text = StreamText()
    text.feed(raw[: raw.index(b"finish_reason")])
    assert text.text == "Hello" and not text.done and not text.ended
