from __future__ import annotations

from collections.abc import Iterator

import pytest

from lembrar.llm import LLMClient
from lembrar.testing import FakeOpenAIServer

API_KEY = "sk-test-key"
MODEL = "fake-model"


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(api_key=API_KEY, models=[MODEL]) as fake:
        yield fake


@pytest.fixture
def client(server: FakeOpenAIServer) -> Iterator[LLMClient]:
    with LLMClient(server.config(timeout=2.0, max_retries=2, backoff=0.001)) as llm:
        yield llm


@pytest.fixture
def user_hi() -> list[dict[str, str]]:
    return [{"role": "user", "content": "hi"}]
