// A fuel record's fill-up switches, as stored: the fuel form and the machine's Fuel History read them.
import type { FuelRecord } from '../../api/types';

/** The two fill-up switches of issue 22, as every fuel call sends and answers them. */
export interface FuelFlags {
  fullTank: boolean;
  missedPrevious: boolean;
}

/** A stored record's switches; an answer without them (a server from before issue 22) is a full tank. */
export function fuelFlags(r: FuelRecord): FuelFlags {
  const flags = r as Partial<FuelFlags>;
  return { fullTank: flags.fullTank ?? true, missedPrevious: flags.missedPrevious ?? false };
}
