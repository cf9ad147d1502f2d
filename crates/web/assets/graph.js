// The evaluation graph: White's score at each position of the game, clamped to ±5 men
// (a forced win or loss sits on the edge), with the position on view marked. A click picks
// a position.

const NS = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 120;
const CLAMP = 500; // hundredths of a man

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export class EvalGraph {
  constructor(container, onPick) {
    this.svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'graph-svg', preserveAspectRatio: 'none', role: 'img', 'aria-label': 'evaluation graph' });
    container.appendChild(this.svg);
    this.onPick = onPick;
    this.count = 1;
    this.svg.addEventListener('click', (e) => {
      const r = this.svg.getBoundingClientRect();
      const x = ((e.clientX - r.left) / r.width) * W;
      const ply = Math.round((x / W) * Math.max(1, this.count - 1));
      this.onPick(Math.max(0, Math.min(this.count - 1, ply)));
    });
  }

  static y(white) {
    const v = Math.max(-CLAMP, Math.min(CLAMP, white > 29000 ? CLAMP : white < -29000 ? -CLAMP : white));
    return H / 2 - (v / CLAMP) * (H / 2 - 4);
  }

  // `evals`: Map(ply -> white score); `count`: positions in the game; `current`: ply on view;
  // `marks`: Map(ply -> 'inaccuracy' | 'mistake' | 'blunder') for the moves a review judged.
  render(evals, count, current, marks = new Map()) {
    this.count = count;
    const svg = this.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    el('rect', { x: 0, y: 0, width: W, height: H / 2, class: 'graph-white' }, svg);
    el('rect', { x: 0, y: H / 2, width: W, height: H / 2, class: 'graph-black' }, svg);
    el('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'graph-axis' }, svg);
    const step = W / Math.max(1, count - 1);
    const pts = [...evals.entries()].sort((a, b) => a[0] - b[0]).map(([p, v]) => [p * step, EvalGraph.y(v)]);
    if (pts.length) {
      const area = [`${pts[0][0]},${H / 2}`, ...pts.map(([x, y]) => `${x},${y}`), `${pts[pts.length - 1][0]},${H / 2}`];
      el('polygon', { points: area.join(' '), class: 'graph-area' }, svg);
      el('polyline', { points: pts.map(([x, y]) => `${x},${y}`).join(' '), class: 'graph-line' }, svg);
      for (const [x, y] of pts) el('circle', { cx: x, cy: y, r: 2.5, class: 'graph-dot' }, svg);
      for (const [p, kind] of marks) {
        if (!evals.has(p)) continue;
        el('circle', { cx: p * step, cy: EvalGraph.y(evals.get(p)), r: 5, class: `graph-mark ${kind}`, 'data-ply': String(p) }, svg);
      }
    }
    if (current !== null && current !== undefined) {
      const x = current * step;
      el('line', { x1: x, y1: 0, x2: x, y2: H, class: 'graph-cursor' }, svg);
    }
  }
}
