"""Random valid nights, one module per variant, for property tests and the benchmark.

Each module `<key>.py` defines:
- `random_session(rng) -> (players, house_rules, opening_pots_or_None)`;
- `random_hand(rng, session, state) -> dict`: one valid record for the current state (a
  hand, or a session event where the variant has them), using `variant.table_hint` for the
  dealer and whoever sits out.
"""

import importlib
import random
from types import ModuleType

from scorebook.engine import registry
from scorebook.engine.types import Session


def generator(key: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"tests.engine.generators.{key}")
    except ModuleNotFoundError:
        return None


def generated_keys() -> list[str]:
    return [key for key in registry.VARIANT_KEYS if generator(key) is not None]


def random_night(key: str, rng: random.Random, hands: int) -> tuple[Session, list[dict]]:
    """A session and `hands` valid records, built by playing them through the engine."""
    from scorebook.engine.scoresheet import resolve_house_rules

    gen = generator(key)
    assert gen is not None
    players, given_rules, pots = gen.random_session(rng)
    rules, problems = resolve_house_rules(key, given_rules)
    assert not problems, problems
    variant = registry.get(key)
    joiners = frozenset(getattr(gen, "late_joiners", lambda p: ())(players))
    session = Session(key, tuple(players), rules, pots, joiners)
    state, _ = variant.start(session)
    records: list[dict] = []
    for _ in range(hands):
        record = gen.random_hand(rng, session, state)
        if "event" in record:
            state, _ = variant.event(session, state, record)
        else:
            state, _ = variant.play(
                session, state, record, len([r for r in records if "event" not in r]) + 1
            )
        records.append(record)
    return session, records
