"""Settings every test shares.

Property tests run the same examples on every run (``derandomize``), so a failure on one
machine is the same failure on another; they keep no example database in the checkout, and
a shared, loaded machine does not fail them for being slow (no deadline): speed is measured
by ``make bench``, not by the tests.
"""

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "macau",
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("macau")


@pytest.fixture(autouse=True)
def _no_columns_set(monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal game keeps to ``COLUMNS`` where it is set: a test asks for it itself."""
    monkeypatch.delenv("COLUMNS", raising=False)
