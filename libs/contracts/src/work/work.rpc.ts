import type {
  CloseIssueRequest,
  CreateIssueRequest,
  Issue,
  IssueDeleted,
  IssueIdRequest,
  IssueListQuery,
  IssuePage,
  MachineIssuesRequest,
  ResolveIssueRequest,
  UpdateIssueRequest,
} from './issue.contract.js';
import {
  ISSUE_IMAGE_ADD,
  ISSUE_IMAGE_DELETE,
  ISSUE_IMAGE_LIST,
  type AddIssueImagesRequest,
  type DeleteIssueImagesRequest,
  type IssueImageKeys,
  type IssueImagesDeleted,
  type IssueImagesRequest,
  type IssueWithImageKeys,
} from './issue-image.contract.js';
import { ISSUE_BY_MACHINE, ISSUE_CLOSE, ISSUE_CREATE, ISSUE_DELETE, ISSUE_GET, ISSUE_LIST, ISSUE_RESOLVE, ISSUE_UPDATE } from './issue.contract.js';
import type {
  AddLineRequest,
  CompleteWorkOrderRequest,
  CreateWorkOrderRequest,
  LineIdRequest,
  UpdateLineRequest,
  UpdateWorkOrderRequest,
  WorkOrder,
  WorkOrderDeleted,
  WorkOrderIdRequest,
  WorkOrderLine,
  WorkOrderListQuery,
  WorkOrderPage,
} from './work-order.contract.js';
import {
  WORK_ORDER_COMPLETE,
  WORK_ORDER_CREATE,
  WORK_ORDER_DELETE,
  WORK_ORDER_GET,
  WORK_ORDER_LINE_ADD,
  WORK_ORDER_LINE_DELETE,
  WORK_ORDER_LINE_UPDATE,
  WORK_ORDER_LIST,
  WORK_ORDER_REOPEN,
  WORK_ORDER_UPDATE,
} from './work-order.contract.js';

import { MY_WORK_LIST, type MyWork, type MyWorkRequest } from './my-work.contract.js';
import type {
  CreateFormRequest,
  CreateInspectionRequest,
  FormDeleted,
  FormIdRequest,
  Inspection,
  InspectionCreated,
  InspectionDue,
  InspectionForm,
  InspectionIdRequest,
  InspectionSummary,
  MachineInspectionsRequest,
  UpdateFormRequest,
} from './inspection.contract.js';
import {
  INSPECTION_BY_MACHINE,
  INSPECTION_CREATE,
  INSPECTION_DUE,
  INSPECTION_FORM_CREATE,
  INSPECTION_FORM_DELETE,
  INSPECTION_FORM_GET,
  INSPECTION_FORM_LIST,
  INSPECTION_FORM_UPDATE,
  INSPECTION_GET,
} from './inspection.contract.js';

import type { CreateJobTemplateRequest, JobTemplate, JobTemplateDeleted, JobTemplateIdRequest, UpdateJobTemplateRequest } from './job-template.contract.js';
import { JOB_TEMPLATE_CREATE, JOB_TEMPLATE_DELETE, JOB_TEMPLATE_GET, JOB_TEMPLATE_LIST, JOB_TEMPLATE_UPDATE } from './job-template.contract.js';

/** The work context (work-order-service): issues and work orders. */
export type WorkRpc = {
  [ISSUE_CREATE]: { request: CreateIssueRequest; response: Issue };
  [ISSUE_BY_MACHINE]: { request: MachineIssuesRequest; response: IssueWithImageKeys[] };
  [ISSUE_LIST]: { request: IssueListQuery; response: IssuePage };
  [ISSUE_GET]: { request: IssueIdRequest; response: IssueWithImageKeys };
  [ISSUE_UPDATE]: { request: UpdateIssueRequest; response: Issue };
  [ISSUE_DELETE]: { request: IssueIdRequest; response: IssueDeleted };
  [ISSUE_RESOLVE]: { request: ResolveIssueRequest; response: Issue };
  [ISSUE_CLOSE]: { request: CloseIssueRequest; response: Issue };
  [ISSUE_IMAGE_ADD]: { request: AddIssueImagesRequest; response: IssueImageKeys[] };
  [ISSUE_IMAGE_LIST]: { request: IssueImagesRequest; response: IssueImageKeys[] };
  [ISSUE_IMAGE_DELETE]: { request: DeleteIssueImagesRequest; response: IssueImagesDeleted };
  [WORK_ORDER_CREATE]: { request: CreateWorkOrderRequest; response: WorkOrder };
  [WORK_ORDER_LIST]: { request: WorkOrderListQuery; response: WorkOrderPage };
  [WORK_ORDER_GET]: { request: WorkOrderIdRequest; response: WorkOrder };
  [WORK_ORDER_UPDATE]: { request: UpdateWorkOrderRequest; response: WorkOrder };
  [WORK_ORDER_DELETE]: { request: WorkOrderIdRequest; response: WorkOrderDeleted };
  [WORK_ORDER_LINE_ADD]: { request: AddLineRequest; response: WorkOrderLine };
  [WORK_ORDER_LINE_UPDATE]: { request: UpdateLineRequest; response: WorkOrderLine };
  [WORK_ORDER_LINE_DELETE]: { request: LineIdRequest; response: WorkOrderDeleted };
  [WORK_ORDER_COMPLETE]: { request: CompleteWorkOrderRequest; response: WorkOrder };
  [WORK_ORDER_REOPEN]: { request: WorkOrderIdRequest; response: WorkOrder };
  [MY_WORK_LIST]: { request: MyWorkRequest; response: MyWork };
  [INSPECTION_FORM_LIST]: { request: Record<string, never>; response: InspectionForm[] };
  [INSPECTION_FORM_GET]: { request: FormIdRequest; response: InspectionForm };
  [INSPECTION_FORM_CREATE]: { request: CreateFormRequest; response: InspectionForm };
  [INSPECTION_FORM_UPDATE]: { request: UpdateFormRequest; response: InspectionForm };
  [INSPECTION_FORM_DELETE]: { request: FormIdRequest; response: FormDeleted };
  [INSPECTION_CREATE]: { request: CreateInspectionRequest; response: InspectionCreated };
  [INSPECTION_BY_MACHINE]: { request: MachineInspectionsRequest; response: InspectionSummary[] };
  [INSPECTION_GET]: { request: InspectionIdRequest; response: Inspection };
  [INSPECTION_DUE]: { request: Record<string, never>; response: InspectionDue[] };
  [JOB_TEMPLATE_LIST]: { request: Record<string, never>; response: JobTemplate[] };
  [JOB_TEMPLATE_GET]: { request: JobTemplateIdRequest; response: JobTemplate };
  [JOB_TEMPLATE_CREATE]: { request: CreateJobTemplateRequest; response: JobTemplate };
  [JOB_TEMPLATE_UPDATE]: { request: UpdateJobTemplateRequest; response: JobTemplate };
  [JOB_TEMPLATE_DELETE]: { request: JobTemplateIdRequest; response: JobTemplateDeleted };
};
