import { draftErrors, draftOf, movedUp, newLine, templateInput } from './template-editing';

describe('the job template draft', () => {
  it('answers a stored template as it was written, and sends it back the same', () => {
    const stored = {
      id: 4,
      name: '250-hour service',
      steps: ['Drain oil', 'Grease pivots'],
      lines: [
        { kind: 'labour' as const, hours: 2.5, rate: null, partId: null, partName: null, quantity: null, description: null, cost: null },
        { kind: 'part' as const, hours: null, rate: null, partId: 52, partName: 'Oil filter', quantity: 2, description: null, cost: null },
        { kind: 'other' as const, hours: null, rate: null, partId: null, partName: null, quantity: null, description: 'Disposal', cost: 15 },
      ],
      createdAt: '',
      updatedAt: '',
      createdBy: null,
      updatedBy: null,
    };
    const draft = draftOf(stored);
    expect(draft.lines[1]).toMatchObject({ partId: '52', partName: 'Oil filter', quantity: '2' });
    expect(draftErrors(draft)).toEqual({});
    expect(templateInput(draft)).toEqual({
      name: '250-hour service',
      steps: ['Drain oil', 'Grease pivots'],
      lines: [
        { kind: 'labour', hours: 2.5, rate: null },
        { kind: 'part', partId: 52, quantity: 2 },
        { kind: 'other', description: 'Disposal', cost: 15 },
      ],
    });
  });

  it('names each field it refuses by the server’s key, and leaves blank steps out', () => {
    const draft = {
      name: ' ',
      steps: ['', ' Check ', '  '],
      lines: [
        { ...newLine('labour'), hours: '-1', rate: '60.125' },
        { ...newLine('part'), quantity: '1.5' },
        { ...newLine('other'), cost: '' },
      ],
    };
    expect(draftErrors(draft)).toEqual({
      name: 'name',
      'lines.0.hours': 'hours',
      'lines.0.rate': 'rate',
      'lines.1.partId': 'part',
      'lines.1.quantity': 'quantity',
      'lines.2.description': 'description',
      'lines.2.cost': 'cost',
    });
    expect(templateInput({ ...draft, name: 'x', lines: [] }).steps).toEqual(['Check']);
    expect(draftOf(null)).toEqual({ name: '', steps: [''], lines: [] });
  });

  it('moves a step up, leaving the first where it is', () => {
    expect(movedUp(['a', 'b', 'c'], 2)).toEqual(['a', 'c', 'b']);
    expect(movedUp(['a', 'b'], 0)).toEqual(['a', 'b']);
  });
});
