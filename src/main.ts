import { startArbiter } from './bootstrap.js';
import { ConfigError, loadConfig } from './infra/config.js';

try {
  const arbiter = await startArbiter(loadConfig());
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
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
  console.error(error);
  process.exit(1);
}
