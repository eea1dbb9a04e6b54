import type { PluginManifest } from 'obsidian';
import { Component, createFakeApp, MarkdownRenderer } from '../../tools/fake-obsidian';
import manifestJson from '../../manifest.json';

// DESIGN.md 13.7: loading the plugin (main.js's evaluation and `onload`) evaluates no package a
// first view, block, question or note write needs; each is evaluated on first use. Jest loads
// modules as main.js does: a static import when its importer is loaded, a `require` or `import()`
// inside a function when it runs. Each package below records when it is first loaded.

const mockLoaded: string[] = [];
jest.mock('react', () => (mockLoaded.push('react'), jest.requireActual('react')));
jest.mock('openai', () => (mockLoaded.push('openai'), jest.requireActual('openai')));
// The fake host renders with markdown-it itself: the plugin's parse is seen through its own module.
jest.mock('../../src/inert/markdown-it-parser', () => (mockLoaded.push('markdown-it'), jest.requireActual('../../src/inert/markdown-it-parser')));

const manifest = manifestJson as PluginManifest;

async function loadedPlugin() {
  const { default: GlassboxPlugin } = await import('../../src/main');
  const app = createFakeApp({ layoutReady: false });
  const plugin = await app.loadPlugin(GlassboxPlugin, manifest);
  return { app, plugin };
}

describe('GlassboxPlugin at Obsidian\'s start', () => {
  it('evaluates neither React, the openai SDK nor markdown-it, nor does a plain note in reading view; the chat view, a note check and a model do', async () => {
    const { app, plugin } = await loadedPlugin();
    expect(mockLoaded).toEqual([]);
    // A note that is not a conversation, rendered in reading view through the plugin's post-processor, needs none of them.
    await app.vault.create('Plain.md', '# Plain\n\n### 🤖 Glassbox\n\nA heading like an answer\'s.\n');
    const rendered = new Component();
    await MarkdownRenderer.render(app, '# Plain\n\n### 🤖 Glassbox\n\nA heading like an answer\'s.\n', document.body.createDiv(), 'Plain.md', rendered);
    expect(mockLoaded).toEqual([]);
    rendered.unload();
    // The first chat view evaluates React (and the UI) ...
    app.workspace.setLayoutReady();
    await plugin.activateChatView();
    expect(mockLoaded).toContain('react');
    // ... and the first checked note write markdown-it (the live-form parse).
    const { inertFileText } = await import('../../src/inert');
    expect(inertFileText('# A note\n', { path: 'A note.md' })).toBe('# A note\n');
    expect(mockLoaded).toContain('markdown-it');
    // The first model evaluates the SDK.
    const { createOpenAiChatModel } = await import('../../src/llm');
    createOpenAiChatModel({ baseUrl: 'http://127.0.0.1:9/v1' });
    expect(mockLoaded).toContain('openai');
    plugin.unload();
  });
});
