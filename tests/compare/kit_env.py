"""What the kit's unit tests (test_kit.py, test_tools.py) share: the
repository's paths, the import path for the kit (tools/) and for this
folder's helpers (make_sweigart.py), and the Python original they read.

Import it before `sidebyside`: it puts tools/ on the import path.
"""

import os
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(HERE))

REFERENCE = Path(os.environ.get("REFERENCE", "")).resolve()
needs_reference = unittest.skipUnless(os.environ.get("REFERENCE") and REFERENCE.is_file(),
                                      "set REFERENCE to the tutorial's fourinrow.py")
