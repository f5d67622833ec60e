import { formatDate, NA } from './format';

/** Who created or changed a record, as answers carry it (issue 32); name null while the service has not heard of them. */
export interface MemberRef {
  id: number;
  name: string | null;
}

/** "you" for the signed-in person, their name, else "a member". */
export function memberName(ref: MemberRef, myId: number | undefined): string {
  if (ref.id === myId) {
    return 'you';
  }
  return ref.name?.trim() || 'a member';
}

/** The date in the member's date format (issue 38: one format everywhere); null when unknown or unreadable. */
export function shortDate(value: string | null | undefined): string | null {
  const text = formatDate(value);
  return text === NA ? null : text;
}

/** "Added by Maria, 3 Jun" (no date when unknown); null when nobody is known (a record from before accounts). */
export function auditText(
  verb: 'Added' | 'Changed',
  ref: MemberRef | null | undefined,
  at: string | null | undefined,
  myId: number | undefined,
): string | null {
  if (!ref) {
    return null;
  }
  const date = shortDate(at);
  return `${verb} by ${memberName(ref, myId)}${date ? `, ${date}` : ''}`;
}

export interface AuditedFields {
  createdBy?: MemberRef | null;
  updatedBy?: MemberRef | null;
  createdAt?: string | null;
  updatedAt?: string | null;
}

/** The one or two lines of a record: who added it, and who changed it last when that is a change by someone. */
export function auditLines(record: AuditedFields, myId: number | undefined): string[] {
  const added = auditText('Added', record.createdBy, record.createdAt, myId);
  const changed = auditText('Changed', record.updatedBy, record.updatedAt, myId);
  return [added, changed].filter((line): line is string => line !== null);
}

/**
 * The audit fields of any answer (`createdBy`, `updatedBy`, which the contract types gain with
 * issue 32), with the dates the record has under its own names.
 */
export function auditOf(record: object | null | undefined, createdAt?: string | null, updatedAt?: string | null): AuditedFields | null {
  if (!record) {
    return null;
  }
  const { createdBy, updatedBy } = record as AuditedFields;
  return { createdBy, updatedBy, createdAt, updatedAt };
}
