"""The architecture as a test: who may import whom, and no import cycles.

Imports are read from the source (every ``import`` and ``from ... import`` statement at any
depth, and string arguments of ``importlib.import_module``), so a cycle hidden inside a
function or behind importlib is found too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE_ROOT = Path(__file__).resolve().parents[1] / "wordgames"

# Inside the Scrabble engine, each subpackage may import only those listed before it.
SCRABBLE_LAYERS = ("core", "movegen", "rules", "game", "formats", "strategy")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE_ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def all_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE_ROOT.rglob("*.py"))}


def resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The project module ``name`` refers to (itself, or the package that holds it)."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # "from pkg import sub" imports the submodule when there is one, else pkg itself.
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                for alias in node.names
            ]
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", None) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            targets = [node.args[0].value]
        for target in targets:
            resolved = resolve(target, modules)
            if resolved is not None and resolved != name:
                found.add(resolved)
    return found


GRAPH = {name: imports_of(name, path, all_modules()) for name, path in all_modules().items()}


def test_no_import_cycles() -> None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(GRAPH[node]):
            if state.get(nxt) == 1:
                cycle = [*stack[stack.index(nxt):], nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for module in sorted(GRAPH):
        if module not in state:
            visit(module)


def layer_of(module: str) -> int | None:
    parts = module.split(".")
    if len(parts) >= 3 and parts[:2] == ["wordgames", "scrabble"] and parts[2] in SCRABBLE_LAYERS:
        return SCRABBLE_LAYERS.index(parts[2])
    return None


def test_scrabble_layers_import_only_lower_layers() -> None:
    wrong = [
        f"{source} imports {target}"
        for source, targets in GRAPH.items()
        for target in targets
        if (low := layer_of(source)) is not None
        and (high := layer_of(target)) is not None
        and high > low
    ]
    assert wrong == []


def test_scrabble_has_its_subpackages() -> None:
    for layer in SCRABBLE_LAYERS:
        assert (PACKAGE_ROOT / "scrabble" / layer / "__init__.py").is_file()


@pytest.mark.parametrize(
    ("importer", "forbidden"),
    [
        ("wordgames.lexicon", "wordgames.wordsearch"),
        ("wordgames.lexicon", "wordgames.scrabble"),
        ("wordgames.wordsearch", "wordgames.scrabble"),
        ("wordgames.scrabble", "wordgames.wordsearch"),
        ("wordgames.lexicon", "wordgames.cli"),
        ("wordgames.wordsearch", "wordgames.cli"),
        ("wordgames.scrabble", "wordgames.cli"),
    ],
)
def test_engines_and_layers_stay_apart(importer: str, forbidden: str) -> None:
    wrong = [
        f"{source} imports {target}"
        for source, targets in GRAPH.items()
        if source == importer or source.startswith(importer + ".")
        for target in targets
        if target == forbidden or target.startswith(forbidden + ".")
    ]
    assert wrong == []


def test_the_graph_sees_imports() -> None:
    # Guard against a parser that finds nothing and so passes everything above.
    assert "wordgames.scrabble.core.board" in GRAPH["wordgames.scrabble.core.scoring"]
    assert "wordgames.scrabble.movegen.generator" in GRAPH["wordgames.scrabble.rules.classic"]
