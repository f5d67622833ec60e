import { Badge, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { InspectionItem } from '@wrenchlog/contracts';
import { INSPECTION_RESULTS, InspectionLimits, type InspectionResult } from '@wrenchlog/contracts/limits';
import { useState } from 'react';
import { outOfRange, rangeText, RESULT_LABELS, type AnswerDraft } from './inspection-logic';

const COLORS: Record<InspectionResult, string> = { pass: 'green', fail: 'red', na: 'gray' };

/**
 * One line of the checklist, for a phone and gloves: three big buttons (Pass, Fail, N/A; each at
 * least 48 px high, pressed state told by aria-pressed), or a number with its allowed range, and a
 * note (open at once for a failed item). Buttons and inputs work by keyboard as they are.
 */
export function ChecklistItem({
  item,
  answer,
  error,
  onChange,
}: {
  item: InspectionItem;
  answer: AnswerDraft;
  error?: string;
  onChange: (next: AnswerDraft) => void;
}) {
  const [noteOpen, setNoteOpen] = useState(false);
  const labelId = `item-${item.id}-label`;
  const range = rangeText(item);
  const fails = item.kind === 'number' && answer.result !== 'na' && outOfRange(item, answer.value);
  const showNote = noteOpen || answer.result === 'fail' || fails || answer.note !== '' || item.kind === 'text';

  return (
    // The group inside the list item: a <ul> may only hold <li> (axe), and the group names the item.
    <li>
      <Stack
        gap="xs"
        role="group"
        aria-labelledby={labelId}
        data-testid="checklist-item"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} id={labelId}>
            {item.label}
            {item.required && (
              <Text span c="red" aria-hidden>
                {' '}
                *
              </Text>
            )}
          </Text>
          {(answer.result === 'fail' || fails) && <Badge color="red">Fails</Badge>}
        </Group>
        {item.kind === 'pass_fail' && (
          <Group gap="xs" grow>
            {INSPECTION_RESULTS.map((r) => (
              <Button
                key={r}
                size="lg"
                mih={48}
                color={COLORS[r]}
                variant={answer.result === r ? 'filled' : 'default'}
                aria-pressed={answer.result === r}
                aria-label={`${RESULT_LABELS[r]}: ${item.label}`}
                onClick={() => onChange({ ...answer, result: r })}
              >
                {RESULT_LABELS[r]}
              </Button>
            ))}
          </Group>
        )}
        {item.kind === 'number' && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              size="lg"
              label={`Value${range ? ` (allowed ${range})` : ''}`}
              aria-label={`${item.label}, value${range ? `, allowed ${range}` : ''}`}
              inputMode="decimal"
              disabled={answer.result === 'na'}
              value={answer.value}
              onChange={(e) => onChange({ ...answer, value: e.currentTarget.value, result: answer.result === 'na' ? 'na' : null })}
            />
            <Button
              size="lg"
              mih={48}
              variant={answer.result === 'na' ? 'filled' : 'default'}
              color="gray"
              aria-pressed={answer.result === 'na'}
              aria-label={`N/A: ${item.label}`}
              onClick={() => onChange({ ...answer, result: answer.result === 'na' ? null : 'na' })}
            >
              N/A
            </Button>
          </Group>
        )}
        {fails && (
          <Text size="sm" c="red">
            Outside the allowed range ({range}): this item fails and opens an issue.
          </Text>
        )}
        {showNote ? (
          <Textarea
            label={item.kind === 'text' ? 'Answer' : 'Note'}
            aria-label={`${item.kind === 'text' ? 'Answer' : 'Note'}: ${item.label}`}
            autosize
            minRows={item.kind === 'text' ? 2 : 1}
            maxLength={InspectionLimits.note}
            placeholder={answer.result === 'fail' || fails ? 'What is wrong?' : undefined}
            value={answer.note}
            onChange={(e) => onChange({ ...answer, note: e.currentTarget.value })}
          />
        ) : (
          <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => setNoteOpen(true)} aria-label={`Add note: ${item.label}`}>
            Add note
          </Button>
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </li>
  );
}
