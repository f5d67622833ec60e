import { inScope, seesMachine, type AccessScope } from './access.js';

const scope = (fields: Partial<AccessScope>): AccessScope => ({ accountId: 1, machines: null, createdBy: null, ...fields });

describe(inScope.name, () => {
  it('shows every row of the account to a role without an assignment', () => {
    expect(inScope(scope({}), { machineId: 7, createdBy: 3 })).toBe(true);
    expect(seesMachine(scope({}), 7)).toBe(true);
  });

  it("shows an assigned member their machines' rows and the rows of no machine, not another machine's", () => {
    const mechanic = scope({ machines: new Set([7]) });
    expect(inScope(mechanic, { machineId: 7 })).toBe(true);
    expect(inScope(mechanic, { machineId: null })).toBe(true);
    expect(inScope(mechanic, { machineId: 8 })).toBe(false);
    expect(seesMachine(mechanic, 8)).toBe(false);
  });

  it('shows an operator only the rows they added, on their machines', () => {
    const operator = scope({ machines: new Set([7]), createdBy: 5 });
    expect(inScope(operator, { machineId: 7, createdBy: 5 })).toBe(true);
    expect(inScope(operator, { machineId: 7, createdBy: 3 })).toBe(false);
    expect(inScope(operator, { machineId: 8, createdBy: 5 })).toBe(false);
  });
});
