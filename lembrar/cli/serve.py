"""``lembrar serve``: the HTTP API, in one or several processes over one store."""

from __future__ import annotations

import argparse
import os

from lembrar.cli.common import chosen_tenant, default_db
from lembrar.cli.options import port_number
from lembrar.errors import ValidationError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="run the HTTP API (needs the [server] extra)")
    p.add_argument(
        "--db",
        default=argparse.SUPPRESS,
        help="SQLite file or postgresql:// URL (default: $LEMBRAR_DB or the user data dir)",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=port_number, default=8420, help="port (default: 8420)")
    p.add_argument(
        "--workers", type=int, default=1, help="processes sharing the one store (default: 1)"
    )
    p.add_argument(
        "--admin-key",
        help="enables /v1/admin to create tenants and keys (default: $LEMBRAR_ADMIN_KEY)",
    )
    p.add_argument(
        "--max-body-bytes", type=int, help="refuse larger request bodies with 413 (default: 1 MiB)"
    )
    p.add_argument(
        "--local",
        action="store_true",
        help="single-user mode for this machine: the page and API need no key (127.0.0.1 "
        "only) and show the memory the CLI and `lembrar mcp` use (or the global --tenant's)",
    )
    p.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="answer requests for this host name (any port); repeat for several. Others get "
        "421 (default: any name with keys; with --local, only localhost, 127.0.0.1, [::1])",
    )
    p.add_argument(
        "--llm-base-url",
        help="the chat model and memory proxy's OpenAI-compatible URL "
        "(default: $LEMBRAR_LLM_BASE_URL, as for lembrar chat)",
    )
    p.add_argument("--llm-model", help="its default model (default: $LEMBRAR_LLM_MODEL)")
    p.add_argument("--llm-api-key", help="its key (default: $LEMBRAR_LLM_API_KEY)")
    p.set_defaults(run=run_serve)


LOOPBACK = ("127.0.0.1", "localhost", "::1")


def run_serve(args: argparse.Namespace) -> int:
    if args.workers < 1:
        raise ValidationError("workers", "must be at least 1")
    if args.max_body_bytes is not None and args.max_body_bytes < 1:
        raise ValidationError("max_body_bytes", "must be at least 1")
    if args.local and args.host not in LOOPBACK:
        raise ValidationError(
            "host",
            f"--local serves without a key, so only on 127.0.0.1; not on {args.host!r}."
            " Drop --local and use API keys to listen on another interface",
        )
    if args.tenant and not args.local:
        raise ValidationError(
            "tenant",
            "--tenant applies to --local only; with API keys, each key names its tenant",
        )
    from lembrar.api.server import serve

    llm = {
        f"LEMBRAR_LLM_{name.upper()}": getattr(args, f"llm_{name}")
        for name in ("base_url", "model", "api_key")
        if getattr(args, f"llm_{name}")
    }
    serve(
        db=args.db or default_db(),
        host=args.host,
        port=args.port,
        workers=args.workers,
        admin_key=args.admin_key or os.environ.get("LEMBRAR_ADMIN_KEY", ""),
        embedder=args.embedder or os.environ.get("LEMBRAR_EMBEDDER", ""),
        max_body_bytes=args.max_body_bytes or os.environ.get("LEMBRAR_MAX_BODY_BYTES", ""),
        local=(chosen_tenant(args) or True) if args.local else False,
        llm=llm,
        allowed_hosts=args.allowed_host,
    )
    return 0
