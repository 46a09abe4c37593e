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

# Calls that import a module named by a string: importlib.import_module, import_module once
# imported from importlib, and __import__.
DYNAMIC_IMPORTS = ("import_module", "__import__")

# Inside the Scrabble engine, each subpackage may import only those listed before it.
SCRABBLE_LAYERS = ("core", "leaves", "movegen", "rules", "game", "endgame", "formats", "strategy")


def module_name_under(root: Path, path: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_name(path: Path) -> str:
    return module_name_under(PACKAGE_ROOT.parent, path)


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
            and (getattr(node.func, "attr", None) or getattr(node.func, "id", None)) in DYNAMIC_IMPORTS
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


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` (its modules, the first repeated at the end), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (cycle := visit(nxt)) is not None:
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for module in sorted(graph):
        if module not in state and (cycle := visit(module)) is not None:
            return cycle
    return None


def test_no_import_cycles() -> None:
    cycle = find_cycle(GRAPH)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


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


ENGINES = ("wordgames.lexicon", "wordgames.wordsearch", "wordgames.scrabble")
SERIALIZATION = "wordgames.serialization"
FACES = ("wordgames.cli", "wordgames.web")


@pytest.mark.parametrize(
    ("importer", "forbidden"),
    [
        ("wordgames.lexicon", "wordgames.wordsearch"),
        ("wordgames.lexicon", "wordgames.scrabble"),
        ("wordgames.wordsearch", "wordgames.scrabble"),
        ("wordgames.scrabble", "wordgames.wordsearch"),
        # The engines know neither the serialisation layer nor the faces above it.
        *[(engine, upper) for engine in ENGINES for upper in (SERIALIZATION, *FACES)],
        # The serialisation layer knows the engines, never a face.
        *[(SERIALIZATION, face) for face in FACES],
        # The web app never uses the command line (and the command line only serves the
        # web app: see test_the_cli_imports_the_web_app_only_to_serve_it).
        ("wordgames.web", "wordgames.cli"),
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


def test_the_cli_imports_the_web_app_only_to_serve_it() -> None:
    wrong = [
        f"{source} imports {target}"
        for source, targets in GRAPH.items()
        if source.startswith("wordgames.cli")
        for target in targets
        if target.startswith("wordgames.web") and source != "wordgames.cli.serve_cmd"
    ]
    assert wrong == []
    assert GRAPH["wordgames.cli.serve_cmd"] & {"wordgames.web"}, "serve no longer finds the web app"


def test_both_faces_use_the_serialisation_layer() -> None:
    for face in FACES:
        used = {target for source, targets in GRAPH.items() if source.startswith(face) for target in targets}
        assert any(target.startswith(SERIALIZATION) for target in used), face


def test_the_graph_sees_imports() -> None:
    # Guard against a parser that finds nothing and so passes everything above.
    assert "wordgames.scrabble.core.board" in GRAPH["wordgames.scrabble.core.scoring"]
    assert "wordgames.scrabble.movegen.generator" in GRAPH["wordgames.scrabble.rules.classic"]
    # ... and the imports hidden behind importlib (``wordgames serve`` loads the web app so).
    assert "wordgames.web" in GRAPH["wordgames.cli.serve_cmd"]


@pytest.mark.parametrize(
    "hidden",
    [
        "def later():\n    import importlib\n    return importlib.import_module('wordgames.a')\n",
        "from importlib import import_module\n\ndef later():\n    return import_module('wordgames.a')\n",
        "def later():\n    return __import__('wordgames.a')\n",
        "def later():\n    from wordgames import a\n    return a\n",
    ],
)
def test_a_hidden_cycle_is_found(tmp_path: Path, hidden: str) -> None:
    """The cycle test on a made-up package whose one cycle goes through an import inside a
    function or behind importlib: it must be seen."""
    package = tmp_path / "wordgames"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from wordgames import b\n")
    (package / "b.py").write_text(hidden)
    modules = {module_name_under(tmp_path, path): path for path in sorted(package.rglob("*.py"))}
    graph = {name: imports_of(name, path, modules) for name, path in modules.items()}
    assert find_cycle(graph) == ["wordgames.a", "wordgames.b", "wordgames.a"]
