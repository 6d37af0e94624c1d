from hypothesis import settings


def examples(n: int) -> int:
    """How many examples a property test runs: the `n` it asks for under the Hypothesis
    profile "ci" (`make test-all`, CI), a tenth of them (at least 3) under "dev" (`make
    test`, a plain `pytest`). The profiles are in tests/conftest.py."""
    if settings.get_current_profile_name() == "ci":
        return n
    return max(3, n // 10)
