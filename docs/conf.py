"""Sphinx configuration of the wordgames documentation.

Pages are Markdown (MyST); the API reference is generated from the docstrings by autodoc and
autosummary (recursively, so new modules appear without editing any page); the CLI reference
is generated from the argparse parser by sphinx-argparse; the performance page is drawn from
``benchmarks/results/*.json`` by the local extension ``_ext/benchresults.py``.

The site is built offline: Furo ships its own assets (no web fonts), no page uses math, and
no intersphinx inventory is fetched.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(DOCS / "_ext"))
sys.path.insert(0, str(ROOT))
# Document the typed sources, not the compiled extensions: autodoc reads signatures and
# annotations from the Python functions the pure core runs (the same source Cython compiles).
os.environ.setdefault("WORDGAMES_PURE_PYTHON", "1")

import wordgames  # noqa: E402

project = "wordgames"
author = "the wordgames authors"
copyright = "the wordgames authors"
version = release = wordgames.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinxarg.ext",
    "benchresults",
    "pyrefs",
]

# Keep "--option" as typed (the CLI reference and the docstrings name options).
smartquotes = False

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path = ["_templates"]

# MyST: fenced ```{directive}``` blocks, definition lists, heading anchors for [links](#x).
myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]
myst_heading_anchors = 4

# autodoc / autosummary: one page per module, every documented member, generated at build
# time under reference/generated/ (not committed).
autosummary_generate = True
autosummary_imported_members = False
autodoc_default_options = {
    "members": True,
    "undoc-members": True,
    "show-inheritance": True,
    # A package's __all__ re-exports names defined in its submodules; each object is
    # documented once, in the module that defines it.
    "ignore-module-all": True,
}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
autoclass_content = "both"
napoleon_google_docstring = False
napoleon_numpy_docstring = False

# Every cross-reference must resolve (sphinx-build -W turns a broken one into an error).
nitpicky = True
# Only targets outside this project: the standard library and third-party types appear in
# signatures, and without network there is no intersphinx inventory to resolve them against.
nitpick_ignore_regex = [
    # Standard library modules (collections.abc.Iterator, pathlib.Path, argparse.Namespace...).
    (r"py:.*", r"(_?collections|collections\.abc|typing|typing_extensions|pathlib|os|io|argparse|"
               r"concurrent|multiprocessing|threading|random|types|enum|dataclasses|datetime|"
               r"array|re|struct|zlib|hashlib|json|subprocess|contextlib|tempfile|"
               r"importlib|abc|numbers|fractions|decimal|queue|socket|signal|time|"
               r"http|email|urllib|functools|itertools|logging|weakref|ctypes|asyncio)(\..*)?"),
    # Third-party libraries (sortedcontainers, tqdm, Cython, FastAPI/Starlette, Dask, matplotlib).
    (r"py:.*", r"(sortedcontainers|tqdm|cython|fastapi|starlette|pydantic|distributed|dask|"
               r"matplotlib|uvicorn)(\..*)?"),
    # FastAPI route and pydantic model annotations carry validation markers
    # (Annotated[int, Query(ge=1)], annotated_types.Le(le=120.0)) that autodoc renders as types.
    (r"py:class", r"(annotated_types\..*|_?Pydantic.*|FieldInfo|Field|Score|Query|Body|Depends|Annotated|"
                  r"MaxLen|MinLen|Le|Ge|Gt|Lt|NoneType|_thread\..*|string|"
                  r"wordgames\.web\.deps\.(services|Annotated)|.*[\[\]{}].*|[0-9.]+)"),
    # Type variables of generic helpers (the job and result types of a worker pool).
    (r"py:class", r"wordgames\.cluster\.(Job|Result)"),
    # Private names (a leading underscore) are not documented by design; annotations may name them.
    (r"py:class", r"(.*\.)?_[A-Za-z]\w*"),
    # Bare names of the standard library's types as annotations spell them.
    (r"py:class", r"(Path|PathLike|Namespace|ArgumentParser|Iterator|Iterable|Sequence|Mapping|"
                  r"MutableMapping|Callable|Generator|Hashable|Collection|Set|AbstractSet|TextIO|"
                  r"BinaryIO|IO|Random|ModuleType|SortedSet|SortedList|SortedDict|Enum|Any|Self|"
                  r"NoReturn|Future|Executor|Lock|Event|array|StrPath|TypeAlias|ClassVar|Final|"
                  r"Literal|Counter|deque|defaultdict|OrderedDict|timedelta|datetime)"),
]

# sphinx-argparse renders the real parser: wordgames.cli.app.build_parser.

html_theme = "furo"
html_title = f"wordgames {release}"
html_show_sourcelink = False
# Furo uses the system font stack and bundles its scripts: nothing is loaded from a CDN.
html_theme_options = {"navigation_with_keys": True}

# Internal links only (CI runs offline): `sphinx-build -b linkcheck` would try the web, so the
# build itself checks every internal reference (nitpicky, -W) and MyST checks [links](#x).
linkcheck_ignore = [r"https?://.*"]
