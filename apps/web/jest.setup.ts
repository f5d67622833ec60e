import '@testing-library/jest-dom';
import { jest } from '@jest/globals';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// Rendering Mantine in jsdom is CPU-bound: on a busy 2-core machine the 5 s test default and the
// 1 s findBy*/waitFor default are too tight.
jest.setTimeout(20000);
configure({ asyncUtilTimeout: 5000 });

// React Router 7 needs these; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder, __APP_VERSION__: 'test123' });

// Mantine reads media queries and element sizes that jsdom does not implement.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      // Wide screens when a test sets __WIDE__; reduced motion always (no transitions to wait for).
      matches: query.includes('prefers-reduced-motion') || ((globalThis as { __WIDE__?: boolean }).__WIDE__ === true && query.includes('min-width')),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.assign(globalThis, { ResizeObserver: (globalThis as { ResizeObserver?: unknown }).ResizeObserver ?? ResizeObserverStub });
window.scrollTo = (() => undefined) as typeof window.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};
// jsdom has no FontFaceSet; Mantine's autosize textarea listens to it.
if (!(document as { fonts?: unknown }).fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() } });
}
