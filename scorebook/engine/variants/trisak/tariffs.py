"""Trisák tarokk's numbers and names: the six bid levels, pagát ultimó tariffs, the
trisákolás, the hand bonuses, each citing its section (spec `trisak.md`, seed 004 §73).
"""

from __future__ import annotations

from scorebook.engine.messages import msg, pmsg

KEY = "trisak"
CONTRACTS = (
    "no_game",
    "trisakolas",
    "jatek",
    "ultimohivas",
    "bettli",
    "harmas",
    "nyilt_bettli",
    "harmas_szolo",
)
NAMES = {
    "no_game": msg("no game"),
    "trisakolas": msg("trisákolás"),
    "jatek": msg("játék"),
    "ultimohivas": msg("ultimóhívás"),
    "bettli": pmsg("trisak contract", "bettli"),
    "harmas": pmsg("trisak contract", "hármasjáték"),
    "nyilt_bettli": pmsg("trisak contract", "nyílt bettli"),
    "harmas_szolo": msg("hármas szóló"),
}
# Game values per level (seed 004 §73: "díja 4 pont" … "Díja 20 pont"); at ultimóhívás the
# game part is 4 and the announced ultimó (below) 40.
GAME_VALUE = {
    "jatek": 4,
    "ultimohivas": 4,
    "bettli": 8,
    "harmas": 10,
    "nyilt_bettli": 15,
    "harmas_szolo": 20,
}
# Pagát ultimó (seed 004 §73 "Ultimó díja egyszerű játéknál csendesen 10, bemondva 20, a
# második fokozatnál csak bemondott ultimó van, díja 40, hármasnál …"): (silent, announced).
ULTIMO_VALUE = {
    "jatek": (10, 20),
    "ultimohivas": (0, 40),
    "harmas": (20, 40),
    "harmas_szolo": (40, 80),
}
CARD_GAMES = ("jatek", "ultimohivas", "harmas", "harmas_szolo")
BETTLIS = ("bettli", "nyilt_bettli")
CALLING = ("jatek", "ultimohivas")
# Only the declarer discards under restrictions (no honours or kings), at levels 1, 2, 4.
DISCARDING = ("jatek", "ultimohivas", "harmas")
# 106 card points in the pack (seed 004 §67); 54 wins, 53–53 goes to the opponents (§73).
PACK_POINTS = 106
TALON_LEAST = 6  # the six talon cards are worth at least 6 (one point each)
TO_WIN = 54
# Trisákolás (seed 004 §73): the top scorer pays 3 to each, or 9 to a player without a trick.
TRISAK_EACH = 3
TRISAK_NO_TRICK = 9
# Hand bonuses (seed 004 §73 "Egyéb bemondások"): 10 each, "hármas szólónál duplán".
BONUS_VALUE = 10
BONUSES = ("eight_tarokks", "four_kings", "trull", "little_honours")
BONUS_NAMES = {
    "eight_tarokks": pmsg("trisak hand bonus", "nyolc tarokk (eight tarokks)"),
    "four_kings": pmsg("trisak hand bonus", "négy király (four kings)"),
    "trull": pmsg("trisak hand bonus", "tulétroá (trull)"),
    "little_honours": pmsg("trisak hand bonus", "kis honnörök (little honours)"),
}
# How many players can hold each bonus in one deal: 4 kings, 3 honours, 7 cards for the
# little honours (4 each), 22 tarokks (8 each).
BONUS_MOST = {"eight_tarokks": 2, "four_kings": 1, "trull": 1, "little_honours": 1}
IRREGULARITIES = ("revoke", "wrong_discard")
IRREGULARITY_NAMES = {
    "revoke": msg("revoke"),
    "wrong_discard": msg("wrong discard"),
}
SIDES = ("declarer", "opponents")
RESULT_FIELDS = ("declarer_side_points", "declarer_took_trick", "trisak_points", "trisak_tricks")
