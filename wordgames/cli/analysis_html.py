"""A game review as one self-contained HTML page: a table of turns, and the board after each
turn (click a row to show it).  No external file, script or style sheet is referenced."""

from __future__ import annotations

import html
import json

from wordgames.scrabble.strategy.analysis import GameReview

_STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5rem;color:#222;max-width:1100px}
h1{font-size:1.3rem} table{border-collapse:collapse;font-size:.9rem}
td,th{padding:.25rem .5rem;border-bottom:1px solid #ddd;text-align:left}
tr.turn{cursor:pointer} tr.turn:hover,tr.sel{background:#eef4ff}
.loss{font-variant-numeric:tabular-nums;text-align:right}
.bad{color:#b00020;font-weight:600}
.wrap{display:flex;gap:1.5rem;align-items:flex-start;flex-wrap:wrap}
pre#board{font-size:1rem;line-height:1.25;background:#f7f5ef;padding:.75rem;border-radius:6px}
"""

_SCRIPT = """
const boards = JSON.parse(document.getElementById('boards').textContent);
function show(i){document.getElementById('board').textContent = boards[i];
 document.querySelectorAll('tr.turn').forEach((r,j)=>r.classList.toggle('sel', j===i));}
document.querySelectorAll('tr.turn').forEach((r,i)=>r.addEventListener('click',()=>show(i)));
if (boards.length) show(boards.length-1);
"""


def review_to_html(review: GameReview, title: str = "game") -> str:
    """The page for ``review``; ``title`` names the game."""
    esc = html.escape
    rows = []
    for turn in review.turns:
        loss = "?" if turn.equity_loss is None else f"{turn.equity_loss:.1f}"
        cls = " bad" if turn.equity_loss is not None and turn.equity_loss > 10 else ""
        best = ", ".join(f"{esc(o.label)} ({o.equity:.1f})" for o in turn.best[:3])
        notes = []
        if turn.missed_bingo:
            notes.append(f"missed bingo {esc(turn.missed_bingo)}")
        if turn.phonies:
            off = " (challenged off)" if turn.challenged_off else ""
            notes.append("phony " + esc(",".join(turn.phonies)) + off)
        rows.append(
            f"<tr class='turn'><td>{turn.number}</td><td>{esc(turn.player)}</td><td>{esc(turn.rack)}</td>"
            f"<td>{esc(turn.played)}</td><td class='loss'>{turn.score}</td>"
            f"<td>{'?' if turn.rank is None else turn.rank}</td><td class='loss{cls}'>{loss}</td>"
            f"<td>{best}</td><td>{'; '.join(notes)}</td></tr>"
        )
    players = "".join(
        f"<tr><td>{esc(p.name)}</td><td>{p.turns}</td><td class='loss'>{p.equity_loss:.1f}</td>"
        f"<td>{100 * p.within_3:.0f}%</td><td>{p.bingos}</td><td>{p.average_score:.1f}</td></tr>"
        for p in review.players
    )
    boards = json.dumps([turn.board_after for turn in review.turns]).replace("</", "<\\/")
    stopped = ""
    if review.discrepancy:
        stopped = f"<p class='bad'>The replay stopped: {esc(review.discrepancy)}</p>"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Review: {esc(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>{_STYLE}</style></head>
<body><h1>Review: {esc(title)}</h1>{stopped}
<table><tr><th>player</th><th>turns</th><th>equity loss</th><th>within 3</th><th>bingos</th>
<th>points/turn</th></tr>{players}</table>
<div class="wrap"><table><tr><th>line</th><th>player</th><th>rack</th><th>played</th><th>score</th>
<th>rank</th><th>loss</th><th>best</th><th>notes</th></tr>{''.join(rows)}</table>
<pre id="board"></pre></div>
<script type="application/json" id="boards">{boards}</script><script>{_SCRIPT}</script>
</body></html>
"""
