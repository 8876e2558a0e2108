// Schemas of the company calls (spec §7).
export {};
