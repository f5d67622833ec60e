// The gallery size, without class-validator: machine.contract.ts builds its message from it, the
// machine service enforces it, and the SPA loads it through `@wrenchlog/contracts/limits`.

/** Spec: a machine's gallery holds at most 5 photos. */
export const MACHINE_GALLERY_LIMIT = 5;
