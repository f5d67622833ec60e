// jsdom with the Fetch API classes of Node (jsdom has none): tests mock `fetch` itself and answer
// with real Response objects.
import JSDOMEnvironment from 'jest-environment-jsdom';

export default class JsdomWithFetch extends JSDOMEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['Response', 'Request', 'Headers', 'fetch', 'TextEncoder', 'TextDecoder', 'ReadableStream', 'structuredClone']) {
      if (typeof this.global[name] === 'undefined' && typeof globalThis[name] !== 'undefined') {
        this.global[name] = globalThis[name];
      }
    }
  }
}
