// The documented bounds of one import file (issue 23, "Bad input") live in the contracts, so the
// gateway's upload limit, the web wizard and this library say the same numbers.
export { IMPORT_LIMITS, IMPORT_LIMIT_MESSAGES as LIMIT_MESSAGES } from '@wrenchlog/contracts/limits';
