import type { Table } from '../csv/read-table.js';
import type { SectionKind } from '../csv/sections.js';
import { headerKey, suggestMapping, type Mapping, type RecordKind } from '../fields/fields.js';

// Drivvo keeps its ##Refuelling, ##Service and ##Expense markers in English but names the columns in
// the app's language. These are its column names in the languages it is used in (pt, es, en, ru,
// it, de, fr), compared by header key (case, accents, spaces, punctuation and '(km)' ignored).
// Second and third fuels repeat the first fuel's names: the first of them is mapped.

const ODOMETER = [
  'Odometer',
  'Odômetro',
  'Odómetro',
  'Kilometraje',
  'Одометр',
  'Пробег',
  'Contachilometri',
  'Chilometraggio',
  'Kilometerstand',
  'Tachostand',
  'Odomètre',
  'Kilométrage',
];
const DATE = ['Date', 'Data', 'Fecha', 'Дата', 'Datum'];
const TOTAL = [
  'Total price',
  'Total cost',
  'Cost',
  'Valor total',
  'Valor',
  'Precio total',
  'Costo total',
  'Coste total',
  'Общая стоимость',
  'Стоимость',
  'Costo totale',
  'Prezzo totale',
  'Importo',
  'Gesamtkosten',
  'Gesamtpreis',
  'Kosten',
  'Coût total',
  'Prix total',
  'Montant',
];
const NOTES = [
  'Notes',
  'Note',
  'Observação',
  'Observações',
  'Observación',
  'Observaciones',
  'Notas',
  'Примечание',
  'Заметки',
  'Notiz',
  'Notizen',
  'Bemerkung',
  'Remarque',
  'Remarques',
];

const FUEL: Record<string, string[]> = {
  odometer: ODOMETER,
  date: DATE,
  pricePerUnit: [
    'Volume price',
    'Price / L',
    'Price / gal',
    'Price per liter',
    'Preço / L',
    'Precio / L',
    'Цена / л',
    'Цена',
    'Prezzo / L',
    'Preis / L',
    'Prix / L',
  ],
  totalPrice: TOTAL,
  amount: ['Fuel amount', 'Volume', 'Volumen', 'Объем', 'Litri', 'Quantità', 'Menge', 'Liter', 'Quantité'],
  fullTank: [
    'Full fillup',
    'Filled tank completely',
    'Full tank',
    'Completou o tanque',
    'Tanque cheio',
    'Llenó el tanque',
    'Tanque lleno',
    'Полный бак',
    'Pieno',
    'Serbatoio pieno',
    'Vollgetankt',
    'Tank voll',
    'Plein complet',
    'Réservoir plein',
  ],
  // The distance since the previous refuelling.
  tripDistance: ['Distance', 'Distância', 'Distancia', 'Расстояние', 'Distanza', 'Distanz', 'Strecke'],
  storeName: [
    'Gas station',
    'Station',
    'Posto de combustível',
    'Posto',
    'Gasolinera',
    'Estación de servicio',
    'Азс',
    'Distributore',
    'Stazione di servizio',
    'Tankstelle',
    'Station-service',
  ],
  notes: NOTES,
};
/** Kept in the notes as "Fuel type: Gasoline". */
const FUEL_NOTES = ['Fuel type', 'Fuel', 'Combustível', 'Combustible', 'Топливо', 'Carburante', 'Kraftstoff', 'Carburant'];

const COST: Record<string, string[]> = {
  miles: ODOMETER,
  serviceDate: DATE,
  price: TOTAL,
  title: [
    'Service type',
    'Type of service',
    'Expense type',
    'Type of expense',
    'Tipo de serviço',
    'Tipo de despesa',
    'Tipo de servicio',
    'Tipo de gasto',
    'Вид сервиса',
    'Вид расхода',
    'Tipo di servizio',
    'Tipo di spesa',
    'Serviceart',
    'Art der Wartung',
    'Ausgabenart',
    'Art der Ausgabe',
    'Type de service',
    'Type de dépense',
    'Type',
    'Description',
  ],
  serviceShop: ['Place', 'Location', 'Local', 'Lugar', 'Место', 'Luogo', 'Ort', 'Lieu'],
  notes: NOTES,
};
/** A service's own title beside its type (the type is the record's title): kept in the notes. */
const COST_NOTES = ['Title', 'Título', 'Titulo', 'Заголовок', 'Название сервиса', 'Titolo', 'Titel', 'Titre'];

const byKey = (table: Record<string, string[]>): Map<string, string> =>
  new Map(Object.entries(table).flatMap(([field, names]) => names.map((name) => [headerKey(name), field] as const)));
const FUEL_KEYS = byKey(FUEL);
const COST_KEYS = byKey(COST);
const FUEL_NOTE_KEYS = new Set(FUEL_NOTES.map(headerKey));
const COST_NOTE_KEYS = new Set(COST_NOTES.map(headerKey));

/** Maps columns by their header key through an exporter's own names (the first column of a field wins), the rest by aliases. */
export function mapByNames(kind: RecordKind, columns: string[], names: Map<string, string>): Mapping {
  const mapping: Mapping = {};
  const taken = new Set<string>();
  for (const column of columns) {
    const field = names.get(headerKey(column));
    if (field && !taken.has(field)) {
      mapping[column] = field;
      taken.add(field);
    }
  }
  for (const [column, field] of Object.entries(suggestMapping(kind, columns))) {
    if (!(column in mapping) && !taken.has(field)) {
      mapping[column] = field;
      taken.add(field);
    }
  }
  return Object.fromEntries(columns.filter((c) => c in mapping).map((c) => [c, mapping[c]]));
}

/** The plan of one Drivvo section: refuelling rows are fuel records, service and expense rows service records. */
export function planDrivvo(table: Table, section?: SectionKind) {
  const noted = (keys: Set<string>, mapping: Mapping) => table.columns.filter((c) => !(c in mapping) && keys.has(headerKey(c)));
  if (section === 'refuelling') {
    const suggested = mapByNames('fuel', table.columns, FUEL_KEYS);
    return { kind: 'fuel' as const, suggested, notesColumns: noted(FUEL_NOTE_KEYS, suggested).slice(0, 1) };
  }
  const suggested = mapByNames('service', table.columns, COST_KEYS);
  return {
    kind: 'service' as const,
    suggested,
    notesColumns: noted(COST_NOTE_KEYS, suggested).slice(0, 1),
    serviceType: section === 'expense' ? 'Expense' : 'Service',
  };
}
