"""The engine imports no Django: proven in a fresh interpreter."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engine_loads_no_django_module():
    code = (
        "import sys, pkgutil, importlib\n"
        "import scorebook.engine as e\n"
        "from scorebook.engine import registry, replay, scoresheet, settlement, report\n"
        "for key in registry.VARIANT_KEYS: registry.get(key)\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(len(registry.VARIANT_KEYS), bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    count, loaded = proc.stdout.split(" ", 1)
    assert int(count) >= 2
    assert loaded.strip() == "[]"
