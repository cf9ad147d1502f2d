// Variants as the API's /api/variants describes them, reduced to what the page's pure
// modules read: the square names in notation order, and whether they are algebraic.

// International: squares 1 to 50.
export const international = {
  algebraic: false,
  squares: Array.from({ length: 50 }, (_, i) => ({ name: String(i + 1) })),
};

// Russian: the 32 dark squares of an 8x8 board named a1 to h8 (a1 is dark).
export const russian = {
  algebraic: true,
  squares: [1, 2, 3, 4, 5, 6, 7, 8].flatMap((row) => ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']
    .filter((_, col) => (col + row - 1) % 2 === 0)
    .map((file) => ({ name: `${file}${row}` }))),
};
