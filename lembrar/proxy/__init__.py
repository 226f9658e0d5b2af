"""The memory proxy: an OpenAI-compatible ``/v1/chat/completions`` that adds the user's memory
context to the system message, forwards to any OpenAI-compatible server, and stores the
exchange. The HTTP route lives in ``lembrar.api.routes.chat``; this package holds the rest."""

from lembrar.proxy.exchange import Exchange, begin
from lembrar.proxy.options import MEMORY_MODES, ProxyOptions, read_options
from lembrar.proxy.stream import StreamText
from lembrar.proxy.upstream import Upstream, UpstreamUnavailable

__all__ = [
    "MEMORY_MODES",
    "Exchange",
    "ProxyOptions",
    "StreamText",
    "Upstream",
    "UpstreamUnavailable",
    "begin",
    "read_options",
]
