"""Resolve short Python cross-references by the objects the API reference documents.

Docstrings name objects the way a reader of the code does: ``:class:`Lexicon``` in a module that
imports it, ``:meth:`RuleSet.best_moves``` in another package.  Sphinx's Python domain looks such
a name up only in the current module and class, and each object is documented once, in the
module that defines it (the packages' ``__init__`` re-exports are not documented again).  This
extension answers the references Sphinx could not resolve: among the documented objects whose
dotted name ends with the target's last part and holds all its parts in order (``Lexicon`` is
``wordgames.lexicon.base.Lexicon``; ``RuleSet.best_moves`` is
``wordgames.scrabble.rules.base.RuleSet.best_moves``; the re-exported path
``wordgames.scrabble.replay_gcg`` is ``wordgames.scrabble.formats.gcg_replay.replay_gcg``) and
whose kind fits the role, it takes what the referring module itself means by that name (an
object it defines or imports), else the only candidate, or, when several fit, the one nearest
the referring module (the longest common package prefix) if that is unique.  A target that matches
nothing, or stays ambiguous, is left unresolved, so ``nitpicky`` still reports it as a broken
reference.

The same choice settles annotations Sphinx would find ambiguous (``Board`` in a signature, where
both engines define a ``Board``): before references are resolved, such a reference is pointed
at the object nearest the referring module.
"""

from __future__ import annotations

import sys
from typing import Any

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.nodes import make_refnode


def _shared_prefix(left: str, right: str) -> int:
    count = 0
    for a, b in zip(left.split("."), right.split("."), strict=False):
        if a != b:
            break
        count += 1
    return count


def _holds_in_order(name: str, parts: list[str]) -> bool:
    """Whether the dotted ``name`` ends with ``parts[-1]`` and holds every part in order."""
    pieces = name.split(".")
    if pieces[-1] != parts[-1]:
        return False
    position = 0
    for part in parts[:-1]:
        try:
            position = pieces.index(part, position, len(pieces) - 1) + 1
        except ValueError:
            return False
    return True


def _imported_name(module_name: str, target: str) -> str | None:
    """The full name of what ``target`` is in the module ``module_name`` (a name it defines or
    imports, as its annotations and docstrings use it), or None."""
    module = sys.modules.get(module_name)
    if module is None:
        return None
    value: Any = module
    for part in target.split("."):
        value = getattr(value, part, None)
        if value is None:
            return None
    owner, qualname = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
    return f"{owner}.{qualname}" if isinstance(owner, str) and isinstance(qualname, str) else None


def nearest(env: BuildEnvironment, node: pending_xref) -> tuple[str, Any] | None:
    """The one documented object ``node`` names (see the module docstring), or None."""
    target = node["reftarget"].lstrip(".~")
    if not target or target.startswith(("builtins.", "typing.")):
        return None
    domain: Any = env.get_domain("py")
    here = node.get("py:module") or ""
    imported = _imported_name(here, target)
    if imported in domain.objects:
        return imported, domain.objects[imported]
    kinds = set(domain.objtypes_for_role(node["reftype"]) or ())
    parts = target.split(".")
    candidates = [(name, entry) for name, entry in domain.objects.items()
                  if _holds_in_order(name, parts)
                  and (not kinds or entry.objtype in kinds) and not entry.aliased]
    if len(candidates) > 1:
        best = max(_shared_prefix(here, name) for name, _ in candidates)
        candidates = [(name, entry) for name, entry in candidates if _shared_prefix(here, name) == best]
    return candidates[0] if len(candidates) == 1 else None


def resolve(app: Sphinx, env: BuildEnvironment, node: pending_xref,
            contnode: nodes.TextElement) -> nodes.Element | None:
    """The reference node for ``node``'s target, or None to leave it unresolved."""
    if node.get("refdomain") != "py":
        return None
    found = nearest(env, node)
    if found is None:
        return None
    name, entry = found
    return make_refnode(app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, name)


class PreferNearest(SphinxPostTransform):
    """Point a fuzzy Python reference that Sphinx would find ambiguous at the nearest object."""

    default_priority = 5  # before Sphinx's ReferencesResolver (10)

    def run(self, **kwargs: Any) -> None:
        domain: Any = self.env.get_domain("py")
        for node in self.document.findall(pending_xref):
            if node.get("refdomain") != "py" or not node.hasattr("refspecific"):
                continue  # not a fuzzy reference: Sphinx looks it up exactly
            target, kind = node["reftarget"], node["reftype"]
            modname, clsname = node.get("py:module"), node.get("py:class")
            if domain.find_obj(self.env, modname, clsname, target, kind, 0):
                continue  # an exact match: Sphinx resolves it unambiguously
            if len(domain.find_obj(self.env, modname, clsname, target, kind, 1)) < 2:
                continue
            found = nearest(self.env, node)
            if found is not None:
                node["reftarget"] = found[0]
                del node["refspecific"]


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("missing-reference", resolve)
    app.add_post_transform(PreferNearest)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
