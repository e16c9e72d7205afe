// The playground's tiled mazes: hexagons (sigma), triangles (delta), rings (theta), octagons
// and squares (upsilon) and weaves, drawn on the canvas from the geometry the server sends
// with each one (/api/generate with "tiling": rooms, their centres and sides, the neighbour
// behind each side and whether it is open, a weave's tunnels). The maze itself travels as
// the CLI's tiled maze JSON ("tiled"), which solve, stats and convert take back.
//
// Loaded after playground.js, whose functions call these when a tiled maze is shown
// (P.tiled): its colours (C), its legend (show), its API calls (api).
'use strict';

// A size that fits each tiling, and what its size field takes.
const TILINGS = {
  square: { size: '20x30', hint: 'rooms per axis: 20x30, 6x6x6, 3x3x5x5' },
  sigma: { size: '12x16', hint: 'hexagons: ROWSxCOLS, or N for a hexagon of side N' },
  'sigma-flat': { size: '12x16', hint: 'flat-topped hexagons: ROWSxCOLS, or N for a hexagon of side N' },
  delta: { size: '12x24', hint: 'triangles: ROWSxCOLS, or N for a triangle of side N' },
  theta: { size: '10', hint: 'rings: RINGS, or RINGSxSECTORS (sectors of ring 1)' },
  upsilon: { size: '10x14', hint: 'octagons and squares: ROWSxCOLS' },
  weave: { size: '12x16', hint: 'squares whose passages cross: ROWSxCOLS' },
};

// Colours only the tiled page's walking uses, each for one meaning and no other: the piece
// walked from the start, and the rooms it has walked through.
C.walker = '#ff7f00';
C.walked = '#fdd0a2';

// A weave room's inset: half the side of the square drawn inside its cell.
const INSET = 0.3;
// North, east, south, west as (row, col) steps: the order of a weave room's sides.
const DIRS = [[-1, 0], [0, 1], [1, 0], [0, -1]];

class TiledView {
  constructor(reply, canvas, maxW, maxH) {
    this.tiled = reply.tiled;
    const g = this.geo = reply.geometry;
    this.n = g.rooms;
    this.weave = g.tiling === 'weave';
    const [x0, y0, x1, y1] = g.bounds;
    this.lo = [x0, y0];
    const w = x1 - x0, h = y1 - y0;
    this.s = Math.max(3, Math.min(48, Math.min(maxW / (w + 1), maxH / (h + 1))));
    this.m = Math.ceil(this.s / 2) + 1;
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    canvas.width = Math.ceil(w * this.s + 2 * this.m);
    canvas.height = Math.ceil(h * this.s + 2 * this.m);
    // The rooms reached from each through an open wall or a tunnel.
    this.pass = Array.from({ length: this.n }, () => []);
    g.sides.forEach((sides, v) => { for (const s of sides) if (s[5] >= 0 && s[6]) this.pass[v].push(s[5]); });
    // A weave's tunnels: the directions each room leaves by one, the axis passing under each.
    this.tunnelOut = new Map();
    this.under = new Map();
    for (const [a, b, m] of g.tunnels) {
      this.pass[a].push(b);
      this.pass[b].push(a);
      const [la, lb] = [g.labels[a], g.labels[b]];
      const dr = Math.sign(lb[0] - la[0]), dc = Math.sign(lb[1] - la[1]);
      const d = DIRS.findIndex(([r, c]) => r === dr && c === dc);
      this.addDir(this.tunnelOut, a, d);
      this.addDir(this.tunnelOut, b, (d + 2) % 4);
      this.addDir(this.under, m, d);
      this.addDir(this.under, m, (d + 2) % 4);
    }
  }
  addDir(map, v, d) {
    if (!map.has(v)) map.set(v, new Set());
    map.get(v).add(d);
  }
  get start() { return this.geo.start; }
  get goal() { return this.geo.goal; }
  px(p) { return [(p[0] - this.lo[0]) * this.s + this.m, (p[1] - this.lo[1]) * this.s + this.m]; }
  centre(v) { return this.px(this.geo.centres[v]); }
  wallWidth() { return Math.max(1, this.s * 0.12); }
  // The gaps where the maze is entered and left: the start's outer side highest on the page,
  // the goal's lowest (as the library's pictures draw them, TiledMaze::openings).
  openings() {
    const pick = (v, lowest) => {
      let best = -1, mid = 0;
      this.geo.sides[v].forEach((s, k) => {
        if (s[5] >= 0) return;
        const y = s[1] + s[3];
        if (best < 0 || (lowest ? y > mid + 1e-9 : y < mid - 1e-9)) { best = k; mid = y; }
      });
      return best < 0 ? null : [v, best];
    };
    const gaps = [pick(this.start, false)];
    if (this.goal !== this.start) gaps.push(pick(this.goal, true));
    this.gaps = gaps.filter((x) => x);
    return this.gaps;
  }
  isGap(v, k) {
    return this.gaps.some(([r, j]) => r === v && j === k);
  }
  // Adds side `s` to the current path: a segment, or the short arc about the origin.
  side(s, first) {
    const ctx = this.ctx, [ax, ay] = this.px([s[0], s[1]]), [bx, by] = this.px([s[2], s[3]]);
    if (first) ctx.moveTo(ax, ay);
    if (!s[4]) { ctx.lineTo(bx, by); return; }
    const [ox, oy] = this.px([0, 0]), r = Math.hypot(s[0], s[1]) * this.s;
    const ta = Math.atan2(s[1], s[0]);
    let d = Math.atan2(s[3], s[2]) - ta;
    while (d > Math.PI) d -= 2 * Math.PI;
    while (d <= -Math.PI) d += 2 * Math.PI;
    ctx.arc(ox, oy, r, ta, ta + d, d < 0);
  }
  // The weave room's shape: the inset square and a corridor out to each side it leaves by.
  weaveRects(v) {
    const [x, y] = this.geo.centres[v], h = INSET;
    const out = [[x - h, y - h, 2 * h, 2 * h]];
    this.geo.sides[v].forEach((s, d) => {
      if (!this.leaves(v, d)) return;
      const [dr, dc] = DIRS[d];
      if (dc) out.push([dc > 0 ? x + h : x - 0.5, y - h, 0.5 - h, 2 * h]);
      else out.push([x - h, dr > 0 ? y + h : y - 0.5, 2 * h, 0.5 - h]);
    });
    return out;
  }
  // True when weave room v opens to its side d: a passage beside, a tunnel, an opening.
  leaves(v, d) {
    const s = this.geo.sides[v][d];
    return (s[5] >= 0 && s[6] === 1) || (this.tunnelOut.get(v)?.has(d) ?? false) || this.isGap(v, d);
  }
  // Fills room v in `colour`, its edge stroked in the same colour so that no seam of the
  // background shows between two rooms of one colour.
  fill(v, colour) {
    const ctx = this.ctx;
    ctx.fillStyle = colour;
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1;
    ctx.beginPath();
    if (this.weave) {
      for (const r of this.weaveRects(v)) this.rect(r);
    } else {
      this.outline(v);
      ctx.closePath();
    }
    ctx.fill();
    ctx.stroke();
  }
  // Adds room v's outline to the current path: its sides chained end to end, each turned
  // round where its far end meets the last point (a ring's sides are not all one way round).
  outline(v) {
    const sides = this.geo.sides[v];
    const flip = (s) => [s[2], s[3], s[0], s[1], s[4], s[5], s[6]];
    const near = (p, s) => Math.min(Math.hypot(s[0] - p[0], s[1] - p[1]), Math.hypot(s[2] - p[0], s[3] - p[1]));
    let end = null;
    sides.forEach((s, k) => {
      let t = s;
      if (end === null && sides.length > 1 && near([s[0], s[1]], sides[1]) < near([s[2], s[3]], sides[1])) {
        t = flip(s); // the first side runs towards the second
      } else if (end !== null && Math.hypot(s[2] - end[0], s[3] - end[1]) < Math.hypot(s[0] - end[0], s[1] - end[1])) {
        t = flip(s);
      }
      this.side(t, k === 0);
      end = [t[2], t[3]];
    });
  }
  // Adds a rectangle [x, y, w, h] in room units to the current path.
  rect([x, y, w, h]) {
    const [px, py] = this.px([x, y]);
    this.ctx.rect(px, py, w * this.s, h * this.s);
  }
  // Fills room v in `colour` and draws its walls again over the fill.
  paint(v, colour) {
    this.fill(v, colour);
    this.strokeWalls([v], true);
  }
  // Strokes the walls of `rooms`: closed walls to a neighbour and the outer boundary but for
  // the openings; each once when `all` is false (from the smaller room), else every side.
  strokeWalls(rooms, all) {
    const ctx = this.ctx;
    ctx.strokeStyle = C.wall;
    ctx.lineWidth = this.wallWidth();
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    for (const v of rooms) {
      if (this.weave) { this.weaveWalls(v); continue; }
      this.geo.sides[v].forEach((s, k) => {
        const u = s[5];
        const wall = u >= 0 ? !s[6] && (all || u > v) : !this.isGap(v, k);
        if (wall) this.side(s, true);
      });
    }
    ctx.stroke();
  }
  // A weave room's walls, inset, as the library's pictures draw them: a corridor where it
  // opens, and the corridor walls of a tunnel passing under it.
  weaveWalls(v) {
    const ctx = this.ctx, [x, y] = this.geo.centres[v], h = INSET;
    DIRS.forEach(([dr, dc], d) => {
      const at = (along, across) => this.px([x + dc * along - dr * across, y + dr * along + dc * across]);
      const line = (a, b) => { ctx.moveTo(...a); ctx.lineTo(...b); };
      const leaves = this.leaves(v, d), under = this.under.get(v)?.has(d) ?? false;
      if (!leaves) line(at(h, -h), at(h, h));
      if (leaves || under) { line(at(h, -h), at(0.5, -h)); line(at(h, h), at(0.5, h)); }
    });
  }
  // Fills the corridor stubs of the tunnel under weave room m in `colour` (the passages'
  // white, or the solution's blue when it goes through the tunnel), and their walls.
  paintUnder(m, colour) {
    const [x, y] = this.geo.centres[m], h = INSET, ctx = this.ctx;
    ctx.fillStyle = colour;
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const d of this.under.get(m) || []) {
      const [dr, dc] = DIRS[d];
      this.rect(dc ? [dc > 0 ? x + h : x - 0.5, y - h, 0.5 - h, 2 * h] : [x - h, dr > 0 ? y + h : y - 0.5, 2 * h, 0.5 - h]);
    }
    ctx.fill();
    ctx.stroke();
    this.strokeWalls([m], true);
  }
  // The room a tunnel between a and b passes under, or -1.
  tunnelUnder(a, b) {
    const t = this.geo.tunnels.find(([x, y]) => (x === a && y === b) || (x === b && y === a));
    return t ? t[2] : -1;
  }
  // The room under a pixel, or -1.
  at(px, py) {
    const p = [(px - this.m) / this.s + this.lo[0], (py - this.m) / this.s + this.lo[1]];
    const near = [];
    this.geo.centres.forEach(([x, y], v) => {
      const d = Math.hypot(x - p[0], y - p[1]);
      if (d < 1.5) near.push([d, v]);
    });
    near.sort((a, b) => a[0] - b[0]);
    if (this.weave) {
      const hit = near.find(([, v]) => {
        const [x, y] = this.geo.centres[v];
        return Math.abs(x - p[0]) <= 0.5 && Math.abs(y - p[1]) <= 0.5;
      });
      return hit ? hit[1] : -1;
    }
    const ctx = this.ctx;
    for (const [, v] of near) {
      ctx.beginPath();
      this.outline(v);
      ctx.closePath();
      if (ctx.isPointInPath(px, py)) return v;
    }
    return -1;
  }
  // Breadth-first distances from `start` along the passages (-1: not reached).
  distances(start) {
    const d = new Int32Array(this.n).fill(-1), queue = [start];
    d[start] = 0;
    for (let k = 0; k < queue.length; k++) {
      const v = queue[k];
      for (const u of this.pass[v]) if (d[u] < 0) { d[u] = d[v] + 1; queue.push(u); }
    }
    return d;
  }
}

// ---------------------------------------------------------------------------------------
// The page's tiled mazes (P.tiled: the view of the one shown).

// The tiling the menu names.
function tiling() {
  return $('tiling').value;
}

// Fits the controls to the tiling chosen: its size, its generators, loops and braid where
// the CLI takes them, the shapes and the 3D view for square grids only.
function tilingChanged(keepSize) {
  const t = tiling(), info = TILINGS[t], square = t === 'square';
  if (!keepSize) $('size').value = info.size;
  $('size').title = info.hint;
  $('size-hint').textContent = info.hint;
  $('size-hint').classList.toggle('hidden', square);
  for (const id of ['shape-label', 'turns-label']) $(id).classList.toggle('hidden', !square || (id === 'turns-label' && !isSpiral($('shape').value)));
  const gens = square ? P.info.generators : t === 'weave' ? ['kruskal'] : P.info.tiling_generators;
  const was = $('algorithm').value;
  $('algorithm').innerHTML = gens.map((g) => `<option>${g}</option>`).join('');
  $('algorithm').value = gens.includes(was) ? was : gens[0];
  $('algorithm').onchange();
  for (const id of ['loops-label', 'braid-label']) $(id).classList.toggle('hidden', t === 'weave');
  document.querySelector('input[name=display][value="3d"]').disabled = !square;
  if (!square && P.display === '3d') { P.display = 'normal'; document.querySelector('input[value=normal]').checked = true; }
  const formats = square ? P.info.formats : P.info.tiled_formats;
  $('format').innerHTML = formats.map((g) => `<option>${g}</option>`).join('');
}

function setTiled(reply, what) {
  stopAnim();
  P.tiled = new TiledView(reply, $('maze'), stageWidth(1100), Math.max(300, window.innerHeight - 160));
  P.view = null;
  P.solution = null;
  P.what = what;
  P.generation = (P.generation || 0) + 1;
  P.walk = null;
  $('walk').checked = false;
  delete $('maze').dataset.won;
  refresh();
  showStats();
}

// Moves a terminal to room v, and solves again.
function tiledMove(v, which) {
  const t = P.tiled;
  t.geo[which] = v;
  t.tiled[which] = t.geo.labels[v];
  P.solution = null;
  P.generation++;
  refresh();
  showStats();
}

async function tiledRefresh() {
  const t = P.tiled, gen = P.generation;
  if ($('solution').checked && !P.solution) {
    try {
      P.solution = await api('solve', { tiled: t.tiled, method: 'bfs' });
    } catch (e) { showError(e); }
    if (gen !== P.generation) return;
  }
  tiledDraw();
  tiledStatus();
}

// The base colour of each room: the passages' white, or the distance from the start.
function tiledGround() {
  const t = P.tiled;
  if (P.display !== 'shaded') return () => C.open;
  const d = t.distances(t.start);
  let far = 1;
  for (const x of d) if (x > far) far = x;
  return (v) => (d[v] >= 0 ? fromStart(d[v] / far) : C.open);
}

function tiledDraw() {
  const t = P.tiled, ctx = t.ctx;
  shown.clear();
  legend();
  t.openings();
  ctx.fillStyle = C.background;
  ctx.fillRect(0, 0, t.canvas.width, t.canvas.height);
  const ground = tiledGround();
  const all = [...Array(t.n).keys()];
  for (const v of all) t.fill(v, ground(v));
  if (t.weave) for (const m of t.under.keys()) t.paintUnder(m, C.open);
  show(P.display === 'shaded' ? DISTANCE : 'room', P.display === 'shaded' ? RAMP : [C.open]);
  t.strokeWalls(all, false);
  show('wall', [C.wall]);
  P.counts.solution = 0;
  if ($('solution').checked && P.solution && P.solution.path) {
    const path = P.solution.path;
    for (const v of path) if (v !== t.start && v !== t.goal) t.paint(v, C.path);
    // Through a weave's tunnel: the stubs under the room it passes.
    for (let k = 1; k < path.length; k++) {
      const m = t.weave ? t.tunnelUnder(path[k - 1], path[k]) : -1;
      if (m >= 0) t.paintUnder(m, C.path);
    }
    P.counts.solution = P.solution.path.length;
    if (P.solution.path.length > 2) show('solution', [C.path]);
  }
  tiledWalkDraw();
  tiledTerminals();
  P.counts.passages = t.n;
  t.canvas.dataset.passages = t.n;
  t.canvas.dataset.solution = P.counts.solution;
  t.canvas.dataset.tiling = t.geo.tiling;
}

function tiledTerminals() {
  const t = P.tiled;
  t.paint(t.start, C.start);
  show('start', [C.start]);
  t.paint(t.goal, C.goal);
  show('goal', [C.goal]);
  if (P.walk) tiledPiece();
}

function tiledStatus(extra) {
  const t = P.tiled;
  let s = `${t.geo.tiling} ${t.geo.size.join('×')}: ${t.n} rooms` + (P.what ? ` (${P.what})` : '');
  if (P.solution) s += P.solution.length === null ? ', no solution' : `, solution ${P.solution.length} steps`;
  if (P.walk) s += P.walk.won ? ` — you reached the goal in ${P.walk.steps} steps!` : ` — walking: ${P.walk.steps} steps`;
  if (extra) s += ' — ' + extra;
  $('status').textContent = s;
}

// Watch it solve, on rooms: dead-end filling room by room, breadth-first search layer by
// layer (the server's steps, /api/solve with "steps"), or the goal's attractor rank by rank
// with its strategy's arrows (/api/attractor).
async function tiledStartAnim(kind) {
  const t = P.tiled, gen = P.generation;
  delete $('maze').dataset.animFinished;
  const r = kind === 'attractor' ? await api('attractor', { tiled: t.tiled })
    : await api('solve', { tiled: t.tiled, method: kind === 'fill' ? 'dead-end' : 'bfs', steps: true });
  if (gen !== P.generation) return null;
  stopAnim();
  const keepSolution = $('solution').checked;
  $('solution').checked = false;
  tiledDraw();
  $('solution').checked = keepSolution;
  const cover = (v, colour) => { if (v !== t.start && v !== t.goal) t.paint(v, colour); };
  let steps, paint;
  if (kind === 'fill') {
    steps = r.fill.length;
    paint = (k) => { cover(r.fill[k], C.filled); show('filled dead end', [C.filled]); };
  } else if (kind === 'attractor') {
    steps = r.ranks.length;
    const next = new Map(r.strategy.map(([a, b]) => [a, b]));
    const last = Math.max(1, steps - 1);
    const shades = Array.from({ length: last + 1 }, (_, k) => mix(C.near, C.far, k / last));
    paint = (k) => {
      for (const v of r.ranks[k]) cover(v, shades[k]);
      show('attractor, rank by rank (dark: near the goal)', shades);
      if (t.s >= 10) {
        for (const v of r.ranks[k]) if (next.has(v)) tiledArrow(t, v, next.get(v));
        if (r.ranks[k].some((v) => next.has(v))) show('strategy: the move to make', [C.strategy]);
      }
    };
  } else {
    steps = r.layers.length;
    paint = (k) => {
      if (k > 0) { for (const v of r.layers[k - 1]) cover(v, C.kept); show('reached', [C.kept]); }
      for (const v of r.layers[k]) cover(v, C.frontier);
      show('frontier', [C.frontier]);
    };
  }
  P.anim = { kind, result: r, steps, paint, cover, left: () => 1, done: 0, playing: false, acc: 0, last: 0, tiled: true };
  $('maze').dataset.animSteps = steps;
  $('maze').dataset.animDone = 0;
  return P.anim;
}

// An arrow of the strategy from room a towards room b (most of the way to b's centre).
function tiledArrow(t, a, b) {
  const ctx = t.ctx, [ax, ay] = t.centre(a), [bx, by] = t.centre(b);
  const len = Math.hypot(bx - ax, by - ay) || 1, ux = (bx - ax) / len, uy = (by - ay) / len;
  const mx = ax + (bx - ax) * 0.7, my = ay + (by - ay) * 0.7, s = t.s * 0.18;
  ctx.strokeStyle = C.strategy; ctx.fillStyle = C.strategy; ctx.lineWidth = Math.max(1, t.s / 12);
  ctx.lineCap = 'round';
  ctx.beginPath(); ctx.moveTo(ax, ay); ctx.lineTo(mx, my); ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(mx + ux * s, my + uy * s);
  ctx.lineTo(mx - uy * s * 0.7, my + ux * s * 0.7);
  ctx.lineTo(mx + uy * s * 0.7, my - ux * s * 0.7);
  ctx.fill();
}

function tiledFinishAnim() {
  const a = P.anim, t = P.tiled;
  if (a.kind === 'fill') {
    const filled = new Uint8Array(t.n), path = new Uint8Array(t.n);
    for (const v of a.result.fill) filled[v] = 1;
    if (a.result.path) for (const v of a.result.path) path[v] = 1;
    for (let v = 0; v < t.n; v++) {
      if (filled[v]) continue;
      a.cover(v, path[v] ? C.path : C.kept);
      if (v !== t.start && v !== t.goal) show(path[v] ? 'solution' : 'kept', [path[v] ? C.path : C.kept]);
    }
  }
  tiledTerminals();
}

// ---------------------------------------------------------------------------------------
// Walking: a piece from the start, moved to a neighbouring room through an open wall (or a
// weave's tunnel) by a click on it or by the keys, until it reaches the goal.

function tiledWalkStart(on) {
  const t = P.tiled;
  if (!t) return;
  P.walk = on ? { at: t.start, steps: 0, won: false, trail: new Set([t.start]) } : null;
  delete $('maze').dataset.won;
  $('maze').dataset.walkAt = on ? t.start : '';
  tiledDraw();
  tiledStatus();
}

// The rooms walked through, then the piece.
function tiledWalkDraw() {
  const t = P.tiled, w = P.walk;
  if (!w) return;
  for (const v of w.trail) if (v !== t.start && v !== t.goal && v !== w.at) t.paint(v, C.walked);
  if (w.trail.size > 1) show('walked', [C.walked]);
}

function tiledPiece() {
  const t = P.tiled, ctx = t.ctx, [x, y] = t.centre(P.walk.at);
  ctx.fillStyle = C.walker;
  ctx.beginPath();
  ctx.arc(x, y, Math.max(2, t.s * 0.28), 0, 2 * Math.PI);
  ctx.fill();
  show('you', [C.walker]);
}

// Walks to room v when it is a neighbour through an open wall or a tunnel; true if moved.
function tiledWalkTo(v) {
  const t = P.tiled, w = P.walk;
  if (!w || w.won || !t.pass[w.at].includes(v)) return false;
  const from = w.at;
  w.at = v;
  w.steps++;
  w.trail.add(v);
  const ground = from === t.start ? C.start : from === t.goal ? C.goal : C.walked;
  t.paint(from, ground);
  if (ground === C.walked) show('walked', [C.walked]);
  if (v === t.goal) {
    w.won = true;
    $('maze').dataset.won = '1';
  }
  t.paint(v, v === t.start ? C.start : v === t.goal ? C.goal : C.walked);
  tiledPiece();
  $('maze').dataset.walkAt = v;
  $('maze').dataset.walkSteps = w.steps;
  tiledStatus();
  return true;
}

// A key's direction on the page (y down): arrows and WASD, and Q, E, Z, C for the diagonals
// (a hexagon's other neighbours).
const WALK_KEYS = {
  ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0],
  w: [0, -1], s: [0, 1], a: [-1, 0], d: [1, 0],
  q: [-1, -1], e: [1, -1], z: [-1, 1], c: [1, 1],
};

// Walks towards the key's direction: to the open neighbour whose centre lies closest to it
// (within 70°). True if moved.
function tiledWalkKey(key) {
  const t = P.tiled, w = P.walk;
  const dir = WALK_KEYS[key] || WALK_KEYS[key.toLowerCase()];
  if (!w || !dir) return false;
  const [x, y] = t.geo.centres[w.at], len = Math.hypot(dir[0], dir[1]);
  let best = -1, bestCos = Math.cos(70 * Math.PI / 180);
  for (const u of t.pass[w.at]) {
    const [ux, uy] = t.geo.centres[u];
    const d = Math.hypot(ux - x, uy - y) || 1;
    const cos = ((ux - x) * dir[0] + (uy - y) * dir[1]) / (d * len);
    if (cos > bestCos) { bestCos = cos; best = u; }
  }
  return best >= 0 && tiledWalkTo(best);
}

// A click on the canvas: a step when walking (to a neighbour), else it moves the terminal.
function tiledClick(e, which) {
  const t = P.tiled;
  const rect = t.canvas.getBoundingClientRect();
  const px = (e.clientX - rect.left) * t.canvas.width / rect.width;
  const py = (e.clientY - rect.top) * t.canvas.height / rect.height;
  const v = t.at(px, py);
  if (v < 0) return;
  if (P.walk && which === $('click-moves').value && !e.shiftKey) {
    tiledWalkTo(v);
    return;
  }
  tiledMove(v, which);
}

// The rooms of the canvas painted in one of `colours` at their centre, read back from its
// pixels (for tests: what is drawn, not what was meant to be).
function roomsOfColours(colours) {
  const t = P.tiled;
  const want = colours.map((c) => [1, 3, 5].map((k) => parseInt(c.slice(k, k + 2), 16)));
  const img = t.ctx.getImageData(0, 0, t.canvas.width, t.canvas.height).data;
  const out = [];
  // A room is of a colour when its centre and a point most of the way to each side's middle
  // are (a room filled only in part is of none).
  const colourAt = (p) => {
    const [x, y] = t.px(p).map(Math.floor);
    const o = (y * t.canvas.width + x) * 4;
    return want.findIndex((c) => img[o] === c[0] && img[o + 1] === c[1] && img[o + 2] === c[2]);
  };
  for (let v = 0; v < t.n; v++) {
    const c = t.geo.centres[v];
    const k = colourAt(c);
    if (k < 0 || t.weave) {
      if (k >= 0) out.push(v);
      continue;
    }
    const whole = t.geo.sides[v].every((s) => {
      let m = [(s[0] + s[2]) / 2, (s[1] + s[3]) / 2];
      if (s[4]) { const r = Math.hypot(s[0], s[1]), d = Math.hypot(m[0], m[1]); m = [m[0] * r / d, m[1] * r / d]; }
      return colourAt([c[0] + 0.6 * (m[0] - c[0]), c[1] + 0.6 * (m[1] - c[1])]) === k;
    });
    if (whole) out.push(v);
  }
  return out;
}
