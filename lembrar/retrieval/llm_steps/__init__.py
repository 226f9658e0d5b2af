"""A search's optional language-model steps, each off by default and each able to fail.

``SearchConfig`` flags, run when the ``Memory`` has an ``llm``:
    ``llm_hypothetical_query``  the embedding of an imagined answering memory, fused as a dense signal
    ``llm_time_extraction``     the model's date ranges, joined to the rule parser's windows
    ``llm_relevance_filter``    the model drops retrieved memories that do not help answer

Every step falls back to the plain method on any ``LLMError`` and says so in
``Retrieval.steps``; every fallback is also logged on ``lembrar.llm``. The other language-model
steps live beside what they serve: capture of memory records in ``lembrar.layers.capture``,
summaries and insights in ``lembrar.layers.llm_writers``, field-weighted record embeddings in
``lembrar.embed.fields``.
"""

from lembrar.retrieval.llm_steps.hooks import prepare_search

__all__ = ["prepare_search"]
