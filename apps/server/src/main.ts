// The server: `node apps/server/src/main.ts` (root `npm start`). It runs the queues' jobs too
// unless EMBEDDED_WORKER=false (then worker.ts processes run them beside it).
import { runProcess } from './run-process.ts';

await runProcess({ http: true });
