"""Episode <-> PostgreSQL row conversion, list cursors and full-text configuration."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from datetime import UTC, datetime
from itertools import chain
from typing import Any

from lembrar.errors import ValidationError
from lembrar.model.episode import Episode
from lembrar.store import rows
from lembrar.store.rows import EPISODE_COLUMNS
from lembrar.store.rows import episode_row as episode_row  # psycopg adapts the values as they are

_WRITE_COLUMNS = (*EPISODE_COLUMNS, "tenant_id", "local_time")
_CASTS = {"record": "::json", "metadata": "::jsonb"}

INSERT_EPISODE = (
    f"INSERT INTO episodes ({', '.join(_WRITE_COLUMNS)})"
    f" VALUES ({', '.join(f'%({c})s{_CASTS.get(c, str())}' for c in _WRITE_COLUMNS)})"
)
UPDATE_EPISODE = (
    "UPDATE episodes SET "
    f"{', '.join(f'{c} = %({c})s{_CASTS.get(c, str())}' for c in _WRITE_COLUMNS if c not in ('id', 'tenant_id'))}"
    " WHERE tenant_id = %(tenant_id)s AND id = %(id)s"
)


def columns(alias: str = "") -> str:
    """The episode columns ``episode_from_row`` reads, optionally prefixed by a table alias."""
    prefix = f"{alias}." if alias else ""
    return ", ".join(prefix + c for c in EPISODE_COLUMNS)


def episode_from_row(row: Sequence[Any]) -> Episode:
    values = rows.row_values(row)
    values.update(
        at_utc=values["at_utc"].astimezone(UTC),
        recorded_at=values["recorded_at"].astimezone(UTC),
    )
    return rows.episode_from_values(values)


# -- list cursors ---------------------------------------------------------------------
def encode_cursor(at_utc: datetime, seq: int) -> str:
    return rows.encode_cursor(at_utc.isoformat(), seq)


def decode_cursor(cursor: str) -> tuple[datetime, int]:
    position, seq = rows.decode_cursor(cursor)
    try:
        moment = datetime.fromisoformat(position) if isinstance(position, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise ValidationError(
            "cursor", "not a cursor returned by a previous page; start without one"
        )
    return moment, seq


# -- full text --------------------------------------------------------------------------
# Text is folded before PostgreSQL parses it, so that words split as SQLite's unicode61 splits
# them: punctuation and symbols separate words ("place.city" is two words, not a host name),
# and Latin letters lose their diacritics ("Vitória" ~ "vitoria"). Other scripts pass through.
_FOLD_RANGES = (range(0x21, 0x7F), range(0xA0, 0x250), range(0x2000, 0x2070), range(0x3000, 0x3040))
_EXTRA_LETTERS = {"ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ħ": "h", "Ħ": "H"}


def _fold_table() -> dict[int, str | None]:
    """``str.translate`` table: separators to spaces, accented letters to their base, marks removed."""
    table: dict[int, str | None] = {
        code: None for code in range(0x300, 0x370)
    }  # combining diacritics
    for char in map(chr, chain.from_iterable(_FOLD_RANGES)):
        if not char.isalnum():
            table[ord(char)] = " "
            continue
        decomposed = unicodedata.normalize("NFKD", char)
        base = _EXTRA_LETTERS.get(char) or decomposed[:1]
        if (
            base != char
            and base.isascii()
            and base.isalnum()
            and all(unicodedata.combining(c) for c in decomposed[1:])
        ):
            table[ord(char)] = base
    return table


_FOLD = _fold_table()


def fold(text: str) -> str:
    """The text PostgreSQL's parser sees, for documents and queries alike."""
    return text.translate(_FOLD)


_TEXT_SEARCH_CONFIGS = {
    "ar": "arabic",
    "ca": "catalan",
    "da": "danish",
    "de": "german",
    "el": "greek",
    "en": "english",
    "es": "spanish",
    "et": "estonian",
    "eu": "basque",
    "fi": "finnish",
    "fr": "french",
    "ga": "irish",
    "hi": "hindi",
    "hu": "hungarian",
    "hy": "armenian",
    "id": "indonesian",
    "it": "italian",
    "lt": "lithuanian",
    "nb": "norwegian",
    "ne": "nepali",
    "nl": "dutch",
    "nn": "norwegian",
    "no": "norwegian",
    "pt": "portuguese",
    "ro": "romanian",
    "ru": "russian",
    "sr": "serbian",
    "sv": "swedish",
    "ta": "tamil",
    "tr": "turkish",
    "yi": "yiddish",
}


def text_search_config(language: str | None, available: set[str]) -> str:
    """The PostgreSQL text search configuration for a user's language ("pt-BR", "en", "english").

    ``simple`` (no stemming, no stopwords) when the language is unset, unknown or not installed.
    """
    if not language:
        return "simple"
    name = language.strip().lower()
    name = _TEXT_SEARCH_CONFIGS.get(name.replace("_", "-").split("-")[0], name)
    return name if name in available else "simple"


def metadata_value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
