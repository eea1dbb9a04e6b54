import { useState } from 'react';
import { describeServerModel, type FoundServer } from '../../llm';

/** Props of {@link FindLocalModel}. */
export interface FindLocalModelProps {
  /** Looks for model servers on this computer (the host probes loopback only). */
  readonly find: () => Promise<readonly FoundServer[]>;
  /** Makes `server` the endpoint and `model` the model ('' when the server lists none it will show). */
  readonly use: (server: FoundServer, model: string) => void | Promise<void>;
}

type Search = { readonly kind: 'idle' | 'searching' } | { readonly kind: 'done'; readonly servers: readonly FoundServer[] };

/**
 * The first run (issue 30): while no endpoint is set, the chat offers to find a model server on
 * this computer and lists what it found with their models; one click sets the base URL and the
 * model. When nothing is found it says how to start Ollama or LM Studio, and what a phone needs.
 */
export function FindLocalModel({ find, use }: FindLocalModelProps) {
  const [search, setSearch] = useState<Search>({ kind: 'idle' });
  const start = () => {
    setSearch({ kind: 'searching' });
    void find().then(
      (servers) => setSearch({ kind: 'done', servers }),
      () => setSearch({ kind: 'done', servers: [] }),
    );
  };
  return (
    <section className="glassbox-first-run" data-testid="find-local-model">
      <p className="glassbox-first-run-title">No model endpoint is set.</p>
      {search.kind === 'idle' && (
        <>
          <p>Glassbox can look for a model server on this computer: Ollama, LM Studio, llama.cpp, vLLM or Jan, at their usual ports. Nothing leaves this computer.</p>
          <button type="button" className="mod-cta" data-testid="find-local-model-button" onClick={start}>
            Find a local model
          </button>
        </>
      )}
      {search.kind === 'searching' && <p>Looking on this computer…</p>}
      {search.kind === 'done' && search.servers.length > 0 && (
        <ul className="glassbox-first-run-servers">
          {search.servers.map((server) => (
            <li key={server.baseUrl} data-testid="found-server">
              <span className="glassbox-first-run-server">
                {server.kind} at {server.baseUrl}
              </span>
              {server.needsKey && <span className="glassbox-first-run-hint"> It wants an API key: choose it here, then set the key in Glassbox settings.</span>}
              {server.models.length === 0 ? (
                <button type="button" data-testid="use-server" onClick={() => void use(server, '')}>
                  Use this server
                </button>
              ) : (
                <ul>
                  {server.models.map((model) => (
                    <li key={model.id}>
                      <button type="button" data-testid="use-model" onClick={() => void use(server, model.id)}>
                        {model.id}
                      </button>
                      <span className="glassbox-first-run-hint"> {describeServerModel(model)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {search.kind === 'done' && search.servers.length === 0 && (
        <div data-testid="nothing-found">
          <p>No model server answered on this computer. Start one, then search again:</p>
          <ul>
            <li>Ollama: install it from ollama.com, then run ollama pull qwen3:8b (it serves on port 11434).</li>
            <li>LM Studio: download a model, then start the server in its Developer tab (port 1234).</li>
            <li>
              On a phone, the server runs on another computer, which must allow the app: start Ollama with OLLAMA_HOST=0.0.0.0 and OLLAMA_ORIGINS=*; in LM Studio turn on &quot;Serve on local network&quot; and &quot;Enable CORS&quot;. Then set that computer&apos;s address as the base URL in Glassbox settings.
            </li>
          </ul>
        </div>
      )}
      {search.kind === 'done' && (
        <button type="button" data-testid="find-again" onClick={start}>
          Search again
        </button>
      )}
    </section>
  );
}
