"""French recollection and meta-conversation frames ("on a parlé de", "tu m'as dit que",
"qu'est-ce que je t'ai raconté sur", "…, non ?")."""

_SUBJECT = r"(?:on|nous|tu|vous|je|j')"
_OBJECT = r"(?:\s*(?:m'|t'|nous|vous|me|te|lui|l'))?"
_AUX = r"(?:\s*(?:a|as|avons|avez|ai|avait|avions|aviez|avais|est|[eé]tait))?"
_VERB = (
    r"(?:parl(?:[eé]|er|ions|ait|ais|ons|iez)|discut(?:[eé]|er|ions|ait)|dit|dis(?:ais|ait)?|racont(?:[eé]|er|ais)"
    r"|mentionn(?:[eé]|er)|[eé]voqu(?:[eé]|er)|abord(?:[eé]|er)|bavard(?:[eé]|er))"
)
_SOMETHING = r"(?:\s+(?:quelque chose|un peu|des choses))?"
_PREP = r"\s*(?:[àa] propos d(?:e|u|es|')|au sujet d(?:e|u|es|')|sur|d(?:e|u|es)\b|d'|que|qu')"

CLAUSES: tuple[str, ...] = (
    rf"qu'est-ce\s+qu(?:e\s+|')(?:{_SUBJECT}\s*)?{_OBJECT}{_AUX}\s*(?:d[eé]j[aà]\s+)?{_VERB}(?:{_PREP})?",
    rf"(?:est-ce\s+qu(?:e\s+|'))?(?:{_SUBJECT})\s*(?:ne\s+|n')?{_OBJECT}{_AUX}\s*(?:pas\s+)?(?:d[eé]j[aà]\s+)?"
    rf"{_VERB}{_SOMETHING}{_PREP}",
    rf"(?:{_SUBJECT})\s*{_OBJECT}{_AUX}\s*(?:d[eé]j[aà]\s+)?(?:mentionn[eé]|[eé]voqu[eé]|abord[eé])",
    r"(?:tu te souviens|vous vous souvenez|te souviens-tu|vous souvenez-vous|tu te rappelles|souviens-toi"
    r"|rappelle-toi)(?:\s+(?:de la conversation sur|de la fois o[uù]|quand|que|qu'|de|du|des|d'))?",
    r"je me (?:souviens|rappelle)(?:\s+(?:que|qu'|de|quand))?",
    r"(?:la|notre|cette|une)\s+(?:conversation|discussion)\s+(?:qu'on a eue\s+)?(?:sur|[àa] propos d(?:e|u|es|'))",
    r"^(?:dis|dites|alors|bon|salut|eh|au fait)\b[\s,]*",
)

TAGS: tuple[str, ...] = (
    r"non",
    r"n'est-ce pas",
    r"hein",
    r"c'est [çc]a",
    r"tu te souviens",
    r"vous vous souvenez",
    r"pas vrai",
    r"c'[eé]tait quoi",
    r"de quoi il s'agissait",
    r"ou pas",
    r"oui",
)

META: frozenset[str] = frozenset(
    "conversation conversations discussion discussions sujet sujets chose choses quelque parlé dit".split()
)
"""Words that name the conversation itself: a text left with only these has no topic."""
