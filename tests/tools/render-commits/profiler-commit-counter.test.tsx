import { act } from '@testing-library/react/pure';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import '../../../tools/fake-obsidian';
import { createCommitCounter } from '../../../tools/render-commits/profiler-commit-counter';

// The render budgets (tests/ui/chat/render-counts.test.tsx, the streaming bench) count commits
// through this counter: React's <Profiler> around each root, one count per commit of that root.

const actEnvironment = (on: boolean) => ((window as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = on);
actEnvironment(true);

/** Runs `work` as the app does, outside act(): React schedules and flushes on its own. */
async function outsideAct(work: () => void): Promise<void> {
  actEnvironment(false);
  try {
    work();
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    actEnvironment(true);
  }
}

const counter = createCommitCounter({ createRoot });
const setters: ((value: number) => void)[] = [];

function Counter({ label }: { readonly label: string }) {
  const [value, setValue] = useState(0);
  setters.push(setValue);
  return <span>{`${label} ${value}`}</span>;
}

function mount() {
  const container = document.body.appendChild(createDiv());
  const root = counter.createRoot(container);
  act(() => root.render(<div><Counter label="a" /><Counter label="b" /></div>));
  return { container, root };
}

beforeEach(() => {
  setters.length = 0;
  document.body.replaceChildren();
});

describe('createCommitCounter', () => {
  it('counts the first render of a root as one commit', () => {
    counter.reset();
    const { container } = mount();
    expect(container.textContent).toBe('a 0b 0');
    expect(counter.commits(container)).toBe(1);
    expect(counter.roots()).toBe(1);
  });

  it('counts updates of two components flushed together as one commit, and updates flushed apart as two', async () => {
    const { container } = mount();
    const [setA, setB] = setters;
    counter.reset();
    act(() => {
      setA(1);
      setB(1);
    });
    expect(container.textContent).toBe('a 1b 1');
    expect(counter.commits(container)).toBe(1);
    act(() => setA(2));
    act(() => setB(2));
    expect(counter.commits(container)).toBe(3);
    await outsideAct(() => flushSync(() => setA(3)));
    expect(container.textContent).toBe('a 3b 2');
    expect(counter.commits(container)).toBe(4);
    expect(counter.commits()).toBe(4);
  });

  it('counts each root on its own; a second root is a second root', () => {
    const first = mount();
    counter.reset();
    const second = mount();
    act(() => setters[0](5));
    expect(counter.commits(first.container)).toBe(1);
    expect(counter.commits(second.container)).toBe(1);
    expect(counter.roots()).toBe(2);
    // One act that updates both roots: a commit of each.
    counter.reset();
    act(() => {
      setters[0](6);
      setters[2](6);
    });
    expect(counter.commits(first.container)).toBe(1);
    expect(counter.commits(second.container)).toBe(1);
    expect(counter.commits()).toBe(2);
  });

  it('counts updates rendered by the scheduler outside act as well', async () => {
    const { container } = mount();
    counter.reset();
    await outsideAct(() => {
      setters[0](7);
      setters[1](7);
    });
    expect(container.textContent).toBe('a 7b 7');
    expect(counter.commits(container)).toBe(1);
  });

});
