#!/usr/bin/env node
// Renders every kustomize overlay under deploy/overlays with kubectl (no cluster needed) and
// checks each rendered object against the Kubernetes schemas (kubernetes-models).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { root } from './apps.mjs';

async function modelFor(apiVersion, kind) {
  const mod = await import(`kubernetes-models/${apiVersion}/${kind}`);
  return mod[kind] ?? mod.default;
}

// kubectl folds long base64 values of Secrets over several lines; the API server's decoder
// ignores the line breaks, the schema's "byte" format does not.
function unfoldSecretData(object) {
  if (object.kind === 'Secret' && object.data) {
    for (const key of Object.keys(object.data)) {
      object.data[key] = String(object.data[key]).replace(/\s+/g, '');
    }
  }
  return object;
}

const overlays = readdirSync(join(root, 'deploy', 'overlays'));
let problems = 0;
let checked = 0;
for (const overlay of overlays) {
  const render = spawnSync('kubectl', ['kustomize', join(root, 'deploy', 'overlays', overlay)], { encoding: 'utf8' });
  if (render.error || render.status !== 0) {
    console.error(`deploy/overlays/${overlay}: kustomize failed: ${render.error?.message ?? render.stderr}`);
    problems++;
    continue;
  }
  for (const doc of parseAllDocuments(render.stdout)) {
    const object = doc.toJSON();
    if (!object) {
      continue;
    }
    const name = `${overlay}: ${object.kind}/${object.metadata?.name}`;
    try {
      const Model = await modelFor(object.apiVersion, object.kind);
      new Model(unfoldSecretData(object)).validate();
      checked++;
    } catch (err) {
      problems++;
      console.error(`${name}: ${err.message}`);
    }
  }
}
console.log(`kubernetes: ${checked} objects valid, ${problems} problems (${overlays.length} overlay${overlays.length === 1 ? '' : 's'})`);
process.exit(problems ? 1 : 0);
