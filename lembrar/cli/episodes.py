"""CLI commands over episodes: add, search, list, show, forget, sessions, stats, users."""

from __future__ import annotations

import argparse
import json
import sys

from lembrar.cli.common import emit, open_memory
from lembrar.cli.render import episode_block, episode_line, hit_line
from lembrar.errors import NotFoundError, ValidationError
from lembrar.model.ids import user_key
from lembrar.model.timetags import WEEKDAYS
from lembrar.temporal.delegate import time_reader_note


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("add", help="store a message or text")
    p.add_argument("content", help="the text; '-' reads standard input")
    p.add_argument("--user", required=True)
    p.add_argument("--session")
    p.add_argument(
        "--role", choices=("user", "assistant", "system", "tool"), help="makes it a message"
    )
    p.add_argument("--speaker")
    p.add_argument("--at", help="event time, ISO 8601 with offset (default: now)")
    p.add_argument("--metadata", help="a JSON object")
    p.set_defaults(run=run_add)

    p = sub.add_parser("search", help="find memories by meaning, words and time")
    p.add_argument("query")
    p.add_argument("--user", required=True)
    p.add_argument("-k", type=int, default=5)
    p.add_argument("--preset", help="dense | keyword | fast | balanced | thorough")
    p.add_argument("--now", help="resolve time phrases against this instant (ISO 8601)")
    p.add_argument("--session")
    p.set_defaults(run=run_search)

    p = sub.add_parser("context", help="the prompt-ready memory block for a message")
    p.add_argument("query")
    p.add_argument("--user", required=True)
    p.add_argument("--budget", type=int, default=1500, help="token budget of the whole block")
    p.add_argument("-k", type=int, default=8, help="retrieved memories to consider")
    p.add_argument("--now", help="resolve time phrases against this instant (ISO 8601)")
    p.add_argument("--preset")
    p.set_defaults(run=run_context)

    p = sub.add_parser("list", help="list a user's episodes in time order")
    p.add_argument("--user", required=True)
    p.add_argument("--session")
    p.add_argument("--limit", type=int, default=50)
    p.add_argument("--newest-first", action="store_true")
    p.add_argument("--cursor")
    p.set_defaults(run=run_list)

    p = sub.add_parser("show", help="one episode with its time tags and history")
    p.add_argument("id")
    p.add_argument("--user", required=True)
    p.set_defaults(run=run_show)

    p = sub.add_parser("forget", help="delete an episode, a session, or a whole user")
    p.add_argument("id", nargs="?")
    p.add_argument("--user", required=True)
    p.add_argument("--session")
    p.add_argument(
        "--all",
        action="store_true",
        help="with no id or session: remove the user and all their data",
    )
    p.set_defaults(run=run_forget)

    p = sub.add_parser("sessions", help="a user's conversations with their time span")
    p.add_argument("--user", required=True)
    p.set_defaults(run=run_sessions)

    p = sub.add_parser("stats", help="counts and file size")
    p.set_defaults(run=run_stats)

    p = sub.add_parser("users", help="the users in the store")
    p.set_defaults(run=run_users)

    p = sub.add_parser("user", help="show or set a user's time zone, hemisphere and language")
    p.add_argument("user_id")
    p.add_argument("--timezone", help="IANA zone, e.g. America/Sao_Paulo")
    p.add_argument("--hemisphere", choices=("north", "south"))
    p.add_argument("--language")
    p.set_defaults(run=run_user)


def run_add(args: argparse.Namespace) -> int:
    content = sys.stdin.read() if args.content == "-" else args.content
    data = {"role": args.role, "content": content, "name": args.speaker} if args.role else content
    metadata = _json_object("--metadata", args.metadata) if args.metadata else None
    with open_memory(args) as memory:
        episodes = memory.add(
            data, user_id=args.user, session_id=args.session, at=args.at, metadata=metadata
        )
    return emit(args, episodes, lambda: "\n".join(episode_line(e) for e in episodes))


def _json_object(option: str, text: str) -> dict:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValidationError(
            option,
            f"not JSON ({exc.msg} at character {exc.pos}); "
            'give an object like \'{"source": "chat"}\'',
        ) from exc
    if not isinstance(value, dict):
        raise ValidationError(option, 'must be a JSON object like \'{"source": "chat"}\'')
    return value


def run_search(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        filters = {"session_id": args.session} if args.session else None
        result = memory.retrieve(
            args.query, args.user, args.k, filters=filters, now=args.now, preset=args.preset
        )

    def human() -> str:
        lines = []
        if result.time is not None and result.time.has_time:
            for w in result.time.windows:
                lines.append(
                    f"time: {w.phrase!r} -> {w.start:%Y-%m-%d %H:%M} .. {w.end:%Y-%m-%d %H:%M} ({w.granularity})"
                )
            if result.time.periods or result.time.weekdays:
                days = [WEEKDAYS[d] for d in sorted(result.time.weekdays)]
                lines.append(f"time filters: {', '.join([*sorted(result.time.periods), *days])}")
            lines.append(f"searching for: {result.semantic_query!r}")
        lines += [hit_line(h) for h in result.hits] or ["no memories found"]
        return "\n".join(lines)

    return emit(args, result, human)


def run_context(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        block = memory.context(
            args.query,
            args.user,
            budget_tokens=args.budget,
            now=args.now,
            k=args.k,
            preset=args.preset,
        )
    return emit(args, block.as_dict(), lambda: block.text or "no memories to add")


def run_list(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        filters = {"session_id": args.session} if args.session else None
        page = memory.get_all(
            args.user,
            filters,
            order="desc" if args.newest_first else "asc",
            limit=args.limit,
            cursor=args.cursor,
        )

    def human() -> str:
        lines = [episode_line(e) for e in page.items] or ["no episodes"]
        if page.next_cursor:
            lines.append(f"more: --cursor {page.next_cursor}")
        return "\n".join(lines)

    return emit(args, page, human)


def run_show(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        episode = memory.get(args.id, args.user)
        history = memory.history(args.id, args.user)
    human = episode_block(episode)
    if len(history) > 1:
        human += "\n\nhistory:\n" + "\n".join(
            f"  v{h.version} {h.event} {h.changed_at:%Y-%m-%d %H:%M}: {h.content}" for h in history
        )
    return emit(args, {"episode": episode, "history": history}, lambda: human)


def run_forget(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        if args.id:
            memory.delete(args.id, args.user)
            count = 1
        elif args.session:
            count = memory.delete_all(args.user, session_id=args.session)
            if count == 0:
                raise NotFoundError("session", args.session)
        elif args.all:
            if memory.store.get_user(user_key(args.user)) is None:
                raise NotFoundError("user", args.user)
            count = memory.forget_user(args.user)
        else:
            print(
                "forget: give an episode id, --session SESSION, or --all for the whole user",
                file=sys.stderr,
            )
            return 2
    return emit(args, {"deleted": count}, lambda: f"deleted {count} episode(s)")


def run_sessions(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        sessions = memory.sessions(args.user)
    lines = [
        f"{s.session_id}  {s.first_at:%Y-%m-%d %H:%M} .. {s.last_at:%Y-%m-%d %H:%M}  {s.episodes} episode(s)"
        for s in sessions
    ]
    return emit(args, sessions, lambda: "\n".join(lines) or "no sessions")


def run_stats(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        stats = memory.stats()
    return emit(args, stats, lambda: "\n".join(f"{k:>9}: {v}" for k, v in vars(stats).items()))


def run_users(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        users = memory.users()
    return emit(args, users, lambda: "\n".join(users) or "no users")


def run_user(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        current = memory.user_settings(args.user_id)
        if args.timezone or args.hemisphere or args.language:
            current = memory.set_user(
                args.user_id,
                timezone=args.timezone or current.timezone,
                hemisphere=args.hemisphere or current.hemisphere,
                language=args.language or current.language,
            )
    return emit(
        args,
        current,
        lambda: (
            f"{current.user_id}: timezone {current.zone_name}, {current.hemisphere}ern hemisphere"
            + (
                f", language {current.language} ({time_reader_note(current.language)})"
                if current.language
                else ""
            )
        ),
    )
