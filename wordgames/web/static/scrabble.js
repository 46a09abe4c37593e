// The Scrabble page: a game against the computer, saved on the server (a reload resumes it).
// Keyboard play: the cursor square is reached with Tab; arrows move it, Space turns it,
// letters place tiles, Backspace takes one back, Enter plays, Escape recalls.  On a button,
// a link or a table row, Enter and Space do what that control does.
"use strict";

(function () {
  const { api, el, $ } = WG;
  const STORAGE_KEY = "wordgames.scrabble.game";
  const state = {
    game: null, pending: new Map(), cursor: null, order: [], exchanging: false, picked: new Set(), busy: false,
    boardFocus: false, catalogue: null,
  };

  const key = (r, c) => `${r},${c}`;
  const usedIndexes = () => new Set([...state.pending.values()].map((p) => p.index));
  const inside = (r, c) => r >= 0 && c >= 0 && r < state.game.board.rows && c < state.game.board.cols;
  const occupied = (r, c) => !!state.game.board.tiles[r][c] || state.pending.has(key(r, c));
  const myTurn = () => state.game && !state.game.over && state.game.to_move === state.game.you && !state.busy;

  function setError(error) {
    WG.showError($("#error"), error);
  }

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

  // The cursor on a free square: moved on along its direction past tiles, else the first
  // free square of the board, else the start square.
  function freeCursor() {
    const game = state.game;
    let cur = state.cursor || { r: game.board.start[0], c: game.board.start[1], dir: "H" };
    if (!inside(cur.r, cur.c)) cur = { r: game.board.start[0], c: game.board.start[1], dir: cur.dir };
    if (!occupied(cur.r, cur.c)) { state.cursor = cur; return; }
    const [dr, dc] = cur.dir === "H" ? [0, 1] : [1, 0];
    for (let r = cur.r + dr, c = cur.c + dc; inside(r, c); r += dr, c += dc) {
      if (!occupied(r, c)) { state.cursor = { r, c, dir: cur.dir }; return; }
    }
    for (let r = 0; r < game.board.rows; r++) for (let c = 0; c < game.board.cols; c++) {
      if (!occupied(r, c)) { state.cursor = { r, c, dir: cur.dir }; return; }
    }
    state.cursor = cur;
  }

  function render() {
    const game = state.game;
    if (!game) return;
    const extra = {};
    for (const [k, p] of state.pending) extra[k] = { letter: p.blank ? p.letter.toLowerCase() : p.letter, cls: "new" };
    const hadFocus = state.boardFocus || $("#board").contains(document.activeElement);
    WG.drawBoard($("#board"), game.board, game.values, {
      extra, marks: lastComputerSquares(), onSquare: clickSquare, onDrop: dropOnSquare, cursor: state.cursor,
    });
    if (hadFocus) focusCursor();
    renderRack();
    renderSide();
  }

  function focusCursor() {
    if (!state.cursor) return;
    const square = $(`[data-square="${key(state.cursor.r, state.cursor.c)}"]`);
    if (square) square.focus({ preventScroll: true });
  }

  function renderRack() {
    const used = usedIndexes();
    const tiles = state.order.map((index) => {
      const tile = state.game.rack[index];
      const value = tile === "?" ? 0 : state.game.values[tile];
      const picked = state.picked.has(index);
      const node = el("button", {
        type: "button",
        class: `rtile ${used.has(index) ? "used" : ""} ${picked ? "picked" : ""}`,
        draggable: used.has(index) ? false : "true", "data-tile": tile,
        "aria-label": `${tile === "?" ? "blank" : tile}${value ? `, ${value} point${value === 1 ? "" : "s"}` : ""}${used.has(index) ? ", on the board" : ""}`,
        "aria-pressed": state.exchanging ? String(picked) : null,
      }, tile === "?" ? "" : tile, value ? el("sub", { "aria-hidden": "true" }, value) : null);
      node.addEventListener("dragstart", (event) => event.dataTransfer.setData("text/plain", String(index)));
      node.addEventListener("click", () => clickRackTile(index));
      return node;
    });
    $("#rack").replaceChildren(...tiles);
  }

  function describeTurn(turn) {
    if (turn.kind === "place") return `${turn.move.notation} ${turn.move.word}`;
    if (turn.kind === "exchange") return /^\d+$/.test(turn.tiles) ? `exchanged ${turn.tiles} tile${turn.tiles === "1" ? "" : "s"}` : `exchanged ${turn.tiles}`;
    if (turn.kind === "pass") return "pass";
    return `end: ${turn.tiles}`;
  }

  function renderSide() {
    const game = state.game;
    $("#scores").replaceChildren(...game.players.map((p, seat) => el("div", {
      class: `who ${seat === game.to_move && !game.over ? "turn" : ""}`,
    }, el("div", { class: "small muted" }, p.computer ? `${p.name} (${strategyLabel(game.strategy)})` : p.name), el("div", { class: "pts" }, p.score))));
    $("#bag").textContent = `${game.bag} tile${game.bag === 1 ? "" : "s"} in the bag · ${game.tiles} tiles · lexicon ${game.lexicon} · ${game.end_rule} end rule`;
    $("#mini-score").textContent = game.players.map((p) => `${p.name} ${p.score}`).join(" · ")
      + ` · bag ${game.bag}` + (game.over ? " · game over" : "");
    const rows = game.history.map((turn) => el("tr", {}, el("td", { class: "num muted" }, turn.number), el("td", {}, turn.player),
      el("td", { class: "mono" }, describeTurn(turn)), el("td", { class: "num" }, turn.score > 0 ? `+${turn.score}` : turn.score),
      el("td", { class: "num" }, turn.total))).reverse();
    $("#moves").replaceChildren($("#moves caption") || el("caption", { class: "visually-hidden" }, "Moves"),
      el("thead", {}, el("tr", {}, el("th", { class: "num", scope: "col" }, "#"), el("th", { scope: "col" }, "Player"),
        el("th", { scope: "col" }, "Move"), el("th", { class: "num", scope: "col" }, "Pts"), el("th", { class: "num", scope: "col" }, "Total"))),
      el("tbody", {}, ...rows));
    const unseen = Object.entries(game.unseen || {});
    const total = unseen.reduce((sum, [, n]) => sum + n, 0);
    $("#unseen-title").textContent = `Unseen tiles (${total}: bag and ${game.over ? "racks" : "the computer's rack"})`;
    $("#unseen").textContent = unseen.map(([tile, n]) => (tile.length > 1 ? `[${tile}]` : tile).repeat(n)).join(" ") || "none";
    const over = $("#over");
    if (game.over) {
      const racks = Object.entries(game.racks || {}).map(([name, rack]) => `${name}: ${rack || "–"}`).join(" · ");
      over.textContent = `Game over: ${game.winners.join(" and ")} ${game.winners.length > 1 ? "tie" : "wins"}. Racks left: ${racks}.`;
      over.classList.remove("hidden");
    } else over.classList.add("hidden");
    const gcg = $("#gcg");
    gcg.href = `/api/games/${game.id}/gcg`;
    gcg.classList.remove("hidden");
    for (const id of ["#play", "#recall", "#shuffle", "#pass", "#hint"]) $(id).disabled = !myTurn();
    $("#exchange").disabled = !myTurn() || !game.can_exchange;
  }

  function strategyLabel(name) {
    const labels = (state.strategies && state.strategies.labels) || {};
    return labels[name] || name;
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
    do { r += dr; c += dc; } while (inside(r, c) && occupied(r, c));
    if (inside(r, c)) state.cursor = { r, c, dir: cur.dir };
  }

  function moveCursor(dr, dc) {
    const cur = state.cursor || { r: state.game.board.start[0], c: state.game.board.start[1], dir: "H" };
    const r = cur.r + dr, c = cur.c + dc;
    if (inside(r, c)) state.cursor = { r, c, dir: cur.dir };
    state.boardFocus = true;
    render();
  }

  function turnCursor() {
    if (!state.cursor) freeCursor();
    state.cursor = { ...state.cursor, dir: state.cursor.dir === "H" ? "V" : "H" };
    state.boardFocus = true;
    render();
  }

  function clickSquare(r, c) {
    if (!state.game || state.game.over || state.exchanging) return;
    state.boardFocus = true;
    if (state.pending.has(key(r, c))) { state.pending.delete(key(r, c)); state.cursor = { r, c, dir: state.cursor ? state.cursor.dir : "H" }; render(); return; }
    if (state.cursor && state.cursor.r === r && state.cursor.c === c) state.cursor = { r, c, dir: state.cursor.dir === "H" ? "V" : "H" };
    else state.cursor = { r, c, dir: state.cursor ? state.cursor.dir : "H" };
    render();
  }

  function askBlank() {
    const answer = (window.prompt("Which letter does the blank stand for?") || "").trim();
    return /^\p{L}{1,3}$/u.test(answer) ? answer.toUpperCase() : null;
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
    if (state.exchanging) { togglePick(index); return; }
    if (!myTurn() || usedIndexes().has(index)) return;
    freeCursor();
    let letter = state.game.rack[index];
    if (letter === "?") { letter = askBlank(); if (!letter) return; }
    placeTile(state.cursor.r, state.cursor.c, index, letter);
    advanceCursor();
    render();
  }

  function togglePick(index) {
    if (state.picked.has(index)) state.picked.delete(index); else state.picked.add(index);
    renderRack();
    WG.announce(`${[...state.picked].map((i) => state.game.rack[i]).join(" ") || "no tile"} to give back`);
  }

  // A letter typed while exchanging picks (or unpicks) a tile showing it.
  function pickTyped(letter) {
    const unpicked = state.order.find((i) => state.game.rack[i] === letter && !state.picked.has(i));
    const index = unpicked !== undefined ? unpicked : state.order.find((i) => state.game.rack[i] === letter);
    if (index === undefined) { setError(new Error(`there is no ${letter === "?" ? "blank" : letter} on your rack`)); return; }
    setError(null);
    togglePick(index);
  }

  function typeLetter(letter, forceBlank) {
    if (!myTurn()) return;
    freeCursor();
    const cur = state.cursor;
    const used = usedIndexes();
    const free = (tile) => state.order.find((i) => state.game.rack[i] === tile && !used.has(i));
    let index = forceBlank ? undefined : free(letter);
    if (index === undefined) index = free("?");
    if (index === undefined) { setError(new Error(`there is no ${letter} on your rack`)); return; }
    setError(null);
    placeTile(cur.r, cur.c, index, letter);
    advanceCursor();
    state.boardFocus = true;
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
    freeCursor();
    render();
  }

  function announceReply(before, game) {
    const replies = game.history.slice(before).filter((turn) => turn.seat !== game.you);
    const said = replies.map((turn) => `${turn.player}: ${describeTurn(turn)}, ${turn.score} points`);
    if (game.over) said.push($("#over").textContent);
    if (said.length) WG.announce(said.join(". "));
  }

  async function act(path, body) {
    if (state.busy) return;
    state.busy = true;
    setError(null);
    renderSide();
    $("#bag").textContent = "The computer is thinking…";
    const before = state.game.history.length;
    try {
      const game = await api(`/api/games/${state.game.id}/${path}`, { body: body || {} });
      state.busy = false;
      adopt(game);
      announceReply(before, game);
      loadGames();
    } catch (error) {
      setError(error);
      WG.announce(error.message);
    } finally {
      state.busy = false;
      renderSide();
    }
  }

  function play() {
    if (!myTurn()) return;
    if (!state.pending.size) { setError(new Error("put some tiles on the board first")); return; }
    const tiles = [...state.pending.values()].map(({ row, col, letter, blank }) => ({ row, col, letter, blank }));
    act("play", { tiles, direction: state.cursor ? state.cursor.dir : null });
  }

  async function passTurn() {
    if (!myTurn()) return;
    if (await WG.confirm("Pass this turn? The computer moves next.", "Pass")) act("pass");
  }

  async function hint() {
    if (!myTurn()) return;
    setError(null);
    try {
      const data = await api(`/api/games/${state.game.id}/hints?top=5`);
      const box = $("#hints");
      if (!data.moves.length) box.replaceChildren(el("p", { class: "muted" }, "No play is possible: exchange or pass."));
      else box.replaceChildren(el("div", { class: "table-wrap" }, WG.playsTable(data.moves, usePlay)), el("p", { class: "small muted" }, `${data.total_moves} legal plays in all.`));
      $("#hints-card").classList.remove("hidden");
      WG.reveal($("#hints-card"));
      WG.announce(`${data.moves.length} hints listed`);
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
    WG.reveal($("#board"));
    WG.announce(`${move.notation} ${move.word} placed: press Play to play it`);
  }

  function shuffle() {
    for (let i = state.order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [state.order[i], state.order[j]] = [state.order[j], state.order[i]];
    }
    renderRack();
  }

  function startExchange() {
    if (!myTurn()) return;
    recall();
    state.exchanging = true;
    state.picked.clear();
    $("#actions").classList.add("hidden");
    $("#exchange-bar").classList.remove("hidden");
    renderRack();
    $("#exchange-confirm").focus();
    WG.announce("Type or pick the tiles to give back, then press Enter");
  }

  function cancelExchange() {
    state.exchanging = false;
    state.picked.clear();
    $("#actions").classList.remove("hidden");
    $("#exchange-bar").classList.add("hidden");
    renderRack();
    $("#exchange").focus();
  }

  function confirmExchange() {
    if (!state.picked.size) { setError(new Error("pick the tiles to give back first")); return; }
    const tiles = [...state.picked].map((i) => {
      const tile = state.game.rack[i];
      return tile.length > 1 ? `[${tile}]` : tile;
    }).join("");
    act("exchange", { tiles });
  }

  // The lexicons that fit the chosen tiles, the best match selected (or `wanted`).
  function fillLexicons(wanted) {
    const tiles = $("#tiles").value;
    const offer = state.catalogue.tiles[tiles] || { lexicons: state.catalogue.lexicons, default: state.catalogue.default };
    WG.fillSelect($("#lexicon"), offer.lexicons, offer.lexicons.includes(wanted) ? wanted : offer.default);
  }

  async function newGame(ask = true) {
    setError(null);
    if (ask && state.game && !state.game.over && state.game.history.length
        && !(await WG.confirm("Start a new game? This one stays in your games, to resume.", "New game"))) return;
    try {
      const game = await api("/api/games", {
        body: {
          strategy: $("#strategy").value, tiles: $("#tiles").value, lexicon: $("#lexicon").value || null,
          end_rule: $("#end-rule").value, computer_first: $("#first").value === "computer",
        },
      });
      state.cursor = null;
      adopt(game);
      announceReply(0, game);
      loadGames();
    } catch (error) { setError(error); }
  }

  async function resume(id) {
    setError(null);
    try {
      state.cursor = null;
      adopt(await api(`/api/games/${id}`));
      showSettings();
      loadGames();
      WG.announce(`Game resumed: ${$("#mini-score").textContent}`);
    } catch (error) { setError(error); }
  }

  function showSettings() {
    const game = state.game;
    $("#tiles").value = game.tiles;
    fillLexicons(game.lexicon);
    $("#strategy").value = game.strategy;
    $("#end-rule").value = game.end_rule;
  }

  async function loadGames() {
    try {
      const data = await api("/api/games");
      const items = data.games.map((g) => {
        const score = g.players.map((p) => `${p.name} ${p.score}`).join(" – ");
        const when = g.saved.replace("T", " ").slice(0, 16);
        const current = state.game && g.id === state.game.id;
        return el("li", {}, el("button", { type: "button", class: `secondary ${current ? "current" : ""}`, "aria-current": current ? "true" : null, "data-game": g.id,
          onclick: () => resume(g.id) }, `${current ? "This game: " : "Resume: "}${score} · ${g.turns} turns · ${g.tiles}, ${g.lexicon}${g.over ? " · over" : ""} · ${when}`));
      });
      $("#games").replaceChildren(...(items.length ? items : [el("li", { class: "muted small" }, "No saved games yet.")]));
    } catch (error) { setError(error); }
  }

  function onKey(event) {
    if (!state.game) return;
    const target = event.target;
    if (target.closest && target.closest("dialog")) return;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const letter = /^\p{L}$/u.test(event.key) ? event.key.toUpperCase() : event.key === "?" ? "?" : null;
    if (letter) {
      event.preventDefault();
      if (state.busy) return;
      if (state.exchanging) pickTyped(letter);
      else if (letter !== "?") typeLetter(letter, event.shiftKey);
      return;
    }
    // On a button, a link, a table row or a rack tile, Enter and Space are that control's own.
    const onSquare = target.classList && target.classList.contains("sq");
    if (!onSquare && target !== document.body && !target.matches("#board, #rack, main, section")) return;
    if (state.busy) return;
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (moves[event.key] && !state.exchanging) { event.preventDefault(); moveCursor(...moves[event.key]); }
    else if (event.key === " " && onSquare && !state.exchanging) { event.preventDefault(); turnCursor(); }
    else if (event.key === "Enter") { event.preventDefault(); if (state.exchanging) confirmExchange(); else play(); }
    else if (event.key === "Backspace") { event.preventDefault(); takeBack(); }
    else if (event.key === "Escape") { if (state.exchanging) cancelExchange(); else recall(); }
  }

  document.addEventListener("DOMContentLoaded", async () => {
    $("#new-game").addEventListener("click", () => newGame(true));
    $("#play").addEventListener("click", play);
    $("#recall").addEventListener("click", recall);
    $("#shuffle").addEventListener("click", shuffle);
    $("#pass").addEventListener("click", passTurn);
    $("#hint").addEventListener("click", hint);
    $("#exchange").addEventListener("click", startExchange);
    $("#exchange-cancel").addEventListener("click", cancelExchange);
    $("#exchange-confirm").addEventListener("click", confirmExchange);
    $("#tiles").addEventListener("change", () => fillLexicons());
    $("#board").addEventListener("focusin", () => { state.boardFocus = true; });
    $("#board").addEventListener("focusout", (event) => {
      if (!$("#board").contains(event.relatedTarget) && event.relatedTarget) state.boardFocus = false;
    });
    document.addEventListener("keydown", onKey);
    try {
      const [strategies, catalogue] = await Promise.all([api("/api/games/strategies"), WG.catalogue()]);
      state.strategies = strategies;
      state.catalogue = catalogue;
      WG.fillSelect($("#strategy"), strategies.strategies.map((s) => [s, strategies.labels[s] || s]), strategies.default);
      [...$("#strategy").options].forEach((option) => { option.title = strategies.descriptions[option.value] || ""; });
      WG.fillSelect($("#end-rule"), strategies.end_rules, strategies.default_end_rule);
      WG.fillSelect($("#tiles"), Object.keys(catalogue.tiles), "english");
      fillLexicons();
    } catch (error) { setError(error); return; }
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved) {
      try {
        adopt(await api(`/api/games/${saved}`));
        showSettings();
        loadGames();
        return;
      } catch (error) {
        if (error.status !== 404) { setError(error); return; }
        localStorage.removeItem(STORAGE_KEY);
      }
    }
    await newGame(false);
  });
})();
