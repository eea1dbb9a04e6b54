import { fetchAnswer, type FetchJsonOptions, okBody, type ServerAnswer } from './fetch-json';

/** How long an endpoint's answer is reused: a view's model list and its first question share it; a later look asks again. */
export const SERVER_ANSWER_LIFE_MS = 60_000;

/** Options of {@link ServerAnswers}. */
export interface ServerAnswersOptions {
  /** How long an answer is reused after it was asked. Default {@link SERVER_ANSWER_LIFE_MS}. */
  readonly lifeMs?: number;
  /** The clock; tests pass their own. */
  readonly now?: () => number;
}

interface Entry {
  readonly askedAt: number;
  readonly answer: Promise<ServerAnswer | undefined>;
}

/**
 * What servers answered at their endpoints, each endpoint (URL, method, body and key) asked once
 * while its answer is fresh, a pending answer shared: the model list, the window discovery and
 * `doctor` ask the same server the same things, and each request a server does not know shows
 * as a red 404 in the developer console and costs a round trip before the first question. No
 * answer (refused, timed out) is not kept: the next ask tries again.
 */
export class ServerAnswers {
  private readonly entries = new Map<string, Entry>();
  private readonly lifeMs: number;
  private readonly now: () => number;

  constructor(options: ServerAnswersOptions = {}) {
    this.lifeMs = options.lifeMs ?? SERVER_ANSWER_LIFE_MS;
    this.now = options.now ?? Date.now;
  }

  /** What `url` answers (a POST of `options.body` when given), as {@link fetchAnswer} says it; asked at most once while fresh. */
  ask(url: string, options: FetchJsonOptions): Promise<ServerAnswer | undefined> {
    const now = this.now();
    for (const [key, entry] of this.entries) if (now - entry.askedAt >= this.lifeMs) this.entries.delete(key);
    const key = JSON.stringify([options.body === undefined ? 'GET' : 'POST', url, options.body ?? null, options.apiKey ?? '']);
    const known = this.entries.get(key);
    if (known !== undefined) return known.answer;
    const entry: Entry = { askedAt: now, answer: fetchAnswer(url, options) };
    this.entries.set(key, entry);
    void entry.answer.then((answer) => {
      if (answer === undefined && this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.answer;
  }

  /** The parsed body of a 2xx answer, else undefined. */
  async json(url: string, options: FetchJsonOptions): Promise<unknown> {
    return okBody(await this.ask(url, options));
  }
}
