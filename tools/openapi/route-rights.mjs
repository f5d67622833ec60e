// The right each gateway route needs (issue 33), read from the code the policy itself runs: a route
// sends RPC patterns (`this.rpc.send(PATTERN, ...)`), and the service handler of each pattern
// declares its right with `@Caller('<right>')` (ROLE_RIGHTS in libs/contracts decides which roles
// hold it), or `@AdminCaller()`. A gateway handler's own `@Caller('<right>')` counts the same way.
// Nothing here is written by hand: a new route or a changed right shows in the document at the next build.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const decoratorsOf = (node) => (ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : []);
const decoratorName = (d) => (ts.isCallExpression(d.expression) ? d.expression.expression.getText() : d.expression.getText());
const HTTP_METHODS = new Set(['Get', 'Post', 'Put', 'Delete', 'Patch']);

const filesUnder = (dir, suffix) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, suffix) : name.endsWith(suffix) ? [path] : [];
  });

const classesOf = (file) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true).statements.filter(ts.isClassDeclaration);

/** What a handler's parameters ask: a right of `@Caller('x')`, 'member' for `@Caller()`, 'admin' for `@AdminCaller()`; undefined for none. */
export function callerGate(method) {
  for (const parameter of method.parameters) {
    for (const d of decoratorsOf(parameter)) {
      const name = decoratorName(d);
      if (name === 'AdminCaller') {
        return 'admin';
      }
      if (name === 'Caller') {
        const [arg] = ts.isCallExpression(d.expression) ? d.expression.arguments : [];
        return arg && ts.isStringLiteral(arg) ? arg.text : 'member';
      }
    }
  }
  return undefined;
}

/** Each message pattern constant's gate, from the service controllers' `@MessagePattern(X)` handlers. */
export function patternGates(files) {
  const gates = new Map();
  for (const file of files) {
    for (const cls of classesOf(file)) {
      for (const member of cls.members) {
        if (!ts.isMethodDeclaration(member)) {
          continue;
        }
        const pattern = decoratorsOf(member).find((d) => decoratorName(d) === 'MessagePattern');
        const [arg] = pattern && ts.isCallExpression(pattern.expression) ? pattern.expression.arguments : [];
        const gate = arg && callerGate(member);
        if (gate) {
          gates.set(arg.getText(), gate);
        }
      }
    }
  }
  return gates;
}

/** The pattern constants a method sends itself (`x.send(PATTERN, ...)`), and the helpers of its class it calls (`this.helper(...)`). */
function callsOf(method, methods) {
  const sent = [];
  const helpers = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const { name, expression } = node.expression;
      const [first] = node.arguments;
      if (name.text === 'send' && first && ts.isIdentifier(first)) {
        sent.push(first.text);
      } else if (expression.kind === ts.SyntaxKind.ThisKeyword && methods.has(name.text)) {
        helpers.push(methods.get(name.text));
      }
    }
    ts.forEachChild(node, visit);
  };
  if (method.body) {
    visit(method.body);
  }
  return { sent, helpers };
}

/**
 * The gates of what a handler sends: its own sends, or when none of those is gated, its helpers'
 * own sends, and so on down. The nearest calls name the route's right; a helper further down that
 * looks up a parent of one kind or another (a document's machine, record or purchase) does not.
 */
function gatesSentBy(method, methods, gates) {
  let level = [method];
  const seen = new Set(level);
  while (level.length > 0) {
    const calls = level.map((m) => callsOf(m, methods));
    const found = calls.flatMap((c) => c.sent.map((pattern) => gates.get(pattern))).filter((g) => g && g !== 'member');
    if (found.length > 0) {
      return found;
    }
    level = calls.flatMap((c) => c.helpers).filter((m) => !seen.has(m) && seen.add(m));
  }
  return [];
}

/**
 * `{ "<Controller>_<method>": ["meter.write", ...] }`: the gates of every gateway route (its own
 * `@Caller(right)` first, then those of the patterns it sends, each once); a route that sends
 * nothing gated is left out.
 */
export function routeRights(root) {
  const apps = join(root, 'apps');
  const serviceFiles = readdirSync(apps)
    .filter((app) => app !== 'gateway' && statSync(join(apps, app)).isDirectory())
    .flatMap((app) => {
      const src = join(apps, app, 'src');
      try {
        return filesUnder(src, '.controller.ts');
      } catch {
        return [];
      }
    });
  const gates = patternGates(serviceFiles);
  const rights = {};
  for (const file of filesUnder(join(apps, 'gateway', 'src'), '.controller.ts')) {
    for (const cls of classesOf(file)) {
      if (!decoratorsOf(cls).some((d) => decoratorName(d) === 'Controller')) {
        continue;
      }
      const methods = new Map(cls.members.filter(ts.isMethodDeclaration).map((m) => [m.name.getText(), m]));
      for (const [name, method] of methods) {
        if (!decoratorsOf(method).some((d) => HTTP_METHODS.has(decoratorName(d)))) {
          continue;
        }
        const found = [callerGate(method), ...gatesSentBy(method, methods, gates)].filter((g) => g && g !== 'member');
        if (found.length > 0) {
          rights[`${cls.name.text}_${name}`] = [...new Set(found)];
        }
      }
    }
  }
  return rights;
}
