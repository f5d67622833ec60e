import { useState } from 'react';

/** What a `run` task answers when it has navigated away: the form stays busy so nothing is sent twice. */
export const LEAVING = 'leaving';

/** What a failed task logs (`console.error(log, err)`) and shows (`failure(err)`). */
export interface SubmitFailure<Outcome> {
  log: string;
  failure: (err: unknown) => Outcome;
}

/**
 * The submit cycle of a form that sends to the server (the fuel record and part purchase forms,
 * Contact Sales, the Platinum inquiry, Sign Up), paired with `@mantine/form`'s `useForm`: useForm
 * owns the fields, their rules and when messages show; this owns what follows a valid submit, which
 * useForm leaves out (its `submitting` has no outcome and does not stay busy while the form leaves).
 * `run(task)`: while the task runs the form is `busy` and the last `outcome` (the banner or alert
 * above the form) is cleared; the task sets a success outcome itself. A failure is logged with `log`
 * and shown as `failure(err)`, and the typed values stay. Ignoring a submit while busy stays with the form.
 * One form may run other actions through the same cycle with their own log and failure (a record
 * form's Delete: `run(task, { log, failure })`), so busy and the banner are one for all of them.
 */
export function useSubmit<Outcome>({
  log,
  failure,
  initial = null,
}: SubmitFailure<Outcome> & {
  initial?: Outcome | null | (() => Outcome | null);
}) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(initial);

  async function run(task: () => Promise<void | typeof LEAVING>, failed: SubmitFailure<Outcome> = { log, failure }): Promise<void> {
    setBusy(true);
    setOutcome(null);
    try {
      if ((await task()) === LEAVING) {
        return;
      }
    } catch (err) {
      console.error(failed.log, err);
      setOutcome(failed.failure(err));
    }
    setBusy(false);
  }

  return { busy, outcome, setOutcome, run };
}

export type SubmitState<Outcome> = ReturnType<typeof useSubmit<Outcome>>;
