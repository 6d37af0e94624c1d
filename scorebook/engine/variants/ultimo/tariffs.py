"""Ultimo's tariff: seed 001 §15 "Punktacja i opłaty" unless noted (spec `rules/ultimo.md` §4,
§8, §9.2). Every amount is a multiple of 5."""

from __future__ import annotations

from scorebook.engine.messages import msg, pmsg

KING = "king"
PAGAT = "pagat"
POT_NAMES = (KING, PAGAT)
# A pool's name as a subject, and where a sentence says "of the pool" (grammar per language)
POT_TEXT = {KING: msg("King pool"), PAGAT: msg("Pagat pool")}
POT_OF = {
    KING: pmsg("ultimo pool, genitive", "King pool"),
    PAGAT: pmsg("ultimo pool, genitive", "Pagat pool"),
}

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
SUIT_TEXT = {
    "hearts": msg("hearts"),
    "diamonds": msg("diamonds"),
    "spades": msg("spades"),
    "clubs": msg("clubs"),
}
CAVALRY_CARDS = ("king", "queen", "cavalier", "jack")
# The missing card of a half cavalry, as "without the …" names it
CARD_WITHOUT = {
    "king": pmsg("ultimo card, without", "king"),
    "queen": pmsg("ultimo card, without", "queen"),
    "cavalier": pmsg("ultimo card, without", "cavalier"),
    "jack": pmsg("ultimo card, without", "jack"),
}
CLASSES = ("superficial", "small", "large", "irreparable")
# A penalty class as a problem names it ("… is small here")
CLASS_TEXT = {
    "superficial": msg("superficial"),
    "small": msg("small"),
    "large": msg("large"),
    "irreparable": msg("irreparable"),
}
# A penalty of a class, as its line names it
PENALTY_TEXT = {
    "superficial": pmsg("ultimo penalty", "Superficial penalty"),
    "small": pmsg("ultimo penalty", "Small penalty"),
    "large": pmsg("ultimo penalty", "Large penalty"),
    "irreparable": pmsg("ultimo penalty", "Irreparable penalty"),
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
    "pools_not_moved": pmsg("ultimo penalty reason", "pools not moved"),
    "misdeal_redeal": pmsg("ultimo penalty reason", "misdeal, redeal"),
    "declared_before_dealer": pmsg("ultimo penalty reason", "declared before the dealer"),
    "lead_out_of_turn": pmsg("ultimo penalty reason", "led out of turn"),
    "played_out_of_turn": pmsg("ultimo penalty reason", "played out of turn"),
    "false_joker_demand": pmsg("ultimo penalty reason", "false Joker demand"),
    "wrong_discard": pmsg("ultimo penalty reason", "wrong discard"),
    "declaration_error": pmsg("ultimo penalty reason", "declaration error"),
    "wrong_card_count": pmsg("ultimo penalty reason", "wrong number of cards"),
    "failed_tout_joker_discard": pmsg(
        "ultimo penalty reason", "failed Tout after discarding the Joker"
    ),
    "revoke": msg("revoke"),
    "other": pmsg("ultimo penalty reason", "other"),
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
