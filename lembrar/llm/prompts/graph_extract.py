"""Read one message into the knowledge graph: entities, facts, their start dates, and what
they end. One prompt does the work of Graphiti's several (entities, facts, dedup, temporal
bounds, contradiction): the model sees the names already known and the facts that hold now.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from string import Template

from pydantic import BaseModel, Field, field_validator, model_validator

from lembrar.llm.prompts._common import fill, messages, moment
from lembrar.llm.types import Message
from lembrar.model.graph import ENTITY_TYPES
from lembrar.model.predicates import PREDICATES

__all__ = ["RESPONSE", "SYSTEM", "USER", "VERSION", "GraphReading", "render"]

VERSION = "2"
MAX_ENTITIES = 12
MAX_FACTS = 8
MAX_ALIASES = 4
"""How many entities, facts and aliases the reply schema allows: a server that enforces the schema closes
the list there, which stops a small model that would go on listing ("John's John's support")."""

SYSTEM = Template("""
You turn one message into facts for a knowledge graph about the user and their world.

Entities: people, places, organizations, roles, animals, activities, things and values the
message names. Types: $types. The speaker is the entity named in "Speaker" (type "user" when
the speaker is the user). Use a known name exactly when the message refers to that entity
("my sister" or "Ana" for a known "Ana Souza"); give other names it is called as aliases.

Facts: only these predicates, subject and object both entity names:
$predicates
Write a fact only when the message states it. First-person statements are about the speaker.

Dates: valid_at is the day the fact began (YYYY-MM-DD), read against the message's time
("last June", "two years ago"); null when the message does not say (it holds from the message).

Endings: when the message says a fact stopped ("I quit", "no longer", "moved out of"), write
it with "ending": true. A new value of a one-at-a-time predicate (a new city, a new employer)
is a plain fact: it ends the old one by itself.

Reply with JSON only:
{"entities": [{"name": "...", "type": "...", "aliases": []}],
 "facts": [{"subject": "...", "predicate": "...", "object": "...", "valid_at": null, "ending": false}]}
""")

USER = Template("""
Message time: $when
Speaker: $speaker
Known entities: $known
Facts that hold now: $current

Message: $text
""")


class EntityReading(BaseModel):
    name: str = Field(min_length=1)
    type: str = Field(json_schema_extra={"enum": list(ENTITY_TYPES)})
    aliases: list[str] = Field(default_factory=list, json_schema_extra={"maxItems": MAX_ALIASES})

    @field_validator("type")
    @classmethod
    def _known_type(cls, value: str) -> str:
        if value not in ENTITY_TYPES:
            raise ValueError(f"type must be one of {ENTITY_TYPES}")
        return value


class FactReading(BaseModel):
    subject: str = Field(min_length=1)
    predicate: str = Field(json_schema_extra={"enum": [*sorted(PREDICATES)]})
    object: str = Field(min_length=1)
    valid_at: date | None = None
    ending: bool = False

    @field_validator("predicate")
    @classmethod
    def _known_predicate(cls, value: str) -> str:
        if value not in PREDICATES:
            raise ValueError(f"predicate must be one of {sorted(PREDICATES)}")
        return value


class GraphReading(BaseModel):
    """What the model read in the message."""

    entities: list[EntityReading] = Field(
        default_factory=list, json_schema_extra={"maxItems": MAX_ENTITIES}
    )
    facts: list[FactReading] = Field(
        default_factory=list, json_schema_extra={"maxItems": MAX_FACTS}
    )

    @model_validator(mode="after")
    def _facts_name_entities(self) -> GraphReading:
        names = {e.name for e in self.entities}
        for fact in self.facts:
            missing = {fact.subject, fact.object} - names
            if missing:
                raise ValueError(f"facts name entities that are not listed: {sorted(missing)}")
        return self


RESPONSE = GraphReading


def _predicates() -> str:
    return "\n".join(
        f"- {p.name}: {p.phrase}{' (one at a time)' if p.functional else ''}"
        for p in PREDICATES.values()
    )


def render(
    text: str,
    *,
    speaker: str,
    when: datetime,
    known: Sequence[str] = (),
    current: Sequence[str] = (),
) -> list[Message]:
    system = fill(SYSTEM, types=", ".join(ENTITY_TYPES), predicates=_predicates())
    user = fill(
        USER,
        when=moment(when),
        speaker=speaker,
        known="; ".join(known) or "none",
        current="; ".join(current) or "none",
        text=text,
    )
    return messages(system, user)
