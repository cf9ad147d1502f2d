// Entering a move on the board by clicks, from the legal moves of the position (each with
// `from`, `to`, `path`, `long` and `captured`, as the API describes them): the squares a
// picked piece may go to, a capture entered landing by landing or by its end square alone,
// and a choice between the captures that the squares clicked do not decide. The game page
// (app.js) and the Puzzles panel (puzzles.js) enter moves alike through it.

// The moves still possible with the squares entered so far (`prefix`: the start square, then
// landing squares).
export function candidates(moves, prefix) {
  return moves.filter((m) => prefix.every((sq, i) => m.path[i] === sq));
}

// The squares to mark after `prefix`: each candidate's next landing and its end.
export function targets(moves, prefix) {
  const t = new Set();
  if (!prefix.length) return t;
  for (const m of candidates(moves, prefix)) {
    if (m.path.length > prefix.length) t.add(m.path[prefix.length]);
    t.add(m.to);
  }
  return t;
}

// The start squares of `moves`.
export function starts(moves) {
  return new Set(moves.map((m) => m.from));
}

// Whether the rules leave only captures among the legal `moves` (a capture is compulsory).
export function mustCapture(moves) {
  return moves.length > 0 && moves.every((m) => m.captured.length > 0);
}

// What a click on `name` means after `prefix`, `pickable` being the squares whose piece a
// click picks: `{move}` one move entered, `{choices}` the moves that the squares clicked fit
// (more than one), or `{prefix}` the squares entered from now on (empty when the click put
// the piece back or fitted nothing); `illegal` is true when the click, after a piece was
// picked, fitted none of its moves.
export function clickSquare(moves, prefix, name, pickable) {
  if (!prefix.length) return { prefix: pickable.has(name) ? [name] : [] };
  if (prefix.length === 1 && name === prefix[0]) return { prefix: [] };
  const cands = candidates(moves, prefix);
  const k = prefix.length;
  const ending = cands.filter((m) => m.path.length === k + 1 && m.path[k] === name);
  const through = cands.filter((m) => m.path.length > k + 1 && m.path[k] === name);
  if (ending.length && !through.length) return ending.length === 1 ? { move: ending[0] } : { choices: ending };
  if (through.length && !ending.length) {
    const longer = [...prefix, name];
    const left = candidates(moves, longer);
    return left.length === 1 ? { move: left[0] } : { prefix: longer };
  }
  if (through.length && ending.length) return { choices: [...ending, ...through] };
  // The end square clicked directly, skipping the landings between.
  const finals = cands.filter((m) => m.to === name);
  if (finals.length === 1) return { move: finals[0] };
  if (finals.length > 1) return { choices: finals };
  if (pickable.has(name)) return { prefix: [name] };
  return { prefix: [], illegal: true };
}

// Whether two moves are the same: the same landings and the same pieces taken (a move
// without its list of captured pieces takes none).
export function sameMove(a, b) {
  return a.long === b.long && (a.captured || []).join(',') === (b.captured || []).join(',');
}

// Fill `box` with one button per move ("Which capture?") and a Cancel button, and show it;
// `onPick(move)` or `onCancel()` is called after the box is hidden again.
export function showChoices(box, moves, onPick, onCancel) {
  box.innerHTML = '';
  const label = document.createElement('span');
  label.textContent = 'Which capture? ';
  box.appendChild(label);
  const button = (text, cls, then) => {
    const b = document.createElement('button');
    b.type = 'button';
    if (cls) b.className = cls;
    b.textContent = text;
    b.addEventListener('click', () => { box.hidden = true; then(); });
    box.appendChild(b);
  };
  for (const m of moves) {
    button(`${m.long}${m.captured.length ? ` (takes ${m.captured.join(', ')})` : ''}`, 'choice', () => onPick(m));
  }
  button('Cancel', '', onCancel);
  box.hidden = false;
}
