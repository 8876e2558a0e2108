// Schemas of the settlement calls (spec §7).
export {};
