// mathgo serve: the board page. Plain JavaScript, no build step, nothing
// fetched but this server's own API.
'use strict';

const SVGNS = 'http://www.w3.org/2000/svg';
const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
const CELL = 36, MARGIN = 30;

const st = {
  base: null,        // {name, text}: the position file loaded
  move: null,        // for a game record: the move after which the board stands
  gameMoves: 0,
  plays: [],         // moves played on top (against mathgo)
  playLog: [],
  view: null,        // the server's View
  review: null,      // the review JSON of a game record
  controller: null,  // AbortController of the running request
  selected: null,    // the tile whose thermograph is drawn
};
window.mgState = st;

const $ = (id) => document.getElementById(id);

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') e.className = v; else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k instanceof Node ? k : document.createTextNode(k == null ? '' : String(k)));
  return e;
}

// ---- rationals ("3/8", "-2", "5/2") as numbers for drawing only -------
function num(s) {
  if (s == null) return NaN;
  const m = String(s).match(/^(-?\d+)(?:\/(\d+))?$/);
  if (!m) return NaN;
  return Number(m[1]) / (m[2] ? Number(m[2]) : 1);
}

// ---- points -------------------------------------------------------------
function parsePoint(name, rows) {
  const col = LETTERS.indexOf(name[0].toUpperCase());
  const row = parseInt(name.slice(1), 10);
  return { x: col, y: rows - row };   // y: 0 is the top row
}
function pointName(x, y, rows) { return LETTERS[x] + (rows - y); }

// ---- requests -----------------------------------------------------------
function setStatus(msg) { $('status').textContent = msg; }

// stream sends a request and reads the NDJSON answer: progress lines
// (passed to onProgress), then a result or an error. It resolves with the
// result or rejects.
async function stream(path, body, signal, onProgress) {
  const resp = await fetch(path + (path.includes('?') ? '&' : '?') + 'stream=1', {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body), signal,
  });
  if (!resp.ok && !(resp.headers.get('Content-Type') || '').includes('ndjson')) {
    let msg = resp.status + ' ' + resp.statusText;
    try { msg = (await resp.json()).error || msg; } catch (e) { /* keep */ }
    throw new Error(msg);
  }
  const reader = resp.body.getReader();
  const dec = new TextDecoder();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buf += dec.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i).trim();
      buf = buf.slice(i + 1);
      if (!line) continue;
      const msg = JSON.parse(line);
      if (msg.progress !== undefined) onProgress(msg.progress + ' (' + msg.seconds.toFixed(1) + ' s)');
      else if (msg.error !== undefined) throw new Error(msg.error);
      else if (msg.result !== undefined) return msg.result;
    }
    if (done) throw new Error('the server closed the connection without an answer');
  }
}

// post runs the page's one analysis request at a time: a new one, or the
// Cancel button, aborts the previous.
async function post(path, body) {
  if (st.controller) st.controller.abort();
  const ctl = new AbortController();
  st.controller = ctl;
  $('cancel').hidden = false;
  try {
    return await stream(path, body, ctl.signal, setStatus);
  } finally {
    if (st.controller === ctl) { st.controller = null; $('cancel').hidden = true; }
  }
}

function request(extra) {
  const r = { position: st.base.text, name: st.base.name, plays: st.plays };
  if (st.move !== null) r.move = st.move;
  return Object.assign(r, extra || {});
}

async function analyze(extra, path) {
  if (!st.base) return;
  setStatus('analyzing…');
  document.body.dataset.busy = '1';
  try {
    const v = await post(path || '/api/analyze?view=1', request(extra));
    st.view = v;
    st.plays = v.plays || [];
    if (v.game) { st.gameMoves = v.gameMoves; if (st.move === null) st.move = v.analysis.move; }
    render();
    setStatus(summaryLine(v));
    return v;
  } catch (e) {
    if (e.name === 'AbortError') { setStatus('cancelled (the server finishes the analysis within its budget and drops it)'); return; }
    setStatus('error');
    showError(e.message);
  } finally {
    delete document.body.dataset.busy;
    document.body.dataset.done = String(Number(document.body.dataset.done || 0) + 1);
  }
}

function summaryLine(v) {
  const a = v.analysis;
  const exact = !(a.problems && a.problems.length);
  return (exact ? 'exact' : 'not proven') + ': ' + a.tiles.length + ' tiles, ' + a.positions + ' positions searched in ' + a.seconds.toFixed(2) + ' s';
}

function showError(msg) {
  const m = $('messages');
  m.replaceChildren(h('div', { class: 'problem', id: 'error' }, msg));
}

// ---- loading ------------------------------------------------------------
async function load(name, text) {
  if (st.reviewController) st.reviewController.abort();
  st.base = { name, text };
  st.move = null; st.plays = []; st.playLog = []; st.review = null; st.selected = null; st.gameMoves = 0;
  $('plot-box').hidden = true; $('nav').hidden = true;
  renderPlayLog();
  const v = await analyze();
  if (v && v.game) {
    $('nav').hidden = false;
    reviewGame();
  }
}

async function reviewGame() {
  $('plot-box').hidden = false;
  $('review-summary').textContent = 'reviewing the game…';
  $('plot').replaceChildren();
  // The review runs in its own request so that stepping stays free; a
  // new file drops it.
  if (st.reviewController) st.reviewController.abort();
  const ctl = new AbortController(), base = st.base;
  st.reviewController = ctl;
  try {
    const j = await stream('/api/review', { position: base.text, name: base.name }, ctl.signal,
      (msg) => { if (st.base === base) $('review-summary').textContent = 'reviewing the game: ' + msg; });
    if (st.base !== base) return;
    st.review = j;
    renderPlot();
    renderNav();
    if (st.view) renderBoard();
  } catch (e) {
    if (e.name === 'AbortError' || st.base !== base) return;
    $('review-summary').replaceChildren(h('div', { class: 'problem' }, 'review: ' + e.message));
  } finally {
    if (st.reviewController === ctl) st.reviewController = null;
  }
}

function readFile(f) {
  if (!f) return;
  if (f.size > 1 << 20) { showError(f.name + ': file too large (more than 1 MiB)'); return; }
  const r = new FileReader();
  r.onload = () => load(f.name, String(r.result));
  r.readAsText(f);
}

// ---- the board ----------------------------------------------------------
const PALETTE = ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#42d4f4', '#f032e6', '#9a6324', '#469990', '#808000', '#000075', '#e6beff', '#aaffc3', '#ffd8b1', '#fabebe', '#bfef45'];

function tileColor(t, i) {
  if (t.kind === 'territory') {
    const c = num(t.count);
    return c > 0 ? 'rgba(20,20,20,0.45)' : c < 0 ? 'rgba(255,255,255,0.7)' : 'rgba(128,128,128,0.3)';
  }
  if (t.kind === 'unresolved') return 'rgba(192,40,45,0.35)';
  return PALETTE[i % PALETTE.length];
}

function moveWord(s) {
  switch (s) {
    case null: case undefined: return '';
    case 'gote': return 'gote';
    case 'black': return 'B sente';
    case 'white': return 'W sente';
    case 'reverse-black': return 'B reverse sente';
    case 'reverse-white': return 'W reverse sente';
    case 'double': return 'double sente';
    default: return s;
  }
}

function certClass(status) {
  switch (status) {
    case 'pass-alive': case 'safe': case 'alive': return 'proven';
    case 'declared': case 'assumed': return 'assumed';
    default: return 'unproven';
  }
}

function blockOf(stones, x, y) {
  const c = stones[y][x], color = (c === 'X' || c === '#') ? 'b' : 'w';
  const seen = new Set([x + ',' + y]), out = [[x, y]];
  for (let i = 0; i < out.length; i++) {
    const [px, py] = out[i];
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const nx = px + dx, ny = py + dy;
      if (ny < 0 || ny >= stones.length || nx < 0 || nx >= stones[0].length) continue;
      const d = stones[ny][nx];
      const dc = (d === 'X' || d === '#') ? 'b' : (d === 'O' || d === '@') ? 'w' : '';
      if (dc === color && !seen.has(nx + ',' + ny)) { seen.add(nx + ',' + ny); out.push([nx, ny]); }
    }
  }
  return out;
}

function renderBoard() {
  const svg = $('board');
  svg.replaceChildren();
  const v = st.view;
  if (!v) return;
  const b = v.board, cols = b.cols, rows = b.rows;
  const W = cols * CELL + 2 * MARGIN, H = rows * CELL + 2 * MARGIN;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const X = (x) => MARGIN + x * CELL + CELL / 2, Y = (y) => MARGIN + y * CELL + CELL / 2;
  el('rect', { x: 0, y: 0, width: W, height: H, fill: '#dcb35c' }, svg);

  // Tiles: coloured squares, then their outlines.
  const tileAt = {};
  const gt = el('g', { id: 'tiles-layer' }, svg);
  v.analysis.tiles.forEach((t, i) => {
    const g = el('g', { class: 'tile', 'data-tile': t.id, 'data-kind': t.kind, 'data-count': t.count ?? '', 'data-temperature': t.temperature ?? '' }, gt);
    const col = tileColor(t, i);
    for (const p of t.points) {
      const { x, y } = parsePoint(p, rows);
      tileAt[x + ',' + y] = t;
      el('rect', { x: X(x) - CELL / 2, y: Y(y) - CELL / 2, width: CELL, height: CELL, fill: col, 'fill-opacity': t.kind === 'territory' ? 1 : 0.32 }, g);
    }
  });
  // Grid.
  const grid = el('g', { stroke: '#333', 'stroke-width': 1 }, svg);
  for (let x = 0; x < cols; x++) {
    const top = b.open.Top ? MARGIN : Y(0), bot = b.open.Bottom ? H - MARGIN : Y(rows - 1);
    el('line', { x1: X(x), y1: top, x2: X(x), y2: bot }, grid);
  }
  for (let y = 0; y < rows; y++) {
    const l = b.open.Left ? MARGIN : X(0), r = b.open.Right ? W - MARGIN : X(cols - 1);
    el('line', { x1: l, y1: Y(y), x2: r, y2: Y(y) }, grid);
  }
  // Tile borders.
  const edges = el('g', { stroke: '#111', 'stroke-width': 2.5, 'stroke-linecap': 'round' }, svg);
  for (const key of Object.keys(tileAt)) {
    const [x, y] = key.split(',').map(Number), t = tileAt[key];
    if (t.kind === 'territory') continue;
    const x0 = X(x) - CELL / 2, y0 = Y(y) - CELL / 2;
    if (tileAt[x + ',' + (y - 1)] !== t) el('line', { x1: x0, y1: y0, x2: x0 + CELL, y2: y0 }, edges);
    if (tileAt[x + ',' + (y + 1)] !== t) el('line', { x1: x0, y1: y0 + CELL, x2: x0 + CELL, y2: y0 + CELL }, edges);
    if (tileAt[(x - 1) + ',' + y] !== t) el('line', { x1: x0, y1: y0, x2: x0, y2: y0 + CELL }, edges);
    if (tileAt[(x + 1) + ',' + y] !== t) el('line', { x1: x0 + CELL, y1: y0, x2: x0 + CELL, y2: y0 + CELL }, edges);
  }
  // Coordinates.
  const coords = el('g', { 'font-size': 12, fill: '#333', 'text-anchor': 'middle', 'font-family': 'sans-serif' }, svg);
  for (let x = 0; x < cols; x++) {
    el('text', { x: X(x), y: MARGIN - 10 }, coords).textContent = LETTERS[x];
    el('text', { x: X(x), y: H - MARGIN + 20 }, coords).textContent = LETTERS[x];
  }
  for (let y = 0; y < rows; y++) {
    el('text', { x: MARGIN / 2, y: Y(y) + 4 }, coords).textContent = rows - y;
    el('text', { x: W - MARGIN / 2, y: Y(y) + 4 }, coords).textContent = rows - y;
  }
  // Wall certificates by block.
  const cert = {};
  for (const t of v.analysis.tiles) for (const c of t.boundary || []) {
    const { x, y } = parsePoint(c.block, rows);
    for (const [bx, by] of blockOf(b.stones, x, y)) cert[bx + ',' + by] = c;
  }
  // Stones.
  const sg = el('g', { id: 'stones' }, svg);
  for (let y = 0; y < rows; y++) for (let x = 0; x < cols; x++) {
    const c = b.stones[y][x];
    if (c === '.') continue;
    const black = c === 'X' || c === '#';
    const s = el('circle', { cx: X(x), cy: Y(y), r: CELL * 0.45, fill: black ? '#111' : '#f8f8f8', stroke: '#000', 'stroke-width': 1, class: 'stone', 'data-point': pointName(x, y, rows), 'data-color': black ? 'black' : 'white' }, sg);
    if (c === '#' || c === '@') {
      s.dataset.immortal = '1';
      el('rect', { x: X(x) - 5, y: Y(y) - 5, width: 10, height: 10, fill: 'none', stroke: black ? '#eee' : '#222', 'stroke-width': 1.5 }, sg);
    }
    const inTile = tileAt[x + ',' + y];
    const ce = cert[x + ',' + y];
    let cls = null, title = '';
    if (inTile) {
      cls = 'unproven';
      title = 'not settled: valued with tile ' + inTile.id;
      // The analysis's reason for this block, when it gives one.
      const names = blockOf(b.stones, x, y).map(([bx, by]) => 'block ' + pointName(bx, by, rows) + ' ');
      const why = (v.analysis.problems || []).concat(v.analysis.warnings || []).find((p) => names.some((n) => p.includes(n)));
      if (why) title += '\n' + why;
    }
    else if (ce) { cls = certClass(ce.status); title = 'wall ' + ce.block + ': ' + ce.status + (ce.source ? ' (' + ce.source + ')' : ''); }
    if (cls) {
      const colr = { proven: '#1a8a3a', assumed: '#2456c8', unproven: '#c0282d' }[cls];
      const ring = el('circle', { cx: X(x), cy: Y(y), r: CELL * 0.45 + 2.5, fill: 'none', stroke: colr, 'stroke-width': 2.5, class: 'wall ' + cls, 'data-point': pointName(x, y, rows) }, sg);
      if (cls !== 'proven') ring.setAttribute('stroke-dasharray', '4 3');
      el('title', {}, ring).textContent = title;
    }
  }
  // Labels of tiles: name, count, temperature, word.
  const lg = el('g', { id: 'tile-labels', 'font-family': 'sans-serif', 'pointer-events': 'none' }, svg);
  v.analysis.tiles.forEach((t) => {
    if (t.kind === 'territory' && t.points.length < 2) return;
    const pts = t.points.map((p) => parsePoint(p, rows));
    const empty = pts.filter((p) => b.stones[p.y][p.x] === '.');
    const cand = empty.length ? empty : pts;
    const cx = cand.reduce((a, p) => a + p.x, 0) / cand.length, cy = cand.reduce((a, p) => a + p.y, 0) / cand.length;
    let at = cand[0], bestD = Infinity;
    for (const p of cand) { const d = (p.x - cx) ** 2 + (p.y - cy) ** 2; if (d < bestD) { bestD = d; at = p; } }
    const lines = [t.id + (t.kind === 'unresolved' ? ' ?' : ' ' + (t.count ?? '…'))];
    if (t.kind !== 'territory' && t.kind !== 'unresolved') {
      lines.push('t ' + (t.temperature ?? (t.ko && t.ko.blackKomaster ? t.ko.blackKomaster.temperature : '?')));
      const w = moveWord(t.sente);
      if (w) lines.push(w);
      if (t.kind === 'ko') lines.push('ko');
    }
    const fs = 10, wdt = Math.max(...lines.map((s) => s.length)) * fs * 0.58 + 6, ht = lines.length * (fs + 1) + 4;
    const gx = X(at.x) - wdt / 2, gy = Y(at.y) - ht / 2;
    const g = el('g', { class: 'tile-label', 'data-tile': t.id }, lg);
    el('rect', { x: gx, y: gy, width: wdt, height: ht, rx: 3, fill: '#fff', 'fill-opacity': 0.85, stroke: '#333', 'stroke-width': 0.6 }, g);
    lines.forEach((s, i) => {
      const tx = el('text', { x: X(at.x), y: gy + 2 + (i + 1) * (fs + 1) - 2, 'font-size': fs, 'text-anchor': 'middle', fill: '#111', 'font-weight': i === 0 ? 700 : 400 }, g);
      tx.textContent = s;
    });
  });
  // Optimal moves and mathgo's move for the player shown.
  const mover = $('mover').value;
  const mg = el('g', { id: 'moves' }, svg);
  const best = v.best[mover];
  for (const m of v.moves[mover] || []) {
    if (!m.optimal) continue;
    const { x, y } = parsePoint(m.point, rows);
    el('circle', { cx: X(x), cy: Y(y), r: 9, fill: 'none', stroke: '#0a7d2c', 'stroke-width': 3, class: 'optimal', 'data-point': m.point }, mg);
  }
  if (best && best.point !== 'pass') {
    const { x, y } = parsePoint(best.point, rows);
    const r1 = 11, r2 = 4.5, pts = [];
    for (let i = 0; i < 10; i++) { const a = Math.PI / 5 * i - Math.PI / 2, r = i % 2 ? r2 : r1; pts.push((X(x) + r * Math.cos(a)).toFixed(1) + ',' + (Y(y) + r * Math.sin(a)).toFixed(1)); }
    el('polygon', { points: pts.join(' '), fill: '#ffcc00', stroke: '#5a4500', 'stroke-width': 1, class: 'best-move', 'data-point': best.point, 'data-score': best.score }, mg);
  }
  // Last play and the game's next move.
  const lastPlay = st.plays.length ? st.plays[st.plays.length - 1].split(' ')[1] : null;
  if (lastPlay && lastPlay !== 'pass') {
    const { x, y } = parsePoint(lastPlay, rows);
    el('circle', { cx: X(x), cy: Y(y), r: 6, fill: 'none', stroke: '#e33', 'stroke-width': 2.5, class: 'last-play' }, mg);
  }
  const nm = nextGameMove();
  if (nm && nm.move !== 'pass') {
    const { x, y } = parsePoint(nm.move, rows);
    const bad = nm.lost !== null && num(nm.lost) > 0;
    const t = el('text', { x: X(x), y: Y(y) + 5, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 700, fill: bad ? '#d00' : '#06c', class: 'game-move' + (bad ? ' mistake' : '') }, mg);
    t.textContent = nm.player === 'black' ? '●' : '○';
  }
  // Hover and click targets.
  const scores = {};
  for (const m of v.moves[mover] || []) scores[m.point] = m;
  const hg = el('g', { id: 'targets', fill: 'transparent' }, svg);
  for (let y = 0; y < rows; y++) for (let x = 0; x < cols; x++) {
    const name = pointName(x, y, rows);
    const r = el('rect', { x: X(x) - CELL / 2, y: Y(y) - CELL / 2, width: CELL, height: CELL, 'data-point': name, class: 'target' }, hg);
    r.addEventListener('mouseenter', () => hoverPoint(name, tileAt[x + ',' + y], scores[name]));
    r.addEventListener('click', () => clickPoint(x, y, name, tileAt[x + ',' + y]));
  }
}

function hoverPoint(name, tile, m) {
  const mover = $('mover').value;
  let s = name;
  if (tile) s += ' · tile ' + tile.id + ' (' + tile.kind + ')';
  if (m) s += ' · ' + mover + ' ' + name + ': score after it ' + m.score + (m.optimal ? ' (optimal)' : ' (not optimal)');
  else if (st.view && st.view.moves[mover]) s += ' · no move for ' + mover + ' in a tile here';
  $('hover').textContent = s;
}

// ---- clicks: inspect, play, edit -------------------------------------------
function clickPoint(x, y, name, tile) {
  const mode = document.querySelector('input[name=mode]:checked').value;
  if (mode === 'inspect') { if (tile) selectTile(tile.id); return; }
  if (mode === 'play') { playAt(name); return; }
  editAt(x, y, mode);
}

function toMove() {
  const v = st.view;
  return (v && v.board.toMove) || $('mover').value || 'black';
}

async function playAt(name) {
  if (!st.view) return;
  const me = toMove(), opp = me === 'black' ? 'white' : 'black';
  const prev = st.plays.slice();
  st.plays = prev.concat([(me === 'black' ? 'B ' : 'W ') + name]);
  const v = await analyze({ reply: opp }, '/api/play');
  if (!v) { st.plays = prev; return; }
  st.playLog.push({ me: me + ' ' + name, reply: v.reply ? opp + ' ' + v.reply.point : (v.replyError || 'no answer'), japanese: v.analysis.outcome.japanese });
  renderPlayLog();
}

function renderPlayLog() {
  const box = $('playlog-box');
  box.hidden = st.playLog.length === 0;
  $('playlog').replaceChildren(...st.playLog.map((p) => h('li', {}, p.me + ' → mathgo ' + p.reply)));
  const v = st.view;
  if (v && st.playLog.length) {
    const j = v.analysis.outcome.japanese;
    $('playscore').textContent = 'prisoners: Black ' + v.board.prisoners[0] + ', White ' + v.board.prisoners[1] +
      ' · score with best play from here (Japanese, before komi): ' + (j.blackFirst ?? '?') + ' Black first, ' + (j.whiteFirst ?? '?') + ' White first';
  }
}

function editAt(x, y, ch) {
  const v = st.view;
  if (!v) return;
  const rows = v.board.stones.map((r) => r.split(''));
  rows[y][x] = ch;
  const stones = rows.map((r) => r.join(''));
  const text = diagram(stones, v.board.open, v.board.toMove);
  st.base = { name: 'edited', text };
  st.move = null; st.plays = []; st.review = null; st.gameMoves = 0;
  $('nav').hidden = true; $('plot-box').hidden = true;
  // Show the edit at once, then analyze.
  v.board.stones = stones;
  analyze();
}

// diagram writes the board as a diagram: borders on the closed sides.
function diagram(stones, open, tm) {
  const cols = stones[0].length, lines = [];
  if (tm) lines.push('$$' + (tm === 'black' ? 'B' : 'W'));
  const dash = '-'.repeat(2 * cols + 1);
  const hl = (open.Left ? ' ' : '+') + dash + (open.Right ? '' : '+');
  if (!open.Top) lines.push(hl);
  for (const r of stones) lines.push((open.Left ? ' ' : '|') + ' ' + r.split('').join(' ') + ' ' + (open.Right ? '' : '|'));
  if (!open.Bottom) lines.push(hl);
  return lines.join('\n') + '\n';
}

// ---- tables -------------------------------------------------------------------
function renderMessages() {
  const v = st.view, a = v.analysis, m = $('messages');
  m.replaceChildren();
  if (a.triage && !a.triage.valuable) m.append(h('div', { class: 'warning' }, 'triage: ' + a.triage.reason));
  for (const p of a.problems || []) m.append(h('div', { class: 'problem' }, 'problem: ' + p));
  for (const w of a.warnings || []) m.append(h('div', { class: 'warning' }, 'warning: ' + w));
  if (v.movesError && !(a.problems || []).length) m.append(h('div', { class: 'warning' }, 'move scores: ' + v.movesError));
  if (v.bestError) m.append(h('div', { class: 'warning' }, 'best move: ' + v.bestError));
  if (v.replyError) m.append(h('div', { class: 'problem' }, v.replyError));
  if (!(a.problems || []).length) m.append(h('div', { class: 'info' }, 'every number shown is proven'));
}

function renderTotals() {
  const a = st.view.analysis, t = a.total, o = a.outcome;
  const tot = h('table', { id: 'total-table' },
    h('tr', {}, h('th', {}, 'total'), h('th', {}, 'count'), h('th', {}, 'chilled'), h('th', {}, 'stops (L, R)'), h('th', {}, 'mean'), h('th', {}, 'temperature')),
    h('tr', {}, h('td', {}, ''), h('td', { id: 'total-count' }, t.count ?? '—'), h('td', { id: 'total-chilled' }, t.chilled ?? '—'),
      h('td', {}, (t.leftStop ?? '?') + ', ' + (t.rightStop ?? '?')), h('td', { id: 'total-mean' }, t.mean ?? '—'), h('td', { id: 'total-temperature' }, t.temperature ?? '—')));
  const out = h('table', { id: 'outcome-table' },
    h('tr', {}, h('th', {}, 'rules'), h('th', {}, 'Black first'), h('th', {}, 'White first')),
    h('tr', {}, h('td', {}, 'Mathematical Go (winner)'), h('td', { id: 'mgo-black' }, o.mgo.blackFirst ?? '?'), h('td', { id: 'mgo-white' }, o.mgo.whiteFirst ?? '?')),
    h('tr', {}, h('td', {}, 'Japanese (score, B−W)'), h('td', { id: 'japanese-black' }, o.japanese.blackFirst ?? '?'), h('td', { id: 'japanese-white' }, o.japanese.whiteFirst ?? '?')),
    h('tr', {}, h('td', {}, 'Chinese (score, B−W)'), h('td', { id: 'chinese-black' }, o.chinese.blackFirst ?? '?'), h('td', { id: 'chinese-white' }, o.chinese.whiteFirst ?? '?')));
  if (a.result) out.append(h('tr', {}, h('td', {}, 'with komi ' + a.komi + ' (' + a.result.scoring + ')'), h('td', {}, a.result.blackFirst), h('td', {}, a.result.whiteFirst)));
  if (a.bounds) {
    const j = a.bounds.japanese;
    out.append(h('tr', {}, h('td', {}, 'Japanese bounds'), h('td', {}, j.blackFirst.join(' … ')), h('td', {}, j.whiteFirst.join(' … '))));
    if (a.bounds.chinese) { const c = a.bounds.chinese; out.append(h('tr', {}, h('td', {}, 'Chinese bounds'), h('td', {}, c.blackFirst.join(' … ')), h('td', {}, c.whiteFirst.join(' … ')))); }
  }
  const v = st.view, mover = $('mover').value, b = v.best[mover];
  const extra = h('div', { id: 'best-line' }, b ? ('mathgo\'s move for ' + mover + ': ' + b.point + (b.tile ? ' (tile ' + b.tile + (b.incentive ? ', incentive ' + b.incentive : '') + ')' : '') + ', score with best play ' + b.score) : '');
  $('tomove').textContent = v.board.toMove ? '(' + v.board.toMove + ' to move)' : '';
  $('totals').replaceChildren(tot, out, extra, h('div', {}, 'prisoners: Black ' + a.prisoners.black + ', White ' + a.prisoners.white));
}

function renderTiles() {
  const a = st.view.analysis;
  const tb = h('table', { id: 'tile-table' }, h('tr', {}, ...['tile', 'kind', 'points', 'count', 'chilled', 'mean', 'temp.', 'move', 'walls'].map((s) => h('th', {}, s))));
  for (const t of a.tiles) {
    const walls = (t.boundary || []).map((c) => c.block + ' ' + c.status).join(', ');
    const tr = h('tr', { 'data-tile': t.id, class: st.selected === t.id ? 'sel' : '' },
      h('td', {}, t.id), h('td', {}, t.kind), h('td', {}, t.points.length),
      h('td', { class: 'count' }, t.count ?? (t.reason ? 'unresolved' : '—')), h('td', {}, t.chilled ?? '—'), h('td', {}, t.mean ?? '—'),
      h('td', { class: 'temperature' }, t.temperature ?? '—'), h('td', {}, moveWord(t.sente) + (t.miai ? ' (' + t.miai + ')' : '')), h('td', {}, walls));
    tr.addEventListener('click', () => selectTile(t.id));
    tb.append(tr);
    if (t.reason) tb.append(h('tr', {}, h('td', {}, ''), h('td', { colspan: 8, class: 'problem' }, t.reason)));
  }
  $('tiles').replaceChildren(tb);
}

// ---- thermographs ---------------------------------------------------------------
function selectTile(id) {
  st.selected = id;
  renderTiles();
  renderThermograph();
}

function renderThermograph() {
  const svg = $('thermo');
  svg.replaceChildren();
  const v = st.view;
  $('thermo-title').textContent = 'Thermograph (click a tile)';
  if (!v || !st.selected) return;
  const t = v.analysis.tiles.find((x) => x.id === st.selected);
  if (!t) { st.selected = null; return; }
  const walls = [];
  const th = v.thermographs[t.id];
  if (th) walls.push({ name: '', th, color: '#111' });
  if (t.ko) {
    if (t.ko.blackKomaster) walls.push({ name: 'Black komaster', th: t.ko.blackKomaster, color: '#111' });
    if (t.ko.whiteKomaster) walls.push({ name: 'White komaster', th: t.ko.whiteKomaster, color: '#2456c8' });
  }
  $('thermo-title').textContent = 'Thermograph of tile ' + t.id + (th ? ': ' + th.canonical : t.ko ? ' (ko, by komaster)' : '');
  if (!walls.length) { el('text', { x: 10, y: 20, 'font-size': 12 }, svg).textContent = 'tile ' + t.id + ' has no value: ' + (t.reason || 'unresolved'); return; }
  let vmin = Infinity, vmax = -Infinity, tmax = 0;
  for (const w of walls) for (const p of w.th.left.concat(w.th.right)) {
    vmin = Math.min(vmin, num(p[1])); vmax = Math.max(vmax, num(p[1])); tmax = Math.max(tmax, num(p[0]));
  }
  for (const w of walls) { tmax = Math.max(tmax, num(w.th.temperature)); }
  tmax = Math.max(tmax + 1, 1);
  if (vmax - vmin < 1) { vmin -= 0.5; vmax += 0.5; }
  const W = 420, H = 260, L = 40, R = 20, T = 15, B = 30;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  // Values grow to the left, as thermographs are drawn.
  const sx = (val) => L + (vmax - val) / (vmax - vmin) * (W - L - R);
  const sy = (tt) => H - B - (tt + 1) / (tmax + 1) * (H - B - T);
  const ax = el('g', { stroke: '#999', 'font-size': 10, 'font-family': 'sans-serif' }, svg);
  el('line', { x1: L, y1: sy(0), x2: W - R, y2: sy(0) }, ax);
  el('line', { x1: L, y1: sy(-1), x2: L, y2: T }, ax);
  for (let tt = -1; tt <= tmax; tt += Math.max(1, Math.ceil(tmax / 6))) {
    el('text', { x: 4, y: sy(tt) + 3, fill: '#333', stroke: 'none' }, ax).textContent = 't=' + tt;
  }
  const step = Math.max(1, Math.ceil((vmax - vmin) / 8));
  for (let val = Math.ceil(vmin); val <= vmax; val += step) {
    el('line', { x1: sx(val), y1: sy(-1), x2: sx(val), y2: sy(-1) + 4 }, ax);
    el('text', { x: sx(val), y: H - 8, fill: '#333', stroke: 'none', 'text-anchor': 'middle' }, ax).textContent = val;
  }
  walls.forEach((w, k) => {
    const g = el('g', { fill: 'none', stroke: w.color, 'stroke-width': 2, class: 'thermo-walls' }, svg);
    for (const side of [w.th.left, w.th.right]) {
      const pts = side.map((p) => sx(num(p[1])).toFixed(1) + ',' + sy(num(p[0])).toFixed(1));
      el('polyline', { points: pts.join(' '), 'stroke-dasharray': k ? '5 3' : '' }, g);
    }
    const mt = num(w.th.temperature), mv = num(w.th.mean);
    el('line', { x1: sx(mv), y1: sy(mt), x2: sx(mv), y2: T, 'stroke-dasharray': k ? '5 3' : '' }, g);
    const right = sx(mv) > W / 2;
    el('text', { x: sx(mv) + (right ? -4 : 4), y: T + 10 + 12 * k, fill: w.color, stroke: 'none', 'font-size': 11, 'text-anchor': right ? 'end' : 'start' }, svg).textContent =
      (w.name ? w.name + ': ' : '') + 'mean ' + w.th.mean + ', temperature ' + w.th.temperature;
  });
}

// ---- the game record: stepping and the review plot --------------------------------
function nextGameMove() {
  if (!st.review || st.move === null || st.plays.length) return null;
  return st.review.moves.find((m) => m.n === st.move + 1) || null;
}

function renderNav() {
  if (!st.view || !st.view.game) return;
  $('nav').hidden = false;
  $('movenum').textContent = 'move ' + st.move + ' of ' + st.gameMoves;
  const nm = nextGameMove();
  $('movenote').textContent = nm ? ('next: ' + nm.player + ' ' + nm.move + (nm.lost !== null ? ', lost ' + nm.lost : '') + (nm.best ? ', best ' + nm.best.join(' ') : '')) : '';
}

function step(to) {
  if (!st.view || !st.view.game) return;
  to = Math.max(0, Math.min(st.gameMoves, to));
  if (to === st.move && !st.plays.length) return;
  st.move = to; st.plays = [];
  analyze().then(() => { renderNav(); renderPlot(); });
}

function renderPlot() {
  const svg = $('plot'), r = st.review;
  svg.replaceChildren();
  if (!r) return;
  const moves = r.moves;
  const W = 700, H = 160, L = 36, R = 10, T = 12, B = 24;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  if (!moves.length) { el('text', { x: 10, y: 20, 'font-size': 12 }, svg).textContent = 'no move could be reviewed exactly' + (r.reason ? ': ' + r.reason : ''); }
  const lost = moves.map((m) => (m.lost === null ? NaN : num(m.lost)));
  const lmax = Math.max(1, ...lost.filter((x) => !isNaN(x)));
  const n0 = moves.length ? moves[0].n : 0, n1 = moves.length ? moves[moves.length - 1].n : 0;
  const bw = (W - L - R) / Math.max(1, n1 - n0 + 1);
  const sx = (n) => L + (n - n0) * bw, sy = (x) => H - B - x / lmax * (H - B - T);
  const ax = el('g', { stroke: '#999', 'font-size': 10, 'font-family': 'sans-serif' }, svg);
  el('line', { x1: L, y1: sy(0), x2: W - R, y2: sy(0) }, ax);
  el('text', { x: 2, y: sy(lmax) + 4, fill: '#333', stroke: 'none' }, ax).textContent = String(lmax);
  el('text', { x: 2, y: sy(0), fill: '#333', stroke: 'none' }, ax).textContent = '0';
  moves.forEach((m, i) => {
    const x = sx(m.n), l = lost[i];
    const g = el('g', { class: 'bar' + (l > 0 ? ' mistake' : ''), 'data-n': m.n, 'data-lost': m.lost ?? '', style: 'cursor:pointer' }, svg);
    if (isNaN(l)) {
      el('text', { x: x + bw / 2, y: sy(0) - 3, 'text-anchor': 'middle', 'font-size': 10, fill: '#888' }, g).textContent = '?';
    } else {
      const hgt = Math.max(1.5, sy(0) - sy(l));
      el('rect', { x: x + bw * 0.15, y: sy(0) - hgt, width: bw * 0.7, height: hgt, fill: m.player === 'black' ? '#222' : '#fff', stroke: l > 0 ? '#d00' : '#555', 'stroke-width': l > 0 ? 2 : 1 }, g);
      if (l > 0) el('text', { x: x + bw / 2, y: sy(0) - hgt - 3, 'text-anchor': 'middle', 'font-size': 10, fill: '#d00' }, g).textContent = m.lost;
    }
    if (moves.length <= 40 || m.n % 5 === 0) el('text', { x: x + bw / 2, y: H - 8, 'text-anchor': 'middle', 'font-size': 9, fill: '#333' }, g).textContent = m.n;
    el('title', {}, g).textContent = 'move ' + m.n + ': ' + m.player + ' ' + m.move + (m.lost !== null ? ', lost ' + m.lost : ', not reviewed exactly') + (m.best ? '; best ' + m.best.join(' ') : '') + (m.reason ? ' (' + m.reason + ')' : '');
    g.addEventListener('click', () => step(m.n - 1));
  });
  if (st.move !== null && st.move + 1 >= n0 && st.move + 1 <= n1) {
    el('rect', { x: sx(st.move + 1), y: T - 8, width: bw, height: H - B - T + 8, fill: '#2a7', 'fill-opacity': 0.15, stroke: '#2a7', class: 'current' }, svg);
  }
  const p = r.players;
  $('review-summary').textContent = 'moves ' + r.first + '–' + r.last + ' reviewed' + (r.complete ? '' : ' (not every move exactly)') +
    '; Black lost ' + p.black.lost + ' (' + mistakes(p.black.mistakes.length) + '), White lost ' + p.white.lost + ' (' + mistakes(p.white.mistakes.length) + ')' +
    (r.reason ? '; earlier moves: ' + r.reason : '');
}

function mistakes(n) { return n === 1 ? '1 mistake' : n + ' mistakes'; }

// ---- render everything ------------------------------------------------------------
function render() {
  renderBoard();
  renderMessages();
  renderTotals();
  renderTiles();
  renderThermograph();
  renderNav();
  renderPlot();
  renderPlayLog();
}

// ---- wiring ---------------------------------------------------------------------
async function init() {
  $('file').addEventListener('change', (e) => readFile(e.target.files[0]));
  $('cancel').addEventListener('click', () => { if (st.controller) st.controller.abort(); });
  $('paste-toggle').addEventListener('click', () => { $('paste-box').hidden = !$('paste-box').hidden; });
  $('paste-load').addEventListener('click', () => load('pasted', $('paste').value));
  $('mover').addEventListener('change', () => { if (st.view) { renderBoard(); renderTotals(); } });
  $('undo-play').addEventListener('click', () => {
    if (!st.playLog.length) return;
    st.playLog.pop();
    st.plays = st.plays.slice(0, Math.max(0, st.plays.length - 2));
    analyze();
  });
  $('first').addEventListener('click', () => step(0));
  $('prev').addEventListener('click', () => step(st.move - 1));
  $('next').addEventListener('click', () => step(st.move + 1));
  $('last').addEventListener('click', () => step(st.gameMoves));
  document.addEventListener('keydown', (e) => {
    if (e.target.tagName === 'TEXTAREA' || e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT') return;
    if (e.key === 'ArrowLeft') step(st.move - 1);
    else if (e.key === 'ArrowRight') step(st.move + 1);
    else if (e.key === 'Home') step(0);
    else if (e.key === 'End') step(st.gameMoves);
    else if (e.key === 'Escape' && st.controller) st.controller.abort();
  });
  document.addEventListener('paste', (e) => {
    if (e.target.tagName === 'TEXTAREA') return;
    const text = e.clipboardData.getData('text');
    if (text.trim()) load('pasted', text);
  });
  const drop = $('drop');
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('dragging'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('dragging'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault(); drop.classList.remove('dragging');
    if (e.dataTransfer.files.length) readFile(e.dataTransfer.files[0]);
    else { const t = e.dataTransfer.getData('text'); if (t) load('dropped', t); }
  });
  const ex = await (await fetch('/api/examples')).json();
  st.examples = ex;
  for (const e of ex) $('examples').append(h('option', { value: e.name }, e.title));
  $('examples').addEventListener('change', (e) => {
    const x = st.examples.find((y) => y.name === e.target.value);
    if (x) load(x.name, x.position);
  });
  const ini = await (await fetch('/api/initial')).json();
  if (ini) load(ini.name, ini.position);
  document.body.dataset.ready = '1';
}

window.mgLoadExample = (name) => { const x = st.examples.find((y) => y.name === name); return x ? load(x.name, x.position) : null; };
init();
