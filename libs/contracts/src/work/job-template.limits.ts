// Job templates (issue 35): a named job with its steps and its kit (parts, labour, other costs) that
// a work order starts from. Shared by the contracts' DTOs, work-order-service's rules and the web app.

import { WorkLimits } from './work.limits.js';

export const JobTemplateLimits = {
  name: 120,
  steps: 100,
  step: 500,
  lines: 100,
  /** The templates one account keeps (GET /api/job-templates answers them all, by name). */
  perAccount: 500,
} as const;

export const JobTemplateMessages = {
  invalidTemplateId: 'Invalid job template ID',
  templateNotFound: 'Job template not found',
  name: `Name is required, at most ${JobTemplateLimits.name} characters`,
  steps: `Steps must be a list of at most ${JobTemplateLimits.steps} lines`,
  step: `Each step needs text of at most ${JobTemplateLimits.step} characters`,
  lines: `Lines must be a list of at most ${JobTemplateLimits.lines} lines`,
  templateId: 'Job template not found',
  tooMany: `An account keeps at most ${JobTemplateLimits.perAccount} job templates`,
  /** A part the template names is gone from the inventory: the order cannot start with it. */
  partGone: 'A part of the job template is no longer in the inventory: change the template',
  hours: `Hours must be a number from 0 to ${WorkLimits.hours} with at most 2 decimals`,
} as const;
