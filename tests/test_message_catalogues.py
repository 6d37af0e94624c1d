"""Every message the engine and the app say is an id in the catalogues, translated in each.

The ids are found the way makemessages finds them: `msg`, `pmsg` and `nmsg` calls whose id
is a string literal. A call with any other id could not be extracted, so it is refused here.
"""

import ast
import re
from pathlib import Path

import pytest

from tests.web.test_i18n import parse_po

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("hu", "pl")
CALLS = {"msg": 1, "pmsg": 2, "nmsg": 2}  # literal arguments each call needs


def calls() -> list[tuple[Path, ast.Call]]:
    found = []
    for path in sorted((ROOT / "scorebook").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in CALLS
            ):
                found.append((path, node))
    return found


def message_ids() -> set[tuple[str | None, str]]:
    ids = set()
    for _path, call in calls():
        args = [a.value for a in call.args[: CALLS[call.func.id]]]
        if call.func.id == "pmsg":
            ids.add((args[0], args[1]))
        else:
            ids.add((None, args[0]))
    return ids


def test_every_message_id_is_a_literal_in_the_call():
    wrong = [
        f"{path.relative_to(ROOT)}:{call.lineno}"
        for path, call in calls()
        if len(call.args) < CALLS[call.func.id]
        or not all(
            isinstance(a, ast.Constant) and isinstance(a.value, str)
            for a in call.args[: CALLS[call.func.id]]
        )
    ]
    assert not wrong, f"makemessages cannot find these ids (write the id in the call): {wrong}"
    assert len(calls()) > 100


def gaps(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_id_is_translated_with_the_same_gaps(lang):
    po = ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"
    catalogue = {
        (e.get("msgctxt"), e["msgid"]): e
        for e in parse_po(po)
        if "msgid" in e and not e.get("obsolete")
    }
    missing, untranslated, broken = [], [], []
    for key in sorted(message_ids(), key=str):
        entry = catalogue.get(key)
        if entry is None:
            missing.append(key)
            continue
        forms = [v for k, v in entry.items() if k.startswith("msgstr")]
        if not forms or not all(f.strip() for f in forms) or "fuzzy" in entry.get("flags", ()):
            untranslated.append(key)
        elif any(gaps(f) != gaps(key[1]) for f in forms):
            broken.append(key)
    assert not missing, f"run `make messages`: {missing[:20]}"
    assert not untranslated, (
        f"{len(untranslated)} without a {lang} translation: {untranslated[:20]}"
    )
    assert not broken, f"gaps differ from the id's: {broken[:20]}"
