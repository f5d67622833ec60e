import type { InspectionFrequency, InspectionItem } from '@wrenchlog/contracts';

interface BuiltInForm {
  name: string;
  machineType: string;
  frequency: InspectionFrequency;
  items: InspectionItem[];
}

const pf = (id: string, label: string, required = true): InspectionItem => ({ id, label, kind: 'pass_fail', required, min: null, max: null });
const num = (id: string, label: string, min: number | null, max: number | null): InspectionItem => ({ id, label, kind: 'number', required: true, min, max });

/**
 * The checklists every account starts with (issue 35), written by the migration as account 0's.
 * Tread depth at least 4/32 in (0.125 in, the steer-tyre minimum of a DVIR); track sag 1 to 2 in.
 */
export const BUILT_IN_FORMS: BuiltInForm[] = [
  {
    name: 'Pre-trip vehicle inspection (DVIR)',
    machineType: 'Vehicle',
    frequency: 'daily',
    items: [
      pf('brakes', 'Service and parking brakes'),
      pf('steering', 'Steering'),
      pf('lights', 'Lights and reflectors'),
      pf('tires', 'Tires and wheels'),
      num('tread', 'Tread depth (in), at least 4/32', 0.125, null),
      pf('horn', 'Horn'),
      pf('wipers', 'Windshield and wipers'),
      pf('mirrors', 'Mirrors'),
      pf('fluids', 'Oil, coolant and fluid leaks'),
      pf('coupling', 'Coupling devices', false),
      pf('emergency', 'Emergency equipment (triangles, extinguisher)'),
      { id: 'remarks', label: 'Remarks', kind: 'text', required: false, min: null, max: null },
    ],
  },
  {
    name: 'Daily walk-around (excavator, loader)',
    machineType: 'Excavator',
    frequency: 'daily',
    items: [
      pf('engine-oil', 'Engine oil level'),
      pf('hydraulic-oil', 'Hydraulic oil level'),
      pf('coolant', 'Coolant level'),
      pf('leaks', 'No leaks under the machine'),
      num('track-sag', 'Track sag (in), 1 to 2', 1, 2),
      pf('bucket', 'Bucket, teeth and pins'),
      pf('greasing', 'Greasing points done'),
      pf('cab', 'Cab, glass, seat belt'),
      pf('alarms', 'Travel alarm and lights'),
      { id: 'remarks', label: 'Remarks', kind: 'text', required: false, min: null, max: null },
    ],
  },
  {
    name: 'Mower pre-use check',
    machineType: 'Mower',
    frequency: 'daily',
    items: [
      pf('guards', 'Guards and discharge chute in place'),
      pf('blades', 'Blades sharp and secure'),
      pf('oil', 'Engine oil level'),
      pf('tires', 'Tire pressure'),
      pf('safety', 'Seat and blade safety switches'),
      pf('leaks', 'No fuel or oil leaks'),
      { id: 'remarks', label: 'Remarks', kind: 'text', required: false, min: null, max: null },
    ],
  },
];
