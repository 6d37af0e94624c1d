"""Ultimo's tariff: seed 001 §15 "Punktacja i opłaty" unless noted (spec `rules/ultimo.md` §4,
§8, §9.2). Every amount is a multiple of 5."""

from __future__ import annotations

from scorebook.engine.types import Text

KING = "king"
PAGAT = "pagat"
POT_NAMES = (KING, PAGAT)
POT_TEXT = {KING: Text("King pool", "király-kassza"), PAGAT: Text("Pagat pool", "pagát-kassza")}
POT_INTO_HU = {KING: "a király-kasszába", PAGAT: "a pagát-kasszába"}

FOUNDATION = 20  # §15 "Fundamenty": each seated person, into each pool, at start and on refill
DEALER_FEE = 5  # §15 "Rozdanie", §17: the dealer, into each pool
IN_PLAY = 5  # §15 "Podczas gry, ale nie w ostatnim sztychu": king/Pagat lost or Pagat won
KING_ULTIMO = 40  # §15 "Król Ultimo": from each other player
PAGAT_ULTIMO = 45  # §15 "Pagat Ultimo": from each other player (spec §12 item 1)
KING_PRZYDUPEK = 40  # §15 "Przydupek Króla": to each other player, plus the pool's contents
PAGAT_PRZYDUPEK = 45  # §15 "Przydupek Pagata": to each other player, plus the pool's contents
PLAIN_LAST_TRICK = 20  # §15 "Ostatni sztych"
NOLO = 25  # §15 "Nolo"
TOUT_DEFAULT = 85  # §15 "Tout" (house rule `tout_value`)
CARD_POINTS_TOTAL = 78  # §15, table after "Po rozliczeniach za ostatni sztych"
CARD_POINTS_PAR = 26  # §15: each player's count is compared with 26
SKAT_MAX = 1 + 3 * 4  # §15 table: the Skat point and three cards of at most 4 (spec §1)
# §18 "Kary": the offender pays this into EACH pool
PENALTY_AMOUNT = {"superficial": 0, "small": 5, "large": 20, "irreparable": 40}
# §15 "Deklaracja": rich 15, full 10, half 5 (kings and cavalry alike)
LEVEL_VALUE = {"rich": 15, "full": 10, "half": 5}
LEVELS = ("rich", "full", "half")
TRUMPS_MIN, TRUMPS_MAX = 10, 22  # spec §4 table A: the 21 trumps and the Joker
MATADORS_MIN, MATADORS_MAX = 3, 22  # spec §4 table A: Joker, Pagat, 21…2
DECLARATION_TYPES = ("trumps", "matadors", "kings", "cavalry")

SUITS = ("hearts", "diamonds", "spades", "clubs")
SUIT_HU = {"hearts": "kőr", "diamonds": "káró", "spades": "pikk", "clubs": "treff"}
CAVALRY_CARDS = ("king", "queen", "cavalier", "jack")
CARD_HU = {"king": "király", "queen": "dáma", "cavalier": "lovas", "jack": "bubi"}
LEVEL_HU = {"rich": "gazdag", "full": "teljes", "half": "fél"}
CLASSES = ("superficial", "small", "large", "irreparable")
CLASS_HU = {
    "superficial": "formai",
    "small": "kis",
    "large": "nagy",
    "irreparable": "helyrehozhatatlan",
}
# Spec §13.1 reasons, plus "revoke" so that `revoke_penalty_class` can be recorded (§9.6).
REASONS = (
    "pools_not_moved",
    "misdeal_redeal",
    "declared_before_dealer",
    "lead_out_of_turn",
    "played_out_of_turn",
    "false_joker_demand",
    "wrong_discard",
    "declaration_error",
    "wrong_card_count",
    "failed_tout_joker_discard",
    "revoke",
    "other",
)
REASON_TEXT = {
    "pools_not_moved": Text("pools not moved", "nem tolta tovább a kasszákat"),
    "misdeal_redeal": Text("misdeal, redeal", "hibás osztás, újraosztás"),
    "declared_before_dealer": Text("declared before the dealer", "az osztó előtt jelentett"),
    "lead_out_of_turn": Text("led out of turn", "soron kívül hívott"),
    "played_out_of_turn": Text("played out of turn", "soron kívül tett"),
    "false_joker_demand": Text("false Joker demand", "alaptalan Joker-követelés"),
    "wrong_discard": Text("wrong discard", "hibás skartolás"),
    "declaration_error": Text("declaration error", "hibás bemondás"),
    "wrong_card_count": Text("wrong number of cards", "rossz lapszám"),
    "failed_tout_joker_discard": Text(
        "failed Tout after discarding the Joker", "bukott Tout Joker-skartolás után"
    ),
    "revoke": Text("revoke", "színre nem adás"),
    "other": Text("other", "egyéb"),
}
# The class a reason carries by §18 (spec §9.2); "other" takes the recorded class, and the
# failed-Tout and revoke classes come from house rules.
REASON_CLASS = {
    "pools_not_moved": "small",
    "misdeal_redeal": "small",
    "declared_before_dealer": "large",
    "lead_out_of_turn": "large",
    "played_out_of_turn": "large",
    "false_joker_demand": "large",
    "wrong_discard": "irreparable",
    "declaration_error": "irreparable",
    "wrong_card_count": "irreparable",
}
FAILED_TOUT_CLASS = {"small": "small", "large": "large", "irreparable_amount": "irreparable"}
# §18: the dealer is the offender of these (and of a wrong card count by house rule)
DEALER_OFFENCES = ("misdeal_redeal", "wrong_discard", "failed_tout_joker_discard")


def declaration_value(kind: str, number: int, level: str) -> int:
    """Table A (seed 001 §15 "Deklaracja"): `number` for trumps and matadors, `level` for kings
    and cavalry."""
    if kind == "trumps":
        return 10 + 5 * (number - 10)  # 10 trumps = 10, +5 per further trump
    if kind == "matadors":
        return 10 + 5 * (number - 3)  # 3 matadors = 10, +5 per further one
    return LEVEL_VALUE[level]


def card_point_amount(points: int, cap: int | None) -> int:
    """Table D: 5 × round((p − 26) / 5) = 5 × floor((p − 24) / 5), optionally capped."""
    amount = 5 * ((points - CARD_POINTS_PAR + 2) // 5)
    if cap is not None:
        amount = max(-cap, min(cap, amount))
    return amount
