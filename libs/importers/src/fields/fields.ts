// What a column can be mapped to, per kind of record, with the header names people and exporters
// use for it (compared without case, spaces or punctuation). The Map step of the wizard offers
// these fields; suggestMapping() fills them from a file's header.

export const RECORD_KINDS = ['machine', 'service', 'fuel', 'purchase', 'odometer', 'supplier', 'part', 'reading', 'schedule'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

interface FieldDef {
  label: string;
  aliases: string[];
}

/** Fields every kind attached to a machine has: the column naming the machine, and tags kept in notes. */
const MACHINE_REF: Record<'machine' | 'tags', FieldDef> = {
  machine: { label: 'Machine (name)', aliases: ['machine', 'machinename', 'vehicle', 'vehiclename', 'car', 'carname', 'name', 'equipment', 'unit', 'asset'] },
  tags: { label: 'Tags (kept in notes)', aliases: ['tags', 'tag', 'labels', 'category'] },
};

export const FIELDS = {
  machine: {
    name: { label: 'Name', aliases: ['name', 'machine', 'machinename', 'vehicle', 'vehiclename', 'nickname', 'unit', 'equipment', 'asset'] },
    year: { label: 'Year', aliases: ['year', 'modelyear', 'yr'] },
    make: { label: 'Make', aliases: ['make', 'manufacturer', 'brand'] },
    model: { label: 'Model', aliases: ['model'] },
    submodel: { label: 'Submodel', aliases: ['submodel', 'trim', 'variant'] },
    vin: { label: 'VIN', aliases: ['vin', 'chassis', 'chassisnumber'] },
    serialNumber: { label: 'Serial number', aliases: ['serialnumber', 'serial', 'serialno', 'pin', 'productidentificationnumber'] },
    color: { label: 'Color', aliases: ['color', 'colour'] },
    description: { label: 'Description', aliases: ['description', 'notes', 'comment', 'comments'] },
    status: { label: 'Status', aliases: ['status', 'state'] },
    type: { label: 'Type', aliases: ['type', 'machinetype', 'vehicletype', 'kind'] },
    purchasedDate: { label: 'Purchased date', aliases: ['purchaseddate', 'purchasedate', 'datepurchased', 'bought', 'acquired'] },
    miles: { label: 'Miles', aliases: ['miles', 'mileage', 'odometer', 'odo', 'km', 'kilometers', 'kilometres'] },
    hours: { label: 'Hours', aliases: ['hours', 'hourmeter', 'enginehours', 'hrs'] },
    license: { label: 'License', aliases: ['license', 'licence', 'licenseplate', 'licenceplate', 'plate', 'registration', 'rego'] },
    licenseExpirationDate: { label: 'License expiration', aliases: ['licenseexpirationdate', 'licenseexpiration', 'licenseexpires', 'registrationexpires'] },
    insuranceProvider: { label: 'Insurance provider', aliases: ['insuranceprovider', 'insurer', 'insurance'] },
    policyNumber: { label: 'Policy number', aliases: ['policynumber', 'policy', 'insurancepolicy'] },
    insuranceExpirationDate: { label: 'Insurance expiration', aliases: ['insuranceexpirationdate', 'insuranceexpiration', 'insuranceexpires'] },
  },
  service: {
    ...MACHINE_REF,
    // A restore's service-records.csv: the export's id, which its schedules' completedBy names (no alias, so no other file maps it).
    ref: { label: 'Export id', aliases: [] },
    title: { label: 'Title', aliases: ['title', 'description', 'service', 'servicename', 'work', 'task', 'item', 'summary'] },
    serviceDate: { label: 'Service date', aliases: ['servicedate', 'date', 'day', 'when', 'data', 'fecha', 'datum'] },
    serviceType: { label: 'Service type', aliases: ['servicetype', 'type', 'kind', 'expensetype'] },
    status: { label: 'Status', aliases: ['status', 'state'] },
    serviceShop: { label: 'Service shop', aliases: ['serviceshop', 'shop', 'garage', 'place', 'vendor', 'mechanic', 'location', 'provider'] },
    notes: { label: 'Notes', aliases: ['notes', 'note', 'comment', 'comments', 'remarks', 'observation', 'details'] },
    price: { label: 'Price', aliases: ['price', 'cost', 'total', 'totalcost', 'totalprice', 'amount', 'value'] },
    miles: { label: 'Miles', aliases: ['miles', 'mileage', 'odometer', 'odo'] },
    hours: { label: 'Hours', aliases: ['hours', 'hourmeter', 'enginehours', 'hrs'] },
  },
  fuel: {
    ...MACHINE_REF,
    date: { label: 'Date', aliases: ['date', 'dateofpurchase', 'fuelupdate', 'purchasedate', 'filldate', 'day', 'datetime', 'data', 'fecha', 'datum'] },
    amount: {
      label: 'Amount (volume)',
      aliases: ['amount', 'gallons', 'litres', 'liters', 'volume', 'fuelamount', 'fuelconsumed', 'quantity', 'qty', 'fuel', 'fuelvolume'],
    },
    pricePerUnit: {
      label: 'Price per unit',
      aliases: ['pricePerUnit', 'price', 'unitprice', 'priceperunit', 'pricepergallon', 'priceperliter', 'priceperlitre', 'ppg', 'volumeprice'],
    },
    totalPrice: { label: 'Total price', aliases: ['totalprice', 'total', 'cost', 'totalcost', 'paid', 'amountpaid'] },
    odometer: { label: 'Odometer', aliases: ['odometer', 'odo', 'mileage', 'currentmileage', 'currentmiles'] },
    tripDistance: { label: 'Distance since last fill', aliases: ['tripdistance', 'trip', 'distance', 'miles', 'km', 'tripmiles'] },
    hours: { label: 'Hours', aliases: ['hours', 'currenthours', 'hourmeter', 'enginehours'] },
    storeName: { label: 'Station', aliases: ['storename', 'station', 'gasstation', 'store', 'brand', 'vendor', 'place'] },
    storeCity: { label: 'City', aliases: ['storecity', 'city'] },
    storeState: { label: 'State', aliases: ['storestate', 'state', 'region'] },
    notes: { label: 'Notes', aliases: ['notes', 'note', 'comment', 'comments', 'remarks'] },
    fullTank: { label: 'Full tank', aliases: ['fulltank', 'isfilltofull', 'filltofull', 'full', 'fullfillup', 'tankfull'] },
    partialFill: { label: 'Partial fill (not full)', aliases: ['partialfill', 'partialfuelup', 'partial'] },
    missedPrevious: { label: 'Missed the previous fill', aliases: ['missedprevious', 'missedfuelup', 'missed', 'missedfillup'] },
  },
  purchase: {
    ...MACHINE_REF,
    partName: { label: 'Part name', aliases: ['partname', 'part', 'name', 'item', 'description', 'product'] },
    partNumber: { label: 'Part number', aliases: ['partnumber', 'partno', 'partnum', 'sku', 'pn'] },
    partDescription: { label: 'Part description', aliases: ['partdescription', 'details'] },
    partUrl: { label: 'Part URL', aliases: ['parturl', 'url', 'link'] },
    quantity: { label: 'Quantity', aliases: ['quantity', 'qty', 'partquantity', 'count', 'units'] },
    price: { label: 'Price', aliases: ['price', 'cost', 'total', 'totalcost', 'amount'] },
    storeName: { label: 'Store', aliases: ['storename', 'store', 'supplier', 'partsupplier', 'vendor', 'shop', 'seller'] },
    storeCity: { label: 'Store city', aliases: ['storecity', 'city'] },
    storeState: { label: 'Store state', aliases: ['storestate', 'state'] },
    storeAddress: { label: 'Store address', aliases: ['storeaddress', 'address'] },
    partStatus: { label: 'Status', aliases: ['partstatus', 'status'] },
    purchaseDate: { label: 'Purchase date', aliases: ['purchasedate', 'date', 'dateofpurchase', 'bought', 'orderdate'] },
    notes: { label: 'Notes (kept in the description)', aliases: ['notes', 'note', 'comment', 'comments'] },
    // A restore's links (the export's ids of the part and supplier): no alias, so no other file maps them.
    partRef: { label: 'Inventory part (export id)', aliases: [] },
    storeRef: { label: 'Supplier (export id)', aliases: [] },
  },
  odometer: {
    ...MACHINE_REF,
    date: { label: 'Date', aliases: ['date', 'readat', 'readingdate'] },
    odometer: { label: 'Odometer', aliases: ['odometer', 'reading', 'mileage', 'value', 'odo'] },
    initialOdometer: { label: 'Initial odometer', aliases: ['initialodometer', 'startodometer'] },
    notes: { label: 'Notes', aliases: ['notes', 'note', 'comment'] },
  },
  // A restore's inventory (suppliers.csv, parts.csv): `ref` is the export's id, which its purchases and parts name.
  supplier: {
    ref: { label: 'Export id', aliases: [] },
    name: { label: 'Company name', aliases: ['name', 'company', 'supplier'] },
    contact: { label: 'Contact person', aliases: ['contact', 'contactperson'] },
    email: { label: 'Email', aliases: ['email', 'mail'] },
    phone: { label: 'Phone', aliases: ['phone', 'telephone'] },
    address: { label: 'Address', aliases: ['address'] },
  },
  part: {
    ref: { label: 'Export id', aliases: [] },
    partNumber: { label: 'Part number', aliases: ['partnumber', 'partno', 'sku'] },
    name: { label: 'Name', aliases: ['name', 'part', 'partname'] },
    description: { label: 'Description', aliases: ['description'] },
    category: { label: 'Category', aliases: ['category'] },
    quantity: { label: 'Quantity in stock', aliases: ['quantity', 'qty', 'stock'] },
    minStock: { label: 'Min stock', aliases: ['minstock'] },
    price: { label: 'Price', aliases: ['price', 'cost'] },
    supplierRef: { label: 'Supplier (export id)', aliases: [] },
    brand: { label: 'Brand', aliases: ['brand'] },
  },
  // A restore's meter-readings.csv: a reading of the machine's distance or hours meter.
  reading: {
    machine: MACHINE_REF.machine,
    meterKind: { label: 'Meter (distance or hours)', aliases: ['meterkind'] },
    unit: { label: 'Unit', aliases: ['unit'] },
    value: { label: 'Value', aliases: ['value', 'reading'] },
    readAt: { label: 'Date', aliases: ['readat', 'date'] },
    void: { label: 'Void', aliases: ['void'] },
    rollover: { label: 'Rollover', aliases: ['rollover'] },
    replacement: { label: 'Meter replacement', aliases: ['replacement'] },
    source: { label: 'Source', aliases: ['source'] },
  },
  // A restore's schedules.csv: a maintenance schedule of the machine, with the history giving its next due.
  schedule: {
    machine: MACHINE_REF.machine,
    title: { label: 'Title', aliases: ['title'] },
    serviceType: { label: 'Service type', aliases: ['servicetype'] },
    origin: { label: 'Origin', aliases: ['origin'] },
    intervalDays: { label: 'Every (days)', aliases: ['intervaldays'] },
    intervalMonths: { label: 'Every (months)', aliases: ['intervalmonths'] },
    intervalDistance: { label: 'Every (distance)', aliases: ['intervaldistance'] },
    intervalHours: { label: 'Every (hours)', aliases: ['intervalhours'] },
    soonDays: { label: 'Due soon (days)', aliases: ['soondays'] },
    soonDistance: { label: 'Due soon (distance)', aliases: ['soondistance'] },
    soonHours: { label: 'Due soon (hours)', aliases: ['soonhours'] },
    recurring: { label: 'Recurring', aliases: ['recurring'] },
    anchor: { label: 'Anchor', aliases: ['anchor'] },
    baseDate: { label: 'Baseline date', aliases: ['basedate'] },
    baseDistance: { label: 'Baseline distance', aliases: ['basedistance'] },
    baseHours: { label: 'Baseline hours', aliases: ['basehours'] },
    lastDoneDate: { label: 'Last done (date)', aliases: ['lastdonedate'] },
    lastDoneDistance: { label: 'Last done (distance)', aliases: ['lastdonedistance'] },
    lastDoneHours: { label: 'Last done (hours)', aliases: ['lastdonehours'] },
    done: { label: 'Done', aliases: ['done'] },
    completedBy: { label: 'Completed by (export ids)', aliases: [] },
  },
} as const satisfies Record<RecordKind, Record<string, FieldDef>>;

export type FieldOf<K extends RecordKind> = keyof (typeof FIELDS)[K] & string;
export type AnyField = { [K in RecordKind]: FieldOf<K> }[RecordKind];

/** Column name -> field; a column left out is not imported. */
export type Mapping = Record<string, string>;

/**
 * 'Fuel Consumed', 'fuel_consumed' and 'FuelConsumed' compare equal; letters of every script stay
 * (Drivvo names its columns in the user's language: 'Одометр (км)' is 'одометр'), accents go.
 */
export const headerKey = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/#/g, 'number')
    .replace(/[^\p{L}\p{N}]/gu, '');

export const isField = (kind: RecordKind, field: string): boolean => Object.hasOwn(FIELDS[kind], field);

/**
 * The mapping a header suggests: each column to the first field whose aliases name it, each field
 * taken once (the earlier alias in a field's list wins over a later one: 'Total' goes to totalPrice
 * before 'Price' would). Columns nobody knows stay unmapped.
 */
export function suggestMapping(kind: RecordKind, columns: string[]): Mapping {
  const fields = Object.entries(FIELDS[kind] as Record<string, FieldDef>);
  const keys = columns.map(headerKey);
  const candidates: { column: string; field: string; rank: number }[] = [];
  keys.forEach((key, i) => {
    for (const [field, def] of fields) {
      const rank = def.aliases.map((a) => a.toLowerCase()).indexOf(key);
      if (rank >= 0) {
        candidates.push({ column: columns[i], field, rank });
      }
    }
  });
  candidates.sort((a, b) => a.rank - b.rank);
  const mapping: Mapping = {};
  const taken = new Set<string>();
  for (const c of candidates) {
    if (!(c.column in mapping) && !taken.has(c.field)) {
      mapping[c.column] = c.field;
      taken.add(c.field);
    }
  }
  // Keep the file's column order (the wizard lists columns in it).
  return Object.fromEntries(columns.filter((c) => c in mapping).map((c) => [c, mapping[c]]));
}
