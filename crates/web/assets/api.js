// The server's API (crates/web/API.md) as promises. Errors throw ApiError with the server's
// JSON error (`error`, `message`, and `candidates` for an ambiguous move).

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.message ? body.message : `HTTP ${status}`);
    this.status = status;
    this.code = body && body.error;
    this.body = body;
  }
}

async function request(method, path, { body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (_) {
    // The browser's own words ("Failed to fetch") say nothing to a player.
    throw new ApiError(0, { error: 'offline', message: 'No connection to the server' });
  }
  const type = res.headers.get('Content-Type') || '';
  const data = type.includes('json') ? await res.json() : await res.text();
  if (!res.ok) throw new ApiError(res.status, typeof data === 'object' ? data : { message: data });
  return data;
}

const game = (id) => `/api/games/${encodeURIComponent(id)}`;

export const api = {
  variants: () => request('GET', '/api/variants'),
  ballots: () => request('GET', '/api/ballots'),
  rules: (variant) => request('GET', `/api/variants/${encodeURIComponent(variant)}/rules`),
  puzzles: (variant) => request('GET', `/api/variants/${encodeURIComponent(variant)}/puzzles`),
  // The variant's endgame databases on the server: {pieces, recommended, command, buildable, build}.
  endings: (variant) => request('GET', `/api/variants/${encodeURIComponent(variant)}/egdb`),
  buildEndings: (variant) => request('POST', `/api/variants/${encodeURIComponent(variant)}/egdb`, { body: {} }),
  // Whether a solver's move other than the line's reaches the goal: {accepted, steps}.
  judgePuzzle: (variant, puzzle, body) => request('POST',
    `/api/variants/${encodeURIComponent(variant)}/puzzles/${encodeURIComponent(puzzle)}/judge`, { body }),
  puzzleResult: (variant, puzzle, body) => request('POST',
    `/api/variants/${encodeURIComponent(variant)}/puzzles/${encodeURIComponent(puzzle)}/result`, { body }),
  nextPuzzle: (variant, body) => request('POST',
    `/api/variants/${encodeURIComponent(variant)}/puzzles/next`, { body }),
  checkPosition: (variant, fen) => request('POST', '/api/positions', { body: { variant, fen } }),
  create: (spec) => request('POST', '/api/games', { body: spec }),
  importPdn: (spec) => request('POST', '/api/games/import', { body: spec }),
  // The games of a PDN text, to choose one: {games: [{index, white, black, event, date, result, plies, error}]}.
  pdnGames: (spec) => request('POST', '/api/pdn/games', { body: spec }),
  state: (id, token) => request('GET', game(id), { token }),
  play: (id, token, body) => request('POST', `${game(id)}/moves`, { body, token }),
  pass: (id, token, ply) => request('POST', `${game(id)}/pass`, { body: { ply }, token }),
  undo: (id, token) => request('POST', `${game(id)}/undo`, { token }),
  redo: (id, token) => request('POST', `${game(id)}/redo`, { token }),
  takeback: (id, token, action) => request('POST', `${game(id)}/takeback`, { body: { action }, token }),
  draw: (id, token, action) => request('POST', `${game(id)}/draw`, { body: { action }, token }),
  resign: (id, token, side) => request('POST', `${game(id)}/resign`, { body: side ? { side } : {}, token }),
  engineMove: (id, token) => request('POST', `${game(id)}/engine`, { body: { action: 'move' }, token }),
  engineAction: (id, token, action) => request('POST', `${game(id)}/engine`, { body: { action }, token }),
  analysis: (id, token, body) => request('POST', `${game(id)}/analysis`, { body, token }),
  pdn: (id) => request('GET', `${game(id)}/pdn`),
  // The PDN with the page's comments, marks and variations (tree.js `toNotes`).
  pdnWithNotes: (id, notes) => request('POST', `${game(id)}/pdn`, { body: notes }),
};

// A WebSocket that follows a game and reconnects after a drop. `onMessage` gets each
// parsed message, `onDrop` is told of each drop (the server may have restarted, or lost the
// game), `onOpen` of each connection made; returns a function that closes it for good.
export function watchGame(id, token, onMessage, onDrop = () => {}, onOpen = () => {}) {
  let socket = null;
  let closed = false;
  let retry = 500;
  const open = () => {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    // The seat's token goes as a protocol, not in the address, where proxies would log it.
    const protocols = token ? ['damier', `damier.token.${token}`] : ['damier'];
    socket = new WebSocket(`${proto}://${location.host}${game(id)}/ws`, protocols);
    socket.onopen = () => { retry = 500; onOpen(); };
    socket.onmessage = (ev) => {
      try { onMessage(JSON.parse(ev.data)); } catch (_) { /* "pong" and the like */ }
    };
    socket.onclose = () => {
      if (closed) return;
      onDrop();
      setTimeout(open, retry);
      retry = Math.min(retry * 2, 8000);
    };
  };
  open();
  return () => { closed = true; if (socket) socket.close(); };
}
