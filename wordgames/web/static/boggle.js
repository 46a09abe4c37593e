// The Boggle page: roll or type a board, play a timed round, see what was missed.
"use strict";

(function () {
  const { api, query, el, $ } = WG;
  const state = { grid: null, text: null, running: false, found: new Map(), deadline: null, timer: null, highlight: null };

  function drawGrid(path = []) {
    const grid = $("#grid");
    const columns = state.grid[0].length;
    grid.style.gridTemplateColumns = `repeat(${columns}, 1fr)`;
    const width = `min(88vw, ${Math.min(96 * columns, 420)}px)`;
    for (const node of [grid, $(".boggle-bar"), $("#guess-form")]) node.style.width = width;
    const cells = [];
    state.grid.forEach((row, r) => row.forEach((letter, c) => {
      const index = r * columns + c;
      const step = path.indexOf(index);
      const shown = letter.length > 1 ? letter[0] + letter.slice(1).toLowerCase() : letter;
      cells.push(el("div", { class: `die ${step >= 0 ? "on" : ""}`, "data-cell": index },
        step >= 0 ? el("span", { class: "step" }, step + 1) : null, shown));
    }));
    grid.replaceChildren(...cells);
  }

  function showPath(path) {
    clearTimeout(state.highlight);
    drawGrid(path);
    state.highlight = setTimeout(() => drawGrid(), 2500);
  }

  function setBoard(grid, text, note) {
    state.grid = grid;
    state.text = text;
    drawGrid();
    $("#board-text").value = text;
    $("#status").textContent = note;
    $("#result").classList.add("hidden");
  }

  async function roll() {
    WG.showError($("#error"));
    try {
      const data = await api("/api/boggle/roll" + query({ size: $("#size").value, seed: $("#seed").value }));
      setBoard(data.board, data.text, `Board seed ${data.seed}. Start the round when ready.`);
    } catch (error) { WG.showError($("#error"), error); }
  }

  async function useTyped() {
    WG.showError($("#error"));
    const text = $("#board-text").value.trim();
    if (!text) return;
    try {
      const data = await api("/api/boggle/solve" + query({ board: text, min: 99, lexicon: $("#lexicon").value }));
      const normal = data.board.map((row) => row.map((cell) => (cell.length > 1 ? `[${cell}]` : cell)).join("")).join("/");
      setBoard(data.board, normal, "Your board. Start the round when ready.");
    } catch (error) { WG.showError($("#error"), error); }
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
    $("#feedback").replaceChildren();
    $("#result").classList.add("hidden");
    $("#score").textContent = "0";
    const seconds = Number($("#time").value);
    state.deadline = seconds ? Date.now() + seconds * 1000 : null;
    $("#clock").textContent = seconds ? "" : "∞";
    clearInterval(state.timer);
    if (seconds) { state.timer = setInterval(tick, 250); tick(); }
    for (const id of ["#guess", "#guess-button", "#stop"]) $(id).disabled = false;
    for (const id of ["#start", "#roll", "#use-board"]) $(id).disabled = true;
    $("#status").textContent = `Find words of ${$("#minimum").value}+ letters: adjacent dice, each die once.`;
    $("#guess").focus();
  }

  function feedback(word, text, ok) {
    const item = el("li", { class: ok ? "ok" : "no" }, el("span", { class: "mono" }, word), el("span", {}, text));
    $("#feedback").prepend(item);
  }

  async function guess(event) {
    event.preventDefault();
    const input = $("#guess");
    const word = input.value.trim().toUpperCase();
    input.value = "";
    if (!word || !state.running) return;
    if (state.found.has(word)) { feedback(word, "already found", false); return; }
    try {
      const data = await api("/api/boggle/check" + query({
        board: state.text, word, min: $("#minimum").value, lexicon: $("#lexicon").value,
      }));
      if (data.verdict === "accepted") {
        state.found.set(data.word, data.points);
        $("#score").textContent = [...state.found.values()].reduce((a, b) => a + b, 0);
        feedback(data.word, `+${data.points}`, true);
        showPath(data.path);
      } else {
        feedback(data.word, data.verdict === "not in the lexicon" ? "not a word" : data.verdict, false);
      }
    } catch (error) { WG.showError($("#error"), error); }
  }

  async function endRound() {
    if (!state.running) return;
    state.running = false;
    clearInterval(state.timer);
    for (const id of ["#guess", "#guess-button", "#stop"]) $(id).disabled = true;
    for (const id of ["#start", "#roll", "#use-board"]) $(id).disabled = false;
    $("#clock").textContent = "0:00";
    try {
      const data = await api("/api/boggle/solve" + query({ board: state.text, min: $("#minimum").value, lexicon: $("#lexicon").value }));
      const paths = new Map(data.words.map((w) => [w.word, w.path]));
      const missed = data.words.filter((w) => !state.found.has(w.word))
        .sort((a, b) => b.word.length - a.word.length || a.word.localeCompare(b.word));
      const score = [...state.found.values()].reduce((a, b) => a + b, 0);
      $("#summary").textContent = `You scored ${score} of ${data.total} with ${state.found.size} of ${data.words.length} words.`;
      const chip = (word, cls) => el("span", { class: cls, title: "show on the board", onclick: () => showPath(paths.get(word) || []) }, word);
      $("#found-words").replaceChildren(...[...state.found.keys()].map((w) => chip(w, "found")));
      if (!state.found.size) $("#found-words").append(el("span", { class: "muted" }, "none"));
      $("#missed-words").replaceChildren(...missed.map((w) => chip(w.word, "")));
      $("#result").classList.remove("hidden");
      $("#status").textContent = "Round over. Roll a new board or play this one again.";
    } catch (error) { WG.showError($("#error"), error); }
  }

  document.addEventListener("DOMContentLoaded", async () => {
    $("#roll").addEventListener("click", roll);
    $("#use-board").addEventListener("click", useTyped);
    $("#board-text").addEventListener("keydown", (e) => { if (e.key === "Enter") useTyped(); });
    $("#start").addEventListener("click", start);
    $("#stop").addEventListener("click", endRound);
    $("#guess-form").addEventListener("submit", guess);
    try { await WG.fillLexicons($("#lexicon")); } catch (error) { WG.showError($("#error"), error); }
    await roll();
  });
})();
