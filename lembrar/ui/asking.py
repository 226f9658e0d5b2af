"""Whether a query asks about conversations themselves ("what did we talk about last week?",
"sobre o que conversamos ontem?") rather than about something said in them.

The rule reads the query once its time phrases are taken out: it names talking (a word for
a conversation, a topic, or speaking), and every other word is a function word (question
words, pronouns, auxiliaries, requests like "remind me"). A query with any other word asks
about that thing ("did we talk about kayaks?") and is searched as usual.
"""

from __future__ import annotations

import re

from lembrar.model.text import STOPWORDS

__all__ = ["asks_about_conversations"]

_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)

# Talking, conversations and their topics, by stem (English, Portuguese, Spanish, French).
_TALK = re.compile(
    r"^(?:talk(?:s|ed|ing)?|discuss(?:ed|es|ing|ion|ions)?|chat(?:s|ted|ting)?|"
    r"conversations?|spoke|speak(?:ing)?|said|say(?:ing)?|topics?|subjects?|"
    r"conversa(?:s|r|mos|ram|do|ndo|ção|ções)?|fal(?:a|e|o|ei|ou|amos|aram|ar|ando|ado|ávamos)|"
    r"diss(?:e|emos|eram|este)|discuti(?:r|mos|ram|do)?|papo|assuntos?|temas?|"
    r"habl(?:a|ar|amos|aron|ado|é|ó)|dij(?:e|imos|iste|o)|charla(?:s|mos|ron)?|"
    r"conversación|conversaciones|parl(?:er|é|ons|ait|ions|ez)|dit|sujets?)$",
    re.IGNORECASE,
)

# Words that carry no topic of their own in such a question, beyond the shared stopwords.
_FUNCTION = frozenset(
    """what whats which who whom whose how anything something everything things thing stuff
    all any some much many lot lots kind kinds sort sorts main mostly usually
    we us our ours i me my you your yours they them he she it its
    do did does done doing have had has having was were be been being is are am will would
    can could should shall may might must let lets let's
    about over on of up come came coming go went get got
    remind tell show list give summarise summarize recap recall remember know knew
    again exactly together there here then
    que quê quais qual quem como sobre de do da dos das nós nos a gente eu você vocês me te
    tudo algo alguma algum coisas coisa quais principais foi foram era eram tem tinha teve
    lembra lembre lembrar relembra mostra mostre diz diga conta conte resume resuma
    qué cuál cuáles nosotros hemos hablado
    quoi quel quels quelle quelles nous avons on de qu""".split()
)


def asks_about_conversations(query: str) -> bool:
    """True when ``query`` (its time phrases already taken out) asks only what was talked
    about: it names talking and no topic of its own."""
    words = [w.lower() for w in _WORD.findall(query) if len(w) > 1]
    talk = [w for w in words if _TALK.match(w)]
    rest = [w for w in words if not _TALK.match(w) and w not in STOPWORDS and w not in _FUNCTION]
    return bool(talk) and not rest
