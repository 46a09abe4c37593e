// The Scrabble page: a game against the computer, saved on the server (a reload resumes it).
"use strict";

(function () {
  const { api, query, el, $ } = WG;
  const STORAGE_KEY = "wordgames.scrabble.game";
  const state = {
    game: null, pending: new Map(), cursor: null, order: [], exchanging: false, picked: new Set(), busy: false,
  };

  const key = (r, c) => `${r},${c}`;
  const usedIndexes = () => new Set([...state.pending.values()].map((p) => p.index));
  const occupied = (r, c) => !!state.game.board.tiles[r][c] || state.pending.has(key(r, c));

  function setError(error) { WG.showError($("#error"), error); }

  function lastComputerSquares() {
    const game = state.game;
    const marks = {};
    for (let i = game.history.length - 1; i >= 0; i--) {
      const turn = game.history[i];
      if (turn.seat === game.you) break;
      if (turn.move) for (const p of turn.move.placed) marks[key(p.row, p.col)] = "last";
    }
    return marks;
  }

  function render() {
    const game = state.game;
    if (!game) return;
    const extra = {};
    for (const [k, p] of state.pending) extra[k] = { letter: p.blank ? p.letter.toLowerCase() : p.letter, cls: p.cls || "new" };
    WG.drawBoard($("#board"), game.board, game.values, {
      extra, marks: lastComputerSquares(), onSquare: clickSquare, onDrop: dropOnSquare,
    });
    if (state.cursor) {
      const square = $(`[data-square="${key(state.cursor.r, state.cursor.c)}"]`);
      if (square) { square.classList.add("cursor"); square.dataset.arrow = state.cursor.dir === "H" ? "→" : "↓"; }
    }
    renderRack();
    renderSide();
  }

  function renderRack() {
    const used = usedIndexes();
    const tiles = state.order.map((index) => {
      const tile = state.game.rack[index];
      const value = tile === "?" ? 0 : state.game.values[tile];
      const node = el("div", {
        class: `rtile ${used.has(index) ? "used" : ""} ${state.picked.has(index) ? "picked" : ""}`,
        draggable: used.has(index) ? false : "true", "data-tile": tile, title: tile === "?" ? "blank" : tile,
      }, tile === "?" ? "" : tile, value ? el("sub", {}, value) : null);
      node.addEventListener("dragstart", (event) => event.dataTransfer.setData("text/plain", String(index)));
      node.addEventListener("click", () => clickRackTile(index));
      return node;
    });
    $("#rack").replaceChildren(...tiles);
  }

  function renderSide() {
    const game = state.game;
    $("#scores").replaceChildren(...game.players.map((p, seat) => el("div", {
      class: `who ${seat === game.to_move && !game.over ? "turn" : ""}`,
    }, el("div", { class: "small muted" }, p.computer ? `${p.name} (${game.strategy})` : p.name), el("div", { class: "pts" }, p.score))));
    $("#bag").textContent = `${game.bag} tile${game.bag === 1 ? "" : "s"} in the bag · lexicon ${game.lexicon}`;
    $("#mini-score").textContent = game.players.map((p) => `${p.name} ${p.score}`).join(" · ")
      + ` · bag ${game.bag}` + (game.over ? " · game over" : "");
    const rows = game.history.map((turn) => {
      let what;
      if (turn.kind === "place") what = `${turn.move.notation} ${turn.move.word}`;
      else if (turn.kind === "exchange") what = /^\d+$/.test(turn.tiles) ? `exchanged ${turn.tiles}` : `exchanged ${turn.tiles}`;
      else if (turn.kind === "pass") what = "pass";
      else what = `end: ${turn.tiles}`;
      return el("tr", {}, el("td", { class: "num muted" }, turn.number), el("td", {}, turn.player),
        el("td", { class: "mono" }, what), el("td", { class: "num" }, turn.score > 0 ? `+${turn.score}` : turn.score),
        el("td", { class: "num" }, turn.total));
    }).reverse();
    $("#moves").replaceChildren(el("thead", {}, el("tr", {}, el("th", { class: "num" }, "#"), el("th", {}, "Player"),
      el("th", {}, "Move"), el("th", { class: "num" }, "Pts"), el("th", { class: "num" }, "Total"))), el("tbody", {}, ...rows));
    const over = $("#over");
    if (game.over) {
      const racks = Object.entries(game.racks || {}).map(([name, rack]) => `${name}: ${rack || "–"}`).join(" · ");
      over.textContent = `Game over: ${game.winners.join(" and ")} ${game.winners.length > 1 ? "tie" : "wins"}. Racks left: ${racks}.`;
      over.classList.remove("hidden");
    } else over.classList.add("hidden");
    const gcg = $("#gcg");
    gcg.href = `/api/games/${game.id}/gcg`;
    gcg.classList.remove("hidden");
    const myTurn = !game.over && game.to_move === game.you && !state.busy;
    for (const id of ["#play", "#recall", "#shuffle", "#pass", "#hint"]) $(id).disabled = !myTurn;
    $("#exchange").disabled = !myTurn || !game.can_exchange;
  }

  function placeTile(r, c, index, letter) {
    const tile = state.game.rack[index];
    const blank = tile === "?";
    state.pending.set(key(r, c), { row: r, col: c, letter: (blank ? letter : tile).toUpperCase(), blank, index });
  }

  function advanceCursor() {
    const cur = state.cursor;
    if (!cur) return;
    const [dr, dc] = cur.dir === "H" ? [0, 1] : [1, 0];
    let r = cur.r, c = cur.c;
    do { r += dr; c += dc; } while (r < state.game.board.rows && c < state.game.board.cols && occupied(r, c));
    if (r < state.game.board.rows && c < state.game.board.cols) state.cursor = { r, c, dir: cur.dir };
  }

  function clickSquare(r, c) {
    if (!state.game || state.game.over || state.exchanging) return;
    if (state.pending.has(key(r, c))) { state.pending.delete(key(r, c)); state.cursor = { r, c, dir: state.cursor ? state.cursor.dir : "H" }; render(); return; }
    if (state.game.board.tiles[r][c]) return;
    if (state.cursor && state.cursor.r === r && state.cursor.c === c) state.cursor.dir = state.cursor.dir === "H" ? "V" : "H";
    else state.cursor = { r, c, dir: state.cursor ? state.cursor.dir : "H" };
    render();
  }

  function askBlank() {
    const answer = (window.prompt("Which letter does the blank stand for?") || "").trim();
    return /^[A-Za-z]$/.test(answer) ? answer.toUpperCase() : null;
  }

  function dropOnSquare(r, c, event) {
    const index = Number(event.dataTransfer.getData("text/plain"));
    if (Number.isNaN(index) || occupied(r, c) || usedIndexes().has(index)) return;
    let letter = state.game.rack[index];
    if (letter === "?") { letter = askBlank(); if (!letter) return; }
    placeTile(r, c, index, letter);
    state.cursor = { r, c, dir: state.cursor ? state.cursor.dir : "H" };
    advanceCursor();
    render();
  }

  function clickRackTile(index) {
    if (state.exchanging) {
      if (state.picked.has(index)) state.picked.delete(index); else state.picked.add(index);
      renderRack();
      return;
    }
    if (!state.cursor || usedIndexes().has(index) || occupied(state.cursor.r, state.cursor.c)) return;
    let letter = state.game.rack[index];
    if (letter === "?") { letter = askBlank(); if (!letter) return; }
    placeTile(state.cursor.r, state.cursor.c, index, letter);
    advanceCursor();
    render();
  }

  function typeLetter(letter, forceBlank) {
    const cur = state.cursor;
    if (!cur || occupied(cur.r, cur.c)) return;
    const used = usedIndexes();
    const free = (tile) => state.order.find((i) => state.game.rack[i] === tile && !used.has(i));
    let index = forceBlank ? undefined : free(letter);
    if (index === undefined) index = free("?");
    if (index === undefined) { setError(new Error(`there is no ${letter} on your rack`)); return; }
    setError(null);
    placeTile(cur.r, cur.c, index, letter);
    advanceCursor();
    render();
  }

  function takeBack() {
    const last = [...state.pending.keys()].pop();
    if (!last) return;
    const p = state.pending.get(last);
    state.pending.delete(last);
    state.cursor = { r: p.row, c: p.col, dir: state.cursor ? state.cursor.dir : "H" };
    render();
  }

  function recall() { state.pending.clear(); setError(null); render(); }

  function adopt(game) {
    state.game = game;
    state.pending.clear();
    state.picked.clear();
    state.exchanging = false;
    state.order = game.rack.map((_, i) => i);
    $("#exchange-bar").classList.add("hidden");
    $("#actions").classList.remove("hidden");
    $("#hints-card").classList.add("hidden");
    localStorage.setItem(STORAGE_KEY, game.id);
    render();
  }

  async function act(path, body) {
    if (state.busy) return;
    state.busy = true;
    setError(null);
    renderSide();
    $("#bag").textContent = "The computer is thinking…";
    try {
      adopt(await api(`/api/games/${state.game.id}/${path}`, { body: body || {} }));
      state.cursor = null;
      render();
    } catch (error) {
      setError(error);
    } finally {
      state.busy = false;
      renderSide();
    }
  }

  function play() {
    if (!state.pending.size) { setError(new Error("put some tiles on the board first")); return; }
    const tiles = [...state.pending.values()].map(({ row, col, letter, blank }) => ({ row, col, letter, blank }));
    act("play", { tiles, direction: state.cursor ? state.cursor.dir : null });
  }

  async function hint() {
    setError(null);
    try {
      const data = await api(`/api/games/${state.game.id}/hints?top=5`);
      const box = $("#hints");
      if (!data.moves.length) box.replaceChildren(el("p", { class: "muted" }, "No play is possible: exchange or pass."));
      else box.replaceChildren(el("div", { class: "table-wrap" }, WG.playsTable(data.moves, usePlay)), el("p", { class: "small muted" }, `${data.total_moves} legal plays in all.`));
      $("#hints-card").classList.remove("hidden");
    } catch (error) { setError(error); }
  }

  function usePlay(move) {
    state.pending.clear();
    for (const p of move.placed) {
      const used = usedIndexes();
      const tile = p.blank ? "?" : p.letter;
      const index = state.order.find((i) => state.game.rack[i] === tile && !used.has(i));
      if (index === undefined) return;
      state.pending.set(key(p.row, p.col), { row: p.row, col: p.col, letter: p.letter, blank: p.blank, index });
    }
    state.cursor = { r: move.row, c: move.col, dir: move.direction };
    render();
  }

  function shuffle() {
    for (let i = state.order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [state.order[i], state.order[j]] = [state.order[j], state.order[i]];
    }
    renderRack();
  }

  function startExchange() {
    recall();
    state.exchanging = true;
    state.picked.clear();
    $("#actions").classList.add("hidden");
    $("#exchange-bar").classList.remove("hidden");
    renderRack();
  }

  function cancelExchange() {
    state.exchanging = false;
    state.picked.clear();
    $("#actions").classList.remove("hidden");
    $("#exchange-bar").classList.add("hidden");
    renderRack();
  }

  function confirmExchange() {
    if (!state.picked.size) { setError(new Error("click the tiles to give back first")); return; }
    const tiles = [...state.picked].map((i) => state.game.rack[i]).join("");
    act("exchange", { tiles });
  }

  async function newGame() {
    setError(null);
    try {
      adopt(await api("/api/games", {
        body: { strategy: $("#strategy").value, lexicon: $("#lexicon").value, computer_first: $("#first").value === "computer" },
      }));
      state.cursor = { r: state.game.board.start[0], c: state.game.board.start[1], dir: "H" };
      render();
    } catch (error) { setError(error); }
  }

  function onKey(event) {
    if (!state.game || state.busy || state.exchanging) return;
    const target = event.target;
    if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^[a-zA-Z]$/.test(event.key)) { typeLetter(event.key.toUpperCase(), event.shiftKey); event.preventDefault(); }
    else if (event.key === "Backspace") { takeBack(); event.preventDefault(); }
    else if (event.key === "Enter") { play(); event.preventDefault(); }
    else if (event.key === "Escape") { recall(); }
  }

  document.addEventListener("DOMContentLoaded", async () => {
    $("#new-game").addEventListener("click", newGame);
    $("#play").addEventListener("click", play);
    $("#recall").addEventListener("click", recall);
    $("#shuffle").addEventListener("click", shuffle);
    $("#pass").addEventListener("click", () => act("pass"));
    $("#hint").addEventListener("click", hint);
    $("#exchange").addEventListener("click", startExchange);
    $("#exchange-cancel").addEventListener("click", cancelExchange);
    $("#exchange-confirm").addEventListener("click", confirmExchange);
    document.addEventListener("keydown", onKey);
    try {
      const [strategies] = await Promise.all([api("/api/games/strategies"), WG.fillLexicons($("#lexicon"))]);
      // Levels registered as strategies ("level1" ...) read as "level 1".
      $("#strategy").replaceChildren(...strategies.strategies.map((s) => el("option", { value: s }, s.replace(/^level(\d+)$/, "level $1"))));
    } catch (error) { setError(error); return; }
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved) {
      try {
        adopt(await api(`/api/games/${saved}`));
        $("#lexicon").value = state.game.lexicon;
        $("#strategy").value = state.game.strategy;
        return;
      } catch (error) {
        if (error.status !== 404) { setError(error); return; }
        localStorage.removeItem(STORAGE_KEY);
      }
    }
    await newGame();
  });
})();
