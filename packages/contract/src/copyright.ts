// Schemas of the copyright calls (spec §7).
export {};
