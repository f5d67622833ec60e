#!/usr/bin/env node
// The gateway's build step for its OpenAPI document (issue 33): what each route answers, read from
// the code. Request shapes come at run time from the DTOs' class-validator rules; answers are
// TypeScript types (the contracts' reply interfaces), gone at run time, so this step reads each
// controller method's declared return type and turns the contracts' exported types into JSON
// Schemas (ts-json-schema-generator). Writes apps/gateway/dist/openapi-types.json:
//   { definitions: {Name: schema}, routes: {"<Controller>_<method>": {kind, schema?, rights?}} }
// (rights: the role rights the route needs, tools/openapi/route-rights.mjs)
// keyed by @nestjs/swagger's default operationId, so the gateway joins them without guessing paths.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGenerator } from 'ts-json-schema-generator';
import ts from 'typescript';
import { routeRights } from './route-rights.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const gatewaySrc = join(root, 'apps', 'gateway', 'src');
const HTTP_METHODS = new Set(['Get', 'Post', 'Put', 'Delete', 'Patch']);

const controllerFiles = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? controllerFiles(path) : name.endsWith('.controller.ts') ? [path] : [];
  });

/** A route handler: its operationId (`<Controller>_<method>`, @nestjs/swagger's default) and what it answers. */
export function handlersOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const handlers = [];
  for (const statement of source.statements) {
    if (!ts.isClassDeclaration(statement) || !decoratorsOf(statement).some((d) => decoratorName(d) === 'Controller')) {
      continue;
    }
    for (const member of statement.members) {
      if (ts.isMethodDeclaration(member) && decoratorsOf(member).some((d) => HTTP_METHODS.has(decoratorName(d)))) {
        handlers.push({ operationId: `${statement.name.text}_${member.name.getText()}`, answer: answerOf(member.type), ...inputsOf(member) });
      }
    }
  }
  return { source, handlers };
}

/**
 * The DTO classes a handler takes: a typed `@Body()` / whole `@Query()`, or the class its body checks
 * itself with `validBody(body, Dto)` (an upload's form fields too); and whether it reads a multipart upload.
 */
export function inputsOf(method) {
  const inputs = {};
  for (const parameter of method.parameters) {
    const decorator = decoratorsOf(parameter).find((d) => ['Body', 'Query'].includes(decoratorName(d)));
    const whole = decorator && ts.isCallExpression(decorator.expression) && decorator.expression.arguments.length === 0;
    const type = parameter.type && ts.isTypeReferenceNode(parameter.type) ? parameter.type.typeName.getText() : undefined;
    if (whole && type) {
      inputs[decoratorName(decorator) === 'Body' ? 'body' : 'query'] = type;
    }
  }
  inputs.body ??= /validBody\([^,]+,\s*(\w+)/.exec(method.body?.getText() ?? '')?.[1];
  // A write with no JSON body that hands its raw request to an upload reader takes a multipart form
  // (photos, documents, an import's file).
  const write = decoratorsOf(method).some((d) => ['Post', 'Put'].includes(decoratorName(d)));
  const jsonBody = method.parameters.some((p) => decoratorsOf(p).some((d) => decoratorName(d) === 'Body'));
  if (write && !jsonBody && /uploads\.|Upload\(|\.file\(|\.parts\(|this\.add\(/.test(method.body?.getText() ?? '')) {
    inputs.multipart = true;
  }
  return Object.fromEntries(Object.entries(inputs).filter(([, v]) => v !== undefined));
}

const decoratorsOf = (node) => (ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : []);
const decoratorName = (d) => (ts.isCallExpression(d.expression) ? d.expression.expression.getText() : d.expression.getText());

/** What a declared return type says: nothing, text, a file, or JSON of a type (its text, Promise unwrapped). */
export function answerOf(typeNode) {
  let node = typeNode;
  while (node && ts.isTypeReferenceNode(node) && node.typeName.getText() === 'Promise' && node.typeArguments?.length === 1) {
    node = node.typeArguments[0];
  }
  if (!node || node.kind === ts.SyntaxKind.VoidKeyword || node.kind === ts.SyntaxKind.UndefinedKeyword) {
    return { kind: 'empty' };
  }
  if (node.kind === ts.SyntaxKind.StringKeyword) {
    return { kind: 'text' };
  }
  if (ts.isTypeReferenceNode(node) && node.typeName.getText() === 'StreamableFile') {
    return { kind: 'file' };
  }
  return { kind: 'json', type: node.getText() };
}

/**
 * One module per controller holding its imports (paths made relative to `dir`) and a type alias per
 * JSON route, named by its operationId; ts-json-schema-generator turns every alias, and every type
 * they name, into a schema.
 */
function writeAliasModules(dir, controllers) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const modules = controllers.map(({ file, source, handlers }, i) => {
    const imports = source.statements.filter(ts.isImportDeclaration).map((d) => {
      const from = d.moduleSpecifier.text;
      const target = from.startsWith('.') ? relative(dir, join(dirname(file), from)).replace(/\\/g, '/') : from;
      return d.getText().replace(d.moduleSpecifier.getText(), `'${target.startsWith('.') ? target : from.startsWith('.') ? `./${target}` : target}'`);
    });
    // Types the controller declares itself (not exported here, so two controllers' names never clash).
    const local = source.statements
      .filter((st) => ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st))
      .map((st) => st.getText().replace(/^export /, ''));
    const aliases = handlers.filter((h) => h.answer.kind === 'json').map((h) => `export type ${h.operationId} = ${h.answer.type};`);
    writeFileSync(join(dir, `c${i}.ts`), [...imports, ...local, ...aliases].join('\n') + '\n');
    return `export type * from './c${i}.js';`;
  });
  writeFileSync(join(dir, 'index.ts'), modules.join('\n') + '\n');
  return join(dir, 'index.ts');
}

/** JSON Schema's `#/definitions/` pointers as OpenAPI's, and `Page<X>` names as valid component keys. */
const componentRefs = (schema) =>
  JSON.parse(
    JSON.stringify(schema)
      .replaceAll('#/definitions/', '#/components/schemas/')
      .replace(/(Page)(?:<|%3C)(\w+)(?:>|%3E)/g, '$1_$2'),
  );

/** `{definitions, routes}`: every route's answer, JSON ones as a schema ($ref to the contracts' named types). */
export function openApiTypes(workDir) {
  const controllers = controllerFiles(gatewaySrc).map((file) => ({ file, ...handlersOf(file) }));
  const generator = createGenerator({
    path: writeAliasModules(workDir, controllers),
    tsconfig: join(root, 'tsconfig.json'),
    type: '*',
    expose: 'export',
    skipTypeCheck: true,
    topRef: true,
    jsDoc: 'basic',
    additionalProperties: true,
  });
  const definitions = {};
  const routes = {};
  const rights = routeRights(root);
  for (const { handlers } of controllers) {
    for (const { operationId, answer, ...inputs } of handlers) {
      if (answer.kind !== 'json') {
        routes[operationId] = { kind: answer.kind, ...inputs, ...(rights[operationId] ? { rights: rights[operationId] } : {}) };
        continue;
      }
      // An alias of a named type is a $ref to it; any other type is its schema, inline.
      const { definitions: found = {} } = componentRefs(generator.createSchema(operationId));
      const own = found[operationId];
      delete found[operationId];
      Object.assign(definitions, found);
      routes[operationId] = { kind: 'json', schema: own, ...inputs, ...(rights[operationId] ? { rights: rights[operationId] } : {}) };
    }
  }
  return { definitions, routes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = join(root, 'apps', 'gateway', 'dist');
  const types = openApiTypes(join(dist, '.openapi-types'));
  rmSync(join(dist, '.openapi-types'), { recursive: true, force: true });
  writeFileSync(join(dist, 'openapi-types.json'), JSON.stringify(types));
}
