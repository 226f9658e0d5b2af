"""The web page ``lembrar serve`` shows at ``/``, and the views of a memory it is built on.

The page is plain HTML, CSS and JavaScript in ``static/`` (no build step); it talks to the
HTTP API only. The views here (a month of the timeline, what a deletion would remove, a chat
turn as events) read a ``Memory`` and return plain data, so the API only shapes them.
"""

from pathlib import Path

STATIC = Path(__file__).parent / "static"
"""The page's files, shipped inside the package."""

__all__ = ["STATIC"]
