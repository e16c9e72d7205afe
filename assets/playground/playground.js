// The mazegraph playground: plain JavaScript on a <canvas>, talking to `mazegraph serve`'s
// JSON API (/api/…). No framework, no build step, no network beyond the server.
//
// A maze is held as the server sends it (maze JSON: shape, cells, start, goal, portals);
// cells are flat row-major indices. A maze of another tiling (hexagons, triangles, rings,
// octagons, weaves) is drawn by tiled.js from the geometry the server sends (P.tiled). n-D mazes are drawn as 2-D slices along the last two
// axes, laid out in a grid. Tests read the counts in `window.playground`.
'use strict';

const $ = (id) => document.getElementById(id);

// Colours: the library's picture palette (/api/info), so that a colour means the same here
// as in `mazegraph render` (src/palette.rs: blue is the solution, and the attractor shaded by
// rank, since the attractor of the goal is the set of cells on shortest solutions; light
// yellow the cells a search reached; the wolf game's pieces as `mazegraph pursuit` draws them,
// the wolf dark brown and the sheep pink, and the sheep's fate as `pursuit -o fate.png` shades
// it: the wolf's attractor of the captures in blues, dark where it comes soon, light where
// late, and white where a sheep escapes forever). The few meanings the library's pictures do
// not have are named here, each with a colour no other meaning uses: the BFS frontier and the
// strategy's arrows (drawn over the solution's blues, so not blue).
const C = {
  wall: '#000000', open: '#ffffff', filled: '#bebebe', kept: '#ffec96', path: '#2171b5',
  start: '#00aa00', goal: '#dc1e1e', background: '#e1e4ec', near: '#2171b5', far: '#9ecae1',
  wolf: '#55371e', sheep: '#f58cd2', frontier: '#e7298a', strategy: '#ffd400',
};
// The sides of a wall block in 3D (its top is the walls' colour).
const WALL_SIDES = ['#5a6070', '#3a3f4b'];

// Calls the API: JSON bodies as application/json, files as application/octet-stream (the
// server reads a file by its name, and refuses other types from scripts without an Origin).
async function api(endpoint, body, raw) {
  let init = {};
  if (body instanceof Blob || body instanceof ArrayBuffer) {
    init = { method: 'POST', body, headers: { 'Content-Type': 'application/octet-stream' } };
  } else if (body !== undefined) {
    init = { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
  }
  const r = await fetch('/api/' + endpoint, init);
  if (!r.ok) {
    let message = r.status + ' ' + r.statusText;
    try { message = (await r.json()).error; } catch (_) { /* not JSON */ }
    throw new Error(message);
  }
  return raw ? r : r.json();
}

function showError(e, where) {
  const el = $(where || 'error');
  el.textContent = e ? String(e.message || e).split('\n')[0] : '';
}

// ---------------------------------------------------------------------------------------
// The geometry of a maze on a canvas: slices, cell size, flat index ⇄ pixel.

class View {
  constructor(maze, canvas, maxW, maxH) {
    this.maze = maze;
    this.dims = maze.shape;
    const n = this.dims.length;
    this.h = n >= 2 ? this.dims[n - 2] : 1;
    this.w = this.dims[n - 1];
    this.plane = this.h * this.w;
    this.slices = this.dims.slice(0, Math.max(0, n - 2)).reduce((a, b) => a * b, 1);
    this.cols = n === 3 ? Math.ceil(Math.sqrt(this.slices)) : n >= 4 ? this.dims[n - 3] : 1;
    this.rows = Math.ceil(this.slices / this.cols);
    // n-D: a strip above each slice for its label, a gap of a cell between slices.
    this.labelH = this.slices > 1 ? 14 : 0;
    const gapCells = this.slices > 1 ? 1 : 0;
    this.cs = Math.max(1, Math.min(24, Math.floor(Math.min(
      maxW / (this.cols * (this.w + gapCells)),
      (maxH - this.rows * this.labelH) / (this.rows * (this.h + gapCells))))));
    this.gap = gapCells * Math.max(this.cs, 4);
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.fit();
    this.passage = new Uint8Array(maze.cells.length);
    for (let i = 0; i < maze.cells.length; i++) this.passage[i] = maze.cells.charCodeAt(i) === 35 ? 0 : 1;
  }
  // Gives the canvas the size of the 2-D slices (the 3D view sizes it its own way).
  fit() {
    const width = this.cols * (this.w * this.cs + this.gap) - this.gap;
    const height = this.rows * (this.labelH + this.h * this.cs + this.gap) - this.gap;
    if (this.canvas.width !== width) this.canvas.width = width;
    if (this.canvas.height !== height) this.canvas.height = height;
  }
  // The label of slice `s`: its coordinates on every axis but the last two, as the library's
  // pictures label them (`d0=2`, `d0=1 d1=3`); '' for a 2-D maze.
  sliceLabel(s) {
    const n = this.dims.length;
    if (n < 3) return '';
    return this.coords(s * this.plane).slice(0, n - 2).map((c, k) => `d${k}=${c}`).join(' ');
  }
  // Top-left pixel of slice `s`'s cells.
  sliceX(s) { return (s % this.cols) * (this.w * this.cs + this.gap); }
  sliceY(s) { return Math.floor(s / this.cols) * (this.labelH + this.h * this.cs + this.gap) + this.labelH; }
  x(i) {
    return this.sliceX(Math.floor(i / this.plane)) + (i % this.w) * this.cs;
  }
  y(i) {
    return this.sliceY(Math.floor(i / this.plane)) + (Math.floor(i / this.w) % this.h) * this.cs;
  }
  paint(i, colour) {
    this.ctx.fillStyle = colour;
    this.ctx.fillRect(this.x(i), this.y(i), this.cs, this.cs);
  }
  // The cell under a pixel, or -1.
  at(px, py) {
    const sw = this.w * this.cs + this.gap, sh = this.labelH + this.h * this.cs + this.gap;
    const sc = Math.floor(px / sw), sr = Math.floor(py / sh);
    const c = Math.floor((px - sc * sw) / this.cs), r = Math.floor((py - sr * sh - this.labelH) / this.cs);
    const s = sr * this.cols + sc;
    if (sc < 0 || sc >= this.cols || s >= this.slices || r < 0 || r >= this.h || c < 0 || c >= this.w) return -1;
    return s * this.plane + r * this.w + c;
  }
  index(coords) {
    if (!coords) return -1;
    let i = 0;
    for (let k = 0; k < this.dims.length; k++) i = i * this.dims[k] + coords[k];
    return i;
  }
  coords(i) {
    const out = new Array(this.dims.length);
    for (let k = this.dims.length - 1; k >= 0; k--) { out[k] = i % this.dims[k]; i = Math.floor(i / this.dims[k]); }
    return out;
  }
  // Grid neighbours of a cell (portals are followed by the server's solvers, not here).
  neighbours(i, f) {
    let stride = 1;
    for (let k = this.dims.length - 1; k >= 0; k--) {
      const c = Math.floor(i / stride) % this.dims[k];
      if (c > 0) f(i - stride);
      if (c + 1 < this.dims[k]) f(i + stride);
      stride *= this.dims[k];
    }
  }
  // Breadth-first distances from `start` (-1: not reached), for the shaded display.
  distances(start) {
    const d = new Int32Array(this.passage.length).fill(-1);
    if (start < 0 || !this.passage[start]) return d;
    const queue = new Int32Array(this.passage.length);
    let head = 0, tail = 0;
    queue[tail++] = start; d[start] = 0;
    while (head < tail) {
      const c = queue[head++];
      this.neighbours(c, (j) => { if (this.passage[j] && d[j] < 0) { d[j] = d[c] + 1; queue[tail++] = j; } });
    }
    return d;
  }
}

function mix(a, b, t) {
  const p = (s) => [1, 3, 5].map((k) => parseInt(s.slice(k, k + 2), 16));
  const [x, y] = [p(a), p(b)];
  return '#' + x.map((v, k) => Math.round(v + (y[k] - v) * t).toString(16).padStart(2, '0')).join('');
}

// Distance from the start: light pink near the start to deep purple far away (the attractor's
// blues mean distance *to the goal*: another meaning, another ramp). 256 shades, made once.
const FROM_START = ['#fde0dd', '#fa9fb5', '#c51b8a', '#7a0177', '#49006a'];
const RAMP = Array.from({ length: 256 }, (_, k) => {
  const t = k / 255, n = FROM_START.length - 1;
  const j = Math.min(n - 1, Math.floor(t * n));
  return mix(FROM_START[j], FROM_START[j + 1], t * n - j);
});
const DISTANCE = 'distance from the start (light: near)';
function fromStart(t) {
  return RAMP[Math.round(Math.max(0, Math.min(1, t)) * 255)];
}

// ---------------------------------------------------------------------------------------
// The maze page.

const P = {
  info: null, view: null, solution: null, anim: null, display: 'normal',
  counts: { passages: 0, solution: 0, drawn: 0 },
};

function readSize() {
  const parts = $('size').value.split(/[x×,\s]+/).filter((s) => s.length);
  const size = parts.map(Number);
  if (!size.length || size.some((d) => !Number.isInteger(d) || d < 1)) throw new Error('rooms: give whole numbers per axis, like 20x30');
  return size;
}

async function generateMaze() {
  showError(null);
  if (tiling() !== 'square') {
    const body = {
      tiling: tiling(),
      size: readSize(),
      algorithm: $('algorithm').value,
      seed: Number($('seed').value) || 0,
    };
    if (tiling() !== 'weave') {
      body.loops = Math.max(0, Number($('loops').value) || 0);
      body.braid = $('braid').checked;
    }
    if (body.algorithm === 'growing-tree') body.pick = $('pick').value;
    const r = await api('generate', body);
    setTiled(r, `seed ${r.seed}, ${body.algorithm}`);
    return;
  }
  const body = {
    size: readSize(),
    algorithm: $('algorithm').value,
    seed: Number($('seed').value) || 0,
    loops: Math.max(0, Number($('loops').value) || 0),
    braid: $('braid').checked,
    shape: $('shape').value,
  };
  if (body.algorithm === 'growing-tree') body.pick = $('pick').value;
  if (isSpiral(body.shape)) {
    if (body.size.length !== 2) {
      throw new Error(`the ${body.shape} shape is 2-D: give two sizes, like 30x30 (or choose another shape for ${body.size.length} axes)`);
    }
    if ($('turns').value !== '') body.turns = Number($('turns').value);
  }
  const r = await api('generate', body);
  setMaze(r.maze, `seed ${r.seed}, ${body.algorithm}`);
}

// The shapes that wind (and take "turns"): the spirals, 2-D only.
function isSpiral(shape) {
  return /spiral/.test(shape);
}

// The width left for a canvas: beside the controls, or under them on a narrow screen.
function stageWidth(most) {
  const w = window.innerWidth;
  return Math.max(200, Math.min(most, w > 800 ? w - 360 : w - 20));
}

function setMaze(maze, what) {
  stopAnim();
  P.tiled = null;
  P.walk = null;
  $('walk').checked = false;
  delete $('maze').dataset.won;
  P.view = new View(maze, $('maze'), stageWidth(1100), Math.max(300, window.innerHeight - 160));
  P.solution = null;
  P.what = what;
  P.generation = (P.generation || 0) + 1;
  refresh();
  showStats();
}

// `mazegraph stats`' figures for the maze shown, in one line.
async function showStats() {
  const gen = P.generation;
  $('stats').textContent = '';
  delete $('stats').dataset.class;
  const s = await api('stats', P.tiled ? { tiled: P.tiled.tiled } : { maze: P.view.maze }).catch((e) => { showError(e); return null; });
  if (!s || gen !== P.generation) return;
  const parts = [s['class'], `${s.dead_ends} dead ends`, `${s.junctions} junctions`, `${s.cyclomatic} loops`];
  if (s.components > 1) parts.push(`${s.components} components`);
  if (s.solution_length !== null && s.solution_length !== undefined) parts.push(`solution ${s.solution_length} steps, ${s.decisions} decisions`);
  $('stats').textContent = parts.join(' · ');
  $('stats').dataset.class = s['class'];
}

// Draws the maze as the display asks, then the solution if shown. Solving is asked of the
// server; drawing waits for nothing else.
async function refresh() {
  if (P.tiled) { stopAnim(); return tiledRefresh(); }
  const v = P.view;
  if (!v) return;
  stopAnim();
  const gen = P.generation;
  if ($('solution').checked && !P.solution && hasTerminals()) {
    try {
      P.solution = await api('solve', { maze: v.maze, method: 'bfs' });
    } catch (e) { showError(e); }
    if (gen !== P.generation) return;
  }
  draw();
  updateStatus();
}

function hasTerminals() {
  if (P.tiled) return true;
  const m = P.view.maze;
  return m.start && m.goal;
}

// What the canvas shows, for its legend: each meaning drawn so far, with the colours it is
// drawn in (one colour, or the shades of a ramp), in the order drawn. A legend entry is made
// when its meaning is drawn, never before: the legend lists what the canvas shows.
const shown = new Map();

function show(meaning, colours) {
  if (shown.has(meaning)) return;
  shown.set(meaning, [...new Set(colours)]);
  legend();
}

function legend() {
  $('legend').innerHTML = legendHtml(shown);
}

// The legend of the meanings in `map` (meaning → colours).
function legendHtml(map) {
  return [...map].map(([meaning, colours]) => {
    const n = colours.length;
    const swatch = n === 1 ? colours[0]
      : `linear-gradient(to right, ${[0, 1, 2, 3, 4].map((k) => colours[Math.round(k * (n - 1) / 4)]).join(', ')})`;
    return `<span data-colours="${colours.join(' ')}"><i style="background:${swatch}"></i>${meaning}</span>`;
  }).join('');
}

function draw() {
  const v = P.view, ctx = v.ctx;
  shown.clear();
  legend();
  let passages = 0;
  P.counts.solution = 0;
  if (P.display === '3d') {
    passages = draw3d(v);
  } else {
    v.fit();
    ctx.fillStyle = C.background;
    ctx.fillRect(0, 0, v.canvas.width, v.canvas.height);
    ctx.font = '11px system-ui, sans-serif';
    ctx.textBaseline = 'bottom';
    for (let s = 0; s < v.slices; s++) {
      ctx.fillStyle = C.wall;
      ctx.fillRect(v.sliceX(s), v.sliceY(s), v.w * v.cs, v.h * v.cs);
      const label = v.sliceLabel(s);
      if (label) {
        ctx.fillStyle = '#1b1d22';
        ctx.fillText(label, v.sliceX(s), v.sliceY(s) - 1, v.w * v.cs);
      }
    }
    show('wall', [C.wall]);
    const d = P.display === 'shaded' ? v.distances(v.index(v.maze.start)) : null;
    let far = 1;
    if (d) for (let i = 0; i < d.length; i++) if (d[i] > far) far = d[i];
    for (let i = 0; i < v.passage.length; i++) {
      if (!v.passage[i]) continue;
      passages++;
      if (d && d[i] >= 0) {
        v.paint(i, fromStart(d[i] / far));
        show(DISTANCE, RAMP);
      } else {
        v.paint(i, C.open);
        show('passage', [C.open]);
      }
    }
    if ($('solution').checked && P.solution && P.solution.path) {
      for (const i of P.solution.path) v.paint(i, C.path);
      P.counts.solution = P.solution.path.length;
      if (P.solution.path.length > 2) show('solution', [C.path]);
    }
    drawTerminals();
  }
  P.counts.passages = passages;
  v.canvas.dataset.passages = P.counts.passages;
  v.canvas.dataset.solution = P.counts.solution;
}

function drawTerminals() {
  const v = P.view;
  const s = v.index(v.maze.start), g = v.index(v.maze.goal);
  if (P.walk) {
    for (const i of P.walk.trail) if (i !== s && i !== g) v.paint(i, C.walked);
    if (P.walk.trail.size > 1) show('walked', [C.walked]);
  }
  if (s >= 0) { v.paint(s, C.start); show('start', [C.start]); }
  if (g >= 0) { v.paint(g, C.goal); show('goal', [C.goal]); }
  if (P.walk) squarePiece();
}

// ---------------------------------------------------------------------------------------
// Walking a 2-D square maze: a piece from the start, a cell at a time through the passages,
// by a click on a neighbouring cell or the keys, until it reaches the goal (tiled.js walks
// the other tilings).

function squareWalkStart(on) {
  const v = P.view;
  P.walk = null;
  delete $('maze').dataset.won;
  if (on) {
    if (v.dims.length !== 2) { $('walk').checked = false; throw new Error('walking is for 2-D mazes: give two sizes, like 20x30'); }
    const start = v.index(v.maze.start);
    if (start < 0) { $('walk').checked = false; throw new Error('this maze has no start: click to place one'); }
    P.walk = { at: start, steps: 0, won: false, trail: new Set([start]) };
    if (P.display === '3d') { P.display = 'normal'; document.querySelector('input[value=normal]').checked = true; }
  }
  $('maze').dataset.walkAt = on ? P.walk.at : '';
  draw();
  updateStatus();
}

function squarePiece() {
  const v = P.view, ctx = v.ctx, h = v.cs / 2;
  ctx.fillStyle = C.walker;
  ctx.beginPath();
  ctx.arc(v.x(P.walk.at) + h, v.y(P.walk.at) + h, Math.max(1.5, v.cs * 0.38), 0, 2 * Math.PI);
  ctx.fill();
  show('you', [C.walker]);
}

// Walks to cell i when it is a passage beside the piece; true if moved.
function squareWalkTo(i) {
  const v = P.view, w = P.walk;
  if (!w || w.won || i < 0 || !v.passage[i] || P.display === '3d') return false;
  let beside = false;
  v.neighbours(w.at, (j) => { beside = beside || j === i; });
  if (!beside) return false;
  w.at = i;
  w.steps++;
  w.trail.add(i);
  if (i === v.index(v.maze.goal)) { w.won = true; $('maze').dataset.won = '1'; }
  drawTerminals();
  $('maze').dataset.walkAt = i;
  $('maze').dataset.walkSteps = w.steps;
  updateStatus();
  return true;
}

// Walks one cell in a key's direction (arrows, WASD).
function squareWalkKey(key) {
  const v = P.view, w = P.walk;
  const dir = WALK_KEYS[key] || WALK_KEYS[key.toLowerCase()];
  if (!w || !dir || (dir[0] && dir[1])) return false;
  const r = Math.floor(w.at / v.w), c = w.at % v.w, nr = r + dir[1], nc = c + dir[0];
  if (nr < 0 || nc < 0 || nr >= v.h || nc >= v.w) return false;
  return squareWalkTo(nr * v.w + nc);
}

// An isometric view of one slice: the floor (the start, the goal and the solution on it), and
// each wall cell a block, drawn back to front.
function draw3d(v) {
  const ctx = v.ctx;
  // n-D: the slice at 1 on every leading axis (the first one with rooms; slice 0 is the frame).
  let base = 0, stride = v.plane;
  for (let k = v.dims.length - 3; k >= 0; k--) {
    if (v.dims[k] > 1) base += stride;
    stride *= v.dims[k];
  }
  const cs = Math.max(2, Math.min(16, Math.floor(1200 / (v.w + v.h))));
  const hx = cs, hy = cs / 2, wallH = cs * 0.6; // low walls: the floor shows between them
  const top = v.slices > 1 ? 16 : 0; // room for the line saying which slice this is
  v.canvas.width = Math.ceil((v.w + v.h) * hx) + 4;
  v.canvas.height = Math.ceil((v.w + v.h) * hy + wallH) + 4 + top;
  ctx.fillStyle = C.background;
  ctx.fillRect(0, 0, v.canvas.width, v.canvas.height);
  const ox = v.h * hx + 2, oy = wallH + 2 + top;
  const pt = (r, c) => [ox + (c - r) * hx, oy + (c + r) * hy];
  const face = (pts, colour) => {
    ctx.fillStyle = colour;
    ctx.beginPath();
    for (const [x, y] of pts) ctx.lineTo(x, y);
    ctx.fill();
  };
  face([pt(0, 0), pt(0, v.w), pt(v.h, v.w), pt(v.h, 0)], C.open);
  // The solution's tiles on the floor, when in this slice.
  const tile = (i, colour) => {
    const r = Math.floor((i - base) / v.w), c = (i - base) % v.w;
    face([pt(r, c), pt(r, c + 1), pt(r + 1, c + 1), pt(r + 1, c)], colour);
  };
  const inSlice = (i) => i >= base && i < base + v.plane;
  let passages = 0, path = 0;
  for (let i = base; i < base + v.plane; i++) if (v.passage[i]) passages++;
  if (passages < v.plane) show('wall', [C.wall]);
  if (passages) show('passage', [C.open]);
  const s = v.index(v.maze.start), g = v.index(v.maze.goal);
  if ($('solution').checked && P.solution && P.solution.path) {
    for (const i of P.solution.path) if (inSlice(i) && i !== s && i !== g) { tile(i, C.path); path++; }
    P.counts.solution = P.solution.path.length;
  }
  if (path) show('solution', [C.path]);
  // A block on cell (r, c): its top in `colour`, its sides in `sides`.
  const block = (r, c, colour, sides) => {
    const [ax, ay] = pt(r, c), [bx, by] = pt(r, c + 1), [cx, cy] = pt(r + 1, c + 1), [dx, dy] = pt(r + 1, c);
    face([[dx, dy], [cx, cy], [cx, cy - wallH], [dx, dy - wallH]], sides[0]);
    face([[bx, by], [cx, cy], [cx, cy - wallH], [bx, by - wallH]], sides[1]);
    face([[ax, ay - wallH], [bx, by - wallH], [cx, cy - wallH], [dx, dy - wallH]], colour);
  };
  // The start and the goal stand as pillars of their colour, seen over the walls.
  const pillar = (colour) => [mix(colour, '#000000', 0.25), mix(colour, '#000000', 0.45)];
  // Back to front: increasing r + c.
  for (let sum = 0; sum <= v.h + v.w - 2; sum++) {
    for (let r = Math.max(0, sum - v.w + 1); r <= Math.min(v.h - 1, sum); r++) {
      const c = sum - r, i = base + r * v.w + c;
      if (!v.passage[i]) {
        block(r, c, C.wall, WALL_SIDES);
      } else if (i === s) {
        block(r, c, C.start, pillar(C.start));
        show('start', [C.start]);
      } else if (i === g) {
        block(r, c, C.goal, pillar(C.goal));
        show('goal', [C.goal]);
      }
    }
  }
  if (v.slices > 1) {
    ctx.fillStyle = '#1b1d22';
    ctx.font = '12px system-ui, sans-serif';
    ctx.textBaseline = 'top';
    ctx.fillText(`3D shows one slice of ${v.slices}: ${v.sliceLabel(base / v.plane)}`, 4, 2);
  }
  return passages;
}

function updateStatus(extra) {
  if (P.tiled) return tiledStatus(extra);
  const v = P.view;
  const dims = v.dims.join('×');
  let s = `${dims} cells, ${P.counts.passages} passages` + (P.what ? ` (${P.what})` : '');
  if (P.solution) s += P.solution.length === null ? ', no solution' : `, solution ${P.solution.length} steps`;
  if (P.walk) s += P.walk.won ? ` — you reached the goal in ${P.walk.steps} steps!` : ` — walking: ${P.walk.steps} steps`;
  if (extra) s += ' — ' + extra;
  $('status').textContent = s;
}

// ---------------------------------------------------------------------------------------
// Animations: each step paints only the cells it changes.

function speed() {
  return Math.round(Math.pow(10, Number($('speed').value) / 25));
}

async function startAnim(kind) {
  if (P.tiled) return tiledStartAnim(kind);
  const v = P.view;
  if (!hasTerminals()) throw new Error('this maze has no start and goal: click to place them');
  delete $('maze').dataset.animFinished;
  const gen = P.generation;
  const r = kind === 'attractor' ? await api('attractor', { maze: v.maze })
    : await api('solve', { maze: v.maze, method: kind === 'fill' ? 'dead-end' : 'bfs', steps: true });
  if (gen !== P.generation) return null;
  stopAnim();
  const wasDisplay = P.display;
  if (P.display === '3d') { P.display = 'normal'; document.querySelector('input[value=normal]').checked = true; }
  const keepSolution = $('solution').checked;
  $('solution').checked = false;
  draw();
  $('solution').checked = keepSolution;
  let steps, paint;
  // The start and the goal stay as they are drawn: the steps paint the cells between them,
  // counting those left in the display's colours (for the legend, once none are left).
  const s = v.index(v.maze.start), g = v.index(v.maze.goal);
  const covered = new Uint8Array(v.passage.length);
  let left = 0;
  for (let i = 0; i < v.passage.length; i++) if (v.passage[i] && i !== s && i !== g) left++;
  const cover = (i, colour) => {
    if (i === s || i === g) return;
    v.paint(i, colour);
    if (!covered[i]) { covered[i] = 1; left--; }
  };
  const cells = (list, colour) => { for (const i of list) cover(i, colour); };
  if (kind === 'fill') {
    steps = r.fill.length;
    paint = (k) => { cells([r.fill[k]], C.filled); show('filled dead end', [C.filled]); };
  } else if (kind === 'bfs') {
    steps = r.layers.length;
    paint = (k) => {
      if (k > 0) { cells(r.layers[k - 1], C.kept); show('reached', [C.kept]); }
      cells(r.layers[k], C.frontier);
      show('frontier', [C.frontier]);
    };
  } else {
    steps = r.ranks.length;
    const next = new Map(r.strategy.map(([a, b]) => [a, b]));
    const last = Math.max(1, steps - 1);
    const shades = Array.from({ length: last + 1 }, (_, k) => mix(C.near, C.far, k / last));
    paint = (k) => {
      cells(r.ranks[k], shades[k]);
      show('attractor, rank by rank (dark: near the goal)', shades);
      if (v.cs >= 6) {
        for (const i of r.ranks[k]) if (next.has(i)) arrow(v, i, next.get(i));
        if (r.ranks[k].some((i) => next.has(i))) show('strategy: the move to make', [C.strategy]);
      }
    };
  }
  P.anim = {
    kind, result: r, steps, paint, cover, left: () => left, done: 0, playing: false, acc: 0, last: 0, wasDisplay,
  };
  $('maze').dataset.animSteps = steps;
  $('maze').dataset.animDone = 0;
  return P.anim;
}

function arrow(v, a, b) {
  const ctx = v.ctx, h = v.cs / 2;
  const [ax, ay] = [v.x(a) + h, v.y(a) + h];
  let [bx, by] = [v.x(b) + h, v.y(b) + h];
  // A portal or a slice change: point only a little way.
  const len = Math.hypot(bx - ax, by - ay) || 1;
  if (len > v.cs * 1.5) { bx = ax + (bx - ax) / len * v.cs; by = ay + (by - ay) / len * v.cs; }
  const mx = ax + (bx - ax) * 0.8, my = ay + (by - ay) * 0.8;
  ctx.strokeStyle = C.strategy; ctx.fillStyle = C.strategy; ctx.lineWidth = Math.max(1, v.cs / 8);
  ctx.beginPath(); ctx.moveTo(ax, ay); ctx.lineTo(mx, my); ctx.stroke();
  const ux = (bx - ax) / (Math.hypot(bx - ax, by - ay) || 1), uy = (by - ay) / (Math.hypot(bx - ax, by - ay) || 1);
  const s = v.cs * 0.25;
  ctx.beginPath();
  ctx.moveTo(mx + ux * s, my + uy * s);
  ctx.lineTo(mx - uy * s * 0.7, my + ux * s * 0.7);
  ctx.lineTo(mx + uy * s * 0.7, my - ux * s * 0.7);
  ctx.fill();
}

function stepAnim(n) {
  const a = P.anim;
  if (!a) return;
  const until = Math.min(a.steps, a.done + n);
  for (; a.done < until; a.done++) a.paint(a.done);
  if (a.done >= a.steps) finishAnim();
  $('maze').dataset.animDone = a.done;
  updateStatus(`${a.kind === 'fill' ? 'filled' : a.kind === 'bfs' ? 'layer' : 'rank'} ${a.done} of ${a.steps}`);
}

function finishAnim() {
  const a = P.anim, v = P.view;
  a.playing = false;
  $('play').textContent = 'Play';
  if (a.tiled) {
    tiledFinishAnim();
    a.finished = true;
    $('maze').dataset.animFinished = '1';
    return;
  }
  if (a.kind === 'fill') {
    // What is left: the kept cells, the path on them.
    const filled = new Uint8Array(v.passage.length);
    for (const i of a.result.fill) filled[i] = 1;
    const path = new Uint8Array(v.passage.length);
    if (a.result.path) for (const i of a.result.path) path[i] = 1;
    const s = v.index(v.maze.start), g = v.index(v.maze.goal);
    for (let i = 0; i < v.passage.length; i++) {
      if (!v.passage[i] || filled[i] || i === s || i === g) continue;
      a.cover(i, path[i] ? C.path : C.kept);
      show(path[i] ? 'solution' : 'kept', [path[i] ? C.path : C.kept]);
    }
  }
  if (a.left() === 0) {
    // Every passage is painted over: the display's own colours are gone from the canvas.
    for (const meaning of ['passage', DISTANCE]) shown.delete(meaning);
    legend();
  }
  drawTerminals();
  a.finished = true;
  $('maze').dataset.animFinished = '1';
}

function tick(t) {
  const a = P.anim;
  if (!a || !a.playing) return;
  const dt = a.last ? Math.min(0.1, (t - a.last) / 1000) : 0;
  a.last = t;
  a.acc += dt * speed();
  const n = Math.floor(a.acc);
  a.acc -= n;
  if (n > 0) stepAnim(n);
  if (a.playing) requestAnimationFrame(tick);
}

function stopAnim() {
  if (P.anim) P.anim.playing = false;
  P.anim = null;
  $('play').textContent = 'Play';
  delete $('maze').dataset.animFinished;
}

async function play() {
  let a = P.anim;
  if (a && a.playing) { a.playing = false; $('play').textContent = 'Play'; return; }
  if (!a || a.finished || a.kind !== $('anim-kind').value) a = await startAnim($('anim-kind').value);
  if (!a) return;
  a.playing = true; a.last = 0;
  $('play').textContent = 'Pause';
  requestAnimationFrame(tick);
}

async function step() {
  let a = P.anim;
  if (!a || a.finished || a.kind !== $('anim-kind').value) a = await startAnim($('anim-kind').value);
  if (!a) return;
  a.playing = false;
  $('play').textContent = 'Play';
  stepAnim(1);
}

// The cells of the canvas painted in a colour, read back from its pixels (for tests: what is
// drawn, not what was meant to be).
function cellsOfColours(colours, view) {
  const v = view || P.view;
  const want = colours.map((c) => [1, 3, 5].map((k) => parseInt(c.slice(k, k + 2), 16)));
  const img = v.ctx.getImageData(0, 0, v.canvas.width, v.canvas.height).data;
  const h = Math.floor(v.cs / 2);
  const out = [];
  for (let i = 0; i < v.passage.length; i++) {
    const o = ((v.y(i) + h) * v.canvas.width + v.x(i) + h) * 4;
    if (want.some((w) => img[o] === w[0] && img[o + 1] === w[1] && img[o + 2] === w[2])) out.push(i);
  }
  return out;
}

function countColour(colour) {
  return cellsOfColours([colour]).length;
}

function moveTerminal(e, which) {
  if (P.tiled) return tiledClick(e, which);
  const v = P.view;
  if (!v || P.display === '3d') return;
  const rect = v.canvas.getBoundingClientRect();
  const px = (e.clientX - rect.left) * v.canvas.width / rect.width;
  const py = (e.clientY - rect.top) * v.canvas.height / rect.height;
  const i = v.at(px, py);
  if (P.walk && which === $('click-moves').value && !e.shiftKey) {
    squareWalkTo(i);
    return;
  }
  if (i < 0 || !v.passage[i]) return;
  v.maze[which] = v.coords(i);
  P.solution = null;
  P.generation++;
  refresh();
  showStats();
}

async function download() {
  const to = $('format').value;
  const body = P.tiled ? { tiled: P.tiled.tiled, solution: $('solution').checked } : { maze: P.view.maze };
  const r = await api('convert?to=' + encodeURIComponent(to), body, true);
  const blob = await r.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  const cd = r.headers.get('Content-Disposition') || '';
  a.download = (cd.match(/filename="([^"]+)"/) || [])[1] || 'maze';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function upload(file) {
  showError(null);
  const r = await api('upload?name=' + encodeURIComponent(file.name), file);
  const what = file.name + (r.notes.length ? ': ' + r.notes.join('; ') : '');
  const t = r.tiled ? r.geometry.tiling : 'square';
  if (tiling() !== t) {
    $('tiling').value = t;
    tilingChanged(true);
  }
  if (r.tiled) {
    $('size').value = r.geometry.size.join('x');
    setTiled(r, what);
  } else setMaze(r.maze, what);
}

// ---------------------------------------------------------------------------------------
// The wolf game (seed 003).

const G = {
  rooms: [12, 16], period: 10, maze: null, view: null, wolf: -1, sheep: [], visited: null,
  paused: false, over: false, time: 0, hunger: 1, eaten: 0, visits: 0, regens: 0, next: 10,
  last: 0, running: false, seed: 1,
  // The sheep's minds (/api/pursuit): the fate of each path cell (cell → moves to capture,
  // null when safe) for the wolf's cell it was asked for; sheep moves owed, a request running.
  fate: null, owed: 0, stale: false, thinking: false, pursuits: 0, sheepMoves: 0,
};
const HUNGER_SECONDS = 25;

async function gameMaze(keep) {
  const body = { size: G.rooms, algorithm: 'backtracker', seed: G.seed++, loops: 6, closed: true };
  if (keep) body.keep = keep;
  return (await api('generate', body)).maze;
}

function gameSetMaze(maze) {
  G.maze = maze;
  G.view = new View(maze, $('game'), stageWidth(900), Math.max(300, window.innerHeight - 140));
  if (!G.visited || G.visited.length !== maze.cells.length) G.visited = new Uint8Array(maze.cells.length);
  $('game').dataset.regenerations = G.regens;
}

function randomRoom() {
  const v = G.view;
  for (;;) {
    const r = 1 + 2 * Math.floor(Math.random() * G.rooms[0]), c = 1 + 2 * Math.floor(Math.random() * G.rooms[1]);
    const i = r * v.w + c;
    if (i !== G.wolf && !G.sheep.includes(i)) return i;
  }
}

async function newGame() {
  showError(null, 'game-error');
  Object.assign(G, { paused: false, over: false, time: 0, hunger: 1, eaten: 0, visits: 0, regens: 0, next: G.period, visited: null, sheep: [], fate: null, owed: 0 });
  G.seed = Math.floor(Math.random() * 1e9); // a new game, new mazes
  gameSetMaze(await gameMaze());
  const v = G.view;
  G.wolf = (2 * Math.floor(G.rooms[0] / 2) + 1) * v.w + 2 * Math.floor(G.rooms[1] / 2) + 1;
  visit(G.wolf);
  for (let k = 0; k < 3; k++) G.sheep.push(randomRoom());
  gameDraw();
  if ($('game-safe').checked) think(false);
  $('game-pause').textContent = 'Pause';
  if (!G.running) { G.running = true; G.last = 0; requestAnimationFrame(gameTick); }
}

function visit(i) {
  if (!G.visited[i]) { G.visited[i] = 1; G.visits++; }
}

// The colour of cell `i` under the pieces: the sheep's fate when it is shown, else visited or
// not (walls black).
function ground(i) {
  const v = G.view;
  if (!v.passage[i]) return C.wall;
  const k = G.fate ? G.fate.cells.get(i) : undefined;
  if ($('game-safe').checked && k !== undefined && k !== 0) { // 0: the wolf's own cell
    return k === null ? C.open : mix(C.near, C.far, G.fate.last > 1 ? (k - 1) / (G.fate.last - 1) : 0);
  }
  return G.visited[i] ? '#f1ede4' : C.open;
}

function gameDraw() {
  const v = G.view;
  for (let i = 0; i < v.passage.length; i++) v.paint(i, ground(i));
  // The legend: the fates drawn (the wolf's own cell, capture in 0 moves, is under the wolf).
  const meanings = new Map();
  if ($('game-safe').checked && G.fate) {
    const fates = [...G.fate.cells.values()];
    if (fates.includes(null)) meanings.set('safe: the sheep escapes the wolf forever', [C.open]);
    if (fates.some((k) => k > 0)) {
      meanings.set(`caught: the wolf forces the capture in 1 to ${G.fate.last} moves (dark: soon)`,
        [0, 0.25, 0.5, 0.75, 1].map((t) => mix(C.near, C.far, t)));
    }
  }
  $('game-legend').innerHTML = legendHtml(meanings);
  for (const s of G.sheep) sheep(v, s);
  wolf(v, G.wolf);
  $('game').dataset.wolfOnPassage = v.passage[G.wolf] ? '1' : '0';
  gameScore();
}

function sheep(v, i) {
  const ctx = v.ctx, r = v.cs / 2;
  v.paint(i, ground(i));
  ctx.fillStyle = '#888'; ctx.beginPath(); ctx.arc(v.x(i) + r, v.y(i) + r, r * 0.75, 0, 7); ctx.fill();
  ctx.fillStyle = C.sheep; ctx.beginPath(); ctx.arc(v.x(i) + r, v.y(i) + r, r * 0.6, 0, 7); ctx.fill();
  ctx.fillStyle = '#222'; ctx.beginPath(); ctx.arc(v.x(i) + r * 1.3, v.y(i) + r * 0.8, r * 0.22, 0, 7); ctx.fill();
}

function wolf(v, i) {
  const ctx = v.ctx, r = v.cs / 2, x = v.x(i), y = v.y(i);
  v.paint(i, ground(i));
  ctx.fillStyle = C.wolf;
  ctx.beginPath();
  ctx.moveTo(x + r * 0.2, y + r * 0.2); ctx.lineTo(x + r * 0.7, y + r * 0.7); ctx.lineTo(x + r * 1.3, y + r * 0.7);
  ctx.lineTo(x + r * 1.8, y + r * 0.2); ctx.lineTo(x + r * 1.7, y + r * 1.3); ctx.lineTo(x + r, y + r * 1.9);
  ctx.lineTo(x + r * 0.3, y + r * 1.3); ctx.closePath(); ctx.fill();
  ctx.fillStyle = '#ffd400';
  ctx.fillRect(x + r * 0.6, y + r * 0.95, r * 0.2, r * 0.2); ctx.fillRect(x + r * 1.2, y + r * 0.95, r * 0.2, r * 0.2);
}

function gameScore() {
  const bar = '█'.repeat(Math.round(G.hunger * 20)).padEnd(20, '·');
  const state = G.over ? ' — GAME OVER: the wolf starved (New game to play again)' : G.paused ? ' — paused' : '';
  $('game-score').textContent = `time ${G.time.toFixed(1)} s · cells visited ${G.visits} · sheep ${G.eaten} · ` +
    `hunger ${bar} · new maze in ${Math.max(0, G.next).toFixed(1)} s${state}`;
  $('game').dataset.time = G.time.toFixed(1);
  $('game').dataset.visited = G.visits;
}

function move(dir) {
  if (!G.view || G.paused || G.over) return;
  const v = G.view;
  const r = Math.floor(G.wolf / v.w), c = G.wolf % v.w;
  const [dr, dc] = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] }[dir];
  const nr = r + dr, nc = c + dc;
  if (nr < 0 || nc < 0 || nr >= v.h || nc >= v.w) return;
  const j = nr * v.w + nc;
  if (!v.passage[j]) return;
  const from = G.wolf;
  G.wolf = j;
  visit(j);
  v.paint(from, ground(from));
  const k = G.sheep.indexOf(j);
  if (k >= 0) eat(k);
  wolf(v, j);
  $('game').dataset.wolfOnPassage = v.passage[G.wolf] ? '1' : '0';
  G.owed = Math.min(3, G.owed + 1);
  think();
}

// The wolf eats sheep number k; a new one arrives.
function eat(k) {
  G.eaten++;
  G.hunger = 1;
  G.sheep[k] = randomRoom();
  sheep(G.view, G.sheep[k]);
}

// Sheep number k steps to cell `to` (eaten when the wolf is there).
function stepSheep(k, to) {
  const v = G.view, from = G.sheep[k];
  if (to === from || G.sheep.includes(to)) return;
  G.sheep[k] = to;
  v.paint(from, ground(from));
  if (to === G.wolf) { eat(k); wolf(v, G.wolf); } else sheep(v, to);
  G.sheepMoves++;
  $('game').dataset.sheepMoves = G.sheepMoves;
}

// The sheep think, one request at a time: a move for each wolf's move owed (at most a few
// behind), or only the fate of the cells when it is stale (a new game, a new maze).
async function think() {
  if (G.thinking) return;
  G.thinking = true;
  try {
    while (G.view && (G.owed > 0 || G.stale)) {
      const moving = G.owed > 0;
      if (moving) G.owed--;
      G.stale = false;
      await pursue(moving);
    }
  } finally {
    G.thinking = false;
  }
}

// Asks the server where the sheep go (each by its strategy in the game of it and the wolf:
// stay where the wolf cannot force a capture, else put the capture off) and the fate of each
// cell; when that fails, the sheep step at random and the error is shown.
async function pursue(moving) {
  const maze = G.maze, wolf = G.wolf, asked = G.sheep.slice();
  let r;
  try {
    r = await api('pursuit', { maze, wolf, sheep: asked, turn: 'sheep' });
  } catch (e) {
    showError(e, 'game-error');
    if (moving && G.maze === maze) asked.forEach((s, k) => { if (G.sheep[k] === s) stepSheep(k, randomStep(s)); });
    return;
  }
  if (G.maze !== maze) return;
  showError(null, 'game-error');
  const caught = r.fate.map(([, k]) => k).filter((k) => k !== null);
  G.fate = { wolf, cells: new Map(r.fate), last: Math.max(1, ...caught) };
  G.pursuits++;
  $('game').dataset.pursuits = G.pursuits;
  if (moving) r.sheep.forEach((a, k) => { if (G.sheep[k] === asked[k] && a.move !== null) stepSheep(k, a.move); });
  if ($('game-safe').checked) gameDraw();
}

// A random move from cell i: a neighbouring passage, or staying.
function randomStep(i) {
  const v = G.view, next = [i];
  v.neighbours(i, (j) => { if (v.passage[j]) next.push(j); });
  return next[Math.floor(Math.random() * next.length)];
}

async function regenerate() {
  const v = G.view;
  const keep = v.coords(G.wolf);
  const maze = await gameMaze(keep);
  G.regens++;
  gameSetMaze(maze);
  // Sheep walled in by the new maze go to a room; the fate of the cells is the old maze's.
  G.sheep = G.sheep.map((s) => (G.view.passage[s] ? s : randomRoom()));
  G.fate = null;
  gameDraw();
  if ($('game-safe').checked) { G.stale = true; think(); }
}

function gameTick(t) {
  const dt = G.last ? Math.min(0.1, (t - G.last) / 1000) : 0;
  G.last = t;
  if (G.view && !G.paused && !G.over && !document.hidden) {
    G.time += dt;
    G.next -= dt;
    G.hunger = Math.max(0, G.hunger - dt / HUNGER_SECONDS);
    if (G.hunger <= 0) G.over = true;
    if (G.next <= 0 && !G.regenerating) {
      G.next += G.period;
      G.regenerating = true;
      regenerate().catch((e) => showError(e, 'game-error')).finally(() => { G.regenerating = false; });
    }
    gameScore();
  }
  requestAnimationFrame(gameTick);
}

function pause() {
  if (G.over) return;
  G.paused = !G.paused;
  $('game-pause').textContent = G.paused ? 'Resume' : 'Pause';
  gameScore();
}

// ---------------------------------------------------------------------------------------
// Wiring.

function guard(f) {
  return (...args) => Promise.resolve().then(() => f(...args)).catch((e) => showError(e));
}

function tab(which) {
  $('page-maze').classList.toggle('hidden', which !== 'maze');
  $('page-game').classList.toggle('hidden', which !== 'game');
  $('tab-maze').classList.toggle('on', which === 'maze');
  $('tab-game').classList.toggle('on', which === 'game');
  if (which === 'game' && !G.view) newGame().catch((e) => showError(e, 'game-error'));
  if (which !== 'game' && G.view && !G.paused) pause();
}

async function init() {
  P.info = await api('info');
  Object.assign(C, P.info.colours);
  $('algorithm').innerHTML = P.info.generators.map((g) => `<option>${g}</option>`).join('');
  $('shape').innerHTML = P.info.shapes.map((g) => `<option>${g}</option>`).join('');
  $('format').innerHTML = P.info.formats.map((g) => `<option>${g}</option>`).join('');
  $('tiling').innerHTML = P.info.tilings.map((g) => `<option>${g}</option>`).join('');
  $('tiling').onchange = guard(() => { tilingChanged(false); return generateMaze(); });
  $('walk').onchange = guard(() => {
    $('walk').blur();
    if (P.tiled) tiledWalkStart($('walk').checked); else squareWalkStart($('walk').checked);
  });
  $('algorithm').onchange = () => $('pick-label').classList.toggle('hidden', $('algorithm').value !== 'growing-tree');
  $('shape').onchange = () => $('turns-label').classList.toggle('hidden', !isSpiral($('shape').value) || tiling() !== 'square');
  $('generate').onclick = guard(generateMaze);
  $('reseed').onclick = guard(() => { $('seed').value = Math.floor(Math.random() * 1e9); return generateMaze(); });
  for (const r of document.querySelectorAll('input[name=display]')) {
    r.onchange = guard(() => { P.display = r.value; return refresh(); });
  }
  $('solution').onchange = guard(refresh);
  $('maze').addEventListener('click', (e) => moveTerminal(e, e.shiftKey ? 'goal' : $('click-moves').value));
  $('maze').addEventListener('contextmenu', (e) => { e.preventDefault(); moveTerminal(e, 'goal'); });
  $('play').onclick = guard(play);
  $('step').onclick = guard(step);
  $('reset').onclick = guard(() => { stopAnim(); return refresh(); });
  $('speed').oninput = () => { $('speed-text').textContent = speed() + ' steps/s'; };
  $('speed').oninput();
  $('download').onclick = guard(download);
  $('upload').onchange = guard(() => $('upload').files[0] && upload($('upload').files[0]));
  $('tab-maze').onclick = () => tab('maze');
  $('tab-game').onclick = () => tab('game');
  $('game-start').onclick = () => newGame().catch((e) => showError(e, 'game-error'));
  $('game-pause').onclick = pause;
  $('game-safe').onchange = () => {
    $('game-safe').blur(); // the arrow keys move the wolf, not the focus
    if (!G.view) return;
    gameDraw();
    if ($('game-safe').checked && (!G.fate || G.fate.wolf !== G.wolf)) { G.stale = true; think(); }
  };
  for (const b of document.querySelectorAll('[data-move]')) b.onclick = () => move(b.dataset.move);
  const keys = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right', w: 'up', s: 'down', a: 'left', d: 'right', z: 'up', q: 'left' };
  document.addEventListener('keydown', (e) => {
    // Walking a tiled maze, on the maze page (not while typing in a field).
    if (!$('page-maze').classList.contains('hidden')) {
      const typing = e.target.tagName === 'SELECT' || (e.target.tagName === 'INPUT' && e.target.type !== 'checkbox');
      if (P.walk && !typing && (WALK_KEYS[e.key] || WALK_KEYS[e.key.toLowerCase()])) {
        e.preventDefault();
        if (P.tiled) tiledWalkKey(e.key); else squareWalkKey(e.key);
      }
      return;
    }
    if ($('page-game').classList.contains('hidden') || e.target.tagName === 'INPUT') return;
    const k = keys[e.key] || keys[e.key.toLowerCase()];
    if (k) { e.preventDefault(); move(k); } else if (e.key === 'p' || e.key === ' ') { e.preventDefault(); pause(); }
  });
  let touch = null;
  $('game').addEventListener('touchstart', (e) => { touch = e.touches[0]; }, { passive: true });
  $('game').addEventListener('touchend', (e) => {
    if (!touch) return;
    const t = e.changedTouches[0], dx = t.clientX - touch.clientX, dy = t.clientY - touch.clientY;
    if (Math.max(Math.abs(dx), Math.abs(dy)) > 20) move(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : (dy > 0 ? 'down' : 'up'));
    touch = null;
  });
  await generateMaze();
}

window.playground = {
  maze: P, game: G, countColour, cellsOfColours, colours: C,
  roomsOfColours: (...a) => roomsOfColours(...a), walkTo: (v) => tiledWalkTo(v), walkKey: (k) => tiledWalkKey(k),
  generate: generateMaze, startAnim, stepAnim, move, regenerate, newGame, tab,
  ready: init().catch((e) => showError(e)),
};
