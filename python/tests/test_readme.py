"""The README's Python example runs as written."""

import os
import re

from conftest import ROOT


def test_the_readme_example_runs(tmp_path, capsys):
    readme = (ROOT / "README.md").read_text()
    section = readme.split("\n## Python", 1)[1]
    snippet = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert len(snippet.strip().splitlines()) == 5
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        exec(compile(snippet, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    out = capsys.readouterr().out
    assert out.strip(), "the example prints what it found"


def test_the_package_docstring_example_runs():
    import doctest

    import mazegraph

    failed, tried = doctest.testmod(mazegraph)
    assert tried > 0 and failed == 0
