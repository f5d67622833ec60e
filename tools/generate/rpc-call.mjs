#!/usr/bin/env node
// Adds one RPC call's five pieces in one command: the pattern and its DTOs (contracts), the typed
// map entry, the gateway route, the service's handler and an e2e test. Each piece is a new file,
// registered in the module that exists (nothing else is rewritten), so the diff is easy to review.
//
//   npm run generate:call -- --context=notification --service=notification-service \
//     --folder=notifications --name=snooze-notification --route="POST /api/notifications/:id/snooze"
//
// --dry-run prints the files instead of writing them. See docs/DEVELOPING.md "Adding a call".
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

const USAGE = `usage: node tools/generate/rpc-call.mjs --context=<contracts folder> --service=<app> --folder=<module folder>
       --name=<kebab-name> --route="<GET|POST|PUT|PATCH|DELETE> /api/<path>" [--pattern=<ctx.entity.action>] [--dry-run]`;

const kebab = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const pascal = (s) =>
  s
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
const camel = (s) => pascal(s)[0].toLowerCase() + pascal(s).slice(1);
const constant = (s) => s.replace(/-/g, '_').toUpperCase();

/** Reads and checks the options; throws with the message to print. */
export function readOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      context: { type: 'string' },
      service: { type: 'string' },
      folder: { type: 'string' },
      name: { type: 'string' },
      route: { type: 'string' },
      pattern: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  for (const key of ['context', 'service', 'folder', 'name', 'route']) {
    if (!values[key]) {
      throw new Error(`--${key} is required\n${USAGE}`);
    }
  }
  for (const key of ['context', 'service', 'folder', 'name']) {
    if (!kebab.test(values[key])) {
      throw new Error(`--${key} must be lower-case kebab-case, e.g. "snooze-notification" (got "${values[key]}")`);
    }
  }
  const route = /^(GET|POST|PUT|PATCH|DELETE) \/api\/([a-z0-9-]+(?:\/(?:[a-z0-9-]+|:[a-zA-Z]+))*)$/.exec(values.route.trim());
  if (!route) {
    throw new Error(`--route must look like "POST /api/notifications/:id/snooze" (got "${values.route}")`);
  }
  const [, method, path] = route;
  const [prefix, ...rest] = path.split('/');
  const params = rest.filter((p) => p.startsWith(':')).map((p) => p.slice(1));
  const pattern = values.pattern ?? `${values.context}.${values.folder}.${camel(values.name)}`;
  if (!/^[a-z]+(\.[a-zA-Z]+)+$/.test(pattern) || !pattern.startsWith(`${values.context}.`)) {
    throw new Error(`--pattern must be "<context>.<entity>.<action>" and start with "${values.context}." (got "${pattern}")`);
  }
  return { ...values, method, prefix, subPath: rest.join('/'), params, pattern, dryRun: values['dry-run'] };
}

/** The files to create and the registrations to add, as data (the tests read this). */
export function plan(o) {
  const P = pascal(o.name);
  const C = constant(o.name);
  const m = camel(o.name);
  const hasBody = o.method !== 'GET' && o.method !== 'DELETE';
  const idParams = o.params;
  const contractFile = `libs/contracts/src/${o.context}/${o.name}.contract.ts`;
  const contract = `// Producer: gateway (${o.method} /api/${o.prefix}${o.subPath ? `/${o.subPath}` : ''}). Consumer: ${o.service}.
export const ${C} = '${o.pattern}' as const;

/** What the caller sends${hasBody ? ' in the body' : ''}. Each field gets its rule and its field message here, once. */
export class ${P}Input {
  // Example: @IsString({ message: M.note }) @MaxLength(L.note, { message: M.note }) note!: string;
}

/** What the handler receives: the input and the route's ids. */
export interface ${P}Request${hasBody ? ` extends ${P}Input` : ''} {
${idParams.length ? idParams.map((p) => `  ${p}: number;`).join('\n') : '  // no route parameters'}
}

/** What the call answers. */
export interface ${P}Reply {
  done: true;
}

export type ${P}Rpc = {
  [${C}]: { request: ${P}Request; response: ${P}Reply };
};
`;

  const gatewayFile = `apps/gateway/src/${o.folder}/${o.name}.controller.ts`;
  const decorator = pascal(o.method.toLowerCase());
  const nestImports = [
    'Controller',
    decorator,
    ...(hasBody ? ['Body'] : []),
    ...(idParams.length ? ['Param'] : []),
    ...(o.method === 'POST' ? ['HttpCode'] : []),
  ].sort();
  const args = [
    ...idParams.map((p) => `@Param('${p}', ${p === 'id' ? 'ID' : `new IdPipe('Invalid ${p}', '${p}')`}) ${p}: number`),
    ...(hasBody ? ['@Body() body: unknown'] : []),
    '@Call() call: CallContext',
  ].join(', ');
  const payload = `{ ${[...idParams, ...(hasBody ? ['...input'] : [])].join(', ')} }`;
  const gateway = `import { ${nestImports.join(', ')} } from '@nestjs/common';
import { ${C}, ${hasBody ? `${P}Input, ` : ''}type ${P}Reply } from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
${idParams.length ? `import { ${[...(idParams.includes('id') ? ['ID'] : []), ...(idParams.some((p) => p !== 'id') ? ['IdPipe'] : [])].join(', ')} } from '../http/id.pipe.js';\n` : ''}import { Call } from '../http/request-context.js';
${hasBody ? "import { validBody } from '../http/valid-body.js';\n" : ''}
/** ${o.method} /api/${o.prefix}${o.subPath ? `/${o.subPath}` : ''} (${o.service}). */
@Controller('${o.prefix}')
export class ${P}Controller {
  constructor(private readonly rpc: RpcClient) {}

  @${decorator}(${o.subPath ? `'${o.subPath}'` : ''})${o.method === 'POST' ? '\n  @HttpCode(200)' : ''}
  async ${m}(${args}): Promise<${P}Reply> {
${hasBody ? `    const input = await validBody(body ?? {}, ${P}Input);\n` : ''}    return this.rpc.send(${C}, ${payload}, call);
  }
}
`;

  const handlerFile = `apps/${o.service}/src/${o.folder}/${o.name}.controller.ts`;
  const handler = `import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ${C}, type Actor, type ${P}Reply, type ${P}Request, type RpcMessage } from '@wrenchlog/contracts';
import { Caller } from '@wrenchlog/platform';

@Controller()
export class ${P}Controller {
  // Inject the folder's service and call it with the caller: the rule belongs there, the SQL in its
  // repository. @Caller() refuses a message without a signed-in caller (401) before this runs.
  // A payload that is the input DTO itself is checked again on receipt with @ValidInput(${P}Input).

  @MessagePattern(${C})
  ${m}(@Payload() _m: RpcMessage<${P}Request>, @Caller() _caller: Actor): ${P}Reply {
    return { done: true };
  }
}
`;

  const testFile = `apps/gateway-e2e/src/${o.name}.e2e-spec.ts`;
  const url = `/api/${o.prefix}${o.subPath ? `/${o.subPath}` : ''}`.replace(/:[a-zA-Z]+/g, '1');
  const send = (token) => `api.${o.method === 'DELETE' ? 'delete' : o.method.toLowerCase()}('${url}'${hasBody ? ', {}' : ''}${token ? ', user.token' : ''})`;
  const test = `import { ApiClient, createApprovedUser, e2eProducts, type ApprovedUser } from '@wrenchlog/testing';

describe.each(e2eProducts())('${o.method} ${url.replace(/\/1(?=\/|$)/g, '/:id')} (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let user: ApprovedUser;

  beforeAll(async () => {
    user = await createApprovedUser(api, { name: '${P} owner' });
  });

  it('refuses a caller without a session', async () => {
    expect((await ${send(false)}).status).toBe(401);
  });

  it('answers the signed-in caller', async () => {
    const res = await ${send(true)};
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ done: true });
  });
});
`;
  return {
    files: [
      { path: contractFile, text: contract },
      { path: gatewayFile, text: gateway },
      { path: handlerFile, text: handler },
      { path: testFile, text: test },
    ],
    registrations: [
      { path: 'libs/contracts/src/index.ts', kind: 'append', text: `export * from './${o.context}/${o.name}.contract.js';\n` },
      { path: 'libs/contracts/src/rpc.ts', kind: 'rpc', type: `${P}Rpc`, from: `./${o.context}/${o.name}.contract.js` },
      { path: `apps/gateway/src/${o.folder}/${o.folder}.module.ts`, kind: 'controller', name: `${P}Controller`, from: `./${o.name}.controller.js` },
      { path: `apps/${o.service}/src/${o.folder}/${o.folder}.module.ts`, kind: 'controller', name: `${P}Controller`, from: `./${o.name}.controller.js` },
    ],
  };
}

/** Applies one registration to a file's text; returns the new text, or null when it cannot. */
export function register(text, r) {
  if (r.kind === 'append') {
    return text.includes(r.text.trim()) ? text : text.replace(/\n*$/, '\n') + r.text;
  }
  const importLine = r.kind === 'rpc' ? `import type { ${r.type} } from '${r.from}';` : `import { ${r.name} } from '${r.from}';`;
  if (text.includes(importLine)) {
    return text;
  }
  const lastImport = [...text.matchAll(/^import [^;]+;$/gm)].at(-1);
  if (!lastImport) {
    return null;
  }
  const at = lastImport.index + lastImport[0].length;
  let next = `${text.slice(0, at)}\n${importLine}${text.slice(at)}`;
  if (r.kind === 'rpc') {
    const rpc = /^(export type Rpc = [^;]+);$/m;
    if (!rpc.test(next)) {
      return null;
    }
    return next.replace(rpc, `$1 & ${r.type};`);
  }
  const controllers = /controllers: \[([^\]]*)\]/;
  if (!controllers.test(next)) {
    return null;
  }
  return next.replace(controllers, (_all, list) => `controllers: [${list.trim() ? `${list.trim().replace(/,\s*$/, '')}, ` : ''}${r.name}]`);
}

function main() {
  let options;
  try {
    options = readOptions(process.argv.slice(2));
  } catch (err) {
    console.error(err.message);
    process.exit(2);
  }
  if (!existsSync(join(root, 'apps', options.service, 'src'))) {
    console.error(`apps/${options.service}/src does not exist: --service names an app`);
    process.exit(2);
  }
  if (!existsSync(join(root, 'libs/contracts/src', options.context))) {
    console.error(`libs/contracts/src/${options.context} does not exist: --context names a contracts folder`);
    process.exit(2);
  }
  const { files, registrations } = plan(options);
  const clash = files.find((f) => existsSync(join(root, f.path)));
  if (clash) {
    console.error(`${clash.path} exists already: nothing written`);
    process.exit(1);
  }
  const manual = [];
  const edits = [];
  for (const r of registrations) {
    const file = join(root, r.path);
    const next = existsSync(file) ? register(readFileSync(file, 'utf8'), r) : null;
    if (next === null) {
      manual.push(`${r.path}: add ${r.name ?? r.type ?? r.text.trim()} by hand (${existsSync(file) ? 'no place found' : 'no such module'})`);
    } else {
      edits.push({ path: r.path, text: next });
    }
  }
  for (const f of [...files, ...edits]) {
    if (options.dryRun) {
      console.log(`--- ${f.path}\n${f.text}`);
      continue;
    }
    mkdirSync(dirname(join(root, f.path)), { recursive: true });
    writeFileSync(join(root, f.path), f.text);
  }
  console.log(
    `${options.dryRun ? 'would write' : 'wrote'}:\n${files.map((f) => `  ${f.path}`).join('\n')}\n${options.dryRun ? 'would register' : 'registered'} in:\n${edits.map((e) => `  ${e.path}`).join('\n')}`,
  );
  if (manual.length) {
    console.log(`by hand:\n${manual.map((l) => `  ${l}`).join('\n')}`);
  }
  console.log(
    `next: add the fields and the rule, then: node tools/build.mjs && cd apps/gateway-e2e && E2E_MODES=embedded node --experimental-vm-modules ../../node_modules/jest/bin/jest.js --runInBand src/${options.name}.e2e-spec.ts`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main();
}
