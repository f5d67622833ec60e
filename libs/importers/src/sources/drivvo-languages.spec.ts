import { describe, expect, it } from '@jest/globals';
import { fixture } from '../fixtures.js';
import { analyzeFile, normalizeFile } from '../import-file.js';

// Drivvo writes its ##Refuelling / ##Expense / ##Service markers in English and its columns in the
// app's language; an expense without an odometer reads 0.0.
/** The rows of a sample of three fills (full, partial, full), an expense and a service, on machine 3: all valid. */
async function fillsAndCosts(analysis: ReturnType<typeof analyzeFile>) {
  const result = await normalizeFile(analysis, { machineId: 3 });
  expect(result.counts).toEqual({ valid: 5, warnings: 0, errors: 0 });
  expect(result.rows.map((r) => (r.record as { fullTank?: boolean }).fullTank)).toEqual([true, false, true, undefined, undefined]);
  return result.rows;
}

describe('Drivvo in the app language', () => {
  it('maps a Russian export: Cyrillic columns, Да/Нет, a 0.0 odometer as none, totals within its rounding', async () => {
    const analysis = analyzeFile(fixture('drivvo-ru.csv'), 'drivvo');
    expect(analysis.suggestedMapping).toEqual({
      'Refuelling / Одометр (км)': 'odometer',
      'Refuelling / Дата': 'date',
      'Refuelling / Цена / л': 'pricePerUnit',
      'Refuelling / Общая стоимость': 'totalPrice',
      'Refuelling / Объем': 'amount',
      'Refuelling / Полный бак': 'fullTank',
      'Refuelling / Расстояние': 'tripDistance',
      'Refuelling / Азс': 'storeName',
      'Refuelling / Примечание': 'notes',
      'Expense / Одометр (км)': 'miles',
      'Expense / Дата': 'serviceDate',
      'Expense / Общая стоимость': 'price',
      'Expense / Вид расхода': 'title',
      'Expense / Место': 'serviceShop',
      'Expense / Примечание': 'notes',
      'Service / Одометр (км)': 'miles',
      'Service / Дата': 'serviceDate',
      'Service / Общая стоимость': 'price',
      'Service / Вид сервиса': 'title',
      'Service / Место': 'serviceShop',
      'Service / Примечание': 'notes',
    });
    const result = await normalizeFile(analysis, { machineId: 3 });
    expect(result.rows.map((r) => [r.rowNumber, r.kind, r.status, r.messages])).toEqual([
      [3, 'fuel', 'valid', []],
      [4, 'fuel', 'valid', []],
      [5, 'fuel', 'valid', []],
      [9, 'service', 'valid', []],
      [10, 'service', 'valid', []],
      [14, 'service', 'valid', []],
    ]);
    const [full, partial] = result.rows;
    // 45.46 l x 54.99 = 2,499.85 against 2,500.00: Drivvo's rounding of the volume, not a wrong total.
    expect(full.record).toMatchObject({ totalPrice: 2500, fullTank: true, notes: 'Топливо: Бензин АИ95', storeName: 'Лукойл', currentMileage: 36623.6 });
    expect(partial.record).toMatchObject({ fullTank: false, notes: 'долил до работы\nТопливо: Бензин АИ95' });
    const [parking, wash, oil] = result.rows.slice(3).map((r) => r.record as Record<string, unknown>);
    expect(parking).toMatchObject({ title: 'Парковка', serviceType: 'Expense', serviceShop: 'ТЦ Мега', price: 350, serviceDate: '2025-03-10' });
    expect(parking).not.toHaveProperty('miles');
    expect(wash).toMatchObject({ title: 'Мойка', miles: 36101.7 });
    expect(oil).toMatchObject({ title: 'Замена масла', serviceType: 'Service', notes: 'Масло 5W-30\nЗаголовок: ТО-1' });
  });

  it('maps an Italian export: Contachilometri, Pieno Sì/No, Tipo di spesa and Tipo di servizio', async () => {
    const analysis = analyzeFile(fixture('drivvo-it.csv'), 'drivvo');
    expect(analysis.suggestedMapping).toMatchObject({
      'Refuelling / Contachilometri (km)': 'odometer',
      'Refuelling / Data': 'date',
      'Refuelling / Prezzo / L': 'pricePerUnit',
      'Refuelling / Costo totale': 'totalPrice',
      'Refuelling / Volume': 'amount',
      'Refuelling / Pieno': 'fullTank',
      'Refuelling / Distributore': 'storeName',
      'Expense / Tipo di spesa': 'title',
      'Service / Tipo di servizio': 'title',
      'Service / Luogo': 'serviceShop',
    });
    const result = { rows: await fillsAndCosts(analysis) };
    expect(result.rows[3].record).toMatchObject({ title: 'Parcheggio', serviceType: 'Expense', price: 12.5 });
    expect(result.rows[3].record).not.toHaveProperty('miles');
    expect(result.rows[4].record).toMatchObject({ title: 'Cambio olio', serviceShop: 'Officina Rossi', notes: 'filtro incluso\nTitolo: Tagliando' });
  });

  it('keeps the expense and service rows of an English export and its partial fills', async () => {
    const analysis = analyzeFile(fixture('drivvo-en.csv'), 'drivvo');
    expect(analysis.suggestedMapping).toMatchObject({
      'Refuelling / Filled tank completely': 'fullTank',
      'Refuelling / Price / L': 'pricePerUnit',
      'Refuelling / Total cost': 'totalPrice',
      'Refuelling / Volume': 'amount',
      'Expense / Type of expense': 'title',
      'Service / Type of service': 'title',
    });
    const result = { rows: await fillsAndCosts(analysis) };
    expect(result.rows[3].record).toMatchObject({ title: 'Parking', serviceType: 'Expense', price: 15 });
    expect(result.rows[4].record).toMatchObject({ title: 'Oil change', serviceType: 'Service', miles: 9507 });
  });

  it('warns on each partial fill when the full-tank column is left unmapped, instead of taking it as full in silence', async () => {
    const analysis = analyzeFile(fixture('drivvo-it.csv'), 'drivvo');
    const mapping = Object.fromEntries(Object.entries(analysis.suggestedMapping).filter(([, field]) => field !== 'fullTank'));
    const result = await normalizeFile(analysis, { machineId: 3, mapping });
    expect(result.rows[1]).toMatchObject({
      status: 'warning',
      messages: [
        "row 4: 'Refuelling / Pieno' says 'No' and is not mapped to Full tank: the fill is taken as a full tank (map the column if it tells full fills)",
      ],
      record: { fullTank: true },
    });
    expect(result.rows[0].status).toBe('valid');
  });

  it('writes the rows oldest first, whatever the order of the file', async () => {
    const result = await normalizeFile(analyzeFile(fixture('drivvo-en.csv'), 'drivvo'), { machineId: 3 });
    // Refuelling rows 3-5 are newest first; the service of 05-30 and the expense of 06-05 fall between them.
    expect(result.rows.map((r) => [r.rowNumber, r.writeOrder])).toEqual([
      [3, 5],
      [4, 3],
      [5, 1],
      [9, 4],
      [13, 2],
    ]);
  });

  // The refuelling header of each language (Portuguese as in a real export, with its repeated second-fuel columns).
  it.each([
    [
      'pt',
      'Odômetro (km),Data,Combustível,Preço / L,Valor total,Volume,Completou o tanque,Segundo combustível,Preço / L,Valor total,Volume,Completou o tanque 2',
      'Sim',
    ],
    ['es', 'Odómetro (km),Fecha,Combustible,Precio / L,Costo total,Volumen,Tanque lleno', 'Sí'],
    ['de', 'Kilometerstand (km),Datum,Kraftstoff,Preis / L,Gesamtkosten,Menge,Vollgetankt', 'Ja'],
    ['fr', 'Odomètre (km),Date,Carburant,Prix / L,Coût total,Volume,Plein complet', 'Oui'],
  ])('maps a %s refuelling section', async (_language, header, yes) => {
    const row = `12000.0,2025-05-06 18:22:00,E10,1.799,54.00,30.02,${yes}` + ',,0.0,0.0,0.0,Não'.repeat(header.includes('Segundo') ? 1 : 0);
    const analysis = analyzeFile(Buffer.from(`##Refuelling\n${header}\n${row}\n`), 'drivvo');
    expect(Object.values(analysis.suggestedMapping)).toEqual(['odometer', 'date', 'pricePerUnit', 'totalPrice', 'amount', 'fullTank']);
    const [fill] = (await normalizeFile(analysis, { machineId: 3 })).rows;
    expect(fill).toMatchObject({ status: 'valid', record: { totalPrice: 54, fullTank: true, notes: expect.stringMatching(/: E10$/) } });
  });
});
