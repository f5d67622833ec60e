import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, type Handler } from '../../test/harness';

export const user = userEvent.setup({ delay: null });

/** The calls every public page makes on load: its page view and the marketing-tag config (both off). */
export const PAGE_LOAD = {
  'POST /api/analytics/pageview': json({ id: 1 }, 201),
  'GET /api/public-config': json({ metaPixelId: null, googleTagManagerId: null }),
};

/** A reply the test releases when it wants: the request stays in flight until then. */
export function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { handler: (() => promise) as Handler, resolve };
}

/** Fills a field by pasting: one input event per field keeps the tests fast on a busy machine. */
export async function put(label: RegExp, text: string): Promise<void> {
  await user.click(await screen.findByLabelText(label));
  await user.paste(text);
}
