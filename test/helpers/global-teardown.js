export default async function globalTeardown() {
  if (globalThis.arbiterTestDatabase) {
    await globalThis.arbiterTestDatabase.stop();
    delete globalThis.arbiterTestDatabase;
  }
}
