"""Each language-model step measured against the plain method it can replace, on real data.

``lembrar bench llm STEP --llm-base-url local:/path/model.gguf`` (or any server): the model
is served on 127.0.0.1 over the OpenAI protocol, so the measured path is the one users run
against a remote model. Every result names the model (and the file's sha256), and counts
calls, tokens in and out, seconds per item, fallbacks and failures.

Steps: ``dates`` (DailyDialog), ``search`` (hypothetical memory and relevance filter on
LongMemEval), ``answers`` (end-to-end on LongMemEval, judged by the same model), ``capture``
(LoCoMo), ``summaries`` (LoCoMo, past the raw window).
"""

STEPS = ("dates", "search", "answers", "capture", "summaries")

__all__ = ["STEPS"]
