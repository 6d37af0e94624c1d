"""The one place that lists the variants. Each lives in `variants/<key>.py` or the package
`variants/<key>/` as `VARIANT`."""

from __future__ import annotations

import importlib
from functools import cache

from scorebook.engine.types import Variant

# In the order the night set-up offers them.
VARIANT_KEYS: tuple[str, ...] = (
    "paskievics",
    "ultimo",
    "magyar",
    "kiralyhivo",
    "tapper",
    "stromann",
    "trisak",
    "negyes54",
    "strohmandli",
    "snapszer",
    "scopa",
    "briscola",
    "ecarte",
    "trappola",
    "durak",
    "german_whist",
    "zsirozas",
    "sult_malac",
    "feldiszno",
)


class UnknownVariant(KeyError):
    pass


@cache
def get(key: str) -> Variant:
    if key not in VARIANT_KEYS:
        raise UnknownVariant(key)
    module = importlib.import_module(f"scorebook.engine.variants.{key}")
    variant: Variant = module.VARIANT
    assert variant.key == key
    return variant


def all_variants() -> list[Variant]:
    return [get(key) for key in VARIANT_KEYS]
