import type { PartCategory } from '@wrenchlog/contracts';

// The sample inventory a new account can load with POST /api/parts/sample: 5 suppliers and 10
// parts over the six categories, with some parts low and out of stock so every screen state shows.
// Email domains are reserved example domains.

export interface SampleSupplier {
  key: string;
  name: string;
  contact: string;
  email: string;
  phone: string;
  address: string;
}

export interface SamplePart {
  supplier: string;
  partNumber: string;
  name: string;
  description: string;
  category: PartCategory;
  quantity: number;
  minStock: number;
  priceCents: number;
  brand: string;
}

export const SAMPLE_SUPPLIERS: readonly SampleSupplier[] = [
  {
    key: 'filtration',
    name: 'Midwest Filtration Supply',
    contact: 'Dana Kowalski',
    email: 'dana.kowalski@midwest-filtration.example.com',
    phone: '(614) 555-0142',
    address: '2150 Industrial Pkwy, Columbus, OH 43228',
  },
  {
    key: 'hydraulics',
    name: 'Heartland Hydraulics',
    contact: 'Marcus Reed',
    email: 'marcus.reed@heartland-hydraulics.example.com',
    phone: '(816) 555-0178',
    address: '880 Riverfront Dr, Kansas City, MO 64106',
  },
  {
    key: 'electrical',
    name: 'Summit Electrical Parts',
    contact: 'Priya Nair',
    email: 'priya.nair@summit-electrical.example.com',
    phone: '(303) 555-0119',
    address: '4410 Brighton Blvd, Denver, CO 80216',
  },
  {
    key: 'belts',
    name: 'Great Plains Belt & Drive',
    contact: 'Tom Lindqvist',
    email: 'orders@gp-beltdrive.example.com',
    phone: '(402) 555-0163',
    address: '1201 N 16th St, Omaha, NE 68102',
  },
  {
    key: 'engine',
    name: 'Valley Engine & Equipment',
    contact: 'Rosa Martinez',
    email: 'rosa.martinez@valley-engine.example.com',
    phone: '(559) 555-0137',
    address: '3305 E Jensen Ave, Fresno, CA 93725',
  },
];

export const SAMPLE_PARTS: readonly SamplePart[] = [
  {
    supplier: 'filtration',
    partNumber: 'LF3000',
    name: 'Engine Oil Filter',
    description: 'Full-flow spin-on lube filter for 5.9L and 8.3L diesels',
    category: 'Filters',
    quantity: 14,
    minStock: 6,
    priceCents: 1845,
    brand: 'Fleetguard',
  },
  {
    supplier: 'filtration',
    partNumber: 'FS1280',
    name: 'Fuel Filter / Water Separator',
    description: 'Primary fuel filter with drain valve, 10 micron',
    category: 'Filters',
    quantity: 3,
    minStock: 4,
    priceCents: 3290,
    brand: 'Fleetguard',
  },
  {
    supplier: 'filtration',
    partNumber: 'P181052',
    name: 'Air Filter, Outer Element',
    description: 'Radial seal primary air element for compact excavators and skid steers',
    category: 'Filters',
    quantity: 0,
    minStock: 2,
    priceCents: 6475,
    brand: 'Donaldson',
  },
  {
    supplier: 'engine',
    partNumber: 'GC-EP2-14',
    name: 'Lithium EP2 Grease Cartridge',
    description: '14 oz cartridge for pins, bushings and wheel bearings',
    category: 'Other',
    quantity: 24,
    minStock: 10,
    priceCents: 685,
    brand: 'Mobil',
  },
  {
    supplier: 'electrical',
    partNumber: 'ALT-8290',
    name: 'Alternator 12V 95A',
    description: 'Remanufactured alternator with internal regulator',
    category: 'Electrical',
    quantity: 1,
    minStock: 1,
    priceCents: 21499,
    brand: 'Delco Remy',
  },
  {
    supplier: 'electrical',
    partNumber: 'SOL-1124',
    name: 'Starter Solenoid',
    description: '12V intermittent-duty solenoid, 4-terminal',
    category: 'Electrical',
    quantity: 5,
    minStock: 2,
    priceCents: 2750,
    brand: 'Standard Motor Products',
  },
  {
    supplier: 'hydraulics',
    partNumber: 'H-0836-12',
    name: 'Hydraulic Hose Assembly 1/2" x 36"',
    description: '2-wire braided hose, JIC female swivel both ends, 3,250 psi',
    category: 'Hydraulic',
    quantity: 6,
    minStock: 4,
    priceCents: 4720,
    brand: 'Gates',
  },
  {
    supplier: 'hydraulics',
    partNumber: 'SK-2291',
    name: 'Bucket Cylinder Seal Kit',
    description: 'Rod seal, wiper, piston seal and O-rings for a 2.5" bore cylinder',
    category: 'Hydraulic',
    quantity: 2,
    minStock: 2,
    priceCents: 8900,
    brand: 'Parker',
  },
  {
    supplier: 'belts',
    partNumber: 'K081875',
    name: 'Serpentine Belt 8PK1875',
    description: '8-rib EPDM micro-V belt, 73.8" effective length',
    category: 'Belts',
    quantity: 4,
    minStock: 2,
    priceCents: 5230,
    brand: 'Gates',
  },
  {
    supplier: 'engine',
    partNumber: 'WP-4089',
    name: 'Water Pump with Gasket',
    description: 'Coolant pump for 4- and 6-cylinder industrial diesels',
    category: 'Engine',
    quantity: 0,
    minStock: 1,
    priceCents: 15640,
    brand: 'Cummins',
  },
];
