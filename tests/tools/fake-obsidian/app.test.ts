import { createFakeApp, createMemoryDeviceStorage } from '../../../tools/fake-obsidian';

// The fake's local storage behaves as Obsidian's (`app.saveLocalStorage`): a JSON copy per vault
// and device, kept in the device's storage, so a later change to the saved object is not kept,
// an app restarted on the same device reads it back, and another device or vault does not.

describe('the fake app local storage', () => {
  it('keeps a JSON copy: a later change to the object is not saved, and what JSON drops is dropped', () => {
    const app = createFakeApp();
    const data = { amount: 0.42, when: undefined as string | undefined };
    app.saveLocalStorage('spend', data);
    data.amount = 9;
    expect(app.loadLocalStorage('spend')).toEqual({ amount: 0.42 });
    app.saveLocalStorage('spend', null);
    expect(app.loadLocalStorage('spend')).toBeNull();
  });

  it('survives a restart on the same device; another vault and a synced device start empty', () => {
    const device = createMemoryDeviceStorage();
    const before = createFakeApp({ deviceStorage: device, appId: 'vault-a' });
    before.saveLocalStorage('spend', { amount: 1 });
    expect(createFakeApp({ deviceStorage: device, appId: 'vault-a' }).loadLocalStorage('spend')).toEqual({ amount: 1 });
    expect(createFakeApp({ deviceStorage: device, appId: 'vault-b' }).loadLocalStorage('spend')).toBeNull();
    expect(createFakeApp({ syncedFrom: before }).loadLocalStorage('spend')).toBeNull();
  });

  it('reads an entry that is not JSON as nothing', () => {
    const device = createMemoryDeviceStorage();
    device.setItem('vault-a-spend', '{not json');
    expect(createFakeApp({ deviceStorage: device, appId: 'vault-a' }).loadLocalStorage('spend')).toBeNull();
  });
});
