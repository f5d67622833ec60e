import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
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
  type Actor,
  type CreateFormRequest,
  type CreateInspectionRequest,
  type FormIdRequest,
  type InspectionIdRequest,
  type MachineInspectionsRequest,
  type RpcMessage,
  type UpdateFormRequest,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { FormsService } from './forms.service.js';
import { InspectionsService } from './inspections.service.js';

/** Inspection forms and inspections (issue 35): every role reads, all but viewers inspect, owners and managers keep the forms. */
@Controller()
export class InspectionsController {
  constructor(
    private readonly forms: FormsService,
    private readonly inspections: InspectionsService,
  ) {}

  @MessagePattern(INSPECTION_FORM_LIST)
  listForms(@Caller('inspection.read') caller: Actor) {
    return this.forms.list(caller);
  }

  @MessagePattern(INSPECTION_FORM_GET)
  getForm(@Payload() m: RpcMessage<FormIdRequest>, @Caller('inspection.read') caller: Actor) {
    return this.forms.get(caller, m.payload?.id);
  }

  @ValidInput(InspectionFormInput, { at: 'form' })
  @MessagePattern(INSPECTION_FORM_CREATE)
  createForm(@Payload() m: RpcMessage<CreateFormRequest>, @Caller('inspectionform.write') caller: Actor) {
    return this.forms.create(caller, m.payload.form);
  }

  @ValidInput(InspectionFormInput, { at: 'form' })
  @MessagePattern(INSPECTION_FORM_UPDATE)
  updateForm(@Payload() m: RpcMessage<UpdateFormRequest>, @Caller('inspectionform.write') caller: Actor) {
    return this.forms.update(caller, m.payload?.id, m.payload.form);
  }

  @MessagePattern(INSPECTION_FORM_DELETE)
  deleteForm(@Payload() m: RpcMessage<FormIdRequest>, @Caller('inspectionform.write') caller: Actor) {
    return this.forms.delete(caller, m.payload?.id);
  }

  @ValidInput(InspectionInput, { at: 'inspection' })
  @MessagePattern(INSPECTION_CREATE)
  create(@Payload() m: RpcMessage<CreateInspectionRequest>, @Caller('inspection.write') caller: Actor) {
    return this.inspections.create(caller, m.payload, m.meta);
  }

  @MessagePattern(INSPECTION_BY_MACHINE)
  byMachine(@Payload() m: RpcMessage<MachineInspectionsRequest>, @Caller('inspection.read') caller: Actor) {
    return this.inspections.byMachine(caller, m.payload?.machineId);
  }

  @MessagePattern(INSPECTION_GET)
  get(@Payload() m: RpcMessage<InspectionIdRequest>, @Caller('inspection.read') caller: Actor) {
    return this.inspections.get(caller, m.payload?.id);
  }

  @MessagePattern(INSPECTION_DUE)
  due(@Caller('inspection.read') caller: Actor) {
    return this.inspections.due(caller);
  }
}
