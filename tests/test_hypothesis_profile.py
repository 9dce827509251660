"""The property tests' shared settings are in force in every test module."""

from hypothesis import HealthCheck, settings


def test_property_tests_are_repeatable_and_not_timed() -> None:
    assert settings.default.deadline is None
    assert settings.default.derandomize
    assert settings.default.database is None
    assert HealthCheck.too_slow in settings.default.suppress_health_check
