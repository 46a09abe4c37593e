// wordgames web: helpers shared by the three pages (no framework, no build step).
"use strict";

const WG = {};

// Call the JSON API; a non-2xx answer throws an Error carrying the server's message.
WG.api = async function (path, options = {}) {
  const init = { headers: {} };
  if (options.body !== undefined) {
    init.method = options.method || "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  } else if (options.method) {
    init.method = options.method;
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new Error("the server cannot be reached");
  }
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    const error = new Error((data && data.error) || `request failed (${response.status})`);
    error.status = response.status;
    throw error;
  }
  return data;
};

WG.query = function (params) {
  const parts = [];
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
    }
  }
  return parts.length ? "?" + parts.join("&") : "";
};

// Create an element: el("div", {class: "x", onclick: f}, child, "text", ...)
WG.el = function (tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
};

WG.$ = (selector) => document.querySelector(selector);

WG.showError = function (target, error) {
  target.textContent = error ? (error.message || String(error)) : "";
};

// Say `text` through the page's live region (screen readers read it out; nothing moves).
WG.announce = function (text) {
  const live = document.getElementById("live");
  if (!live) return;
  live.textContent = "";
  setTimeout(() => { live.textContent = text; }, 30);
};

// What the server offers: lexicons, tile distributions and dice sets with the lists that fit.
WG.catalogue = (function () {
  let cached = null;
  return () => (cached = cached || WG.api("/api/lexicons"));
})();

// Fill a <select> with `values` (strings, or [value, label] pairs); select `wanted` if offered.
WG.fillSelect = function (select, values, wanted) {
  const pairs = values.map((v) => (Array.isArray(v) ? v : [v, v]));
  select.replaceChildren(...pairs.map(([value, label]) => WG.el("option", { value }, label)));
  if (wanted !== undefined && wanted !== null && pairs.some(([value]) => value === wanted)) select.value = wanted;
};

// Fill a <select> with the server's lexicons (the default one selected, or `wanted`).
WG.fillLexicons = async function (select, wanted) {
  const data = await WG.catalogue();
  WG.fillSelect(select, data.lexicons, data.lexicons.includes(wanted) ? wanted : data.default);
  return data;
};

// Ask a yes/no question in the page's dialog; resolves true for yes.  Escape or Cancel is no.
WG.confirm = function (message, yes = "Yes") {
  let dialog = document.getElementById("confirm");
  if (!dialog) {
    dialog = WG.el("dialog", { id: "confirm", "aria-labelledby": "confirm-text" },
      WG.el("p", { id: "confirm-text" }),
      WG.el("div", { class: "buttons" }, WG.el("button", { id: "confirm-yes", type: "button" }, yes),
        WG.el("button", { id: "confirm-no", type: "button", class: "secondary" }, "Cancel")));
    document.body.append(dialog);
  }
  dialog.querySelector("#confirm-text").textContent = message;
  dialog.querySelector("#confirm-yes").textContent = yes;
  return new Promise((resolve) => {
    const done = (answer) => {
      dialog.querySelector("#confirm-yes").onclick = null;
      dialog.querySelector("#confirm-no").onclick = null;
      dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    dialog.querySelector("#confirm-yes").onclick = () => done(true);
    dialog.querySelector("#confirm-no").onclick = () => done(false);
    dialog.onclose = () => done(false);
    dialog.showModal();
    dialog.querySelector("#confirm-yes").focus();
  });
};

// Bring `node` into view when it is not (on a phone, results land below the fold).
WG.reveal = function (node) {
  if (!node) return;
  const box = node.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) node.scrollIntoView({ block: "nearest" });
};

// --- Scrabble boards ----------------------------------------------------------------------
const PREMIUM = { t: ["tw", "TW"], d: ["dw", "DW"], q: ["tw", "QW"], "3": ["tl", "TL"], "2": ["dl", "DL"], "4": ["tl", "QL"] };
const COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

WG.tileNode = function (letter, values, classes = "") {
  const blank = letter === letter.toLowerCase() && letter !== letter.toUpperCase();
  const value = blank ? 0 : (values && values[letter.toUpperCase()]) || 0;
  const node = WG.el("div", { class: `tile ${blank ? "blank" : ""} ${classes}` }, letter.toUpperCase());
  if (!blank && value) node.append(WG.el("sub", {}, value));
  return node;
};

const PREMIUM_NAMES = { tw: "triple word", dw: "double word", tl: "triple letter", dl: "double letter" };

// Draw `view` (board JSON) into `container`, with column letters above and row numbers beside.
// `extra` maps "r,c" to {letter, cls} for tiles not on the board (a move being built, a
// preview); `marks` maps "r,c" to a class for board tiles (the last move).  With
// `onSquare(r, c, node)` the squares are buttons (a click or Enter calls it); `cursor`
// {r, c, dir} marks the square that takes the next tile and is the one reached by Tab.
WG.drawBoard = function (container, view, values, options = {}) {
  const extra = options.extra || {};
  const marks = options.marks || {};
  const cursor = options.cursor;
  container.style.setProperty("--n", view.cols);
  const cells = [WG.el("div", { class: "coord corner", "aria-hidden": "true" })];
  for (let c = 0; c < view.cols; c++) cells.push(WG.el("div", { class: "coord", "aria-hidden": "true" }, COLUMNS[c]));
  for (let r = 0; r < view.rows; r++) {
    cells.push(WG.el("div", { class: "coord", "aria-hidden": "true" }, r + 1));
    for (let c = 0; c < view.cols; c++) {
      const code = view.premiums[r][c];
      const premium = PREMIUM[code];
      const start = r === view.start[0] && c === view.start[1];
      const key = `${r},${c}`;
      const placed = view.tiles[r][c];
      const shown = placed || (extra[key] && extra[key].letter);
      const here = cursor && cursor.r === r && cursor.c === c;
      const label = `${COLUMNS[c]}${r + 1}` + (shown ? ` ${shown.toUpperCase()}${shown === shown.toLowerCase() ? " (blank)" : ""}`
        : `${premium ? ", " + PREMIUM_NAMES[premium[0]] : ""}${start ? ", start" : ""}, empty`) + (here ? `, cursor ${cursor.dir === "H" ? "across" : "down"}` : "");
      const attrs = { class: `sq ${premium ? premium[0] : ""}${here ? " cursor" : ""}`, "data-square": key, title: `${COLUMNS[c]}${r + 1}` };
      if (options.onSquare) Object.assign(attrs, { role: "button", tabindex: here ? "0" : "-1", "aria-label": label });
      const square = WG.el("div", attrs, WG.el("span", { class: "label", "aria-hidden": "true" }, start ? "★" : premium ? premium[1] : ""));
      if (here) square.dataset.arrow = cursor.dir === "H" ? "→" : "↓";
      if (placed) square.append(WG.tileNode(placed, values, marks[key] || ""));
      else if (extra[key]) square.append(WG.tileNode(extra[key].letter, values, extra[key].cls || "new"));
      if (options.onSquare) {
        square.addEventListener("click", () => options.onSquare(r, c, square));
      }
      if (options.onDrop) {
        square.addEventListener("dragover", (event) => event.preventDefault());
        square.addEventListener("drop", (event) => { event.preventDefault(); options.onDrop(r, c, event); });
      }
      cells.push(square);
    }
  }
  container.replaceChildren(...cells);
  if (!options.onSquare) {
    const count = view.tiles.flat().filter(Boolean).length;
    container.setAttribute("role", "img");
    container.setAttribute("aria-label", `The board, ${view.rows} by ${view.cols}, ${count} tiles`);
  } else {
    container.setAttribute("role", "group");
    container.setAttribute("aria-label", "The board: arrow keys move the cursor, letters place tiles");
  }
};

// A play's tiles as `extra` for drawBoard.
WG.playTiles = function (move, cls) {
  const extra = {};
  for (const p of move.placed) extra[`${p.row},${p.col}`] = { letter: p.blank ? p.letter.toLowerCase() : p.letter, cls };
  return extra;
};

// Make a table row pickable: a click, or Enter or Space when it has the focus, marks it (and
// only it) selected and calls onPick().
WG.selectable = function (row, onPick) {
  row.tabIndex = 0;
  row.addEventListener("click", () => {
    row.parentNode.querySelectorAll("tr.selected").forEach((other) => other.classList.remove("selected"));
    row.classList.add("selected");
    onPick();
  });
  row.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); event.stopPropagation(); row.click(); }
  });
  return row;
};

// How a listed turn is written: a placement's notation, else "exchange TILES" or "pass"
// (an equity ranking lists those among the plays).
WG.turnLabel = function (m) {
  if (m.notation) return m.notation;
  return m.kind === "exchange" ? `exchange ${m.tiles || ""}` : m.kind || "";
};

// A table of plays (best_json moves with leaves): rank, move, score, leave, equity if given.
// onPick(move, i) is called for a placement that is clicked.
WG.playsTable = function (moves, onPick) {
  const equity = moves.some((m) => m.equity !== undefined);
  const leaveValue = moves.some((m) => m.leave_value !== undefined);
  const head = WG.el("tr", {}, WG.el("th", { class: "num" }, "#"), WG.el("th", {}, "Move"), WG.el("th", {}, "Word"),
    WG.el("th", { class: "num" }, "Score"), WG.el("th", {}, "Leave"),
    leaveValue ? WG.el("th", { class: "num" }, "Leave value") : null,
    equity ? WG.el("th", { class: "num" }, "Equity") : null);
  const rows = moves.map((m, i) => {
    const row = WG.el("tr", { class: m.placed ? "clickable" : "", "data-play": i },
      WG.el("td", { class: "num" }, i + 1), WG.el("td", { class: "mono" }, WG.turnLabel(m)),
      WG.el("td", { class: "mono" }, m.word || ""), WG.el("td", { class: "num" }, m.score),
      WG.el("td", { class: "mono" }, m.leave === "" ? "–" : m.leave),
      leaveValue ? WG.el("td", { class: "num" }, Number(m.leave_value).toFixed(1)) : null,
      equity ? WG.el("td", { class: "num" }, Number(m.equity).toFixed(1)) : null);
    return m.placed ? WG.selectable(row, () => onPick(m, i)) : row;
  });
  return WG.el("table", {}, WG.el("thead", {}, head), WG.el("tbody", {}, ...rows));
};
