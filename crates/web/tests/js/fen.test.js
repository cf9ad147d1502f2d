// The page's FEN reader and writer (assets/fen.js), under Node's test runner.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFen, writeFen } from '../../assets/fen.js';
import { international, russian } from './fixtures.js';

const range = (lo, hi) => Array.from({ length: hi - lo + 1 }, (_, i) => String(lo + i));

test('the international start reads as 20 men a side and writes back in notation order', () => {
  const { side, pieces } = parseFen('W:W31-50:B1-20', international);
  assert.equal(side, 'white');
  assert.equal(pieces.size, 40);
  for (const n of range(31, 50)) assert.deepEqual(pieces.get(n), { color: 'white', king: false });
  for (const n of range(1, 20)) assert.deepEqual(pieces.get(n), { color: 'black', king: false });
  assert.equal(pieces.has('25'), false);
  const written = writeFen(side, pieces, international);
  assert.equal(written, `W:W${range(31, 50).join(',')}:B${range(1, 20).join(',')}`);
  assert.deepEqual(parseFen(written, international), { side, pieces });
});

test('kings, Black to move, a closing full stop, spaces and leading zeros', () => {
  const { side, pieces } = parseFen(' b:WK4, 028:B12,k45. ', international);
  assert.equal(side, 'black');
  assert.deepEqual([...pieces.keys()].sort(), ['12', '28', '4', '45']);
  assert.deepEqual(pieces.get('4'), { color: 'white', king: true });
  assert.deepEqual(pieces.get('28'), { color: 'white', king: false });
  assert.deepEqual(pieces.get('45'), { color: 'black', king: true });
  assert.equal(writeFen(side, pieces, international), 'B:WK4,28:B12,K45');
});

test('fields other than the two sides are passed over (Frisian king counts)', () => {
  const { pieces } = parseFen('W:W46,K30:B5:H0:K1', international);
  assert.deepEqual([...pieces.keys()].sort(), ['30', '46', '5']);
});

test('algebraic boards name their squares by letter and row, in either case', () => {
  assert.equal(russian.squares.length, 32);
  const { side, pieces } = parseFen('W:WA1,c3,Kg3:Bh8,kb2', russian);
  assert.equal(side, 'white');
  assert.deepEqual(pieces.get('a1'), { color: 'white', king: false });
  assert.deepEqual(pieces.get('g3'), { color: 'white', king: true });
  assert.deepEqual(pieces.get('b2'), { color: 'black', king: true });
  assert.equal(writeFen(side, pieces, russian), 'W:Wa1,c3,Kg3:BKb2,h8');
  assert.throws(() => parseFen('W:Wa2', russian), /no square a2 on this board/);
  assert.throws(() => parseFen('W:W1-4', russian), /no square 1-4/);
});

test('a malformed FEN is refused saying what is wrong', () => {
  assert.throws(() => parseFen('', international), /starts with W or B/);
  assert.throws(() => parseFen('X:W31:B1', international), /starts with W or B/);
  assert.throws(() => parseFen('W:W51', international), /no square 51 on this board/);
  assert.throws(() => parseFen('W:W9-3', international), /bad range 9-3/);
  assert.throws(() => parseFen('W:W45-55', international), /bad range 45-55/);
  assert.throws(() => parseFen('W:Wx', international), /no square x/);
});

test('an empty side is written with its letter alone', () => {
  const { side, pieces } = parseFen('W:W31:B', international);
  assert.equal(pieces.size, 1);
  assert.equal(writeFen(side, pieces, international), 'W:W31:B');
});
