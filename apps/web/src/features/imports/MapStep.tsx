import { Alert, Badge, Card, Group, Loader, NativeSelect, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportUploaded } from '@wrenchlog/contracts';
import { IMPORT_DATE_FORMATS } from '@wrenchlog/contracts/limits';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { MachineSelect, useMachines } from '../../core/forms/MachineSelect';
import type { SourceCard } from './import-sources';
import { chooseField, columnChoices, columnOfMessage, newMachines, setMachineColumn, setMachineMode, type MapDraft } from './mapping-logic';
import { badCells, fieldResolver, previewKeys, previewStatus, previewValue, recordLabel } from './preview-logic';
import { RowStatusBadge } from './RowStatusBadge';

export interface MapStepProps {
  card: SourceCard;
  uploaded: ImportUploaded;
  draft: MapDraft;
  onDraft: (draft: MapDraft) => void;
  /** A new preview is being asked for. */
  saving: boolean;
  /** The server's refusal of the mapping (its message), and its field messages. */
  error: string;
  fieldErrors: Record<string, string>;
}

const DELIMITERS = [
  { value: ',', label: 'Comma (,)' },
  { value: ';', label: 'Semicolon (;)' },
  { value: '\t', label: 'Tab' },
];
const DECIMALS = [
  { value: '.', label: 'Point (1.5)' },
  { value: ',', label: 'Comma (1,5)' },
];
const ENCODINGS = [
  { value: 'utf-8', label: 'UTF-8' },
  { value: 'utf-16le', label: 'UTF-16 LE' },
  { value: 'utf-16be', label: 'UTF-16 BE' },
  { value: 'windows-1252', label: 'Windows-1252 (Western)' },
];

/** Step 3: how the file is read, the machine, each column's field, and the first rows as they will be stored. */
export function MapStep({ card, uploaded, draft, onDraft, saving, error, fieldErrors }: MapStepProps) {
  const detected = draft.detected;
  const setDetected = (patch: Partial<MapDraft['detected']>) => onDraft({ ...draft, detected: { ...detected, ...patch } });
  const errorColumn = error ? columnOfMessage(error, uploaded.columns) : null;
  const fieldOfLabel = fieldResolver(card.kinds);
  // One machine for the file: its id on every row says nothing (it is chosen above).
  const machineChosen = !card.needsMachine || (draft.machineMode === 'file' ? draft.machineId !== null : !!draft.machineColumn);
  const records = previewKeys(uploaded.preview, fieldOfLabel, draft.machineMode === 'file');
  const machineNames = new Map((useMachines().data ?? []).map((m) => [m.id, m.name]));
  const created = newMachines(uploaded.preview);
  return (
    <Stack gap="lg">
      {uploaded.notes.map((note) => (
        <Alert key={note} color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {note}
        </Alert>
      ))}
      <Card withBorder component="section" aria-labelledby="import-reading">
        <Group justify="space-between" mb="sm">
          <Title order={3} fz="md" id="import-reading">
            How the file is read
          </Title>
          {uploaded.detected.hasBom && <Badge variant="light">UTF-8 byte-order mark found</Badge>}
        </Group>
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
          <NativeSelect
            label="Delimiter"
            data={DELIMITERS}
            value={detected.delimiter}
            onChange={(e) => setDetected({ delimiter: e.currentTarget.value as MapDraft['detected']['delimiter'] })}
            error={fieldErrors['detected.delimiter']}
          />
          <NativeSelect
            label="Decimal separator"
            data={DECIMALS}
            value={detected.decimalSeparator}
            onChange={(e) => setDetected({ decimalSeparator: e.currentTarget.value as MapDraft['detected']['decimalSeparator'] })}
            error={fieldErrors['detected.decimalSeparator']}
          />
          <NativeSelect
            label="Date format"
            data={[...IMPORT_DATE_FORMATS]}
            value={detected.dateFormat}
            onChange={(e) => setDetected({ dateFormat: e.currentTarget.value as MapDraft['detected']['dateFormat'] })}
            error={fieldErrors['detected.dateFormat']}
          />
          <NativeSelect
            label="Encoding"
            data={ENCODINGS}
            value={detected.encoding}
            onChange={(e) => setDetected({ encoding: e.currentTarget.value as MapDraft['detected']['encoding'] })}
            error={fieldErrors['detected.encoding']}
          />
          <NativeSelect
            label="Distances in"
            data={[
              { value: 'mi', label: 'Miles' },
              { value: 'km', label: 'Kilometres' },
            ]}
            value={detected.units.distance}
            onChange={(e) => setDetected({ units: { ...detected.units, distance: e.currentTarget.value as 'mi' | 'km' } })}
          />
          <NativeSelect
            label="Fuel in"
            data={[
              { value: 'gal', label: 'US gallons' },
              { value: 'l', label: 'Litres' },
            ]}
            value={detected.units.volume}
            onChange={(e) => setDetected({ units: { ...detected.units, volume: e.currentTarget.value as 'gal' | 'l' } })}
          />
        </SimpleGrid>
      </Card>

      {card.needsMachine && (
        <Card withBorder component="section" aria-labelledby="import-machine">
          <Title order={3} fz="md" id="import-machine" mb="sm">
            Machine
          </Title>
          <SegmentedControl
            mb="sm"
            aria-label="How rows find their machine"
            value={draft.machineMode}
            onChange={(v) => onDraft(setMachineMode(draft, v as MapDraft['machineMode'], uploaded.columns))}
            data={[
              { value: 'file', label: 'One machine for every row' },
              { value: 'column', label: 'A column names it' },
            ]}
            fullWidth
            styles={{ label: { whiteSpace: 'normal' } }}
          />
          {draft.machineMode === 'file' ? (
            <MachineSelect
              value={draft.machineId === null ? '' : String(draft.machineId)}
              onChange={(v) => onDraft({ ...draft, machineId: v ? Number(v) : null })}
              error={fieldErrors.machineId}
              required
            />
          ) : (
            <NativeSelect
              label="Column with the machine's name"
              data={[{ value: '', label: 'Choose a column' }, ...uploaded.columns.map((c) => ({ value: c, label: c }))]}
              value={draft.machineColumn ?? ''}
              onChange={(e) => onDraft(setMachineColumn(draft, e.currentTarget.value || null))}
              error={fieldErrors.machineColumn}
            />
          )}
          {created.length > 0 && (
            <Text size="sm" mt="sm" aria-live="polite">
              New machines this import creates (from the first rows): <b>{created.join(', ')}</b>
            </Text>
          )}
        </Card>
      )}

      {card.kinds.includes('machine') && (
        <Card withBorder component="section" aria-labelledby="import-same-name">
          <Title order={3} fz="md" id="import-same-name" mb="sm">
            Machines you already have
          </Title>
          <NativeSelect
            label="A machine in the file with the name of one of yours"
            description="Review warns about each one."
            data={[
              { value: 'use', label: 'Use the existing machine (add its records to it)' },
              { value: 'create', label: 'Create a new one' },
            ]}
            value={draft.sameNameMachines}
            onChange={(e) => onDraft({ ...draft, sameNameMachines: e.currentTarget.value as MapDraft['sameNameMachines'] })}
          />
        </Card>
      )}

      <Card withBorder component="section" aria-labelledby="import-columns">
        <Title order={3} fz="md" id="import-columns" mb="xs">
          Columns
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Each column of the file and the field it fills. The suggestion is chosen already; a column left as “Not imported” is skipped.
        </Text>
        {error && !errorColumn && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" mb="sm">
            {error}
          </Alert>
        )}
        <Table.ScrollContainer minWidth={320} type="native">
          <Table verticalSpacing="xs" aria-label="Column mapping">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Column in the file</Table.Th>
                <Table.Th>Field</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {uploaded.columns.map((column) => (
                <Table.Tr key={column}>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{column}</Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={`Field for column ${column}`}
                      data={columnChoices(card, column, uploaded.suggestedMapping, draft.mapping[column])}
                      value={draft.mapping[column] ?? ''}
                      onChange={(e) => onDraft(chooseField(draft, column, e.currentTarget.value))}
                      error={errorColumn === column ? error : undefined}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>

      <Card withBorder component="section" aria-labelledby="import-preview">
        <Group justify="space-between" mb="xs">
          <Title order={3} fz="md" id="import-preview">
            Preview: the first rows as they will be stored
          </Title>
          {saving && (
            <Group gap={6} role="status">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                Updating the preview...
              </Text>
            </Group>
          )}
        </Group>
        {/* Focusable, so a keyboard can scroll the wide preview sideways. */}
        <Table.ScrollContainer
          minWidth={Math.max(480, 140 * (records.length + 2))}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Preview, scrolls sideways"
        >
          <Table striped verticalSpacing="xs" aria-label="Preview" style={{ opacity: saving ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Status</Table.Th>
                {records.map((key) => (
                  <Table.Th key={key}>{recordLabel(key)}</Table.Th>
                ))}
                <Table.Th>Messages</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {uploaded.preview.map((row) => {
                const shown = previewStatus(row, machineChosen);
                const bad = badCells(row.messages, fieldOfLabel);
                return (
                  <Table.Tr key={row.rowNumber}>
                    <Table.Td>{row.rowNumber}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <RowStatusBadge status={shown.status} />
                    </Table.Td>
                    {records.map((key) => {
                      const problem = bad.find((c) => c.key === key);
                      let text = previewValue(row.record?.[key]);
                      if (key === 'machineId') {
                        text = row.newMachine ? `new: ${row.newMachine}` : (machineNames.get(Number(row.record?.machineId)) ?? text);
                      }
                      return (
                        <Table.Td key={key} style={{ whiteSpace: 'pre-line' }}>
                          {problem && !text ? (
                            // The cell as typed, and why it cannot be stored.
                            <Text span size="sm" c="red.8" fw={600}>
                              {problem.raw || '(blank)'}
                              <Text span size="xs" c="red.8" display="block" fw={400}>
                                {problem.message}
                              </Text>
                            </Text>
                          ) : (
                            text
                          )}
                        </Table.Td>
                      );
                    })}
                    <Table.Td>{shown.messages.join(' ')}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
