import type { Tree } from '@nx/devkit';
import * as ts from 'typescript';

/**
 * Edits of existing source files, found by their syntax tree (the TypeScript compiler API),
 * written as text splices at the nodes' positions: the rest of the file keeps its exact
 * formatting and comments (no printer, no formatter). A declaration that is not where the
 * generator expects it fails with the file's name instead of writing something half-right.
 */

export function reshaped(file: string, what: string): Error {
  return new Error(`${file}: cannot find ${what} (was the file reshaped? update tools/generators).`);
}

export function readText(tree: Tree, file: string): string {
  const text = tree.read(file, 'utf-8');
  if (text === null) throw new Error(`${file} is missing: the generator edits it.`);
  return text;
}

/** The file's syntax tree (JavaScript for .mjs/.js/.cjs). */
export function parse(file: string, text: string): ts.SourceFile {
  const kind = /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : /\.tsx$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

export function sourceOf(tree: Tree, file: string): ts.SourceFile {
  return parse(file, readText(tree, file));
}

/** `x as const`, `x satisfies T`, `(x)`, `<T>x` → x. */
export function unwrap(e: ts.Expression): ts.Expression {
  while (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e) || ts.isTypeAssertionExpression(e)) {
    e = e.expression;
  }
  return e;
}

/** The initializer of the top-level `const <name> = ...` (exported or not), unwrapped. */
export function topLevelInitializer(sf: ts.SourceFile, name: string): ts.Expression | undefined {
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return unwrap(d.initializer);
    }
  }
  return undefined;
}

export function arrayLiteral(sf: ts.SourceFile, name: string): ts.ArrayLiteralExpression {
  const init = topLevelInitializer(sf, name);
  if (!init || !ts.isArrayLiteralExpression(init)) throw reshaped(sf.fileName, `the array \`const ${name} = [...]\``);
  return init;
}

export function objectLiteral(sf: ts.SourceFile, name: string): ts.ObjectLiteralExpression {
  const init = topLevelInitializer(sf, name);
  if (!init || !ts.isObjectLiteralExpression(init)) throw reshaped(sf.fileName, `the object \`const ${name} = {...}\``);
  return init;
}

export function propertyName(p: ts.ObjectLiteralElementLike): string | undefined {
  const n = p.name;
  if (!n) return undefined;
  if (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isNumericLiteral(n) || ts.isPrivateIdentifier(n)) return n.text;
  return undefined;
}

export function property(obj: ts.ObjectLiteralExpression, key: string): ts.PropertyAssignment | undefined {
  return obj.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyName(p) === key);
}

/** The string a property holds (`path: '/x'`), if it is a plain string. */
export function stringProperty(obj: ts.ObjectLiteralExpression, key: string): string | undefined {
  const init = property(obj, key)?.initializer;
  return init && (ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init)) ? init.text : undefined;
}

/** The object a property holds (`dashboard: { ... }`). */
export function objectProperty(obj: ts.ObjectLiteralExpression, key: string): ts.ObjectLiteralExpression | undefined {
  const init = property(obj, key)?.initializer;
  return init && ts.isObjectLiteralExpression(unwrap(init)) ? (unwrap(init) as ts.ObjectLiteralExpression) : undefined;
}

export interface Splice {
  at: number;
  end?: number;
  text: string;
}

/** Applies text splices (positions in `text`), last first so earlier positions hold. */
export function splice(text: string, edits: readonly Splice[]): string {
  return [...edits].sort((a, b) => b.at - a.at).reduce((out, e) => out.slice(0, e.at) + e.text + out.slice(e.end ?? e.at), text);
}

export function edit(tree: Tree, file: string, edits: (sf: ts.SourceFile) => readonly Splice[]): void {
  const text = readText(tree, file);
  const changes = edits(parse(file, text));
  if (changes.length) tree.write(file, splice(text, changes));
}

/** The whitespace that starts the line holding `pos`. */
function indentAt(sf: ts.SourceFile, pos: number): string {
  const { line } = sf.getLineAndCharacterOfPosition(pos);
  const start = sf.getLineStarts()[line];
  return /^[ \t]*/.exec(sf.text.slice(start))?.[0] ?? '';
}

/** Whether a list element (or property) has the same source as `code`, or the same string value. */
function sameElement(sf: ts.SourceFile, e: ts.Node, code: string): boolean {
  if (e.getText(sf) === code) return true;
  const lit = parse('x.ts', `(${code})`).statements[0];
  const value = lit && ts.isExpressionStatement(lit) ? unwrap(lit.expression) : undefined;
  return !!value && ts.isStringLiteral(value) && ts.isStringLiteral(e) && e.text === value.text;
}

/**
 * Splices that append `items` (source text) to a list's elements, in its style: one per line
 * when the list spans lines (with its indentation and trailing comma), else `a, b`.
 */
function appendToList(sf: ts.SourceFile, list: ts.NodeArray<ts.Node>, open: number, close: number, items: string[]): Splice[] {
  if (!items.length) return [];
  const multiline = sf.text.slice(open, close).includes('\n');
  const last = list.at(-1);
  if (!last) {
    if (!multiline) return [{ at: open + 1, text: items.join(', ') }];
    const indent = `${indentAt(sf, close)}  `;
    return [{ at: open + 1, text: items.map((i) => `\n${indent}${i},`).join('') }];
  }
  if (!multiline) return [{ at: last.getEnd(), text: items.map((i) => `, ${i}`).join('') }];
  const indent = indentAt(sf, last.getStart(sf));
  const lines = items.map((i) => `\n${indent}${i},`).join('');
  // After the trailing comma when there is one, else after the last element with a comma of its own.
  return list.hasTrailingComma
    ? [{ at: sf.text.indexOf(',', last.getEnd()) + 1, text: lines }]
    : [{ at: last.getEnd(), text: `,${lines.slice(0, -1)}` }];
}

/** Adds `element` (source text: `'Tag'`, `...xScreens`, `xServer`) to the array `const <name> = [...]`, once. */
export function addArrayElement(tree: Tree, file: string, name: string, element: string): void {
  edit(tree, file, (sf) => {
    const arr = arrayLiteral(sf, name);
    if (arr.elements.some((e) => sameElement(sf, e, element))) return [];
    return appendToList(sf, arr.elements, arr.getStart(sf), arr.getEnd() - 1, [element]);
  });
}

/** Adds properties (`key: value` source text, keyed by `key`) at the end of an object literal, once each. */
export function objectAppendSplices(sf: ts.SourceFile, obj: ts.ObjectLiteralExpression, entries: { key: string; code: string }[]): Splice[] {
  const fresh = entries.filter((e) => !obj.properties.some((p) => propertyName(p) === e.key)).map((e) => e.code);
  return appendToList(sf, obj.properties, obj.getStart(sf), obj.getEnd() - 1, fresh);
}

function moduleOf(d: ts.ImportDeclaration | ts.ExportDeclaration): string | undefined {
  return d.moduleSpecifier && ts.isStringLiteral(d.moduleSpecifier) ? d.moduleSpecifier.text : undefined;
}

/**
 * Imports `name` from `from`: into the file's value import of that module when there is one,
 * else as a new import after the last import whose module `near` accepts (the group it belongs
 * to: the features, the server libs), else after the last import.
 */
export function addNamedImport(tree: Tree, file: string, from: string, name: string, near: (module: string) => boolean = () => true): void {
  edit(tree, file, (sf) => {
    const imports = sf.statements.filter(ts.isImportDeclaration);
    const existing = imports.find(
      (d) => moduleOf(d) === from && !d.importClause?.isTypeOnly && d.importClause?.namedBindings && ts.isNamedImports(d.importClause.namedBindings),
    );
    const bindings = existing?.importClause?.namedBindings as ts.NamedImports | undefined;
    if (bindings) {
      if (bindings.elements.some((s) => s.name.text === name && !s.isTypeOnly)) return [];
      // Values before `type` specifiers, as the workspace writes them.
      const firstType = bindings.elements.find((s) => s.isTypeOnly);
      if (firstType) {
        const multiline = sf.text.slice(bindings.getStart(sf), bindings.getEnd()).includes('\n');
        return [{ at: firstType.getStart(sf), text: multiline ? `${name},\n${indentAt(sf, firstType.getStart(sf))}` : `${name}, ` }];
      }
      return appendToList(sf, bindings.elements, bindings.getStart(sf), bindings.getEnd() - 1, [name]);
    }
    const anchor = imports.filter((d) => near(moduleOf(d) ?? '')).at(-1) ?? imports.at(-1);
    const line = `import { ${name} } from '${from}';`;
    return anchor ? [{ at: anchor.getEnd(), text: `\n${line}` }] : [{ at: 0, text: `${line}\n` }];
  });
}

/** Adds `export * from '<from>';` after the file's last `export *`, once. */
export function addExportStar(tree: Tree, file: string, from: string): void {
  edit(tree, file, (sf) => {
    const stars = sf.statements.filter((s): s is ts.ExportDeclaration => ts.isExportDeclaration(s) && !s.exportClause && !s.isTypeOnly);
    if (stars.some((s) => moduleOf(s) === from)) return [];
    const line = `export * from '${from}';`;
    const last = stars.at(-1);
    if (last) return [{ at: last.getEnd(), text: `\n${line}` }];
    return [{ at: sf.text.length, text: `${sf.text.length && !sf.text.endsWith('\n') ? '\n' : ''}${line}\n` }];
  });
}

/** Names the file exports by declaration (`export const`, `export type`, `export interface`, `export function`, ...). */
export function exportedNames(sf: ts.SourceFile): string[] {
  const exported = (st: ts.Statement) => ts.canHaveModifiers(st) && !!ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  return sf.statements.flatMap((st) => {
    if (!exported(st)) return [];
    if (ts.isVariableStatement(st)) return st.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
    const named = st as ts.Statement & { name?: ts.Node };
    return named.name && ts.isIdentifier(named.name) ? [named.name.text] : [];
  });
}

/** Names the file's top-level `const`s declare (exported or not). */
export function declaredConstants(sf: ts.SourceFile): string[] {
  return sf.statements.flatMap((st) =>
    ts.isVariableStatement(st) ? st.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : [])) : [],
  );
}

/** The first string argument of every call of `callee` (`pgTable('loans', ...)` → 'loans'). */
export function stringArgumentsOf(sf: ts.SourceFile, callee: string): string[] {
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === callee) {
      const first = n.arguments[0];
      if (first && ts.isStringLiteral(first)) out.push(first.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}
