import { handlerRights } from '@wrenchlog/platform';
import { InspectionsController } from '../inspections/inspections.controller.js';
import { IssuesController } from '../issues/issues.controller.js';
import { JobTemplatesController } from '../job-templates/job-templates.controller.js';
import { MyWorkController } from './my-work.controller.js';
import { WorkOrdersController } from './work-orders.controller.js';

// Who may call each handler (issue 35): the one policy, pinned per handler.
describe('the work context policy', () => {
  it('lets operators read and report issues, and leaves changing them and work orders to the shop', () => {
    expect(handlerRights(IssuesController)).toEqual({
      create: 'issue.report',
      byMachine: 'issue.read',
      list: 'issue.read',
      get: 'issue.read',
      update: 'issue.write',
      delete: 'issue.write',
      resolve: 'issue.write',
      close: 'issue.write',
    });
    expect(handlerRights(WorkOrdersController)).toEqual({
      create: 'workorder.write',
      list: 'workorder.read',
      get: 'workorder.read',
      update: 'workorder.write',
      delete: 'workorder.write',
      addLine: 'workorder.write',
      updateLine: 'workorder.write',
      deleteLine: 'workorder.write',
      complete: 'workorder.write',
      reopen: 'workorder.write',
    });
  });

  it("takes any member for my-work, whose accounts' roles are asked one by one (MachineAccess.acrossAccounts)", () => {
    expect(handlerRights(MyWorkController)).toEqual({ list: null });
  });

  it('lets whoever reads work orders read job templates, and whoever writes them keep the templates', () => {
    expect(handlerRights(JobTemplatesController)).toEqual({
      list: 'workorder.read',
      get: 'workorder.read',
      create: 'workorder.write',
      update: 'workorder.write',
      delete: 'workorder.write',
    });
  });

  it('lets every role read inspections, all but viewers do them, and owners and managers keep the forms', () => {
    expect(handlerRights(InspectionsController)).toEqual({
      listForms: 'inspection.read',
      getForm: 'inspection.read',
      createForm: 'inspectionform.write',
      updateForm: 'inspectionform.write',
      deleteForm: 'inspectionform.write',
      create: 'inspection.write',
      byMachine: 'inspection.read',
      get: 'inspection.read',
      due: 'inspection.read',
    });
  });
});
