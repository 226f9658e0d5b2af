"""The layer tests share data and helpers through ``layerkit`` (next to this file).

Under ``--import-mode=importlib`` test directories are not on ``sys.path``; this puts this one
there so test modules can ``from layerkit import …``.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
