import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Res, StreamableFile } from '@nestjs/common';
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
  InspectionFormInput,
  InspectionInput,
  InspectionMessages,
  WorkMessages,
  type Inspection,
  type InspectionCreated,
  type InspectionDue,
  type InspectionForm,
  type InspectionSummary,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import type { FastifyReply } from 'fastify';
import { IdPipe } from '../http/id.pipe.js';
import { Call } from '../http/request-context.js';
import { validBody } from '../http/valid-body.js';
import { inspectionPdf } from './inspection-pdf.js';

const machineId = new IdPipe(WorkMessages.invalidMachineId);
const formId = new IdPipe(InspectionMessages.invalidFormId);
const inspectionId = new IdPipe(InspectionMessages.invalidInspectionId);

/** Inspection forms and inspections (issue 35, work-order-service); the PDF is drawn here, as the history's is. */
@Controller()
export class InspectionsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('inspection-forms')
  forms(@Call() call: CallContext): Promise<InspectionForm[]> {
    return this.rpc.send(INSPECTION_FORM_LIST, {}, call);
  }

  @Post('inspection-forms')
  async createForm(@Body() body: unknown, @Call() call: CallContext): Promise<InspectionForm> {
    const form = await validBody(body, InspectionFormInput);
    return this.rpc.send(INSPECTION_FORM_CREATE, { form }, call);
  }

  @Get('inspection-forms/:id')
  form(@Param('id', formId) id: number, @Call() call: CallContext): Promise<InspectionForm> {
    return this.rpc.send(INSPECTION_FORM_GET, { id }, call);
  }

  @Put('inspection-forms/:id')
  async updateForm(@Param('id', formId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<InspectionForm> {
    const form = await validBody(body, InspectionFormInput);
    return this.rpc.send(INSPECTION_FORM_UPDATE, { id, form }, call);
  }

  @Delete('inspection-forms/:id')
  @HttpCode(204)
  async deleteForm(@Param('id', formId) id: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(INSPECTION_FORM_DELETE, { id }, call);
  }

  /** 201 with the inspection and the issues its failed items opened; a retry with the same Idempotency-Key answers the first. */
  @Post('machines/:id/inspections')
  async create(@Param('id', machineId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<InspectionCreated> {
    const inspection = await validBody(body, InspectionInput);
    return this.rpc.send(INSPECTION_CREATE, { machineId: id, inspection }, call);
  }

  @Get('machines/:id/inspections')
  byMachine(@Param('id', machineId) id: number, @Call() call: CallContext): Promise<InspectionSummary[]> {
    return this.rpc.send(INSPECTION_BY_MACHINE, { machineId: id }, call);
  }

  @Get('inspections/due')
  due(@Call() call: CallContext): Promise<InspectionDue[]> {
    return this.rpc.send(INSPECTION_DUE, {}, call);
  }

  @Get('inspections/:id.pdf')
  async pdf(@Param('id', inspectionId) id: number, @Call() call: CallContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const inspection = await this.rpc.send(INSPECTION_GET, { id }, call);
    reply.header('cache-control', 'no-store');
    return new StreamableFile(inspectionPdf(inspection), { type: 'application/pdf', disposition: `attachment; filename="inspection-${inspection.id}.pdf"` });
  }

  @Get('inspections/:id')
  get(@Param('id', inspectionId) id: number, @Call() call: CallContext): Promise<Inspection> {
    return this.rpc.send(INSPECTION_GET, { id }, call);
  }
}
