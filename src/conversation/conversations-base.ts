import { CONVERSATION_TAG } from './conversation';
import { RUN_PROPERTY_KEYS } from './run-properties';

/** The Base's file name, in the conversations folder. */
export const CONVERSATIONS_BASE_NAME = 'Conversations.base';

/**
 * `Conversations.base` (Obsidian Bases, 1.10+; DESIGN.md 12.3): a plain YAML file, one table of
 * the folder's conversation notes, newest first, with the properties every save writes. The
 * folder sits in a filter expression as a JSON string (folder names hold no `"`, and a JSON
 * string is what the expression language reads), the whole item single-quoted for YAML.
 */
export function conversationsBaseText(folder: string): string {
  const inFolder = `file.inFolder(${JSON.stringify(folder)})`;
  const hasTag = `file.hasTag(${JSON.stringify(CONVERSATION_TAG)})`;
  const quoted = (expression: string) => `'${expression.replace(/'/g, "''")}'`;
  return [
    'filters:',
    '  and:',
    `    - ${quoted(inFolder)}`,
    `    - ${quoted(hasTag)}`,
    'views:',
    '  - type: table',
    '    name: Conversations',
    '    order:',
    ...['file.name', 'created', 'model', ...RUN_PROPERTY_KEYS].map((column) => `      - ${column}`),
    '    sort:',
    '      - property: created',
    '        direction: DESC',
    '',
  ].join('\n');
}
