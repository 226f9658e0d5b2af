"""Whether a sentence states something as so, read from its words (the rules' view; the parse
reads the same from the clause's dependents in ``lembrar.graph.extract.parsed``).

No fact comes from a question ("Does your sister still live in Berlin?"), a hypothetical ("if I
ever moved to Madrid", "I'd love to", "I wish I lived…"), reported speech ("she said she moved
to Lyon") or a negation ("I don't have a dog"). A plan ("we're moving to Porto", "I will move")
is not yet a fact either: ``plan`` says when a change verb speaks of the future.
"""

from __future__ import annotations

import re

QUESTION_START = re.compile(
    r"^\W*(?:do|does|did|are|is|was|were|have|has|had|will|would|could|can|should|shall"
    r"|what|where|when|who|whom|why|how|which|você|voce|tu|vocês|onde|quando|quem|qual|porque)\b",
    re.IGNORECASE,
)
PAST_PARTICIPLE = (
    r"(?:\w+ed|been|gone|left|got|had|done|seen|known|made|taken|found|met|begun|become)"
)
"""What follows "'d" when it is "had" ("we'd moved", "I'd been"), not "would"."""
HYPOTHETICAL = re.compile(
    r"\b(?:if|unless|whether|suppose|imagine|wish(?!\s+(?:me|us|him|her|them)\s+luck)|would|could"
    r"|might|should|maybe|perhaps"
    r"|someday|one day|caso|talvez|quem sabe|gostaria|poderia|queria|seria)\b"
    rf"|\b\w+['’]d\b(?!\s+(?:just\s+|already\s+)?{PAST_PARTICIPLE}\b)"
    r"|(?:^|[,;:]\s*|\b(?:e|mas|que)\s+)[Ss]e\s+(?:eu|tu|ele|ela|nós|a gente|você|vocês|eles|elas"
    r"|me|te|nos|\w+(?:sse|ssemos|ssem|r|rmos|rem))\b",
    re.IGNORECASE,
)
"""Conditionals and modals ("I'd love to", but not "we'd moved": "had" before a past
participle); Portuguese "se" only where it opens a clause and a subject or a subjunctive follows
("Se eu me mudasse"), not the pronoun of "a gente se mudou"."""
CONSIDERED = re.compile(
    r"\b(?:thinking\s+(?:of|about)|considering|want(?:s)?\s+to|wanna|hoping\s+to|looking\s+(?:to|at|for)"
    r"|deciding|choosing|torn\s+between)\b",
    re.IGNORECASE,
)
"""A thing only considered: "we're thinking of getting a puppy, Jack Russell or beagle?"."""
REPORTED = re.compile(
    r"\b(?:said|says|told|tells|thinks|thought|heard|claims|claimed|reckons"
    r"|disse|diz|contou|acha|achava|ouvi)\s+(?:that\s+|que\s+)?(?:he|she|they|ele|ela|eles|elas"
    r"|(?-i:[A-ZÀ-Þ])\w+)\b"
    r"|(?<!\bI\s)\b(?:think|thinks|believe|believes|assume|assumes|expect|expects)\s+(?:that\s+)?"
    r"(?-i:I)\b",
    re.IGNORECASE,
)
"""A verb of saying or thinking followed by someone else's clause ("she said she moved"); a
name is capitalized ("the allergist says it's peanuts, so I'm allergic" reports nothing); what
anyone else thinks the speaker will do is not told done ("my parents think I'm going to marry
him")."""
HAD_ONCE = re.compile(
    r"\b(?:used\s+to\s+(?:have|own|keep)|once\s+had)\b"
    r"|\b(?:when\s+(?:I|we)\s+(?:was|were)\s+(?:little|young|small|kids|children"
    r"|a\s+(?:kid|child|boy|girl|teen|teenager))|growing\s+up)\b[^.!?]*?\bhad\b",
    re.IGNORECASE,
)
"""A pet or child had once, no more: "I used to have a hamster called Gerald", "when I was
little we had a rabbit called Snowy"."""
NEGATION = re.compile(r"\b(?:not|never|nobody|nothing|não|nao|nunca|nem)\b|n['’]t\b", re.IGNORECASE)
PLAN = re.compile(
    r"\b(?:will|shall|going to|gonna|about to|(?:am|are|is|['’]re|['’]m|['’]s)\s+(?:\w+ly\s+)?"
    r"(?:moving|relocating|starting|joining|leaving|quitting|switching|getting|adopting)"
    r"|(?:decided|deciding|planning) to"
    r"|vou|vamos|vai|vão|irei|iremos|vou-me|vamo-nos)\b|['’]ll\b",
    re.IGNORECASE,
)


QUOTED = re.compile(
    r"(?<![\w])(?P<open>['‘\"“])(?=[\w])(?P<words>.+?)(?<=[\w.!?,…])['’\"”](?![\w])"
)
"""A quotation: single quotes open before a word and close after one, so "I'm" stays inside."""
QUOTING = re.compile(
    r"\b(?:says|said|say|texted|texts|forwarded|wrote|writes|told|tells|asked|asks|messaged"
    r"|posted|posts|tweeted|replied|replies|shouted|disse|diz|escreveu|mandou"
    r"|perguntou|respondeu)\b[^'‘\"“]{0,60}$",
    re.IGNORECASE,
)
QUOTING_WORDS = (
    "say",
    "said",
    "text",
    "forward",
    "wrote",
    "write",
    "told",
    "tell",
    "ask",
    "messag",
    "post",
    "tweet",
    "repl",
    "shout",
    "diss",
    "diz",
    "escrev",
    "mand",
    "pergunt",
    "respond",
)
"""The beginnings of ``QUOTING``'s verbs: a text without any quotes no one."""
OWN_QUOTE = re.compile(
    r"\b(?:I|eu)\s+(?:\w+\s+)?(?:posted|wrote|said|told|texted|typed|put|captioned|said to"
    r"|escrevi|disse|pus|mandei)\b|\bwhat I\b|\bmy (?:post|caption|message|text|status)\b",
    re.IGNORECASE,
)


def without_others_words(text: str) -> str:
    """``text`` less what it quotes someone else saying ("Rui forwarded me: 'I'm always late,
    living in Viseu'"): a quotation after a verb of saying stays only when the speaker is the
    one who said it ("Copying what I posted: 'André and I got married today.'")."""
    lower = text.lower()
    if not any(verb in lower for verb in QUOTING_WORDS) or not any(m in text for m in "'‘\"“"):
        return text

    def blank(match: re.Match[str]) -> str:
        before = text[max(0, match.start() - 80) : match.start()]
        if QUOTING.search(before) and not OWN_QUOTE.search(before):
            return " "
        return match.group(0)

    return QUOTED.sub(blank, text)


TAG = re.compile(
    r",\s*(?:remember|right|you know|ok|okay|yeah|no|isn't it|aren't we|don't you think|lembras-te"
    r"|lembras|certo|sabes|não é|né)\s*\?+\W*$",
    re.IGNORECASE,
)
"""A statement ending in a tag that asks nothing: "she lives in Vienna now, remember?"."""


def is_question(sentence: str) -> bool:
    stripped = sentence.strip()
    if "?" not in stripped:
        return False
    if "," in stripped:
        stripped = TAG.sub(".", stripped)
    return stripped.endswith("?") or bool(QUESTION_START.match(stripped)) and "?" in stripped


def asks_or_supposes(sentence: str) -> bool:
    """Whether ``sentence`` is a question or a supposition: what it says is not told as so."""
    return is_question(sentence) or HYPOTHETICAL.search(sentence) is not None


def unstated(clause: str, ending: bool) -> str | None:
    """Why ``clause`` states no fact, or None. ``ending``: the pattern reads a negation itself
    ("no longer lives", "já não moro"), so a negation does not count against it."""
    if HYPOTHETICAL.search(clause):
        return "hypothetical"
    if REPORTED.search(clause):
        return "reported speech"
    if not ending and NEGATION.search(clause):
        return "negated"
    return None


def is_plan(clause: str) -> bool:
    return bool(PLAN.search(clause))
