// The analysis board's move tree (assets/tree.js), under Node's test runner. The steps are
// shaped as the server's history entries: notation, long, path, captured and the FEN after.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MoveTree, savedTree, saveTree } from '../../assets/tree.js';

const START = 'W:W31-50:B1-20';
const step = (long, fen, captured = []) => ({
  notation: long,
  long,
  path: long.split(/[-x]/),
  captured,
  fen,
});
const game = [step('32-28', 'B:1'), step('19-23', 'W:2'), step('28x19', 'B:3', ['23'])];
// A variation's step as the page adds it (`short`, not `notation`).
const tried = (long, fen, captured = []) => ({ ...step(long, fen, captured), short: long });

const shapeOf = (node) => node.children.map((c) => [c.move.long, c.game, shapeOf(c)]);

test("the game's moves become the main line, and taking one back keeps it as a variation", () => {
  const t = new MoveTree(START);
  t.syncGame(START, game);
  assert.deepEqual(t.path(t.gameEnd).map((n) => n.move.long), ['32-28', '19-23', '28x19']);
  assert.equal(t.gameEnd.depth, 3);
  // The last move taken back and another played: the old one stays, second.
  t.syncGame(START, [...game.slice(0, 2), step('34-30', 'B:4')]);
  const afterTwo = t.path(t.gameEnd)[1];
  assert.deepEqual(afterTwo.children.map((c) => [c.move.long, c.game]), [['34-30', true], ['28x19', false]]);
  // A new start position is a new tree.
  t.syncGame('W:W31:B1', []);
  assert.equal(t.root.children.length, 0);
  assert.equal(t.gameEnd, t.root);
});

test('a move tried twice from one position is one node; variations sit after the game move', () => {
  const t = new MoveTree(START);
  t.syncGame(START, game);
  const first = t.path(t.gameEnd)[0];
  const a = t.add(first, tried('17-22', 'W:5'));
  assert.equal(t.add(first, tried('17-22', 'W:5')), a);
  const b = t.add(first, tried('18-22', 'W:6'));
  assert.deepEqual(first.children.map((c) => c.move.long), ['19-23', '17-22', '18-22']);
  const deeper = t.add(b, tried('31-27', 'B:7'));
  assert.deepEqual(t.fromGame(deeper), { ply: 1, moves: ['18-22', '31-27'] });
  assert.deepEqual(t.fromGame(t.gameEnd), { ply: 3, moves: [] });
  assert.equal(t.lineEnd(b), deeper);
  assert.equal(t.lineEnd(first), t.gameEnd, "a game node's line ends at the game's end");
  assert.equal(t.variationStart(deeper), b);
  assert.equal(t.node(deeper.id), deeper);
});

test('promoting a variation never puts it before the game move; removing never takes one', () => {
  const t = new MoveTree(START);
  t.syncGame(START, game);
  const first = t.path(t.gameEnd)[0];
  const a = t.add(first, tried('17-22', 'W:5'));
  const b = t.add(first, tried('18-22', 'W:6'));
  const deeper = t.add(b, tried('31-27', 'B:7'));
  assert.equal(t.promote(deeper), true, 'the whole variation moves up');
  assert.deepEqual(first.children.map((c) => c.move.long), ['19-23', '18-22', '17-22']);
  assert.equal(t.promote(b), false, 'already the first variation');
  assert.equal(t.promote(t.gameEnd), false);
  assert.equal(t.remove(t.gameEnd), false);
  assert.equal(t.remove(b), true);
  assert.equal(t.node(deeper.id), null, 'what followed goes too');
  assert.deepEqual(first.children.map((c) => c.move.long), ['19-23', '17-22']);
  assert.equal(t.node(a.id), a);
});

test('the PDN notes give the game with its variations, and an import adds them back', () => {
  const t = new MoveTree(START);
  t.syncGame(START, game);
  const [first, second] = t.path(t.gameEnd);
  const v = t.add(first, tried('17-22', 'W:5'));
  v.mark = '!?';
  v.comments = ['also good'];
  t.add(v, tried('28x17', 'B:8', ['22']));
  t.add(t.gameEnd, tried('14x23', 'W:9', ['19']));
  t.root.comments = ['a friendly game'];
  const notes = t.toNotes();
  assert.deepEqual(notes.main.comments, ['a friendly game']);
  assert.deepEqual(notes.main.moves.map((m) => m.move), ['32-28', '19-23', '28x19']);
  assert.deepEqual(notes.main.moves[1].variations, [{
    comments: [],
    moves: [
      { move: '17-22', captured: [], comments: ['also good'], variations: [], mark: '!?' },
      { move: '28x17', captured: ['22'], comments: [], variations: [] },
    ],
  }]);
  assert.deepEqual(notes.after.map((line) => line.moves.map((m) => m.move)), [['14x23']]);
  assert.equal(second.children[0].move.long, '28x19');

  // The server reads the notes into a tree of steps with their FENs; added to a new tree
  // holding the same game, it gives the same shape, marks and comments.
  const u = new MoveTree(START);
  u.syncGame(START, game);
  u.addNotes({
    comments: ['a friendly game'],
    moves: [
      { ...tried('32-28', 'B:1'), variations: [] },
      {
        ...tried('19-23', 'W:2'),
        variations: [{ moves: [{ ...tried('17-22', 'W:5'), mark: '!?', comments: ['also good'] }, tried('28x17', 'B:8', ['22'])] }],
      },
      tried('28x19', 'B:3', ['23']),
    ],
  });
  u.add(u.gameEnd, tried('14x23', 'W:9', ['19']));
  assert.deepEqual(shapeOf(u.root), shapeOf(t.root));
  assert.deepEqual(u.toNotes(), notes);
});

test('a tree is kept per game in the browser, the newest forty', () => {
  const stored = new Map();
  globalThis.localStorage = {
    getItem: (k) => (stored.has(k) ? stored.get(k) : null),
    setItem: (k, v) => stored.set(k, String(v)),
  };
  try {
    const t = new MoveTree(START);
    t.syncGame(START, game);
    t.add(t.gameEnd, tried('14x23', 'W:9', ['19'])).mark = '?';
    saveTree('g1', t);
    const back = savedTree('g1', START);
    assert.deepEqual(back.toJSON(), t.toJSON());
    assert.equal(back.path(back.gameEnd).length, 0, 'the game itself comes from the server');
    back.syncGame(START, game);
    assert.deepEqual(shapeOf(back.root), shapeOf(t.root));
    assert.equal(savedTree('g1', 'W:W31:B1').root.children.length, 0, 'another start: a new tree');
    assert.equal(savedTree('g2', START).root.children.length, 0);
    stored.set('damier-trees', '{ not json');
    assert.equal(savedTree('g1', START).root.children.length, 0, 'a damaged store is passed over');
    stored.clear();
    for (let i = 0; i < 45; i++) saveTree(`g${i}`, t);
    const kept = Object.keys(JSON.parse(stored.get('damier-trees')));
    assert.equal(kept.length, 40);
  } finally {
    delete globalThis.localStorage;
  }
});
