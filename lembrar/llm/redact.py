"""A model server's URL as it may be shown: never its credentials, and to tenants not at all.

An operator may put secrets in the base URL (``http://user:secret@host/v1``,
``...?api-key=...``). Logs and errors for the operator show :func:`redact_url`'s form (no
userinfo, query values masked); what a tenant of the HTTP API reads goes through
:func:`hide_url`, which names no upstream URL at all.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit, urlunsplit

__all__ = ["MASK", "UPSTREAM", "hide_url", "redact_text", "redact_url"]

MASK = "***"
UPSTREAM = "the model server"


def redact_url(url: str) -> str:
    """``url`` without its user and password, and with every query value masked."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = parts.port
    except ValueError:
        return MASK  # not a URL that can be taken apart: show none of it
    netloc = f"[{host}]" if ":" in host else host
    if port is not None:
        netloc += f":{port}"
    query = "&".join(f"{name}={MASK}" for name, _ in parse_qsl(parts.query, keep_blank_values=True))
    return urlunsplit((parts.scheme, netloc, parts.path, query, ""))


def redact_text(text: str, url: str) -> str:
    """``text`` (a message to log) with ``url`` in :func:`redact_url`'s form."""
    return text.replace(url, redact_url(url)) if url else text


def hide_url(text: str, url: str) -> str:
    """``text`` (an error's message) with ``url``, in any form shown, replaced by words."""
    shown = redact_url(url)
    forms = {url, url.rstrip("/"), url.split("?")[0], shown, shown.split("?")[0]}
    for form in sorted(forms - {"", MASK}, key=len, reverse=True):
        text = text.replace(form, UPSTREAM)
    return text
