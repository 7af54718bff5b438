// SQL lives in src/server/repositories/ (src/server/repositories/README.md, decision 048): a
// route, an intent, a service or a job asks a repository and never writes a statement of its
// own. This reads every server file outside the folders that must hold SQL and names each
// file:line where a statement or a database call appears.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const server = path.join(root, 'src/server');

/** Folders of src/server that hold SQL by right, each for the reason given. */
const SQL_FOLDERS: Readonly<Record<string, string>> = {
  // The one home of the data access: every other file asks these.
  repositories: 'the repositories',
  // Numbered .sql files; no TypeScript lives there, and none may.
  migrations: 'the schema, applied once each at start',
  // The database interface (BEGIN/COMMIT around a transaction, PGlite's CHECKPOINT) and the
  // migration runner (schema_migrations, its advisory lock, each migration's statements): the
  // layer the repositories stand on, which cannot ask them.
  db: 'the database interface and the migration runner',
  // The demo data set, laid down once on a demo server: it writes through the repositories, but
  // finds its fixtures with reads that no request makes and takes the migration lock so that two
  // instances starting together seed once. Those statements in a repository would put
  // demo-only queries beside the ones the registry runs.
  seed: 'the demo data set',
};

/**
 * SQL as this code base writes it: keywords in capitals, so a message that says "select a
 * payment method" or "Update the app" is never taken for a statement.
 */
const SQL_PATTERNS: readonly RegExp[] = [
  /\bSELECT\b[\s\S]*?\bFROM\b/,
  /\bSELECT\s+[a-z_]+\s*\(/,
  /\bINSERT\s+INTO\b/,
  /\bUPDATE\s+[a-z_]+\s+SET\b/,
  /\bDELETE\s+FROM\b/,
  /\bON\s+CONFLICT\b/,
  /\bWITH\s+[a-z_]+\s+AS\s*(?:MATERIALIZED\s*)?\(/,
  /\b(?:CREATE|ALTER|DROP)\s+(?:TABLE|INDEX|VIEW|SCHEMA|FUNCTION|TRIGGER|SEQUENCE)\b/,
  /^\s*(?:BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|CHECKPOINT|VACUUM|TRUNCATE|LOCK)\b/,
  /\b[a-z_]+\s*(?:=|<>|<=|>=|<|>)\s*(?:ANY\s*\()?\$\d+\b/,
  /\$\d+::[a-z_]+/,
];

function serverFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return folder === server && entry.name in SQL_FOLDERS ? [] : serverFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Where a file holds a statement in a string or template, or calls `.query(` or a database's `.exec(`. */
function sqlIn(fileName: string, text: string): Array<{ line: number; what: string }> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Array<{ line: number; what: string }> = [];
  const lineAt = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  // Names bound to a regular expression: their `.exec(` is a match, not a statement.
  const regexNames = new Set<string>();
  const collect = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer?.kind === ts.SyntaxKind.RegularExpressionLiteral
    )
      regexNames.add(node.name.text);
    ts.forEachChild(node, collect);
  };
  collect(source);
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const raw = node.getText(source);
      for (const pattern of SQL_PATTERNS) {
        const match = pattern.exec(node.text);
        if (!match) continue;
        // The line of the keyword within the literal (a template may run over many lines).
        const offset = raw.indexOf(match[0].split(/\s/)[0] ?? '');
        found.push({ line: lineAt(node.getStart(source) + Math.max(0, offset)), what: match[0].slice(0, 40) });
        break;
      }
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const receiver = node.expression.expression;
      const isRegex =
        receiver.kind === ts.SyntaxKind.RegularExpressionLiteral ||
        (ts.isIdentifier(receiver) && regexNames.has(receiver.text));
      if (method === 'query' || (method === 'exec' && !isRegex))
        found.push({ line: lineAt(node.expression.name.getStart(source)), what: `.${method}(` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('SQL only in repositories', () => {
  it('finds no statement and no database call in a server file outside the SQL folders', () => {
    const offending = serverFiles(server)
      .map((file) => path.relative(root, file).split(path.sep).join('/'))
      .flatMap((file) => {
        const lines = new Map<number, string>();
        for (const { line, what } of sqlIn(file, readFileSync(path.join(root, file), 'utf8')))
          if (!lines.has(line)) lines.set(line, what);
        return [...lines].map(([line, what]) => `${file}:${line} ${what}`);
      });
    expect(offending).toEqual([]);
  });

  it('tells a statement from ordinary words', () => {
    const lines = (text: string) => sqlIn('example.ts', text).map((hit) => hit.line);
    expect(lines("const a = 'Please select a payment method';\nconst b = 'Update the app and try again.';")).toEqual(
      [],
    );
    expect(lines("const c = 'Select at least one request from the list';\nconst d = /^Bearer (.+)$/.exec(h);")).toEqual(
      [],
    );
    expect(lines("const e = 'SELECT name FROM users WHERE id = $1';")).toEqual([1]);
    expect(lines('const f = `\n  UPDATE plates\n  SET stage = $2`;')).toEqual([2]);
    expect(lines("await tx.query(sql);\nawait db.exec('CHECKPOINT');")).toEqual([1, 2, 2]);
  });
});
