import { jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { LEAVING, useSubmit } from './useSubmit';

function setup(initial: string | null = null) {
  const failure = jest.fn((err: unknown) => `Failed: ${(err as Error).message}`);
  const hook = renderHook(() => useSubmit<string>({ log: 'Save failed', failure, initial }));
  return { hook, failure };
}

describe('useSubmit', () => {
  it('is busy and shows no outcome while the task runs, then idle with what the task set', async () => {
    const { hook } = setup('Earlier outcome');
    expect(hook.result.current.outcome).toBe('Earlier outcome');
    let finish = () => {};
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = hook.result.current.run(
        () =>
          new Promise<void>((resolve) => {
            finish = () => {
              hook.result.current.setOutcome('Saved');
              resolve();
            };
          }),
      );
    });
    expect(hook.result.current.busy).toBe(true);
    expect(hook.result.current.outcome).toBeNull();
    await act(async () => {
      finish();
      await done;
    });
    expect(hook.result.current.busy).toBe(false);
    expect(hook.result.current.outcome).toBe('Saved');
  });

  it('logs a failure and shows its outcome', async () => {
    const { hook, failure } = setup();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const err = new Error('refused');
    await act(() => hook.result.current.run(() => Promise.reject(err)));
    expect(error).toHaveBeenCalledWith('Save failed', err);
    expect(failure).toHaveBeenCalledWith(err);
    expect(hook.result.current).toMatchObject({ busy: false, outcome: 'Failed: refused' });
    error.mockRestore();
  });

  it('stays busy when the task has left the page', async () => {
    const { hook } = setup();
    await act(() => hook.result.current.run(() => Promise.resolve(LEAVING)));
    expect(hook.result.current.busy).toBe(true);
  });

  it('names overlapping runs: each key is busy until its own run ends, the form until the last one', async () => {
    const hook = renderHook(() => useSubmit<string, 'save' | 'clone'>({ log: 'Save failed', failure: () => 'Failed' }));
    const finish: Record<string, () => void> = {};
    const task = (key: string) => () => new Promise<void>((resolve) => (finish[key] = resolve));
    let save: Promise<void> = Promise.resolve();
    let clone: Promise<void> = Promise.resolve();
    act(() => {
      save = hook.result.current.run(task('save'), { key: 'save' });
    });
    act(() => {
      clone = hook.result.current.run(task('clone'), { key: 'clone' });
    });
    expect(hook.result.current).toMatchObject({ busy: true });
    expect([hook.result.current.busyWith('save'), hook.result.current.busyWith('clone')]).toEqual([true, true]);
    await act(async () => {
      finish.save();
      await save;
    });
    // The save is done; the clone still runs, so its button still spins and the form stays busy.
    expect([hook.result.current.busyWith('save'), hook.result.current.busyWith('clone')]).toEqual([false, true]);
    expect(hook.result.current.busy).toBe(true);
    await act(async () => {
      finish.clone();
      await clone;
    });
    expect(hook.result.current.busyWith('clone')).toBe(false);
    expect(hook.result.current.busy).toBe(false);
  });

  it("shows a keyed run's own failure, logged with its own words", async () => {
    const hook = renderHook(() => useSubmit<string, 'delete'>({ log: 'Save failed', failure: () => 'Save failed' }));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const err = new Error('refused');
    await act(() =>
      hook.result.current.run(() => Promise.reject(err), { key: 'delete', log: 'Delete failed', failure: (e) => `Delete: ${(e as Error).message}` }),
    );
    expect(error).toHaveBeenCalledWith('Delete failed', err);
    expect(hook.result.current).toMatchObject({ busy: false, outcome: 'Delete: refused' });
    expect(hook.result.current.busyWith('delete')).toBe(false);
    error.mockRestore();
  });
});
