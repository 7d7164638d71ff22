/** Entry of dist/server.js: `node dist/server.js --stdio` (or --node-ipc, --socket=N). */
import { startServer } from './server';

startServer();
