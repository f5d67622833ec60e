import type { InspectionItem } from '@wrenchlog/contracts';
import { dueOn, formErrors, grade, issueTitle } from './inspection.rules.js';

// The worked examples of issue 35: tread depth at least 4/32 in, a track sag between 1 and 2 in.
const tread: InspectionItem = { id: 'tread', label: 'Tread depth (in)', kind: 'number', required: true, min: 0.125, max: null };
const sag: InspectionItem = { id: 'sag', label: 'Track sag (in)', kind: 'number', required: true, min: 1, max: 2 };
const lights: InspectionItem = { id: 'lights', label: 'Lights', kind: 'pass_fail', required: true, min: null, max: null };
const remarks: InspectionItem = { id: 'remarks', label: 'Remarks', kind: 'text', required: false, min: null, max: null };

describe('inspection rules', () => {
  it('fails a number outside its range by itself, whatever result was sent', () => {
    const { answers, errors } = grade(
      [tread, sag, lights],
      [
        { itemId: 'tread', result: 'pass', value: 3 / 32 },
        { itemId: 'sag', result: 'pass', value: 1.5 },
        { itemId: 'lights', result: 'pass' },
      ],
    );
    expect(errors).toEqual([]);
    expect(answers.map((a) => [a.itemId, a.result, a.failed])).toEqual([
      ['tread', 'fail', true],
      ['sag', 'pass', false],
      ['lights', 'pass', false],
    ]);
    expect(grade([sag], [{ itemId: 'sag', result: 'pass', value: 2.01 }]).answers[0].failed).toBe(true);
    expect(grade([sag], [{ itemId: 'sag', result: 'na' }]).answers[0]).toMatchObject({ result: 'na', failed: false });
  });

  it('names a missing required item, an unknown one, and a number item without its number', () => {
    expect(grade([lights, remarks], []).errors).toEqual([{ field: 'items.lights', message: 'Required item not answered: Lights' }]);
    expect(
      grade(
        [lights],
        [
          { itemId: 'lights', result: 'pass' },
          { itemId: 'horn', result: 'pass' },
        ],
      ).errors,
    ).toEqual([{ field: 'items.1.itemId', message: 'Unknown item: not on this form (horn)' }]);
    expect(grade([sag], [{ itemId: 'sag', result: 'pass' }]).errors).toEqual([
      { field: 'items.sag.value', message: 'A number item needs a number: Track sag (in)' },
    ]);
  });

  it('refuses min above max, a range on a pass/fail item and an id twice', () => {
    const form = (items: object[]) => ({ name: 'x', items }) as never;
    expect(formErrors(form([{ ...sag, min: 3 }]))).toEqual([{ field: 'items.0.min', message: 'Min must not be greater than max' }]);
    expect(formErrors(form([{ ...lights, min: 1 }]))).toEqual([{ field: 'items.0.min', message: 'Only a number item has a min or max' }]);
    expect(formErrors(form([lights, lights]))).toEqual([{ field: 'items.1.id', message: 'Item ids must be unique within the form' }]);
    expect(formErrors(form([tread, sag, lights]))).toEqual([]);
  });

  it('titles the issue after the item and its value, and dates what is due', () => {
    expect(issueTitle({ ...sag, itemId: 'sag', result: 'fail', note: null, value: 2.5, failed: true })).toBe('Inspection failed: Track sag (in) (2.5)');
    expect(dueOn('2026-02-28', 'daily')).toBe('2026-03-01');
    expect(dueOn('2026-12-29', 'weekly')).toBe('2027-01-05');
  });
});
