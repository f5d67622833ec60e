// Producer: gateway. Consumer: image-worker (the ledger of stored files: photos and documents).
// Also consumed: service.record.deleted, fuel.record.deleted, inventory.purchase.deleted and
// machine.machine.deleted, which take the documents of the deleted record or machine with them.

import type { Audited } from '../account/member.events.js';

/** What a document is attached to; the gateway checks the caller owns it before any call below. */
export type DocumentParentKind = 'machine' | 'service-record' | 'fuel-record' | 'purchase';
export const DOCUMENT_PARENT_KINDS: readonly DocumentParentKind[] = ['machine', 'service-record', 'fuel-record', 'purchase'];

/** Records a document the gateway has checked (PDF by content, size) and stored. Idempotent per objectKey. */
export const DOCUMENT_ADD = 'document.document.add' as const;
/** The documents of one record or machine, oldest first. */
export const DOCUMENT_LIST = 'document.document.list' as const;
/** One document of the caller's account (404 for another account's, or a machine an assigned member does not see). */
export const DOCUMENT_GET = 'document.document.get' as const;
/** Deletes one document of the caller's and its stored object. */
export const DOCUMENT_DELETE = 'document.document.delete' as const;
/** How many documents a machine's deletion would take (the machine's and its records'): a bare number. */
export const DOCUMENT_COUNT_FOR_MACHINE = 'document.document.countForMachine' as const;

export interface DocumentParent {
  kind: DocumentParentKind;
  id: number;
}

export interface DocumentAddRequest {
  parent: DocumentParent;
  /** The machine the parent belongs to (null for a purchase without one), so a machine's deletion removes it. */
  machineId: number | null;
  objectKey: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface DocumentListRequest {
  parent: DocumentParent;
}

export interface DocumentMachineRequest {
  machineId: number;
}

export interface DocumentIdRequest {
  id: number;
}

/** A document as the image-worker answers it: its object key, never a URL; who added it (issue 32). */
export interface DocumentKeysView extends Audited {
  id: number;
  parentKind: DocumentParentKind;
  parentId: number;
  fileName: string;
  contentType: string;
  /** Bytes. */
  size: number;
  /** ISO 8601 instant. */
  createdAt: string;
  objectKey: string;
}

/** A document as the API answers it: `url` is a short-lived signed link that opens it (no token needed). */
export interface DocumentView {
  id: number;
  parentKind: DocumentParentKind;
  parentId: number;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: string;
  url: string;
  /** Who added the document and who last changed it (issue 32), as the image-worker answered them. */
  createdBy?: Audited['createdBy'];
  updatedBy?: Audited['updatedBy'];
}

export interface DocumentDeleted {
  deleted: true;
}

/** Object keys the gateway generates for documents: u{accountId}/{uuid}-document.pdf (never the file's name). */
export const DOCUMENT_KEY = /^u[1-9]\d{0,9}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-document\.pdf$/;
