import { Alert, Badge, Card, Group, Loader, NativeSelect, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportUploaded } from '@wrenchlog/contracts';
import { IMPORT_DATE_FORMATS } from '@wrenchlog/contracts/limits';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { MachineSelect, useMachines } from '../../core/forms/MachineSelect';
import type { SourceCard } from './import-sources';
import { chooseField, columnChoices, columnOfMessage, newMachines, setMachineColumn, setMachineMode, type MapDraft } from './mapping-logic';
import { badCells, fieldResolver, previewKeys, previewStatus, previewValue, recordLabel } from './preview-logic';
import { RowStatusBadge } from './RowStatusBadge';
import { useTranslation } from 'react-i18next';
import './i18n';

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
  { value: ',', key: 'comma' },
  { value: ';', key: 'semicolon' },
  { value: '\t', key: 'tab' },
] as const;
const DECIMALS = [
  { value: '.', key: 'point' },
  { value: ',', key: 'comma' },
] as const;

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
  const { t } = useTranslation('imports');
  const encodings = [
    { value: 'utf-8', label: 'UTF-8' },
    { value: 'utf-16le', label: 'UTF-16 LE' },
    { value: 'utf-16be', label: 'UTF-16 BE' },
    { value: 'windows-1252', label: t('map.windows1252') },
  ];
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
            {t('map.reading')}
          </Title>
          {uploaded.detected.hasBom && <Badge variant="light">{t('map.bom')}</Badge>}
        </Group>
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
          <NativeSelect
            label={t('map.delimiter')}
            data={DELIMITERS.map((d) => ({ value: d.value, label: t(`map.delimiters.${d.key}`) }))}
            value={detected.delimiter}
            onChange={(e) => setDetected({ delimiter: e.currentTarget.value as MapDraft['detected']['delimiter'] })}
            error={fieldErrors['detected.delimiter']}
          />
          <NativeSelect
            label={t('map.decimal')}
            data={DECIMALS.map((d) => ({ value: d.value, label: t(`map.decimals.${d.key}`) }))}
            value={detected.decimalSeparator}
            onChange={(e) => setDetected({ decimalSeparator: e.currentTarget.value as MapDraft['detected']['decimalSeparator'] })}
            error={fieldErrors['detected.decimalSeparator']}
          />
          <NativeSelect
            label={t('map.dateFormat')}
            data={[...IMPORT_DATE_FORMATS]}
            value={detected.dateFormat}
            onChange={(e) => setDetected({ dateFormat: e.currentTarget.value as MapDraft['detected']['dateFormat'] })}
            error={fieldErrors['detected.dateFormat']}
          />
          <NativeSelect
            label={t('map.encoding')}
            data={encodings}
            value={detected.encoding}
            onChange={(e) => setDetected({ encoding: e.currentTarget.value as MapDraft['detected']['encoding'] })}
            error={fieldErrors['detected.encoding']}
          />
          <NativeSelect
            label={t('map.distancesIn')}
            data={[
              { value: 'mi', label: t('map.miles') },
              { value: 'km', label: t('map.kilometres') },
            ]}
            value={detected.units.distance}
            onChange={(e) => setDetected({ units: { ...detected.units, distance: e.currentTarget.value as 'mi' | 'km' } })}
          />
          <NativeSelect
            label={t('map.fuelIn')}
            data={[
              { value: 'gal', label: t('map.usGallons') },
              { value: 'l', label: t('map.litres') },
            ]}
            value={detected.units.volume}
            onChange={(e) => setDetected({ units: { ...detected.units, volume: e.currentTarget.value as 'gal' | 'l' } })}
          />
        </SimpleGrid>
      </Card>

      {card.needsMachine && (
        <Card withBorder component="section" aria-labelledby="import-machine">
          <Title order={3} fz="md" id="import-machine" mb="sm">
            {t('map.machine')}
          </Title>
          <SegmentedControl
            mb="sm"
            aria-label={t('map.machineMode')}
            value={draft.machineMode}
            onChange={(v) => onDraft(setMachineMode(draft, v as MapDraft['machineMode'], uploaded.columns))}
            data={[
              { value: 'file', label: t('map.oneMachine') },
              { value: 'column', label: t('map.columnNames') },
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
              label={t('map.machineColumn')}
              data={[{ value: '', label: t('map.chooseColumn') }, ...uploaded.columns.map((c) => ({ value: c, label: c }))]}
              value={draft.machineColumn ?? ''}
              onChange={(e) => onDraft(setMachineColumn(draft, e.currentTarget.value || null))}
              error={fieldErrors.machineColumn}
            />
          )}
          {created.length > 0 && (
            <Text size="sm" mt="sm" aria-live="polite">
              {t('map.newMachines')} <b>{created.join(', ')}</b>
            </Text>
          )}
        </Card>
      )}

      {card.kinds.includes('machine') && (
        <Card withBorder component="section" aria-labelledby="import-same-name">
          <Title order={3} fz="md" id="import-same-name" mb="sm">
            {t('map.existing')}
          </Title>
          <NativeSelect
            label={t('map.sameName')}
            description={t('map.sameNameHint')}
            data={[
              { value: 'use', label: t('map.useExisting') },
              { value: 'create', label: t('map.createNew') },
            ]}
            value={draft.sameNameMachines}
            onChange={(e) => onDraft({ ...draft, sameNameMachines: e.currentTarget.value as MapDraft['sameNameMachines'] })}
          />
        </Card>
      )}

      <Card withBorder component="section" aria-labelledby="import-columns">
        <Title order={3} fz="md" id="import-columns" mb="xs">
          {t('map.columns')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('map.columnsHint')}
        </Text>
        {error && !errorColumn && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" mb="sm">
            {error}
          </Alert>
        )}
        <Table.ScrollContainer minWidth={320} type="native">
          <Table verticalSpacing="xs" aria-label={t('map.mapping')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('map.columnInFile')}</Table.Th>
                <Table.Th>{t('map.field')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {uploaded.columns.map((column) => (
                <Table.Tr key={column}>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{column}</Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={t('map.fieldFor', { column })}
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
            {t('map.preview')}
          </Title>
          {saving && (
            <Group gap={6} role="status">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {t('map.updating')}
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
          aria-label={t('map.previewScroll')}
        >
          <Table striped verticalSpacing="xs" aria-label={t('map.previewLabel')} style={{ opacity: saving ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('map.row')}</Table.Th>
                <Table.Th>{t('map.status')}</Table.Th>
                {records.map((key) => (
                  <Table.Th key={key}>{recordLabel(key)}</Table.Th>
                ))}
                <Table.Th>{t('map.messages')}</Table.Th>
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
                        text = row.newMachine ? t('map.newMachine', { name: row.newMachine }) : (machineNames.get(Number(row.record?.machineId)) ?? text);
                      }
                      return (
                        <Table.Td key={key} style={{ whiteSpace: 'pre-line' }}>
                          {problem && !text ? (
                            // The cell as typed, and why it cannot be stored.
                            <Text span size="sm" c="red.8" fw={600}>
                              {problem.raw || t('map.blank')}
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
