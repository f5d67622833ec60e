import { Alert, Button, Card, Group, Stack, Stepper, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ImportCounts, ImportUploaded } from '@wrenchlog/contracts';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DESKTOP_QUERY } from '../../core/theme';
import { Page, PageHeader } from '../../components/PageHeader';
import { ErrorState, isNotFound, LoadingState, NotFoundState } from '../../components/states';
import { serverFieldErrors } from '../../core/forms/server-errors';
import { useImport, useSaveMapping, useUploadImport, useValidateImport } from './api';
import { ImportStep } from './ImportStep';
import { sourceCard, sourceTitle, type WizardSource } from './import-sources';
import { MapStep } from './MapStep';
import { initialDraft, mapBlocker, mappingBody, type MapDraft } from './mapping-logic';
import { ReviewStep } from './ReviewStep';
import { fileTooLarge, importErrorText } from './review-logic';
import { SourceStep } from './SourceStep';
import { UploadStep } from './UploadStep';
import { useTranslation } from 'react-i18next';
import './i18n';

const STEPS = ['source', 'upload', 'map', 'review', 'import'] as const;
const [SOURCE, UPLOAD, MAP, REVIEW, IMPORT] = [0, 1, 2, 3, 4];

/**
 * The import wizard (issue 23) at /import: Source -> Upload -> Map -> Review -> Import. `?source=`
 * opens on Upload with that source (Restore: `wrenchlog-export`); `?id=` (set once a file is
 * uploaded, and the history's links) reopens an import at its Review or its result.
 */
export default function ImportWizardPage() {
  const [params, setParams] = useSearchParams();
  const { t } = useTranslation('imports');
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const idParam = Number(params.get('id')) > 0 ? Number(params.get('id')) : null;
  const [chosenSource, setSource] = useState<WizardSource | null>(() => sourceCard(params.get('source'))?.id ?? null);
  // null until the user moves: an import opened by its id starts where its state is.
  const [chosenStep, setStep] = useState<number | null>(() => (idParam ? null : chosenSource ? UPLOAD : SOURCE));
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [uploaded, setUploaded] = useState<ImportUploaded | null>(null);
  const [draft, setDraft] = useState<MapDraft | null>(null);
  const [reviewed, setCounts] = useState<ImportCounts | null>(null);
  const id = uploaded?.id ?? idParam;
  const view = useImport(id, { watch: chosenStep === IMPORT || chosenStep === null });
  const upload = useUploadImport();
  const save = useSaveMapping(id ?? 0);
  const validate = useValidateImport(id ?? 0);
  // Only the newest preview counts when several changes were sent one after another.
  const saveSeq = useRef(0);
  const source = chosenSource ?? (view.data?.source as WizardSource | undefined) ?? null;
  const card = sourceCard(source);
  // An import opened by its id (a reload, the history): its Review when reviewed, else its result.
  const state = view.data?.state;
  const step = chosenStep ?? (state === 'uploaded' || state === 'validated' ? REVIEW : IMPORT);
  const counts =
    reviewed ??
    (view.data && state !== 'uploaded' ? { valid: view.data.counts.valid, warnings: view.data.counts.warnings, errors: view.data.counts.errors } : null);

  const restart = () => {
    setParams({}, { replace: true });
    setSource(null);
    setFile(null);
    setUploaded(null);
    setDraft(null);
    setCounts(null);
    upload.reset();
    setStep(SOURCE);
  };

  const chooseFile = (f: File) => {
    setFile(f);
    setFileError(fileTooLarge(f, card?.id));
    upload.reset();
  };

  const sendFile = () => {
    if (!file || !card) {
      return;
    }
    upload.mutate(
      { file, source: card.id },
      {
        onSuccess: (u) => {
          setUploaded(u);
          setDraft(initialDraft(u));
          setCounts(null);
          setParams({ id: String(u.id) }, { replace: true });
          setStep(MAP);
        },
        onError: (err) => setFileError(serverFieldErrors(err).file ?? importErrorText(err)),
      },
    );
  };

  const changeDraft = (next: MapDraft) => {
    if (!card) {
      return;
    }
    setDraft(next);
    const seq = ++saveSeq.current;
    save.mutate(mappingBody(next, card), {
      onSuccess: (u) => {
        if (seq === saveSeq.current) {
          setUploaded(u);
        }
      },
    });
  };

  const review = () =>
    validate.mutate(undefined, {
      onSuccess: (c) => {
        setCounts(c);
        setStep(REVIEW);
      },
    });

  if (idParam && !uploaded && view.isError) {
    return (
      <Page>
        <PageHeader title={t('wizard.title')} />
        {isNotFound(view.error) ? (
          <NotFoundState title={t('wizard.notFound')} backTo="/settings?tab=import" backLabel={t('wizard.backLabel')} />
        ) : (
          <ErrorState text={t('wizard.loadFailed')} onRetry={() => void view.refetch()} />
        )}
      </Page>
    );
  }
  if (idParam && !uploaded && !view.data) {
    return (
      <Page>
        <PageHeader title={t('wizard.title')} />
        <LoadingState text={t('wizard.loading')} />
      </Page>
    );
  }

  const saveError = save.isError ? importErrorText(save.error) : '';
  const blocker = draft && card ? mapBlocker(draft, card) : '';
  const nav = (back: (() => void) | null, next: { label: string; onClick: () => void; disabled?: boolean; loading?: boolean } | null, hint = '') => (
    <Stack gap="xs" mt="lg">
      {hint && (
        <Text size="sm" c="dimmed" ta="right">
          {hint}
        </Text>
      )}
      <Group justify="space-between">
        {back ? (
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={back}>
            {t('wizard.back')}
          </Button>
        ) : (
          <span />
        )}
        {next && (
          <Button rightSection={<IconArrowRight size={16} />} onClick={next.onClick} disabled={next.disabled} loading={next.loading}>
            {next.label}
          </Button>
        )}
      </Group>
    </Stack>
  );

  let body;
  if (step === SOURCE) {
    body = (
      <>
        <SourceStep value={source} onChange={setSource} />
        {nav(null, { label: t('wizard.next'), onClick: () => setStep(UPLOAD), disabled: !card })}
      </>
    );
  } else if (step === UPLOAD && card) {
    body = (
      <>
        <UploadStep card={card} file={file} onFile={chooseFile} error={fileError} />
        {nav(() => setStep(SOURCE), {
          label: upload.isPending ? t('wizard.reading') : t('wizard.upload'),
          onClick: sendFile,
          disabled: !file || !!fileTooLarge(file, card.id),
          loading: upload.isPending,
        })}
      </>
    );
  } else if (step === MAP && card && uploaded && draft) {
    body = (
      <>
        <MapStep
          card={card}
          uploaded={uploaded}
          draft={draft}
          onDraft={changeDraft}
          saving={save.isPending}
          error={saveError}
          fieldErrors={save.isError ? serverFieldErrors(save.error) : {}}
        />
        {validate.isError && (
          <Alert mt="md" color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" title={t('wizard.reviewFailed')}>
            {importErrorText(validate.error)}
          </Alert>
        )}
        {nav(
          () => setStep(UPLOAD),
          {
            label: validate.isPending ? t('wizard.checking') : t('wizard.reviewAll'),
            onClick: review,
            disabled: !!blocker || !!saveError || save.isPending,
            loading: validate.isPending,
          },
          blocker,
        )}
      </>
    );
  } else if (step === REVIEW && id !== null) {
    body = counts ? (
      <>
        <ReviewStep id={id} counts={counts} />
        {nav(uploaded ? () => setStep(MAP) : null, { label: t('wizard.continue'), onClick: () => setStep(IMPORT) })}
      </>
    ) : (
      <Card withBorder>
        <Text mb="sm">{t('wizard.notReviewed')}</Text>
        {validate.isError && (
          <Text c="red" role="alert" mb="sm">
            {importErrorText(validate.error)}
          </Text>
        )}
        <Button onClick={review} loading={validate.isPending}>
          {t('wizard.reviewNow')}
        </Button>
      </Card>
    );
  } else if (step === IMPORT && counts && view.data) {
    body = (
      <>
        <ImportStep counts={counts} view={view.data} onAnother={restart} />
        {(view.data.state === 'validated' || view.data.state === 'uploaded') && nav(() => setStep(REVIEW), null)}
      </>
    );
  } else {
    body = <LoadingState text={t('wizard.loadingShort')} />;
  }

  const stepText = t('wizard.stepOf', { number: step + 1, total: STEPS.length, name: t(`wizard.steps.${STEPS[step]}`) });
  const cardLine = (title: string, fileName: string | undefined) => (fileName ? t('wizard.titleWithFile', { title, file: fileName }) : title);
  return (
    <Page>
      <PageHeader title={t('wizard.title')} description={card ? cardLine(sourceTitle(card.id), view.data?.fileName || file?.name) : t('wizard.description')} />
      {/* The stepper is a picture of where the user is; the text says it (its steps are not controls here). */}
      <Stepper active={step} size="sm" mb={desktop ? 'xl' : 'xs'} allowNextStepsSelect={false} iconSize={desktop ? 34 : 28} aria-hidden>
        {STEPS.map((name) => (
          <Stepper.Step key={name} label={desktop ? t(`wizard.steps.${name}`) : undefined} />
        ))}
      </Stepper>
      {desktop ? (
        <VisuallyHidden aria-live="polite">{stepText}</VisuallyHidden>
      ) : (
        <Text fw={600} mb="sm" aria-live="polite">
          {stepText}
        </Text>
      )}
      {body}
    </Page>
  );
}
