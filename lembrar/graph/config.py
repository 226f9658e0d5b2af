"""Settings of the knowledge graph (a constructor argument of ``Memory``, no globals)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lembrar.errors import ValidationError

if TYPE_CHECKING:
    from lembrar.graph.extract import Extractor


@dataclass(frozen=True)
class GraphConfig:
    """enabled            extract entities and facts from every added episode
    extractor          None: the offline extractor; or e.g. ``LLMExtractor(client)``
    names              how the offline extractor finds names: "rules" (no dependency, no load
                       time), "spacy" (the ``[graph]`` extra's English model, loaded once per
                       process, ~4 s) or "auto" (spaCy when installed, else rules)
    trusted_facts      keep only facts whose extraction confidence reaches the threshold fitted
                       on the labelled sets (``lembrar/graph/extract/trust.json``); off, every
                       fact the offline extractor reads is kept
    entity_threshold   cosine of name vectors at which two entities of one type are one
    context_facts      how many facts the context block's "Facts" section may show (0: none)
    search_preset      the graph search preset ``memory.graph.search`` uses by default
    search_source      the best ``search_facts`` facts lift the turns that stated them in
                       episode search (a prior of weight ``lift_weight``); facts themselves
                       never take a turn's rank
    """

    enabled: bool = True
    extractor: Extractor | None = None
    names: str = "rules"
    trusted_facts: bool = False
    entity_threshold: float = 0.92
    context_facts: int = 8
    search_preset: str = "facts"
    search_source: bool = False
    search_facts: int = 3
    lift_weight: float = 0.1

    def __post_init__(self) -> None:
        if self.names not in ("auto", "spacy", "rules"):
            raise ValidationError("names", "use 'auto', 'spacy' or 'rules'")
        if not 0.0 < self.entity_threshold <= 1.0:
            raise ValidationError("entity_threshold", "must be in (0, 1]")
        if self.search_facts < 1:
            raise ValidationError("search_facts", "must be at least 1")
        if not 0.0 <= self.lift_weight <= 1.0:
            raise ValidationError("lift_weight", "must be in [0, 1]")
        if self.context_facts < 0:
            raise ValidationError("context_facts", "must be 0 or more")
