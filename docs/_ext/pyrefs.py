"""Resolve short Python cross-references by the objects the API reference documents.

Docstrings name objects the way a reader of the code does: ``:class:`Lexicon``` in a module that
imports it, ``:meth:`RuleSet.best_moves``` in another package.  Sphinx's Python domain looks such
a name up only in the current module and class, and each object is documented once, in the
module that defines it (the packages' ``__init__`` re-exports are not documented again).  This
extension answers the references Sphinx could not resolve: among the documented objects whose
dotted name ends with the target (``...Lexicon``, ``...RuleSet.best_moves``) and whose kind fits
the role, it takes the only one, or, when several fit, the one nearest the referring module (the
longest common package prefix) if that is unique.  A target that matches nothing, or stays
ambiguous, is left unresolved, so ``nitpicky`` still reports it as a broken reference.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.nodes import make_refnode


def _shared_prefix(left: str, right: str) -> int:
    count = 0
    for a, b in zip(left.split("."), right.split("."), strict=False):
        if a != b:
            break
        count += 1
    return count


def resolve(app: Sphinx, env: BuildEnvironment, node: pending_xref,
            contnode: nodes.TextElement) -> nodes.Element | None:
    """The reference node for ``node``'s target, or None to leave it unresolved."""
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip(".~")
    if not target or target.startswith(("builtins.", "typing.")):
        return None
    domain: Any = env.get_domain("py")
    kinds = set(domain.objtypes_for_role(node["reftype"]) or ())
    suffix = "." + target
    candidates = [(name, entry) for name, entry in domain.objects.items()
                  if (name == target or name.endswith(suffix))
                  and (not kinds or entry.objtype in kinds) and not entry.aliased]
    if len(candidates) > 1:
        here = node.get("py:module") or ""
        best = max(_shared_prefix(here, name) for name, _ in candidates)
        candidates = [(name, entry) for name, entry in candidates if _shared_prefix(here, name) == best]
    if len(candidates) != 1:
        return None
    name, entry = candidates[0]
    return make_refnode(app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, name)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("missing-reference", resolve)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
