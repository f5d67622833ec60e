import dayjs from 'dayjs';
import { auditLines, auditOf, memberName, shortDate } from './audit';

describe('audit', () => {
  it('names the signed-in person "you", a known member by name, and an unknown one "a member"', () => {
    expect(memberName({ id: 7, name: 'Maria' }, 7)).toBe('you');
    expect(memberName({ id: 8, name: 'Maria' }, 7)).toBe('Maria');
    expect(memberName({ id: 8, name: null }, 7)).toBe('a member');
    expect(memberName({ id: 8, name: '  ' }, 7)).toBe('a member');
  });

  it('writes the date in the member’s date format (issue 38), nothing when unknown', () => {
    expect(shortDate('2026-06-03')).toBe('2026-06-03');
    expect(shortDate(null)).toBeNull();
    expect(shortDate('not a date')).toBeNull();
  });

  it('says who added and who changed a record, and nothing for a record from before accounts', () => {
    const thisYear = dayjs().format('YYYY');
    const record = { createdBy: { id: 2, name: 'Maria' }, updatedBy: { id: 1, name: 'Pat' }, createdAt: `${thisYear}-06-03`, updatedAt: null };
    expect(auditLines(record, 1)).toEqual([`Added by Maria, ${thisYear}-06-03`, 'Changed by you']);
    expect(auditLines({ createdBy: null, updatedBy: null }, 1)).toEqual([]);
    expect(auditLines(auditOf({ name: 'old record' })!, 1)).toEqual([]);
  });
});
