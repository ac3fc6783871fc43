// A worker-only process (`node apps/server/src/worker.ts`) for PostgreSQL deployments: runs the
// background jobs, serves no HTTP. Start the web server with EMBEDDED_WORKER=false beside it.
import { runProcess } from './run-process.ts';

await runProcess({ http: false });
