// Entering a move by clicks (assets/pick.js), under Node's test runner. The moves are shaped
// as the API lists them: from, to, path (start, then every landing), long and captured.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { candidates, clickSquare, mustCapture, sameMove, starts, targets } from '../../assets/pick.js';

const move = (path, captured) => ({
  from: path[0],
  to: path[path.length - 1],
  path,
  long: path.join(captured.length ? 'x' : '-'),
  captured,
});

// From 28: two captures to 6 through different landings, a capture ending on 17 and one
// going on through 17 to 8; from 33 a quiet step (listed for the clicks, though a capture
// would be compulsory in play).
const via22 = move(['28', '17', '6'], ['22', '11']);
const via19 = move(['28', '19', '6'], ['23', '12']);
const to17 = move(['28', '17'], ['22']);
const on17 = move(['28', '17', '8'], ['22', '12']);
const quiet = move(['33', '29'], []);
const captures = [via22, via19, to17, on17];
const all = [...captures, quiet];
const pickable = starts(all);

test('the start squares and whether only captures are left', () => {
  assert.deepEqual([...pickable].sort(), ['28', '33']);
  assert.equal(mustCapture(captures), true);
  assert.equal(mustCapture(all), false);
  assert.equal(mustCapture([]), false, 'no moves: nothing is compulsory');
});

test('the squares marked after a piece is picked: next landings and ends', () => {
  assert.deepEqual([...targets(all, ['28'])].sort(), ['17', '19', '6', '8']);
  assert.deepEqual([...targets(all, ['28', '17'])].sort(), ['17', '6', '8']);
  assert.equal(targets(all, []).size, 0);
  assert.deepEqual(candidates(all, ['28', '19']), [via19]);
});

test('a first click picks a piece that can move, and nothing else', () => {
  assert.deepEqual(clickSquare(all, [], '28', pickable), { prefix: ['28'] });
  assert.deepEqual(clickSquare(all, [], '40', pickable), { prefix: [] });
  assert.deepEqual(clickSquare(all, ['28'], '28', pickable), { prefix: [] }, 'put back');
});

test('a landing that decides the move enters it; one that does not asks or waits', () => {
  // 19 is a landing of one capture only: entered.
  assert.deepEqual(clickSquare(all, ['28'], '19', pickable), { move: via19 });
  // 17 ends one capture and leads on in two: the captures through it are offered together.
  assert.deepEqual(clickSquare(all, ['28'], '17', pickable), { choices: [to17, via22, on17] });
  // After 17, the end squares decide.
  assert.deepEqual(clickSquare(all, ['28', '17'], '8', pickable), { move: on17 });
  assert.deepEqual(clickSquare(all, ['28', '17'], '6', pickable), { move: via22 });
});

test('an end square clicked directly: one move enters, several are offered', () => {
  assert.deepEqual(clickSquare(all, ['28'], '8', pickable), { move: on17 });
  assert.deepEqual(clickSquare(all, ['28'], '6', pickable), { choices: [via22, via19] });
});

test('another piece of the mover is picked instead; an empty square is illegal', () => {
  assert.deepEqual(clickSquare(all, ['28'], '33', pickable), { prefix: ['33'] });
  assert.deepEqual(clickSquare(all, ['28'], '40', pickable), { prefix: [], illegal: true });
  assert.deepEqual(clickSquare(all, ['33'], '29', pickable), { move: quiet });
});

test('two moves are the same when their landings and captured pieces are', () => {
  assert.equal(sameMove(via22, { ...via22 }), true);
  assert.equal(sameMove(via22, via19), false);
  assert.equal(sameMove(via22, { ...via22, captured: ['11', '22'] }), false);
  assert.equal(sameMove(via22, { long: via22.long }), false, 'captured pieces missing');
  assert.equal(sameMove({ long: '33-29' }, { long: '33-29', captured: [] }), true);
});
