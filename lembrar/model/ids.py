"""The rules for user ids, the same on every store.

A user id is compared in Unicode NFC form (``"Jose\\u0301"`` and ``"José"`` are one user) and,
once normalized, has 1 to ``MAX_USER_ID`` characters, at least one of them neither a dot nor
white space (so not ``"."``, ``".."`` or blank), and no control characters, ``/`` or ``\\``
(ids travel in URL paths and file names). ``USER_ID_PATTERN`` says the same for OpenAPI.
"""

from __future__ import annotations

import re
import unicodedata

from lembrar.errors import ValidationError

MAX_USER_ID = 256
_FORBIDDEN = "\\x00-\\x1f\\x7f-\\x9f/\\\\"
USER_ID_PATTERN = f"^[^{_FORBIDDEN}]*[^{_FORBIDDEN}.\\s][^{_FORBIDDEN}]*$"
_VALID = re.compile(USER_ID_PATTERN)


def user_key(value: object, field: str = "user_id") -> str:
    """``value`` as a stored user id (NFC), or a ``ValidationError`` saying which rule it breaks."""
    if not isinstance(value, str):
        raise ValidationError(field, f"must be a string, got {type(value).__name__}")
    text = unicodedata.normalize("NFC", value)
    if not text.strip():
        raise ValidationError(field, "must not be empty")
    if len(text) > MAX_USER_ID:
        raise ValidationError(field, f"has {len(text)} characters; use at most {MAX_USER_ID}")
    if not _VALID.fullmatch(text):
        raise ValidationError(
            field,
            "must not hold control characters, '/' or '\\\\', nor be only dots; "
            "use letters, digits and - _ . @ :",
        )
    return text


def require_stored_form(value: str, field: str = "user_id") -> str:
    """For stores: refuse an id that breaks the rules or is not already in its stored form."""
    if user_key(value, field) != value:
        raise ValidationError(
            field, "must be in Unicode NFC form; pass it through lembrar.model.ids.user_key"
        )
    return value


def require_no_nul(field: str, value: object) -> None:
    """Refuse U+0000 anywhere in a text or inside a JSON value: no store can keep it as text."""
    if isinstance(value, str):
        if "\x00" in value:
            raise ValidationError(field, "contains a NUL character (U+0000); remove it")
    elif isinstance(value, dict):
        for key, inner in value.items():
            require_no_nul(field, key)
            require_no_nul(field, inner)
    elif isinstance(value, list):
        for inner in value:
            require_no_nul(field, inner)
