import ts from 'typescript';

/**
 * Finds text a user would see that is written into the source instead of coming from the string
 * table (src/i18n/tables/en.ts, DESIGN.md 12.4): JSX text, string literals in visible JSX
 * attributes and JSX children, the arguments of the calls that put text on screen (notices,
 * `setText`, `setName`, …) and the values of the properties that name things on screen (a
 * command's or setting's `name`, `desc`, `heading`, an element's `text`, …). Only words count:
 * "×", "+" and " · " are typography, and one lowercase token without a space ("glassbox-index",
 * "http://localhost:11434/v1") is an identifier or an address. JSX text always counts.
 * `t('key')` arguments are keys. In a file whose thrown errors the chat shows as its error line
 * (`shownThrows`, e.g. the run setup), the arguments of every `throw new …(…)` count too.
 */

/** One literal a user would see, with where it is. */
export interface VisibleLiteral {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  /** What made it visible: "JSX text", "aria-label", "new Notice", "name", … */
  readonly where: string;
}

const VISIBLE_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'title', 'placeholder', 'alt', 'label', 'empty']);
const VISIBLE_CALLS = new Set(['setText', 'setTitle', 'setName', 'setDesc', 'setPlaceholder', 'setButtonText', 'setTooltip', 'setStatus', 'notify', 'setContent']);
/** `RunSetupError`'s message is the chat's error line wherever it is made. */
const VISIBLE_CONSTRUCTORS = new Set(['Notice', 'RunSetupError']);
const VISIBLE_PROPERTIES = new Set(['name', 'desc', 'heading', 'text', 'placeholder', 'title', 'label', 'display', 'aria-label', 'notice', 'empty']);
const VISIBLE_ASSIGNMENTS = new Set(['textContent', 'innerText', 'title', 'placeholder', 'ariaLabel', 'userMessage']);
/** The calls whose string arguments are keys or identifiers, never text. */
const KEY_CALLS = new Set(['t', 'tCount']);

const LETTER = /\p{L}/u;
/** Words: a space between letters, or a capital first letter ("Copy", "Model"). */
const WORDS = /\p{L}.*\s.*\p{L}|^\s*\p{Lu}/su;

/** The visible literals of one source file. */
export function findVisibleLiterals(file: string, source: string, options: { readonly shownThrows?: boolean } = {}): VisibleLiteral[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: VisibleLiteral[] = [];
  const report = (node: ts.Node, text: string, where: string): void => {
    if (!LETTER.test(text) || (where !== 'JSX text' && !WORDS.test(text))) return;
    found.push({ file, line: sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1, text: text.trim(), where });
  };
  // Every string-like literal in an expression, apart from keys given to t() and from the
  // conditions of ternaries (`kind === 'added' ? … : …` compares, it does not show).
  const reportStrings = (expression: ts.Node, where: string): void => {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && KEY_CALLS.has(calleeName(node.expression))) return;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return report(node, node.text, where);
      if (ts.isTemplateExpression(node)) {
        report(node, [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' '), where);
        for (const span of node.templateSpans) visit(span.expression);
        return;
      }
      if (ts.isConditionalExpression(node)) {
        visit(node.whenTrue);
        visit(node.whenFalse);
        return;
      }
      if (ts.isBinaryExpression(node)) {
        // `a ?? 'Unknown'`, `a || 'Tool'`, `'a' + b` show their strings; comparisons do not.
        if ([ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.PlusToken].includes(node.operatorToken.kind)) {
          visit(node.left);
          visit(node.right);
        }
        return;
      }
      if (ts.isParenthesizedExpression(node) || ts.isJsxExpression(node)) return ts.forEachChild(node, visit);
      if (ts.isArrayLiteralExpression(node)) return ts.forEachChild(node, visit);
    };
    visit(expression);
  };

  const walk = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      report(node, node.text, 'JSX text');
    } else if (ts.isJsxExpression(node) && node.expression !== undefined && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      reportStrings(node.expression, 'JSX child');
    } else if (ts.isJsxAttribute(node) && node.initializer !== undefined) {
      const name = node.name.getText(sourceFile);
      if (VISIBLE_ATTRIBUTES.has(name)) reportStrings(node.initializer, name);
    } else if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      if (VISIBLE_CALLS.has(name)) for (const argument of node.arguments) reportStrings(argument, name);
      if (name === 'addRibbonIcon' && node.arguments[1] !== undefined) reportStrings(node.arguments[1], name);
      if ((name === 'setAttr' || name === 'setAttribute') && node.arguments[0] !== undefined && ts.isStringLiteral(node.arguments[0]) && VISIBLE_ATTRIBUTES.has(node.arguments[0].text) && node.arguments[1] !== undefined) {
        reportStrings(node.arguments[1], `setAttr ${node.arguments[0].text}`);
      }
    } else if (ts.isNewExpression(node) && (VISIBLE_CONSTRUCTORS.has(calleeName(node.expression)) || (options.shownThrows === true && ts.isThrowStatement(node.parent)))) {
      for (const argument of node.arguments ?? []) reportStrings(argument, `new ${calleeName(node.expression)}`);
    } else if (ts.isPropertyAssignment(node) && VISIBLE_PROPERTIES.has(propertyName(node.name))) {
      reportStrings(node.initializer, propertyName(node.name));
    } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && VISIBLE_ASSIGNMENTS.has(node.left.name.text)) {
      reportStrings(node.right, node.left.name.text);
    }
    ts.forEachChild(node, walk);
  };
  walk(sourceFile);
  return found;
}

function calleeName(expression: ts.Expression): string {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return '';
}

function propertyName(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : '';
}
