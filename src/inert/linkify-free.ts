/**
 * Stands in for linkify-it in main.js (tools/build/markdown-it-without-linkify.mjs): markdown-it
 * constructs one, but Glassbox parses with `linkify: false`, so it is never asked; asked anyway,
 * it finds no link.
 */
export class LinkifyIt {
  add(): this {
    return this;
  }

  set(): this {
    return this;
  }

  tlds(): this {
    return this;
  }

  test(): boolean {
    return false;
  }

  pretest(): boolean {
    return false;
  }

  match(): null {
    return null;
  }

  matchAtStart(): null {
    return null;
  }
}
