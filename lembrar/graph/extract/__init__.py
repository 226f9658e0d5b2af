"""Extractors: episodes in, entities and facts out, behind one protocol."""

from __future__ import annotations

from lembrar.graph.extract.protocol import Extractor


def offline_extractor(names: str = "auto", trusted: bool = False) -> Extractor:
    """The offline extractor; ``names``: "spacy" (needs the ``[graph]`` extra), "rules", or
    "auto" (spaCy when installed); ``trusted``: only facts whose extraction confidence reaches
    the threshold fitted on the labelled sets (``trust``)."""
    from lembrar.graph.extract.rules import RuleExtractor
    from lembrar.graph.extract.spacy_names import SpacyNames, spacy_available

    if names == "rules" or (names == "auto" and not spacy_available()):
        return RuleExtractor(trusted=trusted)
    if names not in ("auto", "spacy"):
        from lembrar.errors import ValidationError

        raise ValidationError("names", "use 'auto', 'spacy' or 'rules'")
    return RuleExtractor(SpacyNames(), trusted)


def __getattr__(name: str) -> object:
    if name == "LLMExtractor":
        from lembrar.graph.extract.llm import LLMExtractor

        return LLMExtractor
    raise AttributeError(name)


__all__ = ["Extractor", "LLMExtractor", "offline_extractor"]
