// The pieces of the tests' hand computations of the statements: account ranges written out here,
// not read from the contract or the engine, so a figure checked with them is checked independently.

/** Account ranges, each from–to inclusive. */
export type Ranges = Array<[number, number]>;

/** Whether an account number lies in any of the ranges. */
export const within = (n: number, ranges: Ranges) => ranges.some(([a, b]) => n >= a && n <= b);

/** The sign turned round, without -0. */
export const minus = (n: number) => -n || 0;

/** Results: the P&L's accounts, which stay in equity's "result" lines until closed. */
export const RESULTS: Ranges = [
  [3000, 8199],
  [8300, 8399],
  [8800, 8999],
];
