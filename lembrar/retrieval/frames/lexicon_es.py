"""Spanish recollection and meta-conversation frames ("¿no hablamos de…?", "me dijiste que",
"qué te conté sobre", "…, ¿verdad?")."""

_OBJECT = r"(?:\s*(?:me|te|le|nos|se))?"
_VERB = (
    r"(?:habl(?:amos|aste|[eé]|[oó]|[aá]bamos|ar|ando|ado)|convers(?:amos|aste|[eé]|[oó]|[aá]bamos|ado)"
    r"|charl(?:amos|aste|[eé]|[oó]|ado)|discut(?:imos|iste|[ií]|i[oó]|[ií]amos|ido)|dij(?:iste|imos|e|o)|dicho"
    r"|cont(?:aste|[eé]|[oó]|amos|ado)|mencion(?:aste|[eé]|[oó]|amos|ado)|coment(?:aste|[eé]|[oó]|amos|ado))"
)
_SOMETHING = r"(?:\s+(?:algo|alguna cosa|un poco|cosas))?"
_PREP = r"\s+(?:acerca de(?:l)?|sobre|del?|que|en)"
_SUBJECT = r"(?:nosotros|t[uú]|usted|yo)"

CLAUSES: tuple[str, ...] = (
    rf"qu[eé]\s+(?:(?:fue|es)\s+lo\s+que\s+)?(?:{_SUBJECT}\s+)?{_OBJECT}\s*{_VERB}(?:{_PREP})?",
    rf"(?:(?:{_SUBJECT})\s+)?(?:no\s+)?(?:ya\s+)?{_OBJECT}\s*(?:hab[ií]amos|hab[ií]as|hab[ií]a|hemos|has|he)?\s*"
    rf"{_VERB}{_SOMETHING}{_PREP}",
    rf"(?:(?:{_SUBJECT})\s+)?(?:ya\s+)?{_OBJECT}\s*(?:mencion(?:aste|[eé]|[oó]|amos)|coment(?:aste|[eé]|[oó]|amos))",
    r"(?:(?:te|se)\s+)?acuerdas?\s+(?:de\s+)?(?:cuando|que|lo que|la conversaci[oó]n|c[oó]mo)?(?:\s+(?:sobre|de))?",
    r"(?:t[uú]\s+)?recuerdas?\s+(?:cuando|que|lo que|la conversaci[oó]n|c[oó]mo)?(?:\s+(?:sobre|de))?",
    r"(?:me\s+)?(?:acuerdo|recuerdo)\s+(?:de\s+)?(?:que|cuando)",
    r"(?:la|esa|nuestra|una)\s+(?:conversaci[oó]n|charla|pl[aá]tica)\s+(?:que tuvimos\s+)?(?:sobre|de|acerca de)",
    r"^(?:oye|mira|bueno|hola|entonces|pues)\b[\s,]*",
)

TAGS: tuple[str, ...] = (
    r"verdad",
    r"no",
    r"cierto",
    r"s[ií]",
    r"te acuerdas",
    r"recuerdas",
    r"no es as[ií]",
    r"o no",
    r"de qu[eé] se trataba",
    r"qu[eé] era",
    r"eh",
)

META: frozenset[str] = frozenset(
    "conversación conversaciones charla plática tema temas hablamos dijiste cosa cosas algo".split()
)
"""Words that name the conversation itself: a text left with only these has no topic."""
