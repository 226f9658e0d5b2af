"""CLI commands over the memory layers: saved memories, insights, session summaries."""

from __future__ import annotations

import argparse

from lembrar.cli.common import emit, open_memory, require_user
from lembrar.cli.failures import EXIT_USAGE, CliFailure
from lembrar.cli.options import WHEN_HELP
from lembrar.cli.render import clip
from lembrar.cli.when import instant
from lembrar.model.layers import (
    Conflict,
    Duplicate,
    Insight,
    PendingMemory,
    Saved,
    SavedMemory,
    SessionSummary,
)

USER_HELP = "the user whose memories these are"


def register(sub: argparse._SubParsersAction) -> None:
    _register_memories(sub)
    _register_insights(sub)
    p = sub.add_parser("summarize", help="summarise a session now, or every idle session")
    p.add_argument("--user", help="the user (required with --session)")
    p.add_argument("--session", help="the session to summarise")
    p.add_argument(
        "--idle", action="store_true", help="summarise every session idle past the timeout"
    )
    p.add_argument("--now", help=f"the current time for --idle: {WHEN_HELP} (default: now)")
    p.set_defaults(run=run_summarize)

    p = sub.add_parser("end-session", help="mark a conversation as over and summarise it")
    p.add_argument("--user", required=True, help=USER_HELP)
    p.add_argument("--session", required=True, help="the conversation that is over")
    p.set_defaults(run=run_end_session)

    p = sub.add_parser("summaries", help="a user's session summaries")
    p.add_argument("--user", required=True, help=USER_HELP)
    p.set_defaults(run=run_summaries)


def _register_memories(sub: argparse._SubParsersAction) -> None:
    memories = sub.add_parser("memories", help="saved memories: facts the user asked to remember")
    actions = memories.add_subparsers(dest="action", metavar="ACTION", required=True)
    p = actions.add_parser("list", help="the user's saved facts")
    p.add_argument("--user", required=True, help=USER_HELP)
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--all", action="store_true", help="include facts replaced by later ones")
    shown.add_argument(
        "--pending",
        action="store_true",
        help="captured facts that contradict a saved one, waiting to be resolved",
    )
    p.set_defaults(run=run_memories_list)
    p = actions.add_parser("resolve", help="settle a pending fact (see list --pending)")
    p.add_argument("id", help="the pending fact's id (see `memories list --pending`)")
    p.add_argument("--user", required=True, help=USER_HELP)
    action = p.add_mutually_exclusive_group(required=True)
    action.add_argument(
        "--replace", action="store_true", help="save it and retire the fact it contradicts"
    )
    action.add_argument(
        "--keep-both", action="store_true", help="save it beside the fact it contradicts"
    )
    action.add_argument("--discard", action="store_true", help="drop it")
    p.set_defaults(run=run_memories_resolve)
    p = actions.add_parser("add", help="save a fact (checked for duplicates and contradictions)")
    p.add_argument("fact", help="the fact, e.g. 'my kayak is called Sardinha'")
    p.add_argument("--user", required=True, help=USER_HELP)
    choice = p.add_mutually_exclusive_group()
    choice.add_argument(
        "--replace", action="store_true", help="if it contradicts a saved fact, retire that one"
    )
    choice.add_argument(
        "--keep-both", action="store_true", help="if it contradicts a saved fact, keep both"
    )
    p.set_defaults(run=run_memories_add)
    p = actions.add_parser("edit", help="rewrite a saved fact")
    p.add_argument("id", help="the saved fact's id (see `memories list`)")
    p.add_argument("text", help="its new wording")
    p.add_argument("--user", required=True, help=USER_HELP)
    p.set_defaults(run=run_memories_edit)
    p = actions.add_parser("delete", help="delete a saved fact (and the versions it replaced)")
    p.add_argument("id", help="the saved fact's id (see `memories list`)")
    p.add_argument("--user", required=True, help=USER_HELP)
    p.set_defaults(run=run_memories_delete)


def _register_insights(sub: argparse._SubParsersAction) -> None:
    insights = sub.add_parser(
        "insights", help="what the user often talks about, from their messages"
    )
    actions = insights.add_subparsers(dest="action", metavar="ACTION", required=True)
    p = actions.add_parser("refresh", help="recompute the user's insights")
    p.add_argument("--user", required=True, help=USER_HELP)
    p.add_argument("--now", help=f"the current time, for recency: {WHEN_HELP} (default: now)")
    p.set_defaults(run=run_insights_refresh)
    p = actions.add_parser("list", help="the user's insights")
    p.add_argument("--user", required=True, help=USER_HELP)
    p.set_defaults(run=run_insights_list)
    p = actions.add_parser("edit", help="rewrite an insight's statement")
    p.add_argument("id", help="the insight's id (see `insights list`)")
    p.add_argument("statement", help="its new wording")
    p.add_argument("--user", required=True, help=USER_HELP)
    p.set_defaults(run=run_insights_edit)
    p = actions.add_parser("delete", help="delete an insight")
    p.add_argument("id", help="the insight's id (see `insights list`)")
    p.add_argument("--user", required=True, help=USER_HELP)
    p.add_argument(
        "--allow-again", action="store_true", help="let later refreshes use its messages again"
    )
    p.set_defaults(run=run_insights_delete)


def memory_line(m: SavedMemory) -> str:
    retired = f"  (replaced {m.retired_at:%Y-%m-%d} by {m.replaced_by})" if m.retired_at else ""
    return f"{m.id}  {m.created_at:%Y-%m-%d %H:%M}  {clip(m.text)}{retired}"


def pending_line(p: PendingMemory) -> str:
    against = (
        f"contradicts {p.conflicts_with}"
        if p.conflicts_with
        else "the fact it contradicted is gone"
    )
    return f"{p.id}  {p.created_at:%Y-%m-%d %H:%M}  {clip(p.text)}  ({against}: {p.reason})"


def insight_line(i: Insight) -> str:
    from lembrar.layers.sections import time_span

    span = time_span(i.first_at, i.last_at)
    return f"{i.id}  {clip(i.statement, 80)} — {span}, confidence {i.label} ({i.size} messages)"


def summary_line(s: SessionSummary) -> str:
    return f"{s.session_id}  {s.first_at:%Y-%m-%d %H:%M}  {s.turns} turns  {clip(s.text)}"


def run_memories_list(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        user = require_user(memory, args.user)
        if args.pending:
            waiting = memory.saved.pending(user)
            return emit(
                args,
                waiting,
                lambda: "\n".join(pending_line(p) for p in waiting) or "no pending memories",
            )
        items = memory.saved.list(user, include_retired=args.all)
    return emit(
        args, items, lambda: "\n".join(memory_line(m) for m in items) or "no saved memories"
    )


def run_memories_resolve(args: argparse.Namespace) -> int:
    action = "replace" if args.replace else "keep_both" if args.keep_both else "discard"
    with open_memory(args) as memory:
        outcome = memory.saved.resolve(args.id, require_user(memory, args.user), action)
    if outcome is None:
        return emit(args, {"status": "discarded", "id": args.id}, lambda: f"discarded {args.id}")
    return emit(args, outcome.as_dict(), lambda: _outcome_line(outcome))


def _outcome_line(outcome: Saved | Duplicate | Conflict) -> str:
    if isinstance(outcome, Duplicate):
        return f"already saved ({outcome.reason}): {outcome.existing.id}  {outcome.existing.text}"
    if isinstance(outcome, Conflict):
        return (
            f"not saved: it contradicts {outcome.existing.id}  {outcome.existing.text!r} ({outcome.reason});"
            " add --replace or --keep-both"
        )
    return f"saved {outcome.memory.id}" + (
        f", replacing {outcome.replaced.id}" if outcome.replaced else ""
    )


def run_memories_add(args: argparse.Namespace) -> int:
    policy = "replace" if args.replace else "keep_both" if args.keep_both else "ask"
    with open_memory(args, create=True) as memory:
        outcome = memory.saved.add(args.fact, args.user, on_conflict=policy)
    emit(args, outcome.as_dict(), lambda: _outcome_line(outcome))
    return 1 if isinstance(outcome, Conflict) else 0


def run_memories_edit(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        item = memory.saved.edit(args.id, args.text, require_user(memory, args.user))
    return emit(args, item, lambda: memory_line(item))


def run_memories_delete(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        count = memory.saved.delete(args.id, require_user(memory, args.user))
    return emit(
        args,
        {"deleted": count},
        lambda: f"deleted {count} saved memor{'y' if count == 1 else 'ies'}",
    )


def run_insights_refresh(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        user = require_user(memory, args.user)
        items = memory.refresh_insights(user, now=instant(memory, user, args.now, "--now"))
    return emit(
        args,
        items,
        lambda: (
            "\n".join(insight_line(i) for i in items)
            or "no insights (too few or too scattered messages)"
        ),
    )


def run_insights_list(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        items = memory.insights.list(require_user(memory, args.user))
    return emit(args, items, lambda: "\n".join(insight_line(i) for i in items) or "no insights")


def run_insights_edit(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        item = memory.insights.edit(args.id, args.statement, require_user(memory, args.user))
    return emit(args, item, lambda: insight_line(item))


def run_insights_delete(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        user = require_user(memory, args.user)
        count = memory.insights.delete(args.id, user, exclude_sources=not args.allow_again)
    return emit(args, {"deleted": count}, lambda: f"deleted {count} insight(s)")


def run_summarize(args: argparse.Namespace) -> int:
    if args.idle == bool(args.session) or (args.session and not args.user):
        raise CliFailure(
            EXIT_USAGE, "summarize: give --user and --session, or --idle (optionally with --user)"
        )
    with open_memory(args) as memory:
        user = require_user(memory, args.user) if args.user else None
        if args.idle:
            now = instant(memory, user, args.now, "--now")
            items = memory.summarize_idle(now, user_id=user)
        else:
            assert user is not None
            items = [memory.summaries.summarize(user, args.session)]
    return emit(
        args,
        items,
        lambda: "\n".join(summary_line(s) for s in items) or "no idle sessions to summarise",
    )


def run_end_session(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        item = memory.end_session(require_user(memory, args.user), args.session)
    return emit(args, item, lambda: summary_line(item))


def run_summaries(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        items = memory.summaries.list(require_user(memory, args.user))
    return emit(args, items, lambda: "\n".join(summary_line(s) for s in items) or "no summaries")
