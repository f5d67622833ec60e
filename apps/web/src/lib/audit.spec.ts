import dayjs from 'dayjs';
import { auditLines, auditOf, memberName, shortDate } from './audit';

describe('audit', () => {
  it('names the signed-in person "you", a known member by name, and an unknown one "a member"', () => {
    expect(memberName({ id: 7, name: 'Maria' }, 7)).toBe('you');
    expect(memberName({ id: 8, name: 'Maria' }, 7)).toBe('Maria');
    expect(memberName({ id: 8, name: null }, 7)).toBe('a member');
    expect(memberName({ id: 8, name: '  ' }, 7)).toBe('a member');
  });

  it('writes a date of this year without the year, an older one with it', () => {
    const now = dayjs('2026-06-10T12:00:00Z');
    expect(shortDate('2026-06-03', now)).toBe('3 Jun');
    expect(shortDate('2024-06-03', now)).toBe('3 Jun 2024');
    expect(shortDate(null, now)).toBeNull();
    expect(shortDate('not a date', now)).toBeNull();
  });

  it('says who added and who changed a record, and nothing for a record from before accounts', () => {
    const thisYear = dayjs().format('YYYY');
    const record = { createdBy: { id: 2, name: 'Maria' }, updatedBy: { id: 1, name: 'Pat' }, createdAt: `${thisYear}-06-03`, updatedAt: null };
    expect(auditLines(record, 1)).toEqual(['Added by Maria, 3 Jun', 'Changed by you']);
    expect(auditLines({ createdBy: null, updatedBy: null }, 1)).toEqual([]);
    expect(auditLines(auditOf({ name: 'old record' })!, 1)).toEqual([]);
  });
});
