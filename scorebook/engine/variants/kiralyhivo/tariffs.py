"""Királyhívó's tariffs and house rules: the seed's numbers, each citing its section.

Spec: shared/rules/kiralyhivo.md (sections 3–6 and 12); source: seed 004 (Tolnai 1930)
§66–§69.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scorebook.engine.types import HouseRule, Text

KEY = "kiralyhivo"
POT = "ultimokassza"
POTS = (POT,)
DECLARER, OPPONENTS = "declarer", "opponents"
SIDES = (DECLARER, OPPONENTS)

CONTRACTS = ("hivas", "szolo", "harmas", "szolo_harmas")
CONTRACT_NAMES = {
    "hivas": "hívás",
    "szolo": "szóló",
    "harmas": "hármas",
    "szolo_harmas": "szólóhármas",
}
CALLING = ("hivas", "szolo")  # the two contracts with a called king (seed 004 §68–§69)
DISCARDING = ("hivas", "harmas")  # the two contracts with a talon exchange (seed 004 §68–§69)

FIGURES = ("trull", "four_kings", "xxi_catch", "pagat_ultimo", "king_ultimo", "volat")

# Game values: hívás 6, szóló 8, hármas 10, szólóhármas 20 (seed 004 §69).
BASE = {"hivas": 6, "szolo": 8, "harmas": 10, "szolo_harmas": 20}
# Figures (tulétroá, négy király, huszonegyfogás, the ultimós), silent / announced, by
# contract (seed 004 §69: hívás 2/4, szóló 4/8, hármas 6/12, szólóhármas 8/16).
FIGURE_VALUES = {"hivas": (2, 4), "szolo": (4, 8), "harmas": (6, 12), "szolo_harmas": (8, 16)}
# The ultimó values printed for hívás only (seed 004 §69: "ultimó csendesen 2, bemondva 4").
HIVAS_ULTIMO = (2, 4)
# Volát, silent / announced (seed 004 §69: 12/24, 24/48, 24/48, 48/96).
VOLAT_VALUES = {"hivas": (12, 24), "szolo": (24, 48), "harmas": (24, 48), "szolo_harmas": (48, 96)}
# figure → (silent, announced) per (contract, ultimo_values_follow_figures), spec K2.
VALUES = {
    (contract, follow): {
        figure: VOLAT_VALUES[contract]
        if figure == "volat"
        else HIVAS_ULTIMO
        if figure in ("pagat_ultimo", "king_ultimo") and not follow
        else FIGURE_VALUES[contract]
        for figure in FIGURES
    }
    for contract in BASE
    for follow in (True, False)
}
THROW_PAYMENT = 4  # to each of the three others (seed 004 §68: "4—4 pontot fizet")
KING_FINE = 2  # to each opponent (seed 004 §68–§69: "2—2 pontot fizet")
NO_GAME_POT = 5  # each player into the ultimókassza when there is no game (seed 004 §38)
WIN = 36  # of 70 card points (seed 004 §68)
TOTAL = 70  # card points of the 54-card pack (seed 004 §67)

FIGURE_NAMES = {
    "trull": "tulétroá",
    "four_kings": "négy király",
    "xxi_catch": "huszonegyfogás",
    "pagat_ultimo": "pagátultimó",
    "king_ultimo": "királyultimó",
    "volat": "volát",
}
SIDE_NAMES = {
    DECLARER: Text("declarer side", "felvevő párt"),
    OPPONENTS: Text("opponents", "ellenpárt"),
}
# Figures that say who won the last trick.
LAST_TRICK_FIGURES = ("volat", "pagat_ultimo", "king_ultimo")
# Silent ones a made volát cancels (seed 004 §53).
VOLAT_CANCELS = ("trull", "four_kings")
# Opponents announcing these must contra the game at once (seed 004 §50, §51).
MUST_CONTRA = ("trull", "four_kings")

SUITS = ("hearts", "diamonds", "clubs", "spades")
KING_NAMES = {
    "hearts": Text("♥K", "kőr király"),
    "diamonds": Text("♦K", "káró király"),
    "clubs": Text("♣K", "treff király"),
    "spades": Text("♠K", "pikk király"),
}
LOCATIONS = ("player", "declarer", "talon")
TALON_ACTIONS = ("throw", "play_took_king_half", "play_left_king_half")
IRREGULARITIES = ("revoke", "wrong_discard", "no_tarokk_annulment")
MAX_LEVEL = {"mordkontra": 5, "rekontra": 2}

# Card values counted in threes (seed 004 §66): the integer part of each card's value.
CARD_INTEGER_PARTS = {"honour": 4, "king": 4, "queen": 3, "knight": 2, "jack": 1, "other": 0}


def pile_points(cards: Iterable[str]) -> int:
    """Card points of a pile counted in threes (seed 004 §66).

    Cards are named by kind: honour (skíz, XXI, pagát), king, queen, knight, jack, other.
    Each full group of three is worth 1 plus its integer parts, a final pair 1 plus its
    integer parts, a final single card its integer part only.
    """
    count = parts = 0
    for card in cards:
        parts += CARD_INTEGER_PARTS[card]
        count += 1
    return parts + count // 3 + (1 if count % 3 == 2 else 0)


def _rule(name: str, default: Any, kind: str, en: str, hu: str, **kw: Any) -> HouseRule:
    return HouseRule(name, default, kind, Text(en, hu), **kw)


HOUSE_RULES = (
    _rule(
        "ultimo_values_follow_figures",
        True,
        "bool",
        "Ultimós take the figure values of the level (off: 2 silent / 4 announced at every level)",
        "Az ultimók a szint figuraértékét kapják (ki: minden szinten 2 csendes / 4 bemondva)",
    ),
    _rule(
        "allow_voluntary_self_call",
        False,
        "bool",
        "The declarer may call one of his own kings without holding all four",
        "A felvevő négy király nélkül is hívhatja saját királyát (önhívás)",
    ),
    _rule(
        "talon_king_fine_stacks",
        False,
        "bool",
        "Leaving the called king's talon half costs 4 to each opponent instead of 2",
        "A hívott király talonfelének otthagyása ellenfelenként 4 (2 helyett)",
    ),
    _rule(
        "throw_allowed_at_szolo",
        False,
        "bool",
        "At szóló with the called king in the talon the declarer may throw too",
        "Szólónál is dobhat a felvevő, ha a hívott király a talonban van",
    ),
    _rule(
        "max_contra_level",
        "mordkontra",
        "choice",
        "Highest contra: the full ladder (mordkontra) or only up to rekontra",
        "Legmagasabb kontra: a teljes létra (mordkontra) vagy csak rekontra",
        choices=("mordkontra", "rekontra"),
        choice_labels=(
            Text("up to mordkontra", "mordkontráig"),
            Text("up to rekontra", "rekontráig"),
        ),
    ),
    _rule(
        "volat_replaces_game",
        True,
        "bool",
        "A volát (made or announced) replaces the game",
        "A volát (megcsinálva vagy bemondva) a játék helyett számít",
    ),
    _rule(
        "volat_cancels_silent_figures",
        True,
        "bool",
        "A made volát cancels silent tulétroá and négy király",
        "Megcsinált volátnál a csendes tulétroá és négy király nem jár",
    ),
    _rule(
        "revoke_penalty",
        True,
        "bool",
        "A revoker pays each other player the game and the announced figures",
        "A renonszoló mindenkinek kifizeti a játékot és a bemondásokat",
    ),
    _rule(
        "no_tarokk_annulment",
        True,
        "bool",
        "A hand where a player has no tarokk (or only the XXI) is annulled",
        "Érvénytelen a leosztás, ha valakinek nincs tarokkja (vagy csak a XXI)",
    ),
    _rule(
        "wrong_discard_penalty",
        "strict",
        "choice",
        "Wrong discard: strict (paid like a revoke) or mild (the discarder bears his side's result)",
        "Hibás skart: szigorú (mint a renonsz) vagy enyhe (a skartoló viseli pártja eredményét)",
        choices=("strict", "mild"),
        choice_labels=(Text("strict", "szigorú"), Text("mild", "enyhe")),
    ),
    _rule(
        "penalty_includes_contras",
        True,
        "bool",
        "Revoke and wrong-discard payments include the contra multipliers",
        "A renonsz és a hibás skart fizetése a kontrákkal együtt számít",
    ),
    _rule(
        "talon_counts_for_figures",
        True,
        "bool",
        "Talon cards count for the figures of the side they count for (recording convention)",
        "A talon lapjai annak a pártnak a figuráihoz számítanak, amelyé (rögzítési szokás)",
    ),
    _rule(
        "silent_ultimo_lost_pays",
        False,
        "bool",
        "A pagát beaten in the last trick pays the silent pagátultimó value",
        "Az utolsó ütésben elfogott pagát kifizeti a csendes pagátultimót",
    ),
    _rule(
        "allow_reannounce_after_contra",
        True,
        "bool",
        "Both sides may announce the same figure (seed 004 §55)",
        "Ugyanazt a figurát mindkét párt bemondhatja (Tolnai, 55. §)",
    ),
    _rule(
        "ultimo_kassza",
        False,
        "bool",
        "Play with an ultimókassza (5 each per hand without a game; the pagátultimó takes it)",
        "Ultimókasszával (játék nélküli leosztásnál 5-5; a pagátultimó viszi)",
        group=Text("Ultimókassza", "Ultimókassza"),
    ),
    _rule(
        "kassza_end_of_session",
        "split_equally",
        "choice",
        "At the end of the night the kassza is split equally or carried over",
        "Az este végén a kasszát egyenlően elosztják vagy továbbviszik",
        choices=("split_equally", "carry_over"),
        choice_labels=(
            Text("split equally", "egyenlően szétosztva"),
            Text("carry over", "átvisszük"),
        ),
        group=Text("Ultimókassza", "Ultimókassza"),
    ),
    _rule(
        "five_players",
        False,
        "choice",
        "Five players (dealer sits out): not described for Királyhívó, not supported",
        "Öt játékos (az osztó kimarad): a királyhívónál nincs leírva, nem támogatott",
        choices=(False,),
        choice_labels=(Text("not supported", "nem támogatott"),),
    ),
)
