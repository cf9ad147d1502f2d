// PDN FEN for the page: read the pieces of a position and write them back, with the square
// names of the variant (numbers or a1–h8). The server checks every FEN it is given.

// { side: 'white'|'black', pieces: Map(name -> {color, king}) }
export function parseFen(fen, variant) {
  const names = new Set(variant.squares.map((s) => s.name));
  const byNumber = variant.squares.map((s) => s.name);
  const text = fen.trim().replace(/\.$/, '');
  const fields = text.split(':');
  const first = (fields[0] || '').trim().toUpperCase();
  if (first !== 'W' && first !== 'B') throw new Error('a FEN starts with W or B (side to move)');
  const side = first === 'W' ? 'white' : 'black';
  const pieces = new Map();
  for (const raw of fields.slice(1)) {
    const f = raw.trim();
    const c = f[0] ? f[0].toUpperCase() : '';
    if (c !== 'W' && c !== 'B') continue; // other fields (Frisian king counts …)
    const color = c === 'W' ? 'white' : 'black';
    const list = f.slice(1).trim();
    if (!list) continue;
    for (let item of list.split(',')) {
      item = item.trim();
      if (!item) continue;
      let king = false;
      if (item[0] === 'K' || item[0] === 'k') { king = true; item = item.slice(1); }
      const range = /^(\d+)-(\d+)$/.exec(item);
      if (range && !variant.algebraic) {
        const lo = Number(range[1]);
        const hi = Number(range[2]);
        if (lo > hi || hi > byNumber.length) throw new Error(`bad range ${item}`);
        for (let n = lo; n <= hi; n++) pieces.set(byNumber[n - 1], { color, king });
        continue;
      }
      const name = variant.algebraic ? item.toLowerCase() : String(Number(item));
      if (!names.has(name)) throw new Error(`no square ${item} on this board`);
      pieces.set(name, { color, king });
    }
  }
  return { side, pieces };
}

// The FEN of `pieces` with `side` to move, squares in notation order.
export function writeFen(side, pieces, variant) {
  const part = (color) => variant.squares
    .filter((s) => pieces.has(s.name) && pieces.get(s.name).color === color)
    .map((s) => (pieces.get(s.name).king ? 'K' : '') + s.name)
    .join(',');
  return `${side === 'white' ? 'W' : 'B'}:W${part('white')}:B${part('black')}`;
}
