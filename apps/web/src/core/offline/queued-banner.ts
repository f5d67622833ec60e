import type { Banner } from '../forms/FormBanner';
import type { QueuedOffline } from './queued';

/** The form's banner for a create kept on the device (issue 34): saved here, waiting to send. */
export function queuedBanner(err: QueuedOffline): Banner {
  return {
    kind: 'success',
    title: `No connection: the ${err.entry.kind.toLowerCase()} is saved on this device, waiting to send`,
    detail: 'It is sent by itself when the connection returns. The cloud button at the top shows what waits.',
  };
}
