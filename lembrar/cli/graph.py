"""``lembrar graph``: the knowledge graph's entities, facts, search and communities."""

from __future__ import annotations

import argparse

from lembrar.cli.common import emit, open_memory
from lembrar.graph.search import PRESETS
from lembrar.graph.views import community_view, entity_view, fact_view, hit_view, validity


def register(sub: argparse._SubParsersAction) -> None:
    graph = sub.add_parser(
        "graph", help="the knowledge graph: entities, facts over time, communities"
    )
    actions = graph.add_subparsers(dest="action", metavar="ACTION", required=True)
    p = actions.add_parser(
        "entities", help="the people, places and things the user's episodes name"
    )
    p.add_argument("--user", required=True)
    p.add_argument("--type", help="only entities of this type (person, place, organization, ...)")
    p.set_defaults(run=run_entities)
    p = actions.add_parser(
        "facts", help="facts with when they held: current first, then superseded"
    )
    p.add_argument("--user", required=True)
    p.add_argument("--entity", help="only facts about this entity (name or id)")
    p.add_argument("--as-of", help="only facts valid at this time (ISO 8601)")
    p.add_argument("--current", action="store_true", help="only facts that hold now")
    p.set_defaults(run=run_facts)
    p = actions.add_parser("search", help="search the graph ('where did I live in 2022?')")
    p.add_argument("query")
    p.add_argument("--user", required=True)
    p.add_argument("--preset", choices=sorted(PRESETS), help="search preset (default: facts)")
    p.add_argument("--limit", type=int, default=10)
    p.add_argument("--center", help="start breadth-first expansion at this entity (name or id)")
    p.add_argument("--as-of", help="facts valid at this time (ISO 8601)")
    p.set_defaults(run=run_search)
    p = actions.add_parser("communities", help="clusters of entities talked about together")
    p.add_argument("--user", required=True)
    p.set_defaults(run=run_communities)
    p = actions.add_parser(
        "refresh", help="recompute communities (or, with --rebuild, the whole graph)"
    )
    p.add_argument("--user", required=True)
    p.add_argument(
        "--rebuild", action="store_true", help="extract the graph again from every episode first"
    )
    p.set_defaults(run=run_refresh)


def run_entities(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        items = memory.graph.entities(args.user, type=args.type)
    lines = [
        f"{e.id}  {e.name} ({e.type})"
        + (f"  aka {', '.join(e.aliases)}" if e.aliases else "")
        + f"  {len(e.episodes)} episode(s)"
        for e in items
    ]
    return emit(args, [entity_view(e) for e in items], lambda: "\n".join(lines) or "no entities")


def run_facts(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        items = memory.graph.facts(
            args.user, as_of=args.as_of, entity=args.entity, include_history=not args.current
        )
        names = memory.graph.names(args.user)
    lines = [f"{f.id}  {f.text}  [{validity(f)}]" for f in items]
    return emit(args, [fact_view(f, names) for f in items], lambda: "\n".join(lines) or "no facts")


def run_search(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        hits = memory.graph.search(
            args.query,
            args.user,
            preset=args.preset,
            limit=args.limit,
            center=args.center,
            as_of=args.as_of,
        )
        names = memory.graph.hit_names(args.user, hits)
    lines = [
        f"{h.score:.3f}  {h.kind:<9} {h.text}" + (f"  [{validity(h.fact)}]" if h.fact else "")
        for h in hits
    ]
    return emit(
        args, [hit_view(h, names) for h in hits], lambda: "\n".join(lines) or "nothing found"
    )


def run_communities(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        items = memory.graph.communities(args.user)
        names = memory.graph.names(args.user)
    lines = [f"{c.id}  {c.name}: {c.summary}" for c in items]
    return emit(
        args,
        [community_view(c, names) for c in items],
        lambda: "\n".join(lines) or "no communities (run: lembrar graph refresh)",
    )


def run_refresh(args: argparse.Namespace) -> int:
    with open_memory(args) as memory:
        if args.rebuild:
            memory.graph.rebuild(args.user)
        found = memory.graph.refresh(args.user)
        names = memory.graph.names(args.user)
    return emit(
        args, [community_view(c, names) for c in found], lambda: f"{len(found)} communities"
    )
