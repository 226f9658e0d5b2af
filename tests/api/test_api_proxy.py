"""The memory proxy, called with the official ``openai`` client, forwarding to the bundled
OpenAI-protocol server: memory in, exchange stored, streaming, errors passed through."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

openai = pytest.importorskip("openai", reason="the proxy tests call it with the openai client")

from lembrar.api import create_app  # noqa: E402
from lembrar.embed.hashing import HashingEmbedder  # noqa: E402
from lembrar.testing import FakeOpenAIServer, RecordedRequest, Reply  # noqa: E402

pytestmark = pytest.mark.server
ADMIN = "proxy-admin"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def upstream():
    with FakeOpenAIServer(api_key="upstream-secret") as server:
        yield server


@pytest.fixture(scope="module")
def served(upstream, tmp_path_factory, serve, client, new_tenant):
    db = tmp_path_factory.mktemp("proxy") / "m.db"
    app = create_app(
        str(db),
        admin_key=ADMIN,
        embedder=HashingEmbedder(),
        upstream=upstream.config(max_retries=0, timeout=5),
    )
    with serve(app) as url, client(url, ADMIN) as admin:
        (_, key_a), (_, key_b) = new_tenant(admin), new_tenant(admin)
        with client(url, key_a) as rest:
            yield url, key_a, key_b, rest


def sdk(url: str, key: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"{url}/v1", api_key=key, max_retries=0)


@pytest.fixture
def user(request):
    return f"u-{request.node.name[-20:]}"


def system_sent(upstream: FakeOpenAIServer) -> str:
    first = upstream.requests[-1].messages[0]
    return first["content"] if first["role"] == "system" else ""


def stored(rest, user: str) -> list[tuple[str, str]]:
    items = rest.get(f"/v1/users/{user}/episodes").json()["items"]
    return [(e["role"], e["content"]) for e in items]


def test_the_exchange_is_stored_and_a_second_conversation_recalls_it(served, upstream, user):
    url, key, _, rest = served
    upstream.script(Reply(text="What a lovely name!"), Reply(text="Your cat is called Miso."))
    first = sdk(url, key).chat.completions.create(
        model="fake-model",
        user=user,
        messages=[
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": "I adopted a grey cat and named her Miso"},
        ],
    )
    assert first.choices[0].message.content == "What a lovely name!"
    assert stored(rest, user) == [
        ("user", "I adopted a grey cat and named her Miso"),
        ("assistant", "What a lovely name!"),
    ]
    assert upstream.requests[-1].headers["authorization"] == "Bearer upstream-secret"
    second = sdk(url, key).chat.completions.create(
        model="fake-model",
        user=user,
        messages=[
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": "What is my cat called?"},
        ],
    )
    assert second.choices[0].message.content == "Your cat is called Miso."
    system = system_sent(upstream)
    assert system.startswith("Be brief.") and "<memories>" in system and "named her Miso" in system


def test_streaming_passes_chunks_through_and_stores_the_whole_reply(served, upstream, user):
    url, key, _, rest = served
    upstream.script(Reply(text="Porto has the best francesinhas in town"))
    stream = sdk(url, key).chat.completions.create(
        model="fake-model",
        stream=True,
        extra_headers={"X-Lembrar-User": user},
        messages=[{"role": "user", "content": "Where should I eat a francesinha?"}],
    )
    pieces = [
        c.choices[0].delta.content for c in stream if c.choices and c.choices[0].delta.content
    ]
    assert len(pieces) > 3 and "".join(pieces) == "Porto has the best francesinhas in town"
    assert stored(rest, user)[-1] == ("assistant", "Porto has the best francesinhas in town")
    assert upstream.requests[-1].stream


def test_upstream_errors_pass_through_and_keep_the_user_turn(served, upstream, user):
    url, key, _, rest = served
    upstream.script(
        Reply(status=429, error="Rate limit reached", code="rate_limit_exceeded", retry_after=7)
    )
    with pytest.raises(openai.RateLimitError) as error:
        sdk(url, key).chat.completions.create(
            model="fake-model", user=user, messages=[{"role": "user", "content": "Plan my week"}]
        )
    assert error.value.status_code == 429 and "Rate limit reached" in str(error.value)
    assert error.value.response.headers["retry-after"] == "7"
    assert stored(rest, user) == [("user", "Plan my week")]
    upstream.script(Reply(status=500, error="boom"))
    with pytest.raises(openai.InternalServerError):
        sdk(url, key).chat.completions.create(
            model="fake-model",
            user=user,
            stream=True,
            messages=[{"role": "user", "content": "Try again"}],
        )
    assert stored(rest, user) == [("user", "Plan my week"), ("user", "Try again")]


def test_an_unreachable_upstream_is_a_502_and_the_turn_is_kept(tmp_path, serve, client, new_tenant):
    from lembrar.llm.config import LLMConfig

    dead = LLMConfig(base_url="http://127.0.0.1:9/v1", model="m", max_retries=0, timeout=2)
    app = create_app(
        str(tmp_path / "m.db"), admin_key=ADMIN, embedder=HashingEmbedder(), upstream=dead
    )
    with serve(app) as url, client(url, ADMIN) as admin:
        key = new_tenant(admin)[1]
        with pytest.raises(openai.APIStatusError) as error:
            sdk(url, key).chat.completions.create(
                model="m", user="ana", messages=[{"role": "user", "content": "hello?"}]
            )
        assert error.value.status_code == 502
        with client(url, key) as rest:
            assert stored(rest, "ana") == [("user", "hello?")]


def test_per_request_options_from_headers_and_metadata(served, upstream, user):
    url, key, _, rest = served
    upstream.script(Reply(text="noted"), Reply(text="fine"), Reply(text="ok"))
    sdk(url, key).chat.completions.create(
        model="fake-model", user=user, messages=[{"role": "user", "content": "I play the cello"}]
    )
    off = sdk(url, key).chat.completions.with_raw_response.create(
        model="fake-model",
        user=user,
        extra_headers={"X-Lembrar-Memory": "off"},
        messages=[{"role": "user", "content": "What instrument do I play?"}],
    )
    assert system_sent(upstream) == "" and off.headers["x-lembrar-memories"] == "0"
    read_only = sdk(url, key).chat.completions.with_raw_response.create(
        model="fake-model",
        user=user,
        metadata={"lembrar_memory": "read", "lembrar_budget": "200", "trace": "t1"},
        messages=[{"role": "user", "content": "What instrument do I play?"}],
    )
    assert "cello" in system_sent(upstream) and int(read_only.headers["x-lembrar-memories"]) > 0
    assert upstream.requests[-1].body["metadata"] == {"trace": "t1"}
    assert stored(rest, user) == [("user", "I play the cello"), ("assistant", "noted")]


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({}, "user"),
        ({"user": "ana", "metadata": {"lembrar_budget": "lots"}}, "lembrar_budget"),
        ({"user": "ana", "extra_headers": {"X-Lembrar-Memory": "maybe"}}, "lembrar_memory"),
        ({"user": "ana", "extra_headers": {"X-Lembrar-Preset": "psychic"}}, "lembrar_preset"),
    ],
)
def test_bad_options_are_422_naming_the_field_and_store_nothing(served, upstream, extra, field):
    url, key, _, rest = served
    before = len(upstream.requests)
    with pytest.raises(openai.UnprocessableEntityError) as error:
        sdk(url, key).chat.completions.create(
            model="fake-model", messages=[{"role": "user", "content": "hi"}], **extra
        )
    assert error.value.body["field"] == field
    assert len(upstream.requests) == before and stored(rest, "ana") == []


def test_another_tenant_gets_nothing_of_this_tenants_memory(served, upstream, user):
    url, key_a, key_b, _ = served
    upstream.script(Reply(text="ok"), Reply(text="I don't know"))
    sdk(url, key_a).chat.completions.create(
        model="fake-model", user=user, messages=[{"role": "user", "content": "My PIN is 4711"}]
    )
    sdk(url, key_b).chat.completions.create(
        model="fake-model", user=user, messages=[{"role": "user", "content": "What is my PIN?"}]
    )
    assert "4711" not in str(upstream.requests[-1].messages)


def test_a_wrong_key_is_refused_before_anything_is_sent(served, upstream):
    url = served[0]
    before = len(upstream.requests)
    with pytest.raises(openai.AuthenticationError):
        sdk(url, "lmb_0000000000000000_" + "x" * 43).chat.completions.create(
            model="fake-model", user="ana", messages=[{"role": "user", "content": "hi"}]
        )
    assert len(upstream.requests) == before


def test_without_an_upstream_the_endpoint_says_how_to_configure_one(
    served, serve, client, new_tenant, tmp_path
):
    app = create_app(str(tmp_path / "m.db"), admin_key=ADMIN, embedder=HashingEmbedder())
    with serve(app) as url, client(url, ADMIN) as admin:
        key = new_tenant(admin)[1]
        with pytest.raises(openai.APIStatusError) as error:
            sdk(url, key).chat.completions.create(
                model="m", user="ana", messages=[{"role": "user", "content": "hi"}]
            )
    assert error.value.status_code == 503 and "LEMBRAR_LLM_BASE_URL" in str(error.value)


# -- retries ----------------------------------------------------------------------------------
@pytest.mark.parametrize("stream", [False, True])
def test_the_sdks_retry_after_an_upstream_error_stores_the_turn_once(
    served, upstream, user, stream
):
    url, key, _, rest = served
    before = len(upstream.requests)
    upstream.script(Reply(status=500, error="boom"), Reply(text="A fine name for a kayak"))
    client = openai.OpenAI(base_url=f"{url}/v1", api_key=key)  # the SDK's default retries
    answer = client.chat.completions.create(
        model="fake-model",
        user=user,
        stream=stream,
        messages=[{"role": "user", "content": "My kayak is called Sardinha"}],
    )
    text = (
        "".join(c.choices[0].delta.content or "" for c in answer if c.choices)
        if stream
        else answer.choices[0].message.content
    )
    assert text == "A fine name for a kayak" and len(upstream.requests) == before + 2
    assert stored(rest, user) == [
        ("user", "My kayak is called Sardinha"),
        ("assistant", "A fine name for a kayak"),
    ]


def test_a_request_that_fails_every_retry_keeps_one_copy_of_the_turn(served, upstream, user):
    url, key, _, rest = served
    before = len(upstream.requests)
    upstream.script(*[Reply(status=503, error="overloaded")] * 3)
    with pytest.raises(openai.InternalServerError):
        openai.OpenAI(base_url=f"{url}/v1", api_key=key).chat.completions.create(
            model="fake-model", user=user, messages=[{"role": "user", "content": "Plan my week"}]
        )
    assert len(upstream.requests) == before + 3  # the first try and the SDK's two retries
    assert stored(rest, user) == [("user", "Plan my week")]


def test_the_same_words_said_again_after_a_reply_are_a_new_turn(served, upstream, user):
    url, key, _, rest = served
    upstream.script(Reply(text="Shall we?"), Reply(text="Great"), Reply(text="Great again"))
    talk = [{"role": "user", "content": "Kayaking on Sunday?"}]
    for reply in ("Shall we?", "Great", "Great again"):
        sdk(url, key).chat.completions.create(model="fake-model", user=user, messages=talk)
        talk += [{"role": "assistant", "content": reply}, {"role": "user", "content": "yes"}]
    assert [text for _, text in stored(rest, user)] == [
        "Kayaking on Sunday?",
        "Shall we?",
        "yes",
        "Great",
        "yes",
        "Great again",
    ]


# -- local mode -------------------------------------------------------------------------------
def remembers_the_kayak(request: RecordedRequest) -> Reply:
    """A model that answers from the memory lembrar put in its system message."""
    system = request.messages[0]["content"] if request.messages[0]["role"] == "system" else ""
    asked = request.messages[-1]["content"]
    if asked.startswith("What") and "Sardinha" in system:
        return Reply(text="Your kayak is called Sardinha.")
    return Reply(text="I don't know." if asked.startswith("What") else "Nice name!")


@contextmanager
def serve_local(db: Path, upstream_url: str, port: int) -> Iterator[str]:
    """``lembrar serve --local`` forwarding to ``upstream_url``, as a person starts it."""
    command = [sys.executable, "-m", "lembrar", "--db", str(db), "--embedder", "hash", "serve"]
    command += ["--local", "--port", str(port), "--llm-base-url", upstream_url]
    command += ["--llm-model", "llama3.2"]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LEMBRAR_ADMIN_KEY": ""}
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, process.stderr.read().decode()
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "lembrar serve did not start"
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)


def test_the_local_example_runs_as_written_against_serve_local(tmp_path, free_port):
    with FakeOpenAIServer(models=["llama3.2"], default=remembers_the_kayak) as model:
        with serve_local(tmp_path / "m.db", model.base_url, free_port()) as url:
            done = subprocess.run(
                [sys.executable, str(ROOT / "examples" / "proxy_local.py")],
                env={**os.environ, "LEMBRAR_URL": url},
                capture_output=True,
                text=True,
                timeout=120,
            )
            with openai.OpenAI(base_url=f"{url}/v1", api_key="sk-anything") as other:
                again = other.chat.completions.create(
                    model="llama3.2",
                    user="me",
                    messages=[{"role": "user", "content": "What is my kayak called?"}],
                )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "> My kayak is called Sardinha.",
        "Nice name!",
        "> What is my kayak called?",
        "Your kayak is called Sardinha.",
    ]
    assert again.choices[0].message.content == "Your kayak is called Sardinha."


def test_in_local_mode_a_tenant_key_still_acts_for_its_tenant(tmp_path, serve, client, new_tenant):
    with FakeOpenAIServer(models=["m"], default=remembers_the_kayak) as model:
        app = create_app(
            str(tmp_path / "m.db"),
            admin_key=ADMIN,
            embedder=HashingEmbedder(),
            local=True,
            upstream=model.config(max_retries=0, timeout=5),
        )
        with serve(app) as url, client(url, ADMIN) as admin:
            key = new_tenant(admin)[1]
            for api_key, said in (("local", "Sent with any key"), (key, "Sent with my key")):
                sdk(url, api_key).chat.completions.create(
                    model="m", user="me", messages=[{"role": "user", "content": said}]
                )
            with client(url, None) as local, client(url, key) as tenant:
                assert stored(local, "me")[0] == ("user", "Sent with any key")
                assert stored(tenant, "me")[0] == ("user", "Sent with my key")
                assert len(stored(local, "me")) == len(stored(tenant, "me")) == 2
