"""CLI commands over episodes: add, search, list, show, forget, sessions, stats, users."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from lembrar.cli.common import emit, open_memory, require_user
from lembrar.cli.failures import EXIT_FAILED, EXIT_USAGE, CliFailure
from lembrar.cli.options import WHEN_HELP, positive
from lembrar.cli.render import episode_block, episode_line, hit_line
from lembrar.cli.when import instant
from lembrar.errors import NotFoundError, ValidationError

if TYPE_CHECKING:
    from lembrar.model.users import UserSettings
    from lembrar.retrieval.search import Retrieval


USER_HELP = "the user whose memories these are"
SESSION_FILTER_HELP = "only this conversation (a session id; see `lembrar sessions`)"
PRESET_HELP = "search preset: dense | keyword | fast | balanced | thorough (default: balanced)"
NOW_HELP = f"read time phrases against this moment: {WHEN_HELP} (default: now)"


def register(sub: argparse._SubParsersAction) -> None:
    _register_writes(sub)
    _register_reads(sub)
    _register_users(sub)


def _register_writes(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("add", help="store a message or text")
    p.add_argument("content", help="the text; '-' reads standard input")
    p.add_argument("--user", required=True, help=USER_HELP)
    p.add_argument("--session", help="the conversation it belongs to (any id you choose)")
    p.add_argument(
        "--role", choices=("user", "assistant", "system", "tool"), help="makes it a message"
    )
    p.add_argument("--speaker", help="who said it, by name (e.g. Melanie)")
    p.add_argument("--at", help="event time, ISO 8601 with offset (default: now)")
    p.add_argument("--metadata", help='a JSON object, e.g. \'{"source": "chat"}\'')
    p.set_defaults(run=run_add)

    p = sub.add_parser(
        "forget",
        help="delete an episode, a session, or a whole user",
        description="Delete one episode (ID), one conversation (--session) or, with --all, the "
        "user and everything stored for them (asks first on a terminal; --yes to skip asking).",
    )
    p.add_argument("id", nargs="?", help="the episode to delete (see `lembrar list`)")
    p.add_argument("--user", required=True, help=USER_HELP)
    p.add_argument("--session", help="delete every episode of this conversation")
    p.add_argument(
        "--all",
        action="store_true",
        help="with no id or session: remove the user and all their data",
    )
    p.add_argument(
        "--yes", action="store_true", help="with --all: do not ask for confirmation (scripts)"
    )
    p.set_defaults(run=run_forget)


def _register_reads(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("search", help="find memories by meaning, words and time")
    p.add_argument("query", help="what to look for, time phrases included ('last June')")
    p.add_argument("--user", required=True, help=USER_HELP)
    p.add_argument("-k", type=positive, default=5, help="how many results (default: 5)")
    p.add_argument("--preset", help=PRESET_HELP)
    p.add_argument("--now", help=NOW_HELP)
    p.add_argument("--session", help=SESSION_FILTER_HELP)
    p.set_defaults(run=run_search)

    p = sub.add_parser("context", help="the prompt-ready memory block for a message")
    p.add_argument("query", help="the user's message the block is for")
    p.add_argument("--user", required=True, help=USER_HELP)
    p.add_argument("--budget", type=positive, default=1500, help="token budget of the whole block")
    p.add_argument("-k", type=positive, default=8, help="retrieved memories to consider")
    p.add_argument("--now", help=NOW_HELP)
    p.add_argument("--preset", help=PRESET_HELP)
    p.set_defaults(run=run_context)

    p = sub.add_parser("list", help="list a user's episodes in time order")
    p.add_argument("--user", required=True, help=USER_HELP)
    p.add_argument("--session", help=SESSION_FILTER_HELP)
    p.add_argument("--limit", type=positive, default=50, help="episodes per page (default: 50)")
    p.add_argument("--newest-first", action="store_true", help="newest first (default: oldest)")
    p.add_argument("--cursor", help="the next page, as the previous page's last line gives it")
    p.set_defaults(run=run_list)

    p = sub.add_parser("show", help="one episode with its time tags and history")
    p.add_argument("id", help="the episode (see `lembrar list`)")
    p.add_argument("--user", required=True, help=USER_HELP)
    p.set_defaults(run=run_show)

    p = sub.add_parser("sessions", help="a user's conversations with their time span")
    p.add_argument("--user", required=True, help=USER_HELP)
    p.set_defaults(run=run_sessions)


def _register_users(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("stats", help="counts and file size")
    p.set_defaults(run=run_stats)

    p = sub.add_parser("users", help="the users in the store")
    p.set_defaults(run=run_users)

    p = sub.add_parser("user", help="show or set a user's time zone, hemisphere and language")
    p.add_argument("user_id", help="the user (created when a setting is given)")
    p.add_argument("--timezone", help="IANA zone, e.g. America/Sao_Paulo")
    p.add_argument(
        "--hemisphere", choices=("north", "south"), help="for the seasons ('last summer')"
    )
    p.add_argument(
        "--language", help="language of their messages, e.g. pt-BR (how time phrases are read)"
    )
    p.set_defaults(run=run_user)


def run_add(args: argparse.Namespace) -> int:
    content = sys.stdin.read() if args.content == "-" else args.content
    data = {"role": args.role, "content": content, "name": args.speaker} if args.role else content
    metadata = _json_object("--metadata", args.metadata) if args.metadata else None
    with open_memory(args, create=True) as memory:
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
        user = require_user(memory, args.user)
        filters = {"session_id": args.session} if args.session else None
        now = instant(memory, user, args.now, "--now")
        result = memory.retrieve(
            args.query, user, args.k, filters=filters, now=now, preset=args.preset
        )
    return emit(args, result, lambda: _search_text(result))


def _search_text(result: Retrieval) -> str:
    from lembrar.model.timetags import WEEKDAYS

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


def run_context(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        user = require_user(memory, args.user)
        block = memory.context(
            args.query,
            user,
            budget_tokens=args.budget,
            now=instant(memory, user, args.now, "--now"),
            k=args.k,
            preset=args.preset,
        )
    return emit(args, block.as_dict(), lambda: block.text or "no memories to add")


def run_list(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        user = require_user(memory, args.user)
        filters = {"session_id": args.session} if args.session else None
        page = memory.get_all(
            user,
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
        user = require_user(memory, args.user)
        episode = memory.get(args.id, user)
        history = memory.history(args.id, user)
    human = episode_block(episode)
    if len(history) > 1:
        human += "\n\nhistory:\n" + "\n".join(
            f"  v{h.version} {h.event} {h.changed_at:%Y-%m-%d %H:%M}: {h.content}" for h in history
        )
    return emit(args, {"episode": episode, "history": history}, lambda: human)


def run_forget(args: argparse.Namespace) -> int:
    if not (args.id or args.session or args.all):
        raise CliFailure(
            EXIT_USAGE, "forget: give an episode id, --session SESSION, or --all for the whole user"
        )
    with open_memory(args) as memory:
        user = require_user(memory, args.user)
        if args.id:
            memory.delete(args.id, user)
            count = 1
        elif args.session:
            count = memory.delete_all(user, session_id=args.session)
            if count == 0:
                raise NotFoundError("session", args.session)
        else:
            _confirm_forget_user(user, args.yes)
            count = memory.forget_user(user)
    return emit(args, {"deleted": count}, lambda: f"deleted {count} episode(s)")


def _confirm_forget_user(user: str, yes: bool) -> None:
    """``forget --all`` asks on a terminal; elsewhere it needs ``--yes``."""
    if yes:
        return
    if not sys.stdin.isatty():
        raise CliFailure(
            EXIT_USAGE,
            f"forget --all deletes user {user!r} and everything stored for them; "
            "add --yes to confirm (nothing was deleted)",
        )
    sys.stderr.write(f"Delete user {user!r} and everything stored for them? [y/N] ")
    sys.stderr.flush()
    if sys.stdin.readline().strip().lower() not in ("y", "yes"):
        raise CliFailure(EXIT_FAILED, "forget --all: not confirmed; nothing was deleted")


def run_sessions(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        sessions = memory.sessions(require_user(memory, args.user))
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
    changes = args.timezone or args.hemisphere or args.language
    with open_memory(args, create=bool(changes)) as memory:
        if not changes:
            require_user(memory, args.user_id)
        current = memory.user_settings(args.user_id)
        if changes:
            current = memory.set_user(
                args.user_id,
                timezone=args.timezone or current.timezone,
                hemisphere=args.hemisphere or current.hemisphere,
                language=args.language or current.language,
            )
    return emit(args, current, lambda: _settings_line(current))


def _settings_line(current: UserSettings) -> str:
    from lembrar.temporal.delegate import time_reader_note

    line = f"{current.user_id}: timezone {current.zone_name}, {current.hemisphere}ern hemisphere"
    if current.language:
        line += f", language {current.language} ({time_reader_note(current.language)})"
    return line
