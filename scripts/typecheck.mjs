// Type-checks each room with its own tsconfig (see tsconfig.json for why they differ).
import { execFileSync } from 'node:child_process';

const rooms = ['shared', 'renderer', 'electron', 'tests'];
let failed = false;
for (const room of rooms) {
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', `${room}/tsconfig.json`], { stdio: 'inherit' });
    console.log(`typecheck ${room}: ok`);
  } catch {
    failed = true;
    console.error(`typecheck ${room}: failed`);
  }
}
process.exit(failed ? 1 : 0);
