import { promiseHooks } from 'node:v8';

/**
 * What the process's promise hooks read and write: the value of the code running now, and the
 * values it interrupted.
 */
interface Carrier {
  current: unknown;
  readonly interrupted: unknown[];
}

/** Where the one carrier of the process is kept: a module loaded again (a test runner's registry per file) finds it. */
const CARRIER = Symbol.for('arbiter.promise-context');

function carrier(): Carrier {
  const host = promiseHooks as typeof promiseHooks & { [CARRIER]?: Carrier };
  return (host[CARRIER] ??= install());
}

function install(): Carrier {
  const carried: Carrier = { current: undefined, interrupted: [] };
  const value = Symbol('promise-context value');
  type Carrying = Promise<unknown> & { [value]?: unknown };
  promiseHooks.createHook({
    init(promise) {
      (promise as Carrying)[value] = carried.current;
    },
    before(promise) {
      carried.interrupted.push(carried.current);
      carried.current = (promise as Carrying)[value];
    },
    after() {
      carried.current = carried.interrupted.pop();
    },
  });
  return carried;
}

const carried = carrier();

/**
 * A value carried across `await`: what {@link runCarrying} sets is seen by its callback's
 * synchronous run and by every continuation (`await`, `then`) of a promise made during it — as
 * AsyncLocalStorage carries a store through promises. Unlike AsyncLocalStorage, callbacks of
 * timers, immediates, `process.nextTick`, sockets and event emitters carry nothing: they see no
 * value, never another's. One value per process (the request context, request-context.ts).
 *
 * On Node 20 AsyncLocalStorage rides on async_hooks, which give every promise of the process an
 * id, a trigger id and a copy of each store, and keep a stack of ids around each continuation:
 * about 12 % of a card draw's own instructions (bench/README.md). This keeps one property per
 * promise, through V8's promise hooks (`node:v8`).
 */
export function runCarrying<R>(value: unknown, callback: () => R): R {
  const previous = carried.current;
  carried.current = value;
  try {
    return callback();
  } finally {
    carried.current = previous;
  }
}

/** The value {@link runCarrying} set for the code running now; undefined outside it. */
export function carriedValue(): unknown {
  return carried.current;
}
