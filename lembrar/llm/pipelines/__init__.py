"""Language-model steps for ingest and search, each off by default and each able to fail.

Ingest (``Memory(..., llm=client, llm_capture=True)``):
    ``llm_capture``          a JSON memory record per exchange worth remembering, beside the turns
Search (``SearchConfig`` flags, run when the ``Memory`` has an ``llm``):
    ``llm_hypothetical_query``  the embedding of an imagined answering memory, fused as a dense signal
    ``llm_time_extraction``     the model's date ranges, joined to the rule parser's windows
    ``llm_relevance_filter``    the model drops retrieved memories that do not help answer
Embedding:
    :class:`FieldWeightedEmbedder`  records' short fields embedded apart and added with weights
Memory layers (``LayerConfig(summarizer=..., insight_writer=...)``):
    :class:`LLMSummarizer`, :class:`LLMInsightWriter`  session summaries and user insights

Every step falls back to the plain method on any ``LLMError`` and says so: searches report in
``Retrieval.steps``, capture in :class:`Capture` (and a log warning from ``Memory.add``),
summaries in ``SessionSummary.method``; every fallback is also logged on ``lembrar.llm``.
"""

from lembrar.llm.pipelines.bench import LLMSearch, search_config_with_llm
from lembrar.llm.pipelines.capture import Capture, capture_records, clock_fields, exchanges
from lembrar.llm.pipelines.dates import llm_windows, windows_from_ranges
from lembrar.llm.pipelines.fields import DEFAULT_FIELD_WEIGHTS, FieldWeightedEmbedder, record_fields
from lembrar.llm.pipelines.hypothetical import hypothetical_record, hypothetical_text, hypothetical_vector
from lembrar.llm.pipelines.layers import LLMInsightWriter, LLMSummarizer
from lembrar.llm.pipelines.relevance import memory_line, relevance_post_filter
from lembrar.llm.pipelines.search import prepare_search
from lembrar.retrieval.hooks import SearchHooks, StepReport

__all__ = [
    "DEFAULT_FIELD_WEIGHTS",
    "Capture",
    "FieldWeightedEmbedder",
    "LLMInsightWriter",
    "LLMSearch",
    "LLMSummarizer",
    "SearchHooks",
    "StepReport",
    "capture_records",
    "clock_fields",
    "exchanges",
    "hypothetical_record",
    "hypothetical_text",
    "hypothetical_vector",
    "llm_windows",
    "memory_line",
    "prepare_search",
    "record_fields",
    "relevance_post_filter",
    "search_config_with_llm",
    "windows_from_ranges",
]
