// CI tests the Node the image ships: both come from the Dockerfile's one NODE_VERSION.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { root } from './apps.mjs';
import { imageNodeVersion } from './image-node.mjs';

const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

describe('the Node of the image and of CI', () => {
  it('is one exact version of an LTS line still supported (24)', () => {
    assert.match(imageNodeVersion(dockerfile), /^24\.\d+\.\d+$/);
  });

  it('is the one every stage of the image is built from', () => {
    const froms = dockerfile.split('\n').filter((line) => line.startsWith('FROM '));
    assert.equal(froms.length, 2);
    for (const from of froms) {
      assert.match(from, /^FROM node:\$\{NODE_VERSION\}-bookworm-slim( AS build)?$/);
    }
  });

  it('is refused when the Dockerfile names none', () => {
    assert.throws(() => imageNodeVersion('FROM node:24-bookworm-slim\n'), /names no ARG NODE_VERSION/);
  });
});
