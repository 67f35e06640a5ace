// Every place in the code that can send something over the network, found in the syntax tree
// (TypeScript's parser, so comments and strings never count and formatting cannot hide a call):
//  - a call of `fetch` (also `globalThis.fetch(…)`, `self.fetch(…)`), or `fetch` handed on as a value;
//  - `navigator.sendBeacon(…)`, `importScripts(…)`;
//  - `new XMLHttpRequest`, `new WebSocket`, `new EventSource`, `new WebTransport`, `new RTCPeerConnection`;
//  - a hop fetcher made or called: `extensionHopFetcher(…)`, `nodeFetchHop(…)`, `….fetchHop(…)`;
//  - an import of a Node networking module or a browser driver (node:http, node:https, node:net…,
//    puppeteer), by `import`, `import()` or `require()`;
//  - `chrome.debugger.attach(…)` (a page driven over the DevTools protocol loads what it is told to);
//  - a tab or window sent to an address by the code: `tabs.create` / `tabs.update` / `windows.create`
//    with a `url` that is neither a string literal (`about:blank`, an extension page by name) nor
//    `runtime.getURL(…)` (the extension's own page) — the browser then loads that address.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface CallSite {
  file: string;
  line: number;
  kind: string;
}

const CALLS = new Set(['fetch', 'sendBeacon', 'importScripts', 'fetchHop', 'extensionHopFetcher', 'nodeFetchHop']);
const NEWS = new Set(['XMLHttpRequest', 'WebSocket', 'WebSocketStream', 'EventSource', 'WebTransport', 'RTCPeerConnection']);
const MODULES = new Set(
  ['http', 'https', 'http2', 'net', 'tls', 'dns', 'dgram', 'dns/promises'].flatMap((m) => [m, `node:${m}`]).concat(['undici', 'puppeteer', 'puppeteer-core', 'playwright', '@playwright/test', 'ws']),
);

const nameOf = (e: ts.Expression): string | null =>
  ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : ts.isElementAccessExpression(e) && ts.isStringLiteral(e.argumentExpression) ? e.argumentExpression.text : null;

/** The global `fetch` as a value: `fetch`, `globalThis.fetch`, `self.fetch`, `window.fetch`. */
const isGlobalFetch = (e: ts.Expression): boolean =>
  (ts.isIdentifier(e) && e.text === 'fetch') || (nameOf(e) === 'fetch' && (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) && ['globalThis', 'self', 'window'].includes(nameOf(e.expression) ?? ''));

/** An object literal with a `url` the browser will load: not a literal, not the extension's own page. */
const sendsToAddress = (arg: ts.Expression): boolean =>
  ts.isObjectLiteralExpression(arg) &&
  arg.properties.some((p) => {
    const value = ts.isPropertyAssignment(p) && nameOf(p.name as ts.Expression) === 'url' ? p.initializer : ts.isShorthandPropertyAssignment(p) && p.name.text === 'url' ? p.name : null;
    if (!value) return false;
    if (ts.isStringLiteralLike(value)) return false;
    if (ts.isCallExpression(value) && nameOf(value.expression) === 'getURL') return false;
    return true;
  });

/** The call sites of one source text (`file` is only the name they are reported under). */
export function callSitesIn(file: string, text: string): CallSite[] {
  const kind = /\.tsx$/.test(file) ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const out: CallSite[] = [];
  const add = (node: ts.Node, k: string) => out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, kind: k });
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = nameOf(callee);
      if (name && CALLS.has(name)) add(node, name);
      if (name === 'attach' && ts.isPropertyAccessExpression(callee) && nameOf(callee.expression) === 'debugger') add(node, 'debugger.attach');
      if ((name === 'create' || name === 'update') && ts.isPropertyAccessExpression(callee) && ['tabs', 'windows'].includes(nameOf(callee.expression) ?? '') && node.arguments.some(sendsToAddress)) add(node, `${nameOf(callee.expression)}.${name} to an address`);
      if ((callee.kind === ts.SyntaxKind.ImportKeyword || name === 'require') && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0]) && MODULES.has(node.arguments[0].text)) add(node, `import ${node.arguments[0].text}`);
      // `fetch` handed to something else (an alias would hide every later call).
      for (const a of node.arguments) if (isGlobalFetch(a)) add(a, 'fetch passed on');
    } else if (ts.isNewExpression(node)) {
      const name = nameOf(node.expression);
      if (name && NEWS.has(name)) add(node, `new ${name}`);
    } else if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      const spec = node.moduleSpecifier;
      if (spec && ts.isStringLiteral(spec) && MODULES.has(spec.text) && !(ts.isImportDeclaration(node) && node.importClause?.isTypeOnly)) add(node, `import ${spec.text}`);
    } else if (ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node)) {
      if (node.initializer && isGlobalFetch(node.initializer)) add(node.initializer, 'fetch passed on');
    } else if (ts.isShorthandPropertyAssignment(node) && node.name.text === 'fetch') {
      add(node, 'fetch passed on');
    } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && isGlobalFetch(node.right)) {
      add(node.right, 'fetch passed on');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The folders whose code ships in the add-on or the command line. */
export const SCANNED = ['entrypoints', 'lib', 'cli', 'utils', 'components', 'bin'];

/** Every call site under the scanned folders of `root`, by path relative to it (forward slashes). */
export function callSitesUnder(root: string): CallSite[] {
  const out: CallSite[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(tsx?|[cm]?js)$/.test(e.name) && !/\.d\.ts$/.test(e.name)) {
        out.push(...callSitesIn(path.relative(root, p).split(path.sep).join('/'), fs.readFileSync(p, 'utf8')));
      }
    }
  };
  for (const d of SCANNED) if (fs.existsSync(path.join(root, d))) walk(path.join(root, d));
  return out;
}
