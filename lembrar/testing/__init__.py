"""Test doubles shipped with lembrar, for its own tests and for applications built on it.

:class:`FakeOpenAIServer` is a real local HTTP server speaking the OpenAI chat-completions
protocol, so code under test talks to it exactly as it would to OpenAI, Ollama or vLLM.
"""

from lembrar.testing._script import RecordedRequest, Reply, Responder, ScriptedToolCall
from lembrar.testing.openai_server import FakeOpenAIServer

__all__ = ["FakeOpenAIServer", "RecordedRequest", "Reply", "Responder", "ScriptedToolCall"]
