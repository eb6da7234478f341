/**
 * The COMMITs sent on each connection and not yet answered. A connection handed on as soon as
 * its COMMIT is sent carries the next transaction right behind it; handed on again and again, it
 * would queue transactions behind a backend that is slow to answer while the others go idle.
 * `track` holds each hand-on back until the COMMIT sent before on that connection has answered,
 * so a connection carries at most two transactions at once: the one Postgres is finishing and
 * the next, which it runs without waiting for the client.
 */
export class SentCommits {
  private readonly latest = new WeakMap<object, Promise<void>>();

  /**
   * Notes the COMMIT just sent on `connection`, whose answer is `answered`, and calls `handOn`
   * (if given) once every COMMIT sent on the connection before it has answered: at once when
   * none is waiting for its answer.
   */
  track(connection: object, answered: Promise<unknown>, handOn?: () => void): void {
    const ahead = this.latest.get(connection);
    const settled = answered.then(
      () => undefined,
      () => undefined,
    );
    this.latest.set(connection, settled);
    void settled.then(() => {
      if (this.latest.get(connection) === settled) this.latest.delete(connection);
    });
    if (!handOn) return;
    if (ahead) void ahead.then(handOn);
    else handOn();
  }
}
