import { jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { renderApp, signIn } from '../../test/harness';
import type { FormMode } from './form-rules';
import type { Banner } from './FormBanner';
import { RecordFormFrame, useRecordFormActions, type RecordDeletion } from './RecordForm';
import { useSubmit } from './useSubmit';

const user = userEvent.setup({ delay: null });

function setup(options: Partial<Parameters<typeof useRecordFormActions>[0]> = {}) {
  const queryClient = new QueryClient();
  const reset = jest.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/record/7']}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      // The form's real submit cycle, with a banner already shown (as after a save).
      const submit = useSubmit<Banner>({ log: 'Save failed', failure: () => ({ kind: 'error', title: 'Save failed' }), initial: SAVED });
      return {
        submit,
        actions: useRecordFormActions({ mode: 'full', reset, submit, cancelTo: '/machines/3?tab=x', deletion: null, ...options }),
        location: useLocation(),
      };
    },
    { wrapper },
  );
  const where = () => `${hook.result.current.location.pathname}${hook.result.current.location.search}`;
  const shown = () => ({ busy: hook.result.current.submit.busy, banner: hook.result.current.actions.frame.banner });
  return { hook, where, reset, shown };
}

const SAVED: Banner = { kind: 'success', title: 'Thing saved' };

function aDeletion(remove: () => Promise<unknown> = () => Promise.resolve()) {
  return { remove: jest.fn(remove), leaveTo: '/machines/3?tab=y', failTitle: 'Failed to delete the record.' } satisfies RecordDeletion;
}

describe('useRecordFormActions', () => {
  it('Cancel leaves for cancelTo on the full screen, and clears the form and its banner in fast and fastView mode', () => {
    const full = setup({ mode: 'full' });
    act(() => full.hook.result.current.actions.frame.onCancel());
    expect(full.where()).toBe('/machines/3?tab=x');
    expect(full.reset).not.toHaveBeenCalled();
    expect(full.shown().banner).toEqual(SAVED);

    for (const mode of ['fast', 'fastView'] as const) {
      const fast = setup({ mode });
      act(() => fast.hook.result.current.actions.frame.onCancel());
      expect(fast.where()).toBe('/record/7');
      expect(fast.reset).toHaveBeenCalledTimes(1);
      expect(fast.shown().banner).toBeNull();
    }
  });

  it("Cancel is the embedding page's onCancel when it gives one", () => {
    for (const mode of ['full', 'fast'] as const) {
      const onCancel = jest.fn();
      const { hook, where, reset, shown } = setup({ mode, onCancel });
      act(() => hook.result.current.actions.frame.onCancel());
      expect(onCancel).toHaveBeenCalledTimes(1);
      expect(where()).toBe('/record/7');
      expect(reset).not.toHaveBeenCalled();
      expect(shown().banner).toEqual(SAVED);
    }
  });

  it('Delete runs the delete mutation and leaves for leaveTo, busy until then', async () => {
    const deletion = aDeletion();
    const { hook, where, shown } = setup({ mode: 'fast', deletion });
    await act(() => hook.result.current.actions.frame.onDelete());
    expect(deletion.remove).toHaveBeenCalledTimes(1);
    expect(where()).toBe('/machines/3?tab=y');
    expect(shown()).toEqual({ busy: true, banner: null });
  });

  it('Delete ends in onDeleted instead when the embedding page gives one', async () => {
    const onDeleted = jest.fn();
    const deletion = aDeletion();
    const { hook, where } = setup({ deletion, onDeleted });
    await act(() => hook.result.current.actions.frame.onDelete());
    expect(deletion.remove).toHaveBeenCalledTimes(1);
    expect(onDeleted).toHaveBeenCalledTimes(1);
    expect(where()).toBe('/record/7');
  });

  it("shows a refused delete with failTitle and the server's message, and stays", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const deletion = aDeletion(() => Promise.reject({ status: 409, body: { message: 'The record is in use' } }));
    const { hook, where, shown } = setup({ deletion });
    await act(() => hook.result.current.actions.frame.onDelete());
    expect(shown()).toEqual({ busy: false, banner: { kind: 'error', title: 'Failed to delete the record.', detail: 'The record is in use' } });
    expect(error).toHaveBeenCalledWith('Failed to delete the record.:', expect.anything());
    expect(where()).toBe('/record/7');
    error.mockRestore();
  });

  it('Delete does nothing without a record', async () => {
    const { hook, where, shown } = setup({ deletion: null });
    await act(() => hook.result.current.actions.frame.onDelete());
    expect(shown()).toEqual({ busy: false, banner: SAVED });
    expect(where()).toBe('/record/7');
  });
});

describe('RecordFormFrame', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it.each([
    ['full', 1],
    ['fast', 2],
    ['fastView', 2],
  ] as [FormMode, number][])('in %s mode: a level %i title, the banner, the fields, then the actions', async (mode, level) => {
    const onBannerClose = jest.fn();
    const onSubmit = jest.fn(async (e: FormEvent) => e.preventDefault());
    renderApp(
      <RecordFormFrame
        title="Create Thing"
        banner={{ kind: 'success', title: 'Thing saved' }}
        onBannerClose={onBannerClose}
        onSubmit={onSubmit}
        exists={false}
        mode={mode}
        busy={false}
        submitLabel="Save Thing"
        onCancel={() => undefined}
        deleteTitle="Delete Thing"
        deleteMessage="Sure?"
        onDelete={() => Promise.resolve()}
      >
        <input aria-label="Name" />
      </RecordFormFrame>,
    );
    const form = await screen.findByRole('form', { name: 'Create Thing' });
    const heading = screen.getByRole('heading', { level, name: 'Create Thing' });
    const banner = screen.getByRole('status');
    const name = screen.getByLabelText('Name');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const order = [heading, banner, name, cancel];
    for (const [i, el] of order.entries()) {
      expect(form).toContainElement(el);
      if (i > 0) {
        expect(order[i - 1].compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      }
    }
    expect(banner).toHaveTextContent('Thing saved');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onBannerClose).toHaveBeenCalledTimes(1);
    if (mode === 'fastView') {
      expect(screen.queryByRole('button', { name: 'Save Thing' })).not.toBeInTheDocument();
    } else {
      await user.click(screen.getByRole('button', { name: 'Save Thing' }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
    }
  });
});
