"""The predicates facts use: which hold one value at a time, how they read, which words ask
about them."""

from __future__ import annotations

from dataclasses import dataclass

from lembrar.errors import ValidationError


@dataclass(frozen=True)
class Predicate:
    """``functional``: one object at a time (a new one closes the old); ``phrase`` reads the edge
    as English; ``cues`` are query words (en, pt) that ask about it; ``object_type`` the type
    an object of unknown type gets."""

    name: str
    functional: bool
    phrase: str
    object_type: str
    cues: tuple[str, ...] = ()


PREDICATES: dict[str, Predicate] = {
    p.name: p
    for p in (
        Predicate(
            "lives_in",
            True,
            "lives in",
            "place",
            (
                "live",
                "lives",
                "living",
                "moved",
                "move",
                "home",
                "city",
                "mora",
                "moras",
                "vive",
                "vives",
                "morar",
                "viver",
                "cidade",
                "mudou",
                "mudaste",
            ),
        ),
        Predicate(
            "works_at",
            True,
            "works at",
            "organization",
            (
                "work",
                "works",
                "job",
                "employer",
                "company",
                "trabalha",
                "trabalhas",
                "emprego",
                "empresa",
            ),
        ),
        Predicate(
            "works_as",
            True,
            "works as",
            "role",
            (
                "job",
                "profession",
                "occupation",
                "role",
                "does for a living",
                "profissão",
                "trabalha como",
            ),
        ),
        Predicate(
            "studies",
            True,
            "studies",
            "activity",
            ("study", "studies", "studying", "degree", "course", "estuda", "estudas", "curso"),
        ),
        Predicate(
            "studies_at",
            True,
            "studies at",
            "organization",
            ("school", "university", "college", "escola", "universidade", "faculdade"),
        ),
        Predicate(
            "likes",
            False,
            "likes",
            "thing",
            (
                "like",
                "likes",
                "love",
                "loves",
                "enjoy",
                "favourite",
                "favorite",
                "gosta",
                "gostas",
                "adora",
                "preferido",
                "preferida",
            ),
        ),
        Predicate(
            "dislikes",
            False,
            "dislikes",
            "thing",
            ("dislike", "dislikes", "hate", "hates", "odeia", "detesta"),
        ),
        Predicate(
            "has_pet",
            False,
            "has a pet",
            "animal",
            ("pet", "pets", "dog", "cat", "animal", "cão", "gato", "cachorro"),
        ),
        Predicate(
            "has_child",
            False,
            "has a child",
            "person",
            ("child", "children", "kid", "kids", "son", "daughter", "filho", "filha", "filhos"),
        ),
        Predicate(
            "has_partner",
            True,
            "has a partner",
            "person",
            (
                "partner",
                "wife",
                "husband",
                "married",
                "boyfriend",
                "girlfriend",
                "marido",
                "mulher",
                "esposa",
                "namorado",
                "namorada",
                "casada",
                "casado",
            ),
        ),
        Predicate(
            "has_sibling",
            False,
            "has a sibling",
            "person",
            ("sister", "brother", "sibling", "irmã", "irmão"),
        ),
        Predicate(
            "has_ex",
            False,
            "has an ex-partner",
            "person",
            ("ex", "ex-husband", "ex-wife", "ex-boyfriend", "ex-girlfriend", "divorced"),
        ),
        Predicate(
            "has_parent",
            False,
            "has a parent",
            "person",
            ("mother", "father", "mom", "mum", "dad", "parent", "parents", "mãe", "pai"),
        ),
        Predicate(
            "from",
            True,
            "is from",
            "place",
            ("from", "hometown", "country", "grew", "born", "origem", "natural", "terra"),
        ),
        Predicate(
            "allergic_to",
            False,
            "is allergic to",
            "thing",
            ("allergy", "allergies", "allergic", "alergia", "alergias", "alérgico", "alérgica"),
        ),
        Predicate(
            "diet",
            True,
            "has a diet",
            "thing",
            ("diet", "eat", "eats", "vegetarian", "vegan", "dieta", "vegetariano", "vegetariana"),
        ),
        Predicate("age", True, "is aged", "value", ("old", "age", "idade", "anos")),
        Predicate("owns", False, "owns", "thing", ("own", "owns", "bought", "car", "house", "tem")),
        Predicate(
            "does",
            False,
            "does",
            "activity",
            ("hobby", "hobbies", "play", "plays", "practice", "pratica", "joga"),
        ),
        Predicate(
            "count",
            True,
            "number",
            "value",
            ("many", "number", "count", "total", "quantos", "quantas"),
        ),
        Predicate(
            "current",
            True,
            "currently",
            "thing",
            ("current", "currently", "atual", "atualmente"),
        ),
        Predicate(
            "plans",
            False,
            "plans",
            "activity",
            ("plan", "plans", "planning", "going to", "will", "vai", "planeia", "plano"),
        ),
    )
}


def predicate(name: str) -> Predicate:
    if name not in PREDICATES:
        raise ValidationError("predicate", f"use one of {sorted(PREDICATES)}, not {name!r}")
    return PREDICATES[name]


def predicates_asked(words: set[str]) -> set[str]:
    """The predicates whose cue words appear among ``words`` (folded, lower-case)."""
    return {p.name for p in PREDICATES.values() if any(c in words for c in p.cues)}
