"""Négyes tarokk 54 lappal's numbers and names: the ten bid levels and their units, the
combined bids' parts, the trisákolás, each citing its heading in seed 000 (spec
`negyes54.md`; the seed has headings but no section numbers).
"""

from __future__ import annotations

from scorebook.engine.messages import msg, pmsg

KEY = "negyes54"
ALL_PASS = "trisakolas_all_pass"
CONTRACTS = (
    ALL_PASS,
    "trisakolas",
    "jatek",
    "ultimohivas",
    "betli",
    "jatek_es_ultimo",
    "harmas_jatek",
    "harmas_jatek_es_ultimo",
    "teritett_betli",
    "szolo_harmas",
    "szolo_harmas_es_ultimo",
)
NAMES = {
    ALL_PASS: pmsg("negyes54 contract", "trisákolás after an all-pass"),
    "trisakolas": msg("trisákolás"),
    "jatek": msg("játék"),
    "ultimohivas": msg("ultimóhívás"),
    "betli": msg("betli"),
    "jatek_es_ultimo": msg("játék és ultimó"),
    "harmas_jatek": msg("hármas játék"),
    "harmas_jatek_es_ultimo": msg("hármas játék és ultimó"),
    "teritett_betli": msg("terített betli"),
    "szolo_harmas": msg("szólóhármas"),
    "szolo_harmas_es_ultimo": pmsg("negyes54 contract", "szólóhármas és ultimó"),
}
# Game part of the card-point bids (seed 000 "Játék" 4, "Hármasjáték" 10, "Szólóhármas" 20).
GAME_PART = {
    "jatek": 4,
    "jatek_es_ultimo": 4,
    "harmas_jatek": 10,
    "harmas_jatek_es_ultimo": 10,
    "szolo_harmas": 20,
    "szolo_harmas_es_ultimo": 20,
}
# The ultimó, alone or as part of a combined bid (seed 000 "Ultimóhívás"): 6 units.
ULTIMO = 6
ULTIMO_BIDS = ("ultimohivas", "jatek_es_ultimo", "harmas_jatek_es_ultimo", "szolo_harmas_es_ultimo")
# Betli 8, terített betli 16 (seed 000 "Betli", "Terített betli").
BETLI = {"betli": 8, "teritett_betli": 16}
# Trisákolás forms 2 and 3: 3 units (seed 000 "Trisákolás").
TRISAK = 3
CALLING = ("jatek", "ultimohivas", "jatek_es_ultimo")
# Who exchanges with the talon, so who can discard wrongly (seed 000 level headings).
DECLARER_EXCHANGES = (
    "jatek",
    "ultimohivas",
    "jatek_es_ultimo",
    "harmas_jatek",
    "harmas_jatek_es_ultimo",
)
# 64 points in the game: cards 52 + 12 tricks; 33 wins, 32–32 goes to the opponents.
TOTAL = 64
TO_WIN = 33
IRREGULARITIES = ("revoke", "wrong_discard", "illegal_ultimo_bid")
BID_CALLS = ("pass", "segitek", *CONTRACTS[1:])
IRREGULARITY_NAMES = {
    "revoke": msg("revoke"),
    "wrong_discard": msg("wrong discard"),
    "illegal_ultimo_bid": pmsg("negyes54 irregularity", "ultimóhívás without pagát, sas or king"),
}
RESULT_FIELDS = ("tricks", "declarer_side_points", "ultimo_won", "declarer_took_trick")


def bid_value(contract: str) -> int:
    """The full units of a bid (section 3): 3, 4, 6, 8, 10, 10, 16, 16, 20, 26."""
    if contract in BETLI:
        return BETLI[contract]
    if contract in ("trisakolas", ALL_PASS):
        return TRISAK
    return GAME_PART.get(contract, 0) + (ULTIMO if contract in ULTIMO_BIDS else 0)
