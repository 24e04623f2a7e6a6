"""Mutation testing of the Python transport, with the standard library only (docs/decisions.md#d-mutation-tools).

Each mutant is one small change to one module, made on its syntax tree: a comparison turned to its boundary or its
opposite (``<`` to ``<=``, ``==`` to ``!=``, ``in`` to ``not in``), ``and`` and ``or`` swapped, a ``not`` dropped, an
arithmetic operator swapped (``+`` and ``-``, ``*`` and ``/``), a number one larger, ``True`` and ``False`` swapped.
Docstrings, annotations and strings are left alone. The module's package and tests are copied to a scratch folder;
for each mutant the module is written there mutated and its tests run with the test venv's pytest (``-x``, the first
failure kills it). A mutant the tests pass is a survivor; one that runs over the time limit counts as killed
(timed out), as StrykerJS counts it.

Run by ``pnpm mutation python`` (scripts/mutation/run.mjs) after ``pnpm test:python`` made ``python/test-venv``::

    python3 scripts/mutation/python_mutants.py --python python/test-venv/bin/python --json reports/mutation/python.json
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PYTHON_DIR = ROOT / "python"

#: The modules of the transport and the tests that hold them (fast tests only: no mock process is started).
TARGETS: dict[str, list[str]] = {
    "learnkit/_retry.py": ["tests/test_retry.py", "tests/test_boundaries.py"],
    "learnkit/_retry_after.py": ["tests/test_retry.py", "tests/test_boundaries.py"],
    "learnkit/_pagination.py": ["tests/test_boundaries.py"],
    # The redaction tests of three files (the rest of them reads no redacted text).
    "learnkit/_redact.py": [
        "tests/test_boundaries.py", "tests/test_config.py", "tests/test_wire.py", "-k", "redact or password or secret"
    ],
}

_COMPARE_SWAPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_BINARY_SWAPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Div,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Mult,
    ast.Pow: ast.Mult,
}
_SYMBOLS = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.In: "in",
    ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.Add: "+", ast.Sub: "-", ast.Mult: "*",
    ast.Div: "/", ast.FloorDiv: "//", ast.Pow: "**",
}


@dataclass
class Mutant:
    """One change: where, what, and what the tests made of it."""

    module: str
    index: int
    line: int
    description: str
    status: str = "pending"


def _skipped_nodes(tree: ast.AST) -> set[int]:
    """Ids of nodes never mutated: docstrings, annotations, ``__all__`` and everything under them."""
    skipped: set[int] = set()

    def skip(node: ast.AST | None) -> None:
        if node is not None:
            skipped.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            skip(node.returns)
            for arg in [*node.args.args, *node.args.kwonlyargs, *node.args.posonlyargs, node.args.vararg,
                        node.args.kwarg]:
                skip(arg.annotation if arg is not None else None)
        if isinstance(node, ast.AnnAssign):
            skip(node.annotation)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip(first)
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            skip(node)
    return skipped


def _candidates(tree: ast.AST) -> list[tuple[ast.AST, int, str, int]]:
    """Every mutation point: (node, which operand/op, description, line)."""
    skipped = _skipped_nodes(tree)
    out: list[tuple[ast.AST, int, str, int]] = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                compared = _COMPARE_SWAPS.get(type(op))
                if compared:
                    out.append((node, i, f"{_SYMBOLS[type(op)]} -> {_SYMBOLS[compared]}", line))
        elif isinstance(node, ast.BinOp) and type(node.op) in _BINARY_SWAPS:
            swapped = _BINARY_SWAPS[type(node.op)]
            out.append((node, 0, f"{_SYMBOLS[type(node.op)]} -> {_SYMBOLS[swapped]}", line))
        elif isinstance(node, ast.BoolOp):
            out.append((node, 0, "and -> or" if isinstance(node.op, ast.And) else "or -> and", line))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            out.append((node, 0, "not x -> x", line))
        elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
            out.append((node, 0, f"{node.value} -> {not node.value}", line))
        elif isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            out.append((node, 0, f"{node.value!r} -> {node.value + 1!r}", line))
    out.sort(key=lambda c: (c[3], c[2]))
    return out


class _Replace(ast.NodeTransformer):
    """Replaces the one node `target` with its mutant."""

    def __init__(self, target: ast.AST, operand: int) -> None:
        self.target = target
        self.operand = operand

    def generic_visit(self, node: ast.AST) -> ast.AST:
        if node is not self.target:
            return super().generic_visit(node)
        if isinstance(node, ast.Compare):
            node.ops[self.operand] = _COMPARE_SWAPS[type(node.ops[self.operand])]()
        elif isinstance(node, ast.BinOp):
            node.op = _BINARY_SWAPS[type(node.op)]()
        elif isinstance(node, ast.BoolOp):
            node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        elif isinstance(node, ast.UnaryOp):
            return node.operand
        elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
            node.value = not node.value
        elif isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            node.value = node.value + 1
        return node


def mutated_source(source: str, index: int) -> str:
    """The module with its `index`-th mutation point changed."""
    tree = ast.parse(source)
    node, operand, _, _ = _candidates(tree)[index]
    return ast.unparse(ast.fix_missing_locations(_Replace(node, operand).visit(tree)))


def run_tests(python: str, scratch: Path, tests: list[str], timeout: float) -> tuple[str, float]:
    """`passed`, `failed` or `timeout`, and how long it took."""
    started = time.monotonic()
    try:
        done = subprocess.run(
            [python, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
            cwd=scratch, capture_output=True, timeout=timeout, check=False,
        )
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - started
    return ("passed" if done.returncode == 0 else "failed"), time.monotonic() - started


def scratch_copy() -> Path:
    """The package, its tests and pytest's settings in ``<scratch>/python``, imported from there (not the wheel); the
    repository's other folders linked beside it, for the files the tests read (tests/support/paths.py)."""
    scratch = Path(tempfile.mkdtemp(prefix="learnkit-mutants-")) / "python"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(PYTHON_DIR / "learnkit", scratch / "learnkit", ignore=ignore)
    shutil.copytree(PYTHON_DIR / "tests", scratch / "tests", ignore=ignore)
    shutil.copy(PYTHON_DIR / "pyproject.toml", scratch / "pyproject.toml")
    for entry in ROOT.iterdir():
        if entry.name not in ("python", ".git"):
            (scratch.parent / entry.name).symlink_to(entry)
    return scratch


def mutate_module(python: str, scratch: Path, module: str, tests: list[str]) -> list[Mutant]:
    source = (PYTHON_DIR / module).read_text()
    target = scratch / module
    # The baseline runs the unparsed (unmutated) source, so a failure can only be the mutant's.
    target.write_text(ast.unparse(ast.parse(source)))
    status, took = run_tests(python, scratch, tests, 600)
    if status != "passed":
        print(f"skipped: its tests fail without any mutant ({' '.join(tests)}); fix them first", flush=True)
        target.write_text(source)
        return []
    limit = took * 3 + 10
    mutants = [
        Mutant(module, i, line, description)
        for i, (_, _, description, line) in enumerate(_candidates(ast.parse(source)))
    ]
    for mutant in mutants:
        target.write_text(mutated_source(source, mutant.index))
        outcome, _ = run_tests(python, scratch, tests, limit)
        mutant.status = {"passed": "survived", "failed": "killed", "timeout": "timeout"}[outcome]
        mark = "." if mutant.status != "survived" else "S"
        print(mark, end="", flush=True)
    target.write_text(source)
    print()
    return mutants


def report(mutants: list[Mutant]) -> dict[str, Any]:
    by_module: dict[str, dict[str, Any]] = {}
    for module in dict.fromkeys(m.module for m in mutants):
        own = [m for m in mutants if m.module == module]
        detected = sum(m.status in ("killed", "timeout") for m in own)
        by_module[module] = {
            "mutants": len(own),
            "killed": sum(m.status == "killed" for m in own),
            "timeout": sum(m.status == "timeout" for m in own),
            "survived": len(own) - detected,
            "score": round(100 * detected / len(own), 2) if own else None,
        }
    detected = sum(m.status in ("killed", "timeout") for m in mutants)
    return {
        "score": round(100 * detected / len(mutants), 2) if mutants else None,
        "mutants": len(mutants),
        "modules": by_module,
        "survivors": [asdict(m) for m in mutants if m.status == "survived"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", default=str(PYTHON_DIR / "test-venv" / "bin" / "python"))
    parser.add_argument("--module", action="append", help="only these modules (learnkit/_retry.py, ...)")
    parser.add_argument("--json", help="write the report here as JSON")
    args = parser.parse_args()
    if not Path(args.python).exists():
        raise SystemExit(f"mutation: no {args.python}; run `pnpm test:python` once first (it makes python/test-venv)")
    # Absolute, not resolved: a venv's python is a link to the base interpreter, and the venv is what counts.
    python = os.path.abspath(args.python)
    chosen = {m: t for m, t in TARGETS.items() if not args.module or m in args.module}
    scratch = scratch_copy()
    mutants: list[Mutant] = []
    try:
        for module, tests in chosen.items():
            print(f"{module} ({' '.join(tests)}): ", end="", flush=True)
            mutants += mutate_module(python, scratch, module, tests)
    finally:
        shutil.rmtree(scratch.parent, ignore_errors=True)
    result = report(mutants)
    for module, figures in result["modules"].items():
        print(f"{module}: {figures}")
    for survivor in result["survivors"]:
        print(f"survived: {survivor['module']}:{survivor['line']} {survivor['description']}")
    print(f"mutation score: {result['score']}% of {result['mutants']} mutants")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
