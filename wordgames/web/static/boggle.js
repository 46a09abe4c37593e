// The Boggle page: roll (any dice set) or type a board, play a timed round, see what was
// missed.  The settings are locked while a round runs; dice can be picked with the keyboard
// (arrow keys move, Enter adds the die's letters to the word).
"use strict";

(function () {
  const { api, query, el, $ } = WG;
  const state = {
    grid: null, text: null, running: false, found: new Map(), deadline: null, timer: null, highlight: null,
    focus: 0, catalogue: null, dice: {}, scoring: "",
  };
  const SETTINGS = ["#dice", "#seed", "#roll", "#board-text", "#use-board", "#time", "#minimum", "#lexicon", "#scoring"];

  function setError(error) { WG.showError($("#error"), error); }

  function fold() {
    const offer = state.catalogue && state.catalogue.dice[$("#dice").value];
    return offer ? offer.fold : false;
  }

  function params(extra) {
    return query({ board: state.text, min: $("#minimum").value, lexicon: $("#lexicon").value,
      scoring: $("#scoring").value, fold: fold() ? "true" : "", ...extra });
  }

  function drawGrid(path = []) {
    const grid = $("#grid");
    if (!state.grid) {
      grid.replaceChildren(el("p", { class: "muted small" }, "No board: roll one or type one."));
      return;
    }
    const columns = state.grid[0].length;
    grid.style.gridTemplateColumns = `repeat(${columns}, 1fr)`;
    const width = `min(88vw, ${Math.min(96 * columns, 420)}px)`;
    for (const node of [grid, $(".boggle-bar"), $("#guess-form")]) node.style.width = width;
    const cells = [];
    state.grid.forEach((row, r) => row.forEach((letter, c) => {
      const index = r * columns + c;
      const step = path.indexOf(index);
      const shown = letter.length > 1 ? letter[0] + letter.slice(1).toLowerCase() : letter;
      const die = el("div", {
        class: `die ${step >= 0 ? "on" : ""}`, "data-cell": index, role: "button", tabindex: index === state.focus ? "0" : "-1",
        "aria-label": `${letter}, row ${r + 1}, column ${c + 1}${step >= 0 ? `, letter ${step + 1} of the word` : ""}`,
      }, step >= 0 ? el("span", { class: "step", "aria-hidden": "true" }, step + 1) : null, shown);
      die.addEventListener("click", () => pickDie(index));
      die.addEventListener("keydown", (event) => dieKey(event, index, columns));
      cells.push(die);
    }));
    const refocus = grid.contains(document.activeElement);
    grid.replaceChildren(...cells);
    if (refocus) cells[state.focus].focus();
  }

  function pickDie(index) {
    state.focus = index;
    if (!state.running) return;
    const columns = state.grid[0].length;
    $("#guess").value += state.grid[Math.floor(index / columns)][index % columns];
  }

  function dieKey(event, index, columns) {
    const cells = state.grid.length * columns;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns };
    if (moves[event.key] !== undefined) {
      event.preventDefault();
      const next = index + moves[event.key];
      if (next >= 0 && next < cells) { state.focus = next; drawGrid(); $(`[data-cell="${next}"]`).focus(); }
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      pickDie(index);
    }
  }

  function showPath(path) {
    clearTimeout(state.highlight);
    drawGrid(path);
    state.highlight = setTimeout(() => drawGrid(), 2500);
  }

  function setBoard(grid, text, note) {
    state.grid = grid;
    state.text = text;
    state.focus = 0;
    drawGrid();
    $("#board-text").value = text ? text.replace(/\n/g, "/") : "";
    $("#status").textContent = note;
    $("#result").classList.add("hidden");
    $("#start").disabled = !grid;
  }

  async function roll() {
    setError(null);
    try {
      const data = await api("/api/boggle/roll" + query({ dice: $("#dice").value, seed: $("#seed").value }));
      setBoard(data.board, data.text, `Board seed ${data.seed}. Start the round when ready.`);
    } catch (error) { setError(error); }
  }

  async function useTyped() {
    setError(null);
    const text = $("#board-text").value.trim();
    if (!text) return;
    try {
      const data = await api("/api/boggle/board" + query({ text }));
      setBoard(data.board, data.text, "Your board. Start the round when ready.");
    } catch (error) {
      setBoard(null, null, "That board cannot be played: correct it, or roll one.");
      $("#board-text").value = text;
      setError(error);
    }
  }

  function lockSettings(locked) {
    for (const id of SETTINGS) $(id).disabled = locked;
    $("#start").disabled = locked || !state.grid;
    for (const id of ["#guess", "#guess-button", "#stop"]) $(id).disabled = !locked;
  }

  function tick() {
    if (!state.deadline) return;
    const left = Math.max(0, Math.ceil((state.deadline - Date.now()) / 1000));
    $("#clock").textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    $("#clock").classList.toggle("low", left <= 10);
    if (left === 0) endRound();
  }

  function start() {
    if (!state.grid) return;
    state.found = new Map();
    state.running = true;
    state.scoring = $("#scoring").value;
    $("#feedback").replaceChildren();
    $("#verdict").textContent = "";
    $("#result").classList.add("hidden");
    $("#score").textContent = "0";
    const seconds = Number($("#time").value);
    state.deadline = seconds ? Date.now() + seconds * 1000 : null;
    $("#clock").textContent = seconds ? "" : "∞";
    clearInterval(state.timer);
    if (seconds) { state.timer = setInterval(tick, 250); tick(); }
    lockSettings(true);
    $("#status").textContent = `Find words of ${$("#minimum").value}+ letters: adjacent dice, each die once (${state.scoring} scoring).`;
    WG.announce(`Round started: ${seconds ? `${seconds / 60} minute${seconds === 60 ? "" : "s"}` : "no time limit"}`);
    $("#guess").focus();
  }

  function feedback(word, text, ok) {
    const item = el("li", { class: ok ? "ok" : "no" }, el("span", { class: "mono" }, word), el("span", {}, text));
    $("#feedback").prepend(item);
    const line = $("#verdict");
    line.textContent = `${word}: ${text}`;
    line.className = `live-line ${ok ? "ok" : "no"}`;
  }

  async function guess(event) {
    event.preventDefault();
    const input = $("#guess");
    const word = input.value.trim().toUpperCase();
    input.value = "";
    if (!word || !state.running) return;
    if (state.found.has(word)) { feedback(word, "already found", false); return; }
    try {
      const data = await api("/api/boggle/check" + params({ word }));
      if (data.verdict === "accepted") {
        state.found.set(data.word, data.points);
        $("#score").textContent = [...state.found.values()].reduce((a, b) => a + b, 0);
        feedback(data.word, `+${data.points}`, true);
        showPath(data.path);
      } else {
        feedback(data.word, data.verdict === "not in the lexicon" ? "not a word" : data.verdict, false);
      }
    } catch (error) { setError(error); }
  }

  async function endRound() {
    if (!state.running) return;
    state.running = false;
    clearInterval(state.timer);
    lockSettings(false);
    $("#clock").textContent = "0:00";
    try {
      const data = await api("/api/boggle/solve" + params({}));
      const paths = new Map(data.words.map((w) => [w.word, w.path]));
      const missed = data.words.filter((w) => !state.found.has(w.word))
        .sort((a, b) => b.word.length - a.word.length || a.word.localeCompare(b.word));
      const score = [...state.found.values()].reduce((a, b) => a + b, 0);
      const summary = `You scored ${score} of ${data.total} with ${state.found.size} of ${data.words.length} words (${state.scoring} scoring, lexicon ${$("#lexicon").value}).`;
      $("#summary").textContent = summary;
      const chip = (word, cls) => el("button", { type: "button", class: cls, title: "show on the board", onclick: () => showPath(paths.get(word) || []) }, word);
      $("#found-words").replaceChildren(...[...state.found.keys()].map((w) => chip(w, "found")));
      if (!state.found.size) $("#found-words").append(el("span", { class: "muted" }, "none"));
      $("#missed-words").replaceChildren(...missed.map((w) => chip(w.word, "")));
      $("#result").classList.remove("hidden");
      $("#status").textContent = "Round over. Roll a new board or play this one again.";
      WG.announce(`Round over. ${summary}`);
      WG.reveal($("#summary"));
    } catch (error) { setError(error); }
  }

  // The lexicons that fit the chosen dice, the best match selected.
  function fillLexicons() {
    const offer = state.catalogue.dice[$("#dice").value];
    const names = offer && offer.lexicons.length ? offer.lexicons : state.catalogue.lexicons;
    WG.fillSelect($("#lexicon"), names, (offer && offer.default) || state.catalogue.default);
  }

  document.addEventListener("DOMContentLoaded", async () => {
    $("#roll").addEventListener("click", roll);
    $("#use-board").addEventListener("click", useTyped);
    $("#board-text").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); useTyped(); } });
    $("#start").addEventListener("click", start);
    $("#stop").addEventListener("click", endRound);
    $("#guess-form").addEventListener("submit", guess);
    $("#dice").addEventListener("change", () => { fillLexicons(); roll(); });
    try {
      const [catalogue, options] = await Promise.all([WG.catalogue(), api("/api/boggle/options")]);
      state.catalogue = catalogue;
      const sizes = { 4: "4 × 4", 5: "5 × 5", 6: "6 × 6" };
      WG.fillSelect($("#dice"), Object.entries(options.dice).map(([name, side]) => [name, `${name} (${sizes[side] || `${side} × ${side}`})`]), "classic");
      WG.fillSelect($("#scoring"), options.scoring, options.scoring[0]);
      fillLexicons();
    } catch (error) { setError(error); }
    await roll();
  });
})();
