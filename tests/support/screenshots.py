"""Screenshots of the page for the README: the viewport as a small PNG."""

from __future__ import annotations

from pathlib import Path


def save(page, path: Path) -> None:  # type: ignore[no-untyped-def]
    """The viewport as a PNG, in 128 colours when Pillow is installed (a README image stays small)."""
    page.screenshot(path=str(path))
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as shot:
        small = shot.convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)
