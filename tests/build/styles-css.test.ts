import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';

// styles.css is the plugin's whole look. A missing `}` fails nowhere: the browser reads every
// later rule as nested inside the unclosed one and drops it (it happened once, and took the Live
// Preview rules with it). So the file must parse with every block closed and no rule in a rule.
const css = readFileSync(join(__dirname, '..', '..', 'styles.css'), 'utf8');

describe('styles.css', () => {
  it('parses with every block closed', () => {
    expect(() => postcss.parse(css)).not.toThrow();
  });

  it('has no rule nested in another rule', () => {
    const nested: string[] = [];
    postcss.parse(css).walkRules((rule) => {
      if (rule.parent?.type === 'rule') nested.push(`${rule.parent.selector} { ${rule.selector} }`);
    });
    expect(nested).toEqual([]);
  });

  it('takes its colours from Obsidian’s variables, so themes and dark mode apply', () => {
    const written: string[] = [];
    postcss.parse(css).walkDecls((declaration) => {
      const value = declaration.value;
      if (/#[0-9a-f]{3,8}\b/i.test(value) || /\b(rgb|hsl)a?\((?!\s*var\()/i.test(value)) written.push(`${declaration.prop}: ${value}`);
    });
    expect(written).toEqual([]);
  });
});
