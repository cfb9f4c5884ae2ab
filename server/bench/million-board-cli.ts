/**
 * The benchmarks' big board (million-board.ts) for a bench outside the server, which must not import server
 * code (the portal's dashboard bench): generates it on first use, then prints where it is as one JSON line,
 * last on stdout. Usage: npx tsx server/bench/million-board-cli.ts [total postings]
 */
import { millionBoard } from './million-board.ts';

const board = await millionBoard(Number(process.argv[2] ?? 1_000_000));
board.client.close();
const { url, dir, boardId, sources, postingCount } = board;
console.log(JSON.stringify({ url, dir, boardId, sources, postingCount }));
