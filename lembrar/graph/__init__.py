"""The temporal knowledge graph: entities and facts extracted from episodes, with when each
fact held in the world and when lembrar believed it.

    >>> memory.add("I moved to Porto last June.", user_id="ana")
    >>> [f.text for f in memory.graph.facts("ana")]
    ['User lives in Porto']
"""

from __future__ import annotations

from lembrar.graph.config import GraphConfig
from lembrar.graph.extract import Extractor, offline_extractor
from lembrar.graph.neighbourhood import Neighbourhood
from lembrar.graph.search import PRESETS, GraphHit, GraphSearchConfig
from lembrar.graph.service import Graph, open_graph_store
from lembrar.model.graph import Community, Entity, Extraction, Fact, FactSource

__all__ = [
    "PRESETS",
    "Community",
    "Entity",
    "Extraction",
    "Extractor",
    "Fact",
    "FactSource",
    "Graph",
    "GraphConfig",
    "GraphHit",
    "GraphSearchConfig",
    "Neighbourhood",
    "offline_extractor",
    "open_graph_store",
]
