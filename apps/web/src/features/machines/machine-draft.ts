// The machine's edit form in the basic-info panel: the editable copy of a machine and the machine
// it saves. Pure: no React, no network.
import type { Machine } from '../../api/types';
import { atOnePmLocal, toDateInput } from '../../lib/machine-dates';

/** The editable copy of a machine: text inputs hold strings. */
export interface Draft {
  name: string;
  year: string;
  make: string;
  model: string;
  submodel: string;
  vin: string;
  serialNumber: string;
  color: string;
  description: string;
  type: string;
  purchasedDate: string;
  lastServicedDate: string;
  miles: number | string;
  hours: number | string;
  license: string;
  licenseExpirationDate: string;
  isPermanentLicense: boolean;
  insuranceProvider: string;
  policyNumber: string;
  insuranceExpirationDate: string;
}

export function toDraft(m: Machine): Draft {
  return {
    name: m.name ?? '',
    year: m.year === null || m.year === undefined ? '' : String(m.year),
    make: m.make ?? '',
    model: m.model ?? '',
    submodel: m.submodel ?? '',
    vin: m.vin ?? '',
    serialNumber: m.serialNumber ?? '',
    color: m.color ?? '',
    description: m.description ?? '',
    type: m.type ?? '',
    purchasedDate: toDateInput(m.purchasedDate),
    lastServicedDate: toDateInput(m.lastServicedDate),
    miles: m.miles ?? '',
    hours: m.hours ?? '',
    license: m.license ?? '',
    licenseExpirationDate: toDateInput(m.licenseExpirationDate),
    isPermanentLicense: Boolean(m.isPermanentLicense),
    insuranceProvider: m.insuranceProvider ?? '',
    policyNumber: m.policyNumber ?? '',
    insuranceExpirationDate: toDateInput(m.insuranceExpirationDate),
  };
}

const text = (v: string) => (v.trim() ? v.trim() : null);
const num = (v: number | string) => (v === '' || v === null || Number.isNaN(Number(v)) ? null : Number(v));

/** The whole machine for PUT /api/machines/update. */
export function fromDraft(machine: Machine, d: Draft): Machine {
  return {
    ...machine,
    name: d.name.trim(),
    // Required and checked before saving.
    year: Number(d.year),
    make: d.make.trim(),
    model: d.model.trim(),
    submodel: text(d.submodel),
    vin: text(d.vin),
    serialNumber: text(d.serialNumber),
    color: text(d.color),
    description: text(d.description),
    type: text(d.type),
    purchasedDate: atOnePmLocal(d.purchasedDate),
    lastServicedDate: atOnePmLocal(d.lastServicedDate),
    miles: num(d.miles),
    hours: num(d.hours),
    license: text(d.license),
    isPermanentLicense: d.isPermanentLicense,
    licenseExpirationDate: d.isPermanentLicense ? null : d.licenseExpirationDate || null,
    insuranceProvider: text(d.insuranceProvider),
    policyNumber: text(d.policyNumber),
    insuranceExpirationDate: d.insuranceExpirationDate || null,
  };
}
