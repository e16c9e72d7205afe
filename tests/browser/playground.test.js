// Drives headless Chromium against `mazegraph serve` and checks the playground: the page
// loads without console errors, generating and solving draw the expected cells (read back
// from the canvas's pixels and compared with the CLI's answers), the animations end on the
// library's sets, each legend lists what the canvas shows (one colour an entry, each on the
// canvas), the 2-D maze is drawn whole after the 3D view, n-D slices are labelled, spirals are
// offered, the page types its requests, uploads, downloads and errors work, and the wolf game
// regenerates its maze with the wolf on a passage. Screenshots go to $SCREENSHOTS (default:
// ./artefacts).
//
// Usage: node playground.test.js [path/to/mazegraph]   (CHROMIUM=/path/to/chromium to choose
// the browser; default /usr/bin/chromium)
'use strict';

const { chromium } = require('playwright-core');
const { spawn, execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const assert = require('assert/strict');

const root = path.resolve(__dirname, '..', '..');
const bin = path.resolve(process.argv[2] ||
  path.join(process.env.CARGO_TARGET_DIR || path.join(root, 'target'), 'debug', 'mazegraph'));
const browserPath = process.env.CHROMIUM || '/usr/bin/chromium';
const shots = path.resolve(process.env.SCREENSHOTS || path.join(__dirname, 'artefacts'));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mazegraph-browser-'));

function cli(...args) {
  return execFileSync(bin, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

// The library's answers, through the CLI, for the maze the page holds.
function libraryFor(maze) {
  const file = path.join(work, 'maze.json');
  fs.writeFileSync(file, JSON.stringify(maze));
  const solved = JSON.parse(cli('solve', file, '--to', 'json'));
  const attr = JSON.parse(cli('attractor', file, '--to', 'json'));
  return { solved, attr };
}

const flat = (shape, coords) => coords.reduce((i, c, k) => i * shape[k] + c, 0);
const sorted = (a) => [...a].sort((x, y) => x - y);

function startServer() {
  return new Promise((resolve, reject) => {
    const server = spawn(bin, ['serve', '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve({ server, url: line.trim() });
    });
    server.on('exit', (code) => reject(new Error(`mazegraph serve exited with ${code}`)));
  });
}

async function main() {
  fs.mkdirSync(shots, { recursive: true });
  const { server, url } = await startServer();
  const browser = await chromium.launch({
    executablePath: browserPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const problems = [];
  // The checks that send bad requests on purpose: Chromium logs each 4xx answer.
  let expectRefusals = false;
  let checks = 0;
  const check = async (name, f) => {
    await f();
    checks++;
    console.log('ok -', name);
  };
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    page.on('console', (m) => {
      const refused = /^Failed to load resource: the server responded with a status of 4(00|13)/.test(m.text());
      if (m.type() === 'error' && !(expectRefusals && refused)) problems.push('console: ' + m.text());
    });
    page.on('pageerror', (e) => problems.push('page error: ' + e.message));
    // The page types its bodies: JSON as application/json, files as octet-stream.
    const types = new Map();
    page.on('request', (r) => {
      if (r.method() !== 'POST') return;
      const endpoint = new URL(r.url()).pathname;
      const type = r.headers()['content-type'];
      const want = endpoint === '/api/upload' ? 'application/octet-stream' : 'application/json';
      if (type !== want) problems.push(`${endpoint} sent ${type}, not ${want}`);
      types.set(endpoint, type);
    });
    await page.goto(url);
    await page.evaluate(() => window.playground.ready);

    const state = () => page.evaluate(() => ({
      maze: window.playground.maze.view.maze,
      data: { ...document.getElementById('maze').dataset },
      error: document.getElementById('error').textContent,
    }));
    const generate = async (size, extra) => {
      await page.fill('#size', size);
      for (const [id, v] of Object.entries(extra || {})) {
        if (typeof v === 'boolean') await page.setChecked('#' + id, v);
        else if (id === 'algorithm' || id === 'shape') await page.selectOption('#' + id, v);
        else await page.fill('#' + id, String(v));
      }
      const before = await page.evaluate(() => window.playground.maze.generation);
      await page.click('#generate');
      await page.waitForFunction((b) => window.playground.maze.generation > b, before);
    };
    const animate = async (kind) => {
      await page.selectOption('#anim-kind', kind);
      await page.fill('#speed', '100');
      await page.click('#play');
      await page.waitForFunction((k) => {
        const a = window.playground.maze.anim;
        return a && a.kind === k && a.finished && document.getElementById('maze').dataset.animFinished === '1';
      }, kind, { timeout: 60000 });
    };
    const colours = await page.evaluate(() => window.playground.colours);
    const cells = (names) => page.evaluate((cs) => window.playground.cellsOfColours(cs), names.map((n) => colours[n]));
    // The legend against the canvas: every entry's swatch is its colour (or a ramp of its
    // shades), no two entries share a colour, and each entry's colour is on the canvas.
    // Returns the entries' words.
    const legendMatches = async (what) => {
      const entries = await page.evaluate(() => {
        const v = window.playground.maze.view;
        const img = v.ctx.getImageData(0, 0, v.canvas.width, v.canvas.height).data;
        const seen = new Set();
        for (let o = 0; o < img.length; o += 4) seen.add('#' + [img[o], img[o + 1], img[o + 2]].map((x) => x.toString(16).padStart(2, '0')).join(''));
        return [...document.querySelectorAll('#legend span')].map((s) => {
          const colours = s.dataset.colours.split(' ');
          const swatch = getComputedStyle(s.querySelector('i'));
          return { text: s.textContent, colours, drawn: colours.filter((c) => seen.has(c)).length,
            background: swatch.backgroundColor, image: swatch.backgroundImage };
        });
      });
      const rgb = (hex) => `rgb(${[1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)).join(', ')})`;
      const all = entries.flatMap((e) => e.colours);
      assert.equal(new Set(all).size, all.length, `${what}: two legend entries share a colour: ${JSON.stringify(entries)}`);
      for (const e of entries) {
        assert.ok(e.drawn > 0, `${what}: the legend's "${e.text}" (${e.colours.slice(0, 3)}) is not on the canvas`);
        if (e.colours.length === 1) assert.equal(e.background, rgb(e.colours[0]), `${what}: "${e.text}"'s swatch`);
        else assert.match(e.image, /gradient/, `${what}: "${e.text}"'s swatch`);
      }
      return entries.map((e) => e.text);
    };

    await check('the page loads and draws its first maze', async () => {
      const s = await state();
      assert.equal(s.error, '');
      const passages = [...s.maze.cells].filter((c) => c !== '#').length;
      assert.equal(Number(s.data.passages), passages);
      const drawn = await cells(['open', 'start', 'goal']);
      assert.equal(drawn.length, passages);
      assert.deepEqual(await legendMatches('first maze'), ['wall', 'passage', 'start', 'goal']);
      await page.screenshot({ path: path.join(shots, 'page.png') });
    });

    await check('generate draws the CLI\'s maze, cell for cell', async () => {
      await generate('15x25', { algorithm: 'kruskal', seed: 11, loops: 5 });
      const s = await state();
      const expect = JSON.parse(cli('generate', '--size', '15x25', '-a', 'kruskal', '--seed', '11', '--loops', '5', '--to', 'json'));
      assert.equal(s.maze.cells, expect.cells);
      const drawn = sorted(await cells(['open', 'start', 'goal']));
      const want = [...expect.cells].flatMap((c, i) => (c === '#' ? [] : [i]));
      assert.deepEqual(drawn, want);
      await page.waitForFunction(() => document.getElementById('stats').dataset.class);
      assert.match(await page.textContent('#stats'), /^imperfect · \d+ dead ends · \d+ junctions · 5 loops/);
    });

    await check('the solution draws the library\'s path', async () => {
      await page.setChecked('#solution', true);
      await page.waitForFunction(() => Number(document.getElementById('maze').dataset.solution) > 0);
      const s = await state();
      const lib = libraryFor(s.maze);
      assert.equal(Number(s.data.solution), lib.solved.length + 1);
      assert.equal((await cells(['path'])).length, lib.solved.length - 1); // terminals drawn over
      assert.ok((await legendMatches('solution')).includes('solution'));
      await page.screenshot({ path: path.join(shots, 'solution.png') });
      await page.setChecked('#solution', false);
    });

    await check('dead-end filling ends on the library\'s kept cells', async () => {
      await animate('fill');
      const s = await state();
      const lib = libraryFor(s.maze);
      const kept = sorted(await cells(['kept', 'path', 'start', 'goal']));
      const want = sorted(lib.solved.kept.map((c) => flat(s.maze.shape, c)));
      assert.equal(kept.length, want.length, `kept ${kept.length} cells, the library ${want.length}`);
      assert.deepEqual(kept, want);
      const filled = await cells(['filled']);
      assert.equal(filled.length + kept.length, [...s.maze.cells].filter((c) => c !== '#').length);
      const words = await legendMatches('dead-end filling');
      for (const w of ['filled dead end', 'kept', 'solution']) assert.ok(words.includes(w), `${w}: ${words}`);
      await page.screenshot({ path: path.join(shots, 'fill.png') });
    });

    await check('the attractor grows to the library\'s attractor', async () => {
      await animate('attractor');
      const s = await state();
      const lib = libraryFor(s.maze);
      const plain = new Set(await cells(['open', 'wall']));
      const attracted = [];
      for (let i = 0; i < s.maze.cells.length; i++) if (s.maze.cells[i] !== '#' && !plain.has(i)) attracted.push(i);
      assert.deepEqual(sorted(attracted), sorted(lib.attr.attractor.map((c) => flat(s.maze.shape, c))));
      // The solution's blues, the strategy in a colour of its own (not the walls' black).
      const words = await legendMatches('attractor');
      assert.ok(words.some((w) => /^attractor/.test(w)) && words.some((w) => /^strategy/.test(w)), String(words));
      assert.ok(!words.includes('solution'), 'the solution is not drawn under the attractor');
      await page.screenshot({ path: path.join(shots, 'attractor.png') });
    });

    await check('the BFS frontier stops at the goal\'s layer', async () => {
      await animate('bfs');
      const s = await state();
      const layers = await page.evaluate(() => window.playground.maze.anim.result.layers);
      const reached = (await cells(['kept', 'frontier', 'start', 'goal'])).length;
      assert.equal(reached, layers.flat().length);
      assert.equal(layers.length - 1, libraryFor(s.maze).solved.length);
      const words = await legendMatches('breadth-first search');
      assert.ok(words.includes('reached') && words.includes('frontier'), String(words));
      await page.screenshot({ path: path.join(shots, 'bfs.png') });
    });

    await check('step advances one step', async () => {
      await page.click('#reset');
      await page.selectOption('#anim-kind', 'fill');
      await page.click('#step');
      await page.waitForFunction(() => document.getElementById('maze').dataset.animDone === '1');
      await page.click('#step');
      await page.waitForFunction(() => document.getElementById('maze').dataset.animDone === '2');
      assert.equal((await cells(['filled'])).length, 2);
    });

    await check('a click moves the start', async () => {
      await page.click('#reset');
      const s = await state();
      const target = s.maze.shape[1] + 1; // the cell (1, 1), a room
      const box = await page.evaluate((i) => {
        const v = window.playground.maze.view, r = v.canvas.getBoundingClientRect();
        return { x: r.left + (v.x(i) + v.cs / 2) * r.width / v.canvas.width, y: r.top + (v.y(i) + v.cs / 2) * r.height / v.canvas.height };
      }, target);
      await page.mouse.click(box.x, box.y);
      await page.waitForFunction(() => String(window.playground.maze.view.maze.start) === '1,1');
      assert.deepEqual(await cells(['start']), [target]);
    });

    await check('shaded and 3D displays draw every passage', async () => {
      await page.check('input[name=display][value=shaded]');
      await page.waitForFunction(() => window.playground.maze.display === 'shaded');
      const s = await state();
      assert.equal(Number(s.data.passages), [...s.maze.cells].filter((c) => c !== '#').length);
      assert.ok((await legendMatches('shaded')).some((w) => /distance from the start/.test(w)));
      await page.screenshot({ path: path.join(shots, 'shaded.png') });
      await page.setChecked('#solution', true);
      await page.check('input[name=display][value="3d"]');
      await page.waitForFunction(() => window.playground.maze.display === '3d' && Number(document.getElementById('maze').dataset.solution) > 0);
      // 3D draws the start, the goal and the solution on its floor, and lists nothing else.
      assert.deepEqual(await legendMatches('3D'), ['wall', 'passage', 'solution', 'start', 'goal']);
      await page.screenshot({ path: path.join(shots, '3d.png') });
      await page.setChecked('#solution', false);
    });

    await check('after 3D, the 2-D maze is drawn whole', async () => {
      await page.check('input[name=display][value=normal]');
      await page.waitForFunction(() => window.playground.maze.display === 'normal');
      const s = await state();
      const g = await page.evaluate(() => {
        const v = window.playground.maze.view, c = v.canvas;
        const last = v.passage.length - 1;
        const corner = [...v.ctx.getImageData(c.width - 1, c.height - 1, 1, 1).data.slice(0, 3)];
        return { width: c.width, height: c.height, right: v.x(last) + v.cs, bottom: v.y(last) + v.cs, corner };
      });
      // The canvas ends where the far corner's cell ends, and that cell (a wall) is drawn.
      assert.deepEqual([g.width, g.height], [g.right, g.bottom]);
      assert.deepEqual(g.corner, [0, 0, 0]);
      assert.equal((await cells(['open', 'start', 'goal'])).length, [...s.maze.cells].filter((c) => c !== '#').length);
      assert.deepEqual(await legendMatches('2-D after 3D'), ['wall', 'passage', 'start', 'goal']);
      await page.screenshot({ path: path.join(shots, 'after-3d.png') });
    });

    await check('n-D mazes are drawn as slices', async () => {
      await generate('3x4x5', { algorithm: 'backtracker', seed: 2, loops: 0, shape: 'box' });
      const s = await state();
      assert.deepEqual(s.maze.shape, [7, 9, 11]);
      assert.equal((await cells(['open', 'start', 'goal'])).length, [...s.maze.cells].filter((c) => c !== '#').length);
      // Each slice is labelled with its coordinate on the first axis, as `mazegraph render`
      // labels them, in the strip above it (drawn: not all background).
      const labels = await page.evaluate(() => {
        const v = window.playground.maze.view;
        return Array.from({ length: v.slices }, (_, k) => {
          const strip = v.ctx.getImageData(v.sliceX(k), v.sliceY(k) - v.labelH, v.w * v.cs, v.labelH).data;
          let ink = 0;
          for (let o = 0; o < strip.length; o += 4) if (strip[o] < 128) ink++;
          return { text: v.sliceLabel(k), ink };
        });
      });
      assert.deepEqual(labels.map((l) => l.text), [0, 1, 2, 3, 4, 5, 6].map((k) => `d0=${k}`));
      assert.ok(labels.every((l) => l.ink > 5), JSON.stringify(labels));
      await legendMatches('slices');
      await page.screenshot({ path: path.join(shots, 'slices.png') });
      // 3D shows one slice and says which.
      await page.check('input[name=display][value="3d"]');
      await page.waitForFunction(() => window.playground.maze.display === '3d');
      await legendMatches('3D of a 3-D maze');
      await page.screenshot({ path: path.join(shots, 'slices-3d.png') });
      await page.check('input[name=display][value=normal]');
      await page.waitForFunction(() => window.playground.maze.display === 'normal');
    });

    await check('the spiral shapes are offered, with their turns, in 2-D', async () => {
      await page.selectOption('#shape', 'double-spiral');
      assert.ok(await page.isVisible('#turns'));
      await page.fill('#turns', '2');
      await generate('30x30', { seed: 3 });
      const s = await state();
      assert.equal(s.error, '');
      assert.equal(s.maze.shape.length, 2);
      await legendMatches('double spiral');
      await page.screenshot({ path: path.join(shots, 'spiral.png') });
      await page.fill('#turns', '');
      await page.selectOption('#shape', 'box');
      assert.ok(!(await page.isVisible('#turns')));
    });

    await check('a 200×200-room maze fills to the library\'s cells', async () => {
      await generate('200x200', { algorithm: 'backtracker', seed: 5 });
      // A figure, not a check (no timed assertions): what a full redraw costs, and what a
      // frame of the animation costs at 10000 steps/s (about 170 cells a frame).
      const cost = await page.evaluate(async () => {
        const pg = window.playground;
        const a = await pg.startAnim('fill');
        let t = performance.now();
        const frames = Math.ceil(a.steps / 170);
        for (let k = 0; k < frames; k++) pg.stepAnim(170);
        const perFrame = (performance.now() - t) / frames;
        t = performance.now();
        await pg.startAnim('fill');
        const redraw = performance.now() - t;
        return { perFrame: perFrame.toFixed(3), redraw: redraw.toFixed(1) };
      });
      console.log(`   200×200 rooms: ${cost.perFrame} ms per animation frame of 170 cells; ${cost.redraw} ms for a request and a full redraw`);
      await animate('fill');
      const s = await state();
      const lib = libraryFor(s.maze);
      assert.equal((await cells(['kept', 'path', 'start', 'goal'])).length, lib.solved.kept_count);
      await page.screenshot({ path: path.join(shots, 'fill-200.png') });
    });

    await check('upload reads a maze file', async () => {
      const file = path.join(work, 'small.txt');
      fs.writeFileSync(file, '#.#####\n#.....#\n#####.#\n');
      await page.setInputFiles('#upload', file);
      await page.waitForFunction(() => String(window.playground.maze.view.maze.shape) === '3,7');
      assert.equal((await cells(['open', 'start', 'goal'])).length, 7);
    });

    assert.deepEqual(problems, []);
    expectRefusals = true;
    await check('a bad upload is one error line, and the server lives on', async () => {
      const file = path.join(work, 'broken.png');
      fs.writeFileSync(file, 'not a png at all');
      await page.setInputFiles('#upload', file);
      await page.waitForFunction(() => document.getElementById('error').textContent.length > 0);
      const e = await page.textContent('#error');
      assert.ok(!e.includes('\n'), e);
      await generate('5x5', { seed: 1 });
      assert.equal((await state()).error, '');
    });

    await check('absurd sizes are refused with the server\'s limits, in words for the page', async () => {
      await generate('5x5', { seed: 1 });
      await page.fill('#size', '100000x100000');
      await page.click('#generate');
      await page.waitForFunction(() => document.getElementById('error').textContent.length > 0);
      const e = await page.textContent('#error');
      assert.match(e, /the server's (limit|memory budget)/);
      assert.doesNotMatch(e, /\(raise it with/);
      await page.screenshot({ path: path.join(shots, 'refused.png') });
    });

    await check('a 3-D spiral is refused in one line that says what to do', async () => {
      await generate('5x5', { seed: 1 });
      await page.selectOption('#shape', 'spiral');
      await page.fill('#size', '5x5x5');
      await page.click('#generate');
      await page.waitForFunction(() => document.getElementById('error').textContent.length > 0);
      assert.match(await page.textContent('#error'), /spiral shape is 2-D: give two sizes/);
      await page.selectOption('#shape', 'box');
    });

    expectRefusals = false;
    await check('download writes the chosen format', async () => {
      await generate('5x5', { seed: 1 });
      await page.selectOption('#format', 'dot');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
      assert.equal(download.suggestedFilename(), 'maze.dot');
      const text = fs.readFileSync(await download.path(), 'utf8');
      assert.match(text, /^graph maze \{/);
    });

    // Tiled mazes: every tiling of the menu drawn from the server's geometry.
    const rooms = (names) => page.evaluate((cs) => window.playground.roomsOfColours(cs), names.map((n) => colours[n]));
    const pickTiling = async (t, size) => {
      const before = await page.evaluate(() => window.playground.maze.generation);
      await page.selectOption('#tiling', t);
      await page.waitForFunction((b) => window.playground.maze.generation > b, before);
      if (size) await generate(size, { seed: 5 });
      await page.waitForFunction(() => document.getElementById('stats').textContent.length > 0);
    };
    // The pixels at the middle of every wall the geometry says is drawn (closed between two
    // rooms, or on the boundary but for the entrance and exit), and how many are dark.
    const wallPixels = () => page.evaluate(() => {
      const t = window.playground.maze.tiled, img = t.ctx.getImageData(0, 0, t.canvas.width, t.canvas.height).data;
      let walls = 0, dark = 0, gaps = 0, darkGaps = 0;
      const seen = [];
      t.geo.sides.forEach((sides, v) => sides.forEach((s, k) => {
        const u = s[5], gap = u < 0 && t.isGap(v, k);
        if (u >= 0 && (s[6] || u < v)) return;
        let m = [(s[0] + s[2]) / 2, (s[1] + s[3]) / 2];
        if (s[4]) { const r = Math.hypot(s[0], s[1]), d = Math.hypot(m[0], m[1]); m = [m[0] * r / d, m[1] * r / d]; }
        const [x, y] = t.px(m).map(Math.floor);
        const o = (y * t.canvas.width + x) * 4;
        // The walls' black, anti-aliased: no channel above a quarter (the start's green has none in red).
        const isDark = Math.max(img[o], img[o + 1], img[o + 2]) < 64;
        if (gap) { gaps++; darkGaps += isDark; if (isDark) seen.push([v, k, x, y]); } else { walls++; dark += isDark; }
      }));
      return { walls, dark, gaps, darkGaps, seen };
    });
    const tilings = await page.evaluate(() => [...document.querySelectorAll('#tiling option')].map((o) => o.value));
    assert.deepEqual(tilings, ['square', 'sigma', 'sigma-flat', 'delta', 'theta', 'upsilon', 'weave']);
    for (const t of tilings.slice(1)) {
      await check(`the ${t} tiling is drawn from the menu, its solution toggles`, async () => {
        await page.uncheck('#solution');
        await pickTiling(t);
        const d = await page.evaluate(() => ({ ...document.getElementById('maze').dataset }));
        assert.equal(d.tiling, t);
        assert.equal(await page.textContent('#error'), '');
        if (t !== 'weave') {
          // A weave's walls are inset: its rooms' sides are not where its walls are drawn.
          const w = await wallPixels();
          assert.ok(w.walls > 50 && w.dark === w.walls, `${t}: ${w.dark} of ${w.walls} walls drawn`);
          // The entrance and the exit are gaps in the outer wall (theta's start, the centre, has none).
          assert.equal(w.gaps, t === 'theta' ? 1 : 2, t);
          assert.equal(w.darkGaps, 0, `${t}: a gap is drawn as a wall: ${JSON.stringify(w.seen)}`);
        }
        const n = await page.evaluate(() => window.playground.maze.tiled.n);
        assert.equal((await rooms(['open'])).length, n - 2);
        assert.deepEqual(await rooms(['path']), []);
        await page.check('#solution');
        await page.waitForFunction(() => Number(document.getElementById('maze').dataset.solution) > 0);
        const sol = await page.evaluate(() => window.playground.maze.solution);
        const inner = sol.path.slice(1, -1);
        assert.deepEqual(sorted(await rooms(['path'])), sorted(inner));
        assert.deepEqual(await rooms(['start', 'goal']), sorted([sol.start, sol.goal]));
        await page.screenshot({ path: path.join(shots, `tiled-${t}.png`) });
        await page.uncheck('#solution');
        await page.waitForFunction(() => Number(document.getElementById('maze').dataset.solution) === 0);
        assert.deepEqual(await rooms(['path']), []);
      });
    }

    // The pixel of room v's centre on the page.
    const roomPoint = (v) => page.evaluate((v) => {
      const t = window.playground.maze.tiled, r = t.canvas.getBoundingClientRect();
      const [x, y] = t.centre(v);
      return [r.left + x * r.width / t.canvas.width, r.top + y * r.height / t.canvas.height];
    }, v);

    await check('a click on a hexagon moves the start, a shift-click the goal, and it is solved again', async () => {
      await pickTiling('sigma', '8x10');
      await page.check('#solution');
      await page.waitForFunction(() => Number(document.getElementById('maze').dataset.solution) > 0);
      const [x, y] = await roomPoint(44);
      await page.mouse.click(x, y);
      await page.waitForFunction(() => { const s = window.playground.maze.solution; return s && s.start === 44; });
      const [gx, gy] = await roomPoint(3);
      await page.keyboard.down('Shift');
      await page.mouse.click(gx, gy);
      await page.keyboard.up('Shift');
      await page.waitForFunction(() => { const s = window.playground.maze.solution; return s && s.goal === 3; });
      const sol = await page.evaluate(() => window.playground.maze.solution);
      assert.equal(sol.path[0], 44);
      assert.equal(sol.path[sol.path.length - 1], 3);
      assert.deepEqual(await rooms(['start', 'goal']), [3, 44]);
      assert.deepEqual(sorted(await rooms(['path'])), sorted(sol.path.slice(1, -1)));
      await page.uncheck('#solution');
    });

    await check('dead-end filling, search and the attractor on rings, room by room as the library finds them', async () => {
      await pickTiling('theta', '8');
      await animate('fill');
      const r = await page.evaluate(() => window.playground.maze.anim.result);
      const n = await page.evaluate(() => window.playground.maze.tiled.n);
      assert.deepEqual(sorted(await rooms(['filled'])), sorted(r.fill));
      assert.equal((await rooms(['kept', 'path', 'start', 'goal'])).length, r.kept_count);
      assert.equal(r.fill.length + r.kept_count, n);
      await page.screenshot({ path: path.join(shots, 'tiled-theta-fill.png') });
      await animate('bfs');
      const layers = await page.evaluate(() => window.playground.maze.anim.result.layers);
      assert.deepEqual(sorted(await rooms(['frontier'])), sorted(layers[layers.length - 1].filter((v) => v !== r.goal)));
      // The goal's attractor, rank by rank: every room on the solution shaded, the others not.
      await animate('attractor');
      const a = await page.evaluate(() => window.playground.maze.anim.result);
      const inAttractor = a.ranks.flat().filter((v) => v !== a.start && v !== a.goal);
      const plain = await rooms(['open']);
      assert.equal(plain.length, n - 2 - inAttractor.length);
      assert.ok(inAttractor.every((v) => !plain.includes(v)));
      const words = await page.evaluate(() => [...document.querySelectorAll('#legend span')].map((s) => s.textContent));
      assert.ok(words.some((w) => w.startsWith('attractor')), `${words}`);
      await page.screenshot({ path: path.join(shots, 'tiled-theta-attractor.png') });
    });

    await check('walking a piece from the start to the goal, by clicks and keys', async () => {
      await pickTiling('delta', '6x10');
      await page.check('#walk');
      const t0 = await page.evaluate(() => { const t = window.playground.maze.tiled; return { start: t.start, pass: t.pass[t.start] }; });
      // A key moves the piece to an open neighbour (some key does, in its direction).
      let moved = false;
      for (const k of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'e', 'c', 'z', 'q']) {
        await page.keyboard.press(k);
        const at = await page.evaluate(() => Number(document.getElementById('maze').dataset.walkAt));
        if (at !== t0.start) { assert.ok(t0.pass.includes(at), `${k}: ${at}`); moved = true; break; }
      }
      assert.ok(moved, 'no key moved the piece');
      // Back to the start by a click, then along the solution, room by room.
      const back = await page.evaluate(() => Number(document.getElementById('maze').dataset.walkAt));
      const [bx, by] = await roomPoint(t0.start);
      await page.mouse.click(bx, by);
      assert.equal(await page.evaluate(() => Number(document.getElementById('maze').dataset.walkAt)), t0.start, `from ${back}`);
      // A click on a room that is not a neighbour does nothing.
      const far = await page.evaluate(() => window.playground.maze.tiled.goal);
      const [fx, fy] = await roomPoint(far);
      await page.mouse.click(fx, fy);
      assert.equal(await page.evaluate(() => Number(document.getElementById('maze').dataset.walkAt)), t0.start);
      const sol = await page.evaluate(async () => (await fetch('/api/solve', {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ tiled: window.playground.maze.tiled.tiled, method: 'bfs' }),
      })).json());
      for (const v of sol.path.slice(1)) {
        const [x, y] = await roomPoint(v);
        await page.mouse.click(x, y);
      }
      const d = await page.evaluate(() => ({ ...document.getElementById('maze').dataset }));
      assert.equal(d.won, '1');
      assert.equal(Number(d.walkSteps), sol.length + 2);
      assert.match(await page.textContent('#status'), /you reached the goal in \d+ steps!/);
      assert.deepEqual(await rooms(['walker']), [far], 'the piece stands on the goal');
      await page.screenshot({ path: path.join(shots, 'tiled-walk.png') });
      await page.uncheck('#walk');
    });

    await check('walking a square maze by the keys, to the goal', async () => {
      await pickTiling('square');
      await generate('6x8', { seed: 4, loops: 0 });
      await page.check('#walk');
      const m = await page.evaluate(() => window.playground.maze.view.maze);
      const sol = await page.evaluate(async (maze) => (await fetch('/api/solve', {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ maze, method: 'bfs' }),
      })).json(), m);
      const w = m.shape[1];
      // Into a wall: the piece stays.
      const at = () => page.evaluate(() => Number(document.getElementById('maze').dataset.walkAt));
      const start = sol.path[0];
      for (const k of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']) {
        const [dr, dc] = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[k];
        const r = Math.floor(start / w) + dr, c = (start % w) + dc;
        const open = r >= 0 && c >= 0 && r < m.shape[0] && c < w && m.cells[r * w + c] !== '#';
        if (!open) { await page.keyboard.press(k); assert.equal(await at(), start, k); }
      }
      for (let k = 1; k < sol.path.length; k++) {
        const d = sol.path[k] - sol.path[k - 1];
        await page.keyboard.press(d === 1 ? 'ArrowRight' : d === -1 ? 'ArrowLeft' : d > 0 ? 'ArrowDown' : 'ArrowUp');
        assert.equal(await at(), sol.path[k]);
      }
      const d = await page.evaluate(() => ({ ...document.getElementById('maze').dataset }));
      assert.equal(d.won, '1');
      assert.equal(Number(d.walkSteps), sol.length);
      assert.match(await page.textContent('#status'), /you reached the goal in \d+ steps!/);
      assert.deepEqual(sorted(await cells(['walked'])), sorted(sol.path.slice(1, -1)));
      await page.screenshot({ path: path.join(shots, 'square-walk.png') });
      await page.uncheck('#walk');
    });

    await check('a tiled maze downloads as the CLI\'s tiled JSON and as SVG', async () => {
      await pickTiling('upsilon', '5x6');
      const formats = await page.evaluate(() => [...document.querySelectorAll('#format option')].map((o) => o.value));
      assert.deepEqual(formats.slice(0, 3), ['json', 'svg', 'png']);
      await page.selectOption('#format', 'json');
      let [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
      assert.equal(download.suggestedFilename(), 'maze.json');
      const file = path.join(work, 'upsilon.json');
      fs.copyFileSync(await download.path(), file);
      const tiled = JSON.parse(fs.readFileSync(file, 'utf8'));
      assert.equal(tiled.tiling, 'upsilon');
      assert.deepEqual(tiled, await page.evaluate(() => window.playground.maze.tiled.tiled));
      // The CLI reads it.
      assert.match(cli('solve', file), /upsilon maze of 30 rooms/);
      await page.selectOption('#format', 'svg');
      [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
      assert.equal(download.suggestedFilename(), 'maze.svg');
      assert.match(fs.readFileSync(await download.path(), 'utf8'), /^<svg /);
      // Uploaded back, it is shown as the same maze.
      await pickTiling('square');
      await page.setInputFiles('#upload', file);
      await page.waitForFunction(() => window.playground.maze.tiled && window.playground.maze.tiled.geo.tiling === 'upsilon');
      assert.equal(await page.inputValue('#tiling'), 'upsilon');
    });
    assert.deepEqual(problems, []);

    await check('the wolf game regenerates the maze around the wolf', async () => {
      await page.click('#tab-game');
      await page.waitForFunction(() => window.playground.game.view !== null);
      const g0 = await page.evaluate(() => ({ cells: window.playground.game.maze.cells, wolf: window.playground.game.wolf }));
      for (const k of ['ArrowRight', 'ArrowDown', 'd', 's', 'ArrowLeft', 'a', 'ArrowUp', 'w']) await page.keyboard.press(k);
      await page.waitForFunction(() => Number(document.getElementById('game').dataset.regenerations) >= 1, null, { timeout: 30000 });
      const g = await page.evaluate(() => {
        const G = window.playground.game;
        return { cells: G.maze.cells, shape: G.maze.shape, wolf: G.wolf, visited: G.visits,
          onPassage: document.getElementById('game').dataset.wolfOnPassage };
      });
      assert.notEqual(g.cells, g0.cells);
      assert.equal(g.cells[g.wolf], '.');
      assert.equal(g.onPassage, '1');
      // No exit: the frame is all wall.
      const [h, w] = g.shape;
      for (let i = 0; i < g.cells.length; i++) {
        const r = Math.floor(i / w), c = i % w;
        if (r === 0 || c === 0 || r === h - 1 || c === w - 1) assert.equal(g.cells[i], '#');
      }
      assert.ok(g.visited >= 1);
      await page.screenshot({ path: path.join(shots, 'game.png') });
      await page.keyboard.press('p');
      assert.equal(await page.evaluate(() => window.playground.game.paused), true);
    });

    await check('the sheep move by their strategy and the safe cells are shaded', async () => {
      await page.keyboard.press('p');
      await page.check('#game-safe');
      await page.waitForFunction(() => Number(document.getElementById('game').dataset.pursuits) >= 1, null, { timeout: 10000 });
      const moves = async (keys) => {
        const before = await page.evaluate(() => window.playground.game.sheepMoves);
        for (const k of keys) await page.keyboard.press(k);
        await page.waitForFunction((n) => window.playground.game.sheepMoves > n, before, { timeout: 10000 });
        return page.evaluate(() => {
          const G = window.playground.game;
          return { sheep: G.sheep, cells: G.maze.cells, thinking: G.thinking };
        });
      };
      let g = await moves(['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'd', 'a', 's', 'w']);
      for (const s of g.sheep) assert.equal(g.cells[s], '.');
      await page.waitForFunction(() => !window.playground.game.thinking && window.playground.game.owed === 0);
      // The overlay: every path cell the server calls safe is left white, as `pursuit -o fate.png`
      // leaves it, and every other is shaded in the attractor's blues (but under a piece).
      const drawn = await page.evaluate(() => {
        const G = window.playground.game, C = window.playground.colours;
        const safe = [...G.fate.cells].filter(([i, k]) => k === null && i !== G.wolf && !G.sheep.includes(i)).map(([i]) => i);
        const legend = [...document.querySelectorAll('#game-legend span')].map((s) => s.dataset.colours);
        return { safe, white: window.playground.cellsOfColours([C.open], G.view), legend, fateWolf: G.fate.wolf, wolf: G.wolf };
      });
      assert.equal(drawn.fateWolf, drawn.wolf);
      assert.ok(drawn.safe.length > 0);
      assert.deepEqual(sorted(drawn.white), sorted(drawn.safe));
      assert.ok(drawn.legend.length >= 1 && drawn.legend[0] === '#ffffff', drawn.legend.join(' | '));
      await page.screenshot({ path: path.join(shots, 'game-safe.png') });
      // When the server fails, the sheep step at random and the error is shown.
      expectRefusals = true;
      await page.route('**/api/pursuit', (r) => r.fulfill({ status: 400, contentType: 'application/json', body: '{"error": "no sheep today"}' }));
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowLeft');
      await page.waitForFunction(() => document.getElementById('game-error').textContent === 'no sheep today', null, { timeout: 10000 });
      await page.unroute('**/api/pursuit');
      expectRefusals = false;
      g = await page.evaluate(() => ({ sheep: window.playground.game.sheep, cells: window.playground.game.maze.cells }));
      for (const s of g.sheep) assert.equal(g.cells[s], '.');
      await page.keyboard.press('p');
    });

    assert.deepEqual(problems, []);
    assert.ok(types.has('/api/upload') && types.has('/api/generate') && types.has('/api/convert'), [...types.keys()].join(' '));
    console.log(`${checks} checks passed; screenshots in ${shots}`);
  } finally {
    await browser.close();
    server.kill();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error('FAILED:', e && e.stack || e);
  process.exit(1);
});
