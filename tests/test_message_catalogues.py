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


# --- players' words: the glossary of docs/translating.md and sentences around gaps ----------

GLOSSARY_DOC = ROOT / "docs" / "translating.md"
HEADINGS = {"hu": "### Magyar", "pl": "### Polski"}
GAP = r"(?:\{\w+\}|%\(\w+\)[sd])"
# A Hungarian ending or article glued to a gap is right only for some values ("Anna-é").
HU_GLUED = [
    re.compile(
        GAP + r"-\w"
    ),  # {by}-é, {amount}-t, {n}-szer ({each}-{each}, "5-5 each", reads right)
    re.compile(GAP + r"(?:t|nak|nek|é|ra|re|ról|ről|ba|be|ban|ben|ból|ből|hoz|hez|höz|val|vel)\b"),
    re.compile(r"(?<!\w)[Aa]z? " + GAP),  # a {points}, az {figure}
    re.compile(r"\b[Aa]\(z\)"),
]
# Ön and the formal imperatives found in the catalogue's history; the reader is "te".
HU_FORMAL = re.compile(
    r"\b(?:Ön|Önt|Önnek|Öné|Önök|Önöket|kérjük|kérem|adja meg|írja be|válassza|jelölje|"
    r"próbálja|ellenőrizze|válasszon|kattintson|lépjen be|töltse|nyomja|adjon|írjon|vegye|kezdjen)\b",
    re.IGNORECASE,
)
# A Polish past tense agrees with its subject's gender: never next to a gap.
PL_GENDERED = [
    re.compile(GAP + r" (?:\w+ )?\w+ł(?:a|by)?\b"),  # {name} zamknął, {who} nie wziął
    re.compile(r"\b\w+ł(?:a)? " + GAP),  # zamknął {name}
    re.compile(r"ł\(a\)|\(a\)ł"),  # wykonał(a): the workaround reads as a form
    re.compile(
        r"^(?!(?:[Uu]dział|[Pp]odział|[Ss]tół|[Pp]ół)\b)\w+ł\b"
    ),  # a label that is a past tense ("Wziął"): "Kto wziął" is neutral
    re.compile(r"\b\w+(?:łeś|łaś)\b"),  # the reader in one gender ("gdy edytowałeś")
    re.compile(r"[(;:] ?sama?\)"),  # "{declarer} (sam)": "bez partnera" fits anyone
]
# dla {winner}: a name without its genitive (a number of players reads right: dla 3–4 graczy)
PL_GLUED = [re.compile(r"\bdla (?!%\(lo\)s|\{min_players\})" + GAP)]


def glossary(lang: str) -> list[tuple[list[str], list[tuple[str, bool]]]]:
    """The rows of a language's glossary table: its terms, and its forbidden words (each
    with whether a gloss in brackets is allowed)."""
    text = GLOSSARY_DOC.read_text(encoding="utf-8").split(HEADINGS[lang], 1)[1]
    rows = []
    for line in text.split("\n\n", 2)[1].splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        terms = re.findall(r"[^\W\d_]+", cells[1])
        forbidden = [(w, bool(alone)) for w, alone in re.findall(r"`([^`]+)`( alone)?", cells[2])]
        rows.append((terms, forbidden))
    return rows


def unaccented(word: str) -> str:
    table = str.maketrans("áéíóöőúüűąćęłńóśźż", "aeiooouuuacelnoszz")
    return word.translate(table)


def word_problems(lang: str, text: str) -> list[str]:
    """What in one translation breaks the glossary or a rule for sentences around gaps."""
    found = []
    words = re.sub(GAP, "…", text)  # a gap's name is no word of the language
    rows = glossary(lang)
    known = {t for terms, _ in rows for t in terms}
    for terms, forbidden in rows:
        for word, gloss_ok in forbidden:
            either = re.escape(word[0].upper()) + "|" + re.escape(word[0])  # also at a start
            # a long single word is caught with its endings too ("Przydupekje", "renonsu")
            ending = r"\w*" if " " not in word and len(word) >= 6 else ""
            pattern = (
                r"(?<!\w)(?:" + either + ")" + re.escape(word[1:]) + ending + r"(?![\w-]|\.\w)"
            )
            for m in re.finditer(pattern, words):
                if not (gloss_ok and words[: m.start()].endswith("(")):
                    found.append(f"not {word!r}")
        for term in terms:
            bare = unaccented(term.lower())
            if (
                bare != term.lower()
                and bare not in known
                and re.search(r"(?<!\w)" + bare + r"(?![\w-]|\.\w)", words)
            ):
                found.append(f"{bare!r} without accents")
    patterns = HU_GLUED if lang == "hu" else PL_GENDERED + PL_GLUED
    found += [f"{m[0]!r} around a gap" for p in patterns for m in p.finditer(text)]
    if lang == "hu":
        found += [f"formal {m[0]!r}" for m in HU_FORMAL.finditer(text)]
    return found


def translations(lang: str) -> list[tuple[str, str]]:
    po = ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"
    return [
        (e["msgid"], v)
        for e in parse_po(po)
        if e.get("msgid") and not e.get("obsolete")
        for k, v in e.items()
        if k.startswith("msgstr")
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_translations_use_the_glossary_and_whole_sentences(lang):
    wrong = [
        f"{msgid!r} → {text!r}: {', '.join(problems)}"
        for msgid, text in translations(lang)
        if (problems := word_problems(lang, text))
    ]
    assert len(glossary(lang)) >= 15
    assert not wrong, f"{len(wrong)} {lang} translations:\n" + "\n".join(wrong[:60])


@pytest.mark.parametrize(
    ("lang", "text", "problem"),
    [
        ("hu", "A pagát ultimó bukott", "not 'pagát ultimó'"),
        ("hu", "király-Przydupek: {who}", "not 'Przydupek'"),
        ("hu", "nincs Przydupekje", "not 'Przydupek'"),
        ("hu", "{count} tarokk (triumfy)", "not '(triumfy)'"),
        ("hu", "a felvevo nyert", "'felvevo' without accents"),
        ("hu", "fizet {amount}-t", "'{amount}-t' around a gap"),
        ("hu", "{by}-é a pont", "'{by}-é' around a gap"),
        ("hu", "a {points} ponthoz", "'a {points}' around a gap"),
        ("hu", "a(z) {figure} ára", "'a(z)' around a gap"),
        ("hu", "%(name)snak jár", "'%(name)snak' around a gap"),
        ("hu", "írja be újra a nevet", "formal 'írja be'"),
        ("hu", "Önnek nincs joga", "formal 'Önnek'"),
        ("hu", "Ellenőrizze a tétet", "formal 'Ellenőrizze'"),
        ("pl", "{name} zamknął wieczór", "'{name} zamknął' around a gap"),
        ("pl", "wieczór zamknęła {name}", "'zamknęła {name}' around a gap"),
        ("pl", "%(figure)s: wykonał(a)", "'ł(a)' around a gap"),
        ("pl", "wygrana dla {winner}", "'dla {winner}' around a gap"),
        ("pl", "Wziął", "'Wziął' around a gap"),
        ("pl", "gdy go edytowałeś", "'edytowałeś' around a gap"),
        ("pl", "{contract}, {declarer} (sam)", "'(sam)' around a gap"),
        ("pl", "renons {who}", "not 'renons'"),
        ("pl", "Renons albo błędny skart", "not 'renons'"),
        ("pl", "King Ultimo", "not 'King Ultimo'"),
        ("pl", "felvevő wygrywa", "not 'felvevő'"),
        ("pl", "cichy volat", "'volat' without accents"),
    ],
)
def test_the_word_check_finds_each_kind_of_problem(lang, text, problem):
    assert problem in word_problems(lang, text)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("hu", "A felvevő ({who}) fizet: {amount}"),
        ("hu", "Ultimo: {who} viszi az ultimókasszát"),
        ("hu", "Jelöld meg, ki oszt először."),
        ("pl", "Rozgrywający (felvevő): {who}"),
        ("pl", "zamyka: {name}; Pagat Ultimo, Przydupek Króla"),
        ("pl", "{who} wpłaca {amount} do ultimókasszy"),
    ],
)
def test_the_word_check_lets_good_sentences_pass(lang, text):
    assert word_problems(lang, text) == []


def test_a_context_only_where_a_language_needs_another_word():
    """One concept, one entry: a msgid has several contexts only when some language
    translates them differently (issue 22: "Dealer" once had 11 identical entries)."""
    by_id: dict[str, dict[str | None, tuple[str, ...]]] = {}
    for lang in LANGS:
        po = ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"
        for e in parse_po(po):
            if e.get("msgid") and not e.get("obsolete"):
                forms = tuple(v for k, v in sorted(e.items()) if k.startswith("msgstr"))
                entry = by_id.setdefault(e["msgid"], {})
                entry[e.get("msgctxt")] = entry.get(e.get("msgctxt"), ()) + forms
    redundant = sorted(
        (msgid, sorted(contexts, key=str))
        for msgid, contexts in by_id.items()
        if len(contexts) > 1 and len(set(contexts.values())) == 1
    )
    assert not redundant, f"translated alike in every language, so one entry: {redundant[:20]}"
