import { JobTemplateLimits, withoutMoney, type JobTemplateInput } from '@wrenchlog/contracts';
import { parseSteps, stepsInWords, totalsOf } from '../work-orders/work-order.rules.js';
import type { JobTemplateEntity } from './job-template.entity.js';
import { kitOf, orderLineOf, stepsOf, storedLines, storedSteps, templatesToApply, templateView } from './job-template.rules.js';

// "250-hour service, Volvo L60H": its steps, 2.5 h of labour at 60.00, two oil filters, disposal 15.00.
const input: JobTemplateInput = {
  name: '250-hour service, Volvo L60H',
  steps: ['  Drain engine oil ', 'Change oil filters', 'Grease pivots'],
  lines: [
    { kind: 'labour', hours: 2.5, rate: 60 },
    { kind: 'labour', hours: 0.5 },
    { kind: 'part', partId: 52, quantity: 2 },
    { kind: 'other', description: 'Oil disposal', cost: 15 },
  ],
};
const row = (fields: Partial<JobTemplateEntity> = {}): JobTemplateEntity =>
  ({
    id: 9,
    accountId: 101,
    createdBy: 1,
    updatedBy: null,
    name: input.name,
    steps: JSON.stringify(storedSteps(input)),
    lines: JSON.stringify(storedLines(input, new Map([[52, 'Oil filter']]))),
    createdAt: new Date('2026-05-01T08:00:00Z'),
    updatedAt: new Date('2026-05-01T08:00:00Z'),
    ...fields,
  }) as JobTemplateEntity;

describe('job templates', () => {
  it('stores money in cents and the part by id with its name, and answers them back as written', () => {
    expect(templateView(row())).toEqual({
      id: 9,
      name: '250-hour service, Volvo L60H',
      steps: ['Drain engine oil', 'Change oil filters', 'Grease pivots'],
      lines: [
        { kind: 'labour', hours: 2.5, rate: 60, partId: null, partName: null, quantity: null, description: null, cost: null },
        { kind: 'labour', hours: 0.5, rate: null, partId: null, partName: null, quantity: null, description: null, cost: null },
        { kind: 'part', hours: null, rate: null, partId: 52, partName: 'Oil filter', quantity: 2, description: null, cost: null },
        { kind: 'other', hours: null, rate: null, partId: null, partName: null, quantity: null, description: 'Oil disposal', cost: 15 },
      ],
      createdAt: '2026-05-01T08:00:00.000Z',
      updatedAt: '2026-05-01T08:00:00.000Z',
    });
    expect(kitOf(row())[3]).toMatchObject({ costCents: 1500 });
  });

  it('leaves rates and costs out for a role without money (the one serializer step every answer goes through)', () => {
    const lines = withoutMoney(templateView(row())).lines;
    expect(lines.map((l) => Object.keys(l).filter((k) => k === 'rate' || k === 'cost'))).toEqual([[], [], [], []]);
    expect(lines[2]).toMatchObject({ partId: 52, quantity: 2 });
  });

  it('starts an order with the inventory price of each part now, and 0 for a labour line without a rate', () => {
    const lines = kitOf(row()).map((l) => orderLineOf(l, l.kind === 'part' ? { name: 'Oil filter 10W', price: 12.4 } : null));
    expect(lines[0]).toMatchObject({ kind: 'labour', hours: 2.5, rateCents: 6000, userId: null });
    expect(lines[1]).toMatchObject({ kind: 'labour', hours: 0.5, rateCents: 0 });
    expect(lines[2]).toMatchObject({ kind: 'part', partId: 52, partName: 'Oil filter 10W', quantity: 2, unitPriceCents: 1240 });
    expect(lines[3]).toMatchObject({ kind: 'other', description: 'Oil disposal', costCents: 1500 });
    // 150.00 + 0 + 24.80 + 15.00
    expect(totalsOf(lines)).toEqual({ labour: 150, parts: 24.8, other: 15, total: 189.8 });
  });

  it('applies each template once: the order’s own first, then its schedules’ in their order', () => {
    expect(templatesToApply(4, [7, null, 4, 7, 2])).toEqual([4, 7, 2]);
    expect(templatesToApply(undefined, [null, null])).toEqual([]);
    expect(templatesToApply(null, [3])).toEqual([3]);
  });

  it('starts the checklist with the order’s own steps, then each template’s, none ticked, within the bound', () => {
    const steps = stepsOf([{ text: ' Check for leaks ', done: true }], [row(), row({ id: 10, steps: JSON.stringify(['Road test']) })]);
    expect(steps).toEqual([
      { text: 'Check for leaks', done: true },
      { text: 'Drain engine oil', done: false },
      { text: 'Change oil filters', done: false },
      { text: 'Grease pivots', done: false },
      { text: 'Road test', done: false },
    ]);
    const many = row({ steps: JSON.stringify(Array.from({ length: 80 }, (_, i) => `Step ${i}`)) });
    expect(stepsOf([], [many, many])).toHaveLength(JobTemplateLimits.steps);
  });

  it('writes the ticked checklist into the service record’s notes, and reads an order without one as empty', () => {
    expect(
      stepsInWords(
        parseSteps(
          JSON.stringify([
            { text: 'Drain oil', done: true },
            { text: 'Grease', done: false },
          ]),
        ),
      ),
    ).toBe('Steps:\n[x] Drain oil\n[ ] Grease');
    expect(parseSteps(null)).toEqual([]);
    expect(stepsInWords([])).toBe('');
  });
});
