"""A Sphinx directive that draws a benchmark's result file as tables and a plot.

Every script in ``benchmarks/`` writes ``benchmarks/results/<name>.json`` through
``benchmarks/harness.py`` (``benchmark``, ``command``, ``created``, ``seconds``,
``machine``, ``load``, ``results``).  On a page::

    ```{benchmark} bench_boggle
    :plot: sizes | board | baseline ms, trie ms, pure ms
    :log:
    ```

renders, from that file at build time: one line with the machine, the core, the load before
and after and when it ran; the command; then the ``results``, walked generically:

* a list of objects is a table (its columns in the order the keys first appear);
* an object with ``columns`` and ``rows`` is a table as given;
* the scalars of an object are one two-column table; a nested object is walked the same way
  under its key.

``:plot: KEY | X | Y1[, Y2...]`` draws the table at ``KEY`` (a dotted path into ``results``) as
a bar chart of the ``Y`` columns against ``X`` (names as the result file spells them), inline
as SVG (nothing fetched, no image file); ``:log:`` uses a logarithmic axis.  A missing result
file renders "not measured yet" with the command that produces it (``:command:``, by default
the script of that name), so the build never fails for a benchmark that has not been run.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

RESULTS = Path(__file__).resolve().parents[2] / "benchmarks" / "results"


def _text(value: Any) -> str:
    if isinstance(value, float):
        if value != 0 and (abs(value) >= 1e5 or abs(value) < 1e-3):
            return f"{value:.3g}"
        return f"{value:,.3f}".rstrip("0").rstrip(".") if abs(value) < 1000 else f"{value:,.1f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}" if abs(value) >= 10_000 else str(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(_text(item) for item in value)
    if value is None:
        return "—"
    return str(value)


def _table(title: str | None, columns: list[str], rows: list[list[Any]]) -> nodes.Node:
    table = nodes.table(classes=["benchmark-table"])
    if title:
        table += nodes.title(text=title)
    group = nodes.tgroup(cols=len(columns))
    table += group
    for _ in columns:
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for column in columns:
        row += nodes.entry("", nodes.paragraph(text=column))
    head += row
    body = nodes.tbody()
    group += body
    for values in rows:
        row = nodes.row()
        for value in values:
            row += nodes.entry("", nodes.paragraph(text=_text(value)))
        body += row
    return table


def _records_table(title: str | None, records: list[dict[str, Any]]) -> nodes.Node:
    columns: list[str] = []
    for record in records:
        for key in record:
            if key not in columns:
                columns.append(key)
    return _table(title, columns, [[record.get(column) for column in columns] for record in records])


def _is_records(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(item, dict) for item in value)


def render_results(results: Any, title: str | None = None) -> list[nodes.Node]:
    """The docutils nodes of a ``results`` value (see the module docstring)."""
    if _is_records(results):
        return [_records_table(title, results)]
    if isinstance(results, dict) and "columns" in results and "rows" in results:
        return [_table(title, list(results["columns"]), [list(row) for row in results["rows"]])]
    if not isinstance(results, dict):
        return [_table(title, ["figure", "value"], [[title or "value", results]])]
    out: list[nodes.Node] = []
    scalars = [[key, value] for key, value in results.items()
               if not isinstance(value, dict) and not _is_records(value)]
    if scalars:
        out.append(_table(title, ["figure", "value"], scalars))
    for key, value in results.items():
        if isinstance(value, dict) or _is_records(value):
            out.extend(render_results(value, f"{title}: {key}" if title else key))
    return out


def _lookup(results: Any, path: str) -> Any:
    for part in path.split(".") if path else []:
        results = results[part] if isinstance(results, dict) else results[int(part)]
    return results


def plot_svg(records: list[dict[str, Any]], x: str, ys: list[str], log: bool, label: str) -> str:
    """A bar chart of ``ys`` against ``x`` as an SVG document (matplotlib, Agg-free)."""
    import matplotlib

    matplotlib.use("svg")
    import matplotlib.pyplot as plt

    matplotlib.rcParams["svg.fonttype"] = "none"
    labels = [str(record.get(x)) for record in records]
    figure, axes = plt.subplots(figsize=(7, 3.2))
    width = 0.8 / max(1, len(ys))
    for index, y in enumerate(ys):
        values = [float(record.get(y) or 0) for record in records]
        positions = [i + (index - (len(ys) - 1) / 2) * width for i in range(len(records))]
        axes.bar(positions, values, width, label=y)
    axes.set_xticks(range(len(records)), labels, rotation=30 if len(records) > 6 else 0,
                    ha="right" if len(records) > 6 else "center")
    if log:
        axes.set_yscale("log")
    axes.set_title(label)
    axes.legend()
    figure.tight_layout()
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def machine_line(document: dict[str, Any]) -> str:
    """"Measured on ...": the machine, the core, the load and the date of one result file."""
    machine = document.get("machine", {})
    load = document.get("load", {})
    parts = [
        f"{machine.get('processor', '?')}",
        f"{machine.get('cores', '?')} cores",
        f"{machine.get('memory_gib', '?')} GiB",
        f"Python {machine.get('python', '?')}",
        f"{machine.get('system', '?')}",
        f"{machine.get('core', '?')} core",
    ]
    return (f"Measured {document.get('created', '?')} on {', '.join(parts)}; load average "
            f"{_text(load.get('before'))} before, {_text(load.get('after'))} after; "
            f"{_text(document.get('seconds'))} s in all.")


class BenchmarkDirective(SphinxDirective):
    """``{benchmark} NAME``: the result file ``benchmarks/results/NAME.json``."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"plot": directives.unchanged, "log": directives.flag,
                                             "only": directives.unchanged,
                                             "command": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        path = RESULTS / f"{name}.json"
        self.env.note_dependency(str(path))
        if not path.is_file():
            note = nodes.admonition(classes=["note"])
            note += nodes.title(text="Not measured yet")
            command = self.options.get("command", f"python benchmarks/{name}.py")
            note += nodes.paragraph(text=(
                f"benchmarks/results/{name}.json is not in this checkout: run {command} to "
                "measure it."))
            return [note]
        document = json.loads(path.read_text(encoding="utf-8"))
        out: list[nodes.Node] = [nodes.paragraph(text=machine_line(document))]
        command = nodes.literal_block(text=str(document.get("command", "")))
        command["language"] = "bash"
        out.append(command)
        results = document.get("results", {})
        shown = _lookup(results, self.options["only"]) if "only" in self.options else results
        out.extend(render_results(shown))
        if "plot" in self.options:
            key, x, ys = (part.strip() for part in self.options["plot"].split("|"))
            records = _lookup(results, key)
            columns = [y.strip() for y in ys.split(",")]
            svg = plot_svg(records, x, columns, "log" in self.options, f"{name}: {key}")
            out.append(nodes.raw("", f'<div class="benchmark-plot">{svg}</div>', format="html"))
        return out


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("benchmark", BenchmarkDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
