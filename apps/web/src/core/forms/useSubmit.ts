import { useState } from 'react';

/** What a `run` task answers when it has navigated away: the form stays busy so nothing is sent twice. */
export const LEAVING = 'leaving';

/** What a failed task logs (`console.error(log, err)`) and shows (`failure(err)`). */
export interface SubmitFailure<Outcome> {
  log: string;
  failure: (err: unknown) => Outcome;
}

/** One run's own failure (defaults: the form's) and the action it is (`key`: which button is busy). */
export type RunOptions<Outcome, Key extends string> = Partial<SubmitFailure<Outcome>> & { key?: Key };

/**
 * The submit cycle of a form that sends to the server (the fuel record, part purchase and service
 * record forms, Contact Sales, the Platinum inquiry, Sign Up), paired with `@mantine/form`'s
 * `useForm`: useForm owns the fields, their rules and when messages show; this owns what follows a
 * valid submit, which useForm leaves out (its `submitting` has no outcome and does not stay busy
 * while the form leaves).
 * `run(task)`: while the task runs the form is `busy` and the last `outcome` (the banner or alert
 * above the form) is cleared; the task sets a success outcome itself. A failure is logged with `log`
 * and shown as `failure(err)`, and the typed values stay. Ignoring a submit while busy stays with the form.
 * One form may run other actions through the same cycle with their own log and failure (a record
 * form's Delete: `run(task, { log, failure })`), so busy and the banner are one for all of them.
 * A form with several actions names each run (`run(task, { key: 'clone' })`): `busyWith('clone')`
 * says which button spins. Runs may overlap (a blur save still going when Clone is pressed): `busy`
 * holds until the last one ends, and each key until its own runs end.
 */
export function useSubmit<Outcome, Key extends string = never>({
  log,
  failure,
  initial = null,
}: SubmitFailure<Outcome> & {
  initial?: Outcome | null | (() => Outcome | null);
}) {
  // One entry per run in flight: its key, or null for an unnamed run.
  const [running, setRunning] = useState<readonly (Key | null)[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(initial);

  async function run(task: () => Promise<void | typeof LEAVING>, options: RunOptions<Outcome, Key> = {}): Promise<void> {
    const key = options.key ?? null;
    setRunning((now) => [...now, key]);
    setOutcome(null);
    try {
      if ((await task()) === LEAVING) {
        return;
      }
    } catch (err) {
      console.error(options.log ?? log, err);
      setOutcome((options.failure ?? failure)(err));
    }
    setRunning((now) => {
      const at = now.indexOf(key);
      return [...now.slice(0, at), ...now.slice(at + 1)];
    });
  }

  return { busy: running.length > 0, busyWith: (key: Key) => running.includes(key), outcome, setOutcome, run };
}

export type SubmitState<Outcome, Key extends string = never> = ReturnType<typeof useSubmit<Outcome, Key>>;
