"""``lembrar graph``: the knowledge graph's entities, facts, search and communities."""

from __future__ import annotations

import argparse

from lembrar.cli.common import emit, open_memory, require_user
from lembrar.cli.options import WHEN_HELP, positive
from lembrar.cli.when import span


def register(sub: argparse._SubParsersAction) -> None:
    graph = sub.add_parser(
        "graph", help="the knowledge graph: entities, facts over time, communities"
    )
    actions = graph.add_subparsers(dest="action", metavar="ACTION", required=True)
    p = actions.add_parser(
        "entities", help="the people, places and things the user's episodes name"
    )
    p.add_argument("--user", required=True, help="the user whose graph this is")
    p.add_argument("--type", help="only entities of this type (person, place, organization, ...)")
    p.set_defaults(run=run_entities)
    p = actions.add_parser(
        "facts", help="facts with when they held: current first, then superseded"
    )
    p.add_argument("--user", required=True, help="the user whose graph this is")
    p.add_argument("--entity", help="only facts about this entity (name or id)")
    p.add_argument("--as-of", help=f"only facts that held then: {WHEN_HELP}")
    p.add_argument("--current", action="store_true", help="only facts that hold now")
    p.set_defaults(run=run_facts)
    p = actions.add_parser("search", help="search the graph ('where did I live in 2022?')")
    p.add_argument("query", help="what to look for, e.g. 'where did I live in 2022?'")
    p.add_argument("--user", required=True, help="the user whose graph this is")
    p.add_argument(
        "--preset",
        help="search preset: facts (default), facts_mmr, facts_mentions, facts_distance, "
        "entities, communities or combined (see docs/graph.md)",
    )
    p.add_argument("--limit", type=positive, default=10, help="how many results (default: 10)")
    p.add_argument("--center", help="start breadth-first expansion at this entity (name or id)")
    p.add_argument("--as-of", help=f"facts that held then: {WHEN_HELP}")
    p.set_defaults(run=run_search)
    p = actions.add_parser("communities", help="clusters of entities talked about together")
    p.add_argument("--user", required=True, help="the user whose graph this is")
    p.set_defaults(run=run_communities)
    p = actions.add_parser(
        "refresh", help="recompute communities (or, with --rebuild, the whole graph)"
    )
    p.add_argument("--user", required=True, help="the user whose graph this is")
    p.add_argument(
        "--rebuild", action="store_true", help="extract the graph again from every episode first"
    )
    p.set_defaults(run=run_refresh)


def run_entities(args: argparse.Namespace) -> int:
    from lembrar.graph.views import entity_view

    with open_memory(args) as memory:
        items = memory.graph.entities(require_user(memory, args.user), type=args.type)
    lines = [
        f"{e.id}  {e.name} ({e.type})"
        + (f"  aka {', '.join(e.aliases)}" if e.aliases else "")
        + f"  {len(e.episodes)} episode(s)"
        for e in items
    ]
    return emit(args, [entity_view(e) for e in items], lambda: "\n".join(lines) or "no entities")


def run_facts(args: argparse.Namespace) -> int:
    from lembrar.graph.views import fact_view, validity

    with open_memory(args) as memory:
        user = require_user(memory, args.user)
        held = span(memory, user, args.as_of, "--as-of")
        items = memory.graph.facts(
            user, entity=args.entity, include_history=held is not None or not args.current
        )
        if held is not None:
            items = [f for f in items if f.overlaps(*held)]
        names = memory.graph.names(user)
    lines = [f"{f.id}  {f.text}  [{validity(f)}]" for f in items]
    return emit(args, [fact_view(f, names) for f in items], lambda: "\n".join(lines) or "no facts")


def run_search(args: argparse.Namespace) -> int:
    from lembrar.graph.views import hit_view, validity

    with open_memory(args) as memory:
        user = require_user(memory, args.user)
        hits = memory.graph.search(
            args.query,
            user,
            preset=args.preset,
            limit=args.limit,
            center=args.center,
            during=span(memory, user, args.as_of, "--as-of"),
        )
        names = memory.graph.hit_names(user, hits)
    lines = [
        f"{h.score:.3f}  {h.kind:<9} {h.text}" + (f"  [{validity(h.fact)}]" if h.fact else "")
        for h in hits
    ]
    return emit(
        args, [hit_view(h, names) for h in hits], lambda: "\n".join(lines) or "nothing found"
    )


def run_communities(args: argparse.Namespace) -> int:
    from lembrar.graph.views import community_view

    with open_memory(args) as memory:
        user = require_user(memory, args.user)
        items = memory.graph.communities(user)
        names = memory.graph.names(user)
    lines = [f"{c.id}  {c.name}: {c.summary}" for c in items]
    return emit(
        args,
        [community_view(c, names) for c in items],
        lambda: "\n".join(lines) or "no communities (run: lembrar graph refresh)",
    )


def run_refresh(args: argparse.Namespace) -> int:
    from lembrar.graph.views import community_view

    with open_memory(args) as memory:
        user = require_user(memory, args.user)
        if args.rebuild:
            memory.graph.rebuild(user)
        found = memory.graph.refresh(user)
        names = memory.graph.names(user)
    return emit(
        args, [community_view(c, names) for c in found], lambda: f"{len(found)} communities"
    )
