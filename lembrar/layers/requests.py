"""Explicit "remember that …" requests in English, Portuguese, Spanish and French.

Only an imperative (or a polite "can you remember that …") is a request; talking *about*
remembering is not: "I don't remember where I parked", "do you remember the movie?",
"não me lembro", "recuerdo que…", "I remembered to call mom". A request must carry a fact:
"remember to buy milk" is a task, not something about the user, and is ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["RememberRequest", "detect_request"]


@dataclass(frozen=True)
class RememberRequest:
    """The fact to save, in the user's words, and the language the request was made in."""

    fact: str
    language: str


_FILLER = (
    r"(?:(?:ok(?:ay)?|oh|hey|hi|so|and|also|btw|by the way|ah|ei|olha|oye|mira|bon|alors|et|aussi|e|y)"
    r"\b[\s,!.]*)*"
)
_POLITE = r"(?:(?:please|pls|por favor|s'il te pla[iî]t|s'il vous pla[iî]t|stp|svp)\b[\s,]*)?"
_EN_NOT_A_FACT = (
    r"(?!(?:to|when|how|where|what|who|whom|why|if|whether|me|us|him|her|them|it|the time)\b)"
)
_THAT = r"(?:\s+(?:that|this)\s*[:,-]?|\s*[:,-])?\s+"

# Each leading pattern ends where the fact starts. ``ask`` marks polite questions, which stay
# requests even though they end with "?".
_LEADING: tuple[tuple[str, bool, str], ...] = (
    (
        "en",
        True,
        r"(?:can|could|would|will) you (?:please )?(?:remember|keep in mind|note|make a "
        r"note|memori[sz]e)(?: that|:)?\s+",
    ),
    (
        "en",
        False,
        r"(?:i want you to|i'd like you to|i would like you to) (?:remember|keep in mind)(?: that|:)?\s+",
    ),
    ("en", False, r"(?:remember|memori[sz]e|commit to memory)" + _THAT + _EN_NOT_A_FACT),
    ("en", False, r"(?:don't|do not|dont) forget(?: that|:)\s+"),
    (
        "en",
        False,
        r"(?:keep in mind|make a note|note to self|save to (?:your )?memory|add to (?:your )?memory)(?: that|:|,)\s*",
    ),
    (
        "pt",
        True,
        r"(?:voc[eê] )?(?:pode|podes|poderia|podia)s? (?:se "
        r")?(?:lembrar|guardar|anotar|memorizar|registar|registrar)(?: de)? que\s+",
    ),
    (
        "pt",
        False,
        r"(?:lembr[ae](?:-se|-te)?|se lembre|te lembra|memoriz[ae]|guard[ae]|grav[ae]|anot[ae](?: a[ií])?|regist[ae])"
        r"(?: (?:de|disto|disso|isto|isso|bem))?(?: que|:)\s*",
    ),
    (
        "pt",
        False,
        r"n[aã]o (?:se |te )?(?:esque[cç]as?|esque[cç]a|esquece)(?: (?:de|disso|disto))?(?: que|:)\s*",
    ),
    (
        "es",
        True,
        r"(?:puedes|podr[ií]as|puede|podr[ií]a) (?:recordar|guardar|anotar|apuntar|memorizar)(?: que|:)\s*",
    ),
    (
        "es",
        False,
        r"(?:recuerda|recuerde|recu[eé]rdame|recu[eé]rdeme|acu[eé]rdate de|acu[eé]rdese de|ten en "
        r"cuenta|tenga en cuenta"
        r"|apunta|anota|guarda|memoriza)(?: (?:bien|esto))?(?: que|:)\s*",
    ),
    ("es", False, r"no (?:te |se )?olvides?(?: de)?(?: que|:)\s*"),
    (
        "fr",
        True,
        r"(?:peux-tu|pouvez-vous|tu peux|vous pouvez|pourrais-tu|pourriez-vous) "
        r"(?:retenir|noter|m[ée]moriser|te souvenir|vous souvenir|te rappeler|vous rappeler)(?: que| de ce que|:)\s*",
    ),
    (
        "fr",
        False,
        r"(?:souviens-toi|souvenez-vous|rappelle-toi|rappelez-vous|retiens|retenez|note|notez"
        r"|garde en m[ée]moire|gardez en m[ée]moire"
        r"|m[ée]morise|m[ée]morisez)(?: bien)?(?: que|:)\s*",
    ),
    ("fr", False, r"n'oubliez? pas(?: que|:)\s*"),
)

_TRAILING: tuple[tuple[str, str], ...] = (
    (
        "en",
        r"(?:(?:please )?(?:remember (?:that|this|it)|don't forget (?:that|this|it)|keep "
        r"(?:that|this|it) in mind)|please remember)(?: please)?",
    ),
    (
        "pt",
        r"(?:por favor,? )?(?:lembr[ae](?:-se|-te)? (?:disso|disto)|n[aã]o (?:se |te "
        r")?esque[cç]as? (?:disso|disto)|guard[ae] isso|anot[ae] isso|memoriz[ae] isso)",
    ),
    (
        "es",
        r"(?:por favor,? )?(?:recu[eé]rdalo|no lo olvides|tenlo en cuenta|ap[uú]ntalo|gu[aá]rdalo|an[oó]talo)",
    ),
    (
        "fr",
        r"(?:souviens-t'en|retiens(?:-le| [çc]a| bien [çc]a)|ne l'oublie pas|n'oublie pas [çc]a|note-le|notez-le)",
    ),
)

_LEADING_RE = [
    (lang, ask, re.compile(rf"^{_FILLER}{_POLITE}(?:{body})", re.IGNORECASE))
    for lang, ask, body in _LEADING
]
_TRAILING_RE = [
    (
        lang,
        re.compile(
            rf"^(?P<fact>.+?)\s*[,;.!—–-]+\s*{body}[\s,]*(?:please|por favor|s'il te pla[iî]t|stp)?[\s.!]*$",
            re.IGNORECASE,
        ),
    )
    for lang, body in _TRAILING
]


def detect_request(text: str) -> RememberRequest | None:
    """The fact a message asks to remember, or None when it asks nothing of the kind."""
    message = _clean(text)
    if not message:
        return None
    question = message.endswith("?") or message.startswith("¿")
    for language, polite_question, pattern in _LEADING_RE:
        match = pattern.match(message)
        if match and (polite_question or not question):
            return _request(message[match.end() :], language)
    if question:
        return None
    for language, pattern in _TRAILING_RE:
        match = pattern.match(message)
        if match:
            return _request(match.group("fact"), language)
    return None


def _clean(text: str) -> str:
    return (
        " ".join(str(text).replace("\u2019", "'").replace("\u2018", "'").split())
        .lstrip("¡¿ ")
        .strip()
    )


_POLITE_TAIL = re.compile(
    r"[\s,]*\b(?:please|pls|por favor|s'il te pla[iî]t|s'il vous pla[iî]t|stp|svp)[\s.!]*$",
    re.IGNORECASE,
)


def _request(fact: str, language: str) -> RememberRequest | None:
    body = _POLITE_TAIL.sub("", fact.strip()).strip().strip("\"'“”«»").rstrip(" .!?;,").strip()
    if len(body) < 2:
        return None
    return RememberRequest(body[0].upper() + body[1:], language)
