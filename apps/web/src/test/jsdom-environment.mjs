// jsdom with the Fetch API classes of Node (jsdom has none): tests mock `fetch` itself and answer
// with real Response objects.
import JSDOMEnvironment from 'jest-environment-jsdom';

/**
 * Node's Request taking jsdom's AbortSignal too. React Router builds a Request with the signal of
 * an AbortController, which in jsdom is jsdom's; Node 24's fetch classes accept only Node's own
 * (Node 20's took anything shaped like one). The signal is followed by one of Node's.
 */
function requestTakingAnySignal(NodeRequest, NodeAbortController, NodeAbortSignal) {
  return class Request extends NodeRequest {
    constructor(input, init) {
      const signal = init?.signal;
      if (signal && !(signal instanceof NodeAbortSignal)) {
        const follower = new NodeAbortController();
        if (signal.aborted) {
          follower.abort(signal.reason);
        } else {
          signal.addEventListener('abort', () => follower.abort(signal.reason), { once: true });
        }
        super(input, { ...init, signal: follower.signal });
      } else {
        super(input, init);
      }
    }
  };
}

export default class JsdomWithFetch extends JSDOMEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['Response', 'Request', 'Headers', 'fetch', 'TextEncoder', 'TextDecoder', 'ReadableStream', 'structuredClone']) {
      if (typeof this.global[name] === 'undefined' && typeof globalThis[name] !== 'undefined') {
        this.global[name] = globalThis[name];
      }
    }
    this.global.Request = requestTakingAnySignal(globalThis.Request, globalThis.AbortController, globalThis.AbortSignal);
  }
}
