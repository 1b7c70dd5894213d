"""The stubs: `mypy --strict` passes a sample program written against python-chess's API with `import ox88 as chess`."""

import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).parent


def test_the_sample_program_passes_mypy_strict(tmp_path):
    samples = sorted(str(p) for p in HERE.glob("typing_*.py"))
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", str(tmp_path), *samples],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_sample_program_runs():
    run = subprocess.run([sys.executable, str(HERE / "typing_sample.py")], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
