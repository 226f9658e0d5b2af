"""A chat assistant with episodic memory, on any OpenAI-compatible model.

>>> with Memory("memory.db") as memory, LLMClient(LLMConfig.from_env()) as llm:
...     assistant = Assistant(memory, llm, user_id="ana")
...     assistant.chat("what did we talk about last Sunday?").text
"""

from lembrar.assistant.core import Assistant
from lembrar.assistant.reply import Reply, ReplyStream, ToolRun, UsedMemory
from lembrar.assistant.tools import FORGET, RECALL, REMEMBER, Toolbox
from lembrar.tools import SavedFacts

__all__ = [
    "FORGET",
    "RECALL",
    "REMEMBER",
    "Assistant",
    "Reply",
    "ReplyStream",
    "SavedFacts",
    "ToolRun",
    "Toolbox",
    "UsedMemory",
]
