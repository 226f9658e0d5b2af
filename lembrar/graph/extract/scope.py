"""What the offline extractor knows while it reads one episode: the entities named so far, the
facts found, who "she" is, and the speaker whom "I" and "we" are."""

from __future__ import annotations

from dataclasses import dataclass, field

from lembrar.graph.extract.names import fold
from lembrar.model.episode import Episode
from lembrar.model.graph import ExtractedEntity, ExtractedFact

PARTNERS = frozenset(
    "wife husband partner boyfriend girlfriend fiancée fiancé fiance spouse mulher marido esposa"
    " namorada namorado noiva noivo companheiro companheira fella bloke".split()
)
EXES = frozenset("ex ex-wife ex-husband ex-boyfriend ex-girlfriend ex-partner".split())
KIN_PREDICATE = {
    **dict.fromkeys(
        "sister brother irmã irma irmão irmao mana mano stepbrother stepsister half-brother"
        " half-sister".split(),
        "has_sibling",
    ),
    **dict.fromkeys(PARTNERS, "has_partner"),
    **dict.fromkeys(EXES, "has_ex"),
    **dict.fromkeys(
        "son daughter filho filha baby bebe oldest eldest youngest stepson stepdaughter"
        " toddler kiddo firstborn first-born lastborn last-born".split(),
        "has_child",
    ),
    **dict.fromkeys(["baby girl", "baby boy", "little girl", "little boy"], "has_child"),
    **dict.fromkeys(
        "mom mum mother dad father mãe mae pai stepmom stepmum stepmother stepdad"
        " stepfather".split(),
        "has_parent",
    ),
}
"""Kin words whose named person is linked to the speaker by a fact ("my sister Ana")."""
FEMININE_PT = frozenset("mãe mae mulher avó avo".split())


def kin_alias(kin: str, english: bool) -> str:
    """How the speaker calls their kin: "my sister", "a minha irmã", "o meu marido"."""
    kin = kin.lower()
    if english:
        return f"my {kin}"
    return f"a minha {kin}" if kin.endswith(("a", "ã")) or kin in FEMININE_PT else f"o meu {kin}"


@dataclass
class Scope:
    """Entities by folded name, the facts found, and the last person and subject named."""

    episode: Episode
    speaker: str | None
    entities: dict[str, ExtractedEntity] = field(default_factory=dict)
    facts: list[ExtractedFact] = field(default_factory=list)
    last_person: str | None = None
    last_subject: str | None = None
    text: str = ""  # the message as read (contractions spelt out)

    def entity(
        self, name: str, type_: str, aliases: tuple[str, ...] = (), retype: bool = False
    ) -> str:
        """The entity ``name``, made or merged; ``retype``: ``type_`` is known from the fact it
        takes part in ("works at Talkdesk"), and beats the type a name finder guessed."""
        key = fold(name)
        old = self.entities.get(key)
        if old is not None and retype and old.type not in (type_, "user"):
            old = self.entities[key] = ExtractedEntity(old.name, type_, old.aliases)
        if old is None:
            self.entities[key] = ExtractedEntity(name, type_, aliases)
        elif aliases or (old.type in ("thing", "activity") and type_ not in ("thing", "activity")):
            merged = tuple(dict.fromkeys(old.aliases + aliases))
            better = type_ if old.type in ("thing", "activity") else old.type
            self.entities[key] = ExtractedEntity(old.name, better, merged)
        if type_ in ("person", "user"):
            self.last_person = self.entities[key].name
        return self.entities[key].name

    def type_of(self, name: str, default: str) -> str:
        known = self.entities.get(fold(name))
        if known is not None and known.type not in ("thing", "activity"):
            return known.type
        return default

    def kin(self, kin: str, name: str | None, alias: str) -> str:
        """The person "my <kin> [name]" is; a named one is linked to the speaker by a fact."""
        if name:  # someone's kin is a person, whatever a name finder guessed
            entity = self.entity(name, "person", (alias,), retype=True)
            link = KIN_PREDICATE.get(fold(kin))
            if link and self.speaker:
                fact = ExtractedFact(
                    self.speaker, link, entity, f"{alias} {name}", origin="kin_named"
                )
                self.facts.append(fact)
            return entity
        for known in self.entities.values():
            if alias in known.aliases:
                return known.name
        return self.entity(alias, "person")


def message_before(message: str, sentence: str, at: int) -> str:
    """What ``message`` says before position ``at`` of its ``sentence``."""
    upto = message.find(sentence)
    return (message[:upto] if upto >= 0 else "") + sentence[:at]


def speaker_of(episode: Episode) -> tuple[str, str] | None:
    """The entity first-person sentences speak of: (name, type), or None for an AI assistant."""
    if episode.role == "assistant":
        return (episode.speaker, "person") if episode.speaker else None
    return (episode.speaker or "User", "user")
