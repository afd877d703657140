// Type-checks each room with its own tsconfig (see tsconfig.json for why they differ), as
// many at once as the machine has cores: each tsc runs on one core, and four in a row were
// most of CI's static checks.
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';

// The longest first, so the last to start is a short one.
const rooms = ['tests', 'electron', 'renderer', 'shared'];
const parallel = Math.max(1, Math.min(rooms.length, availableParallelism()));

function check(room) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['node_modules/typescript/bin/tsc', '-p', `${room}/tsconfig.json`],
      { maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        // Each room's output printed whole, so two rooms' errors never interleave.
        process.stdout.write(stdout);
        process.stderr.write(stderr);
        console.log(`typecheck ${room}: ${error ? 'failed' : 'ok'}`);
        resolve(!error);
      },
    );
  });
}

const queue = [...rooms];
const results = [];
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let room = queue.shift(); room; room = queue.shift()) results.push(await check(room));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
