"""Tests of the classic rules: CS214 verdicts, scoring, move generation, CGP, CLI."""
