"""A GGUF chat model run in-process by llama.cpp, behind the same client as any server.

    LEMBRAR_LLM=local:/models/qwen2.5-1.5b-instruct-q4_k_m.gguf lembrar chat

or in code ``LLMClient(LLMConfig.from_env())`` with that variable set, or
``LLMClient(LLMConfig(base_url="local:/models/model.gguf", model=""))``. The model loads once
per process, on the first client that names it. It needs the ``[local]`` extra
(``llama-cpp-python``, which compiles llama.cpp when no wheel fits the machine) and a GGUF
file you bring: lembrar downloads nothing.
"""

from lembrar.llm.local.settings import (
    LOCAL_PREFIX,
    LocalModel,
    LocalModelMissingError,
    file_sha256,
    is_local,
)

__all__ = ["LOCAL_PREFIX", "LocalModel", "LocalModelMissingError", "file_sha256", "is_local"]
