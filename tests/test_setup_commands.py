"""The README's set-up commands and CI must stay in step."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", setup, flags=re.DOTALL)


def test_readme_gives_exactly_two_setup_commands() -> None:
    commands = _readme_commands()
    assert len(commands) == 2
    assert all("\n" not in command for command in commands)
    demo, tests = commands
    assert "wizard-rules simulate" in demo
    assert "pytest" in tests


def test_ci_runs_the_readme_test_command_word_for_word() -> None:
    test_command = _readme_commands()[1]
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test_command in ci_lines


def test_version_agrees_with_pyproject_and_changelog() -> None:
    import wizard_rules

    # pyproject.toml reads the version from wizard_rules/_version.py (hatch's
    # dynamic version), the one place it is written.
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject
    assert 'path = "wizard_rules/_version.py"' in pyproject
    source = (ROOT / "wizard_rules" / "_version.py").read_text(encoding="utf-8")
    version = re.search(r'^__version__ = "([^"]+)"', source, flags=re.MULTILINE)
    assert version is not None
    assert wizard_rules.__version__ == version.group(1)
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## [{version.group(1)}]" in changelog
