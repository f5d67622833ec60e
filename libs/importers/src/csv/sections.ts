// Drivvo exports one file with several tables, each after a line '##Section': Refuelling, Service and
// Expense in English whatever the app's language (its columns are in that language, see
// sources/drivvo.ts); the translated names below are kept for older or hand-edited files.

export type SectionKind = 'refuelling' | 'service' | 'expense';

export interface TextSection {
  /** The name as written after ##. */
  name: string;
  kind: SectionKind | undefined;
  text: string;
  /** File line of the section's header row. */
  firstLine: number;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

const SECTION_NAMES: Record<SectionKind, string[]> = {
  refuelling: [
    'refuelling',
    'refueling',
    'refuel',
    'fuel',
    'abastecimento',
    'abastecimentos',
    'repostaje',
    'repostajes',
    'reabastecimiento',
    'recarga',
    'ravitaillement',
    'pleins',
    'plein',
    'betankung',
    'tanken',
    'tankvorgang',
    'rifornimento',
    'rifornimenti',
    'tankowanie',
    'tankbeurt',
  ],
  service: [
    'service',
    'services',
    'servico',
    'servicos',
    'servicio',
    'servicios',
    'entretien',
    'wartung',
    'inspektion',
    'manutenzione',
    'tagliando',
    'serwis',
    'onderhoud',
    'manutencao',
  ],
  expense: [
    'expense',
    'expenses',
    'despesa',
    'despesas',
    'gasto',
    'gastos',
    'depense',
    'depenses',
    'ausgabe',
    'ausgaben',
    'kosten',
    'spesa',
    'spese',
    'wydatek',
    'wydatki',
    'uitgave',
    'uitgaven',
  ],
};

export function sectionKind(name: string): SectionKind | undefined {
  const folded = fold(name);
  return (Object.keys(SECTION_NAMES) as SectionKind[]).find((kind) => SECTION_NAMES[kind].includes(folded));
}

/** True when the file's first non-blank line opens a section. */
export const isSectioned = (text: string): boolean => /^\s*(\r?\n)*##/.test(text);

/** The sections of a sectioned file, in file order; text before the first section is ignored. */
export function splitSections(text: string): TextSection[] {
  const lines = text.split('\n');
  const sections: TextSection[] = [];
  let current: { name: string; start: number } | undefined;
  const close = (end: number) => {
    if (current) {
      const body = lines.slice(current.start + 1, end).join('\n');
      sections.push({ name: current.name, kind: sectionKind(current.name), text: body, firstLine: current.start + 2 });
    }
  };
  lines.forEach((line, i) => {
    const m = /^##\s*([^,;\t]*)/.exec(line.trim());
    if (m) {
      close(i);
      current = { name: m[1].trim(), start: i };
    }
  });
  close(lines.length);
  return sections;
}
