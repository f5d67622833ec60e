// The landing page's copy, one block per kind of owner (spec doc 2 section 1). Features listed here
// exist in the product today; keep it that way when editing.

export const AUDIENCE_VALUES = ['personal', 'rental', 'heavy', 'groundskeeping'] as const;
export type Audience = (typeof AUDIENCE_VALUES)[number];

export interface AudienceContent {
  value: Audience;
  label: string;
  /** The tab's text on a phone, where four full labels do not fit on one line. */
  short: string;
  headline: string;
  features: string[];
  testimonial: { quote: string; name: string; role: string };
}

export const AUDIENCES: AudienceContent[] = [
  {
    value: 'personal',
    label: 'Personal',
    short: 'Personal',
    headline: 'One pickup, the family car and a motorcycle: every oil change, in one place.',
    features: [
      'Each service with its date, mileage, shop and cost, so the next one is never a guess.',
      'Log fill-ups and see the MPG you really get, not what the dashboard claims.',
      'Photos of receipts and worn parts stay on the record they belong to.',
      'Plates, insurance and expiration dates next to the vehicle they cover.',
    ],
    testimonial: {
      quote: 'When I sold my truck I showed the buyer eight years of oil changes and the new brake receipts on my phone. He stopped haggling.',
      name: 'Marcus',
      role: 'one pickup and a boat trailer',
    },
  },
  {
    value: 'rental',
    label: 'Rental fleets',
    short: 'Rental',
    headline: 'Know the state of every unit before it goes back out.',
    features: [
      'Mark a unit Needs Service, Under Repair or Out of Service, and the whole counter sees it.',
      'The dashboard lists what was serviced lately across the fleet.',
      'Fuel, parts and service costs per unit show which ones earn their keep.',
      'A parts inventory warns you when filters and belts run low.',
    ],
    testimonial: {
      quote: 'Before a trailer leaves the lot the counter checks it in Wrenchlog. We have not rented out a unit with a known brake problem since we started.',
      name: 'Dana',
      role: 'owner, 14-unit truck and trailer rental',
    },
  },
  {
    value: 'heavy',
    label: 'Heavy equipment',
    short: 'Heavy',
    headline: 'Excavators, loaders and dozers: hours, repairs and parts for the whole yard.',
    features: [
      'Hour-meter readings with every service and fill-up, not just miles.',
      'Hydraulic, engine and undercarriage work with photos and the shop that did it.',
      'Every filter and hose bought, with part number and store, tied to the machine.',
      'Policy numbers and insurance dates on each machine for when the inspector asks.',
    ],
    testimonial: {
      quote:
        'Our mechanic logs the hours and photographs the hydraulic filter before he bins it. When the dealer questioned a warranty claim, the record was right there.',
      name: 'Luis',
      role: 'maintenance lead, excavation contractor with 9 machines',
    },
  },
  {
    value: 'groundskeeping',
    label: 'Groundskeeping',
    short: 'Groundskeeping',
    headline: 'Mowers, trimmers and utility carts, with a record your whole crew can read.',
    features: [
      'Each mower, blower and cart has its own history, down to blade sharpenings.',
      'Quick-create from a phone: log the work at the shed in under a minute.',
      'Look back at what each machine had done last spring before the season starts.',
      'Parts and suppliers in one list, so the right belt gets reordered the first time.',
    ],
    testimonial: {
      quote: 'Twenty-two mowers and three crews. When a deck belt squeals, anyone can see when it was last replaced and which part number to order.',
      name: 'Priya',
      role: 'grounds supervisor, school district',
    },
  },
];

/** The tab the query parameter `tab` names, or personal (the default) when it names none. */
export function audienceFromQuery(tab: string | null): Audience {
  return AUDIENCE_VALUES.find((v) => v === tab) ?? 'personal';
}
