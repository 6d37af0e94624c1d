"""Merge message contexts that no language needs (issue 22 item 6): one concept, one entry.

A msgid written with several contexts (`pmsg("paskievics field", "Dealer")`,
`pmsg("ultimo field", "Dealer")`, ...) whose translations are the same in every catalogue is
one concept. This tool rewrites those calls as `msg("Dealer")` in the source; `make messages`
then makes the plain entry, and `--fill` copies the shared translation into it:

    .venv/bin/python tools/merge_contexts.py          # rewrite the calls (prints the files)
    make messages
    .venv/bin/python tools/merge_contexts.py --fill   # translate the new plain entries
    .venv/bin/ruff check --fix scorebook && .venv/bin/ruff format scorebook

Only `pmsg` calls are rewritten; `pgettext` in the app is left for a person to judge. Where
the translations of one msgid differ, the largest group of alike contexts (or the group of
the plain entry) is merged and the others keep their contexts.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("hu", "pl")
PLAN = ROOT / ".merge-contexts.json"  # the merged entries between the two steps
LITERAL = r'"((?:[^"\\]|\\.)*)"'
PMSG = re.compile(r"\bpmsg\(\s*" + LITERAL + r",\s*" + LITERAL)
IMPORT = re.compile(r"^from scorebook\.engine\.messages import (.*)$", re.M)


def unquote(text: str) -> str:
    return re.sub(r'\\(["\\nt])', lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), text)


def entries(lang: str) -> dict[tuple[str | None, str], tuple[str, ...]]:
    """(context, msgid) → its msgstr forms, for the live singular entries of a catalogue."""
    found: dict[tuple[str | None, str], tuple[str, ...]] = {}
    po = ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"
    for block in po.read_text(encoding="utf-8").split("\n\n"):
        if "\n#~" in "\n" + block or "msgid_plural" in block:
            continue
        ctx = re.search(r'^msgctxt "(.*)"$', block, re.M)
        mid = re.search(r'^msgid "(.*)"$', block, re.M)
        forms = tuple(unquote(s) for s in re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', block, re.M))
        if mid and mid[1]:
            found[(unquote(ctx[1]) if ctx else None, unquote(mid[1]))] = forms
    return found


def plan() -> dict[tuple[str, str], list[tuple[str, ...]]]:
    """The (context, msgid) entries to merge, each with its translation per language."""
    catalogues = [entries(lang) for lang in LANGS]
    contexts: dict[str, list[str | None]] = defaultdict(list)
    for ctx, mid in catalogues[0]:
        contexts[mid].append(ctx)
    merged = {}
    for mid, ctxs in contexts.items():
        groups: dict[tuple, list[str | None]] = defaultdict(list)
        for ctx in ctxs:
            groups[tuple(c.get((ctx, mid), ()) for c in catalogues)].append(ctx)
        plain = [k for k, v in groups.items() if None in v]
        key = plain[0] if plain else max(groups, key=lambda k: len(groups[k]))
        if len(groups[key]) > 1:
            merged.update({(ctx, mid): list(key) for ctx in groups[key] if ctx is not None})
    return merged


def rewrite(merged: dict[tuple[str, str], list], skip: set[str]) -> None:
    for path in sorted((ROOT / "scorebook").rglob("*.py")):
        if path.name in skip:
            continue
        text = path.read_text(encoding="utf-8")

        def plain(m: re.Match[str]) -> str:
            return f'msg("{m[2]}"' if (unquote(m[1]), unquote(m[2])) in merged else m[0]

        new = PMSG.sub(plain, text)
        if new != text:
            names = IMPORT.search(new)
            if names and "msg" not in re.split(r",\s*", names[1]):
                new = IMPORT.sub(lambda m: m[0] + ", msg", new, count=1)
            path.write_text(new, encoding="utf-8")
            print(path.relative_to(ROOT))


def fill(shared: dict[str, list[list[str]]]) -> None:
    """Write each merged msgid's shared translation into its new plain entry."""
    for i, lang in enumerate(LANGS):
        po = ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"
        blocks = po.read_text(encoding="utf-8").split("\n\n")
        for j, block in enumerate(blocks):
            mid = re.search(r'^msgid "(.*)"$', block, re.M)
            if mid and unquote(mid[1]) in shared and "msgctxt" not in block:
                text = shared[unquote(mid[1])][i][0].replace("\\", "\\\\").replace('"', '\\"')
                blocks[j] = re.sub(r'^msgstr ".*"$', f'msgstr "{text}"', block, flags=re.M)
                blocks[j] = blocks[j].replace("#, fuzzy\n", "").replace(", fuzzy", "")
        po.write_text("\n\n".join(blocks), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fill", action="store_true", help="after `make messages`")
    parser.add_argument("--skip", nargs="*", default=[], help="file names to leave alone")
    args = parser.parse_args()
    if args.fill:
        fill({mid: forms for ctx, mid, forms in json.loads(PLAN.read_text())})
        PLAN.unlink()
        return 0
    merged = plan()
    PLAN.write_text(json.dumps([[c, m, f] for (c, m), f in merged.items()], ensure_ascii=False))
    rewrite(merged, set(args.skip))
    return 0


if __name__ == "__main__":
    sys.exit(main())
