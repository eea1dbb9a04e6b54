/**
 * Waits for every promise a spied async method has returned so far: the event a test needs
 * when the code under test starts that work and does not await it (a command, a settings save).
 */
export async function callsSettled(spy: jest.SpyInstance<Promise<unknown>>): Promise<void> {
  await Promise.all(spy.mock.results.map((result) => result.value as Promise<unknown>));
}
