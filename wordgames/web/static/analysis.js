// The Analysis page: a CGP position or a GCG game, the best plays for any rack, turn by turn.
// A game is reviewed on the server as `wordgames scrabble analyze --json` reviews it (every
// turn ranked by equity); the page steps through the boards with that review beside them.
"use strict";

(function () {
  const { api, query, el, $ } = WG;
  const state = {
    view: null, values: null, steps: [], job: null, step: 0, lexicon: "", tiles: "english", scores: null, sim: null,
    review: null, squares: [], byLine: new Map(), catalogue: null,
  };

  function setError(error) {
    WG.showError($("#error"), error);
    if (error) WG.announce(error.message || String(error));
  }

  function draw(extra = {}) {
    if (!state.view) return;
    WG.drawBoard($("#board"), state.view, state.values, { extra });
  }

  function setProgress(id, percent) {
    $(`#${id}-bar`).style.width = `${percent}%`;
    $(`#${id}-progress`).setAttribute("aria-valuenow", String(percent));
  }

  const EMPTY_CGP = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 0/0 0";

  function showPlays(data, caption) {
    const box = $("#plays");
    $("#plays-text").textContent = caption || "";
    if (!data.moves.length) { box.replaceChildren(el("p", { class: "muted" }, "No legal play for this rack.")); return; }
    const table = WG.playsTable(data.moves, (move) => { draw(WG.playTiles(move, "preview")); WG.reveal($("#board")); });
    box.replaceChildren(el("div", { class: "table-wrap" }, table), el("p", { class: "small muted" }, `${data.total_moves} legal plays in all.`));
  }

  // One reviewed turn: its best plays by equity, the play made marked with its rank.
  function showReview(turn, index, before) {
    const box = $("#plays");
    const squares = state.squares[index] || [];
    const head = el("tr", {}, el("th", { class: "num", scope: "col" }, "#"), el("th", { scope: "col" }, "Play"),
      el("th", { class: "num", scope: "col" }, "Score"), el("th", { scope: "col" }, "Leave"), el("th", { class: "num", scope: "col" }, "Equity"));
    const rows = turn.best.map((option, i) => {
      const made = option.play === turn.played;
      const row = el("tr", { class: `${squares[i] ? "clickable" : ""} ${made ? "selected" : ""}`, "data-play": i },
        el("td", { class: "num" }, i + 1), el("td", { class: "mono" }, option.play + (option.bingo ? " (bingo)" : "")),
        el("td", { class: "num" }, option.score), el("td", { class: "mono" }, option.leave || "–"),
        el("td", { class: "num" }, Number(option.equity).toFixed(1)));
      if (made) row.title = "the play made in the game";
      return squares[i] ? WG.selectable(row, () => {
        const extra = {};
        for (const p of squares[i]) extra[`${p.row},${p.col}`] = { letter: p.blank ? p.letter.toLowerCase() : p.letter, cls: "preview" };
        state.view = before;
        draw(extra);
        WG.reveal($("#board"));
      }) : row;
    });
    const loss = turn.equity_loss === null ? "" : `; equity loss ${Number(turn.equity_loss).toFixed(1)}`;
    let note = turn.rank === null
      ? `The play made (${turn.played}) could not be ranked${turn.phonies.length ? ": a phony" : ""}.`
      : `The play made (${turn.played}) is #${turn.rank} by equity${loss}.`;
    if (turn.missed_bingo) note += ` Missed bingo: ${turn.missed_bingo}.`;
    if (turn.phonies.length) note += ` Phony: ${turn.phonies.join(", ")}${turn.challenged_off ? " (challenged off)" : ""}.`;
    $("#plays-text").textContent = `Best plays for ${turn.player} with ${turn.rack}, as \`scrabble analyze\` ranks them:`;
    box.replaceChildren(el("div", { class: "table-wrap" }, el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows))),
      el("p", { class: "small muted" }, note));
  }

  function rackParams() {
    return { tiles: state.tiles, lexicon: $("#lexicon").value || state.lexicon || null };
  }

  async function findPlays() {
    setError(null);
    const rack = $("#rack").value.trim();
    if (!rack) { setError(new Error("type a rack first (? for a blank)")); return; }
    $("#plays-text").textContent = "Searching…";
    try {
      const data = await api("/api/scrabble/plays", {
        body: { board: state.view.text, rack, top: Number($("#top").value), ...rackParams() },
      });
      draw();
      const lexicon = rackParams().lexicon;
      showPlays(data, `Best plays for ${rack.toUpperCase()}${lexicon ? ` (lexicon ${lexicon})` : ""}:`);
      WG.announce(`${data.moves.length} plays listed`);
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
      state.tiles = data.tiles;
      $("#tiles").value = data.tiles;
      fillLexicons(chosen);
      const offered = state.catalogue.lexicons;
      const named = data.lexicon ? data.lexicon.toLowerCase() : "";
      if (named && !$("#lexicon").value && !offered.includes(named)) {
        throw new Error(`the CGP names the lexicon '${data.lexicon}', which this server does not offer: choose one`);
      }
      state.lexicon = $("#lexicon").value || named;
      $("#stepper-card").classList.add("hidden");
      $("#job").classList.add("hidden");
      $("#players-card").classList.add("hidden");
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
      state.review = null;
      state.squares = [];
      state.byLine = new Map();
      state.lexicon = job.lexicon;
      state.job = job.id;
      $("#job").classList.remove("hidden");
      $("#stepper-card").classList.remove("hidden");
      $("#players-card").classList.add("hidden");
      absorb(job);
      poll(job.id);
    } catch (error) { setError(error); }
  }

  function absorb(job) {
    state.values = job.values;
    state.steps.push(...job.steps);
    const percent = job.finished ? 100 : job.total ? Math.round((100 * job.done) / job.total) : 0;
    setProgress("job", percent);
    const players = job.players.join(" vs ");
    const events = Math.max(0, state.steps.length - 1);
    $("#job-text").textContent = job.error ? `Stopped: ${job.error}`
      : job.finished ? `${players}: ${events} events, ${job.result ? job.result.turns.length : 0} turns reviewed (lexicon ${state.lexicon}).`
        : `Reviewing ${players}: ${job.done} of ${job.total || "?"} turns…`;
    if (job.error) setError(new Error(job.error));
    if (job.finished && job.result) {
      state.review = job.result;
      state.squares = job.squares || [];
      job.result.turns.forEach((turn, i) => state.byLine.set(turn.number, i));
      showPlayers(job.result.players);
      WG.announce(`${players}: analysed`);
      showStep(state.step);
    }
    const first = state.steps.length === job.steps.length;
    $("#step").max = Math.max(0, state.steps.length - 1);
    if (first && state.steps.length) showStep(0);
  }

  function showPlayers(players) {
    const head = el("tr", {}, el("th", { scope: "col" }, "Player"), el("th", { class: "num", scope: "col" }, "Turns"),
      el("th", { class: "num", scope: "col" }, "Equity loss"), el("th", { class: "num", scope: "col" }, "Within 3"),
      el("th", { class: "num", scope: "col" }, "Bingos"));
    const rows = players.map((p) => el("tr", {}, el("td", {}, p.name), el("td", { class: "num" }, p.turns),
      el("td", { class: "num" }, Number(p.equity_loss).toFixed(1)), el("td", { class: "num" }, `${Math.round(100 * p.within_3)}%`),
      el("td", { class: "num" }, p.bingos)));
    $("#players").replaceChildren(el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows)));
    $("#players-card").classList.remove("hidden");
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
    const note = step.event ? step.event.note : step.note;
    $("#step-note").textContent = note ? `Note: ${note}` : "";
    $("#step-note").classList.toggle("hidden", !note);
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
    if (e && e.rack) $("#rack").value = e.rack;
    const reviewed = e && state.byLine.has(e.line) ? state.byLine.get(e.line) : null;
    if (reviewed !== null && state.review) {
      showReview(state.review.turns[reviewed], reviewed, before);
    } else {
      $("#plays").replaceChildren();
      $("#plays-text").textContent = !e ? "" : state.review || !e.rack
        ? (e.rack ? "This turn was not reviewed." : "No rack is known for this event: type one to search this board.")
        : "Reviewing…";
    }
    WG.announce(describe(step) + (note ? ` Note: ${note}` : ""));
  }

  // --- simulation: a background job polled for its progress ---------------------------------
  async function simulate() {
    setError(null);
    const rack = $("#rack").value.trim();
    if (!rack) { setError(new Error("type a rack first (? for a blank)")); return; }
    try {
      const job = await api("/api/analysis/sim", {
        body: {
          board: state.view.text, rack, scores: state.scores, ...rackParams(),
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
    setProgress("sim", job.finished ? 100 : percent);
    const result = job.result;
    $("#sim-text").textContent = job.error ? `Stopped: ${job.error}.`
      : result ? `${rack}: ${result.iterations} iterations in ${result.seconds.toFixed(1)} s (stopped: ${result.stopped}). Pick a play to see it.`
        : `Simulating ${rack}: ${job.done} of ${job.total} iterations…`;
    if (!result) return;
    WG.announce(`Simulation done: ${result.candidates.length} candidates`);
    const head = el("tr", {}, el("th", { class: "num", scope: "col" }, "#"), el("th", { scope: "col" }, "Move"),
      el("th", { class: "num", scope: "col" }, "Score"), el("th", { class: "num wide-only", scope: "col" }, "Static"), el("th", { class: "num", scope: "col" }, "Sim equity"),
      el("th", { class: "num", scope: "col" }, "Win %"), el("th", { class: "num wide-only", scope: "col" }, "Iter."));
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
        WG.reveal($("#board"));
      });
    });
    $("#sim").replaceChildren(el("div", { class: "table-wrap" }, el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows))));
  }

  async function stopSim() {
    const id = state.sim;
    if (!id) return;
    try { await api(`/api/analysis/jobs/${id}/cancel`, { body: {} }); } catch (error) { setError(error); }
  }

  // The lexicons that fit the chosen tiles; `wanted` selected if it fits, else "from the
  // game or position".
  function fillLexicons(wanted) {
    const offer = state.catalogue.tiles[$("#tiles").value];
    const names = offer ? offer.lexicons : state.catalogue.lexicons;
    WG.fillSelect($("#lexicon"), [["", "from the game or position"], ...names], names.includes(wanted) ? wanted : "");
  }

  async function showEmpty() {
    const empty = await api("/api/scrabble/position" + query({ cgp: `${EMPTY_CGP} ld ${state.tiles};` }));
    state.view = empty.board;
    state.values = empty.values;
    draw();
  }

  document.addEventListener("DOMContentLoaded", async () => {
    try {
      state.catalogue = await WG.catalogue();
      WG.fillSelect($("#tiles"), Object.keys(state.catalogue.tiles), "english");
      fillLexicons();
      await showEmpty();
    } catch (error) { setError(error); }
    $("#tiles").addEventListener("change", () => {
      state.tiles = $("#tiles").value;
      fillLexicons($("#lexicon").value);
      stopJob();
      $("#stepper-card").classList.add("hidden");
      showEmpty().catch(setError);
    });
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
