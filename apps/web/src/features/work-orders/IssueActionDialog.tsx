import { Textarea } from '@mantine/core';
import { WorkLimits, WorkMessages } from '@wrenchlog/contracts/limits';
import { useState } from 'react';
import { FormDialog } from '../../core/forms/FormDialog';
import { serverFieldErrors } from '../../core/forms/server-errors';
import { useCloseIssue, useResolveIssue, type Issue } from './work-api';
import { failureText } from './work-logic';

/** Resolve an issue by hand (an optional note) or close it as won't fix (a reason is required). */
export function IssueActionDialog({ issue, action, onClose }: { issue: Issue; action: 'resolve' | 'close'; onClose: () => void }) {
  const resolve = useResolveIssue();
  const close = useCloseIssue();
  const busy = resolve.isPending || close.isPending;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const field = action === 'resolve' ? 'note' : 'reason';

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) {
      return;
    }
    setFailure(null);
    if (action === 'close' && !text.trim()) {
      setError(WorkMessages.reason);
      return;
    }
    setError(null);
    try {
      if (action === 'resolve') {
        await resolve.mutateAsync({ id: issue.id, note: text.trim() });
      } else {
        await close.mutateAsync({ id: issue.id, reason: text.trim() });
      }
      onClose();
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields[field]) {
        setError(fields[field]);
      } else {
        setFailure(failureText(err, `The issue could not be ${action === 'resolve' ? 'resolved' : 'closed'}. Try again.`));
      }
    }
  }

  return (
    <FormDialog
      title={action === 'resolve' ? `Resolve "${issue.title}"` : `Close "${issue.title}"`}
      formLabel={action === 'resolve' ? 'Resolve issue' : 'Close issue'}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      failure={failure}
      busy={busy}
      submitLabel={action === 'resolve' ? 'Resolve issue' : 'Close issue'}
    >
      <Textarea
        label={action === 'resolve' ? 'Note' : 'Reason'}
        description={action === 'resolve' ? 'What was done about it.' : "Why it won't be fixed."}
        required={action === 'close'}
        data-autofocus
        autosize
        minRows={3}
        maxLength={WorkLimits.note}
        value={text}
        error={error}
        onChange={(e) => setText(e.currentTarget.value)}
      />
    </FormDialog>
  );
}
