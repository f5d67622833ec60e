import ts from 'typescript';

// The literal-text scan behind the i18n guard (issue 34): text a member reads that is written into a
// screen's source instead of coming from the translation files.

/** Props whose string is shown or read out. */
export const USER_VISIBLE_PROPS = new Set(['label', 'placeholder', 'title', 'aria-label', 'description', 'text', 'alt', 'backLabel']);

/** Words that are the same in every language (the product's name). */
const UNTRANSLATED = new Set(['Wrenchlog']);

const hasWords = (text: string) => /[A-Za-z]{2,}/.test(text) && !UNTRANSLATED.has(text.trim());

export interface LiteralText {
  line: number;
  text: string;
}

/** String literals an attribute's expression shows as they are (not those passed to a call such as t()). */
function shownLiterals(node: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
    return [node];
  }
  if (ts.isParenthesizedExpression(node)) {
    return shownLiterals(node.expression);
  }
  if (ts.isConditionalExpression(node)) {
    return [...shownLiterals(node.whenTrue), ...shownLiterals(node.whenFalse)];
  }
  if (ts.isBinaryExpression(node)) {
    return [...shownLiterals(node.left), ...shownLiterals(node.right)];
  }
  return [];
}

function literalWords(node: ts.Node): string {
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  }
  return (node as ts.StringLiteral).text;
}

/** JSX text and user-visible props written as literals in one .tsx file. */
export function findLiteralTexts(fileName: string, source: string): LiteralText[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: LiteralText[] = [];
  const add = (node: ts.Node, text: string) => found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: text.trim() });
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && hasWords(node.text)) {
      add(node, node.text);
    } else if (ts.isJsxAttribute(node) && USER_VISIBLE_PROPS.has(node.name.getText(file)) && node.initializer) {
      const init = node.initializer;
      const literals = ts.isStringLiteral(init) ? [init] : ts.isJsxExpression(init) && init.expression ? shownLiterals(init.expression) : [];
      for (const literal of literals) {
        const words = literalWords(literal);
        if (hasWords(words)) {
          add(literal, words);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
