"""Tests of the lexicon layer: reader, backends, node walk, cache, errors and CLI."""
