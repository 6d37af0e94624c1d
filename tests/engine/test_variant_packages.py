"""A variant package's modules import one way, from the numbers up to the variant:
`tariffs`, `house_rules`, `record`, `scoring`, `__init__` (docs/adding-a-variant.md). Other
modules of a package (state, session, items, texts) may sit anywhere in between."""

import ast
from pathlib import Path

VARIANTS = Path(__file__).resolve().parents[2] / "scorebook" / "engine" / "variants"
ORDER = ("tariffs", "house_rules", "record", "scoring", "__init__")


def _siblings_imported(package: Path, module: Path) -> set[str]:
    prefix = f"scorebook.engine.variants.{package.name}"
    found = set()
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == prefix:  # a submodule by name, or a name of __init__
                found |= {
                    a.name if (package / f"{a.name}.py").exists() else "__init__"
                    for a in node.names
                }
            elif node.module.startswith(prefix + "."):
                found.add(node.module.removeprefix(prefix + "."))
    return found


def _backward_imports(package: Path) -> list[str]:
    wrong = []
    for module in sorted(package.glob("*.py")):
        if module.stem not in ORDER:
            continue
        rank = ORDER.index(module.stem)
        for sibling in sorted(_siblings_imported(package, module)):
            if sibling in ORDER and ORDER.index(sibling) >= rank:
                wrong.append(f"{package.name}/{module.name} imports {sibling}")
    return wrong


def test_the_big_variants_are_packages():
    packages = {p.name for p in VARIANTS.iterdir() if (p / "__init__.py").exists()}
    assert packages >= {
        "kiralyhivo",
        "magyar",
        "negyes54",
        "paskievics",
        "strohmandli",
        "tapper",
        "trisak",
        "ultimo",
    }
    for key in packages:
        assert not (VARIANTS / f"{key}.py").exists()
        assert {"record.py", "scoring.py", "tariffs.py"} <= {
            p.name for p in (VARIANTS / key).iterdir()
        }


def test_no_package_module_imports_one_after_it():
    packages = [p for p in sorted(VARIANTS.iterdir()) if (p / "__init__.py").exists()]
    assert len(packages) == 8
    assert [w for p in packages for w in _backward_imports(p)] == []


def test_a_backward_import_is_found(tmp_path):
    package = tmp_path / "demo"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "tariffs.py").write_text(
        "from scorebook.engine.variants.demo.scoring import score\n"
        "from scorebook.engine.variants.demo import VARIANT\n"
    )
    (package / "scoring.py").write_text("from scorebook.engine.variants.demo.tariffs import X\n")
    assert _backward_imports(package) == [
        "demo/tariffs.py imports __init__",
        "demo/tariffs.py imports scoring",
    ]
