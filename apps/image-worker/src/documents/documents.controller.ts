import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  DOCUMENT_ADD,
  DOCUMENT_COUNT_FOR_MACHINE,
  DOCUMENT_DATA_EXPORT,
  DOCUMENT_DELETE,
  DOCUMENT_GET,
  DOCUMENT_IMPORT_REVERT,
  DOCUMENT_LIST,
  type DocumentImportRevertRequest,
  FUEL_RECORD_DELETED,
  FUEL_RECORD_SAVED,
  INVENTORY_PURCHASE_DELETED,
  INVENTORY_PURCHASE_SAVED,
  SERVICE_RECORD_DELETED,
  SERVICE_RECORD_SAVED,
  batchPattern,
  eventsOfBatch,
  type EventBatch,
  type FuelRecordSavedEvent,
  type InventoryPurchaseSavedEvent,
  type ServiceRecordSavedEvent,
  type DocumentAddRequest,
  type DocumentParent,
  type DocumentIdRequest,
  type DocumentListRequest,
  type DocumentMachineRequest,
  type ExportPageRequest,
  type FuelRecordDeletedEvent,
  type InventoryPurchaseDeletedEvent,
  type Actor,
  type RpcMessage,
  type ServiceRecordDeletedEvent,
  eventAccountId,
} from '@wrenchlog/contracts';
import { Caller } from '@wrenchlog/platform';
import { DocumentsService } from './documents.service.js';

// Rights (issue 32): reading documents is 'document.read', adding or deleting one 'document.write'.
@Controller()
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @MessagePattern(DOCUMENT_ADD)
  add(@Caller('document.write') caller: Actor, @Payload() m: RpcMessage<DocumentAddRequest>) {
    return this.documents.add(caller, m.payload);
  }

  @MessagePattern(DOCUMENT_LIST)
  list(@Caller('document.read') caller: Actor, @Payload() m: RpcMessage<DocumentListRequest>) {
    return this.documents.list(caller, m.payload?.parent);
  }

  @MessagePattern(DOCUMENT_COUNT_FOR_MACHINE)
  countForMachine(@Caller('document.read') caller: Actor, @Payload() m: RpcMessage<DocumentMachineRequest>) {
    return this.documents.countForMachine(caller, Number(m.payload?.machineId));
  }

  @MessagePattern(DOCUMENT_GET)
  get(@Caller('document.read') caller: Actor, @Payload() m: RpcMessage<DocumentIdRequest>) {
    return this.documents.get(caller, Number(m.payload?.id));
  }

  @MessagePattern(DOCUMENT_DELETE)
  remove(@Caller('document.write') caller: Actor, @Payload() m: RpcMessage<DocumentIdRequest>) {
    return this.documents.remove(caller, Number(m.payload?.id));
  }

  /** document.dataExport.page ("Download all my data", issue 38): the account's documents by id, asked by import-service's export job. */
  @MessagePattern(DOCUMENT_DATA_EXPORT)
  exportPage(@Caller('export.run') caller: Actor, @Payload() m: RpcMessage<ExportPageRequest>) {
    return this.documents.exportData(caller.accountId, m.payload);
  }

  /** document.import.revert (issue 38): a restore's revert removes the documents stored under its keys. */
  @MessagePattern(DOCUMENT_IMPORT_REVERT)
  revertImport(@Caller('import.run') caller: Actor, @Payload() m: RpcMessage<DocumentImportRevertRequest>) {
    return this.documents.revertImport(caller, m.payload);
  }

  @EventPattern(SERVICE_RECORD_DELETED)
  onServiceRecordDeleted(@Payload() m: RpcMessage<ServiceRecordDeletedEvent>) {
    return this.documents.onParentDeleted(eventAccountId(m.payload), { kind: 'service-record', id: m.payload.recordId });
  }

  @EventPattern(FUEL_RECORD_DELETED)
  onFuelRecordDeleted(@Payload() m: RpcMessage<FuelRecordDeletedEvent>) {
    return this.documents.onParentDeleted(eventAccountId(m.payload), { kind: 'fuel-record', id: m.payload.recordId });
  }

  @EventPattern(INVENTORY_PURCHASE_DELETED)
  onPurchaseDeleted(@Payload() m: RpcMessage<InventoryPurchaseDeletedEvent>) {
    return this.documents.onParentDeleted(eventAccountId(m.payload), { kind: 'purchase', id: m.payload.recordId });
  }

  @EventPattern(SERVICE_RECORD_SAVED)
  onServiceRecordSaved(@Payload() m: RpcMessage<ServiceRecordSavedEvent>) {
    return this.documents.onParentSaved(eventAccountId(m.payload), { kind: 'service-record', id: m.payload.recordId }, m.payload.machineId);
  }

  @EventPattern(FUEL_RECORD_SAVED)
  onFuelRecordSaved(@Payload() m: RpcMessage<FuelRecordSavedEvent>) {
    return this.documents.onParentSaved(eventAccountId(m.payload), { kind: 'fuel-record', id: m.payload.recordId }, m.payload.machineId);
  }

  /** An import's fuel records (EVENT_BATCH_TARGETS): their documents follow them in one transaction. */
  @EventPattern(batchPattern(FUEL_RECORD_SAVED))
  onFuelRecordSavedBatch(@Payload() m: RpcMessage<EventBatch<FuelRecordSavedEvent>>) {
    const moves = eventsOfBatch(m).map(({ payload: e }) => ({
      accountId: eventAccountId(e),
      parent: { kind: 'fuel-record', id: e?.recordId } as DocumentParent,
      machineId: e?.machineId,
    }));
    return this.documents.onParentsSaved(moves);
  }

  @EventPattern(INVENTORY_PURCHASE_SAVED)
  onPurchaseSaved(@Payload() m: RpcMessage<InventoryPurchaseSavedEvent>) {
    return this.documents.onParentSaved(eventAccountId(m.payload), { kind: 'purchase', id: m.payload.recordId }, m.payload.machineId);
  }
}
