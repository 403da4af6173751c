"""Imports run one way: ``dice`` <- ``systems`` <- ``widgets`` <- ``markdown`` and the handler.

Every ``import`` in ``rules_py/`` and ``scripts/`` is read with :mod:`ast` (those inside
functions too: a lazy import still closes a circle), and the test fails on any cycle
between modules or on a module importing from a floor above its own. Imports under
``if TYPE_CHECKING:`` are left out: they never run, and only name a type for mypy.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FLOORS: tuple[tuple[str, ...], ...] = (
    ("rules_py._format", "rules_py._log", "rules_py.dice"),
    ("rules_py.systems",),
    ("rules_py.readings",),
    ("rules_py.views",),
    ("rules_py.widgets",),
    (
        "rules_py.markdown",
        "rules_py.handler",
        "rules_py.snapshot",
        "rules_py._cli",
        "rules_py.__main__",
        "rules_py",
    ),
    ("tests",),
    ("scripts",),
)
"""The floors from the bottom up; a module stands on the floor of its longest prefix here.

``rules_py`` itself (its ``__init__``) only names the version, and ``tests`` holds the
test servers the benchmarks reuse.
"""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources() -> dict[str, Path]:
    """Every module of ``rules_py/`` and ``scripts/`` by its dotted name."""
    files = [*(ROOT / "rules_py").rglob("*.py"), *(ROOT / "scripts").glob("*.py")]
    return {module_name(path): path for path in files}


def imported(name: str, path: Path, known: set[str]) -> Iterator[str]:
    """The project's modules that ``name`` imports, wherever in the module the import is."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for_types_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for statement in node.body
        for inner in ast.walk(statement)
    }
    for node in ast.walk(tree):
        if id(node) in for_types_only:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # ``from package import module`` imports the module; a name imports the package.
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        else:
            continue
        yield from (target for target in targets if target in known)


def import_graph() -> dict[str, set[str]]:
    modules = sources()
    known = set(modules) | {"tests.sitesrv"}
    return {name: set(imported(name, path, known)) - {name} for name, path in modules.items()}


def floor(name: str) -> int:
    best, level = -1, -1
    for number, prefixes in enumerate(FLOORS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best:
                best, level = len(prefix), number
    if level < 0:
        raise AssertionError(f"{name} stands on no floor: add it to FLOORS")
    return level


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


@pytest.fixture(scope="module")
def project_graph() -> dict[str, set[str]]:
    """The project's import graph, read once for the tests below (they only read it)."""
    return import_graph()


def test_no_module_imports_itself_back(project_graph: dict[str, set[str]]) -> None:
    found = cycles(project_graph)
    assert not found, "import cycles: " + "; ".join(" <-> ".join(group) for group in found)


def test_no_floor_imports_from_a_floor_above(project_graph: dict[str, set[str]]) -> None:
    upward = [
        f"{name} (floor {floor(name)}) imports {target} (floor {floor(target)})"
        for name, targets in sorted(project_graph.items())
        for target in sorted(targets)
        if floor(target) > floor(name)
    ]
    assert not upward, "imports against the floors:\n" + "\n".join(upward)


def test_the_graph_sees_lazy_and_relative_imports(project_graph: dict[str, set[str]]) -> None:
    """The walk reads imports inside functions, and knows the floors it checks."""
    graph = project_graph
    assert "rules_py.widgets" in graph["rules_py.handler"]
    assert "rules_py.views" in graph["rules_py.widgets._widget"]
    assert "rules_py.dice" in graph["rules_py.views"]
    assert floor("rules_py.dice._parser") < floor("rules_py.systems.two_d6.checks")
    assert floor("rules_py.widgets.two_d6") < floor("rules_py.markdown.widget")


@pytest.mark.parametrize(
    ("graph", "expected"),
    [
        ({"a": {"b"}, "b": {"a"}}, [["a", "b"]]),
        ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
    ],
)
def test_cycles_are_found(graph: dict[str, set[str]], expected: list[list[str]]) -> None:
    assert cycles(graph) == expected


ARCHITECTURE = ROOT / "docs" / "architecture.md"


def test_the_architecture_page_draws_every_floor() -> None:
    """The developers' page names each floor of :data:`FLOORS` in its table of floors."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    table = text[text.index("## The floors") : text.index("## One shape")]
    for floor in FLOORS:
        for name in floor:
            if name in ("rules_py", "rules_py.__main__", "tests", "scripts"):
                continue
            short = name.removeprefix("rules_py.")
            path = ROOT / name.replace(".", "/")
            shown = f"`{short}/`" if path.is_dir() else f"`{short}.py`"
            assert shown in table, name


def test_the_architecture_page_lists_each_system_s_chapters() -> None:
    """Its table of chapters is each system package's public modules, no more, no less."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    for package in sorted((ROOT / "rules_py" / "systems").iterdir()):
        if not (package / "__init__.py").exists():
            continue
        chapters = {p.stem for p in package.glob("*.py") if not p.stem.startswith("_")}
        row = next(line for line in text.splitlines() if line.startswith(f"| `{package.name}` |"))
        assert set(re.findall(r"`(\w+)`", row.split("|")[2])) == chapters, package.name
