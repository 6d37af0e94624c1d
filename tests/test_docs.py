"""The docs a clone of the repository needs are in it (issue 23 item 9): the scoresheet
format with every game's hand record as the engine reads it, and a guide to the games."""

import re
from pathlib import Path

from scorebook.engine import registry
from tools.record_fields import DOC, fields_markdown, in_doc

ROOT = Path(__file__).resolve().parents[1]


def test_the_documented_hand_records_are_the_ones_the_engine_reads():
    # After a record schema changes: .venv/bin/python tools/record_fields.py --write
    assert in_doc(DOC.read_text(encoding="utf-8")) == fields_markdown()


def test_every_game_has_a_section_in_the_rules_guide_and_the_format():
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    fields = DOC.read_text(encoding="utf-8")
    two_player = rules[rules.index("## The two-player games") :]
    for key in registry.VARIANT_KEYS:
        variant = registry.get(key)
        assert f"### `{key}`:" in fields
        if variant.max_players > 2 or key in ("stromann", "strohmandli"):
            assert f"— `{key}`" in rules, key
        else:
            name = re.sub(r" \(.*\)$", "", str(variant.title))
            assert name in two_player, key


def test_readme_and_docs_link_only_to_files_in_the_repository():
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        assert "shared/" not in text, path.name
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text):
            assert (path.parent / target).exists(), (path.name, target)
