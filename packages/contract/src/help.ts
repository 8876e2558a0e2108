// Schemas of the help calls (spec §7).
export {};
