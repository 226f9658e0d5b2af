"""``lembrar chat``: talk in the terminal with a model that remembers, on any OpenAI-compatible server."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from lembrar.cli.common import open_tenant_store
from lembrar.errors import LembrarError, LLMError, ValidationError

if TYPE_CHECKING:
    from lembrar.assistant import Assistant, ToolRun, UsedMemory
    from lembrar.llm.config import LLMConfig
    from lembrar.retrieval.config import SearchConfig

SETUP_GUIDE = """\
lembrar chat needs a language model, and none is configured.

A local model with Ollama (free, runs offline):
    ollama pull llama3.2
    export LEMBRAR_LLM_BASE_URL=http://localhost:11434/v1 LEMBRAR_LLM_MODEL=llama3.2

A GGUF model file run inside lembrar (no server; pip install 'lembrar[local]'):
    export LEMBRAR_LLM=local:/path/to/model.gguf

OpenAI:
    export OPENAI_API_KEY=sk-... LEMBRAR_LLM_MODEL=gpt-4o-mini

Any other OpenAI-compatible server (vLLM, llama.cpp, LM Studio, DeepSeek...):
    export LEMBRAR_LLM_BASE_URL=http://HOST:PORT/v1 LEMBRAR_LLM_MODEL=MODEL
    export LEMBRAR_LLM_API_KEY=...        # only if the server wants a key

(or pass --llm-base-url, --llm-model and --llm-api-key), then run `lembrar chat` again."""

HELP = """\
/remember TEXT   save a fact about you, shown to the model in every conversation
/forget ID       delete a saved fact or a message by its id
/memories        list the saved facts with their ids
/help            this list
/quit            leave (or Ctrl-D)"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("chat", help="chat with a model that remembers your conversations")
    p.add_argument("--user", default="me", help="whose memory (default: me)")
    p.add_argument("--session", help="continue this conversation (default: start a new one)")
    p.add_argument(
        "--show-memories",
        action="store_true",
        help="after each reply, list the memories the model was shown",
    )
    p.add_argument(
        "--no-stream", action="store_true", help="print each reply whole instead of token by token"
    )
    p.add_argument(
        "--capture",
        action="store_true",
        help="also store a memory record the model writes for each exchange",
    )
    p.add_argument(
        "--llm-search",
        action="store_true",
        help="search with the model's help too: hypothetical memory, date ranges, relevance filter",
    )
    p.add_argument("--preset", help="search preset: dense | keyword | fast | balanced | thorough")
    p.add_argument(
        "--now", help="take this instant (ISO 8601 with offset) as the current time, for demos"
    )
    p.add_argument(
        "--llm-base-url",
        help="OpenAI-compatible base URL, or local:/path/model.gguf (default: $LEMBRAR_LLM_BASE_URL ...)",
    )
    p.add_argument("--llm-model", help="model name (default: $LEMBRAR_LLM_MODEL)")
    p.add_argument(
        "--llm-api-key", help="API key (default: $LEMBRAR_LLM_API_KEY or $OPENAI_API_KEY)"
    )
    p.set_defaults(run=run_chat)


def run_chat(args: argparse.Namespace) -> int:
    from lembrar.llm.config import LLMConfig
    from lembrar.llm.errors import LLMNotConfiguredError

    try:
        config = LLMConfig.from_env(
            base_url=args.llm_base_url, model=args.llm_model, api_key=args.llm_api_key
        )
    except LLMNotConfiguredError as exc:
        nothing = str(exc).startswith("no language model is configured")
        print(SETUP_GUIDE if nothing else f"{exc}\n\n{SETUP_GUIDE}")
        return 0
    return _chat(args, config)


def _chat(args: argparse.Namespace, config: LLMConfig) -> int:
    from lembrar.assistant import Assistant
    from lembrar.llm.client import LLMClient
    from lembrar.memory import Memory

    clock = _clock(args.now)
    with (
        LLMClient(config) as llm,
        Memory(
            open_tenant_store(args, create=True),
            embedder=args.embedder,
            llm=llm,
            llm_capture=args.capture,
            clock=clock,
        ) as memory,
    ):
        assistant = Assistant(memory, llm, args.user, args.session, search=_search(args))
        print(
            f"lembrar chat: user {args.user}, session {assistant.session_id}, model {llm.config.model}. "
            "/help for commands, Ctrl-D to leave."
        )
        for line in _lines():
            if line in ("/quit", "/exit"):
                break
            if line.startswith("/"):
                _command(assistant, line)
            else:
                _turn(assistant, line, args)
    return 0


def _clock(now: str | None) -> Callable[[], datetime] | None:
    """A clock stopped at ``now`` (every turn happens at that instant), or the real one."""
    if now is None:
        return None
    try:
        moment = datetime.fromisoformat(now.replace("Z", "+00:00"))
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise ValidationError("now", "use ISO 8601 with an offset, like 2024-05-22T09:00:00+01:00")
    return lambda: moment


def _search(args: argparse.Namespace) -> SearchConfig | str | None:
    """The preset, with the model's search steps on if asked (None: the memory's default)."""
    if not args.llm_search:
        return args.preset
    from lembrar.retrieval.config import resolve

    return resolve(args.preset).with_(
        llm_hypothetical_query=True, llm_time_extraction=True, llm_relevance_filter=True
    )


def _lines() -> Iterator[str]:
    """The user's messages: prompted on a terminal, echoed when read from a pipe."""
    interactive = sys.stdin.isatty()
    while True:
        try:
            line = input("you> ") if interactive else sys.stdin.readline()
        except EOFError:
            return
        if not interactive:
            if not line:
                return
            print(f"you> {line.rstrip()}")
        if line.strip():
            yield line.strip()


def _turn(assistant: Assistant, message: str, args: argparse.Namespace) -> None:
    print("lembrar> ", end="", flush=True)
    try:
        if args.no_stream:
            reply = assistant.chat(message)
            print(reply.text, end="")
        else:
            stream = assistant.stream(message)
            for token in stream:
                print(token, end="", flush=True)
            reply = stream.reply
    except LLMError as exc:
        print(f"\nerror: {exc}", file=sys.stderr)
        return
    print()
    for run in reply.tool_calls:
        print(f"  [{run.name}] {_tool_summary(run)}")
    if args.show_memories:
        _print_memories(reply.memories)


def _tool_summary(run: ToolRun) -> str:
    if run.error:
        return f"failed: {run.error}"
    if run.name == "recall":
        found = len(run.result.get("memories", []))
        return f"{_args(run.arguments)} -> {found} memor{'y' if found == 1 else 'ies'}"
    return ", ".join(
        f"{key}: {value}" for key, value in run.result.items() if not isinstance(value, dict)
    )


def _args(arguments: object) -> str:
    if not isinstance(arguments, dict):
        return str(arguments)
    return " ".join(f"{key}={value!r}" for key, value in arguments.items() if value)


def _print_memories(memories: Sequence[UsedMemory]) -> None:
    if not memories:
        print("  (no memories used)")
        return
    print("  memories used:")
    for m in memories:
        when = f"{m.when} " if m.when else ""
        ident = f" [{m.id}]" if m.id else ""
        print(f"    {m.kind}: {when}{_clip(m.text)}{ident}")


def _command(assistant: Assistant, line: str) -> None:
    name, _, rest = line.partition(" ")
    rest = rest.strip()
    try:
        if name == "/remember" and rest:
            outcome = assistant.saved.save(rest)
            print(
                f"  {outcome.get('status', 'saved')}: {rest}"
                + (f" [{outcome['id']}]" if outcome.get("id") else "")
            )
        elif name == "/forget" and rest:
            _forget(assistant, rest)
        elif name == "/memories":
            facts = assistant.saved.list()
            print("\n".join(f"  {f.id}  {f.text}" for f in facts) or "  no saved memories")
        else:
            print(HELP)
    except LembrarError as exc:
        print(f"error: {exc}", file=sys.stderr)


def _forget(assistant: Assistant, ident: str) -> None:
    if assistant.saved.delete(ident):
        print(f"  forgot saved memory {ident}")
        return
    assistant.memory.delete(ident, assistant.user_id)
    print(f"  forgot message {ident}")


def _clip(text: str, width: int = 90) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"
