"""Portuguese recollection and meta-conversation frames ("a gente falou de", "você me disse que",
"o que eu te contei sobre", "…, né?")."""

_SUBJECT = r"(?:a gente|n[oó]s|eu|voc[eê]|vc|tu|o senhor|a senhora)"
_OBJECT = r"(?:\s+(?:me|te|lhe|nos|pra mim|para mim|pra voc[eê]|para voc[eê]))?"
_ADVERB = r"(?:\s+(?:j[aá]|n[aã]o|chegamos a|chegou a|cheguei a|tinha|t[ií]nhamos|tinhas|havia|tenho|temos))*"
_VERB = (
    r"(?:fal(?:amos|ou|ei|aste|ava|[aá]vamos|ar|ando|aram)|convers(?:amos|ou|ei|aste|ava|[aá]vamos|ar|ando)"
    r"|discut(?:imos|iu|i|iste|ia|[ií]amos|ir|indo)|diss(?:e|este|emos)|dito|cont(?:ei|ou|aste|amos|ava|ado)"
    r"|mencion(?:ei|ou|aste|amos|ado|ar)|coment(?:ei|ou|aste|amos|ado|ar)|falado|conversado|discutido"
    r"|tocamos no assunto|toc(?:ou|aste|ei) no assunto)"
)
_SOMETHING = r"(?:\s+(?:algo|alguma coisa|uma coisa|umas coisas|um pouco))?"
_PREP = r"\s+(?:a respeito d[eoa]s?|acerca d[eoa]s?|sobre|d[eoa]s?|que|em|n[oa]s?)"

CLAUSES: tuple[str, ...] = (
    rf"o\s+que\s+(?:(?:foi|[eé])\s+que\s+)?(?:{_SUBJECT}\s+)?(?:(?:me|te|lhe)\s+)?{_VERB}"
    rf"(?:{_OBJECT})?(?:{_PREP})?",
    rf"(?:{_SUBJECT}){_OBJECT}{_ADVERB}\s+{_VERB}{_OBJECT}{_SOMETHING}{_PREP}",
    rf"(?:n[aã]o\s+)?{_VERB}{_OBJECT}{_SOMETHING}{_PREP}",
    rf"(?:{_SUBJECT}){_OBJECT}{_ADVERB}\s+(?:mencion(?:ei|ou|aste|amos)|coment(?:ei|ou|aste|amos))",
    r"(?:voc[eê]\s+|tu\s+)?(?:se\s+)?lembra(?:s)?(?:-se)?(?:\s+(?:de\s+)?(?:quando|que|como|d[ao]))?",
    r"(?:eu\s+)?me\s+lembro\s+(?:de\s+)?(?:que|quando)?",
    r"(?:a|aquela|nossa|uma)\s+(?:nossa\s+)?conversa\s+(?:que tivemos\s+)?(?:sobre|d[eoa]s?|a respeito d[eoa]s?)",
    r"^(?:ei|olha|ent[aã]o|bom|oi|escuta)\b[\s,]*",
)

TAGS: tuple[str, ...] = (
    r"n[eé]",
    r"n[aã]o [eé]",
    r"n[aã]o foi",
    r"certo",
    r"lembra",
    r"se lembra",
    r"n[aã]o",
    r"ou n[aã]o",
    r"foi",
    r"verdade",
    r"t[aá]",
    r"o que era",
    r"do que se tratava",
    r"n[aã]o lembra",
)

META: frozenset[str] = frozenset(
    "conversa conversas papo assunto assuntos falamos conversamos disse falou coisa coisas algo".split()
)
"""Words that name the conversation itself: a text left with only these has no topic."""
