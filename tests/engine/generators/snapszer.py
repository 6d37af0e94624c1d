"""Random valid snapszer deals (spec two_player_games.md §13)."""

import random

from tests.engine.generators._two_player import common_rules, dealer, maybe, players

KEY = "snapszer"


def random_session(rng: random.Random):
    rules = common_rules(rng)
    maybe(rng, rules, "snapszer_target", 7, 5, 11)
    maybe(rng, rules, "snapszer_matches_to_win", 1, 2, 3)
    maybe(rng, rules, "snapszer_closing", True, False)
    maybe(rng, rules, "snapszer_game_points", [1, 2, 3], [1, 2, 4])
    maybe(rng, rules, "revoke_game_points", 2, 3)
    return players(rng), rules, None


def _loser(rng: random.Random, result: dict, *, last_trick: bool = False) -> None:
    if last_trick:
        result["loser_took_trick"] = True
        result["loser_points"] = rng.randint(55, 65)
    elif rng.random() < 0.15:
        result["loser_took_trick"] = False
        result["loser_points"] = 0
    else:
        result["loser_took_trick"] = True
        result["loser_points"] = rng.randint(4, 65)


def random_hand(rng: random.Random, session, state):
    a, b = session.players
    winner = rng.choice([a, b])
    loser = b if winner == a else a
    roll = rng.random()
    if roll < 0.04:
        result: dict = {"winner": winner, "win_by": "forfeit"}
    elif session.house_rules["snapszer_closing"] and roll < 0.25:
        if rng.random() < 0.5:
            result = {"winner": winner, "win_by": "reached_66", "closed_by": winner}
            _loser(rng, result)
        else:
            result = {
                "winner": winner,
                "win_by": "closer_failed",
                "closed_by": loser,
                "winner_had_trick_at_closing": rng.random() < 0.6,
            }
    elif roll < 0.4:
        result = {"winner": winner, "win_by": "last_trick"}
        _loser(rng, result, last_trick=True)
    else:
        result = {"winner": winner, "win_by": "reached_66"}
        _loser(rng, result)
    return {"dealer": dealer(KEY, session, state), "result": result}
