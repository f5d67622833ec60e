import { Text, type TextProps } from '@mantine/core';
import { useSession } from '../core/context';
import { auditLines, type AuditedFields } from '../lib/audit';

/** "Added by Maria, 3 Jun · Changed by you, 5 Jun" under a record or machine; nothing for a record from before accounts. */
export function AuditLine({ record, ...props }: { record: AuditedFields | null | undefined } & TextProps) {
  const { user } = useSession();
  const lines = record ? auditLines(record, user?.id) : [];
  if (lines.length === 0) {
    return null;
  }
  return (
    <Text size="xs" c="dimmed" data-testid="audit-line" {...props}>
      {lines.join(' · ')}
    </Text>
  );
}
