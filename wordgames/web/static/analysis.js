// The Analysis page: a CGP position or a GCG game, the best plays for any rack, turn by turn.
"use strict";

(function () {
  const { api, query, el, $ } = WG;
  const state = { view: null, values: null, steps: [], job: null, step: 0, lexicon: "", scores: null, sim: null };

  function setError(error) { WG.showError($("#error"), error); }

  function draw(extra = {}) {
    if (!state.view) return;
    WG.drawBoard($("#board"), state.view, state.values, { extra });
  }

  const EMPTY_CGP = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 0/0 0";

  function showPlays(data, caption, played) {
    const box = $("#plays");
    $("#plays-text").textContent = caption || "";
    if (!data.moves.length) { box.replaceChildren(el("p", { class: "muted" }, "No legal play for this rack.")); return; }
    const table = WG.playsTable(data.moves, (move) => draw(WG.playTiles(move, "preview")));
    let note = `${data.total_moves} legal plays in all.`;
    if (played) {
      const rank = data.moves.findIndex((m) => m.notation.toUpperCase() === played.position.toUpperCase() && m.word.toUpperCase() === played.word);
      if (rank >= 0) {
        const row = table.querySelectorAll("tbody tr")[rank];
        row.classList.add("selected");
        row.title = "the play made in the game";
        note = `The play made (${played.position} ${played.word}) is #${rank + 1} of ${data.total_moves}.`;
      } else {
        note = `The play made (${played.position} ${played.word}) is not among these ${data.moves.length}; ${data.total_moves} legal plays in all.`;
      }
    }
    box.replaceChildren(el("div", { class: "table-wrap" }, table), el("p", { class: "small muted" }, note));
  }

  async function findPlays() {
    setError(null);
    const rack = $("#rack").value.trim();
    if (!rack) { setError(new Error("type a rack first (? for a blank)")); return; }
    $("#plays-text").textContent = "Searching…";
    try {
      const data = await api("/api/scrabble/plays", {
        body: { board: state.view.text, rack, top: Number($("#top").value), lexicon: state.lexicon || null },
      });
      draw();
      showPlays(data, `Best plays for ${rack.toUpperCase()}${state.lexicon ? ` (lexicon ${state.lexicon})` : ""}:`);
    } catch (error) { $("#plays-text").textContent = ""; setError(error); }
  }

  async function loadCgp() {
    setError(null);
    const cgp = $("#cgp").value.trim();
    if (!cgp) { setError(new Error("paste a CGP position first")); return; }
    try {
      const data = await api("/api/scrabble/position" + query({ cgp }));
      stopJob();
      state.view = data.board;
      state.values = data.values;
      const chosen = $("#lexicon").value;
      const offered = [...$("#lexicon").options].map((o) => o.value);
      state.lexicon = chosen || (data.lexicon && offered.includes(data.lexicon.toLowerCase()) ? data.lexicon.toLowerCase() : "");
      $("#stepper-card").classList.add("hidden");
      $("#job").classList.add("hidden");
      $("#rack").value = data.rack;
      state.scores = data.scores.length >= 2 ? data.scores.slice(0, 2) : null;
      draw();
      $("#plays").replaceChildren();
      $("#plays-text").textContent = "";
      if (data.rack) await findPlays();
    } catch (error) { setError(error); }
  }

  // Leaving a game analysis that is still running: the server stops it too.
  function stopJob() {
    if (state.job) api(`/api/analysis/jobs/${state.job}/cancel`, { body: {} }).catch(() => {});
    state.job = null;
  }

  async function loadGcg() {
    setError(null);
    const text = $("#gcg").value;
    if (!text.trim()) { setError(new Error("upload or paste a GCG game first")); return; }
    const file = $("#gcg-file").files[0];
    try {
      stopJob();
      const job = await api("/api/analysis/gcg", {
        body: { gcg: text, name: file ? file.name : "pasted game", lexicon: $("#lexicon").value || null, top: 10 },
      });
      state.steps = [];
      state.lexicon = job.lexicon;
      state.job = job.id;
      $("#job").classList.remove("hidden");
      $("#stepper-card").classList.remove("hidden");
      absorb(job);
      poll(job.id);
    } catch (error) { setError(error); }
  }

  function absorb(job) {
    state.values = job.values;
    state.steps.push(...job.steps);
    const percent = job.total ? Math.round((100 * job.done) / job.total) : 100;
    $("#job-bar").style.width = `${percent}%`;
    const players = job.players.join(" vs ");
    $("#job-text").textContent = job.error ? `Stopped: ${job.error}`
      : job.finished ? `${players}: ${job.total - 1} events analysed (lexicon ${state.lexicon}).`
        : `Analysing ${players}: ${job.done} of ${job.total} positions…`;
    if (job.error) setError(new Error(job.error));
    const first = state.steps.length === job.steps.length;
    $("#step").max = Math.max(0, state.steps.length - 1);
    if (first && state.steps.length) showStep(0);
  }

  async function poll(id) {
    while (state.job === id) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      if (state.job !== id) return;
      try {
        const job = await api(`/api/analysis/jobs/${id}` + query({ since: state.steps.length }));
        absorb(job);
        if (job.finished) { state.job = null; return; }
      } catch (error) { setError(error); state.job = null; return; }
    }
  }

  function describe(step) {
    const e = step.event;
    if (!e) return "The empty board. Step through the game with ▶.";
    const rack = e.rack ? ` (rack ${e.rack})` : "";
    const pts = `${e.score >= 0 ? "+" : ""}${e.score}, total ${e.total}`;
    const what = {
      move: `played ${e.position} ${e.tiles}`, exchange: `exchanged ${e.tiles}`, pass: "passed",
      phony: "had the phony taken off", challenge: "got a challenge bonus", time: "lost points on time",
      "end-points": `went out, counting ${e.tiles}`, "rack-penalty": `was left with ${e.tiles}`,
    }[e.kind] || e.kind;
    return `Event ${step.number} of ${state.steps.length - 1}: ${e.nick}${rack} ${what}: ${pts}.`;
  }

  function showStep(index) {
    const step = state.steps[index];
    if (!step) return;
    state.step = index;
    $("#step").value = index;
    state.view = step.board;
    $("#step-text").textContent = describe(step);
    // The board before the event, with the event's own tiles marked, shows what was played.
    const before = index > 0 ? state.steps[index - 1].board : step.board;
    const e = step.event;
    if (e && e.kind === "move") {
      const extra = {};
      for (let r = 0; r < step.board.rows; r++) for (let c = 0; c < step.board.cols; c++) {
        if (step.board.tiles[r][c] && !before.tiles[r][c]) extra[`${r},${c}`] = { letter: step.board.tiles[r][c], cls: "new" };
      }
      WG.drawBoard($("#board"), before, state.values, { extra });
      state.view = before;
    } else {
      draw();
    }
    // Scores before the event, the mover's first (for a simulation of this board).
    const totals = index > 0 ? state.steps[index - 1].totals : step.totals;
    const nicks = Object.keys(totals);
    state.scores = e && nicks.includes(e.nick) && nicks.length === 2
      ? [totals[e.nick], totals[nicks.find((n) => n !== e.nick)]] : null;
    if (step.best) {
      $("#rack").value = e.rack;
      const played = e.kind === "move" ? { position: e.position, word: wordOf(before, e) } : null;
      showPlays(step.best, `Best plays for ${e.nick} with ${e.rack}, before this event:`, played);
    } else {
      $("#plays").replaceChildren();
      $("#plays-text").textContent = e ? "No rack is known for this event: type one to search this board." : "";
    }
  }

  function wordOf(board, e) {
    // The GCG writes board tiles as '.'; fill them in to compare with the engine's words.
    const m = /^(\d+)([A-Za-z])$/.exec(e.position);
    const across = !!m;
    const parts = across ? [Number(m[1]) - 1, e.position.toUpperCase().charCodeAt(m[0].length - 1) - 65]
      : [Number(e.position.slice(1)) - 1, e.position.toUpperCase().charCodeAt(0) - 65];
    let [r, c] = parts;
    let word = "";
    for (const ch of e.tiles) {
      word += ch === "." ? (board.tiles[r] && board.tiles[r][c]) || "." : ch;
      if (across) c++; else r++;
    }
    return word.toUpperCase();
  }

  // --- simulation: a background job polled for its progress ---------------------------------
  async function simulate() {
    setError(null);
    const rack = $("#rack").value.trim();
    if (!rack) { setError(new Error("type a rack first (? for a blank)")); return; }
    try {
      const job = await api("/api/analysis/sim", {
        body: {
          board: state.view.text, rack, scores: state.scores, lexicon: state.lexicon || null,
          candidates: Number($("#sim-candidates").value), iterations: Number($("#sim-iterations").value),
          plies: Number($("#sim-plies").value),
        },
      });
      state.sim = job.id;
      $("#sim").replaceChildren();
      $("#sim-job").classList.remove("hidden");
      $("#simulate").disabled = true;
      $("#sim-stop").disabled = false;
      const view = state.view;  // the board simulated, shown again when a candidate is picked
      showSim(job, rack.toUpperCase(), view);
      while (state.sim === job.id) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const now = await api(`/api/analysis/jobs/${job.id}`);
        if (state.sim !== job.id) return;
        showSim(now, rack.toUpperCase(), view);
        if (now.finished) state.sim = null;
      }
    } catch (error) { setError(error); state.sim = null; }
    finally { if (!state.sim) { $("#simulate").disabled = false; $("#sim-stop").disabled = true; } }
  }

  function showSim(job, rack, view) {
    const percent = job.total ? Math.round((100 * job.done) / job.total) : 100;
    $("#sim-bar").style.width = `${job.finished ? 100 : percent}%`;
    const result = job.result;
    $("#sim-text").textContent = job.error ? `Stopped: ${job.error}.`
      : result ? `${rack}: ${result.iterations} iterations in ${result.seconds.toFixed(1)} s (stopped: ${result.stopped}). Click a play to see it.`
        : `Simulating ${rack}: ${job.done} of ${job.total} iterations…`;
    if (!result) return;
    const head = el("tr", {}, el("th", { class: "num" }, "#"), el("th", {}, "Move"),
      el("th", { class: "num" }, "Score"), el("th", { class: "num wide-only" }, "Static"), el("th", { class: "num" }, "Sim equity"),
      el("th", { class: "num" }, "Win %"), el("th", { class: "num wide-only" }, "Iter."));
    const rows = result.candidates.map((c, i) => {
      const m = c.move;
      const row = el("tr", { class: `clickable${c.pruned ? " muted" : ""}`, title: c.pruned ? "pruned: behind with 99% confidence" : "" },
        el("td", { class: "num" }, i + 1),
        el("td", { class: "mono" }, WG.turnLabel(m)), el("td", { class: "num" }, m.score),
        el("td", { class: "num wide-only" }, c.static_equity.toFixed(1)),
        el("td", { class: "num mono" }, `${c.equity.toFixed(1)} ± ${c.equity_se.toFixed(1)}`),
        el("td", { class: "num" }, (100 * c.win).toFixed(1)), el("td", { class: "num wide-only" }, c.iterations));
      return WG.selectable(row, () => {
        state.view = view;
        draw(m.placed ? WG.playTiles(m, "preview") : {});
      });
    });
    $("#sim").replaceChildren(el("div", { class: "table-wrap" }, el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows))));
  }

  async function stopSim() {
    const id = state.sim;
    if (!id) return;
    try { await api(`/api/analysis/jobs/${id}/cancel`, { body: {} }); } catch (error) { setError(error); }
  }

  document.addEventListener("DOMContentLoaded", async () => {
    try {
      const empty = await api("/api/scrabble/position" + query({ cgp: EMPTY_CGP }));
      state.view = empty.board;
      state.values = empty.values;
      draw();
      const data = await api("/api/lexicons");
      $("#lexicon").append(...data.lexicons.map((name) => el("option", { value: name }, name)));
    } catch (error) { setError(error); }
    $("#load-cgp").addEventListener("click", loadCgp);
    $("#load-gcg").addEventListener("click", loadGcg);
    $("#find").addEventListener("click", findPlays);
    $("#simulate").addEventListener("click", simulate);
    $("#sim-stop").addEventListener("click", stopSim);
    $("#rack").addEventListener("keydown", (e) => { if (e.key === "Enter") findPlays(); });
    $("#gcg-file").addEventListener("change", async () => {
      const file = $("#gcg-file").files[0];
      if (!file) return;
      if (file.size > 200 * 1024) { setError(new Error("a GCG game is at most 200 KiB")); return; }
      $("#gcg").value = await file.text();
      loadGcg();
    });
    $("#step").addEventListener("input", () => showStep(Number($("#step").value)));
    $("#first-step").addEventListener("click", () => showStep(0));
    $("#prev-step").addEventListener("click", () => showStep(Math.max(0, state.step - 1)));
    $("#next-step").addEventListener("click", () => showStep(Math.min(state.steps.length - 1, state.step + 1)));
    $("#last-step").addEventListener("click", () => showStep(state.steps.length - 1));
  });
})();
