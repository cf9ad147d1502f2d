// The board as SVG: squares, coordinates, pieces (kings crowned), highlights, and pointer
// input (click-click or drag). It draws what it is told; app.js decides what moves mean.

const NS = 'http://www.w3.org/2000/svg';
const CELL = 100;
const MARGIN = 32; // room for file letters and rank numbers

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// A five-point crown, centred on (0, 0), about 44 units wide.
const CROWN = 'M-22,10 L-26,-14 L-12,-2 L0,-20 L12,-2 L26,-14 L22,10 Z';

let boards = 0; // boards made, for ids of their own

export class BoardView {
  // `onSquare(name, how)` is called with a square name when the user clicks it or drops a
  // dragged piece on it (`how` is 'click' or 'drop'); `canDrag(name)` says whether the piece
  // there may be picked up.
  constructor(container, { onSquare, canDrag = () => false, label = 'board' }) {
    this.container = container;
    this.onSquare = onSquare;
    this.canDrag = canDrag;
    this.flipped = false;
    this.svg = el('svg', { class: 'board-svg', role: 'img', 'aria-label': label });
    container.appendChild(this.svg);
    // The shaded piece set's light from the upper left (the style sheet chooses the set).
    // Each board has its own gradients: one in a hidden dialog's board would paint nothing.
    boards += 1;
    this.defs = el('defs');
    for (const [color, light, dark] of [['white', '#ffffff', '#cfc6b3'], ['black', '#6a6a6a', '#101010']]) {
      const id = `shade-${color}-${boards}`;
      const g = el('radialGradient', { id, cx: '35%', cy: '30%', r: '75%' }, this.defs);
      el('stop', { offset: '0%', 'stop-color': light }, g);
      el('stop', { offset: '100%', 'stop-color': dark }, g);
      this.svg.style.setProperty(`--shade-${color}`, `url(#${id})`);
    }
    this.drag = null;
    this.svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.svg.addEventListener('pointermove', (e) => this.pointerMove(e));
    this.svg.addEventListener('pointerup', (e) => this.pointerUp(e));
    this.svg.addEventListener('pointercancel', () => this.cancelDrag());
  }

  setVariant(variant) {
    this.variant = variant;
    this.size = variant.size;
    this.byName = new Map(variant.squares.map((s) => [s.name, s]));
    this.byRC = new Map(variant.squares.map((s) => [`${s.row},${s.col}`, s.name]));
    const full = this.size * CELL;
    // A numbered board needs no a–j margins: its numbers are on the squares, and the board
    // keeps every pixel (readable numbers on a phone).
    this.margins = Boolean(variant.algebraic || variant.orthogonal);
    const m = this.margins ? MARGIN : 0;
    this.svg.setAttribute('viewBox', `${-m} 0 ${full + m} ${full + m}`);
    this.svg.dataset.variant = variant.id;
  }

  // Screen cell (x, y from the top-left) of a square at White's (row, col).
  cell(row, col) {
    const n = this.size;
    return this.flipped ? { x: n - 1 - col, y: row } : { x: col, y: n - 1 - row };
  }

  squareAt(clientX, clientY) {
    const pt = this.svg.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    const p = pt.matrixTransform(ctm.inverse());
    const x = Math.floor(p.x / CELL);
    const y = Math.floor(p.y / CELL);
    const n = this.size;
    if (x < 0 || y < 0 || x >= n || y >= n) return null;
    const row = this.flipped ? y : n - 1 - y;
    const col = this.flipped ? n - 1 - x : x;
    return this.byRC.get(`${row},${col}`) || null;
  }

  // Draw a position. `view`: { pieces: Map(name -> {color, king}), movable: Set, selected,
  // targets: Set, path: [names chosen so far], last: {path, captured: [{square,color,king}]} }
  render(view) {
    this.view = view;
    const svg = this.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    svg.appendChild(this.defs);
    const n = this.size;
    const v = this.variant;
    const full = n * CELL;
    const defs = el('defs', {}, svg);
    el('path', { id: 'crown', d: CROWN }, defs);

    const squares = el('g', { class: 'squares' }, svg);
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const row = this.flipped ? y : n - 1 - y;
        const col = this.flipped ? n - 1 - x : x;
        const name = this.byRC.get(`${row},${col}`);
        const dark = v.orthogonal ? (row + col) % 2 === 0 : Boolean(name);
        const cls = ['sq', dark ? 'dark' : 'light'];
        if (v.orthogonal) cls.push('ortho');
        const attrs = { x: x * CELL, y: y * CELL, width: CELL, height: CELL, class: cls.join(' ') };
        if (name) attrs['data-square'] = name;
        el('rect', attrs, squares);
      }
    }
    if (v.orthogonal) {
      // Turkish boards are plain squares ruled by lines.
      const grid = el('g', { class: 'grid' }, svg);
      for (let i = 0; i <= n; i++) {
        el('line', { x1: 0, y1: i * CELL, x2: full, y2: i * CELL }, grid);
        el('line', { x1: i * CELL, y1: 0, x2: i * CELL, y2: full }, grid);
      }
    }

    const marks = el('g', { class: 'marks' }, svg);
    const at = (name) => {
      const s = this.byName.get(name);
      return s ? this.cell(s.row, s.col) : null;
    };
    const box = (name, cls) => {
      const c = at(name);
      if (c) el('rect', { x: c.x * CELL, y: c.y * CELL, width: CELL, height: CELL, class: cls, 'data-mark': name }, marks);
    };
    if (view.last && view.last.path && view.last.path.length) {
      for (const name of view.last.path) box(name, 'mark-last');
    }
    for (const name of view.path || []) box(name, 'mark-path');
    for (const name of view.premove || []) box(name, 'mark-premove');
    if (view.selected) box(view.selected, 'mark-selected');

    const ghosts = el('g', { class: 'ghosts' }, svg);
    for (const g of (view.last && view.last.captured) || []) {
      const c = at(g.square);
      if (!c) continue;
      const p = this.drawPiece(ghosts, c, g.color, g.king, g.square);
      p.classList.add('ghost');
      const cx = c.x * CELL + CELL / 2;
      const cy = c.y * CELL + CELL / 2;
      el('path', { d: `M${cx - 16},${cy - 16} L${cx + 16},${cy + 16} M${cx + 16},${cy - 16} L${cx - 16},${cy + 16}`, class: 'captured-x' }, ghosts);
    }

    const pieces = el('g', { class: 'pieces' }, svg);
    this.pieceEls = new Map();
    for (const [name, piece] of view.pieces) {
      const c = at(name);
      if (!c) continue;
      const p = this.drawPiece(pieces, c, piece.color, piece.king, name);
      if (view.movable && view.movable.has(name)) p.classList.add('movable');
      if (view.selected === name) p.classList.add('selected');
      this.pieceEls.set(name, p);
    }

    // Square numbers in a corner of each playing square; files and ranks on the margins.
    const coords = el('g', { class: 'coords' }, svg);
    if (!v.algebraic) {
      for (const s of v.squares) {
        const c = this.cell(s.row, s.col);
        const t = el('text', { x: c.x * CELL + 4, y: c.y * CELL + 19, class: 'num' }, coords);
        t.textContent = s.name;
      }
    }
    for (let i = 0; i < n && this.margins; i++) {
      const col = this.flipped ? n - 1 - i : i;
      const row = this.flipped ? i : n - 1 - i;
      const f = el('text', { x: i * CELL + CELL / 2, y: full + 24, class: 'file' }, coords);
      f.textContent = String.fromCharCode(97 + col);
      const r = el('text', { x: -MARGIN / 2, y: i * CELL + CELL / 2 + 8, class: 'rank' }, coords);
      r.textContent = String(row + 1);
    }

    const targets = el('g', { class: 'targets' }, svg);
    for (const name of view.targets || []) {
      const c = at(name);
      if (c) el('circle', { cx: c.x * CELL + CELL / 2, cy: c.y * CELL + CELL / 2, r: 16, class: 'target', 'data-target': name }, targets);
    }
    this.drawArrows(svg, defs, view.arrows || [], at);
    if (view.animate) this.animate(view.animate, at);
  }

  // Arrows along the paths of the engine's best moves, the best one brightest; a capture's
  // arrow bends at each landing square.
  drawArrows(svg, defs, arrows, at) {
    if (!arrows.length) return;
    for (const kind of ['', '-threat']) {
      const marker = el('marker', { id: `arrowhead${kind}`, viewBox: '0 0 10 10', refX: '5', refY: '5', markerWidth: '3', markerHeight: '3', orient: 'auto-start-reverse' }, defs);
      el('path', { d: 'M0,0 L10,5 L0,10 z', class: `arrowhead${kind}` }, marker);
    }
    const g = el('g', { class: 'arrows' }, svg);
    // Drawn weakest first, so that the best lies on top.
    [...arrows].reverse().forEach((a) => {
      const points = a.path.map(at).filter(Boolean).map((c) => [c.x * CELL + CELL / 2, c.y * CELL + CELL / 2]);
      if (points.length < 2) return;
      // Stop short of the last centre, so that the head sits inside the end square.
      const [x1, y1] = points[points.length - 2];
      const [x2, y2] = points[points.length - 1];
      const len = Math.hypot(x2 - x1, y2 - y1);
      points[points.length - 1] = [x2 - ((x2 - x1) / len) * 22, y2 - ((y2 - y1) / len) * 22];
      el('polyline', {
        points: points.map((p) => p.join(',')).join(' '),
        class: `arrow${a.best ? ' best' : ''}${a.threat ? ' threat' : ''}`,
        'marker-end': `url(#arrowhead${a.threat ? '-threat' : ''})`,
        'data-arrow': a.path.join('-'),
      }, g);
    });
  }

  // Slide the piece that just moved from its start square (a move seen as it happens, not
  // only its result; the engine's instant replies too).
  animate({ from, to }, at) {
    const piece = this.pieceEls.get(to);
    const a = at(from);
    const b = at(to);
    if (!piece || !a || !b || from === to) return;
    // The style's transform stands in for the piece's own `transform` attribute while it
    // slides, and is removed after (dragging moves the attribute).
    const px = (c) => `translate(${c.x * CELL + CELL / 2}px, ${c.y * CELL + CELL / 2}px)`;
    const ms = Math.round(Math.min(320, 140 + 30 * Math.hypot(a.x - b.x, a.y - b.y)));
    piece.style.transition = 'none';
    piece.style.transform = px(a);
    piece.getBoundingClientRect(); // apply the start before the transition
    piece.style.transition = `transform ${ms}ms ease-out`;
    piece.style.transform = px(b);
    piece.classList.add('moving');
    setTimeout(() => {
      piece.classList.remove('moving');
      piece.style.transition = '';
      piece.style.transform = '';
    }, ms + 20);
  }

  drawPiece(parent, c, color, king, name) {
    const cx = c.x * CELL + CELL / 2;
    const cy = c.y * CELL + CELL / 2;
    const g = el('g', {
      class: `piece ${color}${king ? ' king' : ''}`,
      'data-square': name,
      'data-color': color,
      'data-king': king ? '1' : '0',
      transform: `translate(${cx},${cy})`,
    }, parent);
    el('circle', { r: 40, class: 'body' }, g);
    el('circle', { r: 29, class: 'rim' }, g);
    if (king) el('use', { href: '#crown', class: 'crown' }, g);
    return g;
  }

  pointerDown(e) {
    if (e.button !== undefined && e.button !== 0) return;
    const name = this.squareAt(e.clientX, e.clientY);
    if (!name) return;
    this.drag = { name, x: e.clientX, y: e.clientY, moved: false, el: this.pieceEls.get(name) };
    if (this.canDrag(name) && this.drag.el) {
      this.svg.setPointerCapture(e.pointerId);
      e.preventDefault();
    } else {
      this.drag.el = null;
    }
  }

  pointerMove(e) {
    const d = this.drag;
    if (!d || !d.el) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
    if (!d.moved) {
      d.moved = true;
      // Picking a piece up selects it, so its destinations show while it is dragged.
      this.onSquare(d.name, 'pick');
      d.el = this.pieceEls.get(d.name);
      if (!d.el) { this.drag = null; return; }
      d.el.classList.add('dragging');
      d.el.parentNode.appendChild(d.el);
    }
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    d.el.setAttribute('transform', `translate(${p.x},${p.y})`);
  }

  pointerUp(e) {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    const name = this.squareAt(e.clientX, e.clientY);
    if (d.moved) {
      if (name && name !== d.name) this.onSquare(name, 'drop');
      else this.render(this.view);
    } else if (name) {
      this.onSquare(name, 'click');
    }
  }

  cancelDrag() {
    if (this.drag && this.drag.moved) this.render(this.view);
    this.drag = null;
  }
}
