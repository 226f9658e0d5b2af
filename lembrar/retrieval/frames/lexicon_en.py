"""English recollection and meta-conversation frames ("did we talk about", "you told me about",
"what did I say about", "…, right?"). Each entry is a regular expression matched case-insensitively
on word boundaries; what it matches is set aside, the rest is the topic."""

_SUBJECT = r"(?:we|you|i|u|you and i)"
_AUX = r"(?:did|didn't|didnt|do|don't|have|haven't|had|were|weren't|was|wasn't|are|aren't|would|'d|'ve)"
_ADVERB = r"(?:\s+(?:ever|once|already|also|just|both|all|even|briefly|maybe))*"
_OBJECT = r"(?:\s+(?:me|you|us|him|her|them))?"
_SOMETHING = r"(?:\s+(?:something|anything|a (?:bit|little|lot)|some stuff|a few things|stuff))?"
_PREP = r"\s+(?:about|of|on|regarding|concerning|that|over)"
# verbs that need a preposition before the topic, and verbs that take it as their object
_TALK = (
    r"(?:talk(?:ed|ing|s)?|chat(?:ted|ting|s)?|spoke|speak(?:ing|s)?|sa(?:id|y|ying|ys)|t(?:old|ell|elling)"
    r"|hear(?:d)?|learn(?:ed|t)?|wr(?:ote|ite|iting)|text(?:ed)?|ask(?:ed)?|go(?:ing)? on|went on|rant(?:ed)?"
    r"|complain(?:ed)?)"
)
_COVER = (
    r"(?:discuss(?:ed|ing)?|mention(?:ed|ing|s)?|br(?:ing|ought|inging) up|touch(?:ed)? on"
    r"|go(?:ne)? over|went over|bring up)"
)

CLAUSES: tuple[str, ...] = (
    # asking what was said: "what did I tell you about", "what was it you said about"
    rf"(?:what|which|how much)(?:\s+(?:was it|is it|exactly))?(?:\s+(?:that|again))?(?:\s+{_AUX})?\s+{_SUBJECT}"
    rf"{_ADVERB}\s+{_TALK}{_OBJECT}(?:\s+again)?{_PREP}",
    rf"what\s+(?:were|was|are)\s+{_SUBJECT}\s+(?:saying|talking|discussing|on about|telling (?:me|you))(?:{_PREP})?",
    rf"what\s+(?:was|is)\s+(?:said|mentioned|discussed)(?:{_PREP})?",
    r"remind me(?:\s+(?:of|what|when|how))*",
    # recalling or asking whether something was discussed
    rf"(?:(?:{_AUX})\s+)?(?:(?:i|we)\s+(?:think|believe|guess|remember|recall|feel like)\s+)?{_SUBJECT}{_ADVERB}"
    rf"(?:\s+{_AUX})?{_ADVERB}\s+{_TALK}{_OBJECT}{_SOMETHING}{_PREP}",
    rf"(?:(?:{_AUX})\s+)?(?:(?:i|we)\s+(?:think|believe|guess|remember|recall)\s+)?{_SUBJECT}{_ADVERB}"
    rf"(?:\s+{_AUX})?{_ADVERB}\s+{_COVER}{_OBJECT}{_SOMETHING}(?:{_PREP})?",
    r"(?:do|did|don't|can)\s+(?:you|u)\s+(?:remember|recall)(?!\s+to\b)(?:\s+(?:when|that|how|what|if))?",
    r"(?:i|we)\s+(?:remember|recall)(?!\s+to\b)(?:\s+(?:when|that|how))?",
    r"^remember(?!\s+to\b)\s+(?:when|that|how|our|the time)",
    r"(?:our|that|the|a|this)\s+(?:(?:last|other|earlier|previous|old)\s+)?(?:conversation|chat|discussion|talk)s?"
    rf"(?:\s+(?:we|you and i)\s+had)?{_PREP}",
    r"(?:back|earlier|a while back|before|(?:to|with) (?:you|me))(?=\s*[,?.!]*\s*$)",
    r"^(?:hey|hi|so|ok(?:ay)?|um+|uh+|well|oh|listen|quick question)\b[\s,]*",
)

TAGS: tuple[str, ...] = (
    r"right",
    r"correct",
    r"remember",
    r"yeah",
    r"no",
    r"huh",
    r"eh",
    r"isn't it",
    r"wasn't it",
    r"was it",
    rf"(?:didn't|did|don't|haven't|weren't|wasn't)\s+{_SUBJECT}",
    r"what was (?:that|it) (?:all )?about",
    r"what was that",
    r"do you remember",
    r"if i remember (?:correctly|right)",
    r"i think",
    r"or not",
    r"am i right",
    r"any idea",
)

META: frozenset[str] = frozenset(
    "conversation conversations chat chats talk talks discussion discussions talked discussed said told mentioned"
    " something anything stuff thing things again".split()
)
"""Words that name the conversation itself: a text left with only these has no topic."""
