"""Who the speaker's kin and pets are, by name: "my sister Ana", "Ana, my sister, …", "a
kitten called Mia", "we named the puppy Bolt", and the kin a message does not name ("my husband
and kids"). Each named one is linked to the speaker by a fact (``Scope.kin``)."""

from __future__ import annotations

import re
from dataclasses import replace

from lembrar.graph.extract.names import (
    AT_A_PLACE,
    PLACED_BEFORE,
    fold,
    is_kin_name,
    is_name,
    leading_name,
    plural,
)
from lembrar.graph.extract.needles import Look, Sentence
from lembrar.graph.extract.patterns import (
    BREEDS,
    CHILDREN,
    EX,
    HOW_MANY,
    KEPT_ANIMALS,
    KIN_EN,
    KIN_PLURAL,
    KIN_PT,
    PETS,
    alternation,
    species,
)
from lembrar.graph.extract.scope import KIN_PREDICATE, Scope, kin_alias, message_before
from lembrar.graph.extract.stance import CONSIDERED, HAD_ONCE, NEGATION, asks_or_supposes
from lembrar.model.graph import ExtractedFact
from lembrar.model.text import sentence_spans

__all__ = [
    "APPOSED",
    "KIN_APPOSED",
    "NAME",
    "NAMED_AFTER",
    "called",
    "one_per_kind",
    "ended_by_death",
    "read_kinship",
]

NAME = (  # a name goes on with capitalised words, never into "I" ("FYI I'm allergic…")
    r"[A-ZÀ-Þ][\w'’-]*(?:\s+(?:(?:da|de|do|dos|das|van|von|of)\s+)?"
    r"(?:(?!I\b|I['’])[A-ZÀ-Þ][\w'’-]*|\d+[A-Z]\w*)){0,3}"
)
BABY = r"baby girl|baby boy|little girl|little boy|baby|bebé|bebê"
APPOSITION = re.compile(  # "Max, my childhood dog", "Duarte (my boyfriend)", "a Rita, a minha irmã"
    rf"(?P<kname>{NAME})(?:,|\s*\()\s*(?:[Mm]y|[Oo]ur|[ao]\s+(?:minha|meu|nossa|nosso))\s+"
    rf"(?:(?:little|big|older|younger|childhood|new|old)\s+)?(?P<kin>{KIN_EN}|{KIN_PT})\b"
    r"(?!['’]s\b)"  # "Pepper, our neighbour's tabby": the neighbour's, not the neighbour
)
FIRSTBORN = r"(?:oldest|eldest|youngest)(?=\s*,)"
"""A child called by their place among the children, a name apposed: "my eldest, Ethan,"."""
KINSHIP = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur|(?:[Aa]|[Oo])\s+(?:minha|meu|nossa|nosso))\s+(?:(?:little|big|older|younger|new|late"
    rf"|oldest|eldest|youngest|first|middle|only|second|third|twin)\s+)?"
    rf"(?P<kin>{KIN_EN}|{KIN_PT}|{PETS}|{BABY}|{FIRSTBORN})\b(?:\s+mais\s+(?:nov|velh)[oa])?\s*,?\s*"
    rf"(?:(?:named|called|chamad[oa]|chama-se|se chama|que se chama|['’]s name is|"
    rf"is called|is named)\s+|[ao]\s+(?=[A-ZÀ-Þ]))?"
    rf"(?P<kname>{NAME})"
)
APPOSED = re.compile(  # "Leonor, my sister, works as…": the name is the clause's subject
    rf"(?P<name>{NAME}),\s+(?:(?:[Mm]y|[Oo]ur)\s+(?:[\w-]+\s+)?|an?\s+|(?:[ao]\s+)?(?:meu|minha)\s+)"
    rf"(?P<kin>{KIN_EN}|{KIN_PT})(?:\s+of\s+(?:mine|ours)|\s+mais\s+(?:nov|velh)[oa])?,\s*"
)
KIN_APPOSED = re.compile(  # "My older sister, Rita, lives…", "a minha irmã mais nova, a Sofia, vive…"
    rf"(?:\b[Mm]y|\b[Oo]ur|\b[AaOo]\s+(?:minha|meu|nossa|nosso))\s+(?:(?:little|big|older|younger)\s+)?"
    rf"(?:{KIN_EN}|{KIN_PT}|{FIRSTBORN})(?:\s+mais\s+(?:nov|velh)[oa])?,\s+(?:[ao]\s+)?(?P<name>{NAME}),\s*"
)
COPULA = re.compile(  # "Rita is my sister", "a Rita é a minha irmã", "…, Tiago, has been my bf"
    rf"(?P<kname>{NAME})(?:,?\s+(?:is|é|has been|became|is now|is officially|é agora)|['’]s(?: been)?)\s+"
    rf"(?:[Mm]y|[Oo]ur|(?:[ao]\s+)?(?:minha|meu|nossa|nosso))\s+"
    rf"(?:(?:little|big|older|younger|best|mais nova|mais velha)\s+)?"
    rf"(?P<kin>{KIN_EN}|{KIN_PT}|(?:{PETS})(?![ \t]+(?!(?:and|but|who|that|so|too|of|from)\b)[a-z]))"
    r"\b(?!['’]s\b)"  # "Bruno is my husky"; "Pepper is my sister's cat" is no sister
)
PRONOUN_PET = re.compile(  # "I walk Bruno daily, he's a big husky", "… Juniper … and she's a dog"
    r"(?:,\s*|\s+and\s+)(?:he|she|it)(?:['’]s| is)\s+(?:an?|my|our)\s+(?:[a-z\d][\w-]*\s+){0,3}?"
    rf"(?P<kin>{PETS})(?=\s*(?:[.,!?;)]|$)|\s+(?:and|who|that|with|so|too|but)\b)"
)
"""A pet the sentence's last name is, said by a pronoun after it."""
THE_KIND = re.compile(rf"(?<![\w'’])(?P<kname>{NAME})\s+the\s+(?P<kin>{PETS})\b(?!['’-])")
"""A pet called by its name and kind: "Boris the rooster", "Kevin the goat"."""
A_NAME = re.compile(rf"(?<![\w'’]){NAME}")
HAVE_KIN = re.compile(  # "tenho uma irmã, a Leonor, …", "I have a younger brother, Tom"
    rf"\b(?:[Tt]enho|I have|I have got|(?<![\w'’])[Gg]ot)\s+(?:(?:uma?|an?|one|only one|just one)\s+)?"
    rf"(?:(?:older|younger|little|big|twin|new)\s+)?"
    rf"(?P<kin>{KIN_EN}|{KIN_PT})(?:\s+mais\s+(?:nov|velh)[oa])?\s*,?\s*"
    rf"(?:(?:named|called|chamad[oa])\s+|[ao]\s+(?=[A-ZÀ-Þ]))?(?P<kname>{NAME})"
)
ONE_KIN = re.compile(  # "family in one line: one sister, Leonor, living in Amsterdam"
    rf"\b(?:[Oo]ne|[Aa]n\s+only|[Uu]ma?)\s+(?:(?:older|younger|little|big)\s+)?"
    rf"(?P<kin>{KIN_EN}|{KIN_PT})\s*,\s*(?:[ao]\s+)?(?P<kname>{NAME})\s*,"
)
"""One of kin named in apposition, without a verb of having."""
NAME_OF = re.compile(  # "boyfriend's name is Miguel, btw", "The puppy's called Pipoca."
    rf"(?:^\W*|\b[Tt]he\s+)(?P<kin>{KIN_EN}|{PETS})['’]s\s+(?:name is|called|named)\s+"
    rf"(?P<kname>{NAME})"
)
"""A kin word or pet word said bare at a sentence's start, or after "the", is the speaker's."""
KIN_NOTE = re.compile(  # "sister = Carla, teacher, lives in Amsterdam", "Brother: Tiago"
    rf"^\W*(?:[Mm]y\s+)?(?P<kin>(?i:{KIN_EN}))\s*[=:]\s*(?P<kname>{NAME})"
)
"""Kin noted down as a field at a sentence's start: the speaker's."""
BORN = re.compile(rf"(?P<name>{NAME})\s+(?:was born|nasceu)\b")
"""A birth told in a message that speaks as a parent ("I'm a mum! Clara was born this morning")."""
PARENT = re.compile(
    r"\b(?:[Oo]ur|[Mm]y|I(?:['’]m| am) a (?:mum|mom|dad|mother|father)|[Ww]e(?:['’]re| are)"
    r" (?:now )?parents|[Ss]omos pais|[Aa] nossa|[Oo] nosso)\b"
)
NAMED_AFTER = re.compile(  # "a kitten, Nina, and…", "a rabbit last week, his name is Tambor"
    rf"\b(?P<kind>{PETS}|{CHILDREN})(?:(?:\s+(?:girl|boy|menina|menino|nov[oa]|new|too|também))?"
    rf"\s*,\s*(?:[ao]\s+)?|\s*\(\s*(?=[^()]*\))"  # "one son (Jiho, 12)"
    rf"|(?:\s+[a-zà-ú][\w'’-]*){{0,3}}\s*,\s*(?:(?:her|his|its) name is"
    rf"|(?:she|he|it)(?:['’]s| is) (?:called|named)|chama-se|que se chama)\s+)"
    rf"(?P<name>{NAME})\b(?!\s+(?:and|e|&)\b)"
    rf"|(?P<name3>{NAME}),\s+(?:an?|uma?)\s+(?:[a-zà-ú][\w-]*\s+)?(?P<kind3>{PETS}|{CHILDREN})\b"
    rf"(?=\s+(?:we|I|que)\b)"  # "Luna, a kitten we took in"
    rf"|\b(?:an?|the|uma?)\s+(?:(?P<age>\d{{1,2}})[\s-]*(?:years?|yrs?|y/?o)(?:[\s-]old)?\s+)?"
    rf"(?:[a-zà-ú][\w-]*\s+)?(?P<kind2>{PETS}|{CHILDREN})"
    rf"\s+(?:named|called|chamad[oa])\s+(?P<name2>{NAME})"
)


def called(match: re.Match[str]) -> str:
    name = match.group("name")
    if name is None:  # "a kitten named Mia" says it already
        return match.group(0)
    return f"{match.group('kind')} called {name}" if is_name(name.split()[0]) else match.group(0)


OTHER_PET_WORDS = [
    *"pet turtle tortoise parrot rabbit bunny hamster guinea_pig bird horse snake lizard gecko"
    " ferret goldfish chicken hen cockatiel budgie parakeet canary cockatoo macaw lovebird"
    " chinchilla gerbil hedgehog iguana bearded_dragon axolotl tarantula betta pony alpaca"
    " rooster".replace("_", "~").split(),
    *(
        word.replace(" ", "~")
        for word in dict.fromkeys([*BREEDS, *KEPT_ANIMALS])
        if word.islower() and word not in ("dog", "cat", "pup", "puppy", "kitten", "fish")
    ),
]
"""Pets but dogs and cats, and every breed ("~" joins a word of two)."""
_OTHER_PETS_SAID = [
    said.replace("~", " ")
    for word in dict.fromkeys(OTHER_PET_WORDS)
    for said in (word, plural(word))
    if said not in ("chicken", "hen", "goldfishes")  # "chicken" alone is a dish, "hen" a party
]
OTHER_PETS = alternation(_OTHER_PETS_SAID)
"""Pets but dogs and cats: after "my" they may only qualify another noun ("my horse riding
lessons", "my bird feeder"), so a lower-case word after them must be one a subject takes."""
AFTER_AN_ANIMAL = frozenset(
    "is are was were has have had and or to who that which so too also keep keeps love loves"
    " hate hates got get gets need needs seem seems sleep sleeps eat eats like likes just"
    " always still never really can could will would did do does make makes before after in on"
    " at with for from into around out up down here there now today again took came went ran"
    " made saw found gave bring brings bringing until because since when while as but if than"
    " then named called last this yesterday tonight tomorrow recently lately over under through"
    " during without about by of".split()
)
"""Words that may follow an animal or a child as the subject or object of its own clause
("my dog loves…", "a kitten until she finds a home"), not as the noun it qualifies."""
OWNED_BY_ANOTHER = re.compile(  # "Lula's cat", "my wife's horse", "Marta's dog Rex"
    rf"(?:\b(?:[Mm]y|[Oo]ur)\s+(?:(?:little|big|older|younger|best)\s+)?(?P<kin>{KIN_EN})"
    r"|(?<![\w'’])(?P<owner>[A-ZÀ-Þ][^\W\d_]*(?:\s+[A-ZÀ-Þ][^\W\d_]*)?))['’]s\s+"
    rf"(?:(?!hot\b)[a-z][\w-]*\s+)?(?P<kind>(?:{PETS})s?|{OTHER_PETS})\b(?!['’-])"
    rf"(?:\s*,?\s*(?:(?:is |was )?(?:named|called)\s+)?(?P<pname>{NAME}))?"
    r"(?P<after>\s*[\w'’]*)"
)
"""A pet of someone else's, said by its owner's name or kin word and its kind."""
UNNAMED_KIN = re.compile(
    r"(?:\b(?:[Mm]y|[Oo]ur)\s+(?:(?:little|big|older|younger|new|first|other|two|three|four|five"
    r"|teenage|teen|grown|adult|\d+)\s+)?"
    r"(?P<noun>husband|wife|partner|boyfriend|girlfriend|fiancée|fiancé|kids|children|twins|son|sons|daughter"
    r"|stepsons?|stepdaughters?|toddlers?|kiddos?|stepmom|stepmum|stepdad"
    r"|daughters|child|sister|sisters|brother|brothers|siblings?|dogs?|doggies|doggy|cats?|pups?"
    r"|puppy|puppies|kittens?|mom|mum|mother|dad|father|parents"
    rf"|{EX}"
    rf"|(?P<animal>{OTHER_PETS}))"
    r"|\b(?:[Aa]|[Oo])\s+(?:minha|meu|nossa|nosso)\s+(?P<noun_pt>marido|mulher|esposa|namorad[oa]"
    r"|irmã|irmão|filh[oa]|mãe|pai|cão|cadela|gat[oa]|gatinh[oa]|cachorrinh[oa])"
    r"|\b(?:[Oo]s)\s+(?:meus|nossos)\s+(?P<plural_pt>pais|filhos))\b(?![- ]in[- ]law)"
    r"(?P<after>\s*,?\s*\S*)"
)
PARENT_CALLED = re.compile(  # "I broke Mom's vase", "Dad, can you…"
    r"\b(?P<called>Mom|Mum|Dad|Mommy|Daddy)\b(?<![Yy]our Mom)(?<![Yy]our Mum)(?<![Yy]our Dad)"
    r"(?<!his Mom)(?<!his Dad)(?<!her Mom)(?<!her Dad)(?P<after>\s*,?\s*\S*)"
)
CLAUSE_OPENING = r"(?:^\W*|[.!?;]\s+|,\s+(?:(?:and|but|so)\s+)?|\s+(?:but|and|so|cos|because)\s+)"
"""Where a clause opens: the text's start, a sentence's, a comma or a conjunction."""
SUBJECT_OR_OWNER = (
    r"(?:\s+(?:(?:just|still|always|never|finally|already)\s+)?(?=(?:and\s+I|didn['’]t|doesn['’]t"
    r"|cried|laughed|says|said|made|makes|thinks|thought|wants|wanted|keeps|kept|told|tells"
    r"|called|rang|won['’]t|will|can['’]t|is|was|are|has|had|got|gets|went|loves|hates|cooked"
    r"|bought|sent|texted|puts|put|asks|asked|calls|rings|cooks|buys|picks|drives|lets|knows"
    r"|needs|likes)\b)"
    r"|['’]s\s+(?!name\b)(?=[a-z]))(?P<after>)"
)
"""After a kin word said without "my": a verb it is the subject of, or an "'s" it owns with
("dad's letting me…", "mum's birthday"; not "mom pls", spoken to)."""
PARENT_SAID = re.compile(  # "mum says no more fortnite", "…, and dad made pancakes"
    rf"{CLAUSE_OPENING}(?P<called>mum|mom|dad|mam|mummy|mommy|daddy){SUBJECT_OR_OWNER}"
)
"""A parent named without "my", in lower case, as a clause's subject or an owner."""
PARTNER_SAID = re.compile(
    rf"(?:{CLAUSE_OPENING}|\b[Mm]e\s+(?:and|&)\s+)(?:[Tt]he\s+)?"
    rf"(?P<called>wife|husband|missus|hubby|girlfriend|boyfriend){SUBJECT_OR_OWNER}"
)
"""A partner named without "my", as a clause's subject or an owner: the speaker's ("the wife
wants me to…", "wife's working late", "me and the girlfriend")."""
SIGNED_OFF = re.compile(
    r"\b(?:love|lots\s+of\s+love|all\s+my\s+love|hugs|xx+|cheers|regards|from|yours)\s*,?\s*$",
    re.IGNORECASE,
)
"""What a letter is signed off with before its writer's name: "Love, Daddy"."""
PARENT_OF_MANY = re.compile(r"\s+of\s+(?:one|two|three|four|five|six|\d+)\b", re.IGNORECASE)
"""After a parent word, how many children the speaker has: "mum of 3 here"."""
NOT_KIN = frozenset("tongue language land country board ship nature figure".split())
"""Words after which a kin word names no one: "my mother tongue", "my father figure"."""
UNNAMED_AND = re.compile(  # "my husband and kids", "my mom and dad": the second relation
    r"\b(?:[Mm]y|[Oo]ur)\s+(?:husband|wife|partner|boyfriend|girlfriend|kids|children|dogs?|cats?"
    r"|mom|mum|mother|dad|father)"
    r"\s+(?:and|&)\s+(?:(?:my|our)\s+)?(?P<noun>kids|children|sons?|daughters?|dogs?|cats?|pups?"
    r"|dad|father|mom|mum|mother)\b"
    r"(?P<after>\s*,?\s*\S*)"
)
UNNAMED_PREDICATE = {
    **{fold(kin): predicate for kin, predicate in KIN_PREDICATE.items()},
    **dict.fromkeys(["kid", "kids", "child", "children", "filhos", "twins"], "has_child"),
    **dict.fromkeys(["parent", "mommy", "daddy", "pais", "mam", "mammy", "mummy"], "has_parent"),
    **dict.fromkeys(["dog", "cat", "pup", "puppy", "puppie", "kitten", "doggy"], "has_pet"),
    **dict.fromkeys(["doggie", "pet"], "has_pet"),
    **dict.fromkeys(["sibling", "siblings"], "has_sibling"),
    **dict.fromkeys(["cao", "cadela", "gato", "gata", "gatinho", "gatinha"], "has_pet"),
    **dict.fromkeys(["cachorrinho", "cachorrinha"], "has_pet"),
    **{fold(pet): "has_pet" for pet in _OTHER_PETS_SAID},
}
"""A kin word's relation (``scope.KIN_PREDICATE``), with the words for children, parents and
pets said without a name; keys folded, as they are looked up."""

NAMED_PET = re.compile(  # "we named the puppy Bolt", "our dog is called Bolt", "o cão chama-se Bolt"
    rf"(?:\b(?:[Nn]amed|[Cc]alled|[Cc]all|[Nn]ame)\s+(?:the|our|my|him|her)?\s*(?:new\s+|little\s+)?"
    rf"(?P<kin>{PETS})\s+"
    rf"|\b(?:[Tt]he|[Oo]ur|[Mm]y|[Oo]|[Aa]|[Oo] nosso|[Aa] nossa)\s+(?P<kin2>{PETS})\s*"
    rf"(?:\w+\s+)?(?:is called|is named|['’]s name is|has a name:|chama-se|se chama)\s+"
    rf"|\b(?i:demos|dei|pusemos|pus)\s+(?:a[oà]\s+|à\s+)?(?:nosso\s+|nossa\s+|meu\s+|minha\s+)?"
    rf"(?P<kin3>{PETS})\s+o nome de\s+"
    rf"|\b(?P<kin4>dog|cat|pup|puppy|bunny|fur|furbaby|fur\s+baby)[- ]?(?:mom|mum|mama|dad|parent)"
    rf"\s+(?:to|of)\s+)"
    rf"(?P<kname>{NAME})"
)


ANY_KIN = Look.of(
    re.compile(
        rf"(?i:\b(?:{KIN_EN}|{KIN_PT}|{PETS}|{OTHER_PETS}|{CHILDREN}|{BABY}|parents|pais|sibling|twins|boys|girls|mam"
        r"|oldest|eldest|youngest))"
    )
)
"""A first look: every rule here needs a word for kin, a pet or a child."""


KIN_ELSEWHERE = {
    **dict.fromkeys("hija fille tochter figlia dochter".split(), "daughter"),
    **dict.fromkeys("hijo fils sohn figlio zoon".split(), "son"),
    **dict.fromkeys("esposa mujer femme frau moglie vrouw".split(), "wife"),
    **dict.fromkeys("esposo marido mari mann marito".split(), "husband"),
    **dict.fromkeys("novia copine freundin fidanzata vriendin".split(), "girlfriend"),
    **dict.fromkeys("novio copain freund fidanzato vriend".split(), "boyfriend"),
    **dict.fromkeys("hermana sœur soeur schwester sorella zus".split(), "sister"),
    **dict.fromkeys("hermano frère frere bruder fratello broer".split(), "brother"),
    **dict.fromkeys("madre mère mere mutter moeder".split(), "mother"),
    **dict.fromkeys("padre père pere vater vader".split(), "father"),
}
"""Kin words of Spanish, French, German, Italian and Dutch that a message in English may keep,
with the English word they are."""
MINE_ELSEWHERE = ("mi", "ma", "mon", "mein", "meine", "mia", "mio", "mijn")
KIN_WORDS_ELSEWHERE = "|".join(sorted(KIN_ELSEWHERE, key=len, reverse=True))
KIN_SAID_ELSEWHERE = re.compile(
    rf"\b(?i:{'|'.join(MINE_ELSEWHERE)})\s+(?P<kin>(?i:{KIN_WORDS_ELSEWHERE}))\b\s*,?\s*"
    rf"(?P<kname>{NAME})"
)
"""Kin named in another language's words: "mi hija Josefa", "ma fille Inès", "mein Mann Jörg"."""
KIN_ELSEWHERE_LOOK = Look.of(re.compile(rf"(?i:\b(?:{KIN_WORDS_ELSEWHERE})\b)"))
"""A first look: a kin word of another language in the sentence."""


def _kin_said_elsewhere(scope: Scope, sentence: str) -> None:
    """The speaker's kin named in another language's words (``KIN_SAID_ELSEWHERE``)."""
    for match in KIN_SAID_ELSEWHERE.finditer(sentence):
        kname = match.group("kname")
        if is_kin_name(kname.split()[0]):
            kin = KIN_ELSEWHERE[match.group("kin").lower()]
            scope.kin(kin, kname, f"my {kin}")


def read_kinship(scope: Scope, said: Sentence) -> None:
    _born(scope, said.text)
    _left_by_name(scope, said.text)
    _coupled(scope, said.text)
    if scope.speaker is not None and KIN_ELSEWHERE_LOOK.search(said):
        _kin_said_elsewhere(scope, said.text)
    if not ANY_KIN.search(said):
        return
    sentence = said.text
    _unnamed_kin(scope, sentence)
    for match in NAMED_PET.finditer(sentence):
        if HAD_ONCE.search(sentence, 0, match.start()):
            continue
        if scope.speaker is not None and is_name(match.group("kname").split()[0]):
            kin = (
                match.group("kin")
                or match.group("kin2")
                or match.group("kin3")
                or match.group("kin4")
            )
            pet = scope.entity(match.group("kname"), "animal", (f"my {kin.lower()}",))
            fact = ExtractedFact(scope.speaker, "has_pet", pet, match.group(0), origin="kin_named")
            scope.facts.append(fact)
    _named_after(scope, sentence)
    _named_list(scope, sentence)
    _pets_listed(scope, sentence)
    _owned_by_another(scope, sentence)
    _pronoun_pet(scope, sentence)
    for match in [
        *KINSHIP.finditer(sentence),
        *APPOSITION.finditer(sentence),
        *COPULA.finditer(sentence),
        *HAVE_KIN.finditer(sentence),
        *ONE_KIN.finditer(sentence),
        *NAME_OF.finditer(sentence),
        *KIN_NOTE.finditer(sentence),
        *(THE_KIND.finditer(sentence) if SAID_BY_ONE.search(sentence) else ()),
    ]:
        kin = match.group("kin")
        words = re.sub(r"['’]s$", "", match.group("kname")).split()  # "my daughter Sarah's…"
        while words and not is_kin_name(words[0]):  # "A Leonor, a minha irmã": the article goes
            words.pop(0)
        kname = " ".join(words)
        if not words or scope.speaker is None or _listed(match):
            continue
        if match.re in (APPOSITION, COPULA) and AT_A_PLACE.search(sentence, 0, match.start()):
            continue  # "the best pestil in Rize, my son Emre…": Rize is where, not who
        if re.fullmatch(PETS, fold(kin)):
            if qualifies_another(sentence, match.end("kin")):
                continue  # "Sammy, my snake plant"
            pet = scope.entity(kname, "animal", (f"my {kin}",))
            fact = ExtractedFact(scope.speaker, "has_pet", pet, match.group(0), origin="kin_named")
            scope.facts.append(fact)
            continue
        before = len(scope.facts)
        person = scope.kin(kin, kname, kin_alias(kin, bool(re.fullmatch(KIN_EN, kin, re.I))))
        _placed_kin(scope, sentence, match, person)
        if broke_up(sentence, match.start(), match.end()):  # "I broke up with my boyfriend Tom"
            scope.facts[before:] = _exes(scope.facts[before:])
        elif gone(sentence, match.start(), match.end()):
            # "my late husband Arthur" ends the partnership; of other kin who died
            # ("my late mom Rose") nothing is read
            scope.facts[before:] = [
                replace(f, negated=True)
                for f in scope.facts[before:]
                if f.predicate == "has_partner"
            ]
    _others_kin(scope, sentence)
    _named_ages(scope, sentence)
    _living_with(scope, sentence)
    _kin_where(scope, sentence)


KIN_IN_PLACE = re.compile(rf"\s+in\s+(?P<place>{NAME})(?!['’]s\b)")
"""Where a relative named lives, said right after them: "my sister Kamala in Chennai"."""
MET_THERE = re.compile(
    r"\b(?:met|meet|meeting|saw|see|seeing|married|marry|marrying|lost|losing|buried)\s+$", re.I
)
"""A verb that makes the place after a relative where something happened, not their home."""
NO_PLACE_AFTER_KIN = frozenset("year grade form class heaven christ person hospital".split())
"""Capitalised words after "in" that name no place ("my son Tom in Year 7")."""


def _placed_kin(scope: Scope, sentence: str, match: re.Match[str], person: str) -> None:
    """A named relative's home, said right after them (``KIN_IN_PLACE``): "My sister Kamala in
    Chennai just turned 70", "I call my son David in Toronto every week"; not where one met or
    saw them ("I met my wife Ana in Lisbon")."""
    placed = KIN_IN_PLACE.match(sentence, match.end())
    if placed is None or MET_THERE.search(sentence, 0, match.start()):
        return
    place = leading_name(placed.group("place"))
    if not place or fold(place.split()[0]) in NO_PLACE_AFTER_KIN or not is_name(place.split()[0]):
        return
    _home(scope, person, place, placed.group(0).strip())


LIVING_WITH = re.compile(
    r"\b(?:live|living|rent|renting|share|sharing)\s+(?:(?:here|now)\s+)?in\s+"
    rf"(?P<place>{NAME})\s*,?\s+with\s+(?P<who>[^.;!?()]+)"
    r"|\b(?:live|living)\s+with\s+(?P<who2>[^.;!?()]+?)\s+in\s+"
    rf"(?P<place2>{NAME})"
)
"""A home shared with kin: "I live in Kadıköy with my girlfriend Defne", "living with my mum and
my sister Daniela in Kennedy": those kin live there too."""
LIVING_LOOK = re.compile(r"\b(?:live|living|rent|renting|share|sharing)\s")
"""A first look for ``LIVING_WITH``."""
SHARED_KIN = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur|{'|'.join(MINE_ELSEWHERE)})\s+"
    r"(?:(?:little|big|older|younger|new|two|three)\s+)?"
    rf"(?P<kin>{KIN_EN}|{KIN_PLURAL}|(?i:{KIN_WORDS_ELSEWHERE}))\b(?:\s*,?\s*(?P<kname>{NAME}))?"
)
"""Kin a home is shared with, in what follows "with"."""
SHARED_END = re.compile(r",(?!\s*(?:my|our|and|mi)\b)|\s+(?:but|because|so|who|which|where)\b")
"""Where the list of those a home is shared with ends."""
SPEAKER_SUBJECT = re.compile(r"\b(?:I|[Ww]e)\b|^\W*(?:[Ll]iving|[Rr]enting|[Ss]haring)\b")


def _living_with(scope: Scope, sentence: str) -> None:
    """Kin the speaker shares a home with live there too (``LIVING_WITH``)."""
    if scope.speaker is None or " with " not in sentence or LIVING_LOOK.search(sentence) is None:
        return
    if asks_or_supposes(sentence):
        return
    for match in LIVING_WITH.finditer(sentence):
        place = match.group("place") or match.group("place2")
        if not is_name(place.split()[0]) or not SPEAKER_SUBJECT.search(
            sentence, 0, match.start() + 1
        ):
            continue
        group = "who" if match.group("who") else "who2"
        who = SHARED_END.split(match.group(group), maxsplit=1)[0]
        for kin in SHARED_KIN.finditer(who):
            word = kin.group("kin").lower()
            after = sentence[match.start(group) :]  # "our two kids, Haruto (9) and Mei (6)"
            named = [] if kin.group("kname") else _named_in(scope, word, after)
            for name in named or [kin.group("kname")]:
                _kin_lives_in(scope, KIN_ELSEWHERE.get(word, word), name, place, match.group(0))


def _named_in(scope: Scope, kin: str, listed: str) -> list[str]:
    """The speaker's kin of the kind ``kin`` says ("kids", "parents") named in ``listed``: "our
    two kids, Haruto (9) and Mei (6)" are Haruto and Mei."""
    predicate = UNNAMED_PREDICATE.get(fold(kin)) or UNNAMED_PREDICATE.get(fold(kin).rstrip("s"))
    return [
        f.object
        for f in scope.facts
        if f.subject == scope.speaker
        and f.predicate == predicate
        and not f.negated
        and is_name(f.object.split()[0])
        and re.search(rf"\b{re.escape(f.object)}\b", listed)
    ]


def _kin_lives_in(scope: Scope, kin: str, name: str | None, place: str, quote: str) -> None:
    """The speaker's kin (named, or by their kin word) lives in ``place``."""
    said = name if name is not None and is_name(name.split()[0]) else kin
    _home(scope, scope.entity(said, "person", (f"my {kin}",)), place, quote)


def _home(scope: Scope, person: str, place: str, quote: str) -> None:
    """``person`` lives in ``place``."""
    where = scope.entity(place, "place", retype=True)
    scope.facts.append(ExtractedFact(person, "lives_in", where, quote, origin="kin_named"))


KIN_WHERE = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur)\s+(?:(?:little|big|older|younger|elder)\s+)?(?P<kin>{KIN_EN}|{KIN_PLURAL})"
    rf"(?:\s*,?\s*(?P<kname>{NAME}))?(?:,?\s+(?:is|are|['’]s)|['’]s)\s+"
    r"(?:(?:still|now|back|already|also)\s+)?"
    rf"in\s+(?P<place>{NAME})(?P<rest>[^.;!?]*)"
)
"""Kin said to be in a place: "My dad is still in Dnipro", "my parents are in Mansoura", "my
brother's in Brisbane now"."""
KIN_WHERE_LOOK = re.compile(r"(?:\s(?:is|are)|['’]s)\s+(?:(?:still|now|back|already|also)\s+)?in\s")
"""A first look for ``KIN_WHERE``: someone "is in" somewhere."""
STAYING_AWAY = re.compile(
    r"^\s*(?:for|this|until|till|on\s+(?:a\s+)?(?:trip|holiday|vacation|business)|visiting|today"
    r"|tonight|right\s+now|at\s+the\s+moment|since\s+(?:yesterday|last|this|Monday|Tuesday"
    r"|Wednesday|Thursday|Friday|Saturday|Sunday))\b|\bvisit|\bhospital\b|\btrip\b|\bholiday\b",
    re.IGNORECASE,
)
"""What makes being somewhere a stay, not a home: "my husband is in Paris for work"."""


def _kin_where(scope: Scope, sentence: str) -> None:
    """The speaker's kin who are in a place, not for a stay (``KIN_WHERE``): their home."""
    if scope.speaker is None or " in " not in sentence or KIN_WHERE_LOOK.search(sentence) is None:
        return
    if asks_or_supposes(sentence):
        return
    for match in KIN_WHERE.finditer(sentence):
        place, name = match.group("place"), match.group("kname")
        if not is_name(place.split()[0]) or STAYING_AWAY.search(match.group("rest")):
            continue
        _kin_lives_in(scope, match.group("kin").lower(), name, place, match.group(0))


BROKE_UP = re.compile(
    r"\b(?:broke|broken|breaking|split|splitting|separated|separating|divorced|divorcing"
    r"|dumped)\s+(?:up\s+)?(?:(?:with|from)\s+)?$",
    re.IGNORECASE,
)
"""A partner left, said just before they are named: "I broke up with my boyfriend"."""
BROKE_UP_AFTER = re.compile(
    r"\s*,?\s+(?:and\s+I\s+|&\s+I\s+)?(?:have\s+|had\s+|just\s+|finally\s+|recently\s+)*"
    r"(?:broke\s+up|split(?:\s+up)?|separated|divorced|got\s+divorced|dumped\s+me)\b"
    r"(?!\s+(?:the|our|my|a|an|some|them|it|his|her|their|this|that|everything)\b)",
    re.IGNORECASE,
)
"""The same, said after them: "my husband and I split up", "my boyfriend dumped me"."""


def broke_up(sentence: str, start: int, end: int) -> bool:
    """Whether the kin said from ``start`` to ``end`` is a partner left or divorced."""
    return bool(BROKE_UP.search(sentence, 0, start) or BROKE_UP_AFTER.match(sentence, end))


LEFT_BY_NAME = re.compile(
    rf"(?<![\w'’])(?P<name>{NAME})\s+(?:and|&)\s+I(?={BROKE_UP_AFTER.pattern})"
    rf"|\bI\s+(?:have\s+|had\s+|just\s+|finally\s+|recently\s+)*(?:broke\s+up|split\s+up"
    rf"|separated|am\s+separated|got\s+divorced)\s+(?:with|from)\s+(?P<other>{NAME})"
    rf"|\bI\s+(?:have\s+|had\s+|just\s+|finally\s+)*(?:divorced|dumped)\s+(?P<third>{NAME})",
)
"""A partner left, said by name: "Rui and I broke up", "I split up with Dan"."""
LEAVING_WORDS = ("broke", "split", "separated", "divorced", "dumped")


def _left_by_name(scope: Scope, sentence: str) -> None:
    """The speaker's partner, left by name: an ended partnership and an ex (``_exes``)."""
    if scope.speaker is None or not any(word in sentence for word in LEAVING_WORDS):
        return
    for match in LEFT_BY_NAME.finditer(sentence):
        name = leading_name(match.group("name") or match.group("other") or match.group("third"))
        if not name:
            continue
        person = scope.entity(name, "person", retype=True)
        fact = ExtractedFact(
            scope.speaker, "has_partner", person, match.group(0), origin="kin_named"
        )
        scope.facts += _exes([fact])


COUPLED = re.compile(
    rf"(?:(?<![\w'’])(?P<name>{NAME})\s+(?:and|&)\s+I|\b[Mm]e\s+(?:and|&|n)\s+(?P<me_and>{NAME}))"
    r"\s+(?:(?:are|have|had|just|finally|officially|recently|now)\s+)*"
    r"(?:moving\s+in\s+together|moved\s+in\s+together|got\s+engaged|engaged|got\s+married"
    r"|getting\s+married|been\s+together(?=\s+(?:for|since|almost|nearly|over|\d|one|two|three"
    r"|four|five|six|seven|eight|nine|ten|many)\b)|been\s+dating|started\s+dating"
    r"|tied\s+the\s+knot)\b"
    rf"|(?<![\w'’])(?P<proposer>{NAME})\s+(?:just\s+|finally\s+)?proposed\b(?!\s+to\s+(?!me\b))"
    rf"|\bI\s+(?:have|had)\s+been\s+(?:seeing|dating)\s+(?P<seen>{NAME})"
)
"""A partner told by what the two did or do: "Lucía and I are moving in together", "Tom and I
got engaged", "Arjun proposed!", "I've been seeing Daniel"."""
COUPLING_WORDS = ("together", "engaged", "married", "dating", "knot", "proposed", "seeing")


def _coupled(scope: Scope, sentence: str) -> None:
    """The speaker's partner, told by what the two did (``COUPLED``)."""
    if scope.speaker is None or not any(word in sentence for word in COUPLING_WORDS):
        return
    for match in COUPLED.finditer(sentence):
        said = next(g for g in ("name", "me_and", "proposer", "seen") if match.group(g))
        name = leading_name(match.group(said))
        if not name or fold(name) == fold(scope.speaker) or NEGATION.search(match.group(0)):
            continue
        if fold(name) in UNNAMED_PREDICATE:
            continue  # "Mom and I have been together for years": a kin word names no partner
        person = scope.entity(name, "person", retype=True)
        scope.facts.append(
            ExtractedFact(scope.speaker, "has_partner", person, match.group(0), origin="kin_named")
        )


def _exes(found: list[ExtractedFact]) -> list[ExtractedFact]:
    """A partnership ended and the partner now an ex ("I broke up with my boyfriend Tom":
    not ``has_partner`` Tom, ``has_ex`` Tom); other relations read stay as read."""
    out = []
    for fact in found:
        if fact.predicate == "has_partner" and not fact.negated:
            out += [replace(fact, negated=True), replace(fact, predicate="has_ex")]
        else:
            out.append(fact)
    return out


LATE = re.compile(r"\b(?:my|our)\s+late\s+", re.IGNORECASE)
DIED = re.compile(
    r"\s+(?:has\s+|had\s+)?(?:passed(?:\s+away|\s+on)?|died)\b"
    r"(?!\s+(?:her|his|their|the|a|an|my|our|its|all|both|every)\b)"
)
"""Kin said to have died: "my wife passed away", "my dad died"; not "passed her exams"."""


def gone(sentence: str, start: int, end: int) -> bool:
    """Whether the kin said from ``start`` to ``end`` has died ("my late husband", "my wife
    passed away"): a partnership has ended (a parent who died is still one's parent)."""
    return bool(LATE.match(sentence, start)) or bool(DIED.match(sentence, end))


NEXT_WORD = re.compile(r"\s+([a-z][\w-]*)")


def qualifies_another(sentence: str, end: int) -> bool:
    """A pet word followed by a lower-case noun only qualifies it ("my snake plant", "my dog
    bed"), unless the word is one a subject takes ("my dog loves…")."""
    after = NEXT_WORD.match(sentence, end)
    return after is not None and not _goes_on_a_clause(after.group(1))


def _goes_on_a_clause(word: str) -> bool:
    """Whether ``word``, after an animal's or a child's word, goes on the clause it is in (a
    verb, a preposition: ``AFTER_AN_ANIMAL``, or a verb in the past) rather than being the noun
    it qualifies."""
    return word in AFTER_AN_ANIMAL or (word.endswith("ed") and word not in NOUNS_IN_ED)


NOUNS_IN_ED = frozenset("bed shed sled seed weed feed speed breed".split())
"""Nouns that end as a past verb does: "a dog bed", "the cat feed"."""


def _born(scope: Scope, sentence: str) -> None:
    """ "Clara was born this morning" in a message whose writer speaks as a parent."""
    if "born" not in sentence and "nasceu" not in sentence:
        return
    if scope.speaker is None or not PARENT.search(scope.episode.content):
        return
    for match in BORN.finditer(sentence):
        words = match.group("name").split()
        while words and not is_name(words[0]):  # "A Clara nasceu": the article goes
            words.pop(0)
        if words:
            child = scope.entity(" ".join(words), "person", retype=True)
            fact = ExtractedFact(
                scope.speaker, "has_child", child, match.group(0), origin="kin_named"
            )
            scope.facts.append(fact)


SOMEONE_ELSES = re.compile(
    r"(?:\w['’]s|\b(?:[Hh]is|[Hh]er|[Tt]heir|[Yy]our))\s+(?:[a-z][\w-]*\s+)?$"
)
"""Whose a kind of kin or pet is, when it is not the speaker's: "Karen's older daughter", "her
puppy"."""


OTHERS_HAD = re.compile(
    rf"(?:\b(?!I\b|We\b)[A-ZÀ-Þ][\w'’-]*|\b[Mm]y\s+(?:{KIN_EN})|\b(?:[Ss]he|[Hh]e|[Tt]hey))\s+"
    r"(?:has|have|had|just\s+had|adopted|has\s+adopted|got|rescued|welcomed)\s+"
    r"(?:an?\s+|another\s+|their\s+|her\s+|his\s+)?(?:[a-z][\w-]*\s+)?$"
)
"""Someone else had or took in the pet or child just before it is named: "my sister adopted a
puppy, his name is Tambor", "Júlia has a baby boy now, his name is Pedro"."""


NAMED_AGE = re.compile(  # "My nephew Marco, 19, works…", "Ada (9) and Tobi (6)", "(Jiho, 12)"
    rf"(?<![\w'’])(?P<name>{NAME})(?:,\s*(?P<age>\d{{1,2}})(?:\s*(?:years?|yrs?)(?:\s+old)?)?"
    r"(?=\s*[,)]|\s*$)"
    r"|\s*\(\s*(?:(?:she|he|it)(?:['’]s|\s+is)\s+)?(?P<age2>\d{1,2})"
    r"(?:\s*(?:years?|yrs?)(?:\s+old)?)?\s*\)"
    r"|,?\s+who\s+is\s+(?P<age3>\d{1,2})\b"
    r"(?!\s*(?:%|am|pm|kg|cm|km|minutes?|mins?|hours?|hrs?|[:.]\d)|\s+\w+\s+(?:late|early|behind)))"
)
"""A person's or a pet's age set off beside their name."""


def _named_ages(scope: Scope, sentence: str) -> None:
    """The ages set off beside the names of people or pets the message has named
    (``NAMED_AGE``): "my nephew Marco, 19, …" is Marco's age."""
    if "(" not in sentence and "," not in sentence and " who is " not in sentence:
        return
    for match in NAMED_AGE.finditer(sentence):
        name = leading_name(match.group("name"))
        known = scope.entities.get(fold(name)) if name else None
        if known is None or known.type not in ("person", "animal") or name == scope.speaker:
            continue
        age = scope.entity(
            match.group("age") or match.group("age2") or match.group("age3"), "value"
        )
        scope.facts.append(
            ExtractedFact(known.name, "age", age, match.group(0), origin="kin_named")
        )


def _named_after(scope: Scope, sentence: str) -> None:
    """ "We got a kitten, Nina, …", "a kitten too, her name is Nina", "uma gatinha, chama-se
    Mia": a pet or a child of the speaker's, named after its kind, and its age when said before
    ("a 3 year old beagle named Honey")."""
    if scope.speaker is None or not FIRST_PERSON.search(sentence):
        return
    for match in NAMED_AFTER.finditer(sentence):
        name = match.group("name") or match.group("name2") or match.group("name3")
        kind = (match.group("kind") or match.group("kind2") or match.group("kind3")).lower()
        if not is_name(name.split()[0]) or HAD_ONCE.search(sentence, 0, match.start()):
            continue
        if CONSIDERED.search(sentence, 0, match.start()):
            continue  # "thinking of getting a puppy, Jack Russell or beagle?"
        if not match.group("name3") and SOMEONE_ELSES.search(sentence, 0, match.start()):
            continue  # "Karen's older daughter, Olivia": Karen's
        if OTHERS_HAD.search(sentence, 0, match.start()):
            continue  # "my sister adopted a puppy, his name is Tambor": the sister's
        pet = bool(re.fullmatch(PETS, kind))
        found = scope.entity(name, "animal" if pet else "person", (f"my {kind}",))
        predicate = "has_pet" if pet else "has_child"
        fact = ExtractedFact(scope.speaker, predicate, found, match.group(0), origin="kin_named")
        scope.facts.append(fact)
        if match.group("age"):  # "a 3 year old beagle named Honey": Honey is 3
            age = scope.entity(match.group("age"), "value")
            scope.facts.append(ExtractedFact(found, "age", age, match.group(0), origin="kin_named"))


ANY_PET = rf"(?i:{PETS}|dogs|cats|puppies|pups|kittens|{OTHER_PETS})"
"""A word for one or several animals people keep, in any case ("Frenchie", "huskies")."""
AGE_BESIDE = r"(?:\s*\(\d{1,2}\)|\s+\d{1,2}(?![\d:.,]\d))"
"""An age beside a listed name: "Ava (4)", "Sophie 12"."""
NAMES = (
    rf"(?<![\w'’]){NAME}{AGE_BESIDE}?(?:\s*,\s*{NAME}{AGE_BESIDE}?)*"
    rf"(?:\s*,?\s+(?:and|&|e)\s+{NAME})"
)
"""Two names or more, listed: "Pip and Squeak", "Tom, Ziggy & Luna", "Sophie 12 and Fergus"."""
NAMED_LIST = re.compile(  # "our guinea pigs, Pip and Squeak, …", "my cats Tom, Ziggy & Luna"
    r"\b(?:[Mm]y|[Oo]ur|(?P<had>a\s+pair\s+of|two|three|four|five|six|\d+))\s+"
    r"(?:(?:two|three|four|five|six|\d+|little|new|old|[a-z][\w-]*)\s+){0,2}?"
    rf"(?:(?P<kind>{ANY_PET})|(?P<young>kids|children|sons|daughters|boys|girls|twins|triplets))"
    rf"(?:\s+(?:now|too|both|here))?(?:\s*[,:(]\s*|\s+are\s+(?:called\s+|named\s+)?|\s+"
    r"|\s+(?:from|off|at|in)\s+(?:the\s+)?[a-z][\w'’-]*\s*,\s*)"  # "2 cats from the street, …"
    rf"(?P<names>{NAMES})"
)
"""Pets, or children, of a kind named in a list after it ("two kids, Ava (4) and Leo", "three
hens: Dolly, Peggy and Mabel", "our cats are Tom and Jerry")."""
A_PET_DOES = (
    r"(?:(?:just|still|always|finally|never|now|also)\s+)?(?:[a-z]+ed|is|was|has|had|ate|eats|gets"
    r"|got|loves|hates|keeps|kept|needs|sleeps|slept|screams|barks|does|did|can|will|lives|works"
    r"|says|turned|turns)\b"
)
"""A verb one does as the subject of a clause: "Zeus my Rottweiler ate a sock"."""
A_PET_DOES_NEXT = re.compile(rf"\s+{A_PET_DOES}")
PETS_APPOSED = re.compile(  # "Pumpkin, our ginger tabby", "Kiwi and Mango, my budgies"
    rf"(?P<names>(?<![\w'’]){NAME}|{NAMES})"
    r"(?:(?:\s*,|\s*\()\s*(?:[Mm]y|[Oo]ur)\s+|\s*\(\s*(?:(?:the|a|an)\s+)?(?=[^()]*\)))"
    rf"(?:(?!favou?rite\b)[\w-]+\s+){{0,2}}?(?P<kin>{ANY_PET})\b(?=\s*(?:[,.!?;:)]|$))"
)
"""Pets named before their kind, in apposition: "Diesel, my German shepherd", "Luna (my
husky)", "Olive, our 2-year-old Frenchie", "Kevin (the goat)", "Feeding Noodle (corn snake)"."""
NAMED_FIRST = re.compile(
    r"(?P<lead>(?:^|[.!?]\s+)[^\w\s]*)"
    r"(?!(?:Update|Note|Reminder|Btw|Guess|Love|Poor|Miss|Bless|Meet|Guys|Shoutout)\b)"
    rf"(?P<kname>{NAME})\s+(?P<my>[Mm]y|[Oo]ur)\s+"
    rf"(?P<kin>(?:(?!favou?rite\b)[\w-]+\s+){{0,2}}?(?:{KIN_EN}|{ANY_PET}))\b(?=\s+{A_PET_DOES})"
)
"""A sentence that opens on a name and its kin or pet word without a comma: "Paco my husband is
81 now", "Zeus my Rottweiler ate a sock"."""


def with_names_apposed(text: str) -> str:
    """``text`` with the kin or pet word after a name that opens a sentence set off by commas
    (``NAMED_FIRST``), as an apposition reads: "Paco, my husband, is 81 now"."""
    if " my " not in text and " our " not in text and " My " not in text:
        return text
    return NAMED_FIRST.sub(r"\g<lead>\g<kname>, \g<my> \g<kin>,", text)


def _listed_names(names: str, at_start: bool) -> list[str]:
    """The names of a list ("Ava (4) and Leo"), ages gone; a sentence's first word is a name
    only with another after it ("Walked Biscuit, my beagle": Biscuit)."""
    listed = re.split(r"\s*,\s*|\s+(?:and|&|e)\s+", re.sub(AGE_BESIDE, "", names))
    if at_start and len(listed[0].split()) > 1:
        listed[0] = listed[0].split(maxsplit=1)[1]
    return [name.strip(" ,") for name in listed if name.strip(" ,")]


SEEN = re.compile(r"\b(?:saw|seen|see|met|meet|watched|spotted|petted|pet)\s+$", re.IGNORECASE)
"""A verb of meeting just before animals counted: "I saw two dogs, Max and Ruby": not mine."""


def _named_list(scope: Scope, sentence: str) -> None:
    """ "Our guinea pigs, Pip and Squeak, keep fighting", "Kiwi and Mango, my budgies": each name
    is a pet of the speaker's."""
    if scope.speaker is None:
        return
    listed = " and " in sentence or "&" in sentence or " e " in sentence
    for match in NAMED_LIST.finditer(sentence) if listed else ():
        if match.group("had") and (
            not SAID_BY_ONE.search(sentence)
            or OTHERS_HAD.search(sentence, 0, match.start())
            or SEEN.search(sentence, 0, match.start())
        ):
            continue  # "we adopted a pair of kittens, Luna and Sol"; not a friend's
        young = match.group("young") is not None
        kind = (match.group("kind") or match.group("young")).lower()
        for name in _listed_names(match.group("names"), at_start=False):
            if is_name(name.split()[0]):
                _named_one(scope, name, kind, young, match.group(0))
    for match in PETS_APPOSED.finditer(sentence):
        kind = match.group("kin").lower()
        if qualifies_another(sentence, match.end("kin")):
            continue  # "Sammy, my snake plant"
        names = match.group("names")
        at_start = not sentence[: match.start()].strip(" \t\"'“‘*-")
        for name in _listed_names(names, at_start):
            if is_name(name.split()[0]):
                _named_one(scope, name, kind, False, match.group(0))


PETS_LISTED = re.compile(
    rf"\b(?:I|[Ww]e)\s+(?:(?:now|also|still|already)\s+)?(?:have|have\s+got|own|keep)\s+"
    rf"{HOW_MANY}\s+(?:{PETS})s?\b(?P<rest>(?:\s*,\s*|\s+and\s+)[^.;!?]*)"
)
"""Pets had, counted in a list: "We have 3 cats, 1 dog and a parrot"."""
PET_IN_LIST = re.compile(
    rf"(?:\s*,\s*|\s+and\s+)(?:an?|one|{HOW_MANY})\s+(?:(?:very\s+)?[a-z]+\s+)??"
    rf"(?P<kind>{PETS})(?P<plural>s)?\b"
)
"""One more pet of such a list: ", 1 dog", " and a very confused parrot"."""


def _pets_listed(scope: Scope, sentence: str) -> None:
    """Each kind of pet after the first of a counted list (``PETS_LISTED``) is the speaker's."""
    if scope.speaker is None or not any(w in sentence for w in (" have ", " own ", " keep ")):
        return
    for match in PETS_LISTED.finditer(sentence):
        at = match.start("rest")
        while (pet := PET_IN_LIST.match(sentence, at)) is not None:
            at = pet.end()
            if qualifies_another(sentence, at):
                continue  # "2 cats and a dog bed"
            kind = pet.group("kind") + (pet.group("plural") or "")
            animal = scope.entity(kind, "animal")
            scope.facts.append(
                ExtractedFact(
                    scope.speaker, "has_pet", animal, pet.group(0).strip(" ,"), origin="kin_unnamed"
                )
            )


def _named_one(scope: Scope, name: str, kind: str, young: bool, quote: str) -> None:
    """The speaker's pet, or child, ``name`` of the kind said."""
    assert scope.speaker is not None
    one = scope.entity(name, "person" if young else "animal", (f"my {kind}",))
    predicate = "has_child" if young else "has_pet"
    scope.facts.append(ExtractedFact(scope.speaker, predicate, one, quote, origin="kin_named"))


def _pronoun_pet(scope: Scope, sentence: str) -> None:
    """ "I walk Bruno twice a day, he's a big husky": in a sentence that says "I" or "we", the
    last name before a pronoun that is a pet is the speaker's pet."""
    if scope.speaker is None:
        return
    if ", " not in sentence and " and " not in sentence:
        return
    for match in PRONOUN_PET.finditer(sentence):
        if not FIRST_PERSON.search(sentence) and " my " not in match.group(0):
            continue  # "…, he's my border collie" is the speaker's too
        before = sentence[max(0, match.start() - 60) : match.start()]
        names = [
            # a sentence's first word is a name only with another after it: "Took Max to…"
            m.group(0)
            if m.start() > 0 or A_PET_DOES_NEXT.match(before, m.end())
            else " ".join(m.group(0).split()[1:])
            for m in A_NAME.finditer(before)
        ]
        names = [n for n in names if n and is_name(n.split()[0])]
        if names:
            pet = scope.entity(names[-1], "animal", (f"my {match.group('kin').lower()}",))
            fact = ExtractedFact(scope.speaker, "has_pet", pet, match.group(0), origin="kin_named")
            scope.facts.append(fact)


def _owned_by_another(scope: Scope, sentence: str) -> None:
    """ "Lula's cat just had kittens", "my wife's horse is boarded…", "Marta's dog Rex": the
    owner has the pet, named when a name follows its kind. A lower-case word after the kind must
    be one a subject takes, or a verb in the past ("Lula's cat food", "my son's dog walker" are
    things, not pets)."""
    if "'s" not in sentence and "’s" not in sentence:
        return
    for match in OWNED_BY_ANOTHER.finditer(sentence):
        after = match.group("after").strip()
        pname = match.group("pname")
        named = pname is not None and is_name(pname.split()[0])
        if not named and after and not _goes_on_a_clause(after):
            continue
        owner = match.group("owner")
        if match.group("kin"):  # kin the speaker is linked to: "my friend's dog" tells of no one
            kin = match.group("kin")
            if scope.speaker is None or fold(kin) not in KIN_PREDICATE:
                continue
            subject = scope.kin(kin, None, kin_alias(kin, True))
        elif owner and all(is_name(word) for word in owner.split()):
            subject = scope.entity(owner, scope.type_of(owner, "person"))
        else:
            continue
        kind = match.group("kind").lower()
        pet = scope.entity(pname if named else kind, "animal")
        fact = ExtractedFact(subject, "has_pet", pet, match.group(0).strip(), origin="kin_named")
        scope.facts.append(fact)


OTHERS_KIN_WORDS = {
    **dict.fromkeys(["husband", "wife", "boyfriend", "girlfriend", "partner"], "has_partner"),
    **dict.fromkeys(["fiancée", "fiancé", "fiance"], "has_partner"),
    **dict.fromkeys(
        "son sons daughter daughters kids children boys girls baby".split(), "has_child"
    ),
    **dict.fromkeys("mom mum mother dad father parents".split(), "has_parent"),
    **dict.fromkeys("brother sister brothers sisters".split(), "has_sibling"),
}
"""Kin words of another person's whose relation the graph holds."""
OWNING_KIN = (
    r"husband|wife|boyfriend|girlfriend|partner|son|daughter|sister|brother|mom|mum|mother|dad"
    r"|father"
)
"""The speaker's kin whose own kin may be told of ("my husband's parents")."""
OTHERS_KIN = re.compile(
    rf"(?:\b(?P<pron>[Hh]is|[Hh]er)|(?:\b(?:[Mm]y|[Oo]ur)\s+(?P<kin_owner>{OWNING_KIN})"
    rf"|(?<![\w'’])(?P<owner>{NAME}))['’]s)"
    r"\s+(?:(?:little|big|older|younger|new|two|three|four|\d+)\s+)?"
    rf"(?P<kin>{'|'.join(sorted(OTHERS_KIN_WORDS, key=len, reverse=True))})\b(?![- ]in[- ]law)"
    rf"(?:\s+(?:boy|girl))?(?:\s*,?\s*(?P<kname>{NAME}))?"
)
"""Another person's kin: "her husband", "his brother Lucas", "my husband's parents", "Eva's two
boys"."""
OWNER_BEFORE = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur)\s+(?:(?:little|big|older|younger)\s+)?(?P<kin>{OWNING_KIN})\b"
    rf"|(?<![\w'’])(?P<name>{NAME})"
)
"""Whom "his" or "her" may be: the last person the message names or calls by a kin word."""


def _others_kin(scope: Scope, sentence: str) -> None:
    """Kin of someone the speaker tells of: "my daughter lives in Osaka with her husband"
    (the daughter has a partner), "Ethan is 17 and his brother Lucas is 14", "my husband's
    parents are coming": the person before "his"/"her", or before "'s", has that relation."""
    if scope.speaker is None:
        return
    for match in OTHERS_KIN.finditer(sentence):
        owner = _owner_of(scope, sentence, match)
        if owner is None:
            continue
        kin = match.group("kin").lower()
        kname = match.group("kname")
        named = kname is not None and is_kin_name(kname.split()[0]) and not _listed(match)
        if OTHERS_KIN_WORDS[kin] == "has_parent" and not named and _speakers_child(scope, owner):
            continue  # "my son … doesn't call his mother enough": the speaker, or their partner
        who = scope.entity(kname if named else kin, "person", retype=named)
        if fold(who) == fold(owner):
            continue
        fact = ExtractedFact(
            owner, OTHERS_KIN_WORDS[kin], who, match.group(0).strip(), origin="kin_named"
        )
        left = broke_up(sentence, match.start(), match.end())  # "Tom and his wife divorced"
        scope.facts += _exes([fact]) if left else [fact]


def _speakers_child(scope: Scope, who: str) -> bool:
    """Whether the message has ``who`` as a child of the speaker's."""
    return any(
        f.predicate == "has_child" and f.subject == scope.speaker and f.object == who
        for f in scope.facts
    )


def _owner_of(scope: Scope, sentence: str, match: re.Match[str]) -> str | None:
    """The person whose kin ``match`` names (``_others_kin``), or None when unknown or the
    speaker."""
    if match.group("kin_owner"):
        kin = match.group("kin_owner")
        return scope.kin(kin, None, kin_alias(kin, True))
    if match.group("owner"):
        name = leading_name(match.group("owner"))
        if not name or _placed(sentence[: match.start()]):
            return None
        if scope.type_of(name, "person") != "person" or fold(name) == fold(scope.speaker or ""):
            return None
        return scope.entity(name, "person", retype=True)
    before = message_before(scope.text, sentence, match.start())
    found = list(OWNER_BEFORE.finditer(before))
    for previous in reversed(found):
        if previous.group("kin"):
            kin = previous.group("kin")
            return scope.kin(kin, None, kin_alias(kin, True))
        name = leading_name(previous.group("name"))
        if not name or _placed(before[: previous.start()]) or not is_name(name):
            continue  # "moving back from London to Uppsala with her two boys": no one's
        if fold(name) == fold(scope.speaker or "") or scope.type_of(name, "person") != "person":
            continue
        known = scope.entities.get(fold(name))
        if (known is None or known.type != "person") and not ACTS.match(before, previous.end()):
            continue  # "Whatsmore, his wife…", "I'm 12.5% Irish, and… her parents": no one
        return scope.entity(name, "person", retype=True)
    return None


def _placed(before: str) -> bool:
    """Whether the words ``before`` a name make it a place, not someone whose kin follows."""
    return bool(PLACED_BEFORE.search(before) or AT_A_PLACE.search(before))


ACTS = re.compile(
    r"\s+(?:is|was|has|had|and|&|says|said|told|tells|took|takes|went|goes|got|gets|lives"
    r"|moved|came|comes|brought|brings|will|would|can|could)\b"
)
"""A name that opens a clause as its subject ("Ethan is 17 and his brother…", "Emma and her
baby"): someone whose kin "his" or "her" may be."""


FIRST_PERSON = re.compile(
    r"\b(?:I|[Ww]e|[Oo]ur|[Ee]u|[Nn]ós|[Tt]emos|[Aa]dotámos|[Aa]dotamos|[Tt]ivemos|[Aa] nossa"
    r"|[Oo] nosso)\b"
)
"""Who a pet named after its kind belongs to: the speaker, when the sentence says "I" or "we"
("my sister has a kitten, Tom" is the sister's)."""
SAID_BY_ONE = re.compile(rf"\b(?:[Mm]y|[Mm]e)\b|{FIRST_PERSON.pattern}")
"""A sentence the speaker is in, as "I", "we", "my" or "me": "Bella the cat is asleep on my
scrubs"."""


def _listed(match: re.Match[str]) -> bool:
    """ "My girlfriend, Toby and I": after a comma, a name that a list goes on from is the
    list's next item, not the girlfriend's name."""
    between = match.string[match.start("kin") : match.start("kname")]
    after = match.string[match.end() :]
    return "," in between and bool(LIST_GOES_ON.match(after))


LIST_GOES_ON = re.compile(r"\s*(?:,\s*[A-ZÀ-Þ]\w*\s*)?(?:and|&|e)\b")
"""What follows a list's item: "…, Toby and I", "…, Toby, Rex and I" ("my husband, Tom, and
I" is Tom)."""
LISTED_NEXT = re.compile(r"\s*,\s*[A-ZÀ-Þ]\w*\s+(?:and|&|e)\s+(?:I|me|eu)\b")
"""A name after a kin word that a list with the speaker goes on from: "my girlfriend, Toby and
I"."""


DENIED_KIN = re.compile(
    r"\b(?:not|isn['’]t|aren['’]t|wasn['’]t|weren['’]t|never|no\s+longer|não\s+é)\s+$",
    re.IGNORECASE,
)
"""A relation denied just before it: "Miguel isn't my brother", "is not my boss"."""
HE_IS = re.compile(r"\b(?:he|she)(?:['’]s|\s+is|\s+has\s+been)\s+$", re.IGNORECASE)
"""A pronoun just before the relation: "he's my boyfriend" names whom the message named."""


def _unnamed_kin(scope: Scope, sentence: str) -> None:
    """'my husband and kids', 'my four dogs': a relation to someone the text does not name
    ("Tiago, my boyfriend, …" names him)."""
    found = [*UNNAMED_KIN.finditer(sentence), *UNNAMED_AND.finditer(sentence)]
    if "Mom" in sentence or "Mum" in sentence or "Dad" in sentence:
        found += [
            m
            for m in PARENT_CALLED.finditer(sentence)
            if not SIGNED_OFF.search(sentence, 0, m.start())  # "Love, Daddy": the writer
        ]
    if "mom" in sentence or "mum" in sentence or "dad" in sentence or "mam" in sentence:
        found += [*PARENT_SAID.finditer(sentence)]
    if any(
        word in sentence
        for word in ("wife", "husband", "missus", "hubby", "girlfriend", "boyfriend")
    ):
        found += [*PARTNER_SAID.finditer(sentence)]
    if scope.speaker is None or not found:
        return
    named = [
        m.span("kin")
        for m in APPOSITION.finditer(sentence)
        if is_name(m.group("kname").split()[-1])
    ]
    named += [m.span("kin") for m in PETS_APPOSED.finditer(sentence)]
    named += [
        m.span("kin")
        for m in KINSHIP.finditer(sentence)
        if is_name(m.group("kname").split()[0]) and not _listed(m)
    ]
    named += [m.span("kin") for m in COPULA.finditer(sentence)]
    named += [
        m.span("kin") for m in APPOSED.finditer(sentence) if is_name(m.group("name").split()[-1])
    ]  # "Last Tuesday, my gf, …" names no one
    for match in found:
        groups = ("noun", "noun_pt", "plural_pt", "called")
        group = next(g for g in groups if match.groupdict().get(g))
        noun, after = match.group(group), (match.group("after") or "").strip(" ,")
        if any(start <= match.start(group) < end for start, end in named):
            continue
        predicate = UNNAMED_PREDICATE.get(fold(noun)) or UNNAMED_PREDICATE.get(
            fold(noun).rstrip("s")
        )
        named_after = (  # "Mom, Dad and I", "my girlfriend, Toby and I": no name
            after[:1].isupper()
            and group != "called"
            and not LISTED_NEXT.match(sentence, match.end(group))
        )
        if predicate is None or named_after or fold(after).strip(".,!?") in NOT_KIN:
            continue
        if PARENT_OF_MANY.match(sentence, match.end(group)):
            continue  # "Dad of three here": the speaker is the parent
        word = after.strip(".,!?")
        animal = match.groupdict().get("animal")
        if animal and not animal.endswith("s") and word.isalpha() and word.islower():
            if not _goes_on_a_clause(word):  # "my bird feeder"
                continue  # (a plural rarely qualifies: "my two budgies wake me")
        before = sentence[: match.start()]
        if DENIED_KIN.search(before):
            continue  # "Miguel isn't my brother"
        who = named_before(scope, before) if HE_IS.search(before) else None
        if who is not None and predicate != "has_pet":  # "Tiago and I … he's my boyfriend"
            obj = scope.entity(who, "person", (f"my {noun.lower()}",), retype=True)
            scope.facts.append(
                ExtractedFact(scope.speaker, predicate, obj, match.group(0), origin="kin_named")
            )
            continue
        type_ = "animal" if predicate == "has_pet" else "person"
        if group == "called":  # "I broke Mom's vase": the speaker's mom
            noun = noun.lower()
        alias = f"my {noun}" if group in ("noun", "called") else kin_alias(noun, False)
        obj = scope.entity(noun, type_, (alias,))
        ended = predicate == "has_partner" and gone(sentence, match.start(), match.end(group))
        fact = ExtractedFact(
            scope.speaker, predicate, obj, match.group(0), negated=ended, origin="kin_unnamed"
        )
        left = broke_up(sentence, match.start(), match.end(group))
        scope.facts += _exes([fact]) if left else [fact]


DIED_AFTER = (
    r"\s+(?:(?:has|had|just|sadly)\s+)*(?:died|passed\s+(?:away|on)|passed(?=\s*(?:[.,!;]|$))"
    r"|was\s+put\s+down|crossed\s+the\s+rainbow\s+bridge)\b"
)
"""A pet's death said after its name: "Storm died this morning"."""
LOST_BEFORE = (
    r"(?:\bRIP|\bR\.I\.P\.?|\b[Rr]est\s+in\s+peace,?)\s+"
    r"(?:(?:my|our|sweet|dear|old|little)\s+)*(?:[a-z]+\s+)?"
)
"""A pet's death said before its name: "RIP Biscuit" ("we lost Rex" may be in the park)."""


CO_OWNER = re.compile(
    rf"(?:(?<![\w'’])(?P<name>{NAME})\s+(?:and|&)\s+(?:I|me)"
    rf"|\b[Mm]e\s+(?:and|&)\s+(?:my\s+(?:{KIN_EN})\s+)?(?P<name2>{NAME}))"
    r"(?:\s*,?\s*we)?\s+(?:(?:just|finally|recently|have|['’]ve|now|officially)\s+)*"
    r"(?:adopted|adopt|got|get|have|rescued|bought|took\s+in|welcomed|brought\s+home)\b"
)
"""Someone named who took a pet in with the speaker: "Iker and me adopted a kitten", "me and
Giulia we adopt a dog", "my girlfriend Camila and I just got a puppy"."""


def pets_shared(scope: Scope) -> list[ExtractedFact]:
    """The speaker's pets (``scope.facts``) again for each person named as taking them in with
    the speaker, or joined with the speaker in a sentence that calls them "our" ("Kai and I live
    in Sydney with our two dogs, Ruby and Rocco"): the pet is theirs too."""
    if scope.speaker is None or not any(f.predicate == "has_pet" for f in scope.facts):
        return []
    pets = [
        f
        for f in scope.facts
        if f.predicate == "has_pet" and f.subject == scope.speaker and not f.negated
    ]
    shared = [
        (leading_name(match.group("name") or match.group("name2")), pets)
        for match in CO_OWNER.finditer(scope.text)
    ]
    for start, end in sentence_spans(scope.text) if " our " in scope.text else ():
        sentence = scope.text[start:end]
        if " our " not in sentence:
            continue
        ours = [p for p in pets if p.object in sentence]
        shared += [
            (leading_name(next(n for n in m.groups() if n)), ours)
            for m in JOINED.finditer(sentence)
        ]
    return list(
        dict.fromkeys(
            replace(pet, subject=scope.entity(owner, "person", retype=True))
            for owner, theirs in shared
            if owner and fold(owner) != fold(scope.speaker) and fold(owner) not in UNNAMED_PREDICATE
            for pet in theirs
        )
    )


JOINED = re.compile(
    rf"(?:(?<![\w'’])(?P<name>{NAME})\s+(?:and|&)\s+(?:I|me)"
    rf"|\b[Mm]e\s+(?:and|&)\s+(?:my\s+(?:{KIN_EN})\s+)?(?P<name2>{NAME}))"
    r"\s+(?=(?:(?:now|just|both|also|still|finally)\s+)?(?:live|have|got|share|adopted|own|rent"
    r"|moved|walk|take)\b)"
    r"|\bwith\s+my\s+(?:partner|wife|husband|girlfriend|boyfriend|fianc[ée]e?)\s+"
    rf"(?P<name3>{NAME})"
)
"""Someone joined with the speaker in a sentence: "Kai and I", "me and Diego", "with my
partner Anders"."""


def ended_by_death(scope: Scope, facts: list[ExtractedFact]) -> list[ExtractedFact]:
    """``facts`` with a pet or a partner the message says died ended: "Our old greyhound Storm
    died this morning", "RIP Biscuit", "her husband Alf died on Sunday" (rule 20); one alive stays
    as it is."""
    text = scope.text
    out = []
    for f in facts:
        if f.predicate in ("has_pet", "has_partner") and not f.negated:
            name = re.escape(f.object)
            died = re.search(rf"\b{name}{DIED_AFTER}", text) or re.search(
                rf"{LOST_BEFORE}{name}\b", text
            )
            if died is not None:
                f = replace(f, negated=True)
        out.append(f)
    return out


def one_per_kind(scope: Scope) -> list[ExtractedFact]:
    """The facts, last first, less a pet or child known only by its kind ("kitten") when the
    message names one of that kind ("a kitten, Nina"): the kind is the named one's alias. A pet
    said by one word for its animal and named by another is one pet ("we adopted a grey kitten…
    named him Kumara", "a rescue dog, a mutt called Pisco")."""
    kinds = {
        fold(alias.split()[-1]).removesuffix("s")  # "my cats Bulka and Masha": a cat each
        for f in scope.facts
        if f.predicate in ("has_pet", "has_child", "has_sibling")
        for alias in scope.entities[fold(f.object)].aliases
        if fold(alias.split()[-1]) != fold(f.object)  # a named one's kind
    }
    named_animals = {
        species(alias.split()[-1])
        for f in scope.facts
        if f.predicate == "has_pet" and not _pet_word(f.object.split()[-1])
        for alias in scope.entities[fold(f.object)].aliases
        if _pet_word(alias.split()[-1])
    }
    return [
        f
        for f in reversed(scope.facts)
        if not (
            f.predicate in ("has_pet", "has_child", "has_sibling")
            and fold(f.object.split()[-1]).removesuffix("s") in kinds  # "2 barn cats, Mis and…"
        )
        and not (
            f.predicate == "has_pet"
            and _pet_word(f.object.split()[-1])
            and species(f.object.split()[-1]) in named_animals
        )
    ]


def _pet_word(word: str) -> bool:
    """A word for one animal people keep ("kitten", "Beagle"), not for several."""
    return bool(re.fullmatch(PETS, word.lower()))


NAMED = re.compile(NAME)


def pet_named_last(scope: Scope, before: str) -> str | None:
    """The pet "he" or "she" is when the last one the message named ``before`` it is a pet:
    "a greyhound called Ziggy, he's 4"."""
    for match in reversed(list(NAMED.finditer(before))):
        known = scope.entities.get(fold(leading_name(match.group(0)) or ""))
        if known is not None:
            return known.name if known.type == "animal" else None
    return None


def named_before(scope: Scope, before: str) -> str | None:
    """Whom "she" or "he" is when no person is known yet: the last name the message gave
    ``before`` it, not a place ("a parcel to Sofia? She lives in Vienna", not "went to Zara")."""
    for match in reversed(list(NAMED.finditer(before))):
        name = leading_name(match.group(0))  # "Vera's not in Rome": Vera
        if not name or AT_A_PLACE.search(before[: match.start()]):
            continue
        if scope.type_of(name, "person") not in ("person", "user") or name == scope.speaker:
            continue
        return scope.entity(name, "person", retype=True)
    return None
