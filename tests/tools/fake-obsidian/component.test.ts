import { Component, Events } from '../../../tools/fake-obsidian';

class Recorder extends Component {
  constructor(
    private readonly name: string,
    private readonly log: string[],
  ) {
    super();
  }
  override onload(): void {
    this.log.push(`load ${this.name}`);
  }
  override onunload(): void {
    this.log.push(`unload ${this.name}`);
  }
}

describe('fake Component', () => {
  it('loads children with the parent and unloads them before the parent, last added first', () => {
    const log: string[] = [];
    const parent = new Recorder('parent', log);
    parent.addChild(new Recorder('a', log));
    parent.load();
    parent.addChild(new Recorder('b', log));
    parent.unload();
    expect(log).toEqual(['load parent', 'load a', 'load b', 'unload b', 'unload a', 'unload parent']);
    expect(parent.childComponents).toHaveLength(0);
  });

  it('removeChild unloads only that child', () => {
    const log: string[] = [];
    const parent = new Recorder('parent', log);
    parent.load();
    const child = parent.addChild(new Recorder('child', log));
    parent.removeChild(child);
    expect(log).toEqual(['load parent', 'load child', 'unload child']);
    expect(child._loaded).toBe(false);
  });

  it('load and unload are idempotent', () => {
    const log: string[] = [];
    const component = new Recorder('c', log);
    component.load();
    component.load();
    component.unload();
    component.unload();
    expect(log).toEqual(['load c', 'unload c']);
  });

  it('runs register callbacks on unload, last first, then onunload', () => {
    const log: string[] = [];
    const component = new Recorder('c', log);
    component.load();
    component.register(() => log.push('first'));
    component.register(() => log.push('second'));
    component.unload();
    expect(log).toEqual(['load c', 'second', 'first', 'unload c']);
  });

  it('unregisters events, DOM listeners and intervals on unload', () => {
    jest.useFakeTimers();
    try {
      const component = new Component();
      component.load();
      const events = new Events();
      const seen: string[] = [];
      component.registerEvent(events.on('ping', () => seen.push('event')));
      const button = document.body.createEl('button');
      component.registerDomEvent(button, 'click', () => seen.push('click'));
      let ticks = 0;
      component.registerInterval(window.setInterval(() => (ticks += 1), 100));

      events.trigger('ping');
      button.click();
      jest.advanceTimersByTime(250);
      expect(seen).toEqual(['event', 'click']);
      expect(ticks).toBe(2);

      component.unload();
      events.trigger('ping');
      button.click();
      jest.advanceTimersByTime(500);
      expect(seen).toEqual(['event', 'click']);
      expect(ticks).toBe(2);
      expect(events.listenerCount('ping')).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a child added to an unloaded parent is cleaned up when the parent later loads and unloads', () => {
    const parent = new Component();
    const child = parent.addChild(new Component());
    let cleaned = false;
    child.register(() => (cleaned = true));
    expect(child._loaded).toBe(false);
    parent.load();
    expect(child._loaded).toBe(true);
    parent.unload();
    expect(cleaned).toBe(true);
  });
});

describe('fake Events', () => {
  it('calls listeners in order with their context and arguments, and keeps going after one throws', () => {
    const events = new Events();
    const seen: unknown[] = [];
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const context = { name: 'ctx' };
    events.on('x', function (this: { name: string }, a: number, b: string) {
      seen.push([this.name, a, b]);
    }, context);
    events.on('x', () => {
      throw new Error('bad listener');
    });
    events.on('x', (a: number) => seen.push(a * 2));
    events.trigger('x', 2, 'two');
    expect(seen).toEqual([['ctx', 2, 'two'], 4]);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('off removes a callback', () => {
    const events = new Events();
    const seen: number[] = [];
    const callback = (value: number) => seen.push(value);
    events.on('x', callback);
    events.trigger('x', 1);
    events.off('x', callback);
    events.trigger('x', 2);
    expect(seen).toEqual([1]);
  });
});
